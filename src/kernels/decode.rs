//! Rust mirrors of kernels-cl/decode.cl: the exact CRT composition, SEAL's sum in doubles and
//! its forward transform on the device. The floating-point operations are the host decoder's,
//! one for one (Rust never fuses a multiply and an add), so the slots agree bit for bit.

use super::encode::{cmul, load_c, C};
use super::mod_arith::{DeviceWord, Row};
use super::ntt_core::items;
use crate::exec::{
    kernel, kernel_args, word_kernel, Global, KernelModule, SimArgs, SimKernel, WorkGroup,
};
use std::cmp::Ordering;
use std::marker::PhantomData;

pub static MODULE: KernelModule = KernelModule {
    name: "decode",
    source: include_str!("../../kernels-cl/decode.cl"),
    spirv: include_bytes!("../../spirv-kernels/decode.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: true,
    word_bits: 64,
    kernels: &[
        &DECODE_COMPOSE.w64.spec,
        &DECODE_FFT_STAGE.spec,
        &DECODE_FFT_LOCAL.spec,
    ],
};

/// The 32-bit build of the same source (`XEHE_WORD_BITS=32`): `decode_compose` alone.
pub static MODULE_W32: KernelModule = KernelModule {
    name: "decode_w32",
    source: include_str!("../../kernels-cl/decode.cl"),
    spirv: include_bytes!("../../spirv-kernels/decode_w32.spv"),
    prelude: "#define XEHE_WORD_BITS 32\n",
    shuffle_size: None,
    fp64: true,
    word_bits: 32,
    kernels: &[&DECODE_COMPOSE.w32.spec],
};

kernel_args! {
    /// `decode_compose(src, crt, moduli, x, a, n, rns_count, words, inv_scale)`: ND-range
    /// (n, batch);
    /// `src` and `x` are zeroed. `crt`, `x` and `a` hold 64-bit words in both builds.
    pub struct ComposeArgs {
        src: Out, crt: In, moduli: In, x: Out, a: Out, n: U32, rns_count: U32, words: U32,
        inv_scale: U64,
    }
}
kernel_args! {
    /// `decode_fft_stage(a, table, n, s)`: the stage of gap 2^s, ND-range (n/2, batch).
    pub struct FftStageArgs { a: Out, table: In, n: U32, s: U32 }
}
kernel_args! {
    /// `decode_fft_local(a, table, out, n, stages, buf)`: the last `stages` stages in blocks of
    /// 2^stages positions, one work-group per block, dimension 1 the batch; `a` is zeroed.
    pub struct FftLocalArgs { a: Out, table: In, out: Out, n: U32, stages: U32, buf: Local }
}
kernel! {
    pub static DECODE_FFT_STAGE: FftStageArgs = "decode_fft_stage" in MODULE, mirror FftStage;
    pub static DECODE_FFT_LOCAL: FftLocalArgs = "decode_fft_local" in MODULE, mirror FftLocal;
}
word_kernel! {
    pub static DECODE_COMPOSE: ComposeArgs = "decode_compose" in MODULE | MODULE_W32,
        mirror Compose;
}

/// (u + v·r, u − v·r): the host decoder's butterfly.
fn butterfly(u: C, w: C, r: C) -> (C, C) {
    let v = cmul(w, r);
    ((u.0 + v.0, u.1 + v.1), (u.0 - v.0, u.1 - v.1))
}

/// Compares the `w`-word number at `x` (stride n from word `at`) with `y`, top word first.
fn cmp_words(x: Global<'_>, at: usize, n: usize, y: Global<'_>, y0: usize, w: usize) -> Ordering {
    for j in (0..w).rev() {
        let (a, b) = (x.load(j * n + at), y.load(y0 + j));
        if a != b {
            return a.cmp(&b);
        }
    }
    Ordering::Equal
}

pub struct Compose<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for Compose<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = ComposeArgs::view(args);
        let (n, l, w) = (a.n as usize, a.rns_count as usize, a.words as usize);
        let (src, crt, x) = (a.src, a.crt, a.x);
        let (punctured, product, half) = (l, l + l * w, l + l * w + w);
        wg.phase(|it, _, _| {
            let (i, b) = (it.global_id[0], it.global_id[1]);
            // `src` counted in the module's words (`at` counts 64-bit ones).
            let first = b * l * n;
            let (x, out) = (x.at(b * w * n), a.a.at(b * 2 * n));
            for j in 0..w {
                x.store(j * n + i, 0);
            }
            for k in 0..l {
                let m = Row::<W>::load(a.moduli, k);
                let r = src.load_as::<W>(first + k * n + i);
                src.store_as(first + k * n + i, W::from_u64(0));
                let y = W::mul_mod_row(r, W::from_u64(crt.load(k)), m.words()).to_u64();
                let mut carry = 0u64;
                for j in 0..w {
                    let t = u128::from(crt.load(punctured + k * w + j)) * u128::from(y)
                        + u128::from(x.load(j * n + i))
                        + u128::from(carry);
                    x.store(j * n + i, t as u64);
                    carry = (t >> 64) as u64;
                }
                if cmp_words(x, i, n, crt, product, w) != Ordering::Less {
                    let mut borrow = false;
                    for j in 0..w {
                        let (d1, b1) = x.load(j * n + i).overflowing_sub(crt.load(product + j));
                        let (d2, b2) = d1.overflowing_sub(u64::from(borrow));
                        x.store(j * n + i, d2);
                        borrow = b1 || b2;
                    }
                }
            }
            let upper = cmp_words(x, i, n, crt, half, w) != Ordering::Less;
            let mut acc = 0.0f64;
            let mut weight = f64::from_bits(a.inv_scale);
            for j in 0..l {
                let (xj, qj) = (x.load(j * n + i), crt.load(product + j));
                if upper {
                    if xj > qj {
                        acc += (xj - qj) as f64 * weight;
                    } else if qj > xj {
                        acc -= (qj - xj) as f64 * weight;
                    }
                } else if xj != 0 {
                    acc += xj as f64 * weight;
                }
                weight *= 18_446_744_073_709_551_616.0;
            }
            for j in 0..w {
                x.store(j * n + i, 0);
            }
            out.store(2 * i, acc.to_bits());
            out.store(2 * i + 1, 0);
        });
    }
}

