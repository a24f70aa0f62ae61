// xehe-build: encode= encode_w32=-DXEHE_WORD_BITS=32
// xehe-ocloc-skip: encode:dg2 encode_w32:dg2
// CKKS encoding on the device: SEAL's inverse canonical embedding (DWTHandler::transform_from_rev
// over the bit-reversed roots) in double precision, then round half away from zero and the exact
// residues of each integer. The words equal the host encoder's (and SEAL's) because every
// butterfly does the host's operations in the host's order, without contraction into fused
// multiply-adds; which butterflies share a launch does not matter.
//
// Buffers hold doubles as their bits. `table` is [2n words: root i as (re, im) for i < n]
// [n words: the slot each position takes, 2·slot + 1 for its conjugate]. `values` is the
// slots' (re, im) pairs, `count` of them given (the others are zero).
// Stage s of the transform joins x and x + 2^s within groups of 2^(s+1) positions, group g with
// root base + g + 1, base = n − 2·(n >> (s + 1)); the last stage (s = log n − 1) also scales
// and is fused into encode_finish. A batch of vectors runs in one launch sequence: dimension 1
// of every ND-range is the vector's index b (values at b·2·count, the transform at b·2n, the
// plaintext at b·rns_count·n). The transform's stages hold no residue, so one build (the
// 64-bit one) serves both words; encode_finish writes the residues in the module's word.
// Rust mirrors: src/kernels/encode.rs.

#pragma OPENCL FP_CONTRACT OFF

