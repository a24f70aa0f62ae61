// Forward negacyclic NTT (SEAL's transform_to_rev: Cooley-Tukey, Harvey lazy butterflies, values in
// [0, 4q), bit-reversed output) over [poly][rns][coeff] batches.
//
// Round m (m = 1, 2, ..., n/2) has m blocks of length 2t, t = n / (2m); block i uses root power
// roots[m + i] (SEAL's table order). Tables: roots / roots_shoup are [rns][n].
// ND-range: dimension 0 = work-items of one polynomial, 1 = RNS component, 2 = polynomial.
// Rust mirrors: src/kernels/ntt_forward.rs.

static inline void xehe_ct_butterfly(ulong* x, ulong* y, ulong w, ulong ws, ulong q, ulong two_q) {
    ulong u = xehe_guard(*x, two_q);
    ulong v = xehe_mul_shoup_lazy(*y, w, ws, q);
    *x = u + v;
    *y = u - v + two_q;
}

static inline size_t xehe_poly_base(uint n, uint rns_count) {
    return get_global_id(2) * (size_t)n * rns_count + get_global_id(1) * (size_t)n;
}

// One radix-2 round through global memory: n/2 work-items per polynomial.
// `reduce` != 0 brings the outputs to [0, q) (the final round of the fused variant).
__kernel void ntt_fwd_radix2(__global ulong* data, __global const ulong* roots,
                             __global const ulong* roots_shoup, __global const ulong* moduli,
                             uint n, uint rns_count, uint m, uint reduce) {
    uint k = get_global_id(0);
    uint rns = get_global_id(1);
    __global ulong* p = data + xehe_poly_base(n, rns_count);
    uint t = n / (2 * m);
    uint i = k >> (31 - clz(t));
    uint j = 2 * i * t + (k & (t - 1));
    ulong q = moduli[rns * XEHE_MODULUS_WORDS];
    ulong two_q = 2 * q;
    size_t wi = (size_t)rns * n + m + i;
    ulong x = p[j];
    ulong y = p[j + t];
    xehe_ct_butterfly(&x, &y, roots[wi], roots_shoup[wi], q, two_q);
    if (reduce) {
        x = xehe_reduce_4q(x, q, two_q);
        y = xehe_reduce_4q(y, q, two_q);
    }
    p[j] = x;
    p[j + t] = y;
}

// [0, 4q) -> [0, q) over the whole array (the separate correction of the naive variant).
__kernel void ntt_reduce_4q(__global ulong* data, __global const ulong* moduli, uint n,
                            uint rns_count) {
    size_t i = xehe_poly_base(n, rns_count) + get_global_id(0);
    ulong q = moduli[get_global_id(1) * XEHE_MODULUS_WORDS];
    data[i] = xehe_reduce_4q(data[i], q, 2 * q);
}

// Rounds m, 2m, ..., m·2^(log_r-1) on the 2^log_r words x[] of one work-item (x[c] and x[c + h]
// pair up at distance h = 2^(log_r-1-s) in sub-round s); i is their block index at round m.
// Shared by the global passes and the local-memory chunks.
static inline void xehe_fwd_tree(ulong* x, __global const ulong* w, __global const ulong* ws,
                                 ulong q, ulong two_q, uint m, uint i, const uint log_r) {
    const uint r = 1u << log_r;
    for (uint s = 0; s < log_r; s++) {
        uint h = r >> (s + 1);
        uint blocks = 1u << s;
        for (uint b = 0; b < blocks; b++) {
            uint wi = (m << s) + i * blocks + b;
            ulong wv = w[wi];
            ulong wsv = ws[wi];
            for (uint e = 0; e < h; e++) {
                uint c = b * 2 * h + e;
                xehe_ct_butterfly(&x[c], &x[c + h], wv, wsv, q, two_q);
            }
        }
    }
}

// 2^log_r rounds (m, 2m, ..., m·2^(log_r-1)) in registers: each work-item owns the 2^log_r
// elements o + c·t_min (c = 0 .. 2^log_r - 1) of block i, t_min the last round's gap.
static inline void xehe_ntt_fwd_pass(__global ulong* data, __global const ulong* roots,
                              __global const ulong* roots_shoup, __global const ulong* moduli,
                              uint n, uint rns_count, uint m, const uint log_r) {
    const uint r = 1u << log_r;
    uint k = get_global_id(0);
    uint rns = get_global_id(1);
    uint t = n / (2 * m);
    uint t_min = t >> (log_r - 1);
    uint i = k >> (31 - clz(t_min));
    uint o = k & (t_min - 1);
    __global ulong* p = data + xehe_poly_base(n, rns_count) + 2 * i * t + o;
    __global const ulong* w = roots + (size_t)rns * n;
    __global const ulong* ws = roots_shoup + (size_t)rns * n;
    ulong q = moduli[rns * XEHE_MODULUS_WORDS];
    ulong two_q = 2 * q;
    ulong x[16];
    for (uint c = 0; c < r; c++) x[c] = p[c * t_min];
    xehe_fwd_tree(x, w, ws, q, two_q, m, i, log_r);
    for (uint c = 0; c < r; c++) p[c * t_min] = x[c];
}

// n/4, n/8, n/16 work-items per polynomial.
__kernel void ntt_fwd_radix4(__global ulong* data, __global const ulong* roots,
                             __global const ulong* roots_shoup, __global const ulong* moduli,
                             uint n, uint rns_count, uint m) {
    xehe_ntt_fwd_pass(data, roots, roots_shoup, moduli, n, rns_count, m, 2);
}

