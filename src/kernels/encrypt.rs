//! Rust mirrors of kernels-cl/encrypt.cl, built for both words: public-key encryption's
//! randomness (ChaCha20 by coefficient index) and the zero encryption. The host encryptor draws
//! through the same functions ([`coefficient_draw`]), so both sides turn one key into the same
//! u, e0 and e1.

use super::mod_arith::{add_mod, mul_hi, sub_mod, DeviceWord, Row};
use crate::arith::Word;
use crate::exec::{kernel_args, word_kernel, KernelModule, SimArgs, SimKernel, WorkGroup};
use std::marker::PhantomData;

pub static MODULE: KernelModule = KernelModule {
    name: "encrypt",
    source: include_str!("../../kernels-cl/encrypt.cl"),
    spirv: include_bytes!("../../spirv-kernels/encrypt.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
    word_bits: 64,
    kernels: &[
        &ENCRYPT_SAMPLE.w64.spec,
        &ENCRYPT_COMBINE.w64.spec,
        &ENCRYPT_NOISE.w64.spec,
        &ENCRYPT_SYMMETRIC_COMBINE.w64.spec,
    ],
};

/// The 32-bit build of the same source (`XEHE_WORD_BITS=32`).
pub static MODULE_W32: KernelModule = KernelModule {
    name: "encrypt_w32",
    source: include_str!("../../kernels-cl/encrypt.cl"),
    spirv: include_bytes!("../../spirv-kernels/encrypt_w32.spv"),
    prelude: "#define XEHE_WORD_BITS 32\n",
    shuffle_size: None,
    fp64: false,
    word_bits: 32,
    kernels: &[
        &ENCRYPT_SAMPLE.w32.spec,
        &ENCRYPT_COMBINE.w32.spec,
        &ENCRYPT_NOISE.w32.spec,
        &ENCRYPT_SYMMETRIC_COMBINE.w32.spec,
    ],
};

kernel_args! {
    /// `encrypt_sample(s, moduli, k0, k1, k2, k3, stream, n, rns_count)`: u, e0, e1 of every
    /// coefficient into `s` (`[batch][3][rns_count][n]`, item b from stream `stream` + b),
    /// ND-range (n, rns_count, batch).
    pub struct SampleArgs {
        s: Out, moduli: In, k0: U64, k1: U64, k2: U64, k3: U64, stream: U64, n: U32,
        rns_count: U32,
    }
}
kernel_args! {
    /// `encrypt_combine(s, pk, zero, moduli, n, rns_count, key_rns, shift)`: ND-range
    /// (n, rns_count, batch).
    pub struct CombineArgs {
        s: Out, pk: In, zero: Out, moduli: In, n: U32, rns_count: U32, key_rns: U32, shift: U32,
    }
}
kernel_args! {
    /// `encrypt_noise(e, moduli, k0, k1, k2, k3, n)`: symmetric encryption's e (the e0 of
    /// `encrypt_sample`'s draws) into `e` (`[rns][n]`), ND-range (n, rns, 1).
    pub struct NoiseArgs { e: Out, moduli: In, k0: U64, k1: U64, k2: U64, k3: U64, n: U32 }
}
kernel_args! {
    /// `encrypt_symmetric_combine(e, a, s, plain, out, moduli, n, rns_count, key_first)`:
    /// ND-range (n, rns_count, 1); `e` and `a` are zeroed; the level's key rows start at row
    /// `key_first` of `s`.
    pub struct SymmetricCombineArgs {
        e: Out, a: Out, s: In, plain: In, out: Out, moduli: In, n: U32, rns_count: U32,
        key_first: U32,
    }
}
word_kernel! {
    pub static ENCRYPT_NOISE: NoiseArgs = "encrypt_noise" in MODULE | MODULE_W32,
        mirror EncryptNoise;
    pub static ENCRYPT_SYMMETRIC_COMBINE: SymmetricCombineArgs =
        "encrypt_symmetric_combine" in MODULE | MODULE_W32, mirror EncryptSymmetricCombine;
    pub static ENCRYPT_SAMPLE: SampleArgs = "encrypt_sample" in MODULE | MODULE_W32,
        mirror EncryptSample;
    pub static ENCRYPT_COMBINE: CombineArgs = "encrypt_combine" in MODULE | MODULE_W32,
        mirror EncryptCombine;
}

const SIGMA: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];

fn quarter_round(x: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize) {
    x[a] = x[a].wrapping_add(x[b]);
    x[d] = (x[d] ^ x[a]).rotate_left(16);
    x[c] = x[c].wrapping_add(x[d]);
    x[b] = (x[b] ^ x[c]).rotate_left(12);
    x[a] = x[a].wrapping_add(x[b]);
    x[d] = (x[d] ^ x[a]).rotate_left(8);
    x[c] = x[c].wrapping_add(x[d]);
    x[b] = (x[b] ^ x[c]).rotate_left(7);
}

