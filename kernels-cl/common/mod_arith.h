// Modular arithmetic shared by every xehe kernel (prepended to each kernels-cl/*.cl: clang gets it
// with -include, drivers that build from source get it as the first source string).
//
// A modulus is three words in a `moduli` table: q, then SEAL's Barrett constant floor(2^128 / q)
// as (low, high). q < 2^61, so sums of two residues never overflow and the 128-bit Barrett
// reduction below is exact for every 128-bit input (the same algorithm as
// xehe::arith::Modulus::reduce_u128; Rust mirror: src/kernels/mod_arith.rs).

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
