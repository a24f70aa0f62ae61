//! Rust mirror of kernels-cl/common/coeffs.h: how coefficient-wise kernels spread a row's
//! coefficients over work-items (each takes [`COEFFS_PER_ITEM`] of them, [`coeff_step`] apart).

/// `XEHE_COEFFS_PER_ITEM`.
pub const COEFFS_PER_ITEM: usize = 4;

/// `xehe_coeff_step`: the ND-range's dimension 0 for rows of `n` coefficients, and the distance
/// between one work-item's coefficients.
pub fn coeff_step(n: usize) -> usize {
    n.div_ceil(COEFFS_PER_ITEM)
}

/// `XEHE_EACH_COEFF`: (slot, coefficient) for the work-item of dimension-0 id `g`.
pub fn each_coeff(g: usize, n: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..COEFFS_PER_ITEM)
        .map(move |k| (k, g + k * coeff_step(n)))
        .filter(move |&(_, c)| c < n)
}
