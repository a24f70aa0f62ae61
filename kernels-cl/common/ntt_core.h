// NTT building blocks shared by ntt_forward.cl, ntt_inverse.cl, ntt_fused.cl and
// ntt_subgroup.cl (prepended after mod_arith.h to every module, like it). Rust mirrors:
// src/kernels/ntt_core.rs.
//
// Forward: SEAL's transform_to_rev (Cooley-Tukey, Harvey lazy butterflies, values in [0, 4q),
// bit-reversed output). Round m (m = 1, 2, ..., n/2) has m blocks of length 2t, t = n / (2m);
// block i uses roots[m + i] (SEAL's table order).
// Inverse: SEAL's transform_from_rev (Gentleman-Sande, values in [0, 2q)); round m (m = n/2,
// ..., 1) block i uses inv_roots[n - 2m + 1 + i]; the last round (m = 1) is merged with the
// scaling by n^-1 (consts: per RNS component n^-1, its Shoup quotient, n^-1 · inv_roots[n - 1]
// and its quotient).
// Tables are [rns][n]; data is [poly][rns][coeff]; ND-range dimension 0 = work-items of one
// polynomial, 1 = RNS component, 2 = polynomial.

#define XEHE_NTT_CONST_WORDS 4

static inline void xehe_ct_butterfly(word_t* x, word_t* y, word_t w, word_t ws, word_t q, word_t two_q) {
    word_t u = xehe_guard(*x, two_q);
    word_t v = xehe_mul_shoup_lazy(*y, w, ws, q);
    *x = u + v;
    *y = u - v + two_q;
}

static inline void xehe_gs_butterfly(word_t* x, word_t* y, word_t w, word_t ws, word_t q, word_t two_q) {
    word_t u = *x;
    word_t v = *y;
    *x = xehe_guard(u + v, two_q);
    *y = xehe_mul_shoup_lazy(u - v + two_q, w, ws, q);
}

// The merged last inverse round: outputs in [0, q).
static inline void xehe_gs_last(word_t* x, word_t* y, __global const word_t* c, word_t q, word_t two_q) {
    word_t u = xehe_guard(*x, two_q);
    word_t v = *y;
    *x = xehe_sub_if_ge(xehe_mul_shoup_lazy(xehe_guard(u + v, two_q), c[0], c[1], q), q);
    *y = xehe_sub_if_ge(xehe_mul_shoup_lazy(u - v + two_q, c[2], c[3], q), q);
}

// Row i of polynomial p in [poly][rns][coeff] data.
static inline size_t xehe_row_base(uint n, uint rns_count, size_t p, size_t i) {
    return p * (size_t)n * rns_count + i * (size_t)n;
}

static inline size_t xehe_poly_base(uint n, uint rns_count) {
    return xehe_row_base(n, rns_count, get_global_id(2), get_global_id(1));
}

static inline uint xehe_inv_root_index(uint n, uint m, uint i) { return n - 2 * m + 1 + i; }

// Forward rounds m, 2m, ..., m·2^(log_r-1) on the 2^log_r words x[] of one work-item (x[c] and
// x[c + h] pair up at distance h = 2^(log_r-1-s) in sub-round s); i is their block index at
// round m.
static inline void xehe_fwd_tree(word_t* x, __global const word_t* w, __global const word_t* ws,
                                 word_t q, word_t two_q, uint m, uint i, const uint log_r) {
    const uint r = 1u << log_r;
    for (uint s = 0; s < log_r; s++) {
        uint h = r >> (s + 1);
        uint blocks = 1u << s;
        for (uint b = 0; b < blocks; b++) {
            uint wi = (m << s) + i * blocks + b;
            word_t wv = w[wi];
            word_t wsv = ws[wi];
            for (uint e = 0; e < h; e++) {
                uint c = b * 2 * h + e;
                xehe_ct_butterfly(&x[c], &x[c + h], wv, wsv, q, two_q);
            }
        }
    }
}

