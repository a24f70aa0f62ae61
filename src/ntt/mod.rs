//! The CPU negacyclic NTT (SEAL-compatible tables and output order) and polynomial products.
//!
//! This is the reference implementation: device kernels must reproduce its outputs bit for bit.

mod harvey;
mod negacyclic;
mod permutation;
mod tables;

pub use negacyclic::{negacyclic_multiply, negacyclic_schoolbook};
pub use permutation::galois_permutation;
pub use tables::{reverse_bits, NttTables, NTT_MAX_DEGREE, NTT_MIN_DEGREE};
