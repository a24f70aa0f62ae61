//! Rust mirrors of kernels-cl/ntt_inverse.cl: the inverse negacyclic NTT kernels (SEAL's
//! `transform_from_rev`, last round merged with the scaling by n^-1) run by cpu-sim.

use super::mod_arith::MODULUS_WORDS;
use super::ntt_core::{
    gs_butterfly, gs_last, inv_root_index, inv_tree, ntt_inv_stage, poly_base, Stage, Tables,
};
use super::{ArgKind, KernelModule, KernelSpec};
use crate::runtime::sim::workgroup::{Global, SimArgs, SimKernel, WorkGroup, WorkItem};

pub static MODULE: KernelModule = KernelModule {
    name: "ntt_inverse",
    source: include_str!("../../kernels-cl/ntt_inverse.cl"),
    spirv: include_bytes!("../../spirv-kernels/ntt_inverse.spv"),
    prelude: "",
    shuffle_size: None,
};

pub use super::ntt_core::NTT_CONST_WORDS;

use ArgKind::{GlobalIn as In, GlobalOut as Out, Local, U32};

/// `ntt_inv_radix2(data, roots, roots_shoup, moduli, n, rns_count, m)`.
pub struct NttInvRadix2;
pub static NTT_INV_RADIX2: KernelSpec = KernelSpec {
    name: "ntt_inv_radix2",
    module: &MODULE,
    args: &[Out, In, In, In, U32, U32, U32],
    sim: &NttInvRadix2,
};
impl SimKernel for NttInvRadix2 {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (data, roots, roots_shoup, moduli) = (
            args.global(0),
            args.global(1),
            args.global(2),
            args.global(3),
        );
        let (n, rns_count, m) = (args.u32(4), args.u32(5), args.u32(6));
        wg.phase(|it, _, _| {
            let k = it.global_id[0] as u32;
            let rns = it.global_id[1];
            let p = poly_base(it, n, rns_count);
            let t = n / (2 * m);
            let i = k >> (31 - t.leading_zeros());
            let j = (2 * i * t + (k & (t - 1))) as usize;
            let q = moduli.load(rns * MODULUS_WORDS);
            let wi = rns * n as usize + inv_root_index(n, m, i) as usize;
            let mut x = data.load(p + j);
            let mut y = data.load(p + j + t as usize);
            gs_butterfly(
                &mut x,
                &mut y,
                roots.load(wi),
                roots_shoup.load(wi),
                q,
                2 * q,
            );
            data.store(p + j, x);
            data.store(p + j + t as usize, y);
        });
    }
}

/// `ntt_inv_last(data, consts, moduli, n, rns_count)`.
pub struct NttInvLast;
pub static NTT_INV_LAST: KernelSpec = KernelSpec {
    name: "ntt_inv_last",
    module: &MODULE,
    args: &[Out, In, In, U32, U32],
    sim: &NttInvLast,
};
impl SimKernel for NttInvLast {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (data, consts, moduli) = (args.global(0), args.global(1), args.global(2));
        let (n, rns_count) = (args.u32(3), args.u32(4));
        wg.phase(|it, _, _| {
            let k = it.global_id[0];
            let rns = it.global_id[1];
            let p = poly_base(it, n, rns_count);
            let q = moduli.load(rns * MODULUS_WORDS);
            let half = n as usize / 2;
            let mut x = data.load(p + k);
            let mut y = data.load(p + k + half);
            gs_last(&mut x, &mut y, consts, rns * NTT_CONST_WORDS, q, 2 * q);
            data.store(p + k, x);
            data.store(p + k + half, y);
        });
    }
}

