//! The machine words residues are stored and computed in: u64 (SEAL's tier, moduli below 2^61)
//! and u32 (the 32-bit tier, moduli in (2^24, 2^30)), with the double-width type of their
//! products. Host arithmetic stays in u64 for both tiers; this trait says what a device word
//! needs: its products, its moduli rows and its Shoup quotients.
//!
//! ```
//! use xehe::arith::{Modulus, Word};
//! let q = Modulus::new(998_244_353)?; // 30 bits
//! assert_eq!(<u32 as Word>::modulus_row(&q).len(), <u32 as Word>::MODULUS_WORDS);
//! // Shoup's quotient of w = 3 for 32-bit words is floor(3 · 2^32 / q).
//! assert_eq!(<u32 as Word>::shoup(3, &q), ((3u128 << 32) / 998_244_353) as u32);
//! assert_eq!(<u32 as Word>::split(0x1_0000_0002), (2, 1));
//! # Ok::<(), xehe::MathError>(())
//! ```

use super::Modulus;
use std::fmt::Debug;
use std::hash::Hash;

/// A word (u32 or u64) and its double-width type (u64 or u128).
pub trait Word: Copy + Ord + Eq + Hash + Debug + Default + Send + Sync + 'static {
    /// Products of two words and sums of up to [`Self::MAX_MAC_TERMS`] of them.
    type Wide: Copy + Ord + Debug;
    /// 32 or 64.
    const BITS: u32;
    /// The widest modulus the tier takes: 4q and q² + q stay inside a word and a double word.
    const MAX_MODULUS_BITS: u32;
    /// Words per modulus in a device `moduli` table (`XEHE_MODULUS_WORDS`).
    const MODULUS_WORDS: usize;
    /// Products of two residues one double-word accumulator holds without a reduction.
    const MAX_MAC_TERMS: usize;
    /// Truncates (callers guarantee the value fits where that matters).
    fn from_u64(v: u64) -> Self;
    fn to_u64(self) -> u64;
    /// Truncates a double word (callers guarantee the value fits).
    fn narrow(v: Self::Wide) -> Self;
    fn from_u128(v: u128) -> Self;
    fn wrapping_add(self, b: Self) -> Self;
    fn wrapping_sub(self, b: Self) -> Self;
    fn wrapping_mul(self, b: Self) -> Self;
    /// The high word of the product (OpenCL's `mul_hi`).
    fn mul_hi(a: Self, b: Self) -> Self;
    fn mul_wide(a: Self, b: Self) -> Self::Wide;
    /// (low word, high word).
    fn split(w: Self::Wide) -> (Self, Self);
    fn shr(v: Self::Wide, s: u32) -> Self::Wide;
    fn wide_sub(a: Self::Wide, b: Self::Wide) -> Self::Wide;
    fn wide_bits(v: Self::Wide) -> u32;
    fn wide_to_u128(v: Self::Wide) -> u128;
    /// The device row of `q`: u64 `[q, ⌊2^128/q⌋ low, high]`; u32 `[q, µ = ⌊2^(2m+1)/q⌋, m,
    /// ⌊2^64/q⌋ low, high]` with m = len(q) (the proposed Barrett's constant and the wide
    /// reduction's). Callers check that q fits the tier ([`Self::MAX_MODULUS_BITS`]).
    fn modulus_row(q: &Modulus) -> Vec<Self>;
    /// Shoup's quotient ⌊w · 2^BITS / q⌋ of an operand w < q.
    fn shoup(w: u64, q: &Modulus) -> Self;
}

macro_rules! impl_word {
    ($w:ty, $wide:ty) => {
        #[inline(always)]
        fn from_u64(v: u64) -> Self {
            v as $w
        }
        #[inline(always)]
        fn to_u64(self) -> u64 {
            self as u64
        }
        #[inline(always)]
        fn narrow(v: $wide) -> Self {
            v as $w
        }
        #[inline(always)]
        fn from_u128(v: u128) -> Self {
            v as $w
        }
        #[inline(always)]
        fn wrapping_add(self, b: Self) -> Self {
            <$w>::wrapping_add(self, b)
        }
        #[inline(always)]
        fn wrapping_sub(self, b: Self) -> Self {
            <$w>::wrapping_sub(self, b)
        }
        #[inline(always)]
        fn wrapping_mul(self, b: Self) -> Self {
            <$w>::wrapping_mul(self, b)
        }
        #[inline(always)]
        fn mul_hi(a: Self, b: Self) -> Self {
            ((a as $wide * b as $wide) >> <$w>::BITS) as $w
        }
        #[inline(always)]
        fn mul_wide(a: Self, b: Self) -> $wide {
            a as $wide * b as $wide
        }
        #[inline(always)]
        fn split(w: $wide) -> (Self, Self) {
            (w as $w, (w >> <$w>::BITS) as $w)
        }
        #[inline(always)]
        fn shr(v: $wide, s: u32) -> $wide {
            v >> s
        }
        #[inline(always)]
        fn wide_sub(a: $wide, b: $wide) -> $wide {
            a - b
        }
        #[inline(always)]
        fn wide_bits(v: $wide) -> u32 {
            <$wide>::BITS - v.leading_zeros()
        }
        #[inline(always)]
        fn wide_to_u128(v: $wide) -> u128 {
            v as u128
        }
        fn shoup(w: u64, q: &Modulus) -> Self {
            debug_assert!(w < q.value(), "Shoup operand must be reduced");
            (((w as u128) << <$w>::BITS) / q.value() as u128) as $w
        }
    };
}

impl Word for u32 {
    type Wide = u64;
    const BITS: u32 = 32;
    const MAX_MODULUS_BITS: u32 = 30;
    const MODULUS_WORDS: usize = 5;
    const MAX_MAC_TERMS: usize = 16;
    impl_word!(u32, u64);
    fn modulus_row(q: &Modulus) -> Vec<u32> {
        let (v, m) = (q.value(), q.bit_count());
        let mu = (1u128 << (2 * m + 1)) / v as u128;
        // (2^64 - 1) / q, as the 64-bit row takes (2^128 - 1) / q: the same for every odd q.
        let wide = u64::MAX / v;
        vec![v as u32, mu as u32, m, wide as u32, (wide >> 32) as u32]
    }
}

impl Word for u64 {
    type Wide = u128;
    const BITS: u32 = 64;
    const MAX_MODULUS_BITS: u32 = super::MAX_MODULUS_BITS;
    const MODULUS_WORDS: usize = 3;
    const MAX_MAC_TERMS: usize = 64;
    impl_word!(u64, u128);
    fn modulus_row(q: &Modulus) -> Vec<u64> {
        let [r0, r1] = q.const_ratio();
        vec![q.value(), r0, r1]
    }
}
