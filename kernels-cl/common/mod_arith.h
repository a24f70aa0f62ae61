// Modular arithmetic shared by every xehe kernel (prepended to each kernels-cl/*.cl after
// word.h: clang gets it with -include, drivers that build from source get it as the first
// source string). Rust mirror: src/kernels/mod_arith.rs. One section per word size; both
// expose the same names (xehe_sub_if_ge, xehe_add_mod, xehe_sub_mod, xehe_neg_mod,
// xehe_mul_shoup_lazy, xehe_guard, xehe_reduce_4q, and xehe_mul_mod_row, xehe_mad_mod_row,
// xehe_mul_mod_any, xehe_reduce_word, which read a modulus as its row of the `moduli` table;
// the sums of products xehe_wide, xehe_mac_init, xehe_mac, xehe_mac_fold, xehe_mac_fold_after,
// xehe_mac_reduce and their period XEHE_MAC_TERMS), so a kernel written in word_t with those names builds for both.

#if XEHE_WORD_BITS == 64

// A modulus is three words in a `moduli` table: q, then SEAL's Barrett constant floor(2^128 / q)
// as (low, high). q < 2^61, so sums of two residues never overflow and the 128-bit Barrett
// reduction below is exact for every 128-bit input (the same algorithm as
// xehe::arith::Modulus::reduce_u128).

#define XEHE_MODULUS_WORDS 3

static inline ulong xehe_sub_if_ge(ulong x, ulong q) { return x >= q ? x - q : x; }

static inline ulong xehe_add_mod(ulong a, ulong b, ulong q) { return xehe_sub_if_ge(a + b, q); }

static inline ulong xehe_sub_mod(ulong a, ulong b, ulong q) { return a >= b ? a - b : a + (q - b); }

static inline ulong xehe_neg_mod(ulong a, ulong q) { return a == 0 ? 0 : q - a; }

// (x1·2^64 + x0) mod q. Only the high word of the middle 128-bit sum is needed; its carries
// are counted explicitly because OpenCL C has no 128-bit integer.
static inline ulong xehe_reduce_128(ulong x0, ulong x1, ulong q, ulong m0, ulong m1) {
    ulong c = mul_hi(x0, m0);
    ulong lo1 = x0 * m1;
    ulong hi1 = mul_hi(x0, m1);
    ulong lo2 = x1 * m0;
    ulong hi2 = mul_hi(x1, m0);
    ulong s = lo1 + lo2;
    ulong carry = s < lo1 ? 1UL : 0UL;
    ulong s2 = s + c;
    carry += s2 < s ? 1UL : 0UL;
    ulong quot = x1 * m1 + (hi1 + hi2 + carry);
    return xehe_sub_if_ge(x0 - quot * q, q);
}

static inline ulong xehe_mul_mod(ulong a, ulong b, ulong q, ulong m0, ulong m1) {
    return xehe_reduce_128(a * b, mul_hi(a, b), q, m0, m1);
}

// a·b + c with one reduction: a·b + c < 2^128 for 64-bit words.
static inline ulong xehe_mad_mod(ulong a, ulong b, ulong c, ulong q, ulong m0, ulong m1) {
    ulong lo = a * b;
    ulong hi = mul_hi(a, b);
    ulong lo_c = lo + c;
    hi += lo_c < lo ? 1UL : 0UL;
    return xehe_reduce_128(lo_c, hi, q, m0, m1);
}

// (hi, lo) += a·b, a 128-bit accumulator: sums of up to 64 products of residues below 2^61 fit.
static inline void xehe_mac_wide(ulong a, ulong b, ulong* lo, ulong* hi) {
    ulong p_lo = a * b;
    *lo += p_lo;
    *hi += mul_hi(a, b) + (*lo < p_lo ? 1UL : 0UL);
}

// Harvey's lazy forms used inside the NTT (values in [0, 4q); 4q < 2^63 for q < 2^61).

// x·w mod q in [0, 2q) with Shoup's precomputed w_shoup = floor(w·2^64 / q).
static inline ulong xehe_mul_shoup_lazy(ulong x, ulong w, ulong w_shoup, ulong q) {
    return x * w - mul_hi(x, w_shoup) * q;
}

// [0, 4q) -> [0, 2q).
static inline ulong xehe_guard(ulong x, ulong two_q) { return x >= two_q ? x - two_q : x; }

