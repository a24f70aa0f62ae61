//! Secret and public keys, `KeyGenerator`, and the samplers they share with the host
//! reference's encryption and decryption.
//!
//! Randomness comes from `StdRng` (ChaCha12, a CSPRNG) seeded by the operating system afresh
//! for every key, and its state is overwritten when dropped ([`SecretRng`]): nothing a
//! `KeyGenerator` keeps can regenerate the secret. Deterministic keys exist only behind the
//! `insecure-deterministic-keys` feature, for tests. The secret key's words, and every
//! secret-equivalent temporary (s², s(X^g), key errors), are zeroized when dropped.
#![warn(missing_docs)]

use super::device::copy::{DeviceCopy, DeviceSlots};
use super::device::DeviceContext;
use super::prng::{sample_poly_uniform, PrngInfo, SealPrng};
use crate::arith::Modulus;
use crate::ckks::context::{Context, ContextData};
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::params::ParmsId;
use crate::ntt::NttTables;
use rand::rngs::StdRng;
use rand::{Rng, RngCore, SeedableRng};
use rayon::prelude::*;
use std::sync::Arc;
use zeroize::{Zeroize, Zeroizing};

/// A CSPRNG for secrets: OS-seeded (or, for tests, from a 32-byte seed), its state overwritten
/// with volatile writes when dropped so that it cannot regenerate what it drew.
pub(crate) struct SecretRng(StdRng);

impl SecretRng {
    pub(crate) fn from_entropy() -> Self {
        SecretRng(StdRng::from_entropy())
    }
    /// A generator from `seed`: for seeds drawn from another `SecretRng` (parallel draws), or
    /// for the insecure deterministic keys of tests.
    pub(crate) fn from_seed(seed: [u8; 32]) -> Self {
        SecretRng(StdRng::from_seed(seed))
    }

    /// `count` seeds for generators that draw in parallel, wiped when dropped.
    pub(crate) fn seeds(&mut self, count: usize) -> Zeroizing<Vec<[u8; 32]>> {
        let mut seeds = Zeroizing::new(vec![[0u8; 32]; count]);
        for s in seeds.iter_mut() {
            self.fill_bytes(s);
        }
        seeds
    }
}

impl Drop for SecretRng {
    fn drop(&mut self) {
        // SAFETY: `self.0` is a valid, aligned StdRng (plain arrays and counters, no heap, no
        // Drop of its own); the volatile write replaces its bytes in place without reading them.
        unsafe { std::ptr::write_volatile(&mut self.0, StdRng::from_seed([0; 32])) };
        std::sync::atomic::compiler_fence(std::sync::atomic::Ordering::SeqCst);
    }
}

impl RngCore for SecretRng {
    fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }
    fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        self.0.fill_bytes(dest)
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand::Error> {
        self.0.try_fill_bytes(dest)
    }
}

/// The ternary secret s ∈ {−1, 0, 1}^N, `[rns][coeff]` in NTT form at the key level.
///
/// Thread safety: `Send + Sync`, immutable; deliberately not `Clone` (one copy to zeroize).
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
///
/// Thread safety: `Send + Sync`; immutable once made.
#[derive(Clone, Debug)]
pub struct PublicKey {
    pub(crate) parms_id: ParmsId,
    pub(crate) n: usize,
    pub(crate) data: Vec<u64>,
    /// The seed `a` was drawn from, while `a` is still that draw (saved in SEAL's seeded form).
    pub(crate) seed: Option<PrngInfo>,
    /// Copies on the tiles that encrypt with it, uploaded at first use.
    pub(crate) device: DeviceSlots,
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

