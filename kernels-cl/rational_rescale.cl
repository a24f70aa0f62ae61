// xehe-build: rational_rescale= rational_rescale_w32=-DXEHE_WORD_BITS=32
// A rational rescale (src/rns/rational.rs, the fast form): a polynomial over a source base W
// is divided by the product D of the primes it drops and multiplied by the product R of the
// primes it restores. With v = [x·R + s]_D and the fast conversion conv of v to each target
// prime t (kept or restored):
//   y_t = (x_t·R + s − conv_t(v)) · D^-1 mod t   (x_t = 0 for a restored prime).
// In NTT form x_t·R·D^-1 is the NTT of the same product, so the coefficient-form part
// w_t = (s − conv_t(v))·D^-1 is transformed alone and added: y_t = x_t·(R·D^-1) + NTT(w)_t.
// Rust mirrors: src/kernels/rational_rescale.rs.

// tmp[p][j][t] = x[p][first + j][t]: the dropped rows, contiguous in the source window, for
// their inverse NTT. ND-range (n, dropped, polys).
__kernel void rr_gather(__global const word_t* x, __global word_t* tmp, uint n, uint x_rns,
                        uint first, uint dropped) {
    size_t t = get_global_id(0);
    size_t j = get_global_id(1);
    size_t p = get_global_id(2);
    tmp[(p * dropped + j) * n + t] = x[(p * x_rns + first + j) * n + t];
}

// In place on the dropped rows in coefficient form: a_j = (v_j · R + s) · (D/d_j)^-1 mod d_j.
// consts per dropped prime j: R mod d_j, s mod d_j, (D/d_j)^-1 mod d_j at 3j. ND-range
// (n, dropped, polys).
__kernel void rr_dropped(__global word_t* tmp, __global const word_t* moduli,
                         __global const word_t* consts, uint n, uint dropped) {
    size_t t = get_global_id(0);
    size_t j = get_global_id(1);
    size_t p = get_global_id(2);
    __global const word_t* m = moduli + j * XEHE_MODULUS_WORDS;
    size_t at = (p * dropped + j) * n + t;
    word_t v = xehe_mad_mod_row(tmp[at], consts[3 * j], consts[3 * j + 1], m);
    tmp[at] = xehe_mul_mod_row(v, consts[3 * j + 2], m);
}

// w[p][i][t] = (s − Σ_j a_j · (D/d_j) mod t_i) · D^-1 mod t_i for every target prime i, from
// the scaled dropped rows `a` ([p][dropped][n]). consts: (D/d_j) mod t_i at j·targets + i,
// then s mod t_i at dropped·targets + i, then D^-1 mod t_i after those. ND-range
// (n, targets, polys).
__kernel void rr_convert(__global const word_t* a, __global word_t* w,
                         __global const word_t* moduli, __global const word_t* consts, uint n,
                         uint dropped, uint targets) {
    size_t t = get_global_id(0);
    size_t i = get_global_id(1);
    size_t p = get_global_id(2);
    __global const word_t* m = moduli + i * XEHE_MODULUS_WORDS;
    // Pointers stepped by their strides: offsets multiplied out per term cost NVIDIA 64-bit
    // multiplications (as in ntt_rns.cl's conversions).
    __global const word_t* row = a + p * dropped * n + t;
    __global const word_t* c = consts + i;
    xehe_wide acc;
    xehe_mac_init(&acc, 0, 0);
    for (uint j = 0; j < dropped; j++) {
        xehe_mac(&acc, *row, *c);
        xehe_mac_fold_after(&acc, j, m);
        row += n;
        c += targets;
    }
    word_t conv = xehe_mac_reduce(&acc, m);
    size_t after = (size_t)dropped * targets;
    word_t num = xehe_sub_mod(consts[after + i], conv, m[0]);
    w[(p * targets + i) * n + t] = xehe_mul_mod_row(num, consts[after + targets + i], m);
}

// out[p][i][t] = x[p][i − kept_lo + src_kept][t] · (R·D^-1 mod t_i) + w[p][i][t] for the kept
// targets i in [kept_lo, kept_hi), w[p][i][t] for the restored ones (w in NTT form). consts:
// R·D^-1 mod t_i at i. ND-range (n, targets, polys).
__kernel void rr_finish(__global const word_t* x, __global const word_t* w, __global word_t* out,
                        __global const word_t* moduli, __global const word_t* consts, uint n,
                        uint x_rns, uint targets, uint kept_lo, uint kept_hi, uint src_kept) {
    size_t t = get_global_id(0);
    size_t i = get_global_id(1);
    size_t p = get_global_id(2);
    __global const word_t* m = moduli + i * XEHE_MODULUS_WORDS;
    size_t o = (p * targets + i) * n + t;
    word_t y = w[o];
    if (i >= kept_lo && i < kept_hi) {
        word_t xi = x[(p * x_rns + i - kept_lo + src_kept) * n + t];
        y = xehe_mad_mod_row(xi, consts[i], y, m);
    }
    out[o] = y;
}
