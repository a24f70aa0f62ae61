//! The checks before an operation, shared by its host and device paths:
//! - SEAL's `is_valid_for` for plaintexts and ciphertexts: metadata (a data level of this
//!   context, degree, prime count, size, a scale within bounds) and data (every word below its
//!   prime). Decryption, decoding and encryption check both before touching a secret; evaluator
//!   operations check the metadata (their inputs' words come from this library or from a
//!   checked load);
//! - the evaluator's operands against each other: one level, equal scales, a product's scale
//!   within bounds, a next level to move to, a ciphertext size, keys for this context;
//! - keys given to an encryptor or decryptor: of this context.
#![warn(missing_docs)]

use crate::ckks::ciphertext::Ciphertext;
use crate::ckks::context::{check_scale_value, Context, ContextData};
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::keyswitch::KSwitchKeys;
use crate::ckks::params::ParmsId;
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

/// The scale of a product of `a` with an operand at `other` scale, refused as SEAL's
/// `is_scale_within_bounds` refuses it: not finite and positive, or ⌊log2⌋ + 1 not below the
/// level's modulus bits (x^4 without rescaling once reached 2^160 on a 2^140 modulus and decoded
/// to garbage).
pub(crate) fn product_scale(context: &Context, a: &Ciphertext, other: f64) -> CkksResult<f64> {
    let level = context.data_level(a.parms_id, "ciphertext")?;
    let scale = a.scale * other;
    level.check_scale(scale)?;
    Ok(scale)
}

/// The scale of Σ a_t · p_t: at least one term, every ciphertext at the first's level and of
/// its size, every plaintext at its ciphertext's level, and every product's scale equal to the
/// first's (within bounds).
pub(crate) fn plain_sum(context: &Context, terms: &[(&Ciphertext, &Plaintext)]) -> CkksResult<f64> {
    let ((first, _), _) = terms.split_first().ok_or(CkksError::WrongSize {
        what: "terms of a plaintext product sum",
        expected: 1,
        given: 0,
    })?;
    let mut scale = None;
    for (a, p) in terms {
        same_level(context, first, a)?;
        sizes("multiply_plain_sum", first.size, &[a])?;
        same_plain_level(context, a, p)?;
        let s = product_scale(context, a, p.scale)?;
        match scale {
            None => scale = Some(s),
            Some(first) => check_scales(first, s)?,
        }
    }
    Ok(scale.expect("at least one term"))
}

/// The level and scale of Σ a_t · round(v_t · s_t) at `target`: at least one term, `target` a
/// data level at or below every ciphertext's, every ciphertext of the first's size, every
/// product's scale a_t.scale · s_t equal to the first's and within the target's bounds.
pub(crate) fn const_sum<'c>(
    context: &'c Context,
    terms: &[(&Ciphertext, f64, f64)],
    target: ParmsId,
) -> CkksResult<(&'c ContextData, f64)> {
    let ((first, _, _), _) = terms.split_first().ok_or(CkksError::WrongSize {
        what: "terms of a constant product sum",
        expected: 1,
        given: 0,
    })?;
    let level = context.data_level(target, "target level")?;
    let mut scale = None;
    for &(a, _, s) in terms {
        let la = context.data_level(a.parms_id, "ciphertext")?;
        if la.chain_index() < level.chain_index() {
            return Err(CkksError::LevelMismatch {
                left: la.chain_index(),
                right: level.chain_index(),
            });
        }
        sizes("multiply_const_sum", first.size, &[a])?;
        check_scale_value(s)?;
        let product = a.scale * s;
        level.check_scale(product)?;
        match scale {
            None => scale = Some(product),
            Some(first) => check_scales(first, product)?,
        }
    }
    Ok((level, scale.expect("at least one term")))
}

/// `a` and `b` at one data level, or an error that names both levels.
pub(crate) fn same_level(context: &Context, a: &Ciphertext, b: &Ciphertext) -> CkksResult<()> {
    let level = |c: &Ciphertext| {
        context
            .data_level(c.parms_id, "ciphertext")
            .map(|d| d.chain_index())
    };
    let (la, lb) = (level(a)?, level(b)?);
    if la != lb {
        return Err(CkksError::LevelMismatch {
            left: la,
            right: lb,
        });
    }
    Ok(())
}

