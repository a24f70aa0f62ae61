//! `xehe eval --params P [--relin-keys RK] [--galois-keys GK] [--backend B] --op OP [--op OP
//! ...] --in CT [--in CT ...] --out CT`: a pipeline of operations on SEAL ciphertexts in one
//! process, on the device by default, so that keys are read (and uploaded) once for all of
//! them.
//!
//! The ops apply in order to a current ciphertext, at first the first `--in`; `add`, `sub`
//! and `multiply` each take the next `--in` as their second operand. The whole list, every
//! operand and the keys it needs are checked before any key is read or a device opened.

mod cost;
mod grammar;
mod keys;
mod plan;

use super::{context, load_in, OutputArgs};
use crate::cli::device_args::BackendArg;
use crate::cli::error::UsageError;
use crate::cli::staged::Access;
use clap::Args;
use plan::{Action, Inputs};
use std::path::PathBuf;
use xehe::ckks::device::DeviceContext;
use xehe::ckks::{Ciphertext, CkksResult, Evaluator};

#[derive(Args)]
pub struct EvalArgs {
    /// Encryption parameters (SEAL's EncryptionParameters::save bytes).
    #[arg(long)]
    params: PathBuf,
    /// Relinearization keys (read only when an op relinearizes: multiply, square,
    /// relinearize).
    #[arg(long)]
    relin_keys: Option<PathBuf>,
    /// Galois keys (read only when an op rotates: rotate, conjugate, sum, dot; only the keys
    /// those ops use are kept).
    #[arg(long)]
    galois_keys: Option<PathBuf>,
    /// `--backend host` evaluates on the host (no device); any other value opens a device.
    #[command(flatten)]
    dev: crate::cli::device_args::DeviceArgs,
    /// An operation; repeat to apply several in order. add, sub, multiply (each with the next
    /// --in; multiply relinearizes), square (relinearizes), relinearize (a size-3 input),
    /// rescale, mod-switch, rotate:K, conjugate, negate, sum:K (slot i becomes the sum of
    /// slots i to i+K-1, K a power of two), add-plain:X, sub-plain:X (X encoded at the
    /// ciphertext's level and scale), multiply-plain:X (X encoded at the level's last prime,
    /// so a rescale returns to the ciphertext's scale), dot:V (multiply-plain:V then
    /// sum over V's count rounded up to a power of two: slot 0 holds the dot product). X is
    /// [v1,v2,...], @VALUES.json or pt=PLAINTEXT (a SEAL plaintext, used as saved); V is
    /// [v1,...] or @VALUES.json.
    #[arg(long, required = true)]
    op: Vec<String>,
    /// Input ciphertexts: the first, then one for each add, sub and multiply, in order.
    #[arg(long = "in", required = true)]
    inputs: Vec<PathBuf>,
    /// Output ciphertext (the result of the last op).
    #[arg(long)]
    out: PathBuf,
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(a: &EvalArgs) -> Result<(), UsageError> {
    let steps = grammar::parse_all(&a.op)?;
    let need = 1 + steps.iter().filter(|s| s.op.takes_input()).count();
    if a.inputs.len() != need {
        let who = match steps.as_slice() {
            [one] => one.label.clone(),
            _ => "the --op list".into(),
        };
        return Err(UsageError(format!(
            "{who} takes {need} --in ciphertext(s) (the first, then one for each add, sub and multiply), {} given",
            a.inputs.len()
        )));
    }
    keys::check_given(&steps, a.relin_keys.as_deref(), a.galois_keys.as_deref())?;
    let on_device = a.dev.backend != Some(BackendArg::Host);
    if !on_device && a.dev.device.is_some() {
        return Err(UsageError(
            "--device names a device, but --backend host runs without one".into(),
        ));
    }
    let ctx = context(&a.params)?;
    cost::check(
        &ctx,
        &steps,
        &a.inputs,
        a.relin_keys.as_deref(),
        a.galois_keys.as_deref(),
    )?;
    let cts = a
        .inputs
        .iter()
        .map(|p| load_in(&ctx, p, |r| Ciphertext::load(&ctx, r)))
        .collect::<Result<Vec<_>, UsageError>>()?;
    let planned = plan::plan(
        &ctx,
        &steps,
        &Inputs {
            cts: &cts,
            names: &a.inputs,
        },
    )?;
    let keys = keys::load_needed(
        &ctx,
        &steps,
        a.relin_keys.as_deref(),
        a.galois_keys.as_deref(),
    )?;
    // An existing output without --force, or an unwritable place, fails before a device is
    // opened and the work is done (after the checks that need the keys' contents).
    let out = a.output.create(&a.out, Access::Anyone)?;
    let eval = if on_device {
        let backend = a.dev.open()?;
        let dev = DeviceContext::new(&ctx, backend, 0).map_err(|e| super::fail("device", e))?;
        let eval = Evaluator::with_device(&ctx, dev).map_err(|e| super::fail("device", e))?;
        eval.upload_keys(keys.relin.as_ref(), keys.galois.as_ref())
            .map_err(|e| super::fail("keys", e))?;
        eval
    } else {
        Evaluator::new(&ctx)
    };
    let cts: Vec<Ciphertext> = match on_device {
        true => cts.into_iter().map(Ciphertext::gpu).collect(),
        false => cts,
    };
    let mut current = cts[0].clone();
    for p in planned {
        current =
            apply(&eval, &current, p.action, &cts, &keys).map_err(|e| super::fail(p.label, e))?;
    }
    out.write(|w| current.save(w, a.output.options()))
}

/// One planned action on `x`.
fn apply(
    eval: &Evaluator,
    x: &Ciphertext,
    action: Action,
    inputs: &[Ciphertext],
    keys: &keys::Keys,
) -> CkksResult<Ciphertext> {
    // The plan made sure the keys an action uses were loaded.
    let relin = || {
        keys.relin
            .as_ref()
            .expect("planned with relinearization keys")
    };
    let galois = || keys.galois.as_ref().expect("planned with Galois keys");
    match action {
        Action::Add(i) => eval.add(x, &inputs[i]),
        Action::Sub(i) => eval.sub(x, &inputs[i]),
        Action::Multiply(i) => eval
            .multiply(x, &inputs[i])
            .and_then(|c| eval.relinearize(&c, relin())),
        Action::Square => eval.square(x).and_then(|c| eval.relinearize(&c, relin())),
        Action::Relinearize => eval.relinearize(x, relin()),
        Action::Rescale => eval.rescale_to_next(x),
        Action::ModSwitch => eval.mod_switch_to_next(x),
        Action::Rotate(k) => eval.rotate_vector(x, k, galois()),
        Action::Conjugate => eval.complex_conjugate(x, galois()),
        Action::Negate => eval.negate(x),
        Action::AddPlain(p) => eval.add_plain(x, &p),
        Action::SubPlain(p) => eval.sub_plain(x, &p),
        Action::MultiplyPlain(p) => eval.multiply_plain(x, &p),
        Action::Sum(k) => eval.rotate_and_sum(x, k, galois()),
    }
}
