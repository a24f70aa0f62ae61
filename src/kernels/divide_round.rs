//! Rust mirrors of kernels-cl/divide_round.cl: division by a prime with rounding (the mod down
//! after key switching, and rescale): extract, spread, finish.

use super::mod_arith::{add_mod, modulus_row, mul_mod, reduce_128, sub_mod};
use crate::exec::{kernel, kernel_args, KernelModule, SimArgs, SimKernel, WorkGroup};

pub static MODULE: KernelModule = KernelModule {
    name: "divide_round",
    source: include_str!("../../kernels-cl/divide_round.cl"),
    spirv: include_bytes!("../../spirv-kernels/divide_round.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
    word_bits: 64,
    kernels: &[
        &RNS_EXTRACT.spec,
        &DIVIDE_ROUND_SPREAD.spec,
        &DIVIDE_ROUND_FINISH.spec,
        &RNS_TRUNCATE.spec,
    ],
};

kernel_args! {
    /// `rns_extract(src, dst, n, src_rns, comp)`: component `comp` of every polynomial;
    /// ND-range (n, 1, polys).
    pub struct ExtractArgs { src: In, dst: Out, n: U32, src_rns: U32, comp: U32 }
}
kernel_args! {
    /// `divide_round_spread(last, tmp, moduli, consts, q_last, n, rns_count)`: the rounded
    /// residues modulo the divisor, brought to each target prime.
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
kernel! {
    pub static RNS_EXTRACT: ExtractArgs = "rns_extract" in MODULE, mirror RnsExtract;
    pub static DIVIDE_ROUND_SPREAD: SpreadArgs = "divide_round_spread" in MODULE,
        mirror DivideRoundSpread;
    pub static DIVIDE_ROUND_FINISH: FinishArgs = "divide_round_finish" in MODULE,
        mirror DivideRoundFinish;
    pub static RNS_TRUNCATE: TruncateArgs = "rns_truncate" in MODULE, mirror RnsTruncate;
}

pub struct RnsExtract;
impl SimKernel for RnsExtract {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = ExtractArgs::view(args);
        let (src, dst) = (a.src, a.dst);
        let [n, src_rns, comp] = [a.n, a.src_rns, a.comp].map(|v| v as usize);
        wg.phase(|it, _, _| {
            let (t, p) = (it.global_id[0], it.global_id[2]);
            dst.store(p * n + t, src.load((p * src_rns + comp) * n + t));
        });
    }
}

pub struct DivideRoundSpread;
impl SimKernel for DivideRoundSpread {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = SpreadArgs::view(args);
        let (last, tmp, moduli, consts, q_last) = (a.last, a.tmp, a.moduli, a.consts, a.q_last);
        let (n, rns_count) = (a.n as usize, a.rns_count as usize);
        wg.phase(|it, _, _| {
            let [t, i, p] = it.global_id;
            let (q, m0, m1) = modulus_row(moduli, i);
            let r = add_mod(last.load(p * n + t), q_last >> 1, q_last);
            let reduced = reduce_128(r, 0, q, m0, m1);
            tmp.store(
                (p * rns_count + i) * n + t,
                sub_mod(reduced, consts.load(2 * i + 1), q),
            );
        });
    }
}

pub struct DivideRoundFinish;
impl SimKernel for DivideRoundFinish {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = FinishArgs::view(args);
        let (x, tmp, base, out, moduli, consts) = (a.x, a.tmp, a.base, a.out, a.moduli, a.consts);
        let [n, rns_count, x_rns, base_rns] =
            [a.n, a.rns_count, a.x_rns, a.base_rns].map(|v| v as usize);
        let add_mask = a.add_mask;
        wg.phase(|it, _, _| {
            let [t, i, p] = it.global_id;
            let (q, m0, m1) = modulus_row(moduli, i);
            let o = (p * rns_count + i) * n + t;
            let d = sub_mod(x.load((p * x_rns + i) * n + t), tmp.load(o), q);
            let mut d = mul_mod(d, consts.load(2 * i), q, m0, m1);
            if p < 32 && (add_mask >> p) & 1 == 1 {
                d = add_mod(base.load((p * base_rns + i) * n + t), d, q);
            }
            out.store(o, d);
        });
    }
}

pub struct RnsTruncate;
impl SimKernel for RnsTruncate {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = TruncateArgs::view(args);
        let (src, dst) = (a.src, a.dst);
        let [n, src_rns, rns_count] = [a.n, a.src_rns, a.rns_count].map(|v| v as usize);
        wg.phase(|it, _, _| {
            let [t, i, p] = it.global_id;
            dst.store(
                (p * rns_count + i) * n + t,
                src.load((p * src_rns + i) * n + t),
            );
        });
    }
}
