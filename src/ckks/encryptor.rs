//! `Ciphertext`, `Encryptor` (public-key and symmetric) and `Decryptor` on the host.

use super::keys::{
    encrypt_zero_symmetric, sample_noise, sample_ternary, to_ntt, PublicKey, SecretKey,
};
use super::keyswitch::divide_round_by_last;
use super::prng::PrngInfo;
use super::storage::{DeviceCopy, Storage};
use super::{CkksError, CkksResult, Context, ContextData, ParmsId, Plaintext};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::sync::Arc;

/// A CKKS ciphertext: `size` polynomials (2 when fresh) `[poly][rns][coeff]` in NTT form at one
/// level, with the scale of the message it carries.
///
/// Its residues live on the host, the device, or both (XeHE's offload model): [`Ciphertext::gpu`]
/// marks it for the device, so the evaluator runs operations on it there, uploading it at first
/// use; results stay on the device until read. Clones share the device copy.
#[derive(Clone, Debug)]
pub struct Ciphertext {
    pub(crate) parms_id: ParmsId,
    pub(crate) scale: f64,
    pub(crate) n: usize,
    pub(crate) rns_count: usize,
    pub(crate) size: usize,
    pub(crate) storage: Storage,
    /// For a fresh symmetric encryption: the seed its second polynomial was drawn from (SEAL's
    /// seeded form when saved); dropped when the words change.
    pub(crate) seed: Option<PrngInfo>,
}

impl Ciphertext {
    pub(crate) fn from_host(
        parms_id: ParmsId,
        scale: f64,
        n: usize,
        rns_count: usize,
        data: Vec<u64>,
    ) -> Self {
        Ciphertext {
            parms_id,
            scale,
            n,
            rns_count,
            size: data.len() / (n * rns_count),
            storage: Storage::host(data),
            seed: None,
        }
    }

    pub(crate) fn from_device(
        parms_id: ParmsId,
        scale: f64,
        n: usize,
        rns_count: usize,
        size: usize,
        copy: Arc<DeviceCopy>,
    ) -> Self {
        Ciphertext {
            parms_id,
            scale,
            n,
            rns_count,
            size,
            storage: Storage::device(copy, size * rns_count * n),
            seed: None,
        }
    }

    /// The same metadata with new host words (at the same level).
    pub(crate) fn with_host(&self, data: Vec<u64>) -> Self {
        Self::from_host(self.parms_id, self.scale, self.n, self.rns_count, data)
    }

    pub fn parms_id(&self) -> ParmsId {
        self.parms_id
    }
    pub fn scale(&self) -> f64 {
        self.scale
    }
    /// Reinterprets the message's scale (SEAL's `ciphertext.scale() = s`), e.g. to add a
    /// ciphertext whose scale differs from another's only by the rounding of a rescale.
    pub fn set_scale(&mut self, scale: f64) {
        self.scale = scale;
    }
    /// Number of polynomials (2 fresh, 3 after a multiplication before relinearization).
    pub fn size(&self) -> usize {
        self.size
    }
    pub fn coeff_count(&self) -> usize {
        self.n
    }
    pub fn rns_count(&self) -> usize {
        self.rns_count
    }
    offload_methods!("ciphertext ([poly][rns][coeff], NTT form)", clears seed);
}

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
pub struct Encryptor<'a> {
    context: &'a Context,
    key: Key<'a>,
    rng: StdRng,
}

impl<'a> Encryptor<'a> {
    /// Public-key encryption.
    pub fn new(context: &'a Context, public_key: &'a PublicKey) -> CkksResult<Self> {
        level_of(context, public_key.parms_id, "public key")?;
        Ok(Encryptor {
            context,
            key: Key::Public(public_key),
            rng: StdRng::from_entropy(),
        })
    }

    /// Symmetric encryption with the secret key.
    pub fn symmetric(context: &'a Context, secret_key: &'a SecretKey) -> CkksResult<Self> {
        level_of(context, secret_key.parms_id, "secret key")?;
        Ok(Encryptor {
            context,
            key: Key::Secret(secret_key),
            rng: StdRng::from_entropy(),
        })
    }

    /// Encrypts `plain` at its level.
    ///
    /// With the public key this is SEAL's procedure: the zero encryption (pk0·u + e0, pk1·u + e1)
    /// is made one level up (with one more prime: the special prime for a plaintext at the first
    /// data level) and that prime is divided out with rounding, which divides the encryption
    /// noise by it. With the secret key, (−a·s + e, a) at the plaintext's level, `a` drawn from
    /// a seed kept with the ciphertext (saved in SEAL's seeded form).
    pub fn encrypt(&mut self, plain: &Plaintext) -> CkksResult<Ciphertext> {
        let level = level_of(self.context, plain.parms_id, "plaintext")?;
        let n = plain.n;
        let q = level.coeff_modulus();
        let r = q.len();
        let (mut data, seed) = match self.key {
            Key::Secret(sk) => {
                let (data, seed) = encrypt_zero_symmetric(&mut self.rng, level, &sk.data);
                (data, Some(seed))
            }
            Key::Public(pk) => match self.context.prev_context_data(level) {
                Some(up) => {
                    let zero = self.encrypt_zero_asymmetric(pk, up);
                    let moduli: Vec<_> = up.coeff_modulus().iter().collect();
                    let tables: Vec<_> = up.ntt_tables().iter().collect();
                    let w = up.coeff_modulus().len() * n;
                    let mut out = Vec::with_capacity(2 * n * r);
                    for poly in zero.chunks(w) {
                        out.extend(divide_round_by_last(poly, n, &moduli, &tables)?);
                    }
                    (out, None)
                }
                None => (self.encrypt_zero_asymmetric(pk, level), None),
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

    /// (pk0·u + e0, pk1·u + e1) at `level`, NTT form, with the key's residues for its primes.
    fn encrypt_zero_asymmetric(&mut self, pk: &PublicKey, level: &ContextData) -> Vec<u64> {
        let n = level.parms().poly_modulus_degree();
        let q = level.coeff_modulus();
        let key_r = self.context.key_context_data().coeff_modulus().len();
        let mut u = sample_ternary(&mut self.rng, level);
        to_ntt(level, &mut u);
        let mut out = Vec::with_capacity(2 * n * q.len());
        for p in 0..2 {
            let mut e = sample_noise(&mut self.rng, level);
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

    pub fn decrypt(&self, cipher: &Ciphertext) -> CkksResult<Plaintext> {
        let level = level_of(self.context, cipher.parms_id, "ciphertext")?;
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
}
