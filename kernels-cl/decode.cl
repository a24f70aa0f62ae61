// xehe-build: decode= decode_w32=-DXEHE_WORD_BITS=32
// xehe-ocloc-skip: decode:dg2 decode_w32:dg2
// CKKS decoding on the device, word for word the host decoder's (and SEAL's CKKSEncoder::decode):
// the exact CRT composition of each coefficient in fixed-width words, its value as SEAL sums it
// in doubles (signed word differences against Q above ⌈Q/2⌉, weights inv_scale·2^(64 j)), then
// SEAL's forward transform (DWTHandler::transform_to_rev, Cooley–Tukey over the bit-reversed
// roots) and the slot order. Every floating-point operation is the host's, in the host's order,
// without contraction into fused multiply-adds.
//
// `table` is [2n words: root i as (re, im) for i < n][n words: the slot each position holds,
// 2·slot + 1 for its conjugate] (the host's root_powers and index_map). `crt` holds one level's
// constants, w = l + 1 words per number: [l: (Q/q_k)^-1 mod q_k][l × w: Q/q_k][w: Q][w: ⌈Q/2⌉].
// Stage s of the transform joins x and x + 2^s within groups of 2^(s+1) positions, group g with
// root n / 2^(s+1) + g; the stages run from s = log n − 1 down to 0, the last ones (small s)
// inside blocks of local memory. A batch of plaintexts runs in one launch sequence: dimension 1
// of every ND-range is the plaintext's index b (its rows at b·l·n, the composition at b·w·n,
// the transform at b·2n, the slots at b·n). The composition reads residues in the module's
// word and composes in 64-bit limbs in both builds; the transform's stages hold no residue, so
// one build (the 64-bit one) serves both words. Rust mirrors: src/kernels/decode.rs.

#pragma OPENCL FP_CONTRACT OFF

