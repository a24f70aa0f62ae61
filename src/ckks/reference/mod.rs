//! The host reference of the evaluator's operations (multiply, relinearize, rescale, rotate, …):
//! plain loops over `[poly][rns][coeff]` NTT-form data, what the device evaluator is tested
//! against bit for bit. The host's encryption, decryption, key switching and Galois
//! automorphisms, which the device's are checked against too, are this module's as well.

pub(crate) mod decrypt;
pub(crate) mod encrypt;
pub(crate) mod galois;
pub(crate) mod keyswitch;

pub use self::keyswitch::switch_key;

use self::galois::{apply_galois, apply_galois_hoisted};
use self::keyswitch::{divide_round_by_last, switch_key_add};
use crate::ckks::ciphertext::Ciphertext;
use crate::ckks::context::{Context, ContextData};
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::galois::{compose_rotation, rotate_many_with, GaloisKeys};
use crate::ckks::keyswitch::RelinKeys;
use crate::ckks::validate::{
    check_scales, const_sum, next_level, next_level_of, plain_sum, product_scale, rescaled_scale,
    same_level, same_plain_level,
};
use rayon::prelude::*;

/// (a0, a1) ⊗ (b0, b1) = (a0·b0, a0·b1 + a1·b0, a1·b1): a size-3 ciphertext at scale
/// a.scale · b.scale.
pub fn multiply(context: &Context, a: &Ciphertext, b: &Ciphertext) -> CkksResult<Ciphertext> {
    same_level(context, a, b)?;
    let scale = product_scale(context, a, b.scale)?;
    for c in [a, b] {
        if c.size() != 2 {
            return Err(CkksError::WrongCiphertextSize {
                op: "multiply",
                expected: 2,
                given: c.size(),
            });
        }
    }
    let level = context.get_context_data(a.parms_id).expect("checked");
    let (n, r) = (a.n, a.rns_count);
    let q = level.coeff_modulus();
    let w = n * r;
    let (ad, bd) = (a.storage.read()?, b.storage.read()?);
    let mut out = vec![0u64; 3 * w];
    let (o0, rest) = out.split_at_mut(w);
    let (o1, o2) = rest.split_at_mut(w);
    // One prime per core.
    o0.par_chunks_mut(n)
        .zip(o1.par_chunks_mut(n))
        .zip(o2.par_chunks_mut(n))
        .zip(&q[..r])
        .enumerate()
        .for_each(|(k, (((o0, o1), o2), m))| {
            for i in 0..n {
                let j = k * n + i;
                let (a0, a1, b0, b1) = (ad[j], ad[w + j], bd[j], bd[w + j]);
                o0[i] = m.mul_mod(a0, b0);
                o1[i] = m.add_mod(m.mul_mod(a0, b1), m.mul_mod(a1, b0));
                o2[i] = m.mul_mod(a1, b1);
            }
        });
    Ok(Ciphertext::from_host(a.parms_id, scale, n, r, out))
}

/// Size 3 → size 2 with the relinearization keys (key switching of the third polynomial).
pub fn relinearize(context: &Context, ct: &Ciphertext, keys: &RelinKeys) -> CkksResult<Ciphertext> {
    if ct.size() != 3 {
        return Err(CkksError::WrongCiphertextSize {
            op: "relinearize",
            expected: 3,
            given: ct.size(),
        });
    }
    let w = ct.n * ct.rns_count;
    let data = ct.storage.read()?;
    let mut out = ct.with_host(data[..2 * w].to_vec());
    switch_key_add(context, &mut out, &data[2 * w..], &keys.0)?;
    Ok(out)
}

/// Rotates the slots left by `steps` (right when negative) with the Galois key of that step, or
/// where there is none, as SEAL does: by the steps of its non-adjacent form
/// ([`crate::ckks::naf`]), whose keys SEAL's default set (powers of two) holds.
pub fn rotate_vector(
    context: &Context,
    ct: &Ciphertext,
    steps: i64,
    keys: &GaloisKeys,
) -> CkksResult<Ciphertext> {
    compose_rotation(ct, steps, keys, &|c, g| apply_galois(context, c, g, keys))
}

