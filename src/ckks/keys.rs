//! Secret and public keys, `KeyGenerator`, and the samplers they share with the encryptor.
//!
//! Randomness comes from `StdRng` (ChaCha12, a CSPRNG) seeded by the operating system;
//! `KeyGenerator::from_seed` exists for reproducible tests only. The secret key's words are
//! zeroized when it is dropped.

use super::prng::{sample_poly_uniform, PrngInfo, SealPrng};
use super::{Context, ContextData, ParmsId};
use rand::rngs::StdRng;
use rand::{Rng, RngCore, SeedableRng};
use zeroize::Zeroize;

/// The ternary secret s ∈ {−1, 0, 1}^N, `[rns][coeff]` in NTT form at the key level.
pub struct SecretKey {
    pub(crate) parms_id: ParmsId,
    pub(crate) data: Vec<u64>,
}

impl Drop for SecretKey {
    fn drop(&mut self) {
        self.data.zeroize();
    }
}

impl std::fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "SecretKey({:?}, {} words, redacted)",
            self.parms_id,
            self.data.len()
        )
    }
}

/// (−a·s + e, a) at the key level, NTT form, `[poly][rns][coeff]`.
#[derive(Clone, Debug)]
pub struct PublicKey {
    pub(crate) parms_id: ParmsId,
    pub(crate) n: usize,
    pub(crate) data: Vec<u64>,
    /// The seed `a` was drawn from, while `a` is still that draw (saved in SEAL's seeded form).
    pub(crate) seed: Option<PrngInfo>,
}

impl SecretKey {
    /// The key level's parms_id.
    pub fn parms_id(&self) -> ParmsId {
        self.parms_id
    }
    /// The key's words: `[rns][coeff]`, NTT form, at the key level (SEAL's layout). Secret.
    pub fn data(&self) -> &[u64] {
        &self.data
    }
}

impl PublicKey {
    /// The key level's parms_id.
    pub fn parms_id(&self) -> ParmsId {
        self.parms_id
    }
    /// The key's words: `[2][rns][coeff]`, NTT form, at the key level (SEAL's layout).
    pub fn data(&self) -> &[u64] {
        &self.data
    }
}

/// Makes a secret key and the keys derived from it.
pub struct KeyGenerator<'a> {
    pub(crate) context: &'a Context,
    pub(crate) rng: StdRng,
    pub(crate) secret: SecretKey,
}

impl<'a> KeyGenerator<'a> {
    /// A new secret key from OS-seeded randomness.
    pub fn new(context: &'a Context) -> Self {
        Self::with_rng(context, StdRng::from_entropy())
    }

    /// Reproducible keys from a fixed seed: for tests and benchmarks only, never for data that
    /// needs protection.
    pub fn from_seed(context: &'a Context, seed: u64) -> Self {
        Self::with_rng(context, StdRng::seed_from_u64(seed))
    }

    fn with_rng(context: &'a Context, mut rng: StdRng) -> Self {
        let key = context.key_context_data();
        let mut data = sample_ternary(&mut rng, key);
        to_ntt(key, &mut data);
        KeyGenerator {
            context,
            rng,
            secret: SecretKey {
                parms_id: key.parms_id(),
                data,
            },
        }
    }

    pub fn secret_key(&self) -> &SecretKey {
        &self.secret
    }

    /// A fresh public key (−a·s + e, a) at the key level.
    pub fn create_public_key(&mut self) -> PublicKey {
        let key = self.context.key_context_data();
        let (data, seed) = encrypt_zero_symmetric(&mut self.rng, key, &self.secret.data);
        PublicKey {
            parms_id: key.parms_id(),
            n: key.parms().poly_modulus_degree(),
            data,
            seed: Some(seed),
        }
    }
}

/// Ternary coefficients, `[rns][coeff]` (coefficient form).
pub(crate) fn sample_ternary(rng: &mut impl RngCore, level: &ContextData) -> Vec<u64> {
    let n = level.parms().poly_modulus_degree();
    let q = level.coeff_modulus();
    let mut out = vec![0u64; n * q.len()];
    for i in 0..n {
        let t = rng.gen_range(0..3u8);
        for (k, m) in q.iter().enumerate() {
            out[k * n + i] = match t {
                0 => m.value() - 1,
                1 => 0,
                _ => 1,
            };
        }
    }
    out
}

/// Centred binomial noise with 21 + 21 coin flips (σ ≈ 3.24, SEAL's default width),
/// `[rns][coeff]` (coefficient form).
pub(crate) fn sample_noise(rng: &mut impl RngCore, level: &ContextData) -> Vec<u64> {
    let n = level.parms().poly_modulus_degree();
    let q = level.coeff_modulus();
    let mut out = vec![0u64; n * q.len()];
    for i in 0..n {
        let bits = rng.next_u64();
        let e =
            (bits & 0x1F_FFFF).count_ones() as i64 - ((bits >> 21) & 0x1F_FFFF).count_ones() as i64;
        for (k, m) in q.iter().enumerate() {
            out[k * n + i] = if e < 0 {
                m.value() - (-e) as u64
            } else {
                e as u64
            };
        }
    }
    out
}

pub(crate) fn to_ntt(level: &ContextData, data: &mut [u64]) {
    let n = level.parms().poly_modulus_degree();
    for (k, t) in level.ntt_tables().iter().enumerate() {
        t.forward(&mut data[k * n..(k + 1) * n])
            .expect("sizes match the level");
    }
}

/// (−a·s + e, a) at `level` in NTT form, with `s` given at a level holding at least as many
/// primes (its first `level` components are used). `a` is SEAL's uniform draw (read directly
/// as NTT words, as SEAL does) from a fresh seed, returned so that the result can be saved in
/// SEAL's seeded form.
pub(crate) fn encrypt_zero_symmetric(
    rng: &mut impl RngCore,
    level: &ContextData,
    s: &[u64],
) -> (Vec<u64>, PrngInfo) {
    let n = level.parms().poly_modulus_degree();
    let q = level.coeff_modulus();
    let seed = PrngInfo::random(rng);
    let a = sample_poly_uniform(&mut SealPrng::new(seed), q, n);
    let mut e = sample_noise(rng, level);
    to_ntt(level, &mut e);
    let mut c0 = vec![0u64; n * q.len()];
    for (k, m) in q.iter().enumerate() {
        for i in 0..n {
            let j = k * n + i;
            let as_ = m.mul_mod(a[j], s[j]);
            c0[j] = m.sub_mod(e[j], as_);
        }
    }
    c0.extend_from_slice(&a);
    (c0, seed)
}
