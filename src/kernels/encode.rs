//! Rust mirrors of kernels-cl/encode.cl: SEAL's inverse canonical embedding on the device, the
//! rounding and the exact residues. The floating-point operations are the host encoder's, one
//! for one (Rust never fuses a multiply and an add), so the words agree. The transform's
//! kernels hold no residue and are built once (in the 64-bit module); `encode_finish` is built
//! for both words.

use super::mod_arith::{add_mod, neg_mod, reduce_128, reduce_wide, DeviceWord, Row};
use super::ntt_core::items;
use crate::exec::{
    kernel, kernel_args, word_kernel, Global, KernelModule, SimArgs, SimKernel, WordSize, WorkGroup,
};
use std::marker::PhantomData;

pub static MODULE: KernelModule = KernelModule {
    name: "encode",
    source: include_str!("../../kernels-cl/encode.cl"),
    spirv: include_bytes!("../../spirv-kernels/encode.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: true,
    word_bits: 64,
    kernels: &[
        &ENCODE_FFT_LOCAL.spec,
        &ENCODE_FFT_STAGE.spec,
        &ENCODE_FINISH.w64.spec,
    ],
};

/// The 32-bit build of the same source (`XEHE_WORD_BITS=32`): `encode_finish` alone.
pub static MODULE_W32: KernelModule = KernelModule {
    name: "encode_w32",
    source: include_str!("../../kernels-cl/encode.cl"),
    spirv: include_bytes!("../../spirv-kernels/encode_w32.spv"),
    prelude: "#define XEHE_WORD_BITS 32\n",
    shuffle_size: None,
    fp64: true,
    word_bits: 32,
    kernels: &[&ENCODE_FINISH.w32.spec],
};

kernel_args! {
    /// `encode_fft_local(values, table, a, n, count, stages, buf)`: the first `stages` stages in
    /// blocks of 2^stages positions, one work-group per block; dimension 1 is the batch.
    pub struct FftLocalArgs {
        values: In, table: In, a: Out, n: U32, count: U32, stages: U32, buf: Local,
    }
}
kernel_args! {
    /// `encode_fft_stage(a, table, n, s)`: stage s, ND-range (n/2, batch).
    pub struct FftStageArgs { a: Out, table: In, n: U32, s: U32 }
}
kernel_args! {
    /// `encode_finish(a, table, out, moduli, n, rns_count, scalar, values, count)`: ND-range
    /// (n/2, batch); `a` and the `count` slots of `values` are zeroed. `a`, `table` and
    /// `values` hold 64-bit words (doubles) in both builds.
    pub struct FinishArgs {
        a: Out, table: In, out: Out, moduli: In, n: U32, rns_count: U32, scalar: U64,
        values: Out, count: U32,
    }
}
kernel! {
    pub static ENCODE_FFT_LOCAL: FftLocalArgs = "encode_fft_local" in MODULE, mirror FftLocal;
    pub static ENCODE_FFT_STAGE: FftStageArgs = "encode_fft_stage" in MODULE, mirror FftStage;
}
word_kernel! {
    pub static ENCODE_FINISH: FinishArgs = "encode_finish" in MODULE | MODULE_W32, mirror Finish;
}

/// A complex value as (re, im).
pub(crate) type C = (f64, f64);

/// The complex product without fused multiply-adds (`xehe_cmul`).
pub(crate) fn cmul(a: C, b: C) -> C {
    (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
}

/// Position i of a buffer of (re, im) bits (`xehe_load_c`).
pub(crate) fn load_c(p: Global<'_>, i: usize) -> C {
    (
        f64::from_bits(p.load(2 * i)),
        f64::from_bits(p.load(2 * i + 1)),
    )
}

/// The butterfly of stage `s` at index `t`: positions (x, x + gap) and the root's index.
fn butterfly_at(n: usize, s: u32, t: usize, offset: usize) -> (usize, usize, usize) {
    let gap = 1usize << s;
    let g = t >> s;
    let x = (g << (s + 1)) + (t & (gap - 1));
    let base = n - 2 * (n >> (s + 1));
    (x, gap, base + (offset >> (s + 1)) + g + 1)
}

/// (u + v, (u − v)·r): the host encoder's butterfly.
fn butterfly(u: C, v: C, r: C) -> (C, C) {
    ((u.0 + v.0, u.1 + v.1), cmul((u.0 - v.0, u.1 - v.1), r))
}

/// Any 64-bit x mod q, in the word of `row` (`xehe_enc_reduce_u64`).
pub(crate) fn reduce_u64<W: DeviceWord>(x: u64, row: &[W]) -> W {
    let r = match W::SIZE {
        WordSize::W64 => reduce_128(x, 0, row[0].to_u64(), row[1].to_u64(), row[2].to_u64()),
        WordSize::W32 => u64::from(reduce_wide(
            x,
            row[0].to_u64() as u32,
            row[3].to_u64() as u32,
            row[4].to_u64() as u32,
        )),
    };
    W::from_u64(r)
}

/// The exact residue modulo q = `row[0]` of an integral double (`xehe_f64_residue`).
pub fn f64_residue<W: DeviceWord>(c: f64, row: &[W]) -> W {
    let q = row[0];
    let mag = c.abs();
    let r = if mag < 18_446_744_073_709_551_616.0 {
        reduce_u64(mag as u64, row)
    } else {
        let bits = mag.to_bits();
        let e = ((bits >> 52) & 0x7ff) as i32 - 1075;
        let mut r = reduce_u64((bits & 0xF_FFFF_FFFF_FFFF) | (1 << 52), row);
        for _ in 0..e {
            r = add_mod(r, r, q);
        }
        r
    };
    if c.is_sign_negative() {
        neg_mod(r, q)
    } else {
        r
    }
}

pub struct FftLocal;
impl SimKernel for FftLocal {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        FftLocalArgs::view(args).buf
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = FftLocalArgs::view(args);
        let (values, table, out) = (a.values, a.table, a.a);
        let (n, count, stages) = (a.n as usize, a.count as u64, a.stages);
        let block = 1usize << stages;
        wg.phase(|it, local, _| {
            let first = it.group_id[0] * block;
            let values = values.at(it.global_id[1] * 2 * count as usize);
            for e in items(it, block as u32) {
                let e = e as usize;
                let g = table.load(2 * n + first + e);
                let slot = g >> 1;
                let mut z = if slot < count {
                    load_c(values, slot as usize)
                } else {
                    (0.0, 0.0)
                };
                if g & 1 == 1 && slot < count {
                    z.1 = -z.1;
                }
                local[e] = z.0.to_bits();
                local[block + e] = z.1.to_bits();
            }
        });
        for s in 0..stages {
            // barrier(CLK_LOCAL_MEM_FENCE)
            wg.phase(|it, local, _| {
                let first = it.group_id[0] * block;
                for t in items(it, (block / 2) as u32) {
                    let (x, gap, ri) = butterfly_at(n, s, t as usize, first);
                    let get =
                        |i: usize| (f64::from_bits(local[i]), f64::from_bits(local[block + i]));
                    let (u, w) = butterfly(get(x), get(x + gap), load_c(table, ri));
                    local[x] = u.0.to_bits();
                    local[block + x] = u.1.to_bits();
                    local[x + gap] = w.0.to_bits();
                    local[block + x + gap] = w.1.to_bits();
                }
            });
        }
        // barrier(CLK_LOCAL_MEM_FENCE)
        wg.phase(|it, local, _| {
            let first = it.group_id[0] * block;
            let out = out.at(it.global_id[1] * 2 * n);
            for e in items(it, block as u32) {
                let e = e as usize;
                out.store(2 * (first + e), local[e]);
                out.store(2 * (first + e) + 1, local[block + e]);
            }
        });
    }
}

pub struct FftStage;
impl SimKernel for FftStage {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = FftStageArgs::view(args);
        let (buf, table, n, s) = (a.a, a.table, a.n as usize, a.s);
        wg.phase(|it, _, _| {
            let buf = buf.at(it.global_id[1] * 2 * n);
            let (x, gap, ri) = butterfly_at(n, s, it.global_id[0], 0);
            let (u, w) = butterfly(load_c(buf, x), load_c(buf, x + gap), load_c(table, ri));
            buf.store(2 * x, u.0.to_bits());
            buf.store(2 * x + 1, u.1.to_bits());
            buf.store(2 * (x + gap), w.0.to_bits());
            buf.store(2 * (x + gap) + 1, w.1.to_bits());
        });
    }
}

