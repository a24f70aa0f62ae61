// xehe-build: encrypt= encrypt_w32=-DXEHE_WORD_BITS=32
// Public-key encryption on the device (SEAL's encrypt_zero_asymmetric, then the division by the
// extra prime and the plaintext's addition, which divide_round.cl's fused stages do).
//
// Randomness: ChaCha20 (djb's layout: a 64-bit block counter in words 12-13, a 64-bit stream id
// in words 14-15) keyed by a fresh 256-bit secret per encryption. Block b of stream 0 serves
// coefficients 2b and 2b + 1, six 32-bit words each: two for the ternary u (a 64-bit word t,
// u = floor(3t / 2^64) − 1), two for e0 and two for e1 (centred binomial noise over 21 + 21
// bits of a 64-bit word, SEAL's default width). Every coefficient is thus a function of the key
// and its index alone, so the device draws in parallel exactly what the host draws from the
// same key (the host reads the same stream through rand_chacha). A batch of encryptions
// shares one fresh key, ciphertext b drawing from stream `stream` + b: dimension 2 of the
// public-key kernels' ND-ranges is b (stream 0 alone, for one encryption). The key, the stream
// id and the draws are 64-bit in both builds (the same stream whatever the word); only the
// residues they become are words. Rust mirrors: src/kernels/encrypt.rs.

#define XEHE_CHACHA_QR(a, b, c, d)                                                             \
    a += b; d ^= a; d = rotate(d, 16u);                                                         \
    c += d; b ^= c; b = rotate(b, 12u);                                                         \
    a += b; d ^= a; d = rotate(d, 8u);                                                          \
    c += d; b ^= c; b = rotate(b, 7u);

// Words `first` .. `first` + 5 of ChaCha20 block `counter` of `stream` under `key`.
static inline void xehe_chacha20_words(ulong k0, ulong k1, ulong k2, ulong k3, ulong stream,
                                       ulong counter, uint first, uint out[6]) {
    uint s[16];
    s[0] = 0x61707865u; s[1] = 0x3320646eu; s[2] = 0x79622d32u; s[3] = 0x6b206574u;
    s[4] = (uint)k0; s[5] = (uint)(k0 >> 32); s[6] = (uint)k1; s[7] = (uint)(k1 >> 32);
    s[8] = (uint)k2; s[9] = (uint)(k2 >> 32); s[10] = (uint)k3; s[11] = (uint)(k3 >> 32);
    s[12] = (uint)counter; s[13] = (uint)(counter >> 32);
    s[14] = (uint)stream; s[15] = (uint)(stream >> 32);
    uint x[16];
    for (int i = 0; i < 16; i++) x[i] = s[i];
    for (int r = 0; r < 10; r++) {
        XEHE_CHACHA_QR(x[0], x[4], x[8], x[12]);
        XEHE_CHACHA_QR(x[1], x[5], x[9], x[13]);
        XEHE_CHACHA_QR(x[2], x[6], x[10], x[14]);
        XEHE_CHACHA_QR(x[3], x[7], x[11], x[15]);
        XEHE_CHACHA_QR(x[0], x[5], x[10], x[15]);
        XEHE_CHACHA_QR(x[1], x[6], x[11], x[12]);
        XEHE_CHACHA_QR(x[2], x[7], x[8], x[13]);
        XEHE_CHACHA_QR(x[3], x[4], x[9], x[14]);
    }
    for (int i = 0; i < 6; i++) out[i] = x[first + i] + s[first + i];
}

// Centred binomial noise of a 64-bit word's low 42 bits.
static inline long xehe_cbd21(ulong bits) {
    return (long)popcount(bits & 0x1FFFFFUL) - (long)popcount((bits >> 21) & 0x1FFFFFUL);
}

