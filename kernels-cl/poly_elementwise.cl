// xehe-build: poly_elementwise= poly_elementwise_w32=-DXEHE_WORD_BITS=32
// Coefficient-wise kernels over RNS polynomial arrays (XeHE's polynomial kernels).
//
// Data layout [poly][rns][coeff]: element (p, r, i) lives at p·n·rns_count + r·n + i.
// ND-range: dimension 0 = coefficient (n), 1 = RNS component (rns_count), 2 = polynomial.
// `moduli` holds XEHE_MODULUS_WORDS words per RNS component (see common/mod_arith.h).
// Rust mirrors: src/kernels/poly_elementwise.rs.

static inline size_t xehe_poly_offset(uint n, uint rns_count) {
    return get_global_id(2) * (size_t)n * rns_count + get_global_id(1) * (size_t)n + get_global_id(0);
}

__kernel void poly_add(__global const word_t* a, __global const word_t* b, __global word_t* out,
                       __global const word_t* moduli, uint n, uint rns_count) {
    size_t i = xehe_poly_offset(n, rns_count);
    word_t q = moduli[get_global_id(1) * XEHE_MODULUS_WORDS];
    out[i] = xehe_add_mod(a[i], b[i], q);
}

__kernel void poly_sub(__global const word_t* a, __global const word_t* b, __global word_t* out,
                       __global const word_t* moduli, uint n, uint rns_count) {
    size_t i = xehe_poly_offset(n, rns_count);
    word_t q = moduli[get_global_id(1) * XEHE_MODULUS_WORDS];
    out[i] = xehe_sub_mod(a[i], b[i], q);
}

__kernel void poly_negate(__global const word_t* a, __global word_t* out,
                          __global const word_t* moduli, uint n, uint rns_count) {
    size_t i = xehe_poly_offset(n, rns_count);
    word_t q = moduli[get_global_id(1) * XEHE_MODULUS_WORDS];
    out[i] = xehe_neg_mod(a[i], q);
}

__kernel void poly_mul(__global const word_t* a, __global const word_t* b, __global word_t* out,
                       __global const word_t* moduli, uint n, uint rns_count) {
    size_t i = xehe_poly_offset(n, rns_count);
    __global const word_t* m = moduli + get_global_id(1) * XEHE_MODULUS_WORDS;
    out[i] = xehe_mul_mod_row(a[i], b[i], m);
}

// One scalar per RNS component (the scalar already reduced modulo that component's prime).
__kernel void poly_mul_scalar(__global const word_t* a, __global const word_t* scalars,
                              __global word_t* out, __global const word_t* moduli, uint n,
                              uint rns_count) {
    size_t i = xehe_poly_offset(n, rns_count);
    __global const word_t* m = moduli + get_global_id(1) * XEHE_MODULUS_WORDS;
    out[i] = xehe_mul_mod_row(a[i], scalars[get_global_id(1)], m);
}

// out = a·b + c, one reduction (XeHE's fused mad_mod).
__kernel void poly_mad(__global const word_t* a, __global const word_t* b, __global const word_t* c,
                       __global word_t* out, __global const word_t* moduli, uint n,
                       uint rns_count) {
    size_t i = xehe_poly_offset(n, rns_count);
    __global const word_t* m = moduli + get_global_id(1) * XEHE_MODULUS_WORDS;
    out[i] = xehe_mad_mod_row(a[i], b[i], c[i], m);
}
