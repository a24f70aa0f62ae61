// Coefficient-wise kernels over RNS polynomial arrays (XeHE's polynomial kernels).
//
// Data layout [poly][rns][coeff]: element (p, r, i) lives at p·n·rns_count + r·n + i.
// ND-range: dimension 0 = xehe_coeff_step(n) (each work-item takes XEHE_COEFFS_PER_ITEM
// coefficients of its row, common/coeffs.h), 1 = RNS component (rns_count), 2 = polynomial.
// Every kernel loads all its words before its first store. `moduli` holds XEHE_MODULUS_WORDS
// words per RNS component (see common/mod_arith.h). Rust mirrors: src/kernels/poly_elementwise.rs.

static inline size_t xehe_poly_row(uint n, uint rns_count) {
    return get_global_id(2) * (size_t)n * rns_count + get_global_id(1) * (size_t)n;
}

__kernel void poly_add(__global const ulong* a, __global const ulong* b, __global ulong* out,
                       __global const ulong* moduli, uint n, uint rns_count) {
    size_t row = xehe_poly_row(n, rns_count);
    ulong q = moduli[get_global_id(1) * XEHE_MODULUS_WORDS];
    ulong x[XEHE_COEFFS_PER_ITEM], y[XEHE_COEFFS_PER_ITEM];
    XEHE_EACH_COEFF(n, k, c) { x[k] = a[row + c]; y[k] = b[row + c]; }
    XEHE_EACH_COEFF(n, k, c) out[row + c] = xehe_add_mod(x[k], y[k], q);
}

__kernel void poly_sub(__global const ulong* a, __global const ulong* b, __global ulong* out,
                       __global const ulong* moduli, uint n, uint rns_count) {
    size_t row = xehe_poly_row(n, rns_count);
    ulong q = moduli[get_global_id(1) * XEHE_MODULUS_WORDS];
    ulong x[XEHE_COEFFS_PER_ITEM], y[XEHE_COEFFS_PER_ITEM];
    XEHE_EACH_COEFF(n, k, c) { x[k] = a[row + c]; y[k] = b[row + c]; }
    XEHE_EACH_COEFF(n, k, c) out[row + c] = xehe_sub_mod(x[k], y[k], q);
}

__kernel void poly_negate(__global const ulong* a, __global ulong* out,
                          __global const ulong* moduli, uint n, uint rns_count) {
    size_t row = xehe_poly_row(n, rns_count);
    ulong q = moduli[get_global_id(1) * XEHE_MODULUS_WORDS];
    ulong x[XEHE_COEFFS_PER_ITEM];
    XEHE_EACH_COEFF(n, k, c) x[k] = a[row + c];
    XEHE_EACH_COEFF(n, k, c) out[row + c] = xehe_neg_mod(x[k], q);
}

__kernel void poly_mul(__global const ulong* a, __global const ulong* b, __global ulong* out,
                       __global const ulong* moduli, uint n, uint rns_count) {
    size_t row = xehe_poly_row(n, rns_count);
    __global const ulong* m = moduli + get_global_id(1) * XEHE_MODULUS_WORDS;
    ulong x[XEHE_COEFFS_PER_ITEM], y[XEHE_COEFFS_PER_ITEM];
    XEHE_EACH_COEFF(n, k, c) { x[k] = a[row + c]; y[k] = b[row + c]; }
    XEHE_EACH_COEFF(n, k, c) out[row + c] = xehe_mul_mod(x[k], y[k], m[0], m[1], m[2]);
}

// One scalar per RNS component (the scalar already reduced modulo that component's prime).
__kernel void poly_mul_scalar(__global const ulong* a, __global const ulong* scalars,
                              __global ulong* out, __global const ulong* moduli, uint n,
                              uint rns_count) {
    size_t row = xehe_poly_row(n, rns_count);
    __global const ulong* m = moduli + get_global_id(1) * XEHE_MODULUS_WORDS;
    ulong s = scalars[get_global_id(1)];
    ulong x[XEHE_COEFFS_PER_ITEM];
    XEHE_EACH_COEFF(n, k, c) x[k] = a[row + c];
    XEHE_EACH_COEFF(n, k, c) out[row + c] = xehe_mul_mod(x[k], s, m[0], m[1], m[2]);
}

// out = a·b + c, one reduction (XeHE's fused mad_mod).
__kernel void poly_mad(__global const ulong* a, __global const ulong* b, __global const ulong* c,
                       __global ulong* out, __global const ulong* moduli, uint n,
                       uint rns_count) {
    size_t row = xehe_poly_row(n, rns_count);
    __global const ulong* m = moduli + get_global_id(1) * XEHE_MODULUS_WORDS;
    ulong x[XEHE_COEFFS_PER_ITEM], y[XEHE_COEFFS_PER_ITEM], z[XEHE_COEFFS_PER_ITEM];
    XEHE_EACH_COEFF(n, k, i) { x[k] = a[row + i]; y[k] = b[row + i]; z[k] = c[row + i]; }
    XEHE_EACH_COEFF(n, k, i) out[row + i] = xehe_mad_mod(x[k], y[k], z[k], m[0], m[1], m[2]);
}
