// Key switching as SEAL does it (one decomposition component per prime of the level, one
// special prime P): the RNS broadcast of the decomposed polynomial and the multiply-accumulate
// with the key-switching keys. The division by P that follows is divide_round.cl.
//
// "Key-switch order" puts P first: component 0 is P, component c ≥ 1 is the level's prime
// q_(c−1). Its NTT tables and moduli are then a prefix of one table set for every level, so the
// broadcast polynomials take one batched NTT. Rust mirrors: src/kernels/key_switch.rs.

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

// acc_k[c][t] = Σ_j ext[j][c][t] · key[j][k][c][t] mod m_c for both key polynomials k, in
// NTT form. key is [key_decomp][2][key_rns][coeff] in key-switch order; the sum is kept in 128
// bits and reduced every 32 terms (products are below 2^122). Component 0 (P) goes to
// acc_special[k][t], the others to acc_data[k][c − 1][t]. ND-range (n, decomp + 1, 2).
__kernel void ks_mac(__global const ulong* ext, __global const ulong* key,
                     __global ulong* acc_special, __global ulong* acc_data,
                     __global const ulong* ks_moduli, uint n, uint decomp, uint key_rns) {
    size_t t = get_global_id(0);
    size_t c = get_global_id(1);
    size_t k = get_global_id(2);
    __global const ulong* m = ks_moduli + c * XEHE_MODULUS_WORDS;
    ulong lo = 0, hi = 0;
    for (uint j = 0; j < decomp; j++) {
        ulong x = ext[((size_t)j * (decomp + 1) + c) * n + t];
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
    if (c == 0) {
        acc_special[k * n + t] = r;
    } else {
        acc_data[(k * decomp + c - 1) * n + t] = r;
    }
}