// Inverse rounds m, m/2, ..., m / 2^(log_r-1) on x[] (x[c] and x[c + h] pair up at distance
// h = 2^s in sub-round s); i is their block index at the last of these rounds.
static inline void xehe_inv_tree(word_t* x, __global const word_t* w, __global const word_t* ws,
                                 word_t q, word_t two_q, uint n, uint m, uint i,
                                 const uint log_r) {
    const uint r = 1u << log_r;
    for (uint s = 0; s < log_r; s++) {
        uint h = 1u << s;
        uint blocks = r >> (s + 1);
        for (uint b = 0; b < blocks; b++) {
            uint wi = xehe_inv_root_index(n, m >> s, i * blocks + b);
            word_t wv = w[wi];
            word_t wsv = ws[wi];
            for (uint e = 0; e < h; e++) {
                uint c = b * 2 * h + e;
                xehe_gs_butterfly(&x[c], &x[c + h], wv, wsv, q, two_q);
            }
        }
    }
}

// A stage of rounds in local memory works on a tile. The blocks of round m (n/m words each) are
// seen as 2^log_rows rows of 2^log_s words (log_s = log2(n/m) - log_rows); work-group g takes
// 2^log_cols adjacent columns of block j, a tile of 2^(log_rows + log_cols) words kept
// row-major in local memory. log_cols = 0 and 2^log_rows = n/m is the classic tile (one whole
// block per group); the other shapes are the column passes of the four-step variant. Its twiddle
// step needs no pass of its own: block i of round m uses roots[m + i] in SEAL's merged table, so
// the twiddles of the rows are already the root powers the row rounds read.
typedef struct {
    size_t off;   // the tile's first word in data
    uint j;       // block index at round m
    uint log_s;   // log2 of the distance between two rows, in words
} xehe_tile;

// The tile of the item's work-group in the row that starts at word `base`.
static inline xehe_tile xehe_stage_tile_at(size_t base, uint n, uint m, uint log_rows,
                                           uint log_cols) {
    uint g = get_group_id(0);
    uint log_sub = 31 - clz(n / m);
    uint log_s = log_sub - log_rows;
    uint log_gpb = log_s - log_cols;  // work-groups per block
    xehe_tile t;
    t.j = g >> log_gpb;
    t.log_s = log_s;
    t.off = base + ((size_t)t.j << log_sub) +
            ((size_t)(g & ((1u << log_gpb) - 1)) << log_cols);
    return t;
}

static inline xehe_tile xehe_stage_tile(uint n, uint rns_count, uint m, uint log_rows,
                                        uint log_cols) {
    return xehe_stage_tile_at(xehe_poly_base(n, rns_count), n, m, log_rows, log_cols);
}

// Word e of the tile (row e >> log_cols, column e & mask) in data.
static inline size_t xehe_tile_word(xehe_tile t, uint e, uint log_cols) {
    return t.off + ((size_t)(e >> log_cols) << t.log_s) + (e & ((1u << log_cols) - 1));
}

static inline void xehe_tile_load(__local word_t* buf, __global const word_t* src, xehe_tile t,
                                  uint log_rows, uint log_cols) {
    for (uint e = get_local_id(0); e < (1u << (log_rows + log_cols)); e += get_local_size(0))
        buf[e] = src[xehe_tile_word(t, e, log_cols)];
}

// Stores the tile; `reduce` != 0 brings [0, 4q) to [0, q) on the way.
static inline void xehe_tile_store(__global word_t* dst, __local const word_t* buf, xehe_tile t,
                                   uint log_rows, uint log_cols, uint reduce, word_t q) {
    for (uint e = get_local_id(0); e < (1u << (log_rows + log_cols)); e += get_local_size(0)) {
        word_t v = buf[e];
        dst[xehe_tile_word(t, e, log_cols)] = reduce ? xehe_reduce_4q(v, q, 2 * q) : v;
    }
}

