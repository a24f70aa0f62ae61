//! Decryption on the host (what the device's Horner kernel is checked against, word for word)
//! and the noise flooding added to a decrypted plaintext.

use crate::ckks::ciphertext::Ciphertext;
use crate::ckks::context::ContextData;
use crate::ckks::error::CkksResult;
use crate::ckks::keys::{to_ntt, SecretKey, SecretRng};
use crate::ckks::plaintext::Plaintext;
use rand::Rng;
use rayon::prelude::*;
use zeroize::Zeroizing;

/// c0 + c1·s (+ …) of `cipher`, a ciphertext already checked against `level`.
pub(crate) fn decrypt(
    level: &ContextData,
    secret: &SecretKey,
    cipher: &Ciphertext,
) -> CkksResult<Plaintext> {
    let (n, q) = (cipher.n, level.coeff_modulus());
    let r = q.len();
    let first = level.window().start;
    let cd = cipher.storage.read()?;
    let mut out = vec![0u64; n * r];
    let size = cipher.size();
    // One prime per core. Horner from the top polynomial, ((c_{size-1}·s + c_{size-2})·s
    // + …)·s + c0, one fused multiply-add and reduction per step: size − 1 reductions a
    // word, where starting from zero would spend one more on 0·s.
    out.par_chunks_mut(n)
        .zip(&q[..r])
        .enumerate()
        .for_each(|(k, (out, m))| {
            let row = |p: usize| &cd[(p * r + k) * n..(p * r + k + 1) * n];
            // The secret's rows are the key level's; this level's primes start at `first`.
            let s = &secret.data[(first + k) * n..(first + k + 1) * n];
            out.copy_from_slice(row(size - 1));
            for p in (0..size - 1).rev() {
                for ((o, &s), &c) in out.iter_mut().zip(s).zip(row(p)) {
                    *o = m.mad_mod(*o, s, c);
                }
            }
        });
    Ok(Plaintext::from_host(cipher.parms_id, cipher.scale, n, out))
}

/// Adds to `pt` (at `level`) a fresh polynomial whose coefficients are uniform in
/// [−2^`flood_bits`, 2^`flood_bits`], the same integer modulo every prime (the bounds are the
/// caller's to check).
pub(crate) fn flood(level: &ContextData, pt: &mut Plaintext, flood_bits: u32) -> CkksResult<()> {
    let (n, q) = (pt.n, level.coeff_modulus());
    let bound = 1i64 << flood_bits;
    let mut rng = SecretRng::from_entropy();
    let mut f = Zeroizing::new(vec![0u64; n * q.len()]);
    for i in 0..n {
        let v = rng.gen_range(-bound..=bound);
        let sign = (v >> 63) as u64;
        for (k, m) in q.iter().enumerate() {
            f[k * n + i] = m.reduce((v as u64).wrapping_add(sign & m.value()));
        }
    }
    to_ntt(level, &mut f);
    let data = pt.storage.host_mut()?;
    for (k, m) in q.iter().enumerate() {
        for i in 0..n {
            data[k * n + i] = m.add_mod(data[k * n + i], f[k * n + i]);
        }
    }
    Ok(())
}
