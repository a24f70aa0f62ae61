//! Machine words the Barrett family runs on, with their double-width products.

use std::fmt::Debug;

/// A word (u32 or u64) and its double-width type (u64 or u128).
pub trait Word: Copy + Ord + Debug {
    type Wide: Copy + Ord + Debug;
    const BITS: u32;
    fn from_u64(v: u64) -> Self;
    /// Truncates a double word (callers guarantee the value fits).
    fn narrow(v: Self::Wide) -> Self;
    fn from_u128(v: u128) -> Self;
    fn to_u64(self) -> u64;
    fn mul_wide(a: Self, b: Self) -> Self::Wide;
    fn shr(v: Self::Wide, s: u32) -> Self::Wide;
    fn wide_sub(a: Self::Wide, b: Self::Wide) -> Self::Wide;
    fn wide_bits(v: Self::Wide) -> u32;
    fn wide_to_u128(v: Self::Wide) -> u128;
    fn wrapping_sub_word(self, b: Self) -> Self;
}

macro_rules! impl_word {
    ($w:ty, $wide:ty) => {
        impl Word for $w {
            type Wide = $wide;
            const BITS: u32 = <$w>::BITS;
            #[inline(always)]
            fn from_u64(v: u64) -> Self {
                v as $w
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
            fn to_u64(self) -> u64 {
                self as u64
            }
            #[inline(always)]
            fn mul_wide(a: Self, b: Self) -> $wide {
                a as $wide * b as $wide
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
            #[inline(always)]
            fn wrapping_sub_word(self, b: Self) -> Self {
                self.wrapping_sub(b)
            }
        }
    };
}

impl_word!(u32, u64);
impl_word!(u64, u128);
