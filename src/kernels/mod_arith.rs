//! Rust mirror of kernels-cl/common/mod_arith.h, statement for statement, so that simulated
//! kernels compute exactly what the device computes (including the explicit carry handling of
//! the 128-bit Barrett reduction, which OpenCL C has no 128-bit type for). The helpers both
//! word sizes share are generic over [`Word`]; [`RowArith`] is the header's per-word section
//! (`xehe_mul_mod_row` and friends, which read a modulus as its row of the `moduli` table).

use crate::arith::Word;
use crate::exec::{Global, StoredWord};
use std::fmt::Debug;

/// Words per modulus in a 64-bit device `moduli` table: q, ⌊2^128/q⌋ low, ⌊2^128/q⌋ high.
pub const MODULUS_WORDS: usize = 3;

/// OpenCL's `mul_hi` for the word.
#[inline(always)]
pub fn mul_hi<W: Word>(a: W, b: W) -> W {
    W::mul_hi(a, b)
}

#[inline(always)]
pub fn sub_if_ge<W: Word>(x: W, q: W) -> W {
    if x >= q {
        x.wrapping_sub(q)
    } else {
        x
    }
}

#[inline(always)]
pub fn add_mod<W: Word>(a: W, b: W, q: W) -> W {
    sub_if_ge(a.wrapping_add(b), q)
}

#[inline(always)]
pub fn sub_mod<W: Word>(a: W, b: W, q: W) -> W {
    if a >= b {
        a.wrapping_sub(b)
    } else {
        a.wrapping_add(q.wrapping_sub(b))
    }
}

#[inline(always)]
pub fn neg_mod<W: Word>(a: W, q: W) -> W {
    if a == W::default() {
        a
    } else {
        q.wrapping_sub(a)
    }
}

/// `xehe_reduce_128`.
#[inline(always)]
pub fn reduce_128(x0: u64, x1: u64, q: u64, m0: u64, m1: u64) -> u64 {
    let c = mul_hi(x0, m0);
    let lo1 = x0.wrapping_mul(m1);
    let hi1 = mul_hi(x0, m1);
    let lo2 = x1.wrapping_mul(m0);
    let hi2 = mul_hi(x1, m0);
    let s = lo1.wrapping_add(lo2);
    let mut carry = u64::from(s < lo1);
    let s2 = s.wrapping_add(c);
    carry += u64::from(s2 < s);
    let quot = x1
        .wrapping_mul(m1)
        .wrapping_add(hi1.wrapping_add(hi2).wrapping_add(carry));
    sub_if_ge(x0.wrapping_sub(quot.wrapping_mul(q)), q)
}

/// `xehe_mul_mod`.
#[inline(always)]
pub fn mul_mod(a: u64, b: u64, q: u64, m0: u64, m1: u64) -> u64 {
    reduce_128(a.wrapping_mul(b), mul_hi(a, b), q, m0, m1)
}

/// `xehe_mad_mod`.
#[inline(always)]
pub fn mad_mod(a: u64, b: u64, c: u64, q: u64, m0: u64, m1: u64) -> u64 {
    let lo = a.wrapping_mul(b);
    let mut hi = mul_hi(a, b);
    let lo_c = lo.wrapping_add(c);
    hi += u64::from(lo_c < lo);
    reduce_128(lo_c, hi, q, m0, m1)
}

/// `xehe_mac_wide`: (hi, lo) += a·b.
#[inline(always)]
pub fn mac_wide(a: u64, b: u64, lo: &mut u64, hi: &mut u64) {
    let p_lo = a.wrapping_mul(b);
    *lo = lo.wrapping_add(p_lo);
    *hi = hi.wrapping_add(mul_hi(a, b).wrapping_add(u64::from(*lo < p_lo)));
}

/// The device `moduli` table for a list of moduli.
pub fn moduli_table(moduli: &[crate::arith::Modulus]) -> Vec<u64> {
    moduli
        .iter()
        .flat_map(|m| {
            let [r0, r1] = m.const_ratio();
            [m.value(), r0, r1]
        })
        .collect()
}

/// Component `c`'s row of a device `moduli` table: (q, m0, m1), what the kernels read as
/// `moduli + c * XEHE_MODULUS_WORDS`.
#[inline(always)]
pub fn modulus_row(moduli: crate::exec::Global<'_>, c: usize) -> (u64, u64, u64) {
    let row = c * MODULUS_WORDS;
    (moduli.load(row), moduli.load(row + 1), moduli.load(row + 2))
}

/// `xehe_mul_shoup_lazy`: x·w mod q in [0, 2q) for any word x, w_shoup = ⌊w·2^BITS/q⌋.
#[inline(always)]
pub fn mul_shoup_lazy<W: Word>(x: W, w: W, w_shoup: W, q: W) -> W {
    x.wrapping_mul(w)
        .wrapping_sub(mul_hi(x, w_shoup).wrapping_mul(q))
}

