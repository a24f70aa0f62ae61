//! Rust mirrors of kernels-cl/uniform.cl: SEAL's uniform polynomial (BLAKE2Xb stream, rejection
//! in SEAL's order) drawn on the device. The host draws the same words through
//! [`crate::ckks::prng`] (the blake2b_simd crate); tests/kernel_registry.rs holds the two
//! together.

use super::encode::reduce_u64;
use super::mod_arith::{DeviceWord, Row};
use crate::exec::{kernel_args, word_kernel, Global, KernelModule, SimArgs, SimKernel, WorkGroup};
use std::marker::PhantomData;

pub static MODULE: KernelModule = KernelModule {
    name: "uniform",
    source: include_str!("../../kernels-cl/uniform.cl"),
    spirv: include_bytes!("../../spirv-kernels/uniform.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
    word_bits: 64,
    kernels: &[&UNIFORM_SAMPLE.w64.spec, &UNIFORM_FIXUP.w64.spec],
};

/// The 32-bit build of the same source (`XEHE_WORD_BITS=32`): the same 64-bit draws, stored as
/// 32-bit residues.
pub static MODULE_W32: KernelModule = KernelModule {
    name: "uniform_w32",
    source: include_str!("../../kernels-cl/uniform.cl"),
    spirv: include_bytes!("../../spirv-kernels/uniform_w32.spv"),
    prelude: "#define XEHE_WORD_BITS 32\n",
    shuffle_size: None,
    fp64: false,
    word_bits: 32,
    kernels: &[&UNIFORM_SAMPLE.w32.spec, &UNIFORM_FIXUP.w32.spec],
};

/// Words of the stream in a block (one work-group of `uniform_sample`).
pub const BLOCK_WORDS: usize = 512;
/// Work-items of `uniform_sample`'s work-groups: one per 64-byte node of a block.
pub const NODES: usize = 64;
/// Local 64-bit words of `uniform_sample`: the root and one count per node (twice as many
/// words in the 32-bit build, whose local sizes count 32-bit words).
pub const SAMPLE_LOCAL_WORDS: usize = 8 + NODES;

kernel_args! {
    /// `uniform_sample(a, moduli, counts, s0 … s7, n, buf)`: ND-range (n·rns / 8), local 64,
    /// `buf` of [`SAMPLE_LOCAL_WORDS`].
    pub struct SampleArgs {
        a: Out, moduli: In, counts: Out, s0: U64, s1: U64, s2: U64, s3: U64, s4: U64, s5: U64,
        s6: U64, s7: U64, n: U32, buf: Local,
    }
}
kernel_args! {
    /// `uniform_fixup(a, moduli, counts, s0 … s7, n, rns_count, buf)`: one work-group, `buf`
    /// one word per work-item.
    pub struct FixupArgs {
        a: Out, moduli: In, counts: Out, s0: U64, s1: U64, s2: U64, s3: U64, s4: U64, s5: U64,
        s6: U64, s7: U64, n: U32, rns_count: U32, buf: Local,
    }
}
word_kernel! {
    pub static UNIFORM_SAMPLE: SampleArgs = "uniform_sample" in MODULE | MODULE_W32,
        mirror UniformSample;
    pub static UNIFORM_FIXUP: FixupArgs = "uniform_fixup" in MODULE | MODULE_W32,
        mirror UniformFixup;
}

const IV: [u64; 8] = [
    0x6a09_e667_f3bc_c908,
    0xbb67_ae85_84ca_a73b,
    0x3c6e_f372_fe94_f82b,
    0xa54f_f53a_5f1d_36f1,
    0x510e_527f_ade6_82d1,
    0x9b05_688c_2b3e_6c1f,
    0x1f83_d9ab_fb41_bd6b,
    0x5be0_cd19_137e_2179,
];

const SIGMA: [[usize; 16]; 12] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
    [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
    [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
    [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
    [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
    [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
    [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
    [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
    [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
];

/// `XEHE_BLAKE2B_G`.
fn g(v: &mut [u64; 16], [a, b, c, d]: [usize; 4], x: u64, y: u64) {
    v[a] = v[a].wrapping_add(v[b]).wrapping_add(x);
    v[d] = (v[d] ^ v[a]).rotate_left(32);
    v[c] = v[c].wrapping_add(v[d]);
    v[b] = (v[b] ^ v[c]).rotate_left(40);
    v[a] = v[a].wrapping_add(v[b]).wrapping_add(y);
    v[d] = (v[d] ^ v[a]).rotate_left(48);
    v[c] = v[c].wrapping_add(v[d]);
    v[b] = (v[b] ^ v[c]).rotate_left(1);
}

/// `xehe_blake2b_compress`.
fn compress(h: &mut [u64; 8], m: &[u64; 16], t: u64, last: bool) {
    let mut v = [0u64; 16];
    v[..8].copy_from_slice(h);
    v[8..].copy_from_slice(&IV);
    v[12] ^= t;
    if last {
        v[14] = !v[14];
    }
    for s in SIGMA {
        g(&mut v, [0, 4, 8, 12], m[s[0]], m[s[1]]);
        g(&mut v, [1, 5, 9, 13], m[s[2]], m[s[3]]);
        g(&mut v, [2, 6, 10, 14], m[s[4]], m[s[5]]);
        g(&mut v, [3, 7, 11, 15], m[s[6]], m[s[7]]);
        g(&mut v, [0, 5, 10, 15], m[s[8]], m[s[9]]);
        g(&mut v, [1, 6, 11, 12], m[s[10]], m[s[11]]);
        g(&mut v, [2, 7, 8, 13], m[s[12]], m[s[13]]);
        g(&mut v, [3, 4, 9, 14], m[s[14]], m[s[15]]);
    }
    for i in 0..8 {
        h[i] ^= v[i] ^ v[i + 8];
    }
}

const BLOCK_BYTES: u64 = 4096;
const NODE_BYTES: u64 = 64;

/// `xehe_blake2xb_root`: the root of block `b` under `seed`.
pub fn root(seed: &[u64; 8], b: u64) -> [u64; 8] {
    let mut h = IV;
    h[0] ^= 64 | (64 << 8) | (1 << 16) | (1 << 24);
    h[1] ^= BLOCK_BYTES << 32;
    let mut m = [0u64; 16];
    m[..8].copy_from_slice(seed);
    compress(&mut h, &m, 128, false);
    m = [0; 16];
    m[0] = b;
    compress(&mut h, &m, 136, true);
    h
}

/// `xehe_blake2xb_node`: node `j` of a block from its root (eight words of the stream).
pub fn node(root: &[u64; 8], j: u64) -> [u64; 8] {
    let mut h = IV;
    h[0] ^= 64 | (NODE_BYTES << 32);
    h[1] ^= (BLOCK_BYTES << 32) | j;
    h[2] ^= NODE_BYTES << 8;
    let mut m = [0u64; 16];
    m[..8].copy_from_slice(root);
    compress(&mut h, &m, NODE_BYTES, true);
    h
}

/// `xehe_uniform_bound`: words at or above it are redrawn (SEAL's `max_multiple`).
fn bound<W: DeviceWord>(row: &[W]) -> u64 {
    (!0u64) - reduce_u64(!0, row).to_u64() - 1
}

/// `XEHE_REJECTED`: a rejected word's mark until the redraw.
fn rejected<W: DeviceWord>() -> W {
    W::from_u64(u64::MAX >> (64 - W::BITS))
}

pub struct UniformSample<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for UniformSample<W> {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        SampleArgs::view(args).buf
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = SampleArgs::view(args);
        let seed = [a.s0, a.s1, a.s2, a.s3, a.s4, a.s5, a.s6, a.s7];
        let n = a.n as usize;
        wg.phase(|it, local, _| {
            if it.local_id[0] == 0 {
                local[..8].copy_from_slice(&root(&seed, it.group_id[0] as u64));
            }
        });
        wg.phase(|it, local, _| {
            let (j, b) = (it.local_id[0], it.group_id[0]);
            let r: [u64; 8] = local[..8].try_into().expect("eight words");
            let words = node(&r, j as u64);
            let first = b * BLOCK_WORDS + j * 8;
            let m = Row::<W>::load(a.moduli, first / n);
            let limit = bound(m.words());
            let mut count = 0;
            for (k, &w) in words.iter().enumerate() {
                let v = if w < limit {
                    reduce_u64(w, m.words())
                } else {
                    count += 1;
                    rejected()
                };
                a.a.store_as::<W>(first + k, v);
            }
            local[8 + j] = count;
        });
        wg.phase(|it, local, _| {
            if it.local_id[0] == 0 {
                let total: u64 = local[8..8 + NODES].iter().sum();
                a.counts.store_as(it.group_id[0], W::from_u64(total));
            }
        });
    }
}

pub struct UniformFixup<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for UniformFixup<W> {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        FixupArgs::view(args).buf
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = FixupArgs::view(args);
        let seed = [a.s0, a.s1, a.s2, a.s3, a.s4, a.s5, a.s6, a.s7];
        let (n, rns) = (a.n as usize, a.rns_count as usize);
        let blocks = n * rns / BLOCK_WORDS;
        let size = wg.size();
        let share = blocks.div_ceil(size);
        wg.phase(|it, local, _| {
            let lid = it.local_id[0];
            let mut found = 0;
            for b in (lid * share..(lid + 1) * share).take_while(|&b| b < blocks) {
                found += u64::from(a.counts.load_as::<W>(b).to_u64() != 0);
            }
            local[lid] = found;
        });
        wg.phase(|it, local, _| {
            if it.local_id[0] == 0 {
                fix_in_order::<W>(&a, &seed, n, rns, share, &local[..size]);
            }
        });
    }
}

/// Work-item 0 of `uniform_fixup`: the rejected words in order, from the stream past n·rns.
fn fix_in_order<W: DeviceWord>(
    a: &FixupArgs<'_, crate::exec::Mirror>,
    seed: &[u64; 8],
    n: usize,
    rns: usize,
    share: usize,
    found: &[u64],
) {
    let (words, counts): (Global<'_>, Global<'_>) = (a.a, a.counts);
    let blocks = n * rns / BLOCK_WORDS;
    let mut next = (n * rns) as u64;
    let (mut root_block, mut node_index) = (u64::MAX, u64::MAX);
    let (mut r, mut nd) = ([0u64; 8], [0u64; 8]);
    for (t, &f) in found.iter().enumerate() {
        if f == 0 {
            continue;
        }
        for b in (t * share..(t + 1) * share).take_while(|&b| b < blocks) {
            if counts.load_as::<W>(b).to_u64() == 0 {
                continue;
            }
            counts.store_as(b, W::from_u64(0));
            for w in b * BLOCK_WORDS..(b + 1) * BLOCK_WORDS {
                let m = Row::<W>::load(a.moduli, w / n);
                if words.load_as::<W>(w) < m.q() {
                    continue;
                }
                let limit = bound(m.words());
                let mut x = limit;
                while x >= limit {
                    let at = next / 8;
                    if at != node_index {
                        let blk = at / (BLOCK_WORDS as u64 / 8);
                        if blk != root_block {
                            r = root(seed, blk);
                            root_block = blk;
                        }
                        nd = node(&r, at % (BLOCK_WORDS as u64 / 8));
                        node_index = at;
                    }
                    // A select, as the kernel does (see uniform.cl).
                    for (k, &w) in nd.iter().enumerate() {
                        if k as u64 == next % 8 {
                            x = w;
                        }
                    }
                    next += 1;
                }
                words.store_as(w, reduce_u64(x, m.words()));
            }
        }
    }
}