    /// The key on `ctx`'s tile (uploaded at first use, kept with the key), refused when its
    /// words are not the key level's of `ctx`.
    pub(crate) fn on(&self, ctx: &Arc<DeviceContext>) -> CkksResult<Arc<DeviceCopy>> {
        let n = ctx.n();
        if self.n != n || self.data.len() != 2 * ctx.key_rns() * n {
            return Err(CkksError::WrongSize {
                what: "public key words",
                expected: 2 * ctx.key_rns() * n,
                given: self.data.len(),
            });
        }
        self.device
            .get_or_make(ctx, || DeviceCopy::upload(ctx, &self.data))
    }
}

/// Makes a secret key and the keys derived from it.
///
/// Thread safety: `Send` and `Sync`; its methods take `&mut self`, so one thread at a time.
pub struct KeyGenerator<'a> {
    pub(crate) context: &'a Context,
    /// Only for `insecure_from_seed`: the one generator every key is drawn from. Otherwise each
    /// key draws from a fresh OS-seeded generator, dropped (and wiped) right after.
    seeded: Option<SecretRng>,
    pub(crate) secret: SecretKey,
}

impl<'a> KeyGenerator<'a> {
    /// A new uniform ternary secret key from OS-seeded randomness (SEAL's
    /// `KeyGenerator(context)`).
    pub fn new(context: &'a Context) -> Self {
        Self::with_rng(context, None, None)
    }