static inline double2 xehe_dec_cmul(double2 a, double2 b) {
    return (double2)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

static inline double2 xehe_dec_load(__global const ulong* p, size_t i) {
    return (double2)(as_double(p[2 * i]), as_double(p[2 * i + 1]));
}

// Coefficient i of `src` ([l][n], coefficient form, overwritten with zeros as it is read) as a
// double in a[i] = (value, 0); x ([w][n]) holds the composition and is zeroed again at the end.
// `crt`, `x` and `a` hold 64-bit words in both builds; their parameters are the module's word
// pointers only because the runtime types every buffer so. ND-range (n, batch).
__kernel void decode_compose(__global word_t* src, __global const word_t* crt_words,
                             __global const word_t* moduli, __global word_t* x_words,
                             __global word_t* a_words, uint n, uint rns_count, uint words,
                             ulong inv_scale) {
    __global const ulong* crt = (__global const ulong*)crt_words;
    __global ulong* x = (__global ulong*)x_words;
    __global ulong* a = (__global ulong*)a_words;
    size_t b = get_global_id(1);
    src += b * (size_t)rns_count * n;
    x += b * (size_t)words * n;
    a += b * 2 * (size_t)n;
    size_t i = get_global_id(0);
    size_t l = rns_count;
    size_t w = words;
    __global const ulong* punctured = crt + l;
    __global const ulong* product = punctured + l * w;
    __global const ulong* half_q = product + w;
    for (size_t j = 0; j < w; j++) x[j * n + i] = 0;
    for (size_t k = 0; k < l; k++) {
        __global const word_t* m = moduli + k * XEHE_MODULUS_WORDS;
        word_t r = src[k * n + i];
        src[k * n + i] = 0;
        ulong y = xehe_mul_mod_row(r, (word_t)crt[k], m);
        // x += y·(Q/q_k): below 2Q, then x −= Q once if x ≥ Q.
        ulong carry = 0;
        for (size_t j = 0; j < w; j++) {
            ulong p = punctured[k * w + j];
            ulong lo = p * y;
            ulong hi = mul_hi(p, y);
            ulong s = lo + x[j * n + i];
            hi += s < lo ? 1UL : 0UL;
            ulong s2 = s + carry;
            hi += s2 < s ? 1UL : 0UL;
            x[j * n + i] = s2;
            carry = hi;
        }
        int ge = 1;
        for (size_t j = w; j > 0; j--) {
            ulong xj = x[(j - 1) * n + i];
            if (xj != product[j - 1]) {
                ge = xj > product[j - 1];
                break;
            }
        }
        if (ge) {
            ulong borrow = 0;
            for (size_t j = 0; j < w; j++) {
                ulong xj = x[j * n + i];
                ulong d1 = xj - product[j];
                ulong b1 = xj < product[j] ? 1UL : 0UL;
                ulong d2 = d1 - borrow;
                ulong b2 = d1 < borrow ? 1UL : 0UL;
                x[j * n + i] = d2;
                borrow = b1 | b2;
            }
        }
    }
    int upper = 1;
    for (size_t j = w; j > 0; j--) {
        ulong xj = x[(j - 1) * n + i];
        if (xj != half_q[j - 1]) {
            upper = xj > half_q[j - 1];
            break;
        }
    }
    double acc = 0.0;
    double weight = as_double(inv_scale);
    for (size_t j = 0; j < l; j++) {
        ulong xj = x[j * n + i];
        if (upper) {
            if (xj > product[j]) {
                acc += (double)(xj - product[j]) * weight;
            } else if (product[j] > xj) {
                acc -= (double)(product[j] - xj) * weight;
            }
        } else if (xj != 0) {
            acc += (double)xj * weight;
        }
        weight *= 18446744073709551616.0;
    }
    for (size_t j = 0; j < w; j++) x[j * n + i] = 0;
    a[2 * i] = as_ulong(acc);
    a[2 * i + 1] = 0;
}

#if XEHE_WORD_BITS == 64

// Stage s (gap 2^s) over the whole transform, `a` as (re, im) pairs. ND-range (n/2, batch).
__kernel void decode_fft_stage(__global ulong* a, __global const ulong* table, uint n, uint s) {
    a += get_global_id(1) * 2 * (size_t)n;
    size_t t = get_global_id(0);
    size_t gap = (size_t)1 << s;
    size_t g = t >> s;
    size_t x = (g << (s + 1)) + (t & (gap - 1));
    double2 r = xehe_dec_load(table, ((size_t)n >> (s + 1)) + g);
    double2 u = xehe_dec_load(a, x);
    double2 v = xehe_dec_cmul(xehe_dec_load(a, x + gap), r);
    double2 p = u + v;
    double2 d = u - v;
    a[2 * x] = as_ulong(p.x);
    a[2 * x + 1] = as_ulong(p.y);
    a[2 * (x + gap)] = as_ulong(d.x);
    a[2 * (x + gap) + 1] = as_ulong(d.y);
}

// Stages `stages` − 1 down to 0 inside blocks of 2^stages positions (one work-group a block),
// then each slot's value into out[slot] as (re, im); conjugates are dropped. `a` is
// overwritten with zeros as it is read (it holds the message). buf: 2·2^stages words. ND-range
// (groups · size, batch).
__kernel void decode_fft_local(__global ulong* a, __global const ulong* table,
                               __global ulong* out, uint n, uint stages, __local ulong* buf) {
    a += get_global_id(1) * 2 * (size_t)n;
    out += get_global_id(1) * (size_t)n;
    size_t block = (size_t)1 << stages;
    size_t first = get_group_id(0) * block;
    __local ulong* re = buf;
    __local ulong* im = buf + block;
    for (size_t e = get_local_id(0); e < block; e += get_local_size(0)) {
        re[e] = a[2 * (first + e)];
        im[e] = a[2 * (first + e) + 1];
        a[2 * (first + e)] = 0;
        a[2 * (first + e) + 1] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = stages; s > 0; s--) {
        uint sg = s - 1;
        size_t gap = (size_t)1 << sg;
        for (size_t t = get_local_id(0); t < block / 2; t += get_local_size(0)) {
            size_t g = t >> sg;
            size_t x = (g << (sg + 1)) + (t & (gap - 1));
            double2 r = xehe_dec_load(table, ((size_t)n >> (sg + 1)) + (first >> (sg + 1)) + g);
            double2 u = (double2)(as_double(re[x]), as_double(im[x]));
            double2 w = (double2)(as_double(re[x + gap]), as_double(im[x + gap]));
            double2 v = xehe_dec_cmul(w, r);
            double2 p = u + v;
            double2 d = u - v;
            re[x] = as_ulong(p.x);
            im[x] = as_ulong(p.y);
            re[x + gap] = as_ulong(d.x);
            im[x + gap] = as_ulong(d.y);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (size_t e = get_local_id(0); e < block; e += get_local_size(0)) {
        ulong g = table[2 * (size_t)n + first + e];
        if ((g & 1) == 0) {
            out[g] = re[e];
            out[g + 1] = im[e];
        }
    }
}

#endif
