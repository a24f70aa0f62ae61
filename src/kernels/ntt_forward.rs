//! Rust mirrors of kernels-cl/ntt_forward.cl: the forward negacyclic NTT kernels (SEAL's
//! `transform_to_rev` with Harvey's lazy butterflies) run by cpu-sim.

use super::mod_arith::{reduce_4q, DeviceWord};
use super::ntt_core::{
    ct_butterfly, fwd_tree, ntt_fwd_stage, poly_base, stage_view, FwdLocalArgs, FwdRadix2Args,
    PassArgs, Stage, Tables,
};
use crate::exec::{
    kernel_args, word_kernel, Global, KernelModule, SimArgs, SimKernel, WorkGroup, WorkItem,
};
use std::marker::PhantomData;

pub static MODULE: KernelModule = KernelModule {
    name: "ntt_forward",
    source: include_str!("../../kernels-cl/ntt_forward.cl"),
    spirv: include_bytes!("../../spirv-kernels/ntt_forward.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
    word_bits: 64,
    kernels: &[
        &NTT_FWD_RADIX2.w64.spec,
        &NTT_REDUCE_4Q.w64.spec,
        &NTT_FWD_RADIX4.w64.spec,
        &NTT_FWD_RADIX8.w64.spec,
        &NTT_FWD_RADIX16.w64.spec,
        &NTT_FWD_LOCAL.w64.spec,
        &NTT_FWD_LOCAL_RADIX4.w64.spec,
        &NTT_FWD_LOCAL_RADIX8.w64.spec,
        &NTT_FWD_LOCAL_RADIX16.w64.spec,
        &NTT_FWD_STAGE.w64.spec,
    ],
};

/// The 32-bit build of the same source (`XEHE_WORD_BITS=32`).
pub static MODULE_W32: KernelModule = KernelModule {
    name: "ntt_forward_w32",
    source: include_str!("../../kernels-cl/ntt_forward.cl"),
    spirv: include_bytes!("../../spirv-kernels/ntt_forward_w32.spv"),
    prelude: "#define XEHE_WORD_BITS 32\n",
    shuffle_size: None,
    fp64: false,
    word_bits: 32,
    kernels: &[
        &NTT_FWD_RADIX2.w32.spec,
        &NTT_REDUCE_4Q.w32.spec,
        &NTT_FWD_RADIX4.w32.spec,
        &NTT_FWD_RADIX8.w32.spec,
        &NTT_FWD_RADIX16.w32.spec,
        &NTT_FWD_LOCAL.w32.spec,
        &NTT_FWD_LOCAL_RADIX4.w32.spec,
        &NTT_FWD_LOCAL_RADIX8.w32.spec,
        &NTT_FWD_LOCAL_RADIX16.w32.spec,
        &NTT_FWD_STAGE.w32.spec,
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
word_kernel! {
    pub static NTT_FWD_RADIX2: FwdRadix2Args = "ntt_fwd_radix2" in MODULE | MODULE_W32, mirror NttFwdRadix2;
    pub static NTT_REDUCE_4Q: ReduceArgs = "ntt_reduce_4q" in MODULE | MODULE_W32, mirror NttReduce4q;
    pub static NTT_FWD_RADIX4: PassArgs = "ntt_fwd_radix4" in MODULE | MODULE_W32, mirror NttFwdPass::<2>;
    pub static NTT_FWD_RADIX8: PassArgs = "ntt_fwd_radix8" in MODULE | MODULE_W32, mirror NttFwdPass::<3>;
    pub static NTT_FWD_RADIX16: PassArgs = "ntt_fwd_radix16" in MODULE | MODULE_W32, mirror NttFwdPass::<4>;
    pub static NTT_FWD_LOCAL: FwdLocalArgs = "ntt_fwd_local" in MODULE | MODULE_W32, mirror NttFwdLocal::<1>;
    pub static NTT_FWD_LOCAL_RADIX4: FwdLocalArgs = "ntt_fwd_local_radix4" in MODULE | MODULE_W32,
        mirror NttFwdLocal::<2>;
    pub static NTT_FWD_LOCAL_RADIX8: FwdLocalArgs = "ntt_fwd_local_radix8" in MODULE | MODULE_W32,
        mirror NttFwdLocal::<3>;
    pub static NTT_FWD_LOCAL_RADIX16: FwdLocalArgs = "ntt_fwd_local_radix16" in MODULE | MODULE_W32,
        mirror NttFwdLocal::<4>;
    pub static NTT_FWD_STAGE: FwdStageArgs = "ntt_fwd_stage" in MODULE | MODULE_W32, mirror NttFwdStage;
}
stage_view!(FwdStageArgs);

/// `ntt_fwd_radix2`.
pub struct NttFwdRadix2<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for NttFwdRadix2<W> {
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
            let q = moduli.load_as::<W>(rns as usize * W::MODULUS_WORDS);
            let two_q = q.wrapping_add(q);
            let wi = rns as usize * n as usize + (m + i) as usize;
            let mut x = data.load_as::<W>(p + j);
            let mut y = data.load_as::<W>(p + j + t as usize);
            ct_butterfly(
                &mut x,
                &mut y,
                roots.load_as::<W>(wi),
                roots_shoup.load_as::<W>(wi),
                q,
                two_q,
            );
            if reduce != 0 {
                x = reduce_4q(x, q, two_q);
                y = reduce_4q(y, q, two_q);
            }
            data.store_as(p + j, x);
            data.store_as(p + j + t as usize, y);
        });
    }
}

