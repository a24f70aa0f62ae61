//! Primes for RNS chains: primality, SEAL's `CoeffModulus`, the 32-bit tier's prime families
//! ([`level_family`]), and minimal primitive roots.

mod coeff_modulus;
mod level_family;
mod roots;

pub use crate::arith::is_prime;
pub(crate) use coeff_modulus::check_degree;
pub use coeff_modulus::{
    get_primes, CoeffModulus, SecurityLevel, COEFF_MOD_COUNT_MAX, POLY_MOD_DEGREE_MAX,
    POLY_MOD_DEGREE_MIN, USER_MOD_BIT_COUNT_MAX, USER_MOD_BIT_COUNT_MIN,
};
pub use level_family::{
    level_family, FamilyLevel, FamilyPreset, LevelFamily, LevelLayout, TIER32_COEFF_MOD_COUNT_MAX,
    TIER32_RATIO_BOUND_BITS, TIER32_SCALE_BITS_MAX, TIER32_SCALE_BITS_MIN, TIER32_SCALE_BOUND_BITS,
};
pub use roots::{is_primitive_root, minimal_primitive_root};
