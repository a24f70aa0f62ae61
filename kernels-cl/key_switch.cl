// Key switching: SEAL's (one decomposition digit per prime of the level, one special prime P)
// and the hybrid one (K special primes, digits of K primes): the RNS broadcast or fast base
// conversion of the digits (ModUp), the multiply-accumulate with the key-switching keys, and
// the base conversion of the division by the special primes' product (ModDown). The division's
// other steps are divide_round.cl's (one prime) or the fused NTT's finish (several).
//
// "Key-switch order" puts the special primes first: component c < K is special prime p_c,
// component c ≥ K is the level's prime q_(c−K). Its NTT tables and moduli are then a prefix of
// one table set for every level, so the digits take one batched NTT. Rust mirrors:
// src/kernels/key_switch.rs.

// ext[j][c][t] = c2[j][t] mod m_c for the decomp components j of c2 (coefficient form,
// [decomp][coeff], component j reduced mod q_j). ND-range (n, decomp + 1, decomp).
__kernel void ks_decompose(__global const ulong* c2, __global ulong* ext,
                           __global const ulong* ks_moduli, uint n, uint decomp) {
    size_t t = get_global_id(0);
    size_t c = get_global_id(1);
    size_t j = get_global_id(2);
    __global const ulong* m = ks_moduli + c * XEHE_MODULUS_WORDS;
    ulong x = c2[j * n + t];
    ext[(j * (decomp + 1) + c) * n + t] = xehe_reduce_128(x, 0, m[0], m[1], m[2]);
}

// acc_k[c][t] = Σ_j ext[j][c][t'] · key[j][k][c][t] mod m_c for both key polynomials k, in
// NTT form, over the `digits` digits of a level of `level` primes with `specials` special
// primes, where t' = perm[t] when `permuted` (a hoisted rotation's Galois permutation of the
// shared digits, read in place instead of copied) and t otherwise (perm is then not read).
// ext is [digits][specials + level][coeff] and key [key_digits][2][key_rns][coeff], both in
// key-switch order; the sum is kept in 128 bits and reduced every 32 terms (products are below
// 2^122). Special components go to acc_special[k][c][t], the others to
// acc_data[k][c − specials][t]. ND-range (n, specials + level, 2).
__kernel void ks_mac(__global const ulong* ext, __global const ulong* key,
                     __global ulong* acc_special, __global ulong* acc_data,
                     __global const ulong* ks_moduli, __global const ulong* perm, uint n,
                     uint digits, uint level, uint specials, uint key_rns, uint permuted) {
    size_t t = get_global_id(0);
    size_t c = get_global_id(1);
    size_t k = get_global_id(2);
    size_t rows = (size_t)specials + level;
    size_t src = permuted ? (size_t)perm[t] : t;
    __global const ulong* m = ks_moduli + c * XEHE_MODULUS_WORDS;
    ulong lo = 0, hi = 0;
    for (uint j = 0; j < digits; j++) {
        ulong x = ext[((size_t)j * rows + c) * n + src];
        ulong y = key[(((size_t)j * 2 + k) * key_rns + c) * n + t];
        ulong p_lo = x * y;
        ulong p_hi = mul_hi(x, y);
        lo += p_lo;
        hi += p_hi + (lo < p_lo ? 1UL : 0UL);
        if ((j & 31) == 31) {
            lo = xehe_reduce_128(lo, hi, m[0], m[1], m[2]);
            hi = 0;
        }
    }
    ulong r = xehe_reduce_128(lo, hi, m[0], m[1], m[2]);
    if (c < specials) {
        acc_special[(k * specials + c) * n + t] = r;
    } else {
        acc_data[(k * level + c - specials) * n + t] = r;
    }
}

// The most primes of one digit (and special primes): a work-item keeps that many words.
#define XEHE_DIGIT_MAX 16

