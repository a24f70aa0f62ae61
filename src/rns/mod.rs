//! Residue number system: bases with CRT, and the `[poly][rns][coeff]` array layout.

mod base;
mod layout;

pub use base::RnsBase;
pub use layout::RnsPolyLayout;