/// `xehe_ntt_inv_pass` for one work-item.
#[allow(clippy::too_many_arguments)]
fn inv_pass(
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
    let t_max = t << (log_r - 1);
    let i = k >> (31 - t.leading_zeros());
    let o = k & (t - 1);
    let p = poly_base(it, n, rns_count) + (2 * i * t_max + o) as usize;
    let (w, q) = tables.component(it);
    let mut x = [0u64; 16];
    for c in 0..r {
        x[c as usize] = data.load(p + (c * t) as usize);
    }
    inv_tree(&mut x, tables, w, q, n, m, i, log_r);
    for c in 0..r {
        data.store(p + (c * t) as usize, x[c as usize]);
    }
}

/// `ntt_inv_radix{4,8,16}(data, roots, roots_shoup, moduli, n, rns_count, m)`:
/// `xehe_ntt_inv_pass` with log_r = `LOG_R`.
pub struct NttInvPass<const LOG_R: u32>;
impl<const LOG_R: u32> SimKernel for NttInvPass<LOG_R> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let tables = Tables::from_args(args, 1, 3, args.u32(4));
        let (data, rns_count, m) = (args.global(0), args.u32(5), args.u32(6));
        wg.phase(|it, _, _| inv_pass(it, data, &tables, rns_count, m, LOG_R));
    }
}
macro_rules! inv_pass_kernel {
    ($spec:ident, $name:literal, $log_r:literal) => {
        pub static $spec: KernelSpec = KernelSpec {
            name: $name,
            module: &MODULE,
            args: &[Out, In, In, In, U32, U32, U32],
            sim: &NttInvPass::<$log_r>,
        };
    };
}
inv_pass_kernel!(NTT_INV_RADIX4, "ntt_inv_radix4", 2);
inv_pass_kernel!(NTT_INV_RADIX8, "ntt_inv_radix8", 3);
inv_pass_kernel!(NTT_INV_RADIX16, "ntt_inv_radix16", 4);

/// `ntt_inv_local[_radixR](data, roots, roots_shoup, moduli, consts, n, rns_count, block, buf)`:
/// `xehe_ntt_inv_local` with log_r = `LOG_R`.
pub struct NttInvLocal<const LOG_R: u32>;
macro_rules! inv_local_kernel {
    ($spec:ident, $name:literal, $log_r:literal) => {
        pub static $spec: KernelSpec = KernelSpec {
            name: $name,
            module: &MODULE,
            args: &[Out, In, In, In, In, U32, U32, U32, Local],
            sim: &NttInvLocal::<$log_r>,
        };
    };
}
inv_local_kernel!(NTT_INV_LOCAL, "ntt_inv_local", 1);
inv_local_kernel!(NTT_INV_LOCAL_RADIX4, "ntt_inv_local_radix4", 2);
inv_local_kernel!(NTT_INV_LOCAL_RADIX8, "ntt_inv_local_radix8", 3);
inv_local_kernel!(NTT_INV_LOCAL_RADIX16, "ntt_inv_local_radix16", 4);

impl<const LOG_R: u32> SimKernel for NttInvLocal<LOG_R> {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        args.local(8)
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (n, block) = (args.u32(5), args.u32(7));
        let st = Stage::whole_blocks(n, args.u32(6), n / block);
        let tables = Tables::from_args(args, 1, 3, n);
        ntt_inv_stage(wg, args.global(0), &tables, args.global(4), st, LOG_R);
    }
}

/// `ntt_inv_stage(data, roots, roots_shoup, moduli, consts, n, rns_count, m, log_rows, log_cols,
/// buf)`: `xehe_ntt_inv_stage` with radix-8 chunks.
pub struct NttInvStage;
pub static NTT_INV_STAGE: KernelSpec = KernelSpec {
    name: "ntt_inv_stage",
    module: &MODULE,
    args: &[Out, In, In, In, In, U32, U32, U32, U32, U32, Local],
    sim: &NttInvStage,
};
impl SimKernel for NttInvStage {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        args.local(10)
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let st = Stage::from_args(args, 5);
        let tables = Tables::from_args(args, 1, 3, st.n);
        ntt_inv_stage(wg, args.global(0), &tables, args.global(4), st, 3);
    }
}