    /// A new sparse ternary secret key from OS-seeded randomness: exactly `hamming_weight`
    /// coefficients are ±1 (positions and signs uniform), the rest 0. Bootstrapping wants one:
    /// the integer I that ModRaise leaves grows with √h, and with it the degree of EvalMod's
    /// approximation. A sparse secret is weaker than a uniform ternary one of the same degree
    /// and modulus; the bootstrapping presets state the security they claim for theirs.
    ///
    /// ```
    /// use xehe::ckks::{Context, EncryptionParameters, KeyGenerator};
    /// use xehe::primes::SecurityLevel;
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[40, 30, 36])?, SecurityLevel::Tc128)?;
    /// let kg = KeyGenerator::new_sparse(&ctx, 64)?;
    /// assert!(KeyGenerator::new_sparse(&ctx, 0).is_err());
    /// # Ok::<(), xehe::ckks::CkksError>(())
    /// ```
    pub fn new_sparse(context: &'a Context, hamming_weight: usize) -> CkksResult<Self> {
        Self::check_weight(context, hamming_weight)?;
        Ok(Self::with_rng(context, None, Some(hamming_weight)))
    }

    /// [`KeyGenerator::new_sparse`] from a 32-byte seed, for reproducible tests only (as
    /// `insecure_from_seed`).
    #[cfg(feature = "insecure-deterministic-keys")]
    pub fn insecure_sparse_from_seed(
        context: &'a Context,
        hamming_weight: usize,
        seed: [u8; 32],
    ) -> CkksResult<Self> {
        Self::check_weight(context, hamming_weight)?;
        Ok(Self::with_rng(
            context,
            Some(SecretRng::from_seed(seed)),
            Some(hamming_weight),
        ))
    }

    /// A generator for an existing secret key of `context` (SEAL's `KeyGenerator(context,
    /// secret_key)`): public, relinearization and Galois keys made later belong to that
    /// secret, each drawn from fresh OS-seeded randomness. The key must be `context`'s, at its
    /// key level ([`CkksError::ForeignParameters`], [`CkksError::WrongSize`] otherwise). The
    /// generator keeps its own copy of the secret, wiped when it drops.
    ///
    /// ```
    /// use xehe::ckks::{Context, EncryptionParameters, KeyGenerator};
    /// use xehe::primes::SecurityLevel;
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[40, 30, 36])?, SecurityLevel::Tc128)?;
    /// let kg = KeyGenerator::new(&ctx);
    /// let again = KeyGenerator::from_secret_key(&ctx, kg.secret_key())?;
    /// assert_eq!(again.secret_key().data(), kg.secret_key().data());
    /// let other = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[40, 36])?, SecurityLevel::Tc128)?;
    /// assert!(KeyGenerator::from_secret_key(&other, kg.secret_key()).is_err());
    /// # Ok::<(), xehe::ckks::CkksError>(())
    /// ```
    pub fn from_secret_key(context: &'a Context, secret_key: &SecretKey) -> CkksResult<Self> {
        let key = context.key_context_data();
        if secret_key.parms_id != key.parms_id() {
            return Err(CkksError::ForeignParameters { what: "secret key" });
        }
        let words = key.parms().poly_modulus_degree() * key.coeff_modulus().len();
        if secret_key.data.len() != words {
            return Err(CkksError::WrongSize {
                what: "secret key words",
                expected: words,
                given: secret_key.data.len(),
            });
        }
        Ok(KeyGenerator {
            context,
            seeded: None,
            secret: SecretKey {
                parms_id: secret_key.parms_id,
                data: secret_key.data.clone(),
            },
        })
    }

    fn check_weight(context: &Context, weight: usize) -> CkksResult<()> {
        let degree = context.key_context_data().parms().poly_modulus_degree();
        if weight == 0 || weight > degree {
            return Err(CkksError::InvalidHammingWeight { weight, degree });
        }
        Ok(())
    }

    /// Deterministic keys from a 32-byte seed, for reproducible tests only: anyone who knows or
    /// guesses the seed has the secret key. Exists only with the `insecure-deterministic-keys`
    /// feature.
    #[cfg(feature = "insecure-deterministic-keys")]
    pub fn insecure_from_seed(context: &'a Context, seed: [u8; 32]) -> Self {
        Self::with_rng(context, Some(SecretRng::from_seed(seed)), None)
    }

    fn with_rng(context: &'a Context, seeded: Option<SecretRng>, weight: Option<usize>) -> Self {
        let mut kg = KeyGenerator {
            context,
            seeded,
            secret: SecretKey {
                parms_id: context.key_context_data().parms_id(),
                data: Vec::new(),
            },
        };
        let key = context.key_context_data();
        let mut data = kg.draw(|rng| match weight {
            Some(h) => sample_sparse_ternary(rng, key, h),
            None => sample_ternary(rng, key),
        });
        to_ntt(key, &mut data);
        kg.secret.data = std::mem::take(&mut *data);
        kg
    }

    /// Runs `f` with this generator's randomness: the seeded generator, or a fresh OS-seeded
    /// one that is wiped when `f` returns.
    pub(crate) fn draw<R>(&mut self, f: impl FnOnce(&mut SecretRng) -> R) -> R {
        match &mut self.seeded {
            Some(rng) => f(rng),
            None => f(&mut SecretRng::from_entropy()),
        }
    }

    /// A generator of a new sparse ternary secret (`hamming_weight` nonzero coefficients) for
    /// the same context, seeded from this generator's randomness: bootstrapping's
    /// encapsulation secret, which exists only as long as the returned generator (its secret
    /// and its generator state are wiped when it drops).
    pub(crate) fn sparse_companion(&mut self, hamming_weight: usize) -> CkksResult<Self> {
        Self::check_weight(self.context, hamming_weight)?;
        let seed = self.draw(|rng| rng.seeds(1));
        Ok(Self::with_rng(
            self.context,
            Some(SecretRng::from_seed(seed[0])),
            Some(hamming_weight),
        ))
    }

    /// The secret's nonzero coefficients (read modulo the first prime, wiped after): tells a
    /// sparse secret from a dense one.
    pub(crate) fn secret_weight(&self) -> CkksResult<usize> {
        let key = self.context.key_context_data();
        let n = key.parms().poly_modulus_degree();
        let mut row = Zeroizing::new(self.secret.data[..n].to_vec());
        key.ntt_tables()[0].inverse(&mut row)?;
        Ok(row.iter().filter(|&&x| x != 0).count())
    }

    /// The secret key (SEAL's `secret_key()`).
    pub fn secret_key(&self) -> &SecretKey {
        &self.secret
    }

    /// The secret key, taking it out of the generator (`SecretKey` is not `Clone`: one copy to
    /// wipe). [`KeyGenerator::from_secret_key`] makes a generator for it again.
    pub fn into_secret_key(self) -> SecretKey {
        self.secret
    }

    /// A fresh public key (−a·s + e, a) at the key level (SEAL's `create_public_key`).
    pub fn create_public_key(&mut self) -> PublicKey {
        let key = self.context.key_context_data();
        let secret = std::mem::take(&mut self.secret.data);
        let (data, seed) = self.draw(|rng| encrypt_zero_symmetric(rng, key, &secret));
        self.secret.data = secret;
        PublicKey {
            parms_id: key.parms_id(),
            n: key.parms().poly_modulus_degree(),
            data,
            seed: Some(seed),
            device: Default::default(),
        }
    }
}