/// The rotations of `ct` by each of `steps`, hoisted where their keys allow (see
/// [`crate::ckks::Evaluator::rotate_many`]): the host reference of the device's words.
pub fn rotate_many(
    context: &Context,
    ct: &Ciphertext,
    steps: &[i64],
    keys: &GaloisKeys,
) -> CkksResult<Vec<Ciphertext>> {
    rotate_many_with(
        ct,
        steps,
        keys,
        |src, elements| apply_galois_hoisted(context, src, elements, keys),
        |s| rotate_vector(context, ct, s, keys),
    )
}

/// Conjugates every slot.
pub fn complex_conjugate(
    context: &Context,
    ct: &Ciphertext,
    keys: &GaloisKeys,
) -> CkksResult<Ciphertext> {
    apply_galois(context, ct, 2 * ct.n as u64 - 1, keys)
}

/// `words` (`[polys][from primes][n]`, NTT form) through `rescale` onto `to`'s primes, each
/// polynomial in coefficient form in between: `[polys][to primes][n]`, NTT form. `scratch`
/// holds one polynomial over `from`'s primes (the caller's, so that it can wipe it).
pub(crate) fn rational_rescale_ntt(
    rescale: &crate::rns::RationalRescale,
    words: &[u64],
    n: usize,
    (from, to): (&ContextData, &ContextData),
    scratch: &mut [u64],
) -> CkksResult<Vec<u64>> {
    let (r, t) = (from.coeff_modulus().len(), to.coeff_modulus().len());
    let mut out = vec![0u64; words.len() / (r * n) * t * n];
    for (poly, o) in words.chunks(r * n).zip(out.chunks_mut(t * n)) {
        scratch.copy_from_slice(poly);
        scratch
            .par_chunks_mut(n)
            .zip(from.ntt_tables())
            .try_for_each(|(row, tab)| tab.inverse(row))?;
        rescale.apply(scratch, n, o)?;
        o.par_chunks_mut(n)
            .zip(to.ntt_tables())
            .try_for_each(|(row, tab)| tab.forward(row))?;
    }
    Ok(out)
}

/// Divides by the level's last prime with rounding and moves to the next level; the scale is
/// divided by that prime. In a 32-bit-tier chain the level's rational rescale instead divides
/// by the primes it drops (D) and multiplies by those it restores (R), with the fast
/// conversion's rounding ([`crate::rns::RescaleRounding::Fast`]), and the scale becomes
/// scale·R/D.
pub fn rescale_to_next(context: &Context, ct: &Ciphertext) -> CkksResult<Ciphertext> {
    let scale = rescaled_scale(context, ct)?;
    let next = next_level(context, ct)?;
    let level = context.get_context_data(ct.parms_id).expect("checked");
    let (n, r) = (ct.n, ct.rns_count);
    if let Some((rescale, _)) = level.rational_rescale() {
        let t = next.coeff_modulus().len();
        let words = ct.storage.read()?;
        let mut scratch = vec![0u64; r * n];
        let data = rational_rescale_ntt(rescale, &words, n, (level, next), &mut scratch)?;
        return Ok(Ciphertext::from_host(next.parms_id(), scale, n, t, data));
    }
    let moduli: Vec<_> = level.coeff_modulus().iter().collect();
    let tables: Vec<_> = level.ntt_tables().iter().collect();
    let words = ct.storage.read()?;
    let mut data = Vec::with_capacity(ct.size() * (r - 1) * n);
    for p in 0..ct.size() {
        data.extend(divide_round_by_last(
            &words[p * r * n..(p + 1) * r * n],
            n,
            &moduli,
            &tables,
        )?);
    }
    Ok(Ciphertext::from_host(
        next.parms_id(),
        scale,
        n,
        r - 1,
        data,
    ))
}

/// Drops the level's last prime (CKKS modulus switching: message and scale unchanged).
pub fn mod_switch_to_next(context: &Context, ct: &Ciphertext) -> CkksResult<Ciphertext> {
    seal_chain_only(context, "mod_switch_to_next")?;
    let next = next_level(context, ct)?;
    let (n, r) = (ct.n, ct.rns_count);
    let data = ct
        .storage
        .read()?
        .chunks(r * n)
        .flat_map(|p| p[..(r - 1) * n].iter().copied())
        .collect();
    Ok(Ciphertext::from_host(
        next.parms_id(),
        ct.scale,
        n,
        r - 1,
        data,
    ))
}

