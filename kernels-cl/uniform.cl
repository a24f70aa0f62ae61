// xehe-build: uniform= uniform_w32=-DXEHE_WORD_BITS=32
// SEAL's uniform polynomial on the device: the `a` of a symmetric encryption, drawn from a
// 512-bit seed exactly as SEAL's sample_poly_uniform draws it from its default generator, so a
// ciphertext made here saves in SEAL's seeded form and SEAL regenerates the same words.
//
// The stream: block b (4096 bytes, 512 words) is BLAKE2Xb(key = seed, message = b as 8 bytes,
// output 4096 bytes): a keyed root hash, then 64 unkeyed BLAKE2b hashes of the root, one per
// 64-byte node. Word w of the stream is word w % 8 of node w / 8. Every node is a function of
// the seed and its index, so the first n·rns words (one per coefficient and prime, SEAL's
// order) are drawn in parallel. The stream's words are 64-bit in both builds (SEAL draws 64-bit
// values whatever the prime); only their residues are stored in the module's word.
//
// Rejection: SEAL redraws a word that lies in the incomplete last multiple of q below 2^64,
// taking the next words after all n·rns, in the order of the positions that need them. That
// order is sequential, so one work-item does it (uniform_fixup); a rejected word is stored as
// all ones (no residue is: every prime is below the word's top), and each block's count says
// where to look. For the primes SEAL's and xehe's generators choose (the largest of their
// size) a rejection has a probability near 2^-40 per word; a 60-bit prime just above 2^59 would
// reject 1 word in 32. Rust mirrors: src/kernels/uniform.rs.

__constant ulong XEHE_BLAKE2B_IV[8] = {
    0x6a09e667f3bcc908UL, 0xbb67ae8584caa73bUL, 0x3c6ef372fe94f82bUL, 0xa54ff53a5f1d36f1UL,
    0x510e527fade682d1UL, 0x9b05688c2b3e6c1fUL, 0x1f83d9abfb41bd6bUL, 0x5be0cd19137e2179UL};

__constant uchar XEHE_BLAKE2B_SIGMA[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3}};

// Bytes in a block of SEAL's stream, and BLAKE2b's output (a node).
#define XEHE_BLOCK_BYTES 4096UL
#define XEHE_NODE_BYTES 64UL
// Words of the stream in a block.
#define XEHE_BLOCK_WORDS 512UL

#define XEHE_BLAKE2B_G(a, b, c, d, x, y)                                                       \
    a = a + b + x; d = rotate(d ^ a, 32UL);                                                     \
    c = c + d;     b = rotate(b ^ c, 40UL);                                                     \
    a = a + b + y; d = rotate(d ^ a, 48UL);                                                     \
    c = c + d;     b = rotate(b ^ c, 1UL);

// One BLAKE2b compression of message block m into h; `t` bytes hashed so far (below 2^64),
// `last` for the final block.
static inline void xehe_blake2b_compress(ulong h[8], const ulong m[16], ulong t, int last) {
    ulong v[16];
    for (int i = 0; i < 8; i++) {
        v[i] = h[i];
        v[i + 8] = XEHE_BLAKE2B_IV[i];
    }
    v[12] ^= t;
    if (last) v[14] = ~v[14];
    for (int r = 0; r < 12; r++) {
        __constant uchar* s = XEHE_BLAKE2B_SIGMA[r];
        XEHE_BLAKE2B_G(v[0], v[4], v[8], v[12], m[s[0]], m[s[1]]);
        XEHE_BLAKE2B_G(v[1], v[5], v[9], v[13], m[s[2]], m[s[3]]);
        XEHE_BLAKE2B_G(v[2], v[6], v[10], v[14], m[s[4]], m[s[5]]);
        XEHE_BLAKE2B_G(v[3], v[7], v[11], v[15], m[s[6]], m[s[7]]);
        XEHE_BLAKE2B_G(v[0], v[5], v[10], v[15], m[s[8]], m[s[9]]);
        XEHE_BLAKE2B_G(v[1], v[6], v[11], v[12], m[s[10]], m[s[11]]);
        XEHE_BLAKE2B_G(v[2], v[7], v[8], v[13], m[s[12]], m[s[13]]);
        XEHE_BLAKE2B_G(v[3], v[4], v[9], v[14], m[s[14]], m[s[15]]);
    }
    for (int i = 0; i < 8; i++) h[i] ^= v[i] ^ v[i + 8];
}

