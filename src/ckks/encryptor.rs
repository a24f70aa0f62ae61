//! `Ciphertext`, `Encryptor` (public-key and symmetric) and `Decryptor` on the host.

use super::keys::{
    encrypt_zero_symmetric, sample_noise, sample_ternary, to_ntt, PublicKey, SecretKey, SecretRng,
};
use super::keyswitch::divide_round_by_last;
use super::validate;
use crate::ckks::ciphertext::Ciphertext;
use crate::ckks::context::{Context, ContextData};
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::params::ParmsId;
use crate::ckks::plaintext::Plaintext;
use rand::{Rng, RngCore};
use rayon::prelude::*;
use zeroize::Zeroizing;

fn level_of<'c>(
    context: &'c Context,
    id: ParmsId,
    what: &'static str,
) -> CkksResult<&'c ContextData> {
    context
        .get_context_data(id)
        .ok_or(CkksError::ForeignParameters { what })
}

enum Key<'k> {
    Public(&'k PublicKey),
    Secret(&'k SecretKey),
}

/// Encrypts plaintexts with a public key or (smaller noise, same security) the secret key.
///
/// Every encryption draws fresh OS-seeded randomness (u, e0, e1, or the seed of `a` and e),
/// wiped after use: no generator state outlives a call, and a forked process does not repeat
/// its parent's draws.
///
/// Thread safety: `Send` and `Sync`; `encrypt` takes `&self`, and [`Encryptor::encrypt_many`]
/// encrypts a batch on every core.
pub struct Encryptor<'a> {
    context: &'a Context,
    key: Key<'a>,
}

impl<'a> Encryptor<'a> {
    /// Public-key encryption.
    pub fn new(context: &'a Context, public_key: &'a PublicKey) -> CkksResult<Self> {
        level_of(context, public_key.parms_id, "public key")?;
        Ok(Encryptor {
            context,
            key: Key::Public(public_key),
        })
    }

    /// Symmetric encryption with the secret key.
    pub fn symmetric(context: &'a Context, secret_key: &'a SecretKey) -> CkksResult<Self> {
        level_of(context, secret_key.parms_id, "secret key")?;
        Ok(Encryptor {
            context,
            key: Key::Secret(secret_key),
        })
    }

    /// Encrypts `plain` at its level.
    ///
    /// With the public key this is SEAL's procedure: the zero encryption (pk0·u + e0, pk1·u + e1)
    /// is made one level up (with one more prime: the special prime for a plaintext at the first
    /// data level) and that prime is divided out with rounding, which divides the encryption
    /// noise by it. With the secret key, (−a·s + e, a) at the plaintext's level, `a` drawn from
    /// a seed kept with the ciphertext (saved in SEAL's seeded form).
    ///
    /// The plaintext is checked first as SEAL's `is_valid_for` does: a data level of this
    /// context (never the key level), a scale within bounds, every word below its prime.
    pub fn encrypt(&self, plain: &Plaintext) -> CkksResult<Ciphertext> {
        let level = validate::plaintext(self.context, plain)?;
        let n = plain.n;
        let q = level.coeff_modulus();
        let r = q.len();
        let mut rng = SecretRng::from_entropy();
        let (mut data, seed) = match self.key {
            Key::Secret(sk) => {
                let (data, seed) = encrypt_zero_symmetric(&mut rng, level, &sk.data);
                (data, Some(seed))
            }
            Key::Public(pk) => match self.context.prev_context_data(level) {
                Some(up) => {
                    let zero = self.encrypt_zero_asymmetric(&mut rng, pk, up);
                    let moduli: Vec<_> = up.coeff_modulus().iter().collect();
                    let tables: Vec<_> = up.ntt_tables().iter().collect();
                    let w = up.coeff_modulus().len() * n;
                    let mut out = Vec::with_capacity(2 * n * r);
                    for poly in zero.chunks(w) {
                        out.extend(divide_round_by_last(poly, n, &moduli, &tables)?);
                    }
                    (out, None)
                }
                None => (
                    self.encrypt_zero_asymmetric(&mut rng, pk, level).to_vec(),
                    None,
                ),
            },
        };
        let pd = plain.storage.read()?;
        for (k, m) in q.iter().enumerate() {
            for i in 0..n {
                let j = k * n + i;
                data[j] = m.add_mod(data[j], pd[j]);
            }
        }
        let mut ct = Ciphertext::from_host(plain.parms_id, plain.scale, n, r, data);
        ct.seed = seed;
        Ok(ct)
    }