/// Applies `f(modulus, x, y)` word by word to two operands of one level (`y` repeats per
/// polynomial when it has fewer, as a plaintext does against a ciphertext).
fn zip_words(
    context: &Context,
    a: &Ciphertext,
    b_id: crate::ckks::params::ParmsId,
    b: &[u64],
    f: impl Fn(&crate::arith::Modulus, u64, u64) -> u64 + Sync,
) -> CkksResult<Ciphertext> {
    let la = context.data_level(a.parms_id, "ciphertext")?;
    let lb = context.data_level(b_id, "operand")?;
    if la.chain_index() != lb.chain_index() {
        return Err(CkksError::LevelMismatch {
            left: la.chain_index(),
            right: lb.chain_index(),
        });
    }
    let (n, r) = (a.n, a.rns_count);
    let q = la.coeff_modulus();
    let src = a.storage.read()?;
    // Row by row (one polynomial's residues modulo one prime), rows on every core.
    let mut data = vec![0u64; src.len()];
    data.par_chunks_mut(n)
        .zip(src.par_chunks(n))
        .enumerate()
        .for_each(|(row, (out, x))| {
            let m = &q[row % r];
            let at = row * n;
            // A shorter `b` (a plaintext) repeats for every polynomial; an empty one is zeros.
            let y = match b.len() {
                0 => None,
                len if at < len => Some(&b[at..at + n]),
                _ => Some(&b[at % (r * n)..at % (r * n) + n]),
            };
            match y {
                Some(y) => {
                    for ((o, &x), &y) in out.iter_mut().zip(x).zip(y) {
                        *o = f(m, x, y);
                    }
                }
                None => {
                    for (o, &x) in out.iter_mut().zip(x) {
                        *o = f(m, x, 0);
                    }
                }
            }
        });
    Ok(a.with_host(data))
}

/// a ∘ b word by word for two ciphertexts of one level, scale and size.
fn same_shape(
    context: &Context,
    op: &'static str,
    a: &Ciphertext,
    b: &Ciphertext,
    f: impl Fn(&crate::arith::Modulus, u64, u64) -> u64 + Sync,
) -> CkksResult<Ciphertext> {
    check_scales(a.scale, b.scale)?;
    if a.size() != b.size() {
        return Err(CkksError::WrongCiphertextSize {
            op,
            expected: a.size(),
            given: b.size(),
        });
    }
    zip_words(context, a, b.parms_id, &b.storage.read()?, f)
}

/// a + b (same level, same scale, same size).
pub fn add(context: &Context, a: &Ciphertext, b: &Ciphertext) -> CkksResult<Ciphertext> {
    same_shape(context, "add", a, b, |m, x, y| m.add_mod(x, y))
}

/// a − b.
pub fn sub(context: &Context, a: &Ciphertext, b: &Ciphertext) -> CkksResult<Ciphertext> {
    same_shape(context, "sub", a, b, |m, x, y| m.sub_mod(x, y))
}

/// −a.
pub fn negate(context: &Context, a: &Ciphertext) -> CkksResult<Ciphertext> {
    zip_words(context, a, a.parms_id, &[], |m, x, _| m.neg_mod(x))
}

/// a + p (the plaintext added to the first polynomial only).
pub fn add_plain(
    context: &Context,
    a: &Ciphertext,
    p: &crate::ckks::plaintext::Plaintext,
) -> CkksResult<Ciphertext> {
    add_or_sub_plain(context, a, p, false)
}

/// a − p (the plaintext subtracted from the first polynomial only).
pub fn sub_plain(
    context: &Context,
    a: &Ciphertext,
    p: &crate::ckks::plaintext::Plaintext,
) -> CkksResult<Ciphertext> {
    add_or_sub_plain(context, a, p, true)
}

fn add_or_sub_plain(
    context: &Context,
    a: &Ciphertext,
    p: &crate::ckks::plaintext::Plaintext,
    subtract: bool,
) -> CkksResult<Ciphertext> {
    same_plain_level(context, a, p)?;
    check_scales(a.scale, p.scale)?;
    let w = a.n * a.rns_count;
    let mut only_c0 = p.storage.read()?.into_owned();
    if only_c0.len() != w {
        return Err(CkksError::WrongSize {
            what: "plaintext residues",
            expected: w,
            given: only_c0.len(),
        });
    }
    only_c0.resize(a.size * w, 0);
    zip_words(context, a, p.parms_id, &only_c0, |m, x, y| {
        if subtract {
            m.sub_mod(x, y)
        } else {
            m.add_mod(x, y)
        }
    })
}

