//! Galois automorphisms of ciphertexts on the host, one element at a time or hoisted (one
//! decomposition shared by several elements): the host reference of rotation and conjugation.

use super::keyswitch::{decompose, switch_hoisted, switch_key_add, switch_sum, window_of};
use crate::ckks::ciphertext::Ciphertext;
use crate::ckks::context::Context;
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::galois::{apply_galois_ntt, permute_rows, GaloisKeys};
use crate::ntt::galois_permutation;

/// Applies the automorphism g to a size-2 ciphertext and switches back to s.
pub(crate) fn apply_galois(
    context: &Context,
    ct: &Ciphertext,
    g: u64,
    keys: &GaloisKeys,
) -> CkksResult<Ciphertext> {
    if ct.size() != 2 {
        return Err(CkksError::WrongCiphertextSize {
            op: "rotation",
            expected: 2,
            given: ct.size(),
        });
    }
    if g == 1 {
        return Ok(ct.with_host(ct.storage.read()?.into_owned()));
    }
    let ksk = keys
        .keys
        .get(&g)
        .ok_or(CkksError::MissingGaloisKey { galois_elt: g })?;
    let w = ct.n * ct.rns_count;
    let rotated = apply_galois_ntt(&ct.storage.read()?, ct.n, g);
    let mut out = ct.with_host(
        rotated[..w]
            .iter()
            .copied()
            .chain(std::iter::repeat_n(0, w))
            .collect(),
    );
    switch_key_add(context, &mut out, &rotated[w..], ksk)?;
    Ok(out)
}

/// X → X^g of `ct` for each of `elements`, hoisted: c1 is decomposed once (its digits modulo
/// every destination prime, NTT form) and each element permutes those digits and switches with
/// its key; the host reference of [`crate::ckks::Evaluator::rotate_many`]. The results decrypt
/// as the one-at-a-time rotations do, with noise of the same size, but their words differ (see
/// [`switch_hoisted`]). Every element needs its own key (no composition).
pub(crate) fn apply_galois_hoisted(
    context: &Context,
    ct: &Ciphertext,
    elements: &[u64],
    keys: &GaloisKeys,
) -> CkksResult<Vec<Ciphertext>> {
    if ct.size() != 2 {
        return Err(CkksError::WrongCiphertextSize {
            op: "rotation",
            expected: 2,
            given: ct.size(),
        });
    }
    let ksks = elements
        .iter()
        .map(|&g| match g {
            1 => Ok(None),
            g => keys
                .keys
                .get(&g)
                .map(Some)
                .ok_or(CkksError::MissingGaloisKey { galois_elt: g }),
        })
        .collect::<CkksResult<Vec<_>>>()?;
    let (n, l) = (ct.n, ct.rns_count);
    let w = n * l;
    let data = ct.storage.read()?;
    let digits = if ksks.iter().any(Option::is_some) {
        Some(decompose(
            context,
            &data[w..2 * w],
            n,
            window_of(context, ct.parms_id)?,
        )?)
    } else {
        None
    };
    let q = context
        .get_context_data(ct.parms_id)
        .ok_or(CkksError::ForeignParameters { what: "ciphertext" })?
        .coeff_modulus();
    elements
        .iter()
        .zip(ksks)
        .map(|(&g, ksk)| {
            let (Some(ksk), Some(digits)) = (ksk, digits.as_ref()) else {
                return Ok(ct.with_host(data[..2 * w].to_vec()));
            };
            let perm = galois_permutation(n, g);
            let [k0, k1] = switch_hoisted(context, digits, &perm, ksk)?;
            let mut out = permute_rows(&data[..w], n, &perm);
            for ((row, add), m) in out.chunks_mut(n).zip(k0.chunks(n)).zip(q) {
                for (o, &x) in row.iter_mut().zip(add) {
                    *o = m.add_mod(*o, x);
                }
            }
            out.extend_from_slice(&k1);
            Ok(ct.with_host(out))
        })
        .collect()
}

/// Σ_t X → X^(g_t) of ct_t, the key switches summed over PQ and divided by P once (one ModDown
/// for the whole sum; g = 1 adds ct_t as it is): the host reference of
/// [`crate::ckks::Evaluator::apply_galois_sum`]. The terms are checked by the caller
/// (`validate::galois_sum`). The words differ from the sum of single rotations (one rounding
/// instead of one per term); the noise is at most theirs.
pub(crate) fn apply_galois_sum(
    context: &Context,
    terms: &[(&Ciphertext, u64)],
    keys: &GaloisKeys,
) -> CkksResult<Ciphertext> {
    let first = terms[0].0;
    let (n, l) = (first.n, first.rns_count);
    let w = n * l;
    let q = context
        .get_context_data(first.parms_id)
        .ok_or(CkksError::ForeignParameters { what: "ciphertext" })?
        .coeff_modulus();
    let add_rows = |acc: &mut [u64], x: &[u64]| {
        for ((row, add), m) in acc.chunks_mut(n).zip(x.chunks(n)).zip(q.iter().cycle()) {
            for (o, &v) in row.iter_mut().zip(add) {
                *o = m.add_mod(*o, v);
            }
        }
    };
    let mut sum = vec![0u64; 2 * w];
    let mut switched = Vec::new();
    for &(ct, g) in terms {
        let data = ct.storage.read()?;
        if g == 1 {
            add_rows(&mut sum, &data[..2 * w]);
            continue;
        }
        let ksk = keys
            .keys
            .get(&g)
            .ok_or(CkksError::MissingGaloisKey { galois_elt: g })?;
        let rotated = apply_galois_ntt(&data, n, g);
        add_rows(&mut sum[..w], &rotated[..w]);
        switched.push((rotated, ksk));
    }
    if !switched.is_empty() {
        let targets: Vec<(&[u64], &crate::ckks::keyswitch::KSwitchKeys)> =
            switched.iter().map(|(r, k)| (&r[w..2 * w], *k)).collect();
        let [k0, k1] = switch_sum(context, &targets, n, window_of(context, first.parms_id)?)?;
        add_rows(&mut sum[..w], &k0);
        add_rows(&mut sum[w..], &k1);
    }
    Ok(first.with_host(sum))
}