// One chunk of log_r forward rounds (rounds ms, 2ms, ...; first row gap 2^log_t) on a tile: each
// work-item takes groups of 2^log_r words of one column, as the global passes do.
static inline void xehe_fwd_local_chunk(__local word_t* buf, __global const word_t* w,
                                        __global const word_t* ws, word_t q, word_t two_q,
                                        uint log_rows, uint log_cols, uint j, uint ms,
                                        uint log_t, const uint log_r) {
    const uint r = 1u << log_r;
    uint t = 1u << log_t;
    uint log_t_min = log_t + 1 - log_r;
    uint t_min = 1u << log_t_min;
    uint i0 = j << (log_rows - 1 - log_t);
    uint cmask = (1u << log_cols) - 1;
    for (uint b = get_local_id(0); b < (1u << (log_rows - log_r + log_cols));
         b += get_local_size(0)) {
        uint rb = b >> log_cols;
        uint il = rb >> log_t_min;
        __local word_t* p = buf + ((2 * il * t + (rb & (t_min - 1))) << log_cols) + (b & cmask);
        word_t x[16];
        for (uint c = 0; c < r; c++) x[c] = p[(c * t_min) << log_cols];
        xehe_fwd_tree(x, w, ws, q, two_q, ms, i0 + il, log_r);
        for (uint c = 0; c < r; c++) p[(c * t_min) << log_cols] = x[c];
    }
}

// The forward rounds of a tile from round m on while the row gap is at least 2^stop, log_r
// rounds between barriers (then single rounds); returns the next round.
static inline uint xehe_fwd_local_rounds(__local word_t* buf, __global const word_t* w,
                                         __global const word_t* ws, word_t q, word_t two_q,
                                         uint log_rows, uint log_cols, uint j, uint m, uint stop,
                                         const uint log_r) {
    uint ms = m;
    uint remaining = log_rows - stop;
    while (remaining >= log_r) {
        xehe_fwd_local_chunk(buf, w, ws, q, two_q, log_rows, log_cols, j, ms,
                             stop + remaining - 1, log_r);
        barrier(CLK_LOCAL_MEM_FENCE);
        ms <<= log_r;
        remaining -= log_r;
    }
    while (remaining > 0) {
        xehe_fwd_local_chunk(buf, w, ws, q, two_q, log_rows, log_cols, j, ms,
                             stop + remaining - 1, 1);
        barrier(CLK_LOCAL_MEM_FENCE);
        ms <<= 1;
        remaining -= 1;
    }
    return ms;
}

// One forward stage: load the tile from src, every round of the stage, store to dst (src and dst
// may be the same buffer), `reduce` fusing the correction to [0, q).
static inline void xehe_ntt_fwd_stage(__global const word_t* src, __global word_t* dst,
                                      __global const word_t* roots,
                                      __global const word_t* roots_shoup,
                                      __global const word_t* moduli, uint n, uint rns_count,
                                      uint m, uint log_rows, uint log_cols, uint reduce,
                                      __local word_t* buf, const uint log_r) {
    uint rns = get_global_id(1);
    __global const word_t* w = roots + (size_t)rns * n;
    __global const word_t* ws = roots_shoup + (size_t)rns * n;
    word_t q = moduli[rns * XEHE_MODULUS_WORDS];
    xehe_tile t = xehe_stage_tile(n, rns_count, m, log_rows, log_cols);
    xehe_tile_load(buf, src, t, log_rows, log_cols);
    barrier(CLK_LOCAL_MEM_FENCE);
    xehe_fwd_local_rounds(buf, w, ws, q, 2 * q, log_rows, log_cols, t.j, m, 0, log_r);
    xehe_tile_store(dst, buf, t, log_rows, log_cols, reduce, q);
}

// One chunk of log_r inverse rounds (first row gap 2^log_t, gaps growing) on a tile.
static inline void xehe_inv_local_chunk(__local word_t* buf, __global const word_t* w,
                                        __global const word_t* ws, word_t q, word_t two_q, uint n,
                                        uint log_rows, uint log_cols, uint log_s, uint j,
                                        uint log_t, const uint log_r) {
    const uint r = 1u << log_r;
    uint t = 1u << log_t;
    uint log_t_max = log_t + log_r - 1;
    uint m = n >> (log_t + log_s + 1);
    uint i0 = j << (log_rows - 1 - log_t_max);
    uint cmask = (1u << log_cols) - 1;
    for (uint b = get_local_id(0); b < (1u << (log_rows - log_r + log_cols));
         b += get_local_size(0)) {
        uint rb = b >> log_cols;
        uint il = rb >> log_t;
        __local word_t* p =
            buf + ((2 * il * (t << (log_r - 1)) + (rb & (t - 1))) << log_cols) + (b & cmask);
        word_t x[16];
        for (uint c = 0; c < r; c++) x[c] = p[(c * t) << log_cols];
        xehe_inv_tree(x, w, ws, q, two_q, n, m, i0 + il, log_r);
        for (uint c = 0; c < r; c++) p[(c * t) << log_cols] = x[c];
    }
}