/// a · p (every polynomial, NTT form); the scales multiply.
pub fn multiply_plain(
    context: &Context,
    a: &Ciphertext,
    p: &crate::ckks::plaintext::Plaintext,
) -> CkksResult<Ciphertext> {
    same_plain_level(context, a, p)?;
    let scale = product_scale(context, a, p.scale)?;
    let pd = p.storage.read()?;
    if pd.len() != a.n * a.rns_count {
        return Err(CkksError::WrongSize {
            what: "plaintext residues",
            expected: a.n * a.rns_count,
            given: pd.len(),
        });
    }
    let mut out = zip_words(context, a, p.parms_id, &pd, |m, x, y| m.mul_mod(x, y))?;
    out.scale = scale;
    Ok(out)
}

/// Σ a_t · p_t (checked as the evaluator checks it): each product and each
/// partial sum reduced, which gives the words of one reduction of the whole sum.
pub fn multiply_plain_sum(
    context: &Context,
    terms: &[(&Ciphertext, &crate::ckks::plaintext::Plaintext)],
) -> CkksResult<Ciphertext> {
    let scale = plain_sum(context, terms)?;
    let mut sum = multiply_plain(context, terms[0].0, terms[0].1)?;
    for (a, p) in &terms[1..] {
        let t = multiply_plain(context, a, p)?;
        sum = zip_words(context, &sum, t.parms_id, &t.storage.read()?, |m, x, y| {
            m.add_mod(x, y)
        })?;
    }
    sum.scale = scale;
    Ok(sum)
}

/// Σ a_t · round(v_t · s_t) at the level `target` (each a_t dropped to it as a modulus switch
/// drops primes): each product and each partial sum reduced.
pub fn multiply_const_sum(
    context: &Context,
    terms: &[(&Ciphertext, f64, f64)],
    target: crate::ckks::params::ParmsId,
) -> CkksResult<Ciphertext> {
    let (level, scale) = const_sum(context, terms, target)?;
    let q = level.coeff_modulus();
    let (n, r, size) = (terms[0].0.n, q.len(), terms[0].0.size);
    let mut out = vec![0u64; size * r * n];
    for &(a, v, s) in terms {
        let c = encode_constant(v, s, level)?;
        let words = a.storage.read()?;
        out.par_chunks_mut(n).enumerate().for_each(|(row, o)| {
            let (p, i) = (row / r, row % r);
            let m = &q[i];
            let x = &words[(p * a.rns_count + i) * n..][..n];
            for (o, &x) in o.iter_mut().zip(x) {
                *o = m.add_mod(*o, m.mul_mod(x, c[i]));
            }
        });
    }
    Ok(Ciphertext::from_host(level.parms_id(), scale, n, r, out))
}

/// a · c with one scalar per prime of a's level (`scalars[i]` reduced modulo q_i), the scale
/// multiplied by `scale`: SEAL's multiply_plain by a constant encoded at `scale`.
pub fn multiply_scalars(
    context: &Context,
    a: &Ciphertext,
    scalars: &[u64],
    scale: f64,
) -> CkksResult<Ciphertext> {
    if scalars.len() != a.rns_count {
        return Err(CkksError::WrongSize {
            what: "scalars (one per prime)",
            expected: a.rns_count,
            given: scalars.len(),
        });
    }
    let product = product_scale(context, a, scale)?;
    let n = a.n;
    let mut out = zip_words(context, a, a.parms_id, &[], |_, x, _| x)?;
    let level = context.get_context_data(a.parms_id).expect("checked");
    let q = level.coeff_modulus();
    for (i, x) in out.storage.host_mut()?.iter_mut().enumerate() {
        let k = (i / n) % a.rns_count;
        *x = q[k].mul_mod(*x, scalars[k]);
    }
    out.scale = product;
    Ok(out)
}