/// `p` at `a`'s level, or an error that names both levels.
pub(crate) fn same_plain_level(context: &Context, a: &Ciphertext, p: &Plaintext) -> CkksResult<()> {
    let la = context.data_level(a.parms_id, "ciphertext")?;
    let lp = context.data_level(p.parms_id, "plaintext")?;
    if la.chain_index() != lp.chain_index() {
        return Err(CkksError::PlaintextLevelMismatch {
            plaintext_level: lp.chain_index(),
            plaintext_primes: lp.coeff_modulus().len(),
            ciphertext_level: la.chain_index(),
            ciphertext_primes: la.coeff_modulus().len(),
        });
    }
    Ok(())
}

/// The level after `ct`'s, if `ct` is at a data level that is not the last.
pub(crate) fn next_level<'c>(context: &'c Context, ct: &Ciphertext) -> CkksResult<&'c ContextData> {
    next_level_of(context, ct.parms_id, "ciphertext")
}

/// The level after `id`'s, if `id` is a data level that is not the last.
pub(crate) fn next_level_of<'c>(
    context: &'c Context,
    id: ParmsId,
    what: &'static str,
) -> CkksResult<&'c ContextData> {
    let level = context.data_level(id, what)?;
    match context.next_context_data(level) {
        Some(next) if level.chain_index() < context.key_context_data().chain_index() => Ok(next),
        _ => Err(CkksError::EndOfModulusChain {
            chain_index: level.chain_index(),
        }),
    }
}

/// The scale `ct` has after a rescale, refused when it falls below 1 (the message would round
/// to nothing; SEAL lets it through and decodes garbage).
pub(crate) fn rescaled_scale(context: &Context, ct: &Ciphertext) -> CkksResult<f64> {
    let next = next_level(context, ct)?;
    let level = context.get_context_data(ct.parms_id).expect("checked");
    if let Some((_, factor)) = level.rational_rescale() {
        let scale = ct.scale / factor;
        if check_scale_value(scale).is_err() {
            return Err(CkksError::InvalidScale {
                scale,
                reason: format!(
                    "rescaling divides the scale {:e} by the level's factor {factor:e} and leaves less than 1; rescale only after a multiplication, or encode at the level's default scale",
                    ct.scale
                ),
            });
        }
        next.check_scale(scale)?;
        return Ok(scale);
    }
    let q = level.coeff_modulus()[level.coeff_modulus().len() - 1].value();
    let scale = ct.scale / q as f64;
    if check_scale_value(scale).is_err() {
        return Err(CkksError::InvalidScale {
            scale,
            reason: format!(
                "rescaling divides the scale {:e} by the level's last prime {q} and leaves less than 1; rescale only after a multiplication, or encode at a larger scale",
                ct.scale
            ),
        });
    }
    next.check_scale(scale)?;
    Ok(scale)
}

/// Two operands' scales, equal as SEAL compares them (to within floating-point noise), and
/// each a scale at all.
///
/// ```
/// use xehe::ckks::check_scales;
/// assert!(check_scales(2f64.powi(40), 2f64.powi(40) * (1.0 + 1e-12)).is_ok());
/// assert!(check_scales(2f64.powi(40), 2f64.powi(41)).is_err());
/// assert!(check_scales(f64::NAN, f64::NAN).is_err());
/// ```
pub fn check_scales(a: f64, b: f64) -> CkksResult<()> {
    // Every comparison with a NaN is false, so the equality test below would let one through.
    check_scale_value(a)?;
    check_scale_value(b)?;
    // Scales equal to within floating-point noise, as SEAL compares them.
    if (a - b).abs() > a.abs().max(b.abs()) * 1e-10 {
        return Err(CkksError::ScaleMismatch { left: a, right: b });
    }
    Ok(())
}

/// Every ciphertext of `cts` of size `expected`, or an error that names `op`.
pub(crate) fn sizes(op: &'static str, expected: usize, cts: &[&Ciphertext]) -> CkksResult<()> {
    match cts.iter().find(|c| c.size != expected) {
        Some(c) => Err(CkksError::WrongCiphertextSize {
            op,
            expected,
            given: c.size,
        }),
        None => Ok(()),
    }
}

