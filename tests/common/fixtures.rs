//! Fixtures of the CKKS tests: contexts, keys from a seed, input values, encryption and
//! decryption, and how far a result is from what was expected. Each value generator is
//! deterministic in its seed, so a test names the data it checks by (seed, count).

use std::ops::Range;

use rand::{Rng, SeedableRng};
use xehe::ckks::{
    Ciphertext, CkksEncoder, Complex64, Context, Decryptor, EncryptionParameters, Encryptor,
    GaloisKeys, KeyGenerator, PublicKey, RelinKeys,
};
use xehe::primes::SecurityLevel;

/// The context of degree `n` with primes of `bits` (the last one special), checked against the
/// HE standard's 128-bit table.
pub fn context(n: usize, bits: &[u32]) -> Context {
    context_at(n, bits, SecurityLevel::Tc128)
}

/// [`context`] without the security check: small, fast parameters that are not secure.
pub fn insecure_context(n: usize, bits: &[u32]) -> Context {
    context_at(n, bits, SecurityLevel::None)
}

/// [`context`] checked at `security`.
pub fn context_at(n: usize, bits: &[u32], security: SecurityLevel) -> Context {
    Context::new(
        &EncryptionParameters::with_bit_sizes(n, bits).unwrap(),
        security,
    )
    .unwrap()
}

/// An insecure context whose data primes of `data_bits` are followed by one special prime for
/// each of `special_bits` (hybrid key switching when there are several).
pub fn insecure_context_with_specials(
    n: usize,
    data_bits: &[u32],
    special_bits: &[u32],
) -> Context {
    let bits = [data_bits, special_bits].concat();
    let parms = EncryptionParameters::with_bit_sizes(n, &bits)
        .unwrap()
        .with_special_primes(special_bits.len());
    Context::new(&parms, SecurityLevel::None).unwrap()
}

/// SEAL's parameters of tests/data/seal/io (saved by SEAL 4), checked at 128 bits.
pub fn seal_io_context() -> Context {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/seal/io/parms.seal");
    let parms = EncryptionParameters::load(&mut &std::fs::read(path).unwrap()[..]).unwrap();
    Context::new(&parms, SecurityLevel::Tc128).unwrap()
}

/// Rotation steps whose Galois keys the device evaluator's tests make: both directions, and a
/// step of two terms in its non-adjacent form (5 = 4 + 1).
pub const STEPS: [i64; 3] = [1, -3, 5];

/// A context with the keys of one key seed: public, relinearization, and Galois keys for some
/// steps and conjugation. The secret key is not kept (it cannot be cloned): [`Fixture::keygen`]
/// draws it again from the seed.
pub struct Fixture {
    /// Printed in failure messages where a bound must hold for any key.
    pub seed: [u8; 32],
    pub ctx: Context,
    pub pk: PublicKey,
    pub rk: RelinKeys,
    pub gk: GaloisKeys,
}

impl Fixture {
    /// Keys from a fresh OS-drawn seed, with Galois keys for `steps` and conjugation.
    pub fn new(ctx: Context, steps: &[i64]) -> Self {
        Self::with_seed(ctx, super::key_seeds(1)[0], steps)
    }

    /// Keys from `seed` (the public key first, then relinearization, then Galois keys: the
    /// seed's stream is drawn in that order).
    pub fn with_seed(ctx: Context, seed: [u8; 32], steps: &[i64]) -> Self {
        let mut kg = KeyGenerator::insecure_from_seed(&ctx, seed);
        let pk = kg.create_public_key();
        let rk = kg.create_relin_keys().unwrap();
        let gk = kg.create_galois_keys_for_steps(steps, true).unwrap();
        Fixture {
            seed,
            ctx,
            pk,
            rk,
            gk,
        }
    }

