//! `EncryptionParameters` (SEAL's class of that name, CKKS scheme): the polynomial modulus degree
//! and the coefficient modulus. They are checked when a [`crate::ckks::context::Context`] is built from them,
//! as in SEAL.
#![warn(missing_docs)]

use crate::arith::Modulus;
use crate::ckks::error::CkksResult;
use crate::primes::CoeffModulus;
pub use crate::primes::COEFF_MOD_COUNT_MAX;

/// Smallest polynomial modulus degree xehe's CKKS supports.
pub const POLY_MODULUS_DEGREE_MIN: usize = 4096;
/// Largest polynomial modulus degree xehe's CKKS supports.
pub const POLY_MODULUS_DEGREE_MAX: usize = 65536;

/// Bytes of NTT tables a [`crate::ckks::Context`] of degree `degree` over `primes` primes
/// holds on the host: each prime's forward and inverse root powers with their Shoup quotients
/// (four words per coefficient), once per prime however many levels hold it.
///
/// ```
/// use xehe::ckks::ntt_table_bytes;
/// assert_eq!(ntt_table_bytes(8192, 4), 1 << 20); // N = 2^13 over 60,40,40,60: 1 MiB
/// ```
pub const fn ntt_table_bytes(degree: usize, primes: usize) -> usize {
    primes * degree * 4 * std::mem::size_of::<u64>()
}

/// The NTT tables of the largest context [`crate::ckks::Context::new`] accepts, degree
/// [`POLY_MODULUS_DEGREE_MAX`] (2^16) over [`COEFF_MOD_COUNT_MAX`] (64) primes: 128 MiB. The
/// encoder adds 40 bytes a coefficient (2.5 MiB at 2^16), keys and ciphertexts what their
/// sizes say.
pub const CONTEXT_TABLE_BYTES_MAX: usize =
    ntt_table_bytes(POLY_MODULUS_DEGREE_MAX, COEFF_MOD_COUNT_MAX);

/// Identifies one set of parameters (one level of a modulus chain): SEAL's `parms_id_type`, the
/// 256-bit BLAKE2b hash of the words (scheme, degree, primes…, plain modulus), so an id read
/// from a SEAL file names the same level here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ParmsId(pub [u64; 4]);

impl std::fmt::Display for ParmsId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for w in self.0 {
            write!(f, "{w:016x}")?;
        }
        Ok(())
    }
}

/// SEAL's scheme number for CKKS (`scheme_type::ckks`).
pub const SCHEME_CKKS: u8 = 2;

/// CKKS encryption parameters.
///
/// Thread safety: `Send + Sync`; a plain value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncryptionParameters {
    poly_modulus_degree: usize,
    coeff_modulus: Vec<Modulus>,
    special_prime_count: usize,
}

/// The most special primes a context may have: the device's base conversions sum that many
/// 122-bit products in 128 bits before one reduction.
pub const SPECIAL_PRIME_COUNT_MAX: usize = 16;

impl EncryptionParameters {
    /// Parameters from a degree and primes (checked by [`crate::ckks::context::Context::new`]).
    pub fn new(poly_modulus_degree: usize, coeff_modulus: Vec<Modulus>) -> Self {
        EncryptionParameters {
            poly_modulus_degree,
            coeff_modulus,
            special_prime_count: 1,
        }
    }