// [0, 4q) -> [0, q).
static inline ulong xehe_reduce_4q(ulong x, ulong q, ulong two_q) {
    return xehe_sub_if_ge(xehe_guard(x, two_q), q);
}

static inline ulong xehe_mul_mod_row(ulong a, ulong b, __global const ulong* row) {
    return xehe_mul_mod(a, b, row[0], row[1], row[2]);
}

static inline ulong xehe_mad_mod_row(ulong a, ulong b, ulong c, __global const ulong* row) {
    return xehe_mad_mod(a, b, c, row[0], row[1], row[2]);
}

// Any two words: the 128-bit reduction is exact for every product.
static inline ulong xehe_mul_mod_any(ulong a, ulong b, __global const ulong* row) {
    return xehe_mul_mod(a, b, row[0], row[1], row[2]);
}

// xehe_mul_mod_any with q already loaded from row[0].
static inline ulong xehe_mul_mod_any_q(ulong a, ulong b, ulong q, __global const ulong* row) {
    return xehe_mul_mod(a, b, q, row[1], row[2]);
}

// Any word x mod q.
static inline ulong xehe_reduce_word(ulong x, __global const ulong* row) {
    return xehe_reduce_128(x, 0, row[0], row[1], row[2]);
}

// A sum of products of residues, kept in 128 bits (two words, the carry counted explicitly).
typedef struct {
    ulong lo;
    ulong hi;
} xehe_wide;

// Products a sum holds: 64 products below 2^122 stay below 2^128. Every 64-bit sum is that
// short (a context holds at most 64 primes, so key switching has at most 63 digits; ModUp and
// ModDown sum at most 17 terms), so no 64-bit sum folds: xehe_mac_fold_after is empty here,
// and the sums' loops carry no test for it (ModUp's forward stage was 6% slower with one).
#define XEHE_MAC_TERMS 64
#define XEHE_MAC_FOLDS 0

// acc = a·b.
static inline void xehe_mac_init(xehe_wide* acc, ulong a, ulong b) {
    acc->lo = a * b;
    acc->hi = mul_hi(a, b);
}

// acc += a·b.
static inline void xehe_mac(xehe_wide* acc, ulong a, ulong b) {
    xehe_mac_wide(a, b, &acc->lo, &acc->hi);
}

// The sum mod q.
static inline ulong xehe_mac_reduce(const xehe_wide* acc, __global const ulong* row) {
    return xehe_reduce_128(acc->lo, acc->hi, row[0], row[1], row[2]);
}

// acc = acc mod q, after every XEHE_MAC_TERMS-th product, so that longer sums cannot overflow.
static inline void xehe_mac_fold(xehe_wide* acc, __global const ulong* row) {
    acc->lo = xehe_mac_reduce(acc, row);
    acc->hi = 0;
}

#else

// A modulus is five words in a `moduli` table: q (2^24 < q < 2^30), the proposed Barrett's
// mu = floor(2^(2m+1) / q) and m = len(q) (Shivdikar et al., Alg. 4), and floor((2^64-1) / q)
// as (low, high) for the reduction of any 64-bit value. 4q < 2^32, so Harvey's lazy NTT values
// fit the word.

#define XEHE_MODULUS_WORDS 5

static inline uint xehe_sub_if_ge(uint x, uint q) { return x >= q ? x - q : x; }

static inline uint xehe_add_mod(uint a, uint b, uint q) { return xehe_sub_if_ge(a + b, q); }

static inline uint xehe_sub_mod(uint a, uint b, uint q) { return a >= b ? a - b : a + (q - b); }

static inline uint xehe_neg_mod(uint a, uint q) { return a == 0 ? 0 : q - a; }

// x·w mod q in [0, 2q) with Shoup's precomputed w_shoup = floor(w·2^32 / q), any 32-bit x.
static inline uint xehe_mul_shoup_lazy(uint x, uint w, uint w_shoup, uint q) {
    return x * w - mul_hi(x, w_shoup) * q;
}

// [0, 4q) -> [0, 2q).
static inline uint xehe_guard(uint x, uint two_q) { return x >= two_q ? x - two_q : x; }

// [0, 4q) -> [0, q).
static inline uint xehe_reduce_4q(uint x, uint q, uint two_q) {
    return xehe_sub_if_ge(xehe_guard(x, two_q), q);
}

