//! `EncryptionParameters` (SEAL's class of that name, CKKS scheme): the polynomial modulus degree
//! and the coefficient modulus. They are checked when a [`crate::ckks::context::Context`] is built from them,
//! as in SEAL.

use crate::arith::Modulus;
use crate::ckks::error::CkksResult;
use crate::primes::CoeffModulus;

/// Smallest polynomial modulus degree xehe's CKKS supports.
pub const POLY_MODULUS_DEGREE_MIN: usize = 4096;
/// Largest polynomial modulus degree xehe's CKKS supports.
pub const POLY_MODULUS_DEGREE_MAX: usize = 65536;

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
}

impl EncryptionParameters {
    /// Parameters from a degree and primes (checked by [`crate::ckks::context::Context::new`]).
    pub fn new(poly_modulus_degree: usize, coeff_modulus: Vec<Modulus>) -> Self {
        EncryptionParameters {
            poly_modulus_degree,
            coeff_modulus,
        }
    }

    /// Parameters with primes from [`CoeffModulus::create`] (SEAL's usual way: e.g.
    /// `[60, 40, 40, 60]`, the last one the special prime).
    pub fn with_bit_sizes(poly_modulus_degree: usize, bit_sizes: &[u32]) -> CkksResult<Self> {
        Ok(Self::new(
            poly_modulus_degree,
            CoeffModulus::create(poly_modulus_degree as u64, bit_sizes)?,
        ))
    }

    pub fn poly_modulus_degree(&self) -> usize {
        self.poly_modulus_degree
    }

    pub fn coeff_modulus(&self) -> &[Modulus] {
        &self.coeff_modulus
    }

    /// The identifier of these parameters, as SEAL computes it (CKKS has plain modulus 0, one
    /// word).
    pub fn parms_id(&self) -> ParmsId {
        let words = [SCHEME_CKKS as u64, self.poly_modulus_degree as u64]
            .into_iter()
            .chain(self.coeff_modulus.iter().map(|q| q.value()))
            .chain(std::iter::once(0));
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

    /// The same degree with the last prime dropped (the next level of the chain).
    pub(crate) fn drop_last_prime(&self) -> Self {
        let k = self.coeff_modulus.len() - 1;
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
            p.drop_last_prime().parms_id(),
            ParmsId([
                13112782603333258744,
                2650017083964869430,
                9082679718605083137,
                15863564342862343578
            ])
        );
    }
}
