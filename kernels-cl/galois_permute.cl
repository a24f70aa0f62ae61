// xehe-build: galois_permute= galois_permute_w32=-DXEHE_WORD_BITS=32
// Galois automorphism X -> X^g on NTT-form data: a permutation of positions, the same for
// every prime (position t holds the value at ζ^(2·rev(t)+1)). perm[t] is the source position,
// a word like the data (positions are below n, which fits either word).
// ND-range (n, rns_count, polys). Rust mirror: src/kernels/galois_permute.rs.

__kernel void galois_permute_ntt(__global const word_t* src, __global word_t* dst,
                                 __global const word_t* perm, uint n, uint rns_count) {
    size_t row = (get_global_id(2) * rns_count + get_global_id(1)) * (size_t)n;
    dst[row + get_global_id(0)] = src[row + perm[get_global_id(0)]];
}