__kernel void ntt_fwd_radix8(__global ulong* data, __global const ulong* roots,
                             __global const ulong* roots_shoup, __global const ulong* moduli,
                             uint n, uint rns_count, uint m) {
    xehe_ntt_fwd_pass(data, roots, roots_shoup, moduli, n, rns_count, m, 3);
}

__kernel void ntt_fwd_radix16(__global ulong* data, __global const ulong* roots,
                              __global const ulong* roots_shoup, __global const ulong* moduli,
                              uint n, uint rns_count, uint m) {
    xehe_ntt_fwd_pass(data, roots, roots_shoup, moduli, n, rns_count, m, 4);
}

// One chunk of log_r rounds on local memory (first gap 2^log_t, rounds m, 2m, ...): each
// work-item takes groups of 2^log_r words, as xehe_ntt_fwd_pass does on global memory.
static inline void xehe_fwd_local_chunk(__local ulong* buf, __global const ulong* w,
                                 __global const ulong* ws, ulong q, ulong two_q, uint block,
                                 uint log_block, uint g, uint m, uint log_t, const uint log_r) {
    const uint r = 1u << log_r;
    uint t = 1u << log_t;
    uint log_t_min = log_t + 1 - log_r;
    uint t_min = 1u << log_t_min;
    uint i0 = g << (log_block - 1 - log_t);
    for (uint b = get_local_id(0); b < (block >> log_r); b += get_local_size(0)) {
        uint il = b >> log_t_min;
        __local ulong* p = buf + 2 * il * t + (b & (t_min - 1));
        ulong x[16];
        for (uint c = 0; c < r; c++) x[c] = p[c * t_min];
        xehe_fwd_tree(x, w, ws, q, two_q, m, i0 + il, log_r);
        for (uint c = 0; c < r; c++) p[c * t_min] = x[c];
    }
}

// Every round from m on (blocks of n / m words) in local memory, one work-group per block,
// log_r rounds between barriers (then single rounds for what is left), and the correction to
// [0, q) when `reduce` != 0 (fused final stage).
static inline void xehe_ntt_fwd_local(__global ulong* data, __global const ulong* roots,
                               __global const ulong* roots_shoup, __global const ulong* moduli,
                               uint n, uint rns_count, uint m, uint reduce, __local ulong* buf,
                               const uint log_r) {
    uint lid = get_local_id(0);
    uint g_size = get_local_size(0);
    uint g = get_group_id(0);
    uint rns = get_global_id(1);
    uint block = n / m;
    uint log_block = 31 - clz(block);
    __global ulong* p = data + xehe_poly_base(n, rns_count) + (size_t)g * block;
    __global const ulong* w = roots + (size_t)rns * n;
    __global const ulong* ws = roots_shoup + (size_t)rns * n;
    ulong q = moduli[rns * XEHE_MODULUS_WORDS];
    ulong two_q = 2 * q;
    for (uint e = lid; e < block; e += g_size) buf[e] = p[e];
    barrier(CLK_LOCAL_MEM_FENCE);
    uint ms = m;
    uint remaining = log_block;
    while (remaining >= log_r) {
        xehe_fwd_local_chunk(buf, w, ws, q, two_q, block, log_block, g, ms, remaining - 1, log_r);
        barrier(CLK_LOCAL_MEM_FENCE);
        ms <<= log_r;
        remaining -= log_r;
    }
    while (remaining > 0) {
        xehe_fwd_local_chunk(buf, w, ws, q, two_q, block, log_block, g, ms, remaining - 1, 1);
        barrier(CLK_LOCAL_MEM_FENCE);
        ms <<= 1;
        remaining -= 1;
    }
    for (uint e = lid; e < block; e += g_size) {
        ulong v = buf[e];
        p[e] = reduce ? xehe_reduce_4q(v, q, two_q) : v;
    }
}

__kernel void ntt_fwd_local(__global ulong* data, __global const ulong* roots,
                            __global const ulong* roots_shoup, __global const ulong* moduli,
                            uint n, uint rns_count, uint m, uint reduce, __local ulong* buf) {
    xehe_ntt_fwd_local(data, roots, roots_shoup, moduli, n, rns_count, m, reduce, buf, 1);
}

__kernel void ntt_fwd_local_radix4(__global ulong* data, __global const ulong* roots,
                                   __global const ulong* roots_shoup, __global const ulong* moduli,
                                   uint n, uint rns_count, uint m, uint reduce,
                                   __local ulong* buf) {
    xehe_ntt_fwd_local(data, roots, roots_shoup, moduli, n, rns_count, m, reduce, buf, 2);
}

__kernel void ntt_fwd_local_radix8(__global ulong* data, __global const ulong* roots,
                                   __global const ulong* roots_shoup, __global const ulong* moduli,
                                   uint n, uint rns_count, uint m, uint reduce,
                                   __local ulong* buf) {
    xehe_ntt_fwd_local(data, roots, roots_shoup, moduli, n, rns_count, m, reduce, buf, 3);
}

__kernel void ntt_fwd_local_radix16(__global ulong* data, __global const ulong* roots,
                                    __global const ulong* roots_shoup,
                                    __global const ulong* moduli, uint n, uint rns_count, uint m,
                                    uint reduce, __local ulong* buf) {
    xehe_ntt_fwd_local(data, roots, roots_shoup, moduli, n, rns_count, m, reduce, buf, 4);
}
