//! Residue number system: bases with CRT, and the `[poly][rns][coeff]` array layout.

mod base;
mod divide;
mod shape;

pub use base::RnsBase;
pub use divide::divide_round_consts;
pub use shape::RnsShape;
