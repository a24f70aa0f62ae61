//! Encryption on the host, public-key and symmetric: the words the device's encryption is
//! checked against, drawn from the same 256-bit key (`kernels::encrypt`'s ChaCha20 draws).

use super::keyswitch::divide_round_by_tail;
use crate::ckks::ciphertext::Ciphertext;
use crate::ckks::context::{Context, ContextData};
use crate::ckks::error::CkksResult;
use crate::ckks::keys::{to_ntt, PublicKey, SecretKey};
use crate::ckks::plaintext::Plaintext;
use crate::ckks::prng::{sample_poly_uniform, PrngInfo, SealPrng};
use crate::ckks::validate;
use crate::kernels::encrypt::{coefficient_draw, draw_residues};
use crate::rns::{RationalRescale, RescaleRounding};
use rand::{RngCore, SeedableRng};
use rayon::prelude::*;
use zeroize::Zeroizing;

/// Symmetric encryption: (e − a·s + m, a) with `a` SEAL's uniform draw from `seed`
/// (kept with the ciphertext for SEAL's seeded form) and e the noise of `key`'s draws, one
/// prime per core.
pub(crate) fn encrypt_symmetric(
    context: &Context,
    sk: &SecretKey,
    plain: &Plaintext,
    seed: &PrngInfo,
    key: &[u64; 4],
) -> CkksResult<Ciphertext> {
    let level = validate::plaintext(context, plain)?;
    let (n, q) = (plain.n, level.coeff_modulus());
    let a = sample_poly_uniform(&mut SealPrng::new(*seed), q, n);
    let d = draws(key, 0, n);
    let mut e = Zeroizing::new(vec![0u64; n * q.len()]);
    e.par_chunks_mut(n).zip(q).for_each(|(row, m)| {
        for (o, &draw) in row.iter_mut().zip(d.iter()) {
            *o = draw_residues(draw, m.value())[1];
        }
    });
    to_ntt(level, &mut e);
    let pd = plain.storage.read()?;
    // The secret's rows are the key level's; this level's primes start at `first`.
    let sk_level = &sk.data[level.window().start * n..];
    let mut data = vec![0u64; 2 * n * q.len()];
    let (c0, c1) = data.split_at_mut(n * q.len());
    c1.copy_from_slice(&a);
    c0.par_chunks_mut(n)
        .zip(q)
        .enumerate()
        .for_each(|(k, (row, m))| {
            for (i, o) in row.iter_mut().enumerate() {
                let j = k * n + i;
                *o = m.add_mod(m.sub_mod(e[j], m.mul_mod(a[j], sk_level[j])), pd[j]);
            }
        });
    let mut ct = Ciphertext::from_host(plain.parms_id, plain.scale, n, q.len(), data);
    ct.seed = Some(*seed);
    Ok(ct)
}

/// Public-key encryption with the randomness of stream `stream` of `key`: the zero encryption
/// one level up, that level's extra primes divided out with rounding, then the plaintext added.
pub(crate) fn encrypt_public(
    context: &Context,
    pk: &PublicKey,
    plain: &Plaintext,
    key: &[u64; 4],
    stream: u64,
) -> CkksResult<Ciphertext> {
    let level = validate::plaintext(context, plain)?;
    let (n, q) = (plain.n, level.coeff_modulus());
    let mut data = match context.prev_context_data(level) {
        // A 32-bit-tier level is a window, not a prefix of the level above: the zero is made
        // at the key level and every prime outside the window divided out with rounding.
        Some(_) if context.is_tier32() => {
            let up = context.key_context_data();
            let zero = encrypt_zero_asymmetric(key, stream, pk, up);
            let down = RationalRescale::new(up.coeff_modulus(), q, RescaleRounding::Exact)?;
            let mut coeff = Zeroizing::new(vec![0u64; up.coeff_modulus().len() * n]);
            super::rational_rescale_ntt(&down, &zero, n, (up, level), &mut coeff)?
        }
        Some(up) => {
            let zero = encrypt_zero_asymmetric(key, stream, pk, up);
            let moduli: Vec<_> = up.coeff_modulus().iter().collect();
            let tables: Vec<_> = up.ntt_tables().iter().collect();
            let w = up.coeff_modulus().len() * n;
            let mut out = Vec::with_capacity(2 * n * q.len());
            // The first level's encryption divides by every special prime.
            let tail = moduli.len() - q.len();
            for poly in zero.chunks(w) {
                out.extend(divide_round_by_tail(poly, n, &moduli, &tables, tail)?);
            }
            out
        }
        None => encrypt_zero_asymmetric(key, stream, pk, level).to_vec(),
    };
    add_plain(&mut data, plain, level)?;
    Ok(Ciphertext::from_host(
        plain.parms_id,
        plain.scale,
        n,
        q.len(),
        data,
    ))
}

