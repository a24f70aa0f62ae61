// xehe-build: key_switch= key_switch_w32=-DXEHE_WORD_BITS=32
// Key switching: SEAL's (one decomposition digit per prime of the level, one special prime P)
// and the hybrid one (K special primes, digits of K primes): the RNS broadcast of the digits
// (unfused; the evaluator fuses it, and hybrid switching's ModUp, into the forward NTT's first
// load: ntt_rns.cl), the multiply-accumulate with the key-switching keys, and the scaling of
// the special rows for the division by the special primes' product (ModDown). The division's
// other steps are divide_round.cl's (one prime) or the fused NTT's (several: the base
// conversion in its first load, the finish in its last store).
//
// "Key-switch order" puts the special primes first: component c < K is special prime p_c,
// component c ≥ K is the level's prime q_(c−K). Its NTT tables and moduli are then a prefix of
// one table set for every level, so the digits take one batched NTT. Rust mirrors:
// src/kernels/key_switch.rs.

// ext[j][c][t] = c2[j][t] mod m_c for the decomp components j of c2 (coefficient form,
// [decomp][coeff], component j reduced mod q_j). ND-range (n, decomp + 1, decomp).
__kernel void ks_decompose(__global const word_t* c2, __global word_t* ext,
                           __global const word_t* ks_moduli, uint n, uint decomp) {
    size_t t = get_global_id(0);
    size_t c = get_global_id(1);
    size_t j = get_global_id(2);
    __global const word_t* m = ks_moduli + c * XEHE_MODULUS_WORDS;
    word_t x = c2[j * n + t];
    ext[(j * (decomp + 1) + c) * n + t] = xehe_reduce_word(x, m);
}

