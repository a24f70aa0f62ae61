//! Rust mirrors of kernels-cl/rational_rescale.cl, built for both words: a rational rescale's
//! gather of the dropped rows, their scaling, the fast conversion to the target primes, and the
//! finish in NTT form.

use super::mod_arith::{DeviceWord, Row};
use crate::exec::{kernel_args, word_kernel, KernelModule, SimArgs, SimKernel, WorkGroup};
use std::marker::PhantomData;

pub static MODULE: KernelModule = KernelModule {
    name: "rational_rescale",
    source: include_str!("../../kernels-cl/rational_rescale.cl"),
    spirv: include_bytes!("../../spirv-kernels/rational_rescale.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
    word_bits: 64,
    kernels: &[
        &RR_GATHER.w64.spec,
        &RR_DROPPED.w64.spec,
        &RR_CONVERT.w64.spec,
        &RR_FINISH.w64.spec,
    ],
};

/// The 32-bit build of the same source (`XEHE_WORD_BITS=32`).
pub static MODULE_W32: KernelModule = KernelModule {
    name: "rational_rescale_w32",
    source: include_str!("../../kernels-cl/rational_rescale.cl"),
    spirv: include_bytes!("../../spirv-kernels/rational_rescale_w32.spv"),
    prelude: "#define XEHE_WORD_BITS 32\n",
    shuffle_size: None,
    fp64: false,
    word_bits: 32,
    kernels: &[
        &RR_GATHER.w32.spec,
        &RR_DROPPED.w32.spec,
        &RR_CONVERT.w32.spec,
        &RR_FINISH.w32.spec,
    ],
};

kernel_args! {
    /// `rr_gather(x, tmp, n, x_rns, first, dropped)`: rows `first..first + dropped` of every
    /// polynomial of x; ND-range (n, dropped, polys).
    pub struct GatherArgs { x: In, tmp: Out, n: U32, x_rns: U32, first: U32, dropped: U32 }
}
kernel_args! {
    /// `rr_dropped(tmp, moduli, consts, n, dropped)`: in place, (v·R + s)·(D/d_j)^-1 mod d_j;
    /// ND-range (n, dropped, polys).
    pub struct DroppedArgs { tmp: Out, moduli: In, consts: In, n: U32, dropped: U32 }
}
kernel_args! {
    /// `rr_convert(a, w, moduli, consts, n, dropped, targets)`: (s − conv_i)·D^-1 mod t_i;
    /// ND-range (n, targets, polys).
    pub struct ConvertArgs {
        a: In, w: Out, moduli: In, consts: In, n: U32, dropped: U32, targets: U32,
    }
}
kernel_args! {
    /// `rr_finish(x, w, out, moduli, consts, n, x_rns, targets, kept_lo, kept_hi, src_kept)`:
    /// x·(R·D^-1) + w for the kept targets, w for the restored; ND-range (n, targets, polys).
    pub struct FinishArgs {
        x: In, w: In, out: Out, moduli: In, consts: In,
        n: U32, x_rns: U32, targets: U32, kept_lo: U32, kept_hi: U32, src_kept: U32,
    }
}
word_kernel! {
    pub static RR_GATHER: GatherArgs = "rr_gather" in MODULE | MODULE_W32, mirror RrGather;
    pub static RR_DROPPED: DroppedArgs = "rr_dropped" in MODULE | MODULE_W32, mirror RrDropped;
    pub static RR_CONVERT: ConvertArgs = "rr_convert" in MODULE | MODULE_W32, mirror RrConvert;
    pub static RR_FINISH: FinishArgs = "rr_finish" in MODULE | MODULE_W32, mirror RrFinish;
}

pub struct RrGather<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for RrGather<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = GatherArgs::view(args);
        let (x, tmp) = (a.x, a.tmp);
        let [n, x_rns, first, dropped] = [a.n, a.x_rns, a.first, a.dropped].map(|v| v as usize);
        wg.phase(|it, _, _| {
            let [t, j, p] = it.global_id;
            tmp.store_as(
                (p * dropped + j) * n + t,
                x.load_as::<W>((p * x_rns + first + j) * n + t),
            );
        });
    }
}

pub struct RrDropped<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for RrDropped<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = DroppedArgs::view(args);
        let (tmp, moduli, consts) = (a.tmp, a.moduli, a.consts);
        let [n, dropped] = [a.n, a.dropped].map(|v| v as usize);
        wg.phase(|it, _, _| {
            let [t, j, p] = it.global_id;
            let m = Row::<W>::load(moduli, j);
            let at = (p * dropped + j) * n + t;
            let c = |k: usize| consts.load_as::<W>(3 * j + k);
            let v = W::mad_mod_row(tmp.load_as(at), c(0), c(1), m.words());
            tmp.store_as(at, W::mul_mod_row(v, c(2), m.words()));
        });
    }
}

pub struct RrConvert<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for RrConvert<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = ConvertArgs::view(args);
        let (rows, w, moduli, consts) = (a.a, a.w, a.moduli, a.consts);
        let [n, dropped, targets] = [a.n, a.dropped, a.targets].map(|v| v as usize);
        wg.phase(|it, _, _| {
            let [t, i, p] = it.global_id;
            let m = Row::<W>::load(moduli, i);
            let zero = W::default();
            let mut acc = W::mac_init(zero, zero);
            // Folded after every XEHE_MAC_TERMS products (a fold keeps the sum's residue, so
            // the C's 64-bit build, which never folds, gets the same word).
            for j in 0..dropped {
                let x = rows.load_as::<W>((p * dropped + j) * n + t);
                W::mac(&mut acc, x, consts.load_as::<W>(j * targets + i));
                if j % W::MAC_TERMS == W::MAC_TERMS - 1 {
                    W::mac_fold(&mut acc, m.words());
                }
            }
            let conv = W::mac_reduce(&acc, m.words());
            let after = dropped * targets;
            let num = super::mod_arith::sub_mod(consts.load_as(after + i), conv, m.q());
            w.store_as(
                (p * targets + i) * n + t,
                W::mul_mod_row(num, consts.load_as(after + targets + i), m.words()),
            );
        });
    }
}

pub struct RrFinish<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for RrFinish<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = FinishArgs::view(args);
        let (x, w, out, moduli, consts) = (a.x, a.w, a.out, a.moduli, a.consts);
        let [n, x_rns, targets, kept_lo, kept_hi, src_kept] =
            [a.n, a.x_rns, a.targets, a.kept_lo, a.kept_hi, a.src_kept].map(|v| v as usize);
        wg.phase(|it, _, _| {
            let [t, i, p] = it.global_id;
            let m = Row::<W>::load(moduli, i);
            let o = (p * targets + i) * n + t;
            let mut y = w.load_as::<W>(o);
            if (kept_lo..kept_hi).contains(&i) {
                let xi = x.load_as::<W>((p * x_rns + i - kept_lo + src_kept) * n + t);
                y = W::mad_mod_row(xi, consts.load_as(i), y, m.words());
            }
            out.store_as(o, y);
        });
    }
}