pub struct FftStage;
impl SimKernel for FftStage {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = FftStageArgs::view(args);
        let (buf, table, n, s) = (a.a, a.table, a.n as usize, a.s);
        wg.phase(|it, _, _| {
            let (t, buf) = (it.global_id[0], buf.at(it.global_id[1] * 2 * n));
            let gap = 1usize << s;
            let g = t >> s;
            let x = (g << (s + 1)) + (t & (gap - 1));
            let r = load_c(table, (n >> (s + 1)) + g);
            let (p, d) = butterfly(load_c(buf, x), load_c(buf, x + gap), r);
            buf.store(2 * x, p.0.to_bits());
            buf.store(2 * x + 1, p.1.to_bits());
            buf.store(2 * (x + gap), d.0.to_bits());
            buf.store(2 * (x + gap) + 1, d.1.to_bits());
        });
    }
}

pub struct FftLocal;
impl SimKernel for FftLocal {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        FftLocalArgs::view(args).buf
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = FftLocalArgs::view(args);
        let (buf, table, out) = (a.a, a.table, a.out);
        let (n, stages) = (a.n as usize, a.stages);
        let block = 1usize << stages;
        wg.phase(|it, local, _| {
            let first = it.group_id[0] * block;
            let buf = buf.at(it.global_id[1] * 2 * n);
            for e in items(it, block as u32) {
                let e = e as usize;
                local[e] = buf.load(2 * (first + e));
                local[block + e] = buf.load(2 * (first + e) + 1);
                buf.store(2 * (first + e), 0);
                buf.store(2 * (first + e) + 1, 0);
            }
        });
        for s in (0..stages).rev() {
            // barrier(CLK_LOCAL_MEM_FENCE)
            wg.phase(|it, local, _| {
                let first = it.group_id[0] * block;
                let gap = 1usize << s;
                for t in items(it, (block / 2) as u32) {
                    let t = t as usize;
                    let g = t >> s;
                    let x = (g << (s + 1)) + (t & (gap - 1));
                    let r = load_c(table, (n >> (s + 1)) + (first >> (s + 1)) + g);
                    let get =
                        |i: usize| (f64::from_bits(local[i]), f64::from_bits(local[block + i]));
                    let (p, d) = butterfly(get(x), get(x + gap), r);
                    local[x] = p.0.to_bits();
                    local[block + x] = p.1.to_bits();
                    local[x + gap] = d.0.to_bits();
                    local[block + x + gap] = d.1.to_bits();
                }
            });
        }
        // barrier(CLK_LOCAL_MEM_FENCE)
        wg.phase(|it, local, _| {
            let first = it.group_id[0] * block;
            let out = out.at(it.global_id[1] * n);
            for e in items(it, block as u32) {
                let e = e as usize;
                let g = table.load(2 * n + first + e);
                if g & 1 == 0 {
                    out.store(g as usize, local[e]);
                    out.store(g as usize + 1, local[block + e]);
                }
            }
        });
    }
}
