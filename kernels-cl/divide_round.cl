// xehe-build: divide_round= divide_round_w32=-DXEHE_WORD_BITS=32
// Division by a prime with rounding: SEAL's "mod down" after key switching (by the special
// prime P) and its rescale (by the level's last prime). For x with residues over the target
// primes q_i and r = x mod q_last (coefficient form):
//   r' = r + floor(q_last / 2) mod q_last            (centre)
//   tmp_i = (r' mod q_i) − floor(q_last / 2) mod q_i  (spread; then a forward NTT)
//   out_i = (x_i − tmp_i) · q_last^-1 mod q_i         (finish, NTT form)
// `consts` holds per target prime: q_last^-1 mod q_i, floor(q_last / 2) mod q_i.
// Rust mirrors: src/kernels/divide_round.rs.

// dst[p][t] = src[p][comp][t]: one component of every polynomial. ND-range (n, 1, polys).
__kernel void rns_extract(__global const word_t* src, __global word_t* dst, uint n, uint src_rns,
                          uint comp) {
    size_t t = get_global_id(0);
    size_t p = get_global_id(2);
    dst[p * n + t] = src[(p * src_rns + comp) * n + t];
}

// tmp[p][i][t] from last[p][t] (coefficient form mod q_last). ND-range (n, rns_count, polys).
// q_last is a ulong in both builds: scalar parameters have one width whatever the word (a
// 32-bit tier prime fits its low half).
__kernel void divide_round_spread(__global const word_t* last, __global word_t* tmp,
                                  __global const word_t* moduli, __global const word_t* consts,
                                  ulong q_last, uint n, uint rns_count) {
    size_t t = get_global_id(0);
    size_t i = get_global_id(1);
    size_t p = get_global_id(2);
    __global const word_t* m = moduli + i * XEHE_MODULUS_WORDS;
    word_t ql = (word_t)q_last;
    word_t r = xehe_add_mod(last[p * n + t], ql >> 1, ql);
    word_t reduced = xehe_reduce_word(r, m);
    tmp[(p * rns_count + i) * n + t] = xehe_sub_mod(reduced, consts[2 * i + 1], m[0]);
}

// out[p][i] = (x[p][i] − tmp[p][i]) · q_last^-1, plus base[p][i] where bit p of add_mask is set.
// x and base have x_rns and base_rns components per polynomial (the rescaled ciphertext keeps
// its last component in place); tmp and out have rns_count. ND-range (n, rns_count, polys).
__kernel void divide_round_finish(__global const word_t* x, __global const word_t* tmp,
                                  __global const word_t* base, __global word_t* out,
                                  __global const word_t* moduli, __global const word_t* consts,
                                  uint n, uint rns_count, uint x_rns, uint base_rns,
                                  uint add_mask) {
    size_t t = get_global_id(0);
    size_t i = get_global_id(1);
    size_t p = get_global_id(2);
    __global const word_t* m = moduli + i * XEHE_MODULUS_WORDS;
    size_t o = (p * rns_count + i) * n + t;
    word_t d = xehe_sub_mod(x[(p * x_rns + i) * n + t], tmp[o], m[0]);
    d = xehe_mul_mod_row(d, consts[2 * i], m);
    // Polynomials past the mask's 32 bits get nothing added (a shift by 32 or more is undefined).
    if (p < 32 && ((add_mask >> p) & 1)) {
        d = xehe_add_mod(base[(p * base_rns + i) * n + t], d, m[0]);
    }
    out[o] = d;
}

// dst[p][i][t] = src[p][i][t] for the first rns_count of src_rns components: modulus switching
// (dropping the last prime). ND-range (n, rns_count, polys).
__kernel void rns_truncate(__global const word_t* src, __global word_t* dst, uint n, uint src_rns,
                           uint rns_count) {
    size_t t = get_global_id(0);
    size_t i = get_global_id(1);
    size_t p = get_global_id(2);
    dst[(p * rns_count + i) * n + t] = src[(p * src_rns + i) * n + t];
}