/// `ntt_reduce_4q`.
pub struct NttReduce4q<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for NttReduce4q<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let ReduceArgs {
            data,
            moduli,
            n,
            rns_count,
        } = ReduceArgs::view(args);
        wg.phase(|it, _, _| {
            let i = poly_base(it, n, rns_count) + it.global_id[0];
            let q = moduli.load_as::<W>(it.global_id[1] * W::MODULUS_WORDS);
            data.store_as(i, reduce_4q(data.load_as::<W>(i), q, q.wrapping_add(q)));
        });
    }
}

/// `xehe_ntt_fwd_pass` for one work-item.
#[allow(clippy::too_many_arguments)]
fn fwd_pass<W: DeviceWord>(
    it: &WorkItem,
    data: Global<'_>,
    tables: &Tables<'_, W>,
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
    let mut x = [W::default(); 16];
    for c in 0..r {
        x[c as usize] = data.load_as::<W>(p + (c * t_min) as usize);
    }
    fwd_tree(&mut x, tables, w, q, m, i, log_r);
    for c in 0..r {
        data.store_as(p + (c * t_min) as usize, x[c as usize]);
    }
}

/// `ntt_fwd_radix{4,8,16}(data, roots, roots_shoup, moduli, n, rns_count, m)`:
/// `xehe_ntt_fwd_pass` with log_r = `LOG_R`.
pub struct NttFwdPass<W, const LOG_R: u32>(pub PhantomData<W>);
impl<W: DeviceWord, const LOG_R: u32> SimKernel for NttFwdPass<W, LOG_R> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = PassArgs::view(args);
        let tables = Tables::<W>::new(a.roots, a.roots_shoup, a.moduli, a.n);
        let (data, rns_count, m) = (a.data, a.rns_count, a.m);
        wg.phase(|it, _, _| fwd_pass(it, data, &tables, rns_count, m, LOG_R));
    }
}

/// `ntt_fwd_local[_radixR](data, roots, roots_shoup, moduli, n, rns_count, m, reduce, buf)`:
/// `xehe_ntt_fwd_local` with log_r = `LOG_R`.
pub struct NttFwdLocal<W, const LOG_R: u32>(pub PhantomData<W>);
impl<W: DeviceWord, const LOG_R: u32> SimKernel for NttFwdLocal<W, LOG_R> {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        FwdLocalArgs::view(args).buf
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = FwdLocalArgs::view(args);
        let st = Stage::whole_blocks(a.n, a.rns_count, a.m);
        let tables = Tables::<W>::new(a.roots, a.roots_shoup, a.moduli, st.n);
        ntt_fwd_stage(wg, a.data, a.data, &tables, st, a.reduce != 0, LOG_R);
    }
}

/// `ntt_fwd_stage(src, dst, roots, roots_shoup, moduli, n, rns_count, m, log_rows, log_cols,
/// reduce, buf)`: `xehe_ntt_fwd_stage` with radix-8 chunks.
pub struct NttFwdStage<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for NttFwdStage<W> {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        FwdStageArgs::view(args).buf
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = FwdStageArgs::view(args);
        let st = a.stage();
        let tables = Tables::<W>::new(a.roots, a.roots_shoup, a.moduli, st.n);
        ntt_fwd_stage(wg, a.src, a.dst, &tables, st, a.reduce != 0, 3);
    }
}