    /// A key generator of the fixture's seed: it holds the fixture's secret key again.
    pub fn keygen(&self) -> KeyGenerator<'_> {
        KeyGenerator::insecure_from_seed(&self.ctx, self.seed)
    }

    /// `x` encoded at `scale` on the first level and encrypted with the public key.
    pub fn encrypt(&self, x: &[f64], scale: f64) -> Ciphertext {
        let pt = CkksEncoder::new(&self.ctx).encode(x, scale).unwrap();
        Encryptor::new(&self.ctx, &self.pk)
            .unwrap()
            .encrypt(&pt)
            .unwrap()
    }
}

/// The real parts of the slots `ct` decrypts to.
pub fn decrypt(enc: &CkksEncoder, dec: &Decryptor, ct: &Ciphertext) -> Vec<f64> {
    enc.decode(&dec.decrypt(ct).unwrap()).unwrap()
}

/// The slots `ct` decrypts to.
pub fn decrypt_complex(enc: &CkksEncoder, dec: &Decryptor, ct: &Ciphertext) -> Vec<Complex64> {
    enc.decode_complex(&dec.decrypt(ct).unwrap()).unwrap()
}

/// `count` values uniform in [−1, 1) from `StdRng` seeded with `seed`.
pub fn values(seed: u64, count: usize) -> Vec<f64> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    (0..count).map(|_| rng.gen_range(-1.0..1.0)).collect()
}

/// `count` complex values, real then imaginary part of each uniform in `range`, from `StdRng`
/// seeded with `seed`.
pub fn complex_values(seed: u64, count: usize, range: Range<f64>) -> Vec<Complex64> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    (0..count)
        .map(|_| Complex64::new(rng.gen_range(range.clone()), rng.gen_range(range.clone())))
        .collect()
}

/// The generator of the scripts that made the SEAL fixtures (tests/tools/*.py), exact in both
/// languages: ((k · 2654435761 + salt) mod 2^32) / 2^32, in [0, 1).
pub fn seal_unit(k: u64, salt: u64) -> f64 {
    ((k * 2654435761 + salt) % (1u64 << 32)) as f64 / 4294967296.0
}

/// `count` values 2·u − 1 in [−1, 1) of [`seal_unit`] with `salt`: the SEAL fixtures' inputs.
pub fn seal_values(salt: u64, count: usize) -> Vec<f64> {
    (0..count as u64)
        .map(|k| 2.0 * seal_unit(k, salt) - 1.0)
        .collect()
}

/// `count` complex values with |z| ≤ 1 (each part on a grid of 2001 points in [−1, 1], times
/// 1/√2), from a fixed arithmetic sequence rather than a random generator: bootstrapping's
/// bound needs |z| ≤ 1.
pub fn unit_disk_values(seed: u64, count: usize) -> Vec<Complex64> {
    (0..count)
        .map(|i| {
            let a = ((i as u64 * 2654435761 + seed) % 2001) as f64 / 1000.0 - 1.0;
            let b = ((i as u64 * 40503 + 7 * seed) % 2001) as f64 / 1000.0 - 1.0;
            Complex64::new(a, b) * std::f64::consts::FRAC_1_SQRT_2
        })
        .collect()
}

/// The largest |got − want| over the slots both have.
pub fn max_error(got: &[f64], want: &[f64]) -> f64 {
    got.iter()
        .zip(want)
        .map(|(g, w)| (g - w).abs())
        .fold(0.0, f64::max)
}

/// The largest |got − want| over the complex slots both have.
pub fn max_complex_error(got: &[Complex64], want: &[Complex64]) -> f64 {
    got.iter()
        .zip(want)
        .map(|(g, w)| (g - w).norm())
        .fold(0.0, f64::max)
}

/// A ciphertext's words, read back from wherever they are.
pub fn words(c: &Ciphertext) -> Vec<u64> {
    c.data().unwrap().into_owned()
}

/// The bits of each part of each value: equal only if the doubles are, bit for bit.
pub fn complex_bits(v: &[Complex64]) -> Vec<(u64, u64)> {
    v.iter().map(|z| (z.re.to_bits(), z.im.to_bits())).collect()
}