/// c0 += the plaintext, prime by prime.
fn add_plain(data: &mut [u64], plain: &Plaintext, level: &ContextData) -> CkksResult<()> {
    let n = plain.n;
    let pd = plain.storage.read()?;
    for (k, m) in level.coeff_modulus().iter().enumerate() {
        for i in 0..n {
            let j = k * n + i;
            data[j] = m.add_mod(data[j], pd[j]);
        }
    }
    Ok(())
}

/// u, e0 and e1 of every coefficient from `key` (`kernels::encrypt`'s draws: ChaCha20 block i/2
/// of `stream`, six words per coefficient), read through rand_chacha's fast stream.
fn draws(key: &[u64; 4], stream: u64, n: usize) -> Zeroizing<Vec<(u64, i64, i64)>> {
    let mut seed = Zeroizing::new([0u8; 32]);
    for (j, w) in key.iter().enumerate() {
        seed[8 * j..8 * j + 8].copy_from_slice(&w.to_le_bytes());
    }
    let mut rng = rand_chacha::ChaCha20Rng::from_seed(*seed);
    rng.set_stream(stream);
    let mut bytes = Zeroizing::new(vec![0u8; n.div_ceil(2) * 64]);
    rng.fill_bytes(&mut bytes);
    let mut words = Zeroizing::new([0u32; 16]);
    let mut out = Zeroizing::new(Vec::with_capacity(n));
    for (b, block) in bytes.chunks_exact(64).enumerate() {
        for (w, c) in words.iter_mut().zip(block.chunks_exact(4)) {
            *w = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        }
        for first in [0, 6] {
            if 2 * b + first / 6 < n {
                out.push(coefficient_draw(&words[first..first + 6]));
            }
        }
    }
    out
}

/// (pk0·u + e0, pk1·u + e1) at `level`, NTT form, with the key's residues for its primes, from
/// the draws of `key`. Before the division by the extra prime it carries more of u and e than
/// the result: zeroized when dropped, like u and e themselves.
fn encrypt_zero_asymmetric(
    key: &[u64; 4],
    stream: u64,
    pk: &PublicKey,
    level: &ContextData,
) -> Zeroizing<Vec<u64>> {
    let n = level.parms().poly_modulus_degree();
    let q = level.coeff_modulus();
    let key_r = pk.data.len() / (2 * n);
    let d = draws(key, stream, n);
    let mut uee: [Zeroizing<Vec<u64>>; 3] =
        std::array::from_fn(|_| Zeroizing::new(vec![0u64; n * q.len()]));
    for (k, m) in q.iter().enumerate() {
        for (i, &draw) in d.iter().enumerate() {
            let r = draw_residues(draw, m.value());
            for p in 0..3 {
                uee[p][k * n + i] = r[p];
            }
        }
    }
    for poly in uee.iter_mut() {
        to_ntt(level, poly);
    }
    let mut out = Zeroizing::new(Vec::with_capacity(2 * n * q.len()));
    for p in 0..2 {
        for (k, m) in q.iter().enumerate() {
            for i in 0..n {
                let key = pk.data[(p * key_r + k) * n + i];
                out.push(m.add_mod(m.mul_mod(key, uee[0][k * n + i]), uee[1 + p][k * n + i]));
            }
        }
    }
    out
}
