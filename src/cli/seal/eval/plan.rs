//! Checks a parsed op list against the parameters and the input ciphertexts before any key is
//! loaded or device opened: the level, size and scale the ciphertext has at each op, as the
//! evaluator will find them, and each plaintext operand encoded (or loaded) for the level
//! where its op meets the ciphertext.

use super::grammar::{dot_slots, Op, Operand, Step};
use crate::cli::error::UsageError;
use crate::cli::seal::load_in;
use std::path::PathBuf;
use xehe::ckks::{Ciphertext, CkksEncoder, Context, ContextData, Plaintext};

/// One evaluator call; `usize` operands index the `--in` ciphertexts.
pub enum Action {
    Add(usize),
    Sub(usize),
    Multiply(usize),
    Square,
    Relinearize,
    Rescale,
    ModSwitch,
    Rotate(i64),
    Conjugate,
    Negate,
    AddPlain(Plaintext),
    SubPlain(Plaintext),
    MultiplyPlain(Plaintext),
    Sum(usize),
}

/// An action with the label of the `--op` it comes from (`dot` gives two).
pub struct Planned<'s> {
    pub label: &'s str,
    pub action: Action,
}

/// What the ciphertext is before an op.
struct Track<'c> {
    level: &'c ContextData,
    size: usize,
    scale: f64,
}

/// Scales that SEAL takes as equal (the evaluator's own check).
fn same_scale(a: f64, b: f64) -> bool {
    xehe::ckks::check_scales(a, b).is_ok()
}

/// "P primes": how a message names a level (chain indices mean little to a user).
fn primes(level: &ContextData) -> String {
    match level.coeff_modulus().len() {
        1 => "1 prime".into(),
        k => format!("{k} primes"),
    }
}

/// The evaluator's bound on a product's scale (the library's own check).
fn check_product(level: &ContextData, scale: f64) -> Result<f64, String> {
    level.check_scale(scale).map_err(|_| {
        format!(
            "the product's scale 2^{:.1} does not fit the {}-bit modulus of this level ({}): rescale first",
            scale.log2(),
            level.total_coeff_modulus_bit_count(),
            primes(level)
        )
    })?;
    Ok(scale)
}

fn need_size(t: &Track, size: usize, what: &str) -> Result<(), String> {
    if t.size != size {
        return Err(format!(
            "{what} takes a ciphertext of size {size}, this one has size {} here",
            t.size
        ));
    }
    Ok(())
}

/// The input ciphertexts' names, for messages.
pub struct Inputs<'a> {
    pub cts: &'a [Ciphertext],
    pub names: &'a [PathBuf],
}