/// ChaCha20 block `counter` of `stream` under `key` (`xehe_chacha20_words`, all 16 words).
pub fn chacha20_block(key: [u64; 4], stream: u64, counter: u64) -> [u32; 16] {
    let mut s = [0u32; 16];
    s[..4].copy_from_slice(&SIGMA);
    for (j, k) in key.iter().enumerate() {
        s[4 + 2 * j] = *k as u32;
        s[5 + 2 * j] = (k >> 32) as u32;
    }
    s[12] = counter as u32;
    s[13] = (counter >> 32) as u32;
    s[14] = stream as u32;
    s[15] = (stream >> 32) as u32;
    let mut x = s;
    for _ in 0..10 {
        quarter_round(&mut x, 0, 4, 8, 12);
        quarter_round(&mut x, 1, 5, 9, 13);
        quarter_round(&mut x, 2, 6, 10, 14);
        quarter_round(&mut x, 3, 7, 11, 15);
        quarter_round(&mut x, 0, 5, 10, 15);
        quarter_round(&mut x, 1, 6, 11, 12);
        quarter_round(&mut x, 2, 7, 8, 13);
        quarter_round(&mut x, 3, 4, 9, 14);
    }
    for (o, i) in x.iter_mut().zip(s) {
        *o = o.wrapping_add(i);
    }
    x
}

/// Centred binomial noise of a word's low 42 bits (`xehe_cbd21`).
pub fn cbd21(bits: u64) -> i64 {
    (bits & 0x1F_FFFF).count_ones() as i64 - ((bits >> 21) & 0x1F_FFFF).count_ones() as i64
}

/// The draw of one coefficient from its six stream words: (t ∈ {0, 1, 2} with u = t − 1, e0,
/// e1).
pub fn coefficient_draw(w: &[u32]) -> (u64, i64, i64) {
    let word = |j: usize| (u64::from(w[j + 1]) << 32) | u64::from(w[j]);
    (mul_hi(word(0), 3), cbd21(word(2)), cbd21(word(4)))
}

/// u, e0 and e1 of a draw reduced modulo q, in q's word (negative values through their sign
/// masks).
pub fn draw_residues<W: Word>((t, e0, e1): (u64, i64, i64), q: W) -> [W; 3] {
    let and = |a: W, b: W| W::from_u64(a.to_u64() & b.to_u64());
    let is_zero = W::default().wrapping_sub(W::from_u64(u64::from(t == 0)));
    let signed = |e: i64| W::from_u64(e as u64).wrapping_add(and(W::from_u64((e >> 63) as u64), q));
    [
        W::from_u64(t)
            .wrapping_add(and(is_zero, q))
            .wrapping_sub(W::from_u64(1)),
        signed(e0),
        signed(e1),
    ]
}

pub struct EncryptSample<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for EncryptSample<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = SampleArgs::view(args);
        let (s, moduli, key) = (a.s, a.moduli, [a.k0, a.k1, a.k2, a.k3]);
        let (n, rns) = (a.n as usize, a.rns_count as usize);
        wg.phase(|it, _, _| {
            let [i, c, b] = it.global_id;
            let base = b * 3 * rns * n;
            let q: W = moduli.load_as(c * W::MODULUS_WORDS);
            let block = chacha20_block(key, a.stream + b as u64, (i >> 1) as u64);
            let first = (i & 1) * 6;
            let r = draw_residues(coefficient_draw(&block[first..first + 6]), q);
            for (p, v) in r.into_iter().enumerate() {
                s.store_as(base + (p * rns + c) * n + i, v);
            }
        });
    }
}

pub struct EncryptCombine<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for EncryptCombine<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = CombineArgs::view(args);
        let (s, pk, zero, moduli) = (a.s, a.pk, a.zero, a.moduli);
        let [n, rns, key_rns, shift] = [a.n, a.rns_count, a.key_rns, a.shift].map(|v| v as usize);
        wg.phase(|it, _, _| {
            let [i, c, b] = it.global_id;
            let m = Row::<W>::load(moduli, c);
            let row = rns * n;
            let (s_at, zero_at) = (b * 3 * row, b * 2 * row);
            let key = ((c + key_rns - shift) % key_rns) * n + i;
            let out = ((c + rns - shift) % rns) * n + i;
            let at = c * n + i;
            let u: W = s.load_as(s_at + at);
            zero.store_as(
                zero_at + out,
                W::mad_mod_row(pk.load_as(key), u, s.load_as(s_at + row + at), m.words()),
            );
            zero.store_as(
                zero_at + row + out,
                W::mad_mod_row(
                    pk.load_as(key_rns * n + key),
                    u,
                    s.load_as(s_at + 2 * row + at),
                    m.words(),
                ),
            );
            s.store_as(s_at + at, W::default());
            s.store_as(s_at + row + at, W::default());
            s.store_as(s_at + 2 * row + at, W::default());
        });
    }
}