// s[0][c][i] = u, s[1][c][i] = e0, s[2][c][i] = e1 for coefficient i, reduced modulo the prime
// of row c of `moduli` (negative values as q − |v| through their sign mask, not a branch on
// the secret); batch item b (stream `stream` + b) at s + b·3·rns_count·n. ND-range (n,
// rns_count, batch).
__kernel void encrypt_sample(__global word_t* s, __global const word_t* moduli, ulong k0,
                             ulong k1, ulong k2, ulong k3, ulong stream, uint n, uint rns_count) {
    size_t i = get_global_id(0);
    size_t c = get_global_id(1);
    size_t b = get_global_id(2);
    s += b * 3 * (size_t)rns_count * n;
    word_t q = moduli[c * XEHE_MODULUS_WORDS];
    uint w[6];
    xehe_chacha20_words(k0, k1, k2, k3, stream + b, (ulong)(i >> 1), (uint)(i & 1) * 6u, w);
    ulong t = mul_hi(((ulong)w[1] << 32) | w[0], 3UL);
    word_t is_zero = (word_t)0 - (word_t)(t == 0);
    long e0 = xehe_cbd21(((ulong)w[3] << 32) | w[2]);
    long e1 = xehe_cbd21(((ulong)w[5] << 32) | w[4]);
    size_t row = (size_t)rns_count * n;
    s[c * n + i] = ((word_t)t + (is_zero & q)) - 1;
    s[row + c * n + i] = (word_t)e0 + ((word_t)(e0 >> 63) & q);
    s[2 * row + c * n + i] = (word_t)e1 + ((word_t)(e1 >> 63) & q);
}

// The zero encryption (pk0·u + e0, pk1·u + e1) from s = NTT(u, e0, e1) in the tables' row
// order, written in the level's natural order (zero[p][r'][i], the extra primes last), and s
// overwritten with zeros as it is read: u and e never outlive the launch in device memory.
// Row c of the tables is row (c + key_rns − shift) mod key_rns of the public key ([2][key_rns]
// [n], natural order) and row (c + rns_count − shift) mod rns_count of the result: shift is the
// number of special primes when the tables put them first (key-switch order), else 0. Batch
// item b reads
// s + b·3·rns_count·n and writes zero + b·2·rns_count·n. ND-range (n, rns_count, batch).
__kernel void encrypt_combine(__global word_t* s, __global const word_t* pk,
                              __global word_t* zero, __global const word_t* moduli, uint n,
                              uint rns_count, uint key_rns, uint shift) {
    size_t i = get_global_id(0);
    size_t c = get_global_id(1);
    __global const word_t* m = moduli + c * XEHE_MODULUS_WORDS;
    size_t row = (size_t)rns_count * n;
    s += get_global_id(2) * 3 * row;
    zero += get_global_id(2) * 2 * row;
    size_t key = ((c + key_rns - shift) % key_rns) * n + i;
    size_t out = ((c + rns_count - shift) % rns_count) * n + i;
    size_t at = c * n + i;
    word_t u = s[at];
    zero[out] = xehe_mad_mod_row(pk[key], u, s[row + at], m);
    zero[row + out] = xehe_mad_mod_row(pk[(size_t)key_rns * n + key], u, s[2 * row + at], m);
    s[at] = 0;
    s[row + at] = 0;
    s[2 * row + at] = 0;
}

// Symmetric encryption's noise: e of coefficient i is the e0 that encrypt_sample draws for it
// (the same stream positions), reduced modulo the prime of row c. The uniform half comes from
// uniform.cl. ND-range (n, rns_count, 1).
__kernel void encrypt_noise(__global word_t* e, __global const word_t* moduli, ulong k0,
                            ulong k1, ulong k2, ulong k3, uint n) {
    size_t i = get_global_id(0);
    size_t c = get_global_id(1);
    word_t q = moduli[c * XEHE_MODULUS_WORDS];
    uint w[6];
    xehe_chacha20_words(k0, k1, k2, k3, 0UL, (ulong)(i >> 1), (uint)(i & 1) * 6u, w);
    long e0 = xehe_cbd21(((ulong)w[3] << 32) | w[2]);
    e[c * n + i] = (word_t)e0 + ((word_t)(e0 >> 63) & q);
}

// (e − a·s + m, a) into out ([2][rns_count][n]) from NTT(e), the uniform a, the secret key s
// ([key primes][n], the level's primes from row key_first on) and the plaintext m; e and a are
// overwritten with zeros as they are read. ND-range (n, rns_count, 1).
__kernel void encrypt_symmetric_combine(__global word_t* e, __global word_t* a,
                                        __global const word_t* s, __global const word_t* plain,
                                        __global word_t* out, __global const word_t* moduli,
                                        uint n, uint rns_count, uint key_first) {
    size_t i = get_global_id(0);
    size_t c = get_global_id(1);
    __global const word_t* m = moduli + c * XEHE_MODULUS_WORDS;
    size_t at = c * n + i;
    word_t u = a[at];
    word_t prod = xehe_mul_mod_row(u, s[(size_t)key_first * n + at], m);
    out[at] = xehe_add_mod(xehe_sub_mod(e[at], prod, m[0]), plain[at], m[0]);
    out[(size_t)rns_count * n + at] = u;
    e[at] = 0;
    a[at] = 0;
}