/// Every op of `steps`, checked and with its operands ready, or the first that cannot run.
pub fn plan<'s>(
    ctx: &Context,
    steps: &'s [Step],
    inputs: &Inputs,
) -> Result<Vec<Planned<'s>>, UsageError> {
    let encoder = CkksEncoder::new(ctx);
    let data_level = |i: usize| -> Result<&ContextData, UsageError> {
        ctx.data_level(inputs.cts[i].parms_id(), "ciphertext")
            .map_err(|_| {
                UsageError(format!(
                    "{}: not at a data level of these parameters",
                    inputs.names[i].display()
                ))
            })
    };
    let first = &inputs.cts[0];
    let mut t = Track {
        level: data_level(0)?,
        size: first.size(),
        scale: first.scale(),
    };
    let mut next_input = 0;
    let mut out = Vec::new();
    for step in steps {
        let label = step.label.as_str();
        let fail = |why: String| UsageError(format!("{label}: {why}"));
        let mut push = |action| out.push(Planned { label, action });
        match &step.op {
            Op::Add | Op::Sub | Op::Multiply => {
                next_input += 1;
                let other = &inputs.cts[next_input];
                let name = inputs.names[next_input].display();
                let level = data_level(next_input)?;
                if level.chain_index() != t.level.chain_index() {
                    return Err(fail(format!(
                        "--in {name} has {}, the ciphertext {} here: rescale or mod-switch to one level first",
                        primes(level),
                        primes(t.level)
                    )));
                }
                if matches!(step.op, Op::Multiply) {
                    need_size(&t, 2, "multiply").map_err(fail)?;
                    if other.size() != 2 {
                        return Err(fail(format!(
                            "multiply takes ciphertexts of size 2, --in {name} has size {}",
                            other.size()
                        )));
                    }
                    t.scale = check_product(t.level, t.scale * other.scale()).map_err(fail)?;
                    push(Action::Multiply(next_input));
                } else {
                    if other.size() != t.size || !same_scale(other.scale(), t.scale) {
                        return Err(fail(format!(
                            "--in {name} has size {} and scale {}, the ciphertext size {} and scale {} here",
                            other.size(),
                            other.scale(),
                            t.size,
                            t.scale
                        )));
                    }
                    push(match step.op {
                        Op::Add => Action::Add(next_input),
                        _ => Action::Sub(next_input),
                    });
                }
            }
            Op::Square => {
                need_size(&t, 2, "square").map_err(fail)?;
                t.scale = check_product(t.level, t.scale * t.scale).map_err(fail)?;
                push(Action::Square);
            }
            Op::Relinearize => {
                if t.size != 3 {
                    return Err(fail(format!(
                        "relinearize takes a size-3 ciphertext (a product saved unrelinearized), this one has size {} here (multiply and square relinearize already)",
                        t.size
                    )));
                }
                t.size = 2;
                push(Action::Relinearize);
            }
            Op::Rescale | Op::ModSwitch => {
                let Some(next) = ctx.next_context_data(t.level) else {
                    return Err(fail(
                        "the ciphertext is at the last level here (1 prime): no prime is left to drop".into(),
                    ));
                };
                if matches!(step.op, Op::Rescale) {
                    t.scale /= last_prime(t.level);
                    // As the evaluator: a rescale may not leave a scale below 1.
                    if t.scale.is_nan() || t.scale < 1.0 {
                        return Err(fail(format!(
                            "rescaling would leave a scale of {:e}, below 1: rescale only after a multiplication",
                            t.scale
                        )));
                    }
                    push(Action::Rescale);
                } else {
                    push(Action::ModSwitch);
                }
                t.level = next;
            }
            Op::Rotate(k) => {
                need_size(&t, 2, "rotate").map_err(fail)?;
                push(Action::Rotate(*k));
            }
            Op::Conjugate => {
                need_size(&t, 2, "conjugate").map_err(fail)?;
                push(Action::Conjugate);
            }
            Op::Negate => push(Action::Negate),
            Op::Sum(k) => {
                need_size(&t, 2, "sum").map_err(fail)?;
                if *k > encoder.slot_count() {
                    return Err(fail(format!(
                        "these parameters have {} slots, fewer than {k}",
                        encoder.slot_count()
                    )));
                }
                push(Action::Sum(*k));
            }
            Op::AddPlain(x) | Op::SubPlain(x) => {
                let pt = match x {
                    Operand::Values(v) => encode(&encoder, v, t.scale, t.level).map_err(fail)?,
                    Operand::Plaintext(p) => {
                        let pt = plaintext(ctx, p, &t).map_err(fail)?;
                        if !same_scale(pt.scale(), t.scale) {
                            return Err(fail(format!(
                                "{} has scale {}, the ciphertext {} here: encode it at the ciphertext's scale",
                                p.display(),
                                pt.scale(),
                                t.scale
                            )));
                        }
                        pt
                    }
                };
                push(match step.op {
                    Op::AddPlain(_) => Action::AddPlain(pt),
                    _ => Action::SubPlain(pt),
                });
            }
            Op::MultiplyPlain(x) => {
                let pt = match x {
                    Operand::Values(v) => {
                        encode(&encoder, v, last_prime(t.level), t.level).map_err(fail)?
                    }
                    Operand::Plaintext(p) => plaintext(ctx, p, &t).map_err(fail)?,
                };
                t.scale = check_product(t.level, t.scale * pt.scale()).map_err(fail)?;
                push(Action::MultiplyPlain(pt));
            }
            Op::Dot(v) => {
                need_size(&t, 2, "dot").map_err(fail)?;
                let pt = encode(&encoder, v, last_prime(t.level), t.level).map_err(fail)?;
                t.scale = check_product(t.level, t.scale * pt.scale()).map_err(fail)?;
                push(Action::MultiplyPlain(pt));
                push(Action::Sum(dot_slots(v.len())));
            }
        }
    }
    Ok(out)
}

/// The level's last prime: the scale at which a plaintext factor is divided out again by the
/// rescale that follows (the bootstrapping's linear transforms pick theirs so).
fn last_prime(level: &ContextData) -> f64 {
    level
        .coeff_modulus()
        .last()
        .map_or(1.0, |m| m.value() as f64)
}

fn encode(
    encoder: &CkksEncoder,
    values: &[f64],
    scale: f64,
    level: &ContextData,
) -> Result<Plaintext, String> {
    if values.len() > encoder.slot_count() {
        return Err(format!(
            "{} values, but these parameters have {} slots",
            values.len(),
            encoder.slot_count()
        ));
    }
    encoder
        .encode_at_level(values, scale, level)
        .map_err(|e| e.to_string())
}

/// A SEAL plaintext file, at the level the ciphertext has here.
fn plaintext(ctx: &Context, path: &std::path::Path, t: &Track) -> Result<Plaintext, String> {
    let pt = load_in(ctx, path, |r| Plaintext::load(ctx, r)).map_err(|e| e.0)?;
    let level = ctx
        .get_context_data(pt.parms_id())
        .map_or(0, |l| l.coeff_modulus().len());
    if pt.parms_id() != t.level.parms_id() {
        return Err(format!(
            "{} is encoded at a level of {level} primes, the ciphertext has {} here: encode it at the ciphertext's level",
            path.display(),
            primes(t.level)
        ));
    }
    Ok(pt)
}