// ModUp: digit j of src (coefficient form, [level][coeff]; digit j is the primes
// [j·alpha, min((j+1)·alpha, level))) modulo every key-switch prime c, coefficient form, into
// ext[j][c][t] ([digits][specials + level][coeff]). The digit's own primes keep their residue;
// the others get the fast base conversion Σ_i v_i · punct[i][c] mod m_c with
// v_i = [x_i · inv_i]_(q_i), summed in 128 bits (at most 16 products below 2^122). One
// work-item per coefficient and digit makes the v_i once and every destination from them.
// consts: inv_i = (Q_j / q_i)^-1 mod q_i for i < level, then punct[i][c] = (Q_j / q_i) mod
// m_c, [level][specials + level], for the digit j of prime i at this level.
// ND-range (n, digits).
__kernel void ks_mod_up(__global const ulong* src, __global ulong* ext,
                        __global const ulong* ks_moduli, __global const ulong* consts, uint n,
                        uint level, uint specials, uint alpha) {
    size_t t = get_global_id(0);
    size_t j = get_global_id(1);
    size_t rows = (size_t)specials + level;
    size_t first = j * alpha;
    size_t count = min((size_t)alpha, (size_t)level - first);
    __global const ulong* punct = consts + level;
    ulong x[XEHE_DIGIT_MAX];
    ulong v[XEHE_DIGIT_MAX];
    for (size_t i = 0; i < count; i++) {
        __global const ulong* q = ks_moduli + (specials + first + i) * XEHE_MODULUS_WORDS;
        x[i] = src[(first + i) * n + t];
        v[i] = xehe_mul_mod(x[i], consts[first + i], q[0], q[1], q[2]);
    }
    for (size_t c = 0; c < rows; c++) {
        ulong out;
        if (c >= specials && c - specials >= first && c - specials < first + count) {
            out = x[c - specials - first];
        } else {
            __global const ulong* m = ks_moduli + c * XEHE_MODULUS_WORDS;
            ulong lo = 0, hi = 0;
            for (size_t i = 0; i < count; i++) {
                ulong w = punct[(first + i) * rows + c];
                ulong p_lo = v[i] * w;
                lo += p_lo;
                hi += mul_hi(v[i], w) + (lo < p_lo ? 1UL : 0UL);
            }
            out = xehe_reduce_128(lo, hi, m[0], m[1], m[2]);
        }
        ext[(j * rows + c) * n + t] = out;
    }
}

// ModDown's conversion: for each polynomial p and data prime q_m of the level,
// t[p][m][t] = Σ_k v_k · punct[k][m] − half_m mod q_m with v_k = [(r_k + half_k) · inv_k]_(p_k),
// where r_k is row k of special[p] (coefficient form, [polys][specials][coeff]) and the sum is
// the fast base conversion of r + ⌊P/2⌋ from the special primes. One work-item per
// coefficient and polynomial makes the v_k once and every data prime from them. The fused
// forward NTT's finish then takes (x − t) · P^-1. consts (the special primes' alone, every
// level's prefix): inv_k = (P / p_k)^-1 mod p_k and half_k = ⌊P/2⌋ mod p_k, [specials] each;
// half_m = ⌊P/2⌋ mod q_m, [data primes]; punct[k][m] = (P / p_k) mod q_m,
// [specials][data primes]. ks_moduli is in key-switch order. ND-range (n, polys).
__kernel void ks_mod_down_convert(__global const ulong* special, __global ulong* out,
                                  __global const ulong* ks_moduli,
                                  __global const ulong* consts, uint n, uint level,
                                  uint specials, uint data_primes) {
    size_t t = get_global_id(0);
    size_t p = get_global_id(1);
    __global const ulong* inv = consts;
    __global const ulong* half_special = consts + specials;
    __global const ulong* half_data = consts + 2 * specials;
    __global const ulong* punct = consts + 2 * specials + data_primes;
    ulong v[XEHE_DIGIT_MAX];
    for (size_t k = 0; k < specials; k++) {
        __global const ulong* q = ks_moduli + k * XEHE_MODULUS_WORDS;
        ulong r = xehe_add_mod(special[(p * specials + k) * n + t], half_special[k], q[0]);
        v[k] = xehe_mul_mod(r, inv[k], q[0], q[1], q[2]);
    }
    for (size_t c = 0; c < level; c++) {
        __global const ulong* m = ks_moduli + (specials + c) * XEHE_MODULUS_WORDS;
        ulong lo = 0, hi = 0;
        for (size_t k = 0; k < specials; k++) {
            ulong w = punct[k * data_primes + c];
            ulong p_lo = v[k] * w;
            lo += p_lo;
            hi += mul_hi(v[k], w) + (lo < p_lo ? 1UL : 0UL);
        }
        ulong x = xehe_reduce_128(lo, hi, m[0], m[1], m[2]);
        out[(p * level + c) * n + t] = xehe_sub_mod(x, half_data[c], m[0]);
    }
}
