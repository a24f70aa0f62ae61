// Inverse negacyclic NTT (SEAL's transform_from_rev: Gentleman-Sande, Harvey lazy butterflies,
// values in [0, 2q), the last round merged with the scaling by n^-1) over [poly][rns][coeff].
//
// Round m (m = n/2, n/4, ..., 2) has m blocks of length 2t, t = n / (2m); block i uses
// inv_roots[n - 2m + 1 + i]. The last round (m = 1) multiplies by n^-1: consts holds, per RNS
// component, n^-1, its Shoup quotient, n^-1 · inv_roots[n - 1] and its quotient.
// ND-range as in ntt_forward.cl. Rust mirrors: src/kernels/ntt_inverse.rs.

#define XEHE_NTT_CONST_WORDS 4

static inline void xehe_gs_butterfly(ulong* x, ulong* y, ulong w, ulong ws, ulong q, ulong two_q) {
    ulong u = *x;
    ulong v = *y;
    *x = xehe_guard(u + v, two_q);
    *y = xehe_mul_shoup_lazy(u - v + two_q, w, ws, q);
}

// The merged last round: outputs in [0, q).
static inline void xehe_gs_last(ulong* x, ulong* y, __global const ulong* c, ulong q, ulong two_q) {
    ulong u = xehe_guard(*x, two_q);
    ulong v = *y;
    *x = xehe_sub_if_ge(xehe_mul_shoup_lazy(xehe_guard(u + v, two_q), c[0], c[1], q), q);
    *y = xehe_sub_if_ge(xehe_mul_shoup_lazy(u - v + two_q, c[2], c[3], q), q);
}

static inline size_t xehe_inv_poly_base(uint n, uint rns_count) {
    return get_global_id(2) * (size_t)n * rns_count + get_global_id(1) * (size_t)n;
}

static inline uint xehe_inv_root_index(uint n, uint m, uint i) { return n - 2 * m + 1 + i; }

// One radix-2 round (m >= 2) through global memory: n/2 work-items per polynomial.
__kernel void ntt_inv_radix2(__global ulong* data, __global const ulong* roots,
                             __global const ulong* roots_shoup, __global const ulong* moduli,
                             uint n, uint rns_count, uint m) {
    uint k = get_global_id(0);
    uint rns = get_global_id(1);
    __global ulong* p = data + xehe_inv_poly_base(n, rns_count);
    uint t = n / (2 * m);
    uint i = k >> (31 - clz(t));
    uint j = 2 * i * t + (k & (t - 1));
    ulong q = moduli[rns * XEHE_MODULUS_WORDS];
    size_t wi = (size_t)rns * n + xehe_inv_root_index(n, m, i);
    ulong x = p[j];
    ulong y = p[j + t];
    xehe_gs_butterfly(&x, &y, roots[wi], roots_shoup[wi], q, 2 * q);
    p[j] = x;
    p[j + t] = y;
}

// The last round (m = 1) with the scaling by n^-1; outputs in [0, q).
__kernel void ntt_inv_last(__global ulong* data, __global const ulong* consts,
                           __global const ulong* moduli, uint n, uint rns_count) {
    uint k = get_global_id(0);
    uint rns = get_global_id(1);
    __global ulong* p = data + xehe_inv_poly_base(n, rns_count);
    ulong q = moduli[rns * XEHE_MODULUS_WORDS];
    ulong x = p[k];
    ulong y = p[k + n / 2];
    xehe_gs_last(&x, &y, consts + rns * XEHE_NTT_CONST_WORDS, q, 2 * q);
    p[k] = x;
    p[k + n / 2] = y;
}