// a·b + c mod q for a, b, c < q (a·b + c < 2^(2m)): the proposed Barrett, one correction. Both
// products are built from 32-bit halves (upsample of mul_hi and the low product): written as
// (ulong)a * b, NVIDIA's compiler multiplied in 64 bits wherever an operand was loaded in
// another block, several instructions for each.
static inline uint xehe_mad_mod_row(uint a, uint b, uint c, __global const uint* row) {
    uint q = row[0];
    uint m = row[2];
    uint mu = row[1];
    ulong x = upsample(mul_hi(a, b), a * b) + c;
    uint t = (uint)(x >> (m - 2));
    uint quot = (uint)(upsample(mul_hi(t, mu), t * mu) >> (m + 3));
    return xehe_sub_if_ge((uint)x - quot * q, q);
}

static inline uint xehe_mul_mod_row(uint a, uint b, __global const uint* row) {
    return xehe_mad_mod_row(a, b, 0, row);
}

// x mod q for any 64-bit x: the quotient from three 32-bit products of x and floor((2^64-1)/q)
// (the low×low product and the low halves of the cross products dropped: at most 3 short, so
// the remainder is below 4q), then two conditional subtractions.
static inline uint xehe_reduce_wide(ulong x, __global const uint* row) {
    uint q = row[0];
    uint m0 = row[3];
    uint m1 = row[4];
    uint x0 = (uint)x;
    uint x1 = (uint)(x >> 32);
    uint quot = x1 * m1 + mul_hi(x1, m0) + mul_hi(x0, m1);
    return xehe_reduce_4q(x0 - quot * q, q, 2 * q);
}

// Any two words (the fused NTT product takes values in [0, 4q)).
static inline uint xehe_mul_mod_any(uint a, uint b, __global const uint* row) {
    return xehe_reduce_wide((ulong)a * b, row);
}

// xehe_mul_mod_any with q already loaded from row[0] (the same words: the wide reduction reads
// its own constants).
static inline uint xehe_mul_mod_any_q(uint a, uint b, uint q, __global const uint* row) {
    return xehe_reduce_wide((ulong)a * b, row);
}

// Any word x mod q: the proposed Barrett holds for x < 2^(2m), and 2m > 48 for q > 2^24, so
// every 32-bit x qualifies; one correction.
static inline uint xehe_reduce_word(uint x, __global const uint* row) {
    uint q = row[0];
    uint m = row[2];
    uint quot = (uint)(((ulong)(x >> (m - 2)) * row[1]) >> (m + 3));
    return xehe_sub_if_ge(x - quot * q, q);
}

// A sum of products of residues, kept in one 64-bit word.
typedef struct {
    ulong v;
} xehe_wide;

// Products summed between two folds (xehe_mac_fold): residues are below 2^30, so a product is
// at most (2^30 − 1)^2 < 2^60 and 16 of them plus the folded residue below 2^30 are at most
// 2^64 − 2^35 + 2^30 + 16 < 2^64; a 17th product could overflow.
#define XEHE_MAC_TERMS 16
#define XEHE_MAC_FOLDS 1

// acc = a·b.
static inline void xehe_mac_init(xehe_wide* acc, uint a, uint b) { acc->v = (ulong)a * b; }

// acc += a·b.
static inline void xehe_mac(xehe_wide* acc, uint a, uint b) { acc->v += (ulong)a * b; }

// The sum mod q, one wide reduction.
static inline uint xehe_mac_reduce(const xehe_wide* acc, __global const uint* row) {
    return xehe_reduce_wide(acc->v, row);
}

// acc = acc mod q, after every XEHE_MAC_TERMS-th product, so that longer sums cannot overflow.
static inline void xehe_mac_fold(xehe_wide* acc, __global const uint* row) {
    acc->v = xehe_mac_reduce(acc, row);
}

#endif

// After product k (from 0) of a sum: folds at the end of each run of XEHE_MAC_TERMS products,
// where a word's sums can be longer than that (32-bit words); nothing otherwise.
static inline void xehe_mac_fold_after(xehe_wide* acc, uint k, __global const word_t* row) {
#if XEHE_MAC_FOLDS
    if (k % XEHE_MAC_TERMS == XEHE_MAC_TERMS - 1) xehe_mac_fold(acc, row);
#endif
}

