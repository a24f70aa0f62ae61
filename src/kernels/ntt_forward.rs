//! Rust mirrors of kernels-cl/ntt_forward.cl: the forward negacyclic NTT kernels (SEAL's
//! `transform_to_rev` with Harvey's lazy butterflies) run by cpu-sim.

use super::mod_arith::{reduce_4q, MODULUS_WORDS};
use super::ntt_core::{
    ct_butterfly, fwd_tree, ntt_fwd_stage, poly_base, stage_view, FwdLocalArgs, FwdRadix2Args,
    PassArgs, Stage, Tables,
};
use crate::exec::{
    kernel, kernel_args, Global, KernelModule, SimArgs, SimKernel, WorkGroup, WorkItem,
};

pub static MODULE: KernelModule = KernelModule {
    name: "ntt_forward",
    source: include_str!("../../kernels-cl/ntt_forward.cl"),
    spirv: include_bytes!("../../spirv-kernels/ntt_forward.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
    kernels: &[
        &NTT_FWD_RADIX2.spec,
        &NTT_REDUCE_4Q.spec,
        &NTT_FWD_RADIX4.spec,
        &NTT_FWD_RADIX8.spec,
        &NTT_FWD_RADIX16.spec,
        &NTT_FWD_LOCAL.spec,
        &NTT_FWD_LOCAL_RADIX4.spec,
        &NTT_FWD_LOCAL_RADIX8.spec,
        &NTT_FWD_LOCAL_RADIX16.spec,
        &NTT_FWD_STAGE.spec,
    ],
};

kernel_args! {
    /// `ntt_reduce_4q(data, moduli, n, rns_count)`: [0, 4q) to [0, q).
    pub struct ReduceArgs { data: Out, moduli: In, n: U32, rns_count: U32 }
}
kernel_args! {
    /// `ntt_fwd_stage(src, dst, roots, roots_shoup, moduli, n, rns_count, m, log_rows, log_cols,
    /// reduce, buf)`: one local-memory stage of 2^log_rows rows × 2^log_cols columns.
    pub struct FwdStageArgs {
        src: In, dst: Out, roots: In, roots_shoup: In, moduli: In,
        n: U32, rns_count: U32, m: U32, log_rows: U32, log_cols: U32, reduce: U32, buf: Local,
    }
}
kernel! {
    pub static NTT_FWD_RADIX2: FwdRadix2Args = "ntt_fwd_radix2" in MODULE, mirror NttFwdRadix2;
    pub static NTT_REDUCE_4Q: ReduceArgs = "ntt_reduce_4q" in MODULE, mirror NttReduce4q;
    pub static NTT_FWD_RADIX4: PassArgs = "ntt_fwd_radix4" in MODULE, mirror NttFwdPass::<2>;
    pub static NTT_FWD_RADIX8: PassArgs = "ntt_fwd_radix8" in MODULE, mirror NttFwdPass::<3>;
    pub static NTT_FWD_RADIX16: PassArgs = "ntt_fwd_radix16" in MODULE, mirror NttFwdPass::<4>;
    pub static NTT_FWD_LOCAL: FwdLocalArgs = "ntt_fwd_local" in MODULE, mirror NttFwdLocal::<1>;
    pub static NTT_FWD_LOCAL_RADIX4: FwdLocalArgs = "ntt_fwd_local_radix4" in MODULE,
        mirror NttFwdLocal::<2>;
    pub static NTT_FWD_LOCAL_RADIX8: FwdLocalArgs = "ntt_fwd_local_radix8" in MODULE,
        mirror NttFwdLocal::<3>;
    pub static NTT_FWD_LOCAL_RADIX16: FwdLocalArgs = "ntt_fwd_local_radix16" in MODULE,
        mirror NttFwdLocal::<4>;
    pub static NTT_FWD_STAGE: FwdStageArgs = "ntt_fwd_stage" in MODULE, mirror NttFwdStage;
}
stage_view!(FwdStageArgs);

/// `ntt_fwd_radix2`.
pub struct NttFwdRadix2;
impl SimKernel for NttFwdRadix2 {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let FwdRadix2Args {
            data,
            roots,
            roots_shoup,
            moduli,
            n,
            rns_count,
            m,
            reduce,
        } = FwdRadix2Args::view(args);
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

/// `ntt_reduce_4q`.
pub struct NttReduce4q;
impl SimKernel for NttReduce4q {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let ReduceArgs {
            data,
            moduli,
            n,
            rns_count,
        } = ReduceArgs::view(args);
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
        let a = PassArgs::view(args);
        let tables = Tables::new(a.roots, a.roots_shoup, a.moduli, a.n);
        let (data, rns_count, m) = (a.data, a.rns_count, a.m);
        wg.phase(|it, _, _| fwd_pass(it, data, &tables, rns_count, m, LOG_R));
    }
}

/// `ntt_fwd_local[_radixR](data, roots, roots_shoup, moduli, n, rns_count, m, reduce, buf)`:
/// `xehe_ntt_fwd_local` with log_r = `LOG_R`.
pub struct NttFwdLocal<const LOG_R: u32>;
impl<const LOG_R: u32> SimKernel for NttFwdLocal<LOG_R> {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        FwdLocalArgs::view(args).buf
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = FwdLocalArgs::view(args);
        let st = Stage::whole_blocks(a.n, a.rns_count, a.m);
        let tables = Tables::new(a.roots, a.roots_shoup, a.moduli, st.n);
        ntt_fwd_stage(wg, a.data, a.data, &tables, st, a.reduce != 0, LOG_R);
    }
}

/// `ntt_fwd_stage(src, dst, roots, roots_shoup, moduli, n, rns_count, m, log_rows, log_cols,
/// reduce, buf)`: `xehe_ntt_fwd_stage` with radix-8 chunks.
pub struct NttFwdStage;
impl SimKernel for NttFwdStage {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        FwdStageArgs::view(args).buf
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = FwdStageArgs::view(args);
        let st = a.stage();
        let tables = Tables::new(a.roots, a.roots_shoup, a.moduli, st.n);
        ntt_fwd_stage(wg, a.src, a.dst, &tables, st, a.reduce != 0, 3);
    }
}