    /// [`Encryptor::encrypt`] of every plaintext, on every core (rayon), in order; each draws
    /// its own fresh randomness.
    ///
    /// ```
    /// use xehe::ckks::{CkksEncoder, Context, EncryptionParameters, Encryptor, KeyGenerator};
    /// use xehe::primes::SecurityLevel;
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[40, 30, 40])?, SecurityLevel::Tc128)?;
    /// let mut kg = KeyGenerator::new(&ctx);
    /// let pk = kg.create_public_key();
    /// let enc = CkksEncoder::new(&ctx);
    /// let plains = (0..4)
    ///     .map(|i| enc.encode(&[i as f64], 2f64.powi(30), ctx.first_context_data()))
    ///     .collect::<Result<Vec<_>, _>>()?;
    /// let cts = Encryptor::new(&ctx, &pk)?.encrypt_many(&plains)?;
    /// assert_eq!(cts.len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn encrypt_many(&self, plains: &[Plaintext]) -> CkksResult<Vec<Ciphertext>> {
        plains.par_iter().map(|p| self.encrypt(p)).collect()
    }

    /// (pk0·u + e0, pk1·u + e1) at `level`, NTT form, with the key's residues for its primes.
    /// Before the division by the extra prime it carries more of u and e than the result:
    /// zeroized when dropped, like u and e themselves.
    fn encrypt_zero_asymmetric(
        &self,
        rng: &mut impl RngCore,
        pk: &PublicKey,
        level: &ContextData,
    ) -> Zeroizing<Vec<u64>> {
        let n = level.parms().poly_modulus_degree();
        let q = level.coeff_modulus();
        let key_r = self.context.key_context_data().coeff_modulus().len();
        let mut u = sample_ternary(rng, level);
        to_ntt(level, &mut u);
        let mut out = Zeroizing::new(Vec::with_capacity(2 * n * q.len()));
        for p in 0..2 {
            let mut e = sample_noise(rng, level);
            to_ntt(level, &mut e);
            for (k, m) in q.iter().enumerate() {
                for i in 0..n {
                    let key = pk.data[(p * key_r + k) * n + i];
                    out.push(m.add_mod(m.mul_mod(key, u[k * n + i]), e[k * n + i]));
                }
            }
        }
        out
    }
}

/// Decrypts with the secret key: c0 + c1·s (+ c2·s² for size-3 ciphertexts).
///
/// Thread safety: `Send + Sync`; `decrypt` takes `&self`.
pub struct Decryptor<'a> {
    context: &'a Context,
    secret: &'a SecretKey,
}

impl<'a> Decryptor<'a> {
    pub fn new(context: &'a Context, secret_key: &'a SecretKey) -> CkksResult<Self> {
        level_of(context, secret_key.parms_id, "secret key")?;
        Ok(Decryptor {
            context,
            secret: secret_key,
        })
    }

    /// c0 + c1·s (+ …), after checking the ciphertext as SEAL's `is_valid_for` does: a data
    /// level of this context, shape, size 2 to 16, a positive finite scale within the level's
    /// bounds, every word below its prime.
    ///
    /// What decryption reveals: the result is the message *plus the ciphertext's noise*, and
    /// the noise is a function of the secret key. Decryptions of ciphertexts an adversary chose
    /// or evaluated give key recovery (Li and Micciancio, Eurocrypt 2021; e.g. (0, 1) decrypts to
    /// s itself). Where a decrypted result leaves the trust boundary, use
    /// [`Decryptor::decrypt_flooded`].
    pub fn decrypt(&self, cipher: &Ciphertext) -> CkksResult<Plaintext> {
        let level = validate::ciphertext(self.context, cipher)?;
        let (n, q) = (cipher.n, level.coeff_modulus());
        let r = q.len();
        let cd = cipher.storage.read()?;
        let mut out = vec![0u64; n * r];
        for (k, m) in q.iter().enumerate() {
            for i in 0..n {
                let s = self.secret.data[k * n + i];
                // Horner: ((c_{size-1}·s + c_{size-2})·s + …)·s + c0.
                let mut acc = 0u64;
                for p in (0..cipher.size()).rev() {
                    acc = m.add_mod(m.mul_mod(acc, s), cd[(p * r + k) * n + i]);
                }
                out[k * n + i] = acc;
            }
        }
        Ok(Plaintext::from_host(cipher.parms_id, cipher.scale, n, out))
    }

    /// [`Decryptor::decrypt`] of every ciphertext, on every core (rayon), in order. Device
    /// results are read back one after another (each read waits for its tile's queue).
    pub fn decrypt_many(&self, ciphers: &[Ciphertext]) -> CkksResult<Vec<Plaintext>> {
        ciphers.par_iter().map(|c| self.decrypt(c)).collect()
    }

    /// [`Decryptor::decrypt`] with noise flooding: adds a fresh polynomial whose coefficients
    /// are uniform in [−2^`flood_bits`, 2^`flood_bits`] (the same integer modulo every prime),
    /// so that the decrypted noise no longer depends on the secret. The flooding must exceed
    /// the ciphertext's noise by the statistical security wanted (2^40 times: `flood_bits` ≥
    /// noise bits + 40), and it lowers the precision to about 2^`flood_bits` / scale, so the
    /// scale must be larger by as much again. `flood_bits` must be below 62 and leave the
    /// level's modulus room: at least 2 bits above it.
    pub fn decrypt_flooded(&self, cipher: &Ciphertext, flood_bits: u32) -> CkksResult<Plaintext> {
        let level = validate::ciphertext(self.context, cipher)?;
        let bits = level.total_coeff_modulus_bit_count();
        if flood_bits >= 62 || flood_bits + 2 >= bits {
            return Err(CkksError::InvalidFlooding {
                flood_bits,
                modulus_bits: bits,
            });
        }
        let mut pt = self.decrypt(cipher)?;
        let (n, q) = (cipher.n, level.coeff_modulus());
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
        Ok(pt)
    }
}