/// `xehe_guard`.
#[inline(always)]
pub fn guard<W: Word>(x: W, two_q: W) -> W {
    if x >= two_q {
        x.wrapping_sub(two_q)
    } else {
        x
    }
}

/// `xehe_reduce_4q`.
#[inline(always)]
pub fn reduce_4q<W: Word>(x: W, q: W, two_q: W) -> W {
    sub_if_ge(guard(x, two_q), q)
}

/// 32-bit `xehe_barrett_mul`: a·b mod q for a, b < q by the proposed Barrett of Shivdikar et
/// al. (row: q, µ = ⌊2^(2m+1)/q⌋, m = len(q) ≤ 30); valid for a·b + c < 2^(2m) with `c` added
/// to the product first (`xehe_mad_mod`), one correction.
#[inline(always)]
pub fn barrett_mad32(a: u32, b: u32, c: u32, q: u32, mu: u32, m: u32) -> u32 {
    let x = (a as u64 * b as u64).wrapping_add(c as u64);
    let ch = (x >> (m - 2)) as u32;
    let quot = ((ch as u64 * mu as u64) >> (m + 3)) as u32;
    sub_if_ge((x as u32).wrapping_sub(quot.wrapping_mul(q)), q)
}

/// 32-bit `xehe_reduce_wide` before its corrections: x − quot·q for any 64-bit x, with the
/// quotient from three 32-bit products of x and µ' = ⌊(2^64 − 1)/q⌋ = (m1·2^32 + m0); the
/// low×low product and the low halves of the cross products are dropped, so the quotient is
/// at most 3 below ⌊x/q⌋ and the result below 4q.
#[inline(always)]
pub fn reduce_wide_lazy(x: u64, q: u32, m0: u32, m1: u32) -> u32 {
    let (x0, x1) = (x as u32, (x >> 32) as u32);
    let quot = x1
        .wrapping_mul(m1)
        .wrapping_add(mul_hi(x1, m0))
        .wrapping_add(mul_hi(x0, m1));
    x0.wrapping_sub(quot.wrapping_mul(q))
}

/// 32-bit `xehe_reduce_wide`: x mod q for any 64-bit x (q < 2^30, so 4q fits the word).
#[inline(always)]
pub fn reduce_wide(x: u64, q: u32, m0: u32, m1: u32) -> u32 {
    reduce_4q(reduce_wide_lazy(x, q, m0, m1), q, q << 1)
}

/// 32-bit `xehe_reduce_word`: x mod q for any 32-bit x by the proposed Barrett (row: q, µ =
/// ⌊2^(2m+1)/q⌋, m = len(q)); it holds for x < 2^(2m), which every 32-bit x is for q > 2^24.
#[inline(always)]
pub fn barrett_reduce32(x: u32, q: u32, mu: u32, m: u32) -> u32 {
    let quot = (((x >> (m - 2)) as u64 * mu as u64) >> (m + 3)) as u32;
    sub_if_ge(x.wrapping_sub(quot.wrapping_mul(q)), q)
}

/// The per-word section of mod_arith.h: products reduced with the constants of the modulus's
/// row of the `moduli` table (`row`: its [`Word::MODULUS_WORDS`] words), and the sums of
/// products (`xehe_wide` and the `xehe_mac*` functions).
pub trait RowArith: Word {
    /// `xehe_wide`: a sum of products, (low, high) words for u64, one u64 for u32.
    type Acc: Copy + Debug;
    /// `XEHE_MAC_TERMS`: products summed between two folds of an accumulator.
    const MAC_TERMS: usize;
    /// `xehe_mul_mod_row`: a·b mod q for a, b < q.
    fn mul_mod_row(a: Self, b: Self, row: &[Self]) -> Self;
    /// `xehe_mad_mod_row`: a·b + c mod q for a, b, c < q.
    fn mad_mod_row(a: Self, b: Self, c: Self, row: &[Self]) -> Self;
    /// `xehe_mul_mod_any`: a·b mod q for any two words (the fused NTT product takes [0, 4q)).
    fn mul_mod_any(a: Self, b: Self, row: &[Self]) -> Self;
    /// `xehe_reduce_word`: any word x mod q.
    fn reduce_word(x: Self, row: &[Self]) -> Self;
    /// `xehe_mac_init`: the sum a·b.
    fn mac_init(a: Self, b: Self) -> Self::Acc;
    /// `xehe_mac`: acc += a·b.
    fn mac(acc: &mut Self::Acc, a: Self, b: Self);
    /// `xehe_mac_reduce`: the sum mod q.
    fn mac_reduce(acc: &Self::Acc, row: &[Self]) -> Self;
    /// `xehe_mac_fold`: acc = acc mod q.
    fn mac_fold(acc: &mut Self::Acc, row: &[Self]);
}