/// The residues of round(value · scale) modulo each prime of `level`: the constant SEAL's
/// encoder makes of one real number, with SEAL's bound (⌊log2 |value · scale|⌋ + 2 bits below
/// the level's modulus).
pub fn encode_constant(
    value: f64,
    scale: f64,
    level: &crate::ckks::context::ContextData,
) -> CkksResult<Vec<u64>> {
    level.check_scale(scale)?;
    let v = value * scale;
    let bits = level.total_coeff_modulus_bit_count() as i64;
    if !v.is_finite() || v.abs().log2() as i64 + 2 >= bits {
        return Err(CkksError::ValueTooLarge {
            slot: 0,
            reason: format!("{value} · {scale} needs more than the level's {bits} bits"),
        });
    }
    Ok(super::encoder::integer_residues(
        v.round(),
        level.coeff_modulus(),
    ))
}

/// Drops the last prime of a plaintext's level.
pub fn mod_switch_plain_to_next(
    context: &Context,
    p: &crate::ckks::plaintext::Plaintext,
) -> CkksResult<crate::ckks::plaintext::Plaintext> {
    seal_chain_only(context, "mod_switch_plain_to_next")?;
    let next = next_level_of(context, p.parms_id, "plaintext")?;
    let keep = next.coeff_modulus().len() * p.n;
    let data = p.storage.read()?[..keep].to_vec();
    Ok(crate::ckks::plaintext::Plaintext::from_host(
        next.parms_id(),
        p.scale,
        p.n,
        data,
    ))
}

/// ModRaise, bootstrapping's first step: `ct` at the last level (the base prime q0 alone) read
/// as a ciphertext at the first data level. Each coefficient is lifted centred, in
/// (−q0/2, q0/2], so the raised ciphertext decrypts to m + q0·I with I as small as the secret
/// allows (an unsigned lift would add q0 · (s times a 0/1 polynomial), about √h times larger).
/// The words are those of the device's ModRaise (the same integers, reduced).
pub fn mod_raise(context: &Context, ct: &Ciphertext) -> CkksResult<Ciphertext> {
    seal_chain_only(context, "mod_raise")?;
    let level = context.data_level(ct.parms_id, "ciphertext")?;
    if level.chain_index() != 0 {
        return Err(CkksError::LevelMismatch {
            left: level.chain_index(),
            right: 0,
        });
    }
    let top = context.first_context_data();
    let (n, q0) = (ct.n, level.coeff_modulus()[0]);
    let words = ct.storage.read()?;
    let targets = top.coeff_modulus();
    let half = q0.value() >> 1;
    let mut data = vec![0u64; ct.size() * targets.len() * n];
    for (p, out) in data.chunks_mut(targets.len() * n).enumerate() {
        let mut coeffs = words[p * n..(p + 1) * n].to_vec();
        level.ntt_tables()[0].inverse(&mut coeffs)?;
        // (v + ⌊q0/2⌋) mod q0 − ⌊q0/2⌋ is v's centred representative; reduced modulo each
        // prime as the device's spread load reduces it.
        let shifted: Vec<u64> = coeffs.iter().map(|&v| q0.add_mod(v, half)).collect();
        out.par_chunks_mut(n)
            .zip(targets.par_iter().zip(top.ntt_tables().par_iter()))
            .for_each(|(row, (m, t))| {
                let h = m.reduce(half);
                for (r, &v) in row.iter_mut().zip(&shifted) {
                    *r = m.sub_mod(m.reduce(v), h);
                }
                t.forward(row).expect("sizes match the level");
            });
    }
    Ok(Ciphertext::from_host(
        top.parms_id(),
        ct.scale,
        n,
        targets.len(),
        data,
    ))
}

/// Refuses an operation that drops primes without dividing by them, or lifts from one prime,
/// in a 32-bit-tier chain: its next level may hold primes the current one lacks (a rescale
/// restores them), and its last level more than one prime.
pub(crate) fn seal_chain_only(context: &Context, op: &'static str) -> CkksResult<()> {
    if context.is_tier32() {
        return Err(CkksError::Unsupported {
            what: match op {
                "mod_switch_to_next" => "mod_switch_to_next in a 32-bit-tier chain (its levels restore primes): rescale_to_next moves down a level",
                "mod_switch_plain_to_next" => "mod_switch_plain_to_next in a 32-bit-tier chain (its levels restore primes): encode at the level instead",
                _ => "mod_raise in a 32-bit-tier chain (its last level has more than one prime)",
            },
        });
    }
    Ok(())
}