/// Ternary coefficients, `[rns][coeff]` (coefficient form), zeroized when dropped.
///
/// As SEAL's `sample_poly_ternary`: t ∈ {0, 1, 2} becomes t − 1 through a mask rather than a
/// branch on the secret value.
pub(crate) fn sample_ternary(rng: &mut impl RngCore, level: &ContextData) -> Zeroizing<Vec<u64>> {
    let n = level.parms().poly_modulus_degree();
    let q = level.coeff_modulus();
    let mut out = Zeroizing::new(vec![0u64; n * q.len()]);
    for i in 0..n {
        let t = u64::from(rng.gen_range(0..3u8));
        let is_zero = 0u64.wrapping_sub(u64::from(t == 0));
        for (k, m) in q.iter().enumerate() {
            out[k * n + i] = (t + (is_zero & m.value())).wrapping_sub(1);
        }
    }
    out
}

/// `h` coefficients ±1 at distinct uniform positions, the rest 0, `[rns][coeff]` (coefficient
/// form), zeroized when dropped. Positions are drawn by rejection (a position already taken
/// is drawn again), so every h-subset is equally likely.
pub(crate) fn sample_sparse_ternary(
    rng: &mut impl RngCore,
    level: &ContextData,
    h: usize,
) -> Zeroizing<Vec<u64>> {
    let n = level.parms().poly_modulus_degree();
    let q = level.coeff_modulus();
    let mut out = Zeroizing::new(vec![0u64; n * q.len()]);
    let mut taken = Zeroizing::new(vec![false; n]);
    let mut placed = 0;
    while placed < h {
        let i = rng.gen_range(0..n);
        if taken[i] {
            continue;
        }
        taken[i] = true;
        placed += 1;
        let negative = 0u64.wrapping_sub(u64::from(rng.gen::<bool>()));
        for (k, m) in q.iter().enumerate() {
            // 1, or q − 1 through the sign mask.
            out[k * n + i] = 1 + (negative & (m.value() - 2));
        }
    }
    out
}

/// Centred binomial noise with 21 + 21 coin flips (σ ≈ 3.24, SEAL's default width),
/// `[rns][coeff]` (coefficient form), zeroized when dropped. A negative e becomes q − |e|
/// through its sign mask, as SEAL does, not a branch.
pub(crate) fn sample_noise_over(
    rng: &mut impl RngCore,
    n: usize,
    q: &[Modulus],
) -> Zeroizing<Vec<u64>> {
    let mut out = Zeroizing::new(vec![0u64; n * q.len()]);
    for i in 0..n {
        let bits = rng.next_u64();
        let e =
            (bits & 0x1F_FFFF).count_ones() as i64 - ((bits >> 21) & 0x1F_FFFF).count_ones() as i64;
        let sign = (e >> 63) as u64;
        for (k, m) in q.iter().enumerate() {
            out[k * n + i] = (e as u64).wrapping_add(sign & m.value());
        }
    }
    out
}

