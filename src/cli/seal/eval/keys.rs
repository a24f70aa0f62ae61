//! The keys an op list needs, and only those: the relinearization keys when an op
//! relinearizes, and of the Galois keys the elements its rotations and conjugations apply
//! (the rest are dropped before anything reaches a device).

use super::grammar::Step;
use crate::cli::error::UsageError;
use crate::cli::seal::load_in;
use std::path::Path;
use xehe::ckks::{galois_elt_from_step, naf, CkksError, Context, GaloisKeys, RelinKeys};

/// Refuses an op list whose keys were not given, naming the first op that needs them.
pub fn check_given(
    steps: &[Step],
    relin: Option<&Path>,
    galois: Option<&Path>,
) -> Result<(), UsageError> {
    if relin.is_none() {
        if let Some(s) = steps.iter().find(|s| s.op.relinearizes()) {
            return Err(UsageError(format!(
                "{} relinearizes: give --relin-keys",
                s.label
            )));
        }
    }
    if galois.is_none() {
        if let Some(s) = steps.iter().find(|s| s.op.rotates()) {
            return Err(UsageError(format!("{} needs --galois-keys", s.label)));
        }
    }
    Ok(())
}

/// The keys loaded for `steps` (after [`check_given`]).
pub struct Keys {
    pub relin: Option<RelinKeys>,
    pub galois: Option<GaloisKeys>,
}

pub fn load_needed(
    ctx: &Context,
    steps: &[Step],
    relin: Option<&Path>,
    galois: Option<&Path>,
) -> Result<Keys, UsageError> {
    let relin = match relin {
        Some(p) if steps.iter().any(|s| s.op.relinearizes()) => {
            Some(load_in(ctx, p, |r| RelinKeys::load(ctx, r))?)
        }
        _ => None,
    };
    let galois = match galois {
        Some(p) if steps.iter().any(|s| s.op.rotates()) => {
            let mut gk = load_in(ctx, p, |r| GaloisKeys::load(ctx, r))?;
            let total = gk.elements().count();
            let needed = elements(ctx, steps, &gk, p)?;
            gk.retain_elements(&needed);
            let kept: Vec<String> = gk.elements().map(|g| g.to_string()).collect();
            let which = match kept.is_empty() {
                true => String::new(),
                false => format!(" (elements {})", kept.join(", ")),
            };
            eprintln!(
                "xehe: eval: {} of the {total} Galois keys in {} are used{which}",
                kept.len(),
                p.display(),
            );
            Some(gk)
        }
        _ => None,
    };
    Ok(Keys { relin, galois })
}

/// Every Galois element the ops apply with `gk`, or the first op that needs a key `gk` lacks.
fn elements(
    ctx: &Context,
    steps: &[Step],
    gk: &GaloisKeys,
    path: &Path,
) -> Result<Vec<u64>, UsageError> {
    let n = ctx.key_context_data().parms().poly_modulus_degree();
    let mut out = Vec::new();
    for s in steps {
        if matches!(s.op, super::grammar::Op::Conjugate) {
            let g = 2 * n as u64 - 1;
            if !gk.has_key(g) {
                return Err(UsageError(format!(
                    "{}: {} has no key for conjugation (Galois element {g}); make keys with `xehe keygen`",
                    s.label,
                    path.display()
                )));
            }
            out.push(g);
        }
        for step in s.op.rotations() {
            match gk.rotation_elements(n, step) {
                Ok(gs) => out.extend(gs),
                Err(CkksError::MissingGaloisKey { galois_elt }) => {
                    // The term of the step's non-adjacent form that has no key (or the step).
                    let missing = naf(step)
                        .into_iter()
                        .chain([step])
                        .find(|&t| galois_elt_from_step(n, t) == galois_elt)
                        .unwrap_or(step);
                    let within = match missing == step {
                        true => String::new(),
                        false => format!(", which a rotation by {step} is composed of"),
                    };
                    return Err(UsageError(format!(
                        "{}: {} has no key for a rotation by {missing} (Galois element {galois_elt}){within}; make keys with `xehe keygen` (every power of two, SEAL's default set)",
                        s.label,
                        path.display()
                    )));
                }
                Err(e) => return Err(UsageError(format!("{}: {e}", s.label))),
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}
