//! Rust mirrors of kernels-cl/ntt_forward.cl: the forward negacyclic NTT kernels (SEAL's
//! `transform_to_rev` with Harvey's lazy butterflies) run by cpu-sim.

use super::mod_arith::{reduce_4q, MODULUS_WORDS};
use super::ntt_core::{ct_butterfly, fwd_tree, ntt_fwd_stage, poly_base, Stage, Tables};
use super::{ArgKind, KernelModule, KernelSpec};
use crate::runtime::sim::workgroup::{Global, SimArgs, SimKernel, WorkGroup, WorkItem};

pub static MODULE: KernelModule = KernelModule {
    name: "ntt_forward",
    source: include_str!("../../kernels-cl/ntt_forward.cl"),
    spirv: include_bytes!("../../spirv-kernels/ntt_forward.spv"),
    prelude: "",
    shuffle_size: None,
};

use ArgKind::{GlobalIn as In, GlobalOut as Out, Local, U32};

/// `ntt_fwd_radix2(data, roots, roots_shoup, moduli, n, rns_count, m, reduce)`.
pub struct NttFwdRadix2;
pub static NTT_FWD_RADIX2: KernelSpec = KernelSpec {
    name: "ntt_fwd_radix2",
    module: &MODULE,
    args: &[Out, In, In, In, U32, U32, U32, U32],
    sim: &NttFwdRadix2,
};
impl SimKernel for NttFwdRadix2 {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (data, roots, roots_shoup, moduli) = (
            args.global(0),
            args.global(1),
            args.global(2),
            args.global(3),
        );
        let (n, rns_count, m, reduce) = (args.u32(4), args.u32(5), args.u32(6), args.u32(7));
        wg.phase(|it, _, _| {
            let k = it.global_id[0] as u32;
            let rns = it.global_id[1] as u32;
            let p = poly_base(it, n, rns_count);
            let t = n / (2 * m);
            let i = k >> (31 - t.leading_zeros());
            let j = (2 * i * t + (k & (t - 1))) as usize;
            let q = moduli.load(rns as usize * MODULUS_WORDS);
            let two_q = 2 * q;
            let wi = rns as usize * n as usize + (m + i) as usize;
            let mut x = data.load(p + j);
            let mut y = data.load(p + j + t as usize);
            ct_butterfly(
                &mut x,
                &mut y,
                roots.load(wi),
                roots_shoup.load(wi),
                q,
                two_q,
            );
            if reduce != 0 {
                x = reduce_4q(x, q, two_q);
                y = reduce_4q(y, q, two_q);
            }
            data.store(p + j, x);
            data.store(p + j + t as usize, y);
        });
    }
}

/// `ntt_reduce_4q(data, moduli, n, rns_count)`.
pub struct NttReduce4q;
pub static NTT_REDUCE_4Q: KernelSpec = KernelSpec {
    name: "ntt_reduce_4q",
    module: &MODULE,
    args: &[Out, In, U32, U32],
    sim: &NttReduce4q,
};
impl SimKernel for NttReduce4q {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (data, moduli) = (args.global(0), args.global(1));
        let (n, rns_count) = (args.u32(2), args.u32(3));
        wg.phase(|it, _, _| {
            let i = poly_base(it, n, rns_count) + it.global_id[0];
            let q = moduli.load(it.global_id[1] * MODULUS_WORDS);
            data.store(i, reduce_4q(data.load(i), q, 2 * q));
        });
    }
}

/// `xehe_ntt_fwd_pass` for one work-item.
#[allow(clippy::too_many_arguments)]
fn fwd_pass(
    it: &WorkItem,
    data: Global<'_>,
    tables: &Tables<'_>,
    rns_count: u32,
    m: u32,
    log_r: u32,
) {
    let (r, n) = (1u32 << log_r, tables.n);
    let k = it.global_id[0] as u32;
    let t = n / (2 * m);
    let t_min = t >> (log_r - 1);
    let i = k >> (31 - t_min.leading_zeros());
    let o = k & (t_min - 1);
    let p = poly_base(it, n, rns_count) + (2 * i * t + o) as usize;
    let (w, q) = tables.component(it);
    let mut x = [0u64; 16];
    for c in 0..r {
        x[c as usize] = data.load(p + (c * t_min) as usize);
    }
    fwd_tree(&mut x, tables, w, q, m, i, log_r);
    for c in 0..r {
        data.store(p + (c * t_min) as usize, x[c as usize]);
    }
}

