// xehe-build: ntt_subgroup8=-DXEHE_SG=8 ntt_subgroup16=-DXEHE_SG=16 ntt_subgroup32=-DXEHE_SG=32
// xehe-ocloc-skip: ntt_subgroup8:pvc
// Sub-group shuffle variants SIMD(S, 8) of the local-memory NTT stage (the XeHE book's
// "SIMD(16,8)" family): the rounds with gaps of at least 8S words run in local memory as in
// ntt_forward.cl / ntt_inverse.cl, the last log2(8S) rounds (first, for the inverse) in
// registers: each sub-group of S lanes owns 8S adjacent words, lane l the words l + S·c
// (c = 0..7), so gaps 4S, 2S and S are butterflies inside a lane and gaps S/2 ... 1 are one
// shuffle per word between lanes l and l ^ gap. Built once per S (XEHE_SG = 8, 16, 32;
// ci/build-kernels.sh adds -DXEHE_SG, source builds get it as a first line). Shuffles are Intel's
// sub_group_shuffle_xor (cl_khr_subgroup_shuffle) with the sub-group size required, or with
// XEHE_SHUFFLE_PTX (set by the runtime for NVIDIA's OpenCL, whose warps of 32 are sub-groups of
// consecutive work-items) PTX shfl.sync.bfly (on the two 32-bit halves of a 64-bit word). Written in word_t;
// only the 64-bit builds ship so far. Rust mirror:
// src/kernels/ntt_subgroup.rs.

#ifndef XEHE_SG
#error "XEHE_SG (8, 16 or 32) must be defined"
#endif

#define XEHE_CAT2(a, b) a##b
#define XEHE_CAT(a, b) XEHE_CAT2(a, b)
#define XEHE_LOG_SG (XEHE_SG == 8 ? 3 : XEHE_SG == 16 ? 4 : 5)

#ifdef XEHE_SHUFFLE_PTX
static inline uint xehe_shfl_xor_u32(uint v, uint mask) {
    uint active;
    uint r;
    asm volatile("activemask.b32 %0;" : "=r"(active));
    asm volatile("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, %3;" : "=r"(r) : "r"(v), "r"(mask), "r"(active));
    return r;
}
#if XEHE_WORD_BITS == 64
static inline ulong xehe_sg_shuffle_xor(ulong v, uint mask) {
    return (ulong)xehe_shfl_xor_u32((uint)v, mask) |
           ((ulong)xehe_shfl_xor_u32((uint)(v >> 32), mask) << 32);
}
#else
static inline uint xehe_sg_shuffle_xor(uint v, uint mask) { return xehe_shfl_xor_u32(v, mask); }
#endif
static inline uint xehe_sg_lane(void) { return get_local_id(0) & (XEHE_SG - 1); }
static inline uint xehe_sg_id(void) { return get_local_id(0) >> XEHE_LOG_SG; }
#define XEHE_REQD_SG
#else
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
static inline word_t xehe_sg_shuffle_xor(word_t v, uint mask) { return sub_group_shuffle_xor(v, mask); }
static inline uint xehe_sg_lane(void) { return get_sub_group_local_id(); }
static inline uint xehe_sg_id(void) { return get_sub_group_id(); }
#define XEHE_REQD_SG __attribute__((intel_reqd_sub_group_size(XEHE_SG)))
#endif

// The last log2(8S) forward rounds (from round ms, gap 4S) of a tile of 2^log_rows words in
// local memory, each sub-group taking segments of 8S words, written to dst (reduced to [0, q)
// when `reduce` != 0). `first` is the tile's first coefficient index in the polynomial.
static inline void xehe_fwd_sg_tail(__local const word_t* buf, __global word_t* dst,
                                    __global const word_t* w, __global const word_t* ws, word_t q,
                                    uint n, uint first, uint log_rows, uint ms, uint reduce) {
    word_t two_q = 2 * q;
    uint lane = xehe_sg_lane();
    uint segs = (1u << log_rows) >> (XEHE_LOG_SG + 3);
    uint groups = get_local_size(0) >> XEHE_LOG_SG;
    for (uint seg = xehe_sg_id(); seg < segs; seg += groups) {
        uint e0 = seg << (XEHE_LOG_SG + 3);
        word_t x[8];
        for (uint c = 0; c < 8; c++) x[c] = buf[e0 + c * XEHE_SG + lane];
        xehe_fwd_tree(x, w, ws, q, two_q, ms, (first + e0) >> (XEHE_LOG_SG + 3), 3);
        for (uint lt = XEHE_LOG_SG; lt-- > 0;) {
            uint up = lane & (1u << lt);
            for (uint c = 0; c < 8; c++) {
                uint e = first + e0 + c * XEHE_SG + lane;
                uint wi = (n >> (lt + 1)) + (e >> (lt + 1));
                word_t mine = up ? xehe_mul_shoup_lazy(x[c], w[wi], ws[wi], q) : xehe_guard(x[c], two_q);
                word_t other = xehe_sg_shuffle_xor(mine, 1u << lt);
                x[c] = up ? other - mine + two_q : mine + other;
            }
        }
        for (uint c = 0; c < 8; c++) {
            word_t v = x[c];
            dst[e0 + c * XEHE_SG + lane] = reduce ? xehe_reduce_4q(v, q, two_q) : v;
        }
    }
}

