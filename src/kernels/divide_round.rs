//! Rust mirrors of kernels-cl/divide_round.cl, built for both words: division by a prime with
//! rounding (the mod down after key switching, and rescale): extract, spread, finish.

use super::mod_arith::{add_mod, sub_mod, DeviceWord, Row};
use crate::exec::{kernel_args, word_kernel, KernelModule, SimArgs, SimKernel, WorkGroup};
use std::marker::PhantomData;

pub static MODULE: KernelModule = KernelModule {
    name: "divide_round",
    source: include_str!("../../kernels-cl/divide_round.cl"),
    spirv: include_bytes!("../../spirv-kernels/divide_round.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
    word_bits: 64,
    kernels: &[
        &RNS_EXTRACT.w64.spec,
        &DIVIDE_ROUND_SPREAD.w64.spec,
        &DIVIDE_ROUND_FINISH.w64.spec,
        &RNS_TRUNCATE.w64.spec,
    ],
};

/// The 32-bit build of the same source (`XEHE_WORD_BITS=32`).
pub static MODULE_W32: KernelModule = KernelModule {
    name: "divide_round_w32",
    source: include_str!("../../kernels-cl/divide_round.cl"),
    spirv: include_bytes!("../../spirv-kernels/divide_round_w32.spv"),
    prelude: "#define XEHE_WORD_BITS 32\n",
    shuffle_size: None,
    fp64: false,
    word_bits: 32,
    kernels: &[
        &RNS_EXTRACT.w32.spec,
        &DIVIDE_ROUND_SPREAD.w32.spec,
        &DIVIDE_ROUND_FINISH.w32.spec,
        &RNS_TRUNCATE.w32.spec,
    ],
};

kernel_args! {
    /// `rns_extract(src, dst, n, src_rns, comp)`: component `comp` of every polynomial;
    /// ND-range (n, 1, polys).
    pub struct ExtractArgs { src: In, dst: Out, n: U32, src_rns: U32, comp: U32 }
}
kernel_args! {
    /// `divide_round_spread(last, tmp, moduli, consts, q_last, n, rns_count)`: the rounded
    /// residues modulo the divisor, brought to each target prime (`q_last` is a u64 in both
    /// builds).
    pub struct SpreadArgs {
        last: In, tmp: Out, moduli: In, consts: In, q_last: U64, n: U32, rns_count: U32,
    }
}
kernel_args! {
    /// `divide_round_finish(x, tmp, base, out, moduli, consts, n, rns_count, x_rns, base_rns,
    /// add_mask)`: (x − tmp) · q_last^-1, plus `base`'s polynomial p where bit p of `add_mask`
    /// is set.
    pub struct FinishArgs {
        x: In, tmp: In, base: In, out: Out, moduli: In, consts: In,
        n: U32, rns_count: U32, x_rns: U32, base_rns: U32, add_mask: U32,
    }
}
kernel_args! {
    /// `rns_truncate(src, dst, n, src_rns, rns_count)`: the first `rns_count` components of
    /// every polynomial; ND-range (n, rns_count, polys).
    pub struct TruncateArgs { src: In, dst: Out, n: U32, src_rns: U32, rns_count: U32 }
}
word_kernel! {
    pub static RNS_EXTRACT: ExtractArgs = "rns_extract" in MODULE | MODULE_W32, mirror RnsExtract;
    pub static DIVIDE_ROUND_SPREAD: SpreadArgs = "divide_round_spread" in MODULE | MODULE_W32,
        mirror DivideRoundSpread;
    pub static DIVIDE_ROUND_FINISH: FinishArgs = "divide_round_finish" in MODULE | MODULE_W32,
        mirror DivideRoundFinish;
    pub static RNS_TRUNCATE: TruncateArgs = "rns_truncate" in MODULE | MODULE_W32,
        mirror RnsTruncate;
}

pub struct RnsExtract<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for RnsExtract<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = ExtractArgs::view(args);
        let (src, dst) = (a.src, a.dst);
        let [n, src_rns, comp] = [a.n, a.src_rns, a.comp].map(|v| v as usize);
        wg.phase(|it, _, _| {
            let (t, p) = (it.global_id[0], it.global_id[2]);
            dst.store_as(p * n + t, src.load_as::<W>((p * src_rns + comp) * n + t));
        });
    }
}

pub struct DivideRoundSpread<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for DivideRoundSpread<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = SpreadArgs::view(args);
        let (last, tmp, moduli, consts) = (a.last, a.tmp, a.moduli, a.consts);
        let ql = W::from_u64(a.q_last);
        let half = W::from_u64(ql.to_u64() >> 1);
        let (n, rns_count) = (a.n as usize, a.rns_count as usize);
        wg.phase(|it, _, _| {
            let [t, i, p] = it.global_id;
            let m = Row::<W>::load(moduli, i);
            let r = add_mod(last.load_as(p * n + t), half, ql);
            let reduced = W::reduce_word(r, m.words());
            tmp.store_as(
                (p * rns_count + i) * n + t,
                sub_mod(reduced, consts.load_as(2 * i + 1), m.q()),
            );
        });
    }
}

pub struct DivideRoundFinish<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for DivideRoundFinish<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = FinishArgs::view(args);
        let (x, tmp, base, out, moduli, consts) = (a.x, a.tmp, a.base, a.out, a.moduli, a.consts);
        let [n, rns_count, x_rns, base_rns] =
            [a.n, a.rns_count, a.x_rns, a.base_rns].map(|v| v as usize);
        let add_mask = a.add_mask;
        wg.phase(|it, _, _| {
            let [t, i, p] = it.global_id;
            let m = Row::<W>::load(moduli, i);
            let o = (p * rns_count + i) * n + t;
            let d = sub_mod(
                x.load_as::<W>((p * x_rns + i) * n + t),
                tmp.load_as(o),
                m.q(),
            );
            let mut d = W::mul_mod_row(d, consts.load_as(2 * i), m.words());
            if p < 32 && (add_mask >> p) & 1 == 1 {
                d = add_mod(base.load_as((p * base_rns + i) * n + t), d, m.q());
            }
            out.store_as(o, d);
        });
    }
}

pub struct RnsTruncate<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for RnsTruncate<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = TruncateArgs::view(args);
        let (src, dst) = (a.src, a.dst);
        let [n, src_rns, rns_count] = [a.n, a.src_rns, a.rns_count].map(|v| v as usize);
        wg.phase(|it, _, _| {
            let [t, i, p] = it.global_id;
            dst.store_as(
                (p * rns_count + i) * n + t,
                src.load_as::<W>((p * src_rns + i) * n + t),
            );
        });
    }
}
