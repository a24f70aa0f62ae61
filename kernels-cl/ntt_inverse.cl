// xehe-build: ntt_inverse= ntt_inverse_w32=-DXEHE_WORD_BITS=32
// Inverse negacyclic NTT kernels (SEAL's transform_from_rev, the last round merged with the
// scaling by n^-1; conventions and shared helpers in common/ntt_core.h) over [poly][rns][coeff]
// batches. Rust mirrors: src/kernels/ntt_inverse.rs.

// One radix-2 round (m >= 2) through global memory: n/2 work-items per polynomial.
__kernel void ntt_inv_radix2(__global word_t* data, __global const word_t* roots,
                             __global const word_t* roots_shoup, __global const word_t* moduli,
                             uint n, uint rns_count, uint m) {
    uint k = get_global_id(0);
    uint rns = get_global_id(1);
    __global word_t* p = data + xehe_poly_base(n, rns_count);
    uint t = n / (2 * m);
    uint i = k >> (31 - clz(t));
    uint j = 2 * i * t + (k & (t - 1));
    word_t q = moduli[rns * XEHE_MODULUS_WORDS];
    size_t wi = (size_t)rns * n + xehe_inv_root_index(n, m, i);
    word_t x = p[j];
    word_t y = p[j + t];
    xehe_gs_butterfly(&x, &y, roots[wi], roots_shoup[wi], q, 2 * q);
    p[j] = x;
    p[j + t] = y;
}

// The last round (m = 1) with the scaling by n^-1; outputs in [0, q).
__kernel void ntt_inv_last(__global word_t* data, __global const word_t* consts,
                           __global const word_t* moduli, uint n, uint rns_count) {
    uint k = get_global_id(0);
    uint rns = get_global_id(1);
    __global word_t* p = data + xehe_poly_base(n, rns_count);
    word_t q = moduli[rns * XEHE_MODULUS_WORDS];
    word_t x = p[k];
    word_t y = p[k + n / 2];
    xehe_gs_last(&x, &y, consts + rns * XEHE_NTT_CONST_WORDS, q, 2 * q);
    p[k] = x;
    p[k + n / 2] = y;
}

// 2^log_r rounds (m, m/2, ..., m / 2^(log_r-1); m / 2^(log_r-1) >= 2) in registers: each
// work-item owns the elements o + c·t (c = 0 .. 2^log_r - 1) of block i of the pass's last round.
static inline void xehe_ntt_inv_pass(__global word_t* data, __global const word_t* roots,
                              __global const word_t* roots_shoup, __global const word_t* moduli,
                              uint n, uint rns_count, uint m, const uint log_r) {
    const uint r = 1u << log_r;
    uint k = get_global_id(0);
    uint rns = get_global_id(1);
    uint t = n / (2 * m);
    uint t_max = t << (log_r - 1);
    uint i = k >> (31 - clz(t));
    uint o = k & (t - 1);
    __global word_t* p = data + xehe_poly_base(n, rns_count) + 2 * i * t_max + o;
    __global const word_t* w = roots + (size_t)rns * n;
    __global const word_t* ws = roots_shoup + (size_t)rns * n;
    word_t q = moduli[rns * XEHE_MODULUS_WORDS];
    word_t two_q = 2 * q;
    word_t x[16];
    for (uint c = 0; c < r; c++) x[c] = p[c * t];
    xehe_inv_tree(x, w, ws, q, two_q, n, m, i, log_r);
    for (uint c = 0; c < r; c++) p[c * t] = x[c];
}

__kernel void ntt_inv_radix4(__global word_t* data, __global const word_t* roots,
                             __global const word_t* roots_shoup, __global const word_t* moduli,
                             uint n, uint rns_count, uint m) {
    xehe_ntt_inv_pass(data, roots, roots_shoup, moduli, n, rns_count, m, 2);
}

__kernel void ntt_inv_radix8(__global word_t* data, __global const word_t* roots,
                             __global const word_t* roots_shoup, __global const word_t* moduli,
                             uint n, uint rns_count, uint m) {
    xehe_ntt_inv_pass(data, roots, roots_shoup, moduli, n, rns_count, m, 3);
}

__kernel void ntt_inv_radix16(__global word_t* data, __global const word_t* roots,
                              __global const word_t* roots_shoup, __global const word_t* moduli,
                              uint n, uint rns_count, uint m) {
    xehe_ntt_inv_pass(data, roots, roots_shoup, moduli, n, rns_count, m, 4);
}

// The first rounds (gaps 1 .. block/2) in local memory, one work-group per block of `block`
// words, log_r rounds between barriers (then single rounds). When block == n the merged last
// round and the scaling run here too (outputs in [0, q)); otherwise outputs stay in [0, 2q) for
// the global rounds that follow.
static inline void xehe_ntt_inv_local(__global word_t* data, __global const word_t* roots,
                                      __global const word_t* roots_shoup,
                                      __global const word_t* moduli, __global const word_t* consts,
                                      uint n, uint rns_count, uint block, __local word_t* buf,
                                      const uint log_r) {
    xehe_ntt_inv_stage(data, roots, roots_shoup, moduli, consts, n, rns_count, n / block,
                       31 - clz(block), 0, buf, log_r);
}

__kernel void ntt_inv_local(__global word_t* data, __global const word_t* roots,
                            __global const word_t* roots_shoup, __global const word_t* moduli,
                            __global const word_t* consts, uint n, uint rns_count, uint block,
                            __local word_t* buf) {
    xehe_ntt_inv_local(data, roots, roots_shoup, moduli, consts, n, rns_count, block, buf, 1);
}

__kernel void ntt_inv_local_radix4(__global word_t* data, __global const word_t* roots,
                                   __global const word_t* roots_shoup, __global const word_t* moduli,
                                   __global const word_t* consts, uint n, uint rns_count,
                                   uint block, __local word_t* buf) {
    xehe_ntt_inv_local(data, roots, roots_shoup, moduli, consts, n, rns_count, block, buf, 2);
}

__kernel void ntt_inv_local_radix8(__global word_t* data, __global const word_t* roots,
                                   __global const word_t* roots_shoup, __global const word_t* moduli,
                                   __global const word_t* consts, uint n, uint rns_count,
                                   uint block, __local word_t* buf) {
    xehe_ntt_inv_local(data, roots, roots_shoup, moduli, consts, n, rns_count, block, buf, 3);
}

__kernel void ntt_inv_local_radix16(__global word_t* data, __global const word_t* roots,
                                    __global const word_t* roots_shoup,
                                    __global const word_t* moduli, __global const word_t* consts,
                                    uint n, uint rns_count, uint block, __local word_t* buf) {
    xehe_ntt_inv_local(data, roots, roots_shoup, moduli, consts, n, rns_count, block, buf, 4);
}

// One stage of the four-step variant (radix-8 chunks), in place: the inverse rounds of
// 2^log_rows rows × 2^log_cols columns of the blocks of round m per work-group.
__kernel void ntt_inv_stage(__global word_t* data, __global const word_t* roots,
                            __global const word_t* roots_shoup, __global const word_t* moduli,
                            __global const word_t* consts, uint n, uint rns_count, uint m,
                            uint log_rows, uint log_cols, __local word_t* buf) {
    xehe_ntt_inv_stage(data, roots, roots_shoup, moduli, consts, n, rns_count, m, log_rows,
                       log_cols, buf, 3);
}
