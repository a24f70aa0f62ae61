// xehe-build: ntt_forward= ntt_forward_w32=-DXEHE_WORD_BITS=32
// Forward negacyclic NTT (SEAL's transform_to_rev: Cooley-Tukey, Harvey lazy butterflies, values in
// [0, 4q), bit-reversed output) over [poly][rns][coeff] batches.
//
// Round m (m = 1, 2, ..., n/2) has m blocks of length 2t, t = n / (2m); block i uses root power
// roots[m + i] (SEAL's table order). Tables: roots / roots_shoup are [rns][n].
// ND-range: dimension 0 = work-items of one polynomial, 1 = RNS component, 2 = polynomial.
// Rust mirrors: src/kernels/ntt_forward.rs.

// One radix-2 round through global memory: n/2 work-items per polynomial.
// `reduce` != 0 brings the outputs to [0, q) (the final round of the fused variant).
__kernel void ntt_fwd_radix2(__global word_t* data, __global const word_t* roots,
                             __global const word_t* roots_shoup, __global const word_t* moduli,
                             uint n, uint rns_count, uint m, uint reduce) {
    uint k = get_global_id(0);
    uint rns = get_global_id(1);
    __global word_t* p = data + xehe_poly_base(n, rns_count);
    uint t = n / (2 * m);
    uint i = k >> (31 - clz(t));
    uint j = 2 * i * t + (k & (t - 1));
    word_t q = moduli[rns * XEHE_MODULUS_WORDS];
    word_t two_q = 2 * q;
    size_t wi = (size_t)rns * n + m + i;
    word_t x = p[j];
    word_t y = p[j + t];
    xehe_ct_butterfly(&x, &y, roots[wi], roots_shoup[wi], q, two_q);
    if (reduce) {
        x = xehe_reduce_4q(x, q, two_q);
        y = xehe_reduce_4q(y, q, two_q);
    }
    p[j] = x;
    p[j + t] = y;
}

// [0, 4q) -> [0, q) over the whole array (the separate correction of the naive variant).
__kernel void ntt_reduce_4q(__global word_t* data, __global const word_t* moduli, uint n,
                            uint rns_count) {
    size_t i = xehe_poly_base(n, rns_count) + get_global_id(0);
    word_t q = moduli[get_global_id(1) * XEHE_MODULUS_WORDS];
    data[i] = xehe_reduce_4q(data[i], q, 2 * q);
}

// 2^log_r rounds (m, 2m, ..., m·2^(log_r-1)) in registers: each work-item owns the 2^log_r
// elements o + c·t_min (c = 0 .. 2^log_r - 1) of block i, t_min the last round's gap.
static inline void xehe_ntt_fwd_pass(__global word_t* data, __global const word_t* roots,
                              __global const word_t* roots_shoup, __global const word_t* moduli,
                              uint n, uint rns_count, uint m, const uint log_r) {
    const uint r = 1u << log_r;
    uint k = get_global_id(0);
    uint rns = get_global_id(1);
    uint t = n / (2 * m);
    uint t_min = t >> (log_r - 1);
    uint i = k >> (31 - clz(t_min));
    uint o = k & (t_min - 1);
    __global word_t* p = data + xehe_poly_base(n, rns_count) + 2 * i * t + o;
    __global const word_t* w = roots + (size_t)rns * n;
    __global const word_t* ws = roots_shoup + (size_t)rns * n;
    word_t q = moduli[rns * XEHE_MODULUS_WORDS];
    word_t two_q = 2 * q;
    word_t x[16];
    for (uint c = 0; c < r; c++) x[c] = p[c * t_min];
    xehe_fwd_tree(x, w, ws, q, two_q, m, i, log_r);
    for (uint c = 0; c < r; c++) p[c * t_min] = x[c];
}

// n/4, n/8, n/16 work-items per polynomial.
__kernel void ntt_fwd_radix4(__global word_t* data, __global const word_t* roots,
                             __global const word_t* roots_shoup, __global const word_t* moduli,
                             uint n, uint rns_count, uint m) {
    xehe_ntt_fwd_pass(data, roots, roots_shoup, moduli, n, rns_count, m, 2);
}

__kernel void ntt_fwd_radix8(__global word_t* data, __global const word_t* roots,
                             __global const word_t* roots_shoup, __global const word_t* moduli,
                             uint n, uint rns_count, uint m) {
    xehe_ntt_fwd_pass(data, roots, roots_shoup, moduli, n, rns_count, m, 3);
}

__kernel void ntt_fwd_radix16(__global word_t* data, __global const word_t* roots,
                              __global const word_t* roots_shoup, __global const word_t* moduli,
                              uint n, uint rns_count, uint m) {
    xehe_ntt_fwd_pass(data, roots, roots_shoup, moduli, n, rns_count, m, 4);
}

// Every round from m on (blocks of n / m words) in local memory, one work-group per block,
// log_r rounds between barriers (then single rounds for what is left), and the correction to
// [0, q) when `reduce` != 0 (fused final stage).
static inline void xehe_ntt_fwd_local(__global word_t* data, __global const word_t* roots,
                                      __global const word_t* roots_shoup,
                                      __global const word_t* moduli, uint n, uint rns_count,
                                      uint m, uint reduce, __local word_t* buf, const uint log_r) {
    xehe_ntt_fwd_stage(data, data, roots, roots_shoup, moduli, n, rns_count, m, 31 - clz(n / m),
                       0, reduce, buf, log_r);
}

__kernel void ntt_fwd_local(__global word_t* data, __global const word_t* roots,
                            __global const word_t* roots_shoup, __global const word_t* moduli,
                            uint n, uint rns_count, uint m, uint reduce, __local word_t* buf) {
    xehe_ntt_fwd_local(data, roots, roots_shoup, moduli, n, rns_count, m, reduce, buf, 1);
}

__kernel void ntt_fwd_local_radix4(__global word_t* data, __global const word_t* roots,
                                   __global const word_t* roots_shoup, __global const word_t* moduli,
                                   uint n, uint rns_count, uint m, uint reduce,
                                   __local word_t* buf) {
    xehe_ntt_fwd_local(data, roots, roots_shoup, moduli, n, rns_count, m, reduce, buf, 2);
}

__kernel void ntt_fwd_local_radix8(__global word_t* data, __global const word_t* roots,
                                   __global const word_t* roots_shoup, __global const word_t* moduli,
                                   uint n, uint rns_count, uint m, uint reduce,
                                   __local word_t* buf) {
    xehe_ntt_fwd_local(data, roots, roots_shoup, moduli, n, rns_count, m, reduce, buf, 3);
}

__kernel void ntt_fwd_local_radix16(__global word_t* data, __global const word_t* roots,
                                    __global const word_t* roots_shoup,
                                    __global const word_t* moduli, uint n, uint rns_count, uint m,
                                    uint reduce, __local word_t* buf) {
    xehe_ntt_fwd_local(data, roots, roots_shoup, moduli, n, rns_count, m, reduce, buf, 4);
}

// One stage of the four-step variant (radix-8 chunks): 2^log_rows rows × 2^log_cols columns of
// the blocks of round m per work-group (see xehe_stage_tile), from src to dst.
__kernel void ntt_fwd_stage(__global const word_t* src, __global word_t* dst,
                            __global const word_t* roots, __global const word_t* roots_shoup,
                            __global const word_t* moduli, uint n, uint rns_count, uint m,
                            uint log_rows, uint log_cols, uint reduce, __local word_t* buf) {
    xehe_ntt_fwd_stage(src, dst, roots, roots_shoup, moduli, n, rns_count, m, log_rows, log_cols,
                       reduce, buf, 3);
}
