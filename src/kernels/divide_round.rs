//! Rust mirrors of kernels-cl/divide_round.cl: division by a prime with rounding (the mod down
//! after key switching, and rescale): extract, spread, finish.

use super::mod_arith::{add_mod, modulus_row, mul_mod, reduce_128, sub_mod};
use super::{ArgKind, KernelModule, KernelSpec};
use crate::runtime::sim::workgroup::{SimArgs, SimKernel, WorkGroup};

pub static MODULE: KernelModule = KernelModule {
    name: "divide_round",
    source: include_str!("../../kernels-cl/divide_round.cl"),
    spirv: include_bytes!("../../spirv-kernels/divide_round.spv"),
    prelude: "",
    shuffle_size: None,
};

use ArgKind::{GlobalIn as In, GlobalOut as Out, U32, U64};

kernel_spec!(
    RnsExtract,
    RNS_EXTRACT,
    "rns_extract",
    &[In, Out, U32, U32, U32]
);
/// `rns_extract(src, dst, n, src_rns, comp)`: ND-range (n, 1, polys).
impl SimKernel for RnsExtract {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (src, dst) = (args.global(0), args.global(1));
        let (n, src_rns, comp) = (
            args.u32(2) as usize,
            args.u32(3) as usize,
            args.u32(4) as usize,
        );
        wg.phase(|it, _, _| {
            let (t, p) = (it.global_id[0], it.global_id[2]);
            dst.store(p * n + t, src.load((p * src_rns + comp) * n + t));
        });
    }
}

kernel_spec!(
    DivideRoundSpread,
    DIVIDE_ROUND_SPREAD,
    "divide_round_spread",
    &[In, Out, In, In, U64, U32, U32]
);
/// `divide_round_spread(last, tmp, moduli, consts, q_last, n, rns_count)`.
impl SimKernel for DivideRoundSpread {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (last, tmp, moduli, consts) = (
            args.global(0),
            args.global(1),
            args.global(2),
            args.global(3),
        );
        let q_last = args.u64(4);
        let (n, rns_count) = (args.u32(5) as usize, args.u32(6) as usize);
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

kernel_spec!(
    DivideRoundFinish,
    DIVIDE_ROUND_FINISH,
    "divide_round_finish",
    &[In, In, In, Out, In, In, U32, U32, U32, U32, U32]
);
/// `divide_round_finish(x, tmp, base, out, moduli, consts, n, rns_count, x_rns, base_rns,
/// add_mask)`.
impl SimKernel for DivideRoundFinish {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (x, tmp, base, out) = (
            args.global(0),
            args.global(1),
            args.global(2),
            args.global(3),
        );
        let (moduli, consts) = (args.global(4), args.global(5));
        let [n, rns_count, x_rns, base_rns] = [6, 7, 8, 9].map(|i| args.u32(i) as usize);
        let add_mask = args.u32(10);
        wg.phase(|it, _, _| {
            let [t, i, p] = it.global_id;
            let (q, m0, m1) = modulus_row(moduli, i);
            let o = (p * rns_count + i) * n + t;
            let d = sub_mod(x.load((p * x_rns + i) * n + t), tmp.load(o), q);
            let mut d = mul_mod(d, consts.load(2 * i), q, m0, m1);
            if (add_mask >> p) & 1 == 1 {
                d = add_mod(base.load((p * base_rns + i) * n + t), d, q);
            }
            out.store(o, d);
        });
    }
}

kernel_spec!(
    RnsTruncate,
    RNS_TRUNCATE,
    "rns_truncate",
    &[In, Out, U32, U32, U32]
);
/// `rns_truncate(src, dst, n, src_rns, rns_count)`: ND-range (n, rns_count, polys).
impl SimKernel for RnsTruncate {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (src, dst) = (args.global(0), args.global(1));
        let [n, src_rns, rns_count] = [2, 3, 4].map(|i| args.u32(i) as usize);
        wg.phase(|it, _, _| {
            let [t, i, p] = it.global_id;
            dst.store(
                (p * rns_count + i) * n + t,
                src.load((p * src_rns + i) * n + t),
            );
        });
    }
}