pub struct EncryptNoise<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for EncryptNoise<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = NoiseArgs::view(args);
        let (key, n) = ([a.k0, a.k1, a.k2, a.k3], a.n as usize);
        wg.phase(|it, _, _| {
            let [i, c, _] = it.global_id;
            let q: W = a.moduli.load_as(c * W::MODULUS_WORDS);
            let block = chacha20_block(key, 0, (i >> 1) as u64);
            let first = (i & 1) * 6;
            let [_, e, _] = draw_residues(coefficient_draw(&block[first..first + 6]), q);
            a.e.store_as(c * n + i, e);
        });
    }
}

pub struct EncryptSymmetricCombine<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for EncryptSymmetricCombine<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = SymmetricCombineArgs::view(args);
        let (n, rns) = (a.n as usize, a.rns_count as usize);
        wg.phase(|it, _, _| {
            let [i, c, _] = it.global_id;
            let m = Row::<W>::load(a.moduli, c);
            let at = c * n + i;
            let u: W = a.a.load_as(at);
            let prod = W::mul_mod_row(u, a.s.load_as(a.key_first as usize * n + at), m.words());
            a.out.store_as(
                at,
                add_mod(
                    sub_mod(a.e.load_as(at), prod, m.q()),
                    a.plain.load_as(at),
                    m.q(),
                ),
            );
            a.out.store_as(rns * n + at, u);
            a.e.store_as(at, W::default());
            a.a.store_as(at, W::default());
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngCore, SeedableRng};

    /// The block function is ChaCha20 as rand_chacha runs it (the host's fast path reads the
    /// stream through rand_chacha): every word of several blocks under a random key.
    #[test]
    fn blocks_match_rand_chacha() {
        let mut seed = [0u8; 32];
        rand::rngs::StdRng::seed_from_u64(7).fill_bytes(&mut seed);
        let key: [u64; 4] =
            std::array::from_fn(|j| u64::from_le_bytes(seed[8 * j..8 * j + 8].try_into().unwrap()));
        let mut rng = rand_chacha::ChaCha20Rng::from_seed(seed);
        for counter in 0..5u64 {
            let want: [u32; 16] = std::array::from_fn(|_| rng.next_u32());
            assert_eq!(chacha20_block(key, 0, counter), want, "block {counter}");
        }
        // Far into the stream too: the counter's high word.
        rng.set_word_pos(16 * (1u128 << 33));
        let want: [u32; 16] = std::array::from_fn(|_| rng.next_u32());
        assert_eq!(chacha20_block(key, 0, 1 << 33), want);
        // Other streams (a batch's items), both words of the stream id.
        for stream in [1u64, 5, 1 << 40 | 3] {
            rng.set_stream(stream);
            rng.set_word_pos(16 * 7);
            let want: [u32; 16] = std::array::from_fn(|_| rng.next_u32());
            assert_eq!(chacha20_block(key, stream, 7), want, "stream {stream}");
        }
    }

    #[test]
    fn draws_are_ternary_and_binomial() {
        let q = 0xffff_ffff_0000_0001u64;
        let mut seen = [0usize; 3];
        for counter in 0..2000u64 {
            let block = chacha20_block([counter, 1, 2, 3], 0, counter);
            for first in [0, 6] {
                let (t, e0, e1) = coefficient_draw(&block[first..first + 6]);
                assert!(t < 3 && e0.abs() <= 21 && e1.abs() <= 21);
                seen[t as usize] += 1;
                let [u, r0, r1] = draw_residues((t, e0, e1), q);
                assert_eq!(u, if t == 0 { q - 1 } else { t - 1 }, "t = {t}");
                assert_eq!(
                    r0,
                    if e0 < 0 {
                        q - e0.unsigned_abs()
                    } else {
                        e0 as u64
                    }
                );
                assert_eq!(
                    r1,
                    if e1 < 0 {
                        q - e1.unsigned_abs()
                    } else {
                        e1 as u64
                    }
                );
            }
        }
        // 4000 draws: each value of t about a third of the time.
        assert!(seen.iter().all(|&c| (1100..1570).contains(&c)), "{seen:?}");
    }
}