/// `ntt_fwd_radix{4,8,16}(data, roots, roots_shoup, moduli, n, rns_count, m)`:
/// `xehe_ntt_fwd_pass` with log_r = `LOG_R`.
pub struct NttFwdPass<const LOG_R: u32>;
impl<const LOG_R: u32> SimKernel for NttFwdPass<LOG_R> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let tables = Tables::from_args(args, 1, 3, args.u32(4));
        let (data, rns_count, m) = (args.global(0), args.u32(5), args.u32(6));
        wg.phase(|it, _, _| fwd_pass(it, data, &tables, rns_count, m, LOG_R));
    }
}
macro_rules! fwd_pass_kernel {
    ($spec:ident, $name:literal, $log_r:literal) => {
        pub static $spec: KernelSpec = KernelSpec {
            name: $name,
            module: &MODULE,
            args: &[Out, In, In, In, U32, U32, U32],
            sim: &NttFwdPass::<$log_r>,
        };
    };
}
fwd_pass_kernel!(NTT_FWD_RADIX4, "ntt_fwd_radix4", 2);
fwd_pass_kernel!(NTT_FWD_RADIX8, "ntt_fwd_radix8", 3);
fwd_pass_kernel!(NTT_FWD_RADIX16, "ntt_fwd_radix16", 4);

/// `ntt_fwd_local[_radixR](data, roots, roots_shoup, moduli, n, rns_count, m, reduce, buf)`:
/// `xehe_ntt_fwd_local` with log_r = `LOG_R`.
pub struct NttFwdLocal<const LOG_R: u32>;
macro_rules! fwd_local_kernel {
    ($spec:ident, $name:literal, $log_r:literal) => {
        pub static $spec: KernelSpec = KernelSpec {
            name: $name,
            module: &MODULE,
            args: &[Out, In, In, In, U32, U32, U32, U32, Local],
            sim: &NttFwdLocal::<$log_r>,
        };
    };
}
fwd_local_kernel!(NTT_FWD_LOCAL, "ntt_fwd_local", 1);
fwd_local_kernel!(NTT_FWD_LOCAL_RADIX4, "ntt_fwd_local_radix4", 2);
fwd_local_kernel!(NTT_FWD_LOCAL_RADIX8, "ntt_fwd_local_radix8", 3);
fwd_local_kernel!(NTT_FWD_LOCAL_RADIX16, "ntt_fwd_local_radix16", 4);

impl<const LOG_R: u32> SimKernel for NttFwdLocal<LOG_R> {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        args.local(8)
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let st = Stage::whole_blocks(args.u32(4), args.u32(5), args.u32(6));
        let tables = Tables::from_args(args, 1, 3, st.n);
        let data = args.global(0);
        ntt_fwd_stage(wg, data, data, &tables, st, args.u32(7) != 0, LOG_R);
    }
}

/// `ntt_fwd_stage(src, dst, roots, roots_shoup, moduli, n, rns_count, m, log_rows, log_cols,
/// reduce, buf)`: `xehe_ntt_fwd_stage` with radix-8 chunks.
pub struct NttFwdStage;
pub static NTT_FWD_STAGE: KernelSpec = KernelSpec {
    name: "ntt_fwd_stage",
    module: &MODULE,
    args: &[In, Out, In, In, In, U32, U32, U32, U32, U32, U32, Local],
    sim: &NttFwdStage,
};
impl SimKernel for NttFwdStage {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        args.local(11)
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let st = Stage::from_args(args, 5);
        let tables = Tables::from_args(args, 2, 4, st.n);
        let (src, dst) = (args.global(0), args.global(1));
        ntt_fwd_stage(wg, src, dst, &tables, st, args.u32(10) != 0, 3);
    }
}
