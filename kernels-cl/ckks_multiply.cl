// xehe-build: ckks_multiply= ckks_multiply_w32=-DXEHE_WORD_BITS=32
// CKKS products on NTT-form ciphertexts: the tensor product of two size-2 ciphertexts (XeHE's
// fused multiply: three outputs from one read of each operand) and the plaintext forms.
//
// Layout [poly][rns][coeff]; ND-range: dimension 0 = coefficient, 1 = RNS component,
// 2 = polynomial (1 for ckks_tensor). Rust mirrors: src/kernels/ckks_multiply.rs.

// out = (a0·b0, a0·b1 + a1·b0, a1·b1); a == b gives the square.
__kernel void ckks_tensor(__global const word_t* a, __global const word_t* b,
                          __global word_t* out, __global const word_t* moduli, uint n,
                          uint rns_count) {
    size_t w = (size_t)n * rns_count;
    size_t i = get_global_id(1) * (size_t)n + get_global_id(0);
    __global const word_t* m = moduli + get_global_id(1) * XEHE_MODULUS_WORDS;
    word_t a0 = a[i], a1 = a[w + i], b0 = b[i], b1 = b[w + i];
    out[i] = xehe_mul_mod_row(a0, b0, m);
    out[w + i] = xehe_mad_mod_row(a1, b0, xehe_mul_mod_row(a0, b1, m), m);
    out[2 * w + i] = xehe_mul_mod_row(a1, b1, m);
}

// Every polynomial of ct times the one plaintext polynomial pt ([rns][coeff]).
__kernel void ckks_mul_plain(__global const word_t* ct, __global const word_t* pt,
                             __global word_t* out, __global const word_t* moduli, uint n,
                             uint rns_count) {
    size_t j = get_global_id(1) * (size_t)n + get_global_id(0);
    size_t i = get_global_id(2) * (size_t)n * rns_count + j;
    __global const word_t* m = moduli + get_global_id(1) * XEHE_MODULUS_WORDS;
    out[i] = xehe_mul_mod_row(ct[i], pt[j], m);
}

// pt added to (subtract != 0: subtracted from) the first polynomial; the others copied.
__kernel void ckks_add_plain(__global const word_t* ct, __global const word_t* pt,
                             __global word_t* out, __global const word_t* moduli, uint n,
                             uint rns_count, uint subtract) {
    size_t j = get_global_id(1) * (size_t)n + get_global_id(0);
    size_t i = get_global_id(2) * (size_t)n * rns_count + j;
    word_t q = moduli[get_global_id(1) * XEHE_MODULUS_WORDS];
    word_t x = ct[i];
    if (get_global_id(2) == 0) {
        x = subtract ? xehe_sub_mod(x, pt[j], q) : xehe_add_mod(x, pt[j], q);
    }
    out[i] = x;
}

// The sums below add up to eight products and acc in one accumulator, reduced once. 64-bit
// words: a 128-bit (hi, lo) pair, each product below q² < 2^122, so eight of them and acc stay
// below 2^128. 32-bit words: one ulong, each product below q² < 2^60, so eight and acc stay below
// 2^64. XEHE_SUM_INIT declares it holding `init`, XEHE_SUM_MAC adds a·b, XEHE_SUM_REDUCE is its
// value modulo the row m's prime.
#if XEHE_WORD_BITS == 64
#define XEHE_SUM_INIT(init)                                                                      \
    ulong lo = (init);                                                                           \
    ulong hi = 0UL;
#define XEHE_SUM_MAC(a, b) xehe_mac_wide(a, b, &lo, &hi)
#define XEHE_SUM_REDUCE(m) xehe_reduce_128(lo, hi, m[0], m[1], m[2])
#else
#define XEHE_SUM_INIT(init) ulong sum = (ulong)(init);
#define XEHE_SUM_MAC(a, b) sum += (ulong)(a) * (b)
#define XEHE_SUM_REDUCE(m) xehe_reduce_wide(sum, m)
#endif