// The root of block `b`: BLAKE2b keyed with the 64-byte seed (digest 64, key 64, fanout 1,
// depth 1, BLAKE2X's output length 4096 in the node-offset field's high half) of b's 8 bytes.
static inline void xehe_blake2xb_root(const ulong seed[8], ulong b, ulong root[8]) {
    ulong m[16];
    for (int i = 0; i < 8; i++) root[i] = XEHE_BLAKE2B_IV[i];
    root[0] ^= 64UL | (64UL << 8) | (1UL << 16) | (1UL << 24);
    root[1] ^= XEHE_BLOCK_BYTES << 32;
    for (int i = 0; i < 16; i++) m[i] = i < 8 ? seed[i] : 0UL;
    xehe_blake2b_compress(root, m, 128UL, 0);
    m[0] = b;
    for (int i = 1; i < 16; i++) m[i] = 0UL;
    xehe_blake2b_compress(root, m, 136UL, 1);
}

// Node `j` of a block from its root: BLAKE2b (digest 64, leaf length 64, inner length 64,
// node offset j with the output length above it) of the root's 64 bytes.
static inline void xehe_blake2xb_node(const ulong root[8], ulong j, ulong out[8]) {
    ulong m[16];
    for (int i = 0; i < 8; i++) out[i] = XEHE_BLAKE2B_IV[i];
    out[0] ^= 64UL | (XEHE_NODE_BYTES << 32);
    out[1] ^= (XEHE_BLOCK_BYTES << 32) | j;
    out[2] ^= XEHE_NODE_BYTES << 8;
    for (int i = 0; i < 16; i++) m[i] = i < 8 ? root[i] : 0UL;
    xehe_blake2b_compress(out, m, XEHE_NODE_BYTES, 1);
}

// Any 64-bit x mod q.
static inline word_t xehe_uni_reduce_u64(ulong x, __global const word_t* m) {
#if XEHE_WORD_BITS == 64
    return xehe_reduce_128(x, 0UL, m[0], m[1], m[2]);
#else
    return xehe_reduce_wide(x, m);
#endif
}

// SEAL's bound: a word at or above it is redrawn.
static inline ulong xehe_uniform_bound(__global const word_t* m) {
    return ~0UL - (ulong)xehe_uni_reduce_u64(~0UL, m) - 1UL;
}

// What a rejected word's position holds until uniform_fixup redraws it.
#define XEHE_REJECTED ((word_t)~(word_t)0)

// 64-bit value i of a local buffer of the module's words: two words each in the 32-bit build,
// never a cast of the buffer to ulong* (NVIDIA's OpenCL faulted on the 32-bit build's cast,
// which places a local buffer of 4-byte words at a 4-byte boundary only).
#if XEHE_WORD_BITS == 64
#define XEHE_LOCAL64(buf, i) ((buf)[i])
#define XEHE_LOCAL64_SET(buf, i, v) ((buf)[i] = (v))
#else
#define XEHE_LOCAL64(buf, i) ((ulong)(buf)[2 * (i)] | ((ulong)(buf)[2 * (i) + 1] << 32))
#define XEHE_LOCAL64_SET(buf, i, v) \
    ((buf)[2 * (i)] = (uint)(v), (buf)[2 * (i) + 1] = (uint)((ulong)(v) >> 32))
#endif

