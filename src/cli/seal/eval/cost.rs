//! What `xehe eval` takes of host memory at most, checked once before any input or key is
//! read: a failing allocation aborts the process (see [`crate::cli::memory`]), so the whole
//! pipeline must fit before it starts. The worker threads and the context already exist by
//! then and count as memory taken.

use super::grammar::{Op, Operand, Step};
use crate::cli::error::UsageError;
use crate::cli::memory::{check_host, with_margin};
use crate::cli::seal::{load_cost_of, LoadCost};
use std::path::{Path, PathBuf};
use xehe::ckks::Context;

/// Size-2 ciphertexts of the first data level that the ops take beside what is loaded: the
/// current ciphertext (size 3 after a product, 1.5), an op's temporaries (key switching with
/// its decomposed digits: 3.7 for a relinearization, 5.7 for a rotation by 7, composed of two,
/// measured at N = 2^14 with 8 primes) and, after the last op, the result's saving (a body and
/// its compressed copy in buffers that double as they grow: 2.7 measured). The ops free their
/// temporaries before the next one and the saving comes last, so the two do not add.
const OP_CIPHERTEXTS: u128 = 8;

/// Words of `n` per worker thread that the parallel loops allocate for themselves (key
/// switching takes two rows of u128 and one of u64 per thread).
const THREAD_ROWS: u128 = 8;

/// The encoder's tables and one encoding's temporaries, in words of `n` (0.69 and 1.13 MiB
/// measured at N = 2^14).
const ENCODER_ROWS: u128 = 32;

/// Refuses the pipeline when everything it loads and computes cannot fit in the memory left.
pub fn check(
    ctx: &Context,
    steps: &[Step],
    inputs: &[PathBuf],
    relin: Option<&Path>,
    galois: Option<&Path>,
) -> Result<(), UsageError> {
    let mut files: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
    let mut encoded = 0u128;
    for s in steps {
        match &s.op {
            Op::AddPlain(x) | Op::SubPlain(x) | Op::MultiplyPlain(x) => match x {
                Operand::Plaintext(p) => files.push(p),
                Operand::Values(_) => encoded += 1,
            },
            Op::Dot(_) => encoded += 1,
            _ => {}
        }
    }
    if steps.iter().any(|s| s.op.relinearizes()) {
        files.extend(relin);
    }
    if steps.iter().any(|s| s.op.rotates()) {
        files.extend(galois);
    }
    // Every object loaded stays until the end; the bytes passing through one load are free
    // again (and reused) before the next one.
    let mut loads = LoadCost::default();
    for path in &files {
        let c = load_cost_of(path, ctx)?;
        loads.kept += c.kept;
        loads.passing = loads.passing.max(c.passing);
    }
    let first = ctx.first_context_data();
    let n = first.parms().poly_modulus_degree() as u128;
    let poly = n * first.coeff_modulus().len() as u128 * 8;
    // rayon's pool is started (seal::context), so asking its size starts nothing.
    let threads = rayon::current_num_threads() as u128;
    let mut work = OP_CIPHERTEXTS * 2 * poly + threads * THREAD_ROWS * n * 8;
    if encoded > 0 {
        // Each encoded operand is held from the plan until its op runs.
        work += ENCODER_ROWS * n * 8 + encoded * poly;
    }
    check_host(
        &format!(
            "eval of {} op(s) at N = {n} with {} primes, {} file(s) loaded,",
            steps.len(),
            first.coeff_modulus().len(),
            files.len()
        ),
        with_margin(loads.peak() + work),
    )
}