// acc_k[c][t] = Σ_j ext[j][c][t'] · key[j][k][c][t] mod m_c for both key polynomials k, in
// NTT form, over the `digits` digits of `alpha` primes of a level of `level` primes with
// `specials` special primes, where t' = src (perm[t] for a hoisted rotation's Galois permutation
// of the shared digits, read in place instead of copied; t otherwise). ext is
// [digits][specials + level][coeff] and key [key_digits][2][key_rns][coeff], both in key-switch
// order, except that the digits' own rows are not in ext (the forward NTT skips them): a digit's
// residue modulo its own prime q_i in NTT form is the switched polynomial's row i, read from ct
// ([..][level][coeff], that polynomial's rows from ct_first). One work-item makes both key
// polynomials' sums, so each digit word is read once: the digits are a third of the words the
// products read. The sums are kept in a double word (xehe_wide), folded where a word needs it
// (xehe_mac_fold_after), so that any number of digits is summed exactly. Special components
// go to acc_special[k][c][t], the others to acc_data[k][c − specials][t]; with `accumulate` the
// reduced sums are added to what the accumulators hold (several key switches summed before one
// division by P).
//
// A level may be a window of the key level's data primes starting at key prime
// key_digit0·alpha + lead (0 ≤ lead < alpha; both 0 for a prefix). It then uses the key's digits
// that overlap it: level digit j is key digit key_digit0 + j and covers the level's primes
// [max(j·alpha − lead, 0), min((j + 1)·alpha − lead, level)), so `digits` is
// ceil((level + lead) / alpha), and the key rows of the level's primes start lead rows into key
// digit key_digit0's (the key's rows are its specials, then its data primes from q_0).
static inline void xehe_ks_mac_item(size_t t, size_t c, size_t src, __global const word_t* ext,
                                    __global const word_t* key, __global word_t* acc_special,
                                    __global word_t* acc_data, __global const word_t* ks_moduli,
                                    __global const word_t* ct, uint ct_first, uint n,
                                    uint digits, uint level, uint specials, uint alpha,
                                    uint key_rns, uint accumulate, uint lead,
                                    uint key_digit0) {
    size_t rows = (size_t)specials + level;
    // The digit whose own prime c is (none for a special prime).
    uint own = c >= specials ? (uint)(c - specials + lead) / alpha : digits;
    __global const word_t* m = ks_moduli + c * XEHE_MODULUS_WORDS;
    size_t key_poly = (size_t)key_rns * n;
    // Out of the loop, so that the loop's arithmetic is a prefix level's.
    size_t key_row = c < specials ? c : c + (size_t)key_digit0 * alpha + lead;
    size_t key_at = (size_t)key_digit0 * 2 * key_poly + key_row * n + t;
#if XEHE_WORD_BITS == 64
    // The 64-bit sums in plain words with a fold test every 32 digits (never taken below 33),
    // as before the 32-bit build: on an H100 the shared xehe_mac* form made ks_mac 3.7% and
    // ks_mac_steps 6.3% slower (NVIDIA's compiler unrolled it four times instead of twice),
    // and neither an unroll pragma, nor macros, nor structs by value brought that back.
    ulong lo0 = 0, hi0 = 0, lo1 = 0, hi1 = 0;
    for (uint j = 0; j < digits; j++) {
        ulong x = j == own ? ct[((size_t)ct_first + c - specials) * n + src]
                           : ext[((size_t)j * rows + c) * n + src];
        size_t y_at = (size_t)j * 2 * key_poly + key_at;
        ulong y0 = key[y_at];
        ulong y1 = key[y_at + key_poly];
        ulong p0 = x * y0;
        ulong p1 = x * y1;
        lo0 += p0;
        hi0 += mul_hi(x, y0) + (lo0 < p0 ? 1UL : 0UL);
        lo1 += p1;
        hi1 += mul_hi(x, y1) + (lo1 < p1 ? 1UL : 0UL);
        if ((j & 31) == 31) {
            lo0 = xehe_reduce_128(lo0, hi0, m[0], m[1], m[2]);
            lo1 = xehe_reduce_128(lo1, hi1, m[0], m[1], m[2]);
            hi0 = 0;
            hi1 = 0;
        }
    }
    word_t r0 = xehe_reduce_128(lo0, hi0, m[0], m[1], m[2]);
    word_t r1 = xehe_reduce_128(lo1, hi1, m[0], m[1], m[2]);
#else
    // Pointers stepped by their strides (digit after digit), not offsets multiplied out per
    // digit: NVIDIA's compiler multiplies 64-bit offsets with several 32-bit instructions.
    __global const word_t* xj = ext + (size_t)c * n + src;
    __global const word_t* yj = key + key_at;
    __global const word_t* x_own = ct + ((size_t)ct_first + c - specials) * n + src;
    size_t x_step = rows * n;
    size_t y_step = 2 * key_poly;
    xehe_wide acc0, acc1;
    xehe_mac_init(&acc0, 0, 0);
    xehe_mac_init(&acc1, 0, 0);
    for (uint j = 0; j < digits; j++) {
        word_t x = j == own ? *x_own : *xj;
        xehe_mac(&acc0, x, yj[0]);
        xehe_mac(&acc1, x, yj[key_poly]);
        xehe_mac_fold_after(&acc0, j, m);
        xehe_mac_fold_after(&acc1, j, m);
        xj += x_step;
        yj += y_step;
    }
    word_t r0 = xehe_mac_reduce(&acc0, m);
    word_t r1 = xehe_mac_reduce(&acc1, m);
#endif
    __global word_t* out0 = c < specials ? acc_special + c * n + t
                                         : acc_data + (c - specials) * n + t;
    __global word_t* out1 = c < specials ? acc_special + (specials + c) * n + t
                                         : acc_data + (level + c - specials) * n + t;
    if (accumulate) {
        r0 = xehe_add_mod(r0, *out0, m[0]);
        r1 = xehe_add_mod(r1, *out1, m[0]);
    }
    *out0 = r0;
    *out1 = r1;
}

