//! Residue number system: bases with CRT, and the `[poly][rns][coeff]` array layout.

mod base;
mod base_conv;
mod divide;
mod shape;

pub use base::RnsBase;
pub use base_conv::BaseConverter;
pub use divide::{
    divide_round_consts, divide_round_consts_product, half_product_mod, mod_down_shift_mod,
    product_mod,
};
pub use shape::RnsShape;
