// xehe-build: ntt_rns= ntt_rns_w32=-DXEHE_WORD_BITS=32
// NTT stages fused with the RNS steps around them (XeHE fuses its NTTs with relinearization's
// and rescale's neighbouring steps; conventions and helpers in common/ntt_core.h). A stage reads
// its tile through a prologue and writes it through an epilogue, so that:
// - key switching's broadcast (ks_decompose) becomes the forward NTT's first load;
// - division with rounding's spread (divide_round_spread) becomes the forward NTT's first load
//   and its finish (divide_round_finish) the forward NTT's last store, so the L target rows are
//   written once instead of three times;
// - rescale's extraction of the last component (rns_extract) becomes the inverse NTT's first
//   load;
// - hybrid key switching's ModUp becomes the digits' forward NTT's first load, and its ModDown
//   (the base conversion of the special rows) the division's forward NTT's first load.
// The results are word for word those of the unfused kernels. Rust mirrors: src/kernels/ntt_rns.rs.
//
// ND-range: (work-items of a row, polynomial, component), the reverse of the other NTT kernels'
// order, so that the work-groups of one prime are dispatched next to each other and share its
// twiddle tables in the cache. Key switching's digits have 40 primes at 2^16 (40 MB of tables
// against the H100's 50 MB L2): polynomial-major order made every resident group read another
// prime's tables, 10% slower (benches/results/h100-2026-11-24-ntt-order). The exception is
// ntt_fwd_stage_mod_down, (work-items, component, polynomial): see there.
static inline uint xehe_rns_poly(void) { return get_global_id(1); }
static inline uint xehe_rns_comp(void) { return get_global_id(2); }

// The row base of the item's (polynomial, component) in the stage's own layout.
static inline size_t xehe_rns_own(uint n, uint rns_count) {
    return xehe_row_base(n, rns_count, xehe_rns_poly(), xehe_rns_comp());
}

// Source rows: the tile of polynomial p, component i is read from row
// p·src_poly + i·src_comp + src_first of src (n words per row): the stage's own layout is
// (rns_count, 1, 0); a broadcast of one row per polynomial is (1, 0, 0).

// Load modes: the words as they are, reduced modulo the component's prime (the broadcast of
// key switching), centred (+ floor(q_src / 2) mod q_src), reduced and shifted back
// (− floor(q_src / 2) mod q_i, consts[2i + 1]: division with rounding's spread), or hybrid key
// switching's ModUp: the fast base conversion of digit p's scaled residues (see
// xehe_mod_up_word).
#define XEHE_LOAD_PLAIN 0
#define XEHE_LOAD_REDUCE 1
#define XEHE_LOAD_SPREAD 2
#define XEHE_LOAD_MOD_UP 3
// Store modes: as they are (forward values in [0, 4q)), corrected to [0, q), or division with
// rounding's finish: out = (x − v) · consts[2i] (+ base where bit p of add_mask is set).
#define XEHE_STORE_PLAIN 0
#define XEHE_STORE_REDUCE 1
#define XEHE_STORE_FINISH 2

// Key switching's digits (alpha > 0): polynomial p of the transform is digit p, component i is
// key-switch prime i (the `specials` special primes first), and the digit's own primes are not
// transformed at all: their rows in NTT form are the switched polynomial's own rows, which
// ks_mac reads in place. Every stage of the sequence skips them, a whole work-group at a time
// (before any barrier). A level that is a window of the key level's primes starting `lead`
// primes into a key digit (0 ≤ lead < alpha; 0 for a prefix) takes the key's digits: digit p
// holds the level's primes [max(p·alpha − lead, 0), min((p + 1)·alpha − lead, level)), the
// first of them short by lead (ks_mac's key_digit0 and lead).
static inline bool xehe_own_digit_row(uint specials, uint alpha, uint lead) {
    uint i = xehe_rns_comp();
    return alpha > 0 && i >= specials && (i - specials + lead) / alpha == xehe_rns_poly();
}