    /// The same parameters with the last `count` primes special (hybrid key switching): keys
    /// live over every prime, data over the others, and key switching decomposes a
    /// ciphertext into ⌈L / count⌉ digits of `count` primes each. The default, 1, is SEAL's
    /// layout (one digit per prime) and gives SEAL's words; [`crate::ckks::Context::new`] checks
    /// the count.
    ///
    /// ```
    /// use xehe::ckks::{Context, EncryptionParameters};
    /// use xehe::primes::SecurityLevel;
    /// let parms = EncryptionParameters::with_bit_sizes(8192, &[40, 30, 30, 30, 40, 40])?
    ///     .with_special_primes(2);
    /// let context = Context::new(&parms, SecurityLevel::Tc128)?;
    /// assert_eq!(context.first_context_data().coeff_modulus().len(), 4);
    /// assert_eq!(context.decomposition_digits(4), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_special_primes(mut self, count: usize) -> Self {
        self.special_prime_count = count;
        self
    }

    /// How many of the last primes are special (1 unless [`Self::with_special_primes`] says).
    pub fn special_prime_count(&self) -> usize {
        self.special_prime_count
    }

    /// Parameters with primes from [`CoeffModulus::create`] (SEAL's usual way: e.g.
    /// `[60, 40, 40, 60]`, the last one the special prime).
    pub fn with_bit_sizes(poly_modulus_degree: usize, bit_sizes: &[u32]) -> CkksResult<Self> {
        Ok(Self::new(
            poly_modulus_degree,
            CoeffModulus::create(poly_modulus_degree as u64, bit_sizes)?,
        ))
    }

    /// The polynomial modulus degree N (SEAL's `poly_modulus_degree()`).
    pub fn poly_modulus_degree(&self) -> usize {
        self.poly_modulus_degree
    }

    /// The primes, the special ones last (SEAL's `coeff_modulus()`).
    pub fn coeff_modulus(&self) -> &[Modulus] {
        &self.coeff_modulus
    }

    /// The identifier of these parameters, as SEAL computes it (CKKS has plain modulus 0, one
    /// word). With more than one special prime (xehe's extension) the count is hashed as one
    /// more word, so that keys made for one count are never taken for another's; the data
    /// levels of such a context have the count 1 and SEAL's ids.
    pub fn parms_id(&self) -> ParmsId {
        let extension = (self.special_prime_count > 1).then_some(self.special_prime_count as u64);
        let words = [SCHEME_CKKS as u64, self.poly_modulus_degree as u64]
            .into_iter()
            .chain(self.coeff_modulus.iter().map(|q| q.value()))
            .chain(std::iter::once(0))
            .chain(extension);
        let mut state = blake2b_simd::Params::new().hash_length(32).to_state();
        for w in words {
            state.update(&w.to_le_bytes());
        }
        let hash = state.finalize();
        let mut id = [0u64; 4];
        for (w, chunk) in id.iter_mut().zip(hash.as_bytes().chunks_exact(8)) {
            *w = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        }
        ParmsId(id)
    }

    /// The same degree with the last `count` primes dropped and one special prime (a data
    /// level of the chain).
    pub(crate) fn drop_last_primes(&self, count: usize) -> Self {
        let k = self.coeff_modulus.len() - count;
        Self::new(self.poly_modulus_degree, self.coeff_modulus[..k].to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `SEALContext(parms).key_parms_id()` and `first_parms_id()` from tenseal.sealapi for
    /// N = 4096, `CoeffModulus.Create(4096, [40, 20, 40])`.
    #[test]
    fn parms_id_is_seals() {
        let p = EncryptionParameters::with_bit_sizes(4096, &[40, 20, 40]).unwrap();
        assert_eq!(
            p.parms_id(),
            ParmsId([
                879921153819341976,
                10661494342741775710,
                9337344122510113339,
                11413638318354452765
            ])
        );
        assert_eq!(
            p.drop_last_primes(1).parms_id(),
            ParmsId([
                13112782603333258744,
                2650017083964869430,
                9082679718605083137,
                15863564342862343578
            ])
        );
    }

    #[test]
    fn several_special_primes_change_the_id() {
        let p = EncryptionParameters::with_bit_sizes(4096, &[40, 20, 40]).unwrap();
        let two = p.clone().with_special_primes(2);
        assert_ne!(p.parms_id(), two.parms_id());
        assert_eq!(p.parms_id(), p.clone().with_special_primes(1).parms_id());
    }
}