// The inverse rounds of a tile with row gaps 2^start ... 2^(end-1), log_r rounds between
// barriers (then single rounds).
static inline void xehe_inv_local_rounds(__local word_t* buf, __global const word_t* w,
                                         __global const word_t* ws, word_t q, word_t two_q, uint n,
                                         uint log_rows, uint log_cols, uint log_s, uint j,
                                         uint start, uint end, const uint log_r) {
    uint log_t = start;
    uint remaining = end - start;
    while (remaining >= log_r) {
        xehe_inv_local_chunk(buf, w, ws, q, two_q, n, log_rows, log_cols, log_s, j, log_t,
                             log_r);
        barrier(CLK_LOCAL_MEM_FENCE);
        log_t += log_r;
        remaining -= log_r;
    }
    while (remaining > 0) {
        xehe_inv_local_chunk(buf, w, ws, q, two_q, n, log_rows, log_cols, log_s, j, log_t, 1);
        barrier(CLK_LOCAL_MEM_FENCE);
        log_t += 1;
        remaining -= 1;
    }
}

// The merged last round (row gap 2^(log_rows-1), i.e. n/2 words) on a tile of a stage at m = 1.
static inline void xehe_inv_local_last(__local word_t* buf, __global const word_t* c, word_t q,
                                       uint log_rows, uint log_cols) {
    uint half_words = 1u << (log_rows + log_cols - 1);
    for (uint b = get_local_id(0); b < half_words; b += get_local_size(0)) {
        word_t x = buf[b];
        word_t y = buf[b + half_words];
        xehe_gs_last(&x, &y, c, q, 2 * q);
        buf[b] = x;
        buf[b + half_words] = y;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
}

// The inverse rounds of a tile from row gap 2^start on, and at m = 1 the merged last round
// with the component's constants c (outputs in [0, q)); otherwise outputs stay in [0, 2q) for
// the stages that follow.
static inline void xehe_inv_local_finish(__local word_t* buf, __global const word_t* w,
                                         __global const word_t* ws, __global const word_t* c,
                                         word_t q, uint n, uint m, uint log_rows, uint log_cols,
                                         uint log_s, uint j, uint start, const uint log_r) {
    uint finish = m == 1;
    xehe_inv_local_rounds(buf, w, ws, q, 2 * q, n, log_rows, log_cols, log_s, j, start,
                          finish ? log_rows - 1 : log_rows, log_r);
    if (finish) xehe_inv_local_last(buf, c, q, log_rows, log_cols);
}

// One inverse stage: the rounds of the blocks of round m (gaps growing) on a tile, in place.
static inline void xehe_ntt_inv_stage(__global word_t* data, __global const word_t* roots,
                                      __global const word_t* roots_shoup,
                                      __global const word_t* moduli, __global const word_t* consts,
                                      uint n, uint rns_count, uint m, uint log_rows,
                                      uint log_cols, __local word_t* buf, const uint log_r) {
    uint rns = get_global_id(1);
    __global const word_t* w = roots + (size_t)rns * n;
    __global const word_t* ws = roots_shoup + (size_t)rns * n;
    word_t q = moduli[rns * XEHE_MODULUS_WORDS];
    xehe_tile t = xehe_stage_tile(n, rns_count, m, log_rows, log_cols);
    xehe_tile_load(buf, data, t, log_rows, log_cols);
    barrier(CLK_LOCAL_MEM_FENCE);
    xehe_inv_local_finish(buf, w, ws, consts + rns * XEHE_NTT_CONST_WORDS, q, n, m, log_rows,
                          log_cols, t.log_s, t.j, 0,
                          log_r);
    xehe_tile_store(data, buf, t, log_rows, log_cols, 0, q);
}