// ModUp's word w of digit p modulo key-switch prime i (not one of the digit's own):
// Σ_k v_k[w] · punct[k][i] mod m_i over the digit's primes k (xehe_own_digit_row's), with v (coefficient form,
// [level][n]) = [x_k · (Q_p / q_k)^-1]_(q_k) and punct[k][i] = (Q_p / q_k) mod m_i from the
// ModUp constants ([level] inverses, then [level][specials + level]). The sum is folded after
// every XEHE_MAC_TERMS products where a word needs it (a 32-bit word's accumulator holds 16),
// so digits of any size are exact.
static inline word_t xehe_mod_up_word(__global const word_t* v, size_t w, uint n,
                                      uint rns_count, uint specials, uint alpha, uint lead,
                                      __global const word_t* consts,
                                      __global const word_t* mod) {
    uint level = rns_count - specials;
    uint p = xehe_rns_poly();
    uint first = p == 0 ? 0 : p * alpha - lead;
    uint count = min((p + 1) * alpha - lead, level) - first;
#if XEHE_WORD_BITS == 64
    // Indexed from k: the stepped pointers of the 32-bit form made the 64-bit digits' stages
    // 1.8% slower on an H100 (benches/results/h100-2026-11-26-stepped-conversions).
    __global const word_t* punct = consts + level;
    size_t i = xehe_rns_comp();
    xehe_wide acc;
    xehe_mac_init(&acc, 0, 0);
    for (uint k = 0; k < count; k++) {
        word_t x = v[(size_t)(first + k) * n + w];
        xehe_mac(&acc, x, punct[(size_t)(first + k) * rns_count + i]);
        xehe_mac_fold_after(&acc, k, mod);
    }
#else
    // Pointers stepped by their strides: indexed from k, NVIDIA's compiler multiplies two 64-bit
    // offsets per product, most of a 32-bit product's instructions (6% of the stage).
    __global const word_t* vk = v + (size_t)first * n + w;
    __global const word_t* ck = consts + level + (size_t)first * rns_count + xehe_rns_comp();
    xehe_wide acc;
    xehe_mac_init(&acc, 0, 0);
    for (uint k = 0; k < count; k++) {
        xehe_mac(&acc, *vk, *ck);
        xehe_mac_fold_after(&acc, k, mod);
        vk += n;
        ck += rns_count;
    }
#endif
    return xehe_mac_reduce(&acc, mod);
}

// Always inlined: a call would pass the tile struct by value, whose copy llvm-spirv-15 turns into
// alias-scope declarations that spirv-val rejects.
static inline __attribute__((always_inline)) void
xehe_tile_load_rns(__local word_t* buf, __global const word_t* src, xehe_tile t, uint n,
                   uint rns_count, uint log_rows, uint log_cols, uint src_poly, uint src_comp,
                   uint src_first, uint mode, word_t q_src, __global const word_t* mod,
                   __global const word_t* consts, uint specials, uint alpha, uint lead) {
    size_t own = xehe_rns_own(n, rns_count);
    if (mode == XEHE_LOAD_MOD_UP) {
        for (uint e = get_local_id(0); e < (1u << (log_rows + log_cols)); e += get_local_size(0))
            buf[e] = xehe_mod_up_word(src, xehe_tile_word(t, e, log_cols) - own, n, rns_count,
                                      specials, alpha, lead, consts, mod);
        return;
    }
    size_t row = (size_t)xehe_rns_poly() * src_poly + (size_t)xehe_rns_comp() * src_comp +
                 src_first;
    __global const word_t* s = src + row * n;
    word_t q = mod[0];
    word_t shift = mode == XEHE_LOAD_SPREAD ? consts[2 * xehe_rns_comp() + 1] : 0;
    for (uint e = get_local_id(0); e < (1u << (log_rows + log_cols)); e += get_local_size(0)) {
        word_t v = s[xehe_tile_word(t, e, log_cols) - own];
        if (mode == XEHE_LOAD_SPREAD) v = xehe_add_mod(v, q_src >> 1, q_src);
        if (mode != XEHE_LOAD_PLAIN) v = xehe_reduce_word(v, mod);
        if (mode == XEHE_LOAD_SPREAD) v = xehe_sub_mod(v, shift, q);
        buf[e] = v;
    }
}

