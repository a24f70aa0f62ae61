//! The word a kernel module computes in, as the execution model sees it: 64-bit (`ulong`, the
//! default) or 32-bit (`uint`, modules built with `XEHE_WORD_BITS=32`). Buffers stay arrays of
//! 64-bit words on the host side of a backend; a 32-bit word i is the low (i even) or high (i
//! odd) half of 64-bit word i / 2, which is its place in the buffer's bytes on a little-endian
//! device.

use crate::exec::workgroup::Global;
use std::fmt::Debug;

/// The word size a module is built for, to pick one of the two builds of a kernel at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum WordSize {
    W32,
    #[default]
    W64,
}

impl WordSize {
    pub const fn bits(self) -> u32 {
        match self {
            WordSize::W32 => 32,
            WordSize::W64 => 64,
        }
    }
    pub const fn bytes(self) -> usize {
        self.bits() as usize / 8
    }
    /// 64-bit buffer words that hold `count` words of this size.
    pub const fn storage_words(self, count: usize) -> usize {
        match self {
            WordSize::W32 => count.div_ceil(2),
            WordSize::W64 => count,
        }
    }
}

/// A word kernels load from and store to buffers (u32 or u64).
pub trait StoredWord: Copy + Debug + Default + Send + Sync + 'static {
    const SIZE: WordSize;
    /// Word `i` of `g` counted in this word size.
    fn load(g: &Global<'_>, i: usize) -> Self;
    fn store(g: &Global<'_>, i: usize, v: Self);
    /// The word in a simulator slot (local and private memory hold one word per u64 slot).
    fn to_slot(self) -> u64;
    fn from_slot(v: u64) -> Self;
}

impl StoredWord for u64 {
    const SIZE: WordSize = WordSize::W64;
    #[inline(always)]
    fn load(g: &Global<'_>, i: usize) -> u64 {
        g.load(i)
    }
    #[inline(always)]
    fn store(g: &Global<'_>, i: usize, v: u64) {
        g.store(i, v)
    }
    #[inline(always)]
    fn to_slot(self) -> u64 {
        self
    }
    #[inline(always)]
    fn from_slot(v: u64) -> u64 {
        v
    }
}

impl StoredWord for u32 {
    const SIZE: WordSize = WordSize::W32;
    #[inline(always)]
    fn load(g: &Global<'_>, i: usize) -> u32 {
        (g.load(i / 2) >> (32 * (i & 1))) as u32
    }
    #[inline(always)]
    fn store(g: &Global<'_>, i: usize, v: u32) {
        g.store_half(i / 2, i & 1 == 1, v)
    }
    #[inline(always)]
    fn to_slot(self) -> u64 {
        self as u64
    }
    #[inline(always)]
    fn from_slot(v: u64) -> u32 {
        v as u32
    }
}

/// Packs 32-bit words into the 64-bit words of a buffer (word 2k low, 2k + 1 high); an odd
/// count leaves the last high half 0.
pub fn pack_u32(words: &[u32]) -> Vec<u64> {
    words
        .chunks(2)
        .map(|c| c[0] as u64 | (c.get(1).copied().unwrap_or(0) as u64) << 32)
        .collect()
}

/// The 32-bit words of 64-bit buffer words, `count` of them.
pub fn unpack_u32(words: &[u64], count: usize) -> Vec<u32> {
    words
        .iter()
        .flat_map(|&w| [w as u32, (w >> 32) as u32])
        .take(count)
        .collect()
}