// A sum of plaintext products, every polynomial: out = Σ_{t < terms} ct_t · pt_t, plus acc when
// `accumulate` is set, with one reduction. Terms past `terms` are never read (the host binds the
// last term's buffers there).
#define XEHE_PLAIN_TERM(k)                                                                       \
    if (terms > k) {                                                                             \
        XEHE_SUM_MAC(ct##k[i], pt##k[j]);                                                        \
    }

__kernel void ckks_mul_plain_sum(__global const word_t* ct0, __global const word_t* ct1,
                                 __global const word_t* ct2, __global const word_t* ct3,
                                 __global const word_t* ct4, __global const word_t* ct5,
                                 __global const word_t* ct6, __global const word_t* ct7,
                                 __global const word_t* pt0, __global const word_t* pt1,
                                 __global const word_t* pt2, __global const word_t* pt3,
                                 __global const word_t* pt4, __global const word_t* pt5,
                                 __global const word_t* pt6, __global const word_t* pt7,
                                 __global const word_t* acc, __global word_t* out,
                                 __global const word_t* moduli, uint n, uint rns_count, uint terms,
                                 uint accumulate) {
    size_t j = get_global_id(1) * (size_t)n + get_global_id(0);
    size_t i = get_global_id(2) * (size_t)n * rns_count + j;
    __global const word_t* m = moduli + get_global_id(1) * XEHE_MODULUS_WORDS;
    XEHE_SUM_INIT(accumulate ? acc[i] : 0)
    XEHE_PLAIN_TERM(0)
    XEHE_PLAIN_TERM(1)
    XEHE_PLAIN_TERM(2)
    XEHE_PLAIN_TERM(3)
    XEHE_PLAIN_TERM(4)
    XEHE_PLAIN_TERM(5)
    XEHE_PLAIN_TERM(6)
    XEHE_PLAIN_TERM(7)
    out[i] = XEHE_SUM_REDUCE(m);
}

// A sum of constant products, every polynomial: out = Σ_{t < terms} ct_t · c_t (plus acc when
// `accumulate` is set), c_t one word per prime (scalars[t·rns_count + prime]), with one
// reduction. Term t is read with its own prime count rns_t ≥ rns_count (its first rns_count
// primes: a ciphertext at a higher level, dropped as a modulus switch drops it).
#define XEHE_CONST_TERM(k)                                                                       \
    if (terms > k) {                                                                             \
        XEHE_SUM_MAC(ct##k[(poly * (size_t)rns##k + prime) * n + coeff],                         \
                     scalars[k * rns_count + prime]);                                            \
    }

__kernel void ckks_const_sum(__global const word_t* ct0, __global const word_t* ct1,
                             __global const word_t* ct2, __global const word_t* ct3,
                             __global const word_t* ct4, __global const word_t* ct5,
                             __global const word_t* ct6, __global const word_t* ct7,
                             __global const word_t* scalars, __global const word_t* acc,
                             __global word_t* out, __global const word_t* moduli, uint n,
                             uint rns_count, uint terms, uint accumulate, uint rns0, uint rns1,
                             uint rns2, uint rns3, uint rns4, uint rns5, uint rns6, uint rns7) {
    size_t coeff = get_global_id(0);
    size_t prime = get_global_id(1);
    size_t poly = get_global_id(2);
    size_t i = (poly * rns_count + prime) * (size_t)n + coeff;
    __global const word_t* m = moduli + prime * XEHE_MODULUS_WORDS;
    XEHE_SUM_INIT(accumulate ? acc[i] : 0)
    XEHE_CONST_TERM(0)
    XEHE_CONST_TERM(1)
    XEHE_CONST_TERM(2)
    XEHE_CONST_TERM(3)
    XEHE_CONST_TERM(4)
    XEHE_CONST_TERM(5)
    XEHE_CONST_TERM(6)
    XEHE_CONST_TERM(7)
    out[i] = XEHE_SUM_REDUCE(m);
}