// A forward stage's store through its epilogue (the store modes) from the tile in buf to dst,
// whose row starts at word own_row; x and base are [poly][x_rns or base_rns][n], consts the
// division's (Finish). A macro over the
// stage kernel's own names (dst, buf, t, n, rns_count, log_rows, log_cols, store_mode, consts,
// x, x_rns, base, base_rns, add_mask, p, rns, mod, q, two_q) rather than an inlined function:
// as an always-inlined helper, the same code made NVIDIA's compiler emit a slower
// ntt_fwd_stage_rns (its forward stages 12% slower on the H100); expanded in place it is token
// for token the kernel's own code.
#define XEHE_TILE_STORE_RNS(own_row) \
    size_t own = own_row;                                                                         \
    __global const word_t* xr = x + ((size_t)p * x_rns + rns) * n;                                \
    __global const word_t* br = base + ((size_t)p * base_rns + rns) * n;                          \
    word_t inv = store_mode == XEHE_STORE_FINISH ? consts[2 * rns] : 0;                           \
    /* Polynomials past the mask's 32 bits get nothing added (a shift by 32 or more is            \
       undefined). */                                                                             \
    uint add = p < 32 ? (add_mask >> p) & 1 : 0;                                                  \
    for (uint e = get_local_id(0); e < (1u << (log_rows + log_cols)); e += get_local_size(0)) {   \
        size_t o = xehe_tile_word(t, e, log_cols);                                                \
        word_t v = buf[e];                                                                        \
        if (store_mode != XEHE_STORE_PLAIN) v = xehe_reduce_4q(v, q, two_q);                      \
        if (store_mode == XEHE_STORE_FINISH) {                                                    \
            size_t w = o - own;                                                                   \
            v = xehe_mul_mod_row(xehe_sub_mod(xr[w], v, q), inv, mod);                            \
            if (add) v = xehe_add_mod(br[w], v, q);                                               \
        }                                                                                         \
        dst[o] = v;                                                                               \
    }

// One forward stage (radix-8 chunks; see ntt_fwd_stage) from src through the load prologue to
// dst through the store epilogue. x and base are [poly][x_rns or base_rns][n]; alpha > 0 makes
// the transform key switching's digits (xehe_own_digit_row, with lead).
__kernel void ntt_fwd_stage_rns(__global const word_t* src, __global word_t* dst,
                                __global const word_t* roots, __global const word_t* roots_shoup,
                                __global const word_t* moduli, uint n, uint rns_count, uint m,
                                uint log_rows, uint log_cols, uint src_poly, uint src_comp,
                                uint src_first, uint load_mode, ulong q_src,
                                __global const word_t* consts, uint store_mode,
                                __global const word_t* x, uint x_rns, __global const word_t* base,
                                uint base_rns, uint add_mask, uint specials, uint alpha,
                                uint lead, __local word_t* buf) {
    if (xehe_own_digit_row(specials, alpha, lead)) return;
    uint rns = xehe_rns_comp();
    uint p = xehe_rns_poly();
    __global const word_t* mod = moduli + rns * XEHE_MODULUS_WORDS;
    word_t q = mod[0];
    word_t two_q = 2 * q;
    xehe_tile t = xehe_stage_tile_at(xehe_rns_own(n, rns_count), n, m, log_rows, log_cols);
    xehe_tile_load_rns(buf, src, t, n, rns_count, log_rows, log_cols, src_poly, src_comp,
                       src_first, load_mode, q_src, mod, consts, specials, alpha, lead);
    barrier(CLK_LOCAL_MEM_FENCE);
    xehe_fwd_local_rounds(buf, roots + (size_t)rns * n, roots_shoup + (size_t)rns * n, q, two_q,
                          log_rows, log_cols, t.j, m, 0, 3);
    XEHE_TILE_STORE_RNS(xehe_rns_own(n, rns_count))
}

// ModDown's word w modulo data prime i (the stage's component): the fast base conversion of
// the scaled special residues, Σ_k v_k[w] · punct[k][i] + extra · extra_c − sub mod q_i, v being
// the polynomial's `specials` rows (coefficient form, v_k = [(r_k + ⌊P/2⌋) · (P / p_k)^-1]_(p_k),
// made by ks_mod_down_scale). convert: (P / p_k)^-1 and ⌊P/2⌋ mod p_k, [specials] each (not read
// here); shift_i = ⌊P/2⌋ + ⌊(K − 1)/2⌋·P mod q_i, [data_primes] (the extra multiples of P
// centre the conversion's own, src/rns/divide.rs's mod_down_shift_mod); punct[k][i] = (P / p_k) mod q_i,
// [specials][data_primes]. A plain conversion has no extra term and subtracts shift_i; a rescale
// fused into the division adds P times its spread as the extra term (see ntt_fwd_stage_mod_down).
// As in xehe_mod_up_word, the sum is folded after every XEHE_MAC_TERMS terms where a word needs
// it, the extra term counted as the first (a 32-bit word's 16 special primes make 17 terms).
static inline word_t xehe_mod_down_word(__global const word_t* v, size_t w, uint i, uint n,
                                        uint specials, uint data_primes,
                                        __global const word_t* convert, word_t extra,
                                        word_t extra_c, word_t sub, __global const word_t* mod) {
#if XEHE_WORD_BITS == 64
    // Indexed, stepped for 32-bit words: as in xehe_mod_up_word.
    __global const word_t* punct = convert + 2 * specials + data_primes;
    xehe_wide acc;
    xehe_mac_init(&acc, extra, extra_c);
    for (uint k = 0; k < specials; k++) {
        word_t x = v[(size_t)k * n + w];
        xehe_mac(&acc, x, punct[(size_t)k * data_primes + i]);
        xehe_mac_fold_after(&acc, k + 1, mod);
    }
#else
    __global const word_t* vk = v + w;
    __global const word_t* ck = convert + 2 * specials + data_primes + i;
    xehe_wide acc;
    xehe_mac_init(&acc, extra, extra_c);
    for (uint k = 0; k < specials; k++) {
        xehe_mac(&acc, *vk, *ck);
        xehe_mac_fold_after(&acc, k + 1, mod);
        vk += n;
        ck += data_primes;
    }
#endif
    word_t x = xehe_mac_reduce(&acc, mod);
    return xehe_sub_mod(x, sub, mod[0]);
}

