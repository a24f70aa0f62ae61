//! SEAL's `is_valid_for` for plaintexts and ciphertexts: metadata (a data level of this context,
//! degree, prime count, size, a scale within bounds) and data (every word below its prime).
//! Decryption, decoding and encryption check both before touching a secret; evaluator
//! operations check the metadata (their inputs' words come from this library or from a
//! checked load).
#![warn(missing_docs)]

use crate::ckks::ciphertext::Ciphertext;
use crate::ckks::context::{Context, ContextData};
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::plaintext::Plaintext;

/// SEAL's `SEAL_CIPHERTEXT_SIZE_MAX`.
pub const MAX_CIPHERTEXT_SIZE: usize = 16;

/// Every word of `data` (`[poly][rns][coeff]`) below the prime of its component.
pub(crate) fn check_words(level: &ContextData, n: usize, data: &[u64]) -> CkksResult<()> {
    let q = level.coeff_modulus();
    for (c, chunk) in data.chunks(n).enumerate() {
        let m = q[c % q.len()].value();
        // Accumulate instead of branching per word: the words may be a secret's function.
        let bad = chunk.iter().fold(0u64, |acc, &w| acc | u64::from(w >= m));
        if bad != 0 {
            let i = chunk.iter().position(|&w| w >= m).expect("found above");
            return Err(CkksError::NotReduced {
                index: c * n + i,
                value: chunk[i],
                modulus: m,
            });
        }
    }
    Ok(())
}

/// A ciphertext's metadata against `context`: its data level.
pub(crate) fn ciphertext_metadata<'c>(
    context: &'c Context,
    ct: &Ciphertext,
) -> CkksResult<&'c ContextData> {
    let level = context.data_level(ct.parms_id, "ciphertext")?;
    let n = level.parms().poly_modulus_degree();
    let r = level.coeff_modulus().len();
    if ct.n != n || ct.rns_count != r {
        return Err(CkksError::WrongSize {
            what: "ciphertext shape (degree × primes)",
            expected: n * r,
            given: ct.n * ct.rns_count,
        });
    }
    if !(2..=MAX_CIPHERTEXT_SIZE).contains(&ct.size) {
        return Err(CkksError::WrongSize {
            what: "ciphertext size (2 to 16 polynomials)",
            expected: 2,
            given: ct.size,
        });
    }
    if ct.storage.words() != ct.size * r * n {
        return Err(CkksError::WrongSize {
            what: "ciphertext words",
            expected: ct.size * r * n,
            given: ct.storage.words(),
        });
    }
    level.check_scale(ct.scale)?;
    Ok(level)
}

/// Metadata and every word.
pub(crate) fn ciphertext<'c>(context: &'c Context, ct: &Ciphertext) -> CkksResult<&'c ContextData> {
    let level = ciphertext_metadata(context, ct)?;
    // Once until the words change, as for plaintexts: a ciphertext decrypted again (or kept
    // on the host and used again) is not read again.
    if !ct.storage.checked() {
        check_words(level, ct.n, &ct.storage.read()?)?;
        ct.storage.mark_checked();
    }
    Ok(level)
}

/// A plaintext's metadata and words against `context`.
pub(crate) fn plaintext<'c>(context: &'c Context, pt: &Plaintext) -> CkksResult<&'c ContextData> {
    let level = plaintext_shape(context, pt)?;
    if !pt.storage.checked() {
        let n = level.parms().poly_modulus_degree();
        check_words(level, n, &pt.storage.read()?)?;
        pt.storage.mark_checked();
    }
    Ok(level)
}

/// [`plaintext`] without reading the words: for a plaintext that only a device holds, made by
/// this crate's kernels (reading it back to check would cost the copy the device path saves).
pub(crate) fn plaintext_shape<'c>(
    context: &'c Context,
    pt: &Plaintext,
) -> CkksResult<&'c ContextData> {
    let level = context.data_level(pt.parms_id, "plaintext")?;
    let n = level.parms().poly_modulus_degree();
    let r = level.coeff_modulus().len();
    if pt.n != n || pt.storage.words() != n * r {
        return Err(CkksError::WrongSize {
            what: "plaintext words",
            expected: n * r,
            given: pt.storage.words(),
        });
    }
    level.check_scale(pt.scale)?;
    Ok(level)
}

/// The check before a plaintext goes to a device: [`plaintext`] for words the host holds (they
/// are about to travel), [`plaintext_shape`] for words only a device holds (this crate's
/// kernels made them).
pub(crate) fn plaintext_for_device<'c>(
    context: &'c Context,
    pt: &Plaintext,
) -> CkksResult<&'c ContextData> {
    if pt.storage.host_current() {
        plaintext(context, pt)
    } else {
        plaintext_shape(context, pt)
    }
}

/// [`plaintext_for_device`] for ciphertexts: [`ciphertext`] or [`ciphertext_metadata`].
pub(crate) fn ciphertext_for_device<'c>(
    context: &'c Context,
    ct: &Ciphertext,
) -> CkksResult<&'c ContextData> {
    if ct.storage.host_current() {
        ciphertext(context, ct)
    } else {
        ciphertext_metadata(context, ct)
    }
}
