// xehe-build: decrypt= decrypt_w32=-DXEHE_WORD_BITS=32
// Decryption on the device: c0 + c1·s (+ c2·s² …) modulo each prime, by Horner's rule in the
// host decryptor's order ((c_{size-1}·s + c_{size-2})·s + … + c0). `s` is the secret key in NTT
// form, [key primes][n]: a level's primes are its rows from `key_first` on (0 in a SEAL chain,
// the window's start in a 32-bit-tier one). The result is the message in
// clear; its buffer is wiped before it is recycled (the caller's DeviceCopy). Rust mirror:
// src/kernels/decrypt.rs.

// out[c][i] for a ciphertext of `size` polynomials, [size][rns_count][n]. ND-range
// (n, rns_count, 1).
__kernel void decrypt_horner(__global const word_t* ct, __global const word_t* s,
                             __global word_t* out, __global const word_t* moduli, uint n,
                             uint rns_count, uint size, uint key_first) {
    size_t i = get_global_id(0);
    size_t c = get_global_id(1);
    __global const word_t* m = moduli + c * XEHE_MODULUS_WORDS;
    size_t at = c * n + i;
    size_t row = (size_t)rns_count * n;
    word_t key = s[(size_t)key_first * n + at];
    word_t acc = 0;
    for (uint p = size; p > 0; p--) {
        acc = xehe_mad_mod_row(acc, key, ct[(size_t)(p - 1) * row + at], m);
    }
    out[at] = acc;
}