// Hybrid key switching's ModDown as the first forward stage of the division by P: the tile is
// loaded through the base conversion of polynomial p's scaled special rows (row
// p·v_poly + v_first + k of v, xehe_mod_down_word) instead of from converted rows written by a
// kernel of their own, then stored through store_mode as ntt_fwd_stage_rns stores (with one
// stage, the whole division's finish). With q_last > 0 the division is also the rescale by
// q_last that follows it: the rescale subtracts its spread s_i = [t]_(q_i) − ⌊q_last/2⌋ of
// the divided last row (t = that row + ⌊q_last/2⌋ mod q_last, coefficient form: row p of last,
// made by mod_down_last_row), and (x − u)·P^-1 + c − s = (x − (u + P·s))·P^-1 + c, so the load
// converts with P·s added (the extra term t · (P mod q_i), and rescale[2i] = shift_i +
// P·⌊q_last/2⌋ mod q_i subtracted instead of shift_i; rescale[2i + 1] = P mod q_i). The finish
// then takes (P·q_last)^-1 as its constants and a base already divided by q_last: the words of
// the division by P followed by the rescale, without the rescale's own transform.
__kernel void ntt_fwd_stage_mod_down(__global const word_t* v, __global word_t* dst,
                                     __global const word_t* roots,
                                     __global const word_t* roots_shoup,
                                     __global const word_t* moduli, uint n, uint rns_count, uint m,
                                     uint log_rows, uint log_cols, uint v_poly, uint v_first,
                                     __global const word_t* convert, uint specials,
                                     uint data_primes, __global const word_t* last,
                                     ulong q_last, __global const word_t* rescale,
                                     uint store_mode, __global const word_t* consts,
                                     __global const word_t* x, uint x_rns,
                                     __global const word_t* base, uint base_rns, uint add_mask,
                                     __local word_t* buf) {
    // Polynomial-major, unlike the other RNS stages: the groups of one polynomial run together
    // and share its special rows in the cache. A hoisted rotation's eight steps convert 16
    // polynomials' 64 rows (32 MB at 2^16); in prime-major order every prime re-read all of
    // them, mostly from memory (the 576-row conversion took 721 µs against 8 × 84.6 for eight
    // separate 72-row ones on the H100). The first stage of a multi-stage plan reads few
    // twiddles, so prime-major order buys it nothing.
    uint rns = get_global_id(1);
    uint p = get_global_id(2);
    __global const word_t* mod = moduli + rns * XEHE_MODULUS_WORDS;
    word_t q = mod[0];
    word_t two_q = 2 * q;
    size_t row = xehe_row_base(n, rns_count, p, rns);
    xehe_tile t = xehe_stage_tile_at(row, n, m, log_rows, log_cols);
    __global const word_t* vp = v + ((size_t)p * v_poly + v_first) * n;
    __global const word_t* lp = last + (size_t)p * n;
    word_t extra_c = q_last ? rescale[2 * rns + 1] : 0;
    word_t sub = q_last ? rescale[2 * rns] : convert[2 * specials + rns];
    for (uint e = get_local_id(0); e < (1u << (log_rows + log_cols)); e += get_local_size(0)) {
        size_t w = xehe_tile_word(t, e, log_cols) - row;
        word_t extra = q_last ? lp[w] : 0;
        buf[e] = xehe_mod_down_word(vp, w, rns, n, specials, data_primes, convert, extra, extra_c,
                                    sub, mod);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    xehe_fwd_local_rounds(buf, roots + (size_t)rns * n, roots_shoup + (size_t)rns * n, q, two_q,
                          log_rows, log_cols, t.j, m, 0, 3);
    XEHE_TILE_STORE_RNS(row)
}

// The last row of a division by P, for ModDown fused with the rescale by q_i that follows it:
// y holds z = x·P^-1 + c of that row (the products' x and the added base's c, NTT form,
// combined by mod_down_rescale_base) inverse-transformed, and becomes the divided row
// z − u·P^-1 (u ModDown's conversion of polynomial p's scaled special rows, row p·specials + k
// of v, xehe_mod_down_word) plus ⌊q_i/2⌋, mod q_i: the rescale's centred last row, word for
// word (the transforms are exact modulo q_i), without transforming the other rows. In place,
// [poly][n]. consts[2i] = P^-1 mod q_i (the division's finish constants), moduli the data
// primes'. ND-range: (n, polynomial).
__kernel void mod_down_last_row(__global const word_t* v, __global word_t* y,
                                __global const word_t* convert, __global const word_t* consts,
                                __global const word_t* moduli, uint n, uint specials,
                                uint data_primes, uint i) {
    size_t w = get_global_id(0);
    uint p = get_global_id(1);
    __global const word_t* mod = moduli + (size_t)i * XEHE_MODULUS_WORDS;
    word_t q = mod[0];
    word_t u = xehe_mod_down_word(v + (size_t)p * specials * n, w, i, n, specials, data_primes,
                                 convert, 0, 0, convert[2 * specials + i], mod);
    size_t o = (size_t)p * n + w;
    word_t d = xehe_sub_mod(y[o], xehe_mul_mod_row(u, consts[2 * i], mod), q);
    y[o] = xehe_add_mod(d, q >> 1, q);
}

// The added base of ModDown fused with a rescale by the level's last prime (rns_count primes):
// out = c · scales[i] on the other rows (scales[i] = q_last^-1 mod q_i: the finish adds c/q_last)
// and out = x · scales[i] + c on the last (scales[i] = P^-1 mod q_last: the divided row but for
// ModDown's conversion, which mod_down_last_row subtracts after its inverse transform). c, x
// and out are [2][rns_count][n] (c may be a longer ciphertext's first polynomials).
// ND-range: (n, component, polynomial).
__kernel void mod_down_rescale_base(__global const word_t* c, __global const word_t* x,
                                    __global word_t* out, __global const word_t* scales,
                                    __global const word_t* moduli, uint n, uint rns_count) {
    size_t o = xehe_row_base(n, rns_count, get_global_id(2), get_global_id(1)) + get_global_id(0);
    uint i = get_global_id(1);
    __global const word_t* mod = moduli + (size_t)i * XEHE_MODULUS_WORDS;
    word_t a = i + 1 == rns_count ? x[o] : c[o];
    word_t b = i + 1 == rns_count ? c[o] : 0;
    out[o] = xehe_mad_mod_row(a, scales[i], b, mod);
}

// The last forward stage of the divisions by P of up to XEHE_HOISTED_STEPS steps of one hoisted
// rotation, in one launch instead of one transform per step: polynomial p of the transform is
// polynomial p & 1 of step p >> 1. The earlier stages ran on every step's rows at once (the
// ModDown or spread load first) into src, this stage's own layout [2·steps][rns_count][n]; this
// one reads its tile there, runs its rounds and writes the step's own result dst<s>
// ([2][rns_count][n]) through the division's finish: (x − v) · consts[2i] (a Shoup product
// with inv_shoup[i], Shoup's quotient of consts[2i]: the same word as the Barrett product the
// other finishes take, at a third of the multiplications), x being the step's
// products x<s> ([2][x_rns][n], NTT form), and on the first polynomial plus the rotated c0: row i
// of c0 ([rns_count][n], the source ciphertext's c0, NTT form) read through the step's Galois
// permutation perm<s> (what galois_permute_ntt wrote for each step before). The same words as a
// step's own ntt_fwd_stage_rns finish with that permuted c0 as its base. An entry point of its
// own keeps the step choice out of ntt_fwd_stage_rns (see ntt_fwd_stage_mod_down).
__kernel void ntt_fwd_stage_finish_steps(
    __global const word_t* src, __global const word_t* roots, __global const word_t* roots_shoup,
    __global const word_t* moduli, uint n, uint rns_count, uint m, uint log_rows, uint log_cols,
    __global const word_t* consts, __global const word_t* inv_shoup, __global const word_t* c0,
    __global const word_t* perm0,
    __global const word_t* perm1, __global const word_t* perm2, __global const word_t* perm3,
    __global const word_t* perm4, __global const word_t* perm5, __global const word_t* perm6,
    __global const word_t* perm7, __global const word_t* x0, __global const word_t* x1,
    __global const word_t* x2, __global const word_t* x3, __global const word_t* x4,
    __global const word_t* x5, __global const word_t* x6, __global const word_t* x7, uint x_rns,
    __global word_t* dst0, __global word_t* dst1, __global word_t* dst2, __global word_t* dst3,
    __global word_t* dst4, __global word_t* dst5, __global word_t* dst6, __global word_t* dst7,
    __local word_t* buf) {
    uint rns = xehe_rns_comp();
    // The step from the 64-bit id: from a 32-bit p, p >> 1 has a known-zero top bit, and
    // LLVM turns XEHE_STEP's choice into a switch on an i31, which SPIR-V has no type for.
    uint s = (uint)(get_global_id(1) >> 1);
    uint second = xehe_rns_poly() & 1;
    __global const word_t* mod = moduli + rns * XEHE_MODULUS_WORDS;
    word_t q = mod[0];
    word_t two_q = 2 * q;
    size_t own = xehe_rns_own(n, rns_count);
    xehe_tile t = xehe_stage_tile_at(own, n, m, log_rows, log_cols);
    xehe_tile_load(buf, src, t, log_rows, log_cols);
    barrier(CLK_LOCAL_MEM_FENCE);
    xehe_fwd_local_rounds(buf, roots + (size_t)rns * n, roots_shoup + (size_t)rns * n, q, two_q,
                          log_rows, log_cols, t.j, m, 0, 3);
    __global const word_t* xr = XEHE_STEP(s, x) + ((size_t)second * x_rns + rns) * n;
    __global word_t* out = XEHE_STEP(s, dst) + ((size_t)second * rns_count + rns) * n;
    __global const word_t* perm = XEHE_STEP(s, perm);
    __global const word_t* c0r = c0 + (size_t)rns * n;
    word_t inv = consts[2 * rns];
    word_t inv_s = inv_shoup[rns];
    for (uint e = get_local_id(0); e < (1u << (log_rows + log_cols)); e += get_local_size(0)) {
        size_t w = xehe_tile_word(t, e, log_cols) - own;
        word_t v = xehe_reduce_4q(buf[e], q, two_q);
        v = xehe_sub_if_ge(xehe_mul_shoup_lazy(xehe_sub_mod(xr[w], v, q), inv, inv_s, q), q);
        if (!second) v = xehe_add_mod(c0r[perm[w]], v, q);
        out[w] = v;
    }
}

// One inverse stage (radix-8 chunks; see ntt_inv_stage; at m = 1 with the merged last round)
// from src's rows to dst.
__kernel void ntt_inv_stage_rns(__global const word_t* src, __global word_t* dst,
                                __global const word_t* roots, __global const word_t* roots_shoup,
                                __global const word_t* moduli, __global const word_t* consts,
                                uint n, uint rns_count, uint m, uint log_rows, uint log_cols,
                                uint src_poly, uint src_comp, uint src_first,
                                __local word_t* buf) {
    uint rns = xehe_rns_comp();
    __global const word_t* mod = moduli + rns * XEHE_MODULUS_WORDS;
    word_t q = mod[0];
    xehe_tile t = xehe_stage_tile_at(xehe_rns_own(n, rns_count), n, m, log_rows, log_cols);
    xehe_tile_load_rns(buf, src, t, n, rns_count, log_rows, log_cols, src_poly, src_comp,
                       src_first, XEHE_LOAD_PLAIN, 0, mod, consts, 0, 0, 0);
    barrier(CLK_LOCAL_MEM_FENCE);
    xehe_inv_local_finish(buf, roots + (size_t)rns * n, roots_shoup + (size_t)rns * n,
                          consts + rns * XEHE_NTT_CONST_WORDS, q, n, m, log_rows, log_cols, t.log_s,
                          t.j, 0, 3);
    xehe_tile_store(dst, buf, t, log_rows, log_cols, 0, q);
}