// One key switch's products (xehe_ks_mac_item), the digits read where they lie.
// ND-range (n, specials + level).
__kernel void ks_mac(__global const word_t* ext, __global const word_t* key,
                     __global word_t* acc_special, __global word_t* acc_data,
                     __global const word_t* ks_moduli, __global const word_t* ct, uint ct_first,
                     uint n, uint digits, uint level, uint specials, uint alpha, uint key_rns,
                     uint accumulate, uint lead, uint key_digit0) {
    size_t t = get_global_id(0);
    size_t c = get_global_id(1);
    xehe_ks_mac_item(t, c, t, ext, key, acc_special, acc_data, ks_moduli, ct, ct_first, n,
                     digits, level, specials, alpha, key_rns, accumulate, lead, key_digit0);
}

// The products of up to XEHE_HOISTED_STEPS steps of one hoisted rotation in one launch: step s
// reads the shared digits through its Galois permutation perm<s> with its key key<s> into
// acc_special[s] ([steps][2][specials][n], so that one inverse NTT takes every step's special
// rows) and acc_data<s> (the arguments past the launch's steps are not read). ND-range
// (n, steps, specials + level): the steps of one prime are dispatched together, so the digits of
// that prime (4.7 MB at 2^16 with 9 digits) come from the L2 for every step after the first and
// a step reads little more than its key. Apart from that, each step is ks_mac's. The
// permutations are source positions below n, in the module's word like every buffer.
__kernel void ks_mac_steps(
    __global const word_t* ext, __global const word_t* ct, __global const word_t* ks_moduli,
    __global const word_t* key0, __global const word_t* key1, __global const word_t* key2,
    __global const word_t* key3, __global const word_t* key4, __global const word_t* key5,
    __global const word_t* key6, __global const word_t* key7, __global const word_t* perm0,
    __global const word_t* perm1, __global const word_t* perm2, __global const word_t* perm3,
    __global const word_t* perm4, __global const word_t* perm5, __global const word_t* perm6,
    __global const word_t* perm7, __global word_t* acc_special, __global word_t* acc_data0,
    __global word_t* acc_data1, __global word_t* acc_data2, __global word_t* acc_data3,
    __global word_t* acc_data4, __global word_t* acc_data5, __global word_t* acc_data6,
    __global word_t* acc_data7, uint ct_first, uint n, uint digits, uint level, uint specials,
    uint alpha, uint key_rns, uint lead, uint key_digit0) {
    size_t t = get_global_id(0);
    uint s = get_global_id(1);
    size_t c = get_global_id(2);
    __global const word_t* perm = XEHE_STEP(s, perm);
    __global word_t* special = acc_special + (size_t)s * 2 * specials * n;
    xehe_ks_mac_item(t, c, (size_t)perm[t], ext, XEHE_STEP(s, key), special,
                     XEHE_STEP(s, acc_data), ks_moduli, ct, ct_first, n, digits, level, specials,
                     alpha, key_rns, 0, lead, key_digit0);
}

// ModDown's first step: the special rows' residues scaled for the fast base conversion, in
// place: v_k = [(r_k + ⌊P/2⌋) · (P / p_k)^-1]_(p_k) for row k of each polynomial of special
// ([polys][specials][n], coefficient form; ks_moduli in key-switch order, the special primes
// first). The conversion itself is the division's forward NTT's first load
// (ntt_fwd_stage_mod_down), which takes the same constants: inv_k = (P / p_k)^-1 mod p_k and
// half_k = ⌊P/2⌋ mod p_k, [specials] each, first. Made once per special row here rather than
// once per data prime in the NTT's load. ND-range (n, specials, polys).
__kernel void ks_mod_down_scale(__global word_t* special, __global const word_t* ks_moduli,
                                __global const word_t* consts, uint n, uint specials) {
    size_t t = get_global_id(0);
    size_t k = get_global_id(1);
    size_t p = get_global_id(2);
    __global const word_t* q = ks_moduli + k * XEHE_MODULUS_WORDS;
    size_t at = (p * specials + k) * n + t;
    word_t r = xehe_add_mod(special[at], consts[specials + k], q[0]);
    special[at] = xehe_mul_mod_row(r, consts[k], q);
}
