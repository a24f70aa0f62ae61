// Coefficient-wise kernels (poly_elementwise.cl, the plaintext products of ckks_multiply.cl):
// each work-item takes XEHE_COEFFS_PER_ITEM coefficients of its row, xehe_coeff_step(n) apart,
// so that a sub-group's loads still read consecutive words while each work-item has that many
// loads in flight before its first store, and the GPU schedules a quarter of the work-groups.
// ND-range dimension 0 is then xehe_coeff_step(n). Rust mirror: src/kernels/coeffs.rs.
#define XEHE_COEFFS_PER_ITEM 4

static inline uint xehe_coeff_step(uint n) {
    return (n + XEHE_COEFFS_PER_ITEM - 1) / XEHE_COEFFS_PER_ITEM;
}

// The statement after it runs for slot k = 0, 1, … of the work-item's coefficients c < n.
#define XEHE_EACH_COEFF(n, k, c)                                                             \
    for (uint k = 0, c = (uint)get_global_id(0); k < XEHE_COEFFS_PER_ITEM;                  \
         k++, c += xehe_coeff_step(n))                                                      \
        if (c < (n))