// Rounds m, m/2, ..., m / 2^(log_r-1) on the 2^log_r words x[] of one work-item (x[c] and
// x[c + h] pair up at distance h = 2^s in sub-round s); i is their block index at the last of
// these rounds. Shared by the global passes and the local-memory chunks.
static inline void xehe_inv_tree(ulong* x, __global const ulong* w, __global const ulong* ws,
                                 ulong q, ulong two_q, uint n, uint m, uint i,
                                 const uint log_r) {
    const uint r = 1u << log_r;
    for (uint s = 0; s < log_r; s++) {
        uint h = 1u << s;
        uint blocks = r >> (s + 1);
        for (uint b = 0; b < blocks; b++) {
            uint wi = xehe_inv_root_index(n, m >> s, i * blocks + b);
            ulong wv = w[wi];
            ulong wsv = ws[wi];
            for (uint e = 0; e < h; e++) {
                uint c = b * 2 * h + e;
                xehe_gs_butterfly(&x[c], &x[c + h], wv, wsv, q, two_q);
            }
        }
    }
}

// 2^log_r rounds (m, m/2, ..., m / 2^(log_r-1); m / 2^(log_r-1) >= 2) in registers: each
// work-item owns the elements o + c·t (c = 0 .. 2^log_r - 1) of block i of the pass's last round.
static inline void xehe_ntt_inv_pass(__global ulong* data, __global const ulong* roots,
                              __global const ulong* roots_shoup, __global const ulong* moduli,
                              uint n, uint rns_count, uint m, const uint log_r) {
    const uint r = 1u << log_r;
    uint k = get_global_id(0);
    uint rns = get_global_id(1);
    uint t = n / (2 * m);
    uint t_max = t << (log_r - 1);
    uint i = k >> (31 - clz(t));
    uint o = k & (t - 1);
    __global ulong* p = data + xehe_inv_poly_base(n, rns_count) + 2 * i * t_max + o;
    __global const ulong* w = roots + (size_t)rns * n;
    __global const ulong* ws = roots_shoup + (size_t)rns * n;
    ulong q = moduli[rns * XEHE_MODULUS_WORDS];
    ulong two_q = 2 * q;
    ulong x[16];
    for (uint c = 0; c < r; c++) x[c] = p[c * t];
    xehe_inv_tree(x, w, ws, q, two_q, n, m, i, log_r);
    for (uint c = 0; c < r; c++) p[c * t] = x[c];
}

__kernel void ntt_inv_radix4(__global ulong* data, __global const ulong* roots,
                             __global const ulong* roots_shoup, __global const ulong* moduli,
                             uint n, uint rns_count, uint m) {
    xehe_ntt_inv_pass(data, roots, roots_shoup, moduli, n, rns_count, m, 2);
}

__kernel void ntt_inv_radix8(__global ulong* data, __global const ulong* roots,
                             __global const ulong* roots_shoup, __global const ulong* moduli,
                             uint n, uint rns_count, uint m) {
    xehe_ntt_inv_pass(data, roots, roots_shoup, moduli, n, rns_count, m, 3);
}

__kernel void ntt_inv_radix16(__global ulong* data, __global const ulong* roots,
                              __global const ulong* roots_shoup, __global const ulong* moduli,
                              uint n, uint rns_count, uint m) {
    xehe_ntt_inv_pass(data, roots, roots_shoup, moduli, n, rns_count, m, 4);
}

// One chunk of log_r rounds on local memory (first gap 2^log_t, gaps growing): each work-item
// takes groups of 2^log_r words, as xehe_ntt_inv_pass does on global memory.
static inline void xehe_inv_local_chunk(__local ulong* buf, __global const ulong* w,
                                 __global const ulong* ws, ulong q, ulong two_q, uint n,
                                 uint block, uint log_block, uint g, uint log_t, const uint log_r) {
    const uint r = 1u << log_r;
    uint t = 1u << log_t;
    uint log_t_max = log_t + log_r - 1;
    uint m = n >> (log_t + 1);
    uint i0 = g << (log_block - 1 - log_t_max);
    for (uint b = get_local_id(0); b < (block >> log_r); b += get_local_size(0)) {
        uint il = b >> log_t;
        __local ulong* p = buf + 2 * il * (t << (log_r - 1)) + (b & (t - 1));
        ulong x[16];
        for (uint c = 0; c < r; c++) x[c] = p[c * t];
        xehe_inv_tree(x, w, ws, q, two_q, n, m, i0 + il, log_r);
        for (uint c = 0; c < r; c++) p[c * t] = x[c];
    }
}

