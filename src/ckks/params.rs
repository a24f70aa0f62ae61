//! `EncryptionParameters` (SEAL's class of that name, CKKS scheme): the polynomial modulus degree
//! and the coefficient modulus. They are checked when a [`super::Context`] is built from them,
//! as in SEAL.

use super::CkksResult;
use crate::arith::Modulus;
use crate::primes::CoeffModulus;

/// Smallest polynomial modulus degree xehe's CKKS supports.
pub const POLY_MODULUS_DEGREE_MIN: usize = 4096;
/// Largest polynomial modulus degree xehe's CKKS supports.
pub const POLY_MODULUS_DEGREE_MAX: usize = 65536;

/// Identifies one set of parameters (one level of a modulus chain), as SEAL's `parms_id_type`:
/// a 64-bit FNV-1a hash of the degree and the primes (SEAL hashes with SHA-3; only equality
/// matters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ParmsId(pub u64);

/// CKKS encryption parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncryptionParameters {
    poly_modulus_degree: usize,
    coeff_modulus: Vec<Modulus>,
}

impl EncryptionParameters {
    /// Parameters from a degree and primes (checked by [`super::Context::new`]).
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

    /// The identifier of these parameters.
    pub fn parms_id(&self) -> ParmsId {
        const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
        const PRIME: u64 = 0x0000_0100_0000_01b3;
        let words = std::iter::once(self.poly_modulus_degree as u64)
            .chain(self.coeff_modulus.iter().map(|q| q.value()));
        let mut h = OFFSET;
        for w in words {
            for b in w.to_le_bytes() {
                h = (h ^ b as u64).wrapping_mul(PRIME);
            }
        }
        ParmsId(h)
    }

    /// The same degree with the last prime dropped (the next level of the chain).
    pub(crate) fn drop_last_prime(&self) -> Self {
        let k = self.coeff_modulus.len() - 1;
        Self::new(self.poly_modulus_degree, self.coeff_modulus[..k].to_vec())
    }
}
