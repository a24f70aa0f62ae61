//! Modular arithmetic shared by the host code and (in OpenCL C) the device kernels.
//!
//! - [`Modulus`]: q < 2^61 with its Barrett constant; add/sub/negate, `mul_mod`, fused `mad_mod`,
//!   pow, inverse.
//! - [`ShoupOperand`]: multiplication by a fixed operand with a precomputed quotient.
//! - [`lazy`]: Harvey's lazy-reduction helpers for butterflies.
//! - [`is_prime`]: deterministic Miller–Rabin for every 64-bit integer.
//! - [`barrett`]: the three Barrett variants of Shivdikar et al. for 32- and 64-bit words.
//! - [`Word`]: the u32 and u64 device words, their products, moduli rows and Shoup quotients.

pub mod barrett;
pub mod lazy;
mod miller_rabin;
mod modulus;
mod shoup;
pub mod word;

pub use miller_rabin::is_prime;
pub(crate) use miller_rabin::pow_mod;
pub use modulus::{mul_hi, Modulus, MAX_MODULUS_BITS};
pub use shoup::ShoupOperand;
pub use word::Word;