// The first rounds (gaps 1 .. block/2) in local memory, one work-group per block of `block`
// words, log_r rounds between barriers (then single rounds). When block == n the merged last
// round and the scaling run here too (outputs in [0, q)); otherwise outputs stay in [0, 2q) for
// the global rounds that follow.
static inline void xehe_ntt_inv_local(__global ulong* data, __global const ulong* roots,
                               __global const ulong* roots_shoup, __global const ulong* moduli,
                               __global const ulong* consts, uint n, uint rns_count, uint block,
                               __local ulong* buf, const uint log_r) {
    uint lid = get_local_id(0);
    uint g_size = get_local_size(0);
    uint g = get_group_id(0);
    uint rns = get_global_id(1);
    __global ulong* p = data + xehe_inv_poly_base(n, rns_count) + (size_t)g * block;
    __global const ulong* w = roots + (size_t)rns * n;
    __global const ulong* ws = roots_shoup + (size_t)rns * n;
    ulong q = moduli[rns * XEHE_MODULUS_WORDS];
    ulong two_q = 2 * q;
    uint finish = block == n;
    uint log_block = 31 - clz(block);
    for (uint e = lid; e < block; e += g_size) buf[e] = p[e];
    barrier(CLK_LOCAL_MEM_FENCE);
    uint log_t = 0;
    uint remaining = finish ? log_block - 1 : log_block;
    while (remaining >= log_r) {
        xehe_inv_local_chunk(buf, w, ws, q, two_q, n, block, log_block, g, log_t, log_r);
        barrier(CLK_LOCAL_MEM_FENCE);
        log_t += log_r;
        remaining -= log_r;
    }
    while (remaining > 0) {
        xehe_inv_local_chunk(buf, w, ws, q, two_q, n, block, log_block, g, log_t, 1);
        barrier(CLK_LOCAL_MEM_FENCE);
        log_t += 1;
        remaining -= 1;
    }
    if (finish) {
        for (uint b = lid; b < block / 2; b += g_size) {
            ulong x = buf[b];
            ulong y = buf[b + block / 2];
            xehe_gs_last(&x, &y, consts + rns * XEHE_NTT_CONST_WORDS, q, two_q);
            buf[b] = x;
            buf[b + block / 2] = y;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (uint e = lid; e < block; e += g_size) p[e] = buf[e];
}

__kernel void ntt_inv_local(__global ulong* data, __global const ulong* roots,
                            __global const ulong* roots_shoup, __global const ulong* moduli,
                            __global const ulong* consts, uint n, uint rns_count, uint block,
                            __local ulong* buf) {
    xehe_ntt_inv_local(data, roots, roots_shoup, moduli, consts, n, rns_count, block, buf, 1);
}

__kernel void ntt_inv_local_radix4(__global ulong* data, __global const ulong* roots,
                                   __global const ulong* roots_shoup, __global const ulong* moduli,
                                   __global const ulong* consts, uint n, uint rns_count,
                                   uint block, __local ulong* buf) {
    xehe_ntt_inv_local(data, roots, roots_shoup, moduli, consts, n, rns_count, block, buf, 2);
}

__kernel void ntt_inv_local_radix8(__global ulong* data, __global const ulong* roots,
                                   __global const ulong* roots_shoup, __global const ulong* moduli,
                                   __global const ulong* consts, uint n, uint rns_count,
                                   uint block, __local ulong* buf) {
    xehe_ntt_inv_local(data, roots, roots_shoup, moduli, consts, n, rns_count, block, buf, 3);
}

__kernel void ntt_inv_local_radix16(__global ulong* data, __global const ulong* roots,
                                    __global const ulong* roots_shoup,
                                    __global const ulong* moduli, __global const ulong* consts,
                                    uint n, uint rns_count, uint block, __local ulong* buf) {
    xehe_ntt_inv_local(data, roots, roots_shoup, moduli, consts, n, rns_count, block, buf, 4);
}
