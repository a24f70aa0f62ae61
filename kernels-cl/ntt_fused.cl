// xehe-build: ntt_fused= ntt_fused_w32=-DXEHE_WORD_BITS=32
// Fused negacyclic polynomial multiplication (Shivdikar's Algorithm 8, the fused-Hadamard NTT):
// the last forward stage of a and of b, their coefficient-wise product and the first inverse
// stage of the product in one kernel, on tiles of local memory (conventions and helpers in
// common/ntt_core.h). Rust mirror: src/kernels/ntt_fused.rs.

// One work-group per block of n / m words (the row stage at round m): a's and b's blocks get the
// forward rounds m ... n/2, are multiplied, and get the inverse rounds n/2 ... m (at m = 1 the
// merged last round with n^-1 too, so that n == block is the whole product in one launch);
// a <- result. Inputs: what the forward stages before m left (values in [0, 4q)); output in
// [0, 2q), or [0, q) at m = 1.
__kernel void ntt_fused_mul(__global word_t* a, __global const word_t* b,
                            __global const word_t* roots, __global const word_t* roots_shoup,
                            __global const word_t* inv_roots,
                            __global const word_t* inv_roots_shoup, __global const word_t* moduli,
                            __global const word_t* consts, uint n, uint rns_count, uint m,
                            __local word_t* buf_a, __local word_t* buf_b) {
    uint rns = get_global_id(1);
    size_t tables = (size_t)rns * n;
    __global const word_t* mod = moduli + rns * XEHE_MODULUS_WORDS;
    word_t q = mod[0];
    word_t two_q = 2 * q;
    uint log_rows = 31 - clz(n / m);
    xehe_tile t = xehe_stage_tile(n, rns_count, m, log_rows, 0);
    xehe_tile_load(buf_a, a, t, log_rows, 0);
    xehe_tile_load(buf_b, b, t, log_rows, 0);
    barrier(CLK_LOCAL_MEM_FENCE);
    xehe_fwd_local_rounds(buf_a, roots + tables, roots_shoup + tables, q, two_q, log_rows, 0, t.j,
                          m, 0, 3);
    xehe_fwd_local_rounds(buf_b, roots + tables, roots_shoup + tables, q, two_q, log_rows, 0, t.j,
                          m, 0, 3);
    // [0, 4q) inputs: a reduction exact for any two words (64 bits: the product stays below
    // 2^126 and the 128-bit Barrett takes it; 32 bits: the wide reduction of the 64-bit product).
    for (uint e = get_local_id(0); e < (1u << log_rows); e += get_local_size(0))
        buf_a[e] = xehe_mul_mod_any_q(buf_a[e], buf_b[e], q, mod);
    barrier(CLK_LOCAL_MEM_FENCE);
    xehe_inv_local_finish(buf_a, inv_roots + tables, inv_roots_shoup + tables,
                          consts + rns * XEHE_NTT_CONST_WORDS, q, n, m, log_rows, 0, 0, t.j, 0, 3);
    xehe_tile_store(a, buf_a, t, log_rows, 0, 0, q);
}