/// The forward NTT of every residue polynomial, one prime per core.
pub(crate) fn to_ntt(level: &ContextData, data: &mut [u64]) {
    let n = level.parms().poly_modulus_degree();
    data.par_chunks_mut(n)
        .zip(level.ntt_tables().par_iter())
        .for_each(|(poly, t)| t.forward(poly).expect("sizes match the level"));
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
    let tables: Vec<&NttTables> = level.ntt_tables().iter().collect();
    let n = level.parms().poly_modulus_degree();
    encrypt_zero_over(rng, n, level.coeff_modulus(), &tables, s)
}

/// [`encrypt_zero_symmetric`] over the primes `q` with their NTT tables, `s` given row for row
/// (`[q.len()][n]` at least, NTT form): a key over some of a level's primes only.
pub(crate) fn encrypt_zero_over(
    rng: &mut impl RngCore,
    n: usize,
    q: &[Modulus],
    tables: &[&NttTables],
    s: &[u64],
) -> (Vec<u64>, PrngInfo) {
    let seed = PrngInfo::random(rng);
    let a = sample_poly_uniform(&mut SealPrng::new(seed), q, n);
    let mut e = sample_noise_over(rng, n, q);
    e.par_chunks_mut(n)
        .zip(tables.par_iter())
        .for_each(|(poly, t)| t.forward(poly).expect("sizes match the primes"));
    // Both halves in one allocation of the final size: −a·s + e never moves.
    let mut c0 = vec![0u64; 2 * n * q.len()];
    for (k, m) in q.iter().enumerate() {
        for i in 0..n {
            let j = k * n + i;
            let as_ = m.mul_mod(a[j], s[j]);
            c0[j] = m.sub_mod(e[j], as_);
        }
    }
    c0[n * q.len()..].copy_from_slice(&a);
    (c0, seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dropped_secret_rng_keeps_nothing_of_its_state() {
        let mut slot = std::mem::ManuallyDrop::new(SecretRng(StdRng::from_seed([9; 32])));
        slot.next_u64();
        let before = slot.0.clone();
        // SAFETY: dropped once; StdRng has no drop glue, so the storage (kept by ManuallyDrop)
        // still holds the valid generator the drop wrote, and is only read afterwards.
        unsafe { std::ptr::drop_in_place(&mut *slot) };
        // Compared as values, not as raw bytes: the SIMD-aligned ChaCha core has padding, whose
        // bytes are whatever the stack held (a byte comparison failed now and then in release).
        assert_ne!(before, slot.0);
        assert_eq!(slot.0, StdRng::from_seed([0; 32]));
    }

    #[test]
    fn ternary_and_noise_samples_keep_their_values_with_masks() {
        let parms = super::super::EncryptionParameters::with_bit_sizes(4096, &[40, 30]).unwrap();
        let ctx = Context::new(&parms, crate::primes::SecurityLevel::Tc128).unwrap();
        let level = ctx.key_context_data();
        let q: Vec<u64> = level.coeff_modulus().iter().map(|m| m.value()).collect();
        let mut rng = StdRng::from_seed([3; 32]);
        let t = sample_ternary(&mut rng, level);
        let e = sample_noise_over(&mut rng, 4096, level.coeff_modulus());
        let mut counts = [0usize; 3];
        for i in 0..4096 {
            let v = t[i];
            let signed = if v == q[0] - 1 { -1 } else { v as i64 };
            assert!((-1..=1).contains(&signed), "{v}");
            counts[(signed + 1) as usize] += 1;
            // The same integer modulo each prime.
            assert_eq!(t[4096 + i], if signed < 0 { q[1] - 1 } else { v });
            let en = if e[i] > q[0] / 2 {
                e[i] as i64 - q[0] as i64
            } else {
                e[i] as i64
            };
            assert!(en.abs() <= 21);
            let en1 = if e[4096 + i] > q[1] / 2 {
                e[4096 + i] as i64 - q[1] as i64
            } else {
                e[4096 + i] as i64
            };
            assert_eq!(en, en1);
        }
        assert!(counts.iter().all(|&c| c > 1200), "{counts:?}");
    }
}
