//! Residue number system: bases with CRT, and the `[poly][rns][coeff]` array layout.

mod base;
mod divide;
mod layout;

pub use base::RnsBase;
pub use divide::divide_round_consts;
pub use layout::RnsPolyLayout;