// The first n·rns words of the stream, reduced modulo their row's prime (rejected words kept
// marked), into a ([rns][n]); counts[b] = the rejected words of block b. One work-group of
// 64 per block (one work-item per node); `buf` holds the block's root and the 64 counts, 72
// 64-bit values in both builds (XEHE_LOCAL64). ND-range (n·rns / 8, 1, 1), local (64, 1, 1).
__kernel void uniform_sample(__global word_t* a, __global const word_t* moduli,
                             __global word_t* counts, ulong s0, ulong s1, ulong s2, ulong s3,
                             ulong s4, ulong s5, ulong s6, ulong s7, uint n,
                             __local word_t* buf) {
    size_t j = get_local_id(0);
    size_t b = get_group_id(0);
    if (j == 0) {
        ulong seed[8] = {s0, s1, s2, s3, s4, s5, s6, s7};
        ulong root[8];
        xehe_blake2xb_root(seed, b, root);
        for (int i = 0; i < 8; i++) XEHE_LOCAL64_SET(buf, i, root[i]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    ulong root[8], words[8];
    for (int i = 0; i < 8; i++) root[i] = XEHE_LOCAL64(buf, i);
    xehe_blake2xb_node(root, j, words);
    size_t first = b * XEHE_BLOCK_WORDS + j * 8;
    // n is a multiple of 8: a node's words share a row.
    __global const word_t* m = moduli + (first / n) * XEHE_MODULUS_WORDS;
    ulong bound = xehe_uniform_bound(m);
    ulong rejected = 0;
    for (int k = 0; k < 8; k++) {
        ulong w = words[k];
        word_t r = XEHE_REJECTED;
        if (w < bound) {
            r = xehe_uni_reduce_u64(w, m);
        } else {
            rejected++;
        }
        a[first + k] = r;
    }
    XEHE_LOCAL64_SET(buf, 8 + j, rejected);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (j == 0) {
        ulong total = 0;
        for (int t = 0; t < 64; t++) total += XEHE_LOCAL64(buf, 8 + t);
        counts[b] = (word_t)total;
    }
}

// Redraws every rejected word of a in SEAL's order from the stream's words after the first
// n·rns, and zeroes counts. Each work-item finds which of its share of the blocks have
// rejections; work-item 0 then visits those blocks in order. `buf`: one word per work-item.
// ND-range (L, 1, 1), local (L, 1, 1), one work-group.
__kernel void uniform_fixup(__global word_t* a, __global const word_t* moduli,
                            __global word_t* counts, ulong s0, ulong s1, ulong s2, ulong s3,
                            ulong s4, ulong s5, ulong s6, ulong s7, uint n, uint rns_count,
                            __local word_t* buf) {
    size_t lid = get_local_id(0);
    size_t size = get_local_size(0);
    size_t blocks = (size_t)n * rns_count / XEHE_BLOCK_WORDS;
    size_t share = (blocks + size - 1) / size;
    word_t found = 0;
    for (size_t b = lid * share; b < blocks && b < (lid + 1) * share; b++) {
        found += counts[b] != 0;
    }
    buf[lid] = found;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        ulong seed[8] = {s0, s1, s2, s3, s4, s5, s6, s7};
        ulong root[8], node[8];
        // The next word of the stream past the first n·rns, and the block and node it lies in
        // (none computed yet).
        ulong next = (ulong)n * rns_count;
        ulong root_block = ~0UL;
        ulong node_index = ~0UL;
        for (size_t t = 0; t < size; t++) {
            if (buf[t] == 0) continue;
            for (size_t b = t * share; b < blocks && b < (t + 1) * share; b++) {
                if (counts[b] == 0) continue;
                counts[b] = 0;
                for (size_t w = b * XEHE_BLOCK_WORDS; w < (b + 1) * XEHE_BLOCK_WORDS; w++) {
                    __global const word_t* m = moduli + (w / n) * XEHE_MODULUS_WORDS;
                    if (a[w] < m[0]) continue;
                    ulong bound = xehe_uniform_bound(m);
                    ulong x = bound;
                    while (x >= bound) {
                        ulong at = next / 8;
                        if (at != node_index) {
                            ulong blk = at / (XEHE_BLOCK_WORDS / 8);
                            if (blk != root_block) {
                                xehe_blake2xb_root(seed, blk, root);
                                root_block = blk;
                            }
                            xehe_blake2xb_node(root, at % (XEHE_BLOCK_WORDS / 8), node);
                            node_index = at;
                        }
                        // A select, not node[next % 8]: a dynamic index puts the array in
                        // private memory, and NEO's dg2 (Arc) compiler then aborts creating the
                        // kernel (Level Zero, AUB mode).
                        for (int k = 0; k < 8; k++) {
                            if ((ulong)k == next % 8) x = node[k];
                        }
                        next++;
                    }
                    a[w] = xehe_uni_reduce_u64(x, m);
                }
            }
        }
    }
}