pub struct Finish<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for Finish<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = FinishArgs::view(args);
        let (buf, table, out, moduli) = (a.a, a.table, a.out, a.moduli);
        let (n, s) = (a.n as usize, f64::from_bits(a.scalar));
        let (values, count) = (a.values, a.count as usize);
        let rns = a.rns_count as usize;
        wg.phase(|it, _, _| {
            let (x, b) = (it.global_id[0], it.global_id[1]);
            let buf = buf.at(b * 2 * n);
            // `out` counted in the module's words (`at` counts 64-bit ones).
            let first = b * rns * n;
            let values = values.at(b * 2 * count);
            if x < count {
                values.store(2 * x, 0);
                values.store(2 * x + 1, 0);
            }
            let half = n / 2;
            let r = load_c(table, n - 1);
            let sr = (r.0 * s, r.1 * s);
            let (u, v) = (load_c(buf, x), load_c(buf, x + half));
            let c0 = (u.0 + v.0) * s;
            let d = (u.0 - v.0, u.1 - v.1);
            let c1 = d.0 * sr.0 - d.1 * sr.1;
            for w in [2 * x, 2 * x + 1, 2 * (x + half), 2 * (x + half) + 1] {
                buf.store(w, 0);
            }
            let (c0, c1) = (c0.round(), c1.round());
            for c in 0..rns {
                let m = Row::<W>::load(moduli, c);
                out.store_as(first + c * n + x, f64_residue(c0, m.words()));
                out.store_as(first + c * n + x + half, f64_residue(c1, m.words()));
            }
        });
    }
}