impl RowArith for u64 {
    #[inline(always)]
    fn mul_mod_row(a: u64, b: u64, row: &[u64]) -> u64 {
        mul_mod(a, b, row[0], row[1], row[2])
    }
    #[inline(always)]
    fn mad_mod_row(a: u64, b: u64, c: u64, row: &[u64]) -> u64 {
        mad_mod(a, b, c, row[0], row[1], row[2])
    }
    #[inline(always)]
    fn mul_mod_any(a: u64, b: u64, row: &[u64]) -> u64 {
        mul_mod(a, b, row[0], row[1], row[2])
    }
    type Acc = (u64, u64);
    // 64 products below 2^122 fit 128 bits, and no 64-bit sum is longer (mod_arith.h): the
    // kernels never fold, and neither does a mirror on a sum they can be given.
    const MAC_TERMS: usize = 64;
    #[inline(always)]
    fn reduce_word(x: u64, row: &[u64]) -> u64 {
        reduce_128(x, 0, row[0], row[1], row[2])
    }
    #[inline(always)]
    fn mac_init(a: u64, b: u64) -> (u64, u64) {
        (a.wrapping_mul(b), mul_hi(a, b))
    }
    #[inline(always)]
    fn mac(acc: &mut (u64, u64), a: u64, b: u64) {
        mac_wide(a, b, &mut acc.0, &mut acc.1)
    }
    #[inline(always)]
    fn mac_reduce(acc: &(u64, u64), row: &[u64]) -> u64 {
        reduce_128(acc.0, acc.1, row[0], row[1], row[2])
    }
    #[inline(always)]
    fn mac_fold(acc: &mut (u64, u64), row: &[u64]) {
        *acc = (Self::mac_reduce(acc, row), 0);
    }
}

impl RowArith for u32 {
    #[inline(always)]
    fn mul_mod_row(a: u32, b: u32, row: &[u32]) -> u32 {
        barrett_mad32(a, b, 0, row[0], row[1], row[2])
    }
    #[inline(always)]
    fn mad_mod_row(a: u32, b: u32, c: u32, row: &[u32]) -> u32 {
        barrett_mad32(a, b, c, row[0], row[1], row[2])
    }
    #[inline(always)]
    fn mul_mod_any(a: u32, b: u32, row: &[u32]) -> u32 {
        reduce_wide(a as u64 * b as u64, row[0], row[3], row[4])
    }
    type Acc = u64;
    const MAC_TERMS: usize = 16;
    #[inline(always)]
    fn reduce_word(x: u32, row: &[u32]) -> u32 {
        barrett_reduce32(x, row[0], row[1], row[2])
    }
    #[inline(always)]
    fn mac_init(a: u32, b: u32) -> u64 {
        a as u64 * b as u64
    }
    #[inline(always)]
    fn mac(acc: &mut u64, a: u32, b: u32) {
        *acc = acc.wrapping_add(a as u64 * b as u64);
    }
    #[inline(always)]
    fn mac_reduce(acc: &u64, row: &[u32]) -> u32 {
        reduce_wide(*acc, row[0], row[3], row[4])
    }
    #[inline(always)]
    fn mac_fold(acc: &mut u64, row: &[u32]) {
        *acc = Self::mac_reduce(acc, row) as u64;
    }
}

/// A word kernel mirrors compute in: its arithmetic ([`RowArith`]) and its place in buffers
/// ([`StoredWord`]).
pub trait DeviceWord: RowArith + StoredWord {}
impl<W: RowArith + StoredWord> DeviceWord for W {}

/// A modulus's row of a device `moduli` table, what a kernel reads as
/// `moduli + c * XEHE_MODULUS_WORDS`, in the word's own layout.
#[derive(Clone, Copy, Debug)]
pub struct Row<W> {
    words: [W; 5],
}

impl<W: DeviceWord> Row<W> {
    /// Row `c` of `moduli`.
    #[inline(always)]
    pub fn load(moduli: Global<'_>, c: usize) -> Self {
        let mut words = [W::default(); 5];
        for (j, w) in words.iter_mut().take(W::MODULUS_WORDS).enumerate() {
            *w = moduli.load_as::<W>(c * W::MODULUS_WORDS + j);
        }
        Row { words }
    }
    /// The modulus q (`row[0]`).
    #[inline(always)]
    pub fn q(&self) -> W {
        self.words[0]
    }
    /// The row's [`Word::MODULUS_WORDS`] words, as the `RowArith` functions take them.
    #[inline(always)]
    pub fn words(&self) -> &[W] {
        &self.words[..W::MODULUS_WORDS]
    }
}