// The first log2(8S) inverse rounds (gaps 1 ... 4S) of a tile of 2^log_rows words read from
// src, left in local memory.
static inline void xehe_inv_sg_head(__global const word_t* src, __local word_t* buf,
                                    __global const word_t* w, __global const word_t* ws, word_t q,
                                    uint n, uint first, uint log_rows) {
    word_t two_q = 2 * q;
    uint lane = xehe_sg_lane();
    uint segs = (1u << log_rows) >> (XEHE_LOG_SG + 3);
    uint groups = get_local_size(0) >> XEHE_LOG_SG;
    for (uint seg = xehe_sg_id(); seg < segs; seg += groups) {
        uint e0 = seg << (XEHE_LOG_SG + 3);
        word_t x[8];
        for (uint c = 0; c < 8; c++) x[c] = src[e0 + c * XEHE_SG + lane];
        for (uint lt = 0; lt < XEHE_LOG_SG; lt++) {
            uint up = lane & (1u << lt);
            for (uint c = 0; c < 8; c++) {
                uint e = first + e0 + c * XEHE_SG + lane;
                uint wi = xehe_inv_root_index(n, n >> (lt + 1), e >> (lt + 1));
                word_t mine = x[c];
                word_t other = xehe_sg_shuffle_xor(mine, 1u << lt);
                x[c] = up ? xehe_mul_shoup_lazy(other - mine + two_q, w[wi], ws[wi], q)
                          : xehe_guard(mine + other, two_q);
            }
        }
        xehe_inv_tree(x, w, ws, q, two_q, n, n >> (XEHE_LOG_SG + 1),
                      (first + e0) >> (XEHE_LOG_SG + 3), 3);
        for (uint c = 0; c < 8; c++) buf[e0 + c * XEHE_SG + lane] = x[c];
    }
}

// ntt_fwd_local_radix8 with the sub-group tail: every round from m on for blocks of n / m words,
// the correction fused when `reduce` != 0. Needs n / m >= 8S and a work-group size that is a
// multiple of S.
__kernel XEHE_REQD_SG void XEHE_CAT(ntt_fwd_local_sg, XEHE_SG)(
    __global word_t* data, __global const word_t* roots, __global const word_t* roots_shoup,
    __global const word_t* moduli, uint n, uint rns_count, uint m, uint reduce,
    __local word_t* buf) {
    uint rns = get_global_id(1);
    __global const word_t* w = roots + (size_t)rns * n;
    __global const word_t* ws = roots_shoup + (size_t)rns * n;
    word_t q = moduli[rns * XEHE_MODULUS_WORDS];
    uint log_rows = 31 - clz(n / m);
    xehe_tile t = xehe_stage_tile(n, rns_count, m, log_rows, 0);
    xehe_tile_load(buf, data, t, log_rows, 0);
    barrier(CLK_LOCAL_MEM_FENCE);
    uint ms = xehe_fwd_local_rounds(buf, w, ws, q, 2 * q, log_rows, 0, t.j, m, XEHE_LOG_SG + 3, 3);
    xehe_fwd_sg_tail(buf, data + t.off, w, ws, q, n, t.j << log_rows, log_rows, ms, reduce);
}

// ntt_inv_local_radix8 with the sub-group head: the rounds inside blocks of `block` words (and
// the merged last round when block == n). Needs block >= 8S and a work-group size that is a
// multiple of S.
__kernel XEHE_REQD_SG void XEHE_CAT(ntt_inv_local_sg, XEHE_SG)(
    __global word_t* data, __global const word_t* roots, __global const word_t* roots_shoup,
    __global const word_t* moduli, __global const word_t* consts, uint n, uint rns_count,
    uint block, __local word_t* buf) {
    uint rns = get_global_id(1);
    __global const word_t* w = roots + (size_t)rns * n;
    __global const word_t* ws = roots_shoup + (size_t)rns * n;
    word_t q = moduli[rns * XEHE_MODULUS_WORDS];
    uint m = n / block;
    uint log_rows = 31 - clz(block);
    xehe_tile t = xehe_stage_tile(n, rns_count, m, log_rows, 0);
    xehe_inv_sg_head(data + t.off, buf, w, ws, q, n, t.j << log_rows, log_rows);
    barrier(CLK_LOCAL_MEM_FENCE);
    xehe_inv_local_finish(buf, w, ws, consts + rns * XEHE_NTT_CONST_WORDS, q, n, m, log_rows, 0, 0,
                          t.j, XEHE_LOG_SG + 3, 3);
    xehe_tile_store(data, buf, t, log_rows, 0, 0, q);
}
