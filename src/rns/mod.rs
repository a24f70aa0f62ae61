//! Residue number system: bases with CRT, base conversion, division by primes (with rational
//! rescaling by dropped and restored primes), and the `[poly][rns][coeff]` array layout.

mod base;
mod base_conv;
mod divide;
mod rational;
mod shape;

pub use base::RnsBase;
pub use base_conv::BaseConverter;
pub use divide::{
    divide_round_consts, divide_round_consts_product, half_product_mod, mod_down_shift_mod,
    product_mod,
};
pub(crate) use rational::RescaleDevicePlan;
pub use rational::{RationalRescale, RescaleRounding};
pub use shape::RnsShape;
