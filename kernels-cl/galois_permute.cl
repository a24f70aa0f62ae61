// Galois automorphism X -> X^g on NTT-form data: a permutation of positions, the same for
// every prime (position t holds the value at ζ^(2·rev(t)+1)). perm[t] is the source position.
// ND-range (n, rns_count, polys). Rust mirror: src/kernels/galois_permute.rs.

__kernel void galois_permute_ntt(__global const ulong* src, __global ulong* dst,
                                 __global const ulong* perm, uint n, uint rns_count) {
    size_t row = (get_global_id(2) * rns_count + get_global_id(1)) * (size_t)n;
    dst[row + get_global_id(0)] = src[row + perm[get_global_id(0)]];
}