/// The terms of a sum of Galois automorphisms: at least one, every ciphertext of size 2 at the
/// first one's level and scale, every element valid with a key (1 needs none).
pub(crate) fn galois_sum(
    context: &Context,
    terms: &[(&Ciphertext, u64)],
    keys: &crate::ckks::galois::GaloisKeys,
) -> CkksResult<()> {
    let Some(&(first, _)) = terms.first() else {
        return Err(CkksError::WrongSize {
            what: "count of terms of apply_galois_sum (at least one)",
            expected: 1,
            given: 0,
        });
    };
    for &(ct, g) in terms {
        sizes("apply_galois_sum", 2, &[ct])?;
        same_level(context, first, ct)?;
        check_scales(first.scale, ct.scale)?;
        crate::ckks::galois::check_element(ct.n, g)?;
        if g != 1 {
            let ksk = keys
                .keys
                .get(&g)
                .ok_or(CkksError::MissingGaloisKey { galois_elt: g })?;
            switching_keys(context, ksk)?;
        }
    }
    Ok(())
}

/// Key-switching keys of `context`, which must have a special prime to switch with.
pub(crate) fn switching_keys(context: &Context, keys: &KSwitchKeys) -> CkksResult<()> {
    if context.get_context_data(keys.parms_id).is_none() {
        return Err(CkksError::ForeignParameters {
            what: "key-switching keys",
        });
    }
    if !context.using_keyswitching() {
        return Err(CkksError::NoSpecialPrime);
    }
    Ok(())
}

/// Keys that can switch a ciphertext of `l` primes: of this context, every component
/// `[2][rows][n]` over the data primes of the keys' level and the special primes, those data
/// primes at least the ciphertext's (a key made at the base level switches base-level
/// ciphertexts only: [`CkksError::LevelMismatch`] above it), and a component per digit.
pub(crate) fn switching_keys_at(context: &Context, keys: &KSwitchKeys, l: usize) -> CkksResult<()> {
    switching_keys_in(context, keys, 0..l)
}

/// [`switching_keys_at`] for a level whose primes are `window` among the key level's (a
/// 32-bit-tier level need not start at the first prime): the keys must reach the window's
/// end and hold every digit that meets it.
pub(crate) fn switching_keys_in(
    context: &Context,
    keys: &KSwitchKeys,
    window: std::ops::Range<usize>,
) -> CkksResult<()> {
    let l = window.end;
    switching_keys(context, keys)?;
    let level = context
        .get_context_data(keys.parms_id)
        .ok_or(CkksError::ForeignParameters {
            what: "key-switching keys",
        })?;
    let key_level = context.key_context_data();
    let data = if keys.parms_id == key_level.parms_id() {
        context.key_data_prime_count()
    } else {
        level.coeff_modulus().len()
    };
    let n = key_level.parms().poly_modulus_degree();
    let words = 2 * (data + context.special_prime_count()) * n;
    if keys.n != n {
        return Err(CkksError::WrongSize {
            what: "key-switching keys' degree",
            expected: n,
            given: keys.n,
        });
    }
    if let Some(bad) = keys.keys.iter().find(|c| c.len() != words) {
        return Err(CkksError::WrongSize {
            what: "key-switching key component words",
            expected: words,
            given: bad.len(),
        });
    }
    if l > data {
        return Err(CkksError::LevelMismatch {
            left: l.saturating_sub(1),
            right: level.chain_index(),
        });
    }
    let digits = context
        .window_digits(window)
        .last()
        .map_or(0, |(j, _)| j + 1);
    if keys.keys.len() < digits {
        return Err(CkksError::WrongSize {
            what: "key-switching key components",
            expected: digits,
            given: keys.keys.len(),
        });
    }
    Ok(())
}

/// The level of a key (`id`, named `what` in the error) given to an encryptor or decryptor:
/// any level of `context`.
pub(crate) fn key_level<'c>(
    context: &'c Context,
    id: ParmsId,
    what: &'static str,
) -> CkksResult<&'c ContextData> {
    context
        .get_context_data(id)
        .ok_or(CkksError::ForeignParameters { what })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A NaN scale compares unequal to everything, so `|a − b| > tolerance` is false for it and
    /// once let add, sub and the plain forms through.
    #[test]
    fn scale_equality_refuses_what_is_not_a_scale() {
        let s = 2f64.powi(40);
        for bad in [f64::NAN, f64::INFINITY, 0.0, 1e-300, -s] {
            for (a, b) in [(bad, s), (s, bad), (bad, bad)] {
                assert!(
                    matches!(check_scales(a, b), Err(CkksError::InvalidScale { .. })),
                    "{a} against {b}"
                );
            }
        }
        assert!(check_scales(s, s * (1.0 + 1e-12)).is_ok());
        assert!(matches!(
            check_scales(s, 2.0 * s),
            Err(CkksError::ScaleMismatch { .. })
        ));
    }
}
