//! Primes for RNS chains: primality, SEAL's `CoeffModulus`, and minimal primitive roots.

mod coeff_modulus;
mod roots;

pub use crate::arith::is_prime;
pub(crate) use coeff_modulus::check_degree;
pub use coeff_modulus::{
    get_primes, CoeffModulus, SecurityLevel, COEFF_MOD_COUNT_MAX, POLY_MOD_DEGREE_MAX,
    POLY_MOD_DEGREE_MIN, USER_MOD_BIT_COUNT_MAX, USER_MOD_BIT_COUNT_MIN,
};
pub use roots::{is_primitive_root, minimal_primitive_root};