static inline double2 xehe_cmul(double2 a, double2 b) {
    return (double2)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

static inline double2 xehe_load_c(__global const ulong* p, size_t i) {
    return (double2)(as_double(p[2 * i]), as_double(p[2 * i + 1]));
}

#if XEHE_WORD_BITS == 64

// One butterfly of stage s at butterfly index t (n/2 per stage), on `re`/`im` arrays reached
// through `at` (local or global words).
#define XEHE_BUTTERFLY(RE, IM, TABLE, N, S, T, OFFSET)                                         \
    {                                                                                          \
        size_t gap = (size_t)1 << (S);                                                         \
        size_t g = (T) >> (S);                                                                 \
        size_t x = (g << ((S) + 1)) + ((T) & (gap - 1));                                       \
        size_t base = (N) - 2 * ((N) >> ((S) + 1));                                            \
        double2 r = xehe_load_c(TABLE, base + ((OFFSET) >> ((S) + 1)) + g + 1);                \
        double2 u = (double2)(as_double(RE[x]), as_double(IM[x]));                             \
        double2 v = (double2)(as_double(RE[x + gap]), as_double(IM[x + gap]));                 \
        double2 w = xehe_cmul(u - v, r);                                                       \
        u = u + v;                                                                             \
        RE[x] = as_ulong(u.x); IM[x] = as_ulong(u.y);                                          \
        RE[x + gap] = as_ulong(w.x); IM[x + gap] = as_ulong(w.y);                              \
    }

// The first `stages` stages within blocks of 2^stages positions, block = group 0's index,
// gathered from the slots. buf: 2·2^stages words (re, then im). ND-range (groups · size,
// batch).
__kernel void encode_fft_local(__global const ulong* values, __global const ulong* table,
                               __global ulong* a, uint n, uint count, uint stages,
                               __local ulong* buf) {
    values += get_global_id(1) * 2 * (size_t)count;
    a += get_global_id(1) * 2 * (size_t)n;
    size_t block = (size_t)1 << stages;
    size_t first = get_group_id(0) * block;
    __local ulong* re = buf;
    __local ulong* im = buf + block;
    for (size_t e = get_local_id(0); e < block; e += get_local_size(0)) {
        ulong g = table[2 * (size_t)n + first + e];
        ulong slot = g >> 1;
        double2 z = slot < count ? xehe_load_c(values, slot) : (double2)(0.0, 0.0);
        if ((g & 1) && slot < count) z.y = -z.y;
        re[e] = as_ulong(z.x);
        im[e] = as_ulong(z.y);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = 0; s < stages; s++) {
        for (size_t t = get_local_id(0); t < block / 2; t += get_local_size(0)) {
            XEHE_BUTTERFLY(re, im, table, (size_t)n, s, t, first)
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (size_t e = get_local_id(0); e < block; e += get_local_size(0)) {
        a[2 * (first + e)] = re[e];
        a[2 * (first + e) + 1] = im[e];
    }
}

// Stage s over the whole transform, `a` as (re, im) pairs. ND-range (n/2, batch).
__kernel void encode_fft_stage(__global ulong* a, __global const ulong* table, uint n, uint s) {
    a += get_global_id(1) * 2 * (size_t)n;
    size_t t = get_global_id(0);
    size_t gap = (size_t)1 << s;
    size_t g = t >> s;
    size_t x = (g << (s + 1)) + (t & (gap - 1));
    size_t base = (size_t)n - 2 * ((size_t)n >> (s + 1));
    double2 r = xehe_load_c(table, base + g + 1);
    double2 u = xehe_load_c(a, x);
    double2 v = xehe_load_c(a, x + gap);
    double2 w = xehe_cmul(u - v, r);
    u = u + v;
    a[2 * x] = as_ulong(u.x);
    a[2 * x + 1] = as_ulong(u.y);
    a[2 * (x + gap)] = as_ulong(w.x);
    a[2 * (x + gap) + 1] = as_ulong(w.y);
}

#endif

// Any 64-bit x mod q.
static inline word_t xehe_enc_reduce_u64(ulong x, __global const word_t* m) {
#if XEHE_WORD_BITS == 64
    return xehe_reduce_128(x, 0UL, m[0], m[1], m[2]);
#else
    return xehe_reduce_wide(x, m);
#endif
}

// The exact residue modulo q = m[0] of an integral double (any magnitude: mantissa · 2^e).
static inline word_t xehe_f64_residue(double c, __global const word_t* m) {
    double mag = fabs(c);
    word_t q = m[0];
    word_t r;
    if (mag < 18446744073709551616.0) {
        r = xehe_enc_reduce_u64((ulong)mag, m);
    } else {
        ulong bits = as_ulong(mag);
        int e = (int)((bits >> 52) & 0x7ff) - 1075;
        r = xehe_enc_reduce_u64((bits & 0xFFFFFFFFFFFFFUL) | 0x10000000000000UL, m);
        for (int i = 0; i < e; i++) r = xehe_add_mod(r, r, q);
    }
    return signbit(c) ? xehe_neg_mod(r, q) : r;
}

// The last stage, scaled by `scalar` (its bits), then out[c][x] and out[c][x + n/2] for every
// row c: the residues of the rounded real parts modulo its prime. `a` is overwritten with zeros
// as it is read, and so are the `count` slots of `values` (encode_fft_local has read them all):
// both hold the message. `a`, `table` and `values` hold doubles, 64-bit in both builds; their
// parameters are the module's word pointers only because the runtime types every buffer so.
// ND-range (n/2, batch).
__kernel void encode_finish(__global word_t* a_bits, __global const word_t* table_bits,
                            __global word_t* out, __global const word_t* moduli, uint n,
                            uint rns_count, ulong scalar, __global word_t* values_bits,
                            uint count) {
    __global ulong* a = (__global ulong*)a_bits;
    __global const ulong* table = (__global const ulong*)table_bits;
    __global ulong* values = (__global ulong*)values_bits;
    size_t b = get_global_id(1);
    a += b * 2 * (size_t)n;
    out += b * (size_t)rns_count * n;
    values += b * 2 * (size_t)count;
    size_t x = get_global_id(0);
    if (x < count) {
        values[2 * x] = 0;
        values[2 * x + 1] = 0;
    }
    size_t h = (size_t)n / 2;
    double s = as_double(scalar);
    double2 r = xehe_load_c(table, (size_t)n - 1);
    double2 sr = (double2)(r.x * s, r.y * s);
    double2 u = xehe_load_c(a, x);
    double2 v = xehe_load_c(a, x + h);
    double c0 = (u.x + v.x) * s;
    double2 d = u - v;
    double c1 = d.x * sr.x - d.y * sr.y;
    a[2 * x] = 0;
    a[2 * x + 1] = 0;
    a[2 * (x + h)] = 0;
    a[2 * (x + h) + 1] = 0;
    c0 = round(c0);
    c1 = round(c1);
    for (uint c = 0; c < rns_count; c++) {
        __global const word_t* m = moduli + (size_t)c * XEHE_MODULUS_WORDS;
        out[(size_t)c * n + x] = xehe_f64_residue(c0, m);
        out[(size_t)c * n + x + h] = xehe_f64_residue(c1, m);
    }
}
