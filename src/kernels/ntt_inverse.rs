//! Rust mirrors of kernels-cl/ntt_inverse.cl: the inverse negacyclic NTT kernels (SEAL's
//! `transform_from_rev`, last round merged with the scaling by n^-1) run by cpu-sim.

use super::mod_arith::DeviceWord;
use super::ntt_core::{
    gs_butterfly, gs_last, inv_root_index, inv_tree, ntt_inv_stage, poly_base, stage_view,
    InvLocalArgs, PassArgs, Stage, Tables,
};
use crate::exec::{
    kernel_args, word_kernel, Global, KernelModule, SimArgs, SimKernel, WorkGroup, WorkItem,
};
use std::marker::PhantomData;

pub static MODULE: KernelModule = KernelModule {
    name: "ntt_inverse",
    source: include_str!("../../kernels-cl/ntt_inverse.cl"),
    spirv: include_bytes!("../../spirv-kernels/ntt_inverse.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
    word_bits: 64,
    kernels: &[
        &NTT_INV_RADIX2.w64.spec,
        &NTT_INV_LAST.w64.spec,
        &NTT_INV_RADIX4.w64.spec,
        &NTT_INV_RADIX8.w64.spec,
        &NTT_INV_RADIX16.w64.spec,
        &NTT_INV_LOCAL.w64.spec,
        &NTT_INV_LOCAL_RADIX4.w64.spec,
        &NTT_INV_LOCAL_RADIX8.w64.spec,
        &NTT_INV_LOCAL_RADIX16.w64.spec,
        &NTT_INV_STAGE.w64.spec,
    ],
};

/// The 32-bit build of the same source (`XEHE_WORD_BITS=32`).
pub static MODULE_W32: KernelModule = KernelModule {
    name: "ntt_inverse_w32",
    source: include_str!("../../kernels-cl/ntt_inverse.cl"),
    spirv: include_bytes!("../../spirv-kernels/ntt_inverse_w32.spv"),
    prelude: "#define XEHE_WORD_BITS 32\n",
    shuffle_size: None,
    fp64: false,
    word_bits: 32,
    kernels: &[
        &NTT_INV_RADIX2.w32.spec,
        &NTT_INV_LAST.w32.spec,
        &NTT_INV_RADIX4.w32.spec,
        &NTT_INV_RADIX8.w32.spec,
        &NTT_INV_RADIX16.w32.spec,
        &NTT_INV_LOCAL.w32.spec,
        &NTT_INV_LOCAL_RADIX4.w32.spec,
        &NTT_INV_LOCAL_RADIX8.w32.spec,
        &NTT_INV_LOCAL_RADIX16.w32.spec,
        &NTT_INV_STAGE.w32.spec,
    ],
};

pub use super::ntt_core::NTT_CONST_WORDS;

kernel_args! {
    /// `ntt_inv_last(data, consts, moduli, n, rns_count)`: the last inverse round with the
    /// scaling by n^-1.
    pub struct InvLastArgs { data: Out, consts: In, moduli: In, n: U32, rns_count: U32 }
}
kernel_args! {
    /// `ntt_inv_stage(data, roots, roots_shoup, moduli, consts, n, rns_count, m, log_rows,
    /// log_cols, buf)`: one local-memory stage of 2^log_rows rows × 2^log_cols columns.
    pub struct InvStageArgs {
        data: Out, roots: In, roots_shoup: In, moduli: In, consts: In,
        n: U32, rns_count: U32, m: U32, log_rows: U32, log_cols: U32, buf: Local,
    }
}
word_kernel! {
    pub static NTT_INV_RADIX2: PassArgs = "ntt_inv_radix2" in MODULE | MODULE_W32, mirror NttInvRadix2;
    pub static NTT_INV_LAST: InvLastArgs = "ntt_inv_last" in MODULE | MODULE_W32, mirror NttInvLast;
    pub static NTT_INV_RADIX4: PassArgs = "ntt_inv_radix4" in MODULE | MODULE_W32, mirror NttInvPass::<2>;
    pub static NTT_INV_RADIX8: PassArgs = "ntt_inv_radix8" in MODULE | MODULE_W32, mirror NttInvPass::<3>;
    pub static NTT_INV_RADIX16: PassArgs = "ntt_inv_radix16" in MODULE | MODULE_W32, mirror NttInvPass::<4>;
    pub static NTT_INV_LOCAL: InvLocalArgs = "ntt_inv_local" in MODULE | MODULE_W32, mirror NttInvLocal::<1>;
    pub static NTT_INV_LOCAL_RADIX4: InvLocalArgs = "ntt_inv_local_radix4" in MODULE | MODULE_W32,
        mirror NttInvLocal::<2>;
    pub static NTT_INV_LOCAL_RADIX8: InvLocalArgs = "ntt_inv_local_radix8" in MODULE | MODULE_W32,
        mirror NttInvLocal::<3>;
    pub static NTT_INV_LOCAL_RADIX16: InvLocalArgs = "ntt_inv_local_radix16" in MODULE | MODULE_W32,
        mirror NttInvLocal::<4>;
    pub static NTT_INV_STAGE: InvStageArgs = "ntt_inv_stage" in MODULE | MODULE_W32, mirror NttInvStage;
}
stage_view!(InvStageArgs);

/// `ntt_inv_radix2`.
pub struct NttInvRadix2<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for NttInvRadix2<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let PassArgs {
            data,
            roots,
            roots_shoup,
            moduli,
            n,
            rns_count,
            m,
        } = PassArgs::view(args);
        wg.phase(|it, _, _| {
            let k = it.global_id[0] as u32;
            let rns = it.global_id[1];
            let p = poly_base(it, n, rns_count);
            let t = n / (2 * m);
            let i = k >> (31 - t.leading_zeros());
            let j = (2 * i * t + (k & (t - 1))) as usize;
            let q = moduli.load_as::<W>(rns * W::MODULUS_WORDS);
            let wi = rns * n as usize + inv_root_index(n, m, i) as usize;
            let mut x = data.load_as::<W>(p + j);
            let mut y = data.load_as::<W>(p + j + t as usize);
            gs_butterfly(
                &mut x,
                &mut y,
                roots.load_as::<W>(wi),
                roots_shoup.load_as::<W>(wi),
                q,
                q.wrapping_add(q),
            );
            data.store_as(p + j, x);
            data.store_as(p + j + t as usize, y);
        });
    }
}

/// `ntt_inv_last`.
pub struct NttInvLast<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for NttInvLast<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let InvLastArgs {
            data,
            consts,
            moduli,
            n,
            rns_count,
        } = InvLastArgs::view(args);
        wg.phase(|it, _, _| {
            let k = it.global_id[0];
            let rns = it.global_id[1];
            let p = poly_base(it, n, rns_count);
            let q = moduli.load_as::<W>(rns * W::MODULUS_WORDS);
            let half = n as usize / 2;
            let mut x = data.load_as::<W>(p + k);
            let mut y = data.load_as::<W>(p + k + half);
            gs_last(
                &mut x,
                &mut y,
                consts,
                rns * NTT_CONST_WORDS,
                q,
                q.wrapping_add(q),
            );
            data.store_as(p + k, x);
            data.store_as(p + k + half, y);
        });
    }
}

/// `xehe_ntt_inv_pass` for one work-item.
#[allow(clippy::too_many_arguments)]
fn inv_pass<W: DeviceWord>(
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
    let t_max = t << (log_r - 1);
    let i = k >> (31 - t.leading_zeros());
    let o = k & (t - 1);
    let p = poly_base(it, n, rns_count) + (2 * i * t_max + o) as usize;
    let (w, q) = tables.component(it);
    let mut x = [W::default(); 16];
    for c in 0..r {
        x[c as usize] = data.load_as::<W>(p + (c * t) as usize);
    }
    inv_tree(&mut x, tables, w, q, n, m, i, log_r);
    for c in 0..r {
        data.store_as(p + (c * t) as usize, x[c as usize]);
    }
}

/// `ntt_inv_radix{4,8,16}(data, roots, roots_shoup, moduli, n, rns_count, m)`:
/// `xehe_ntt_inv_pass` with log_r = `LOG_R`.
pub struct NttInvPass<W, const LOG_R: u32>(pub PhantomData<W>);
impl<W: DeviceWord, const LOG_R: u32> SimKernel for NttInvPass<W, LOG_R> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = PassArgs::view(args);
        let tables = Tables::<W>::new(a.roots, a.roots_shoup, a.moduli, a.n);
        let (data, rns_count, m) = (a.data, a.rns_count, a.m);
        wg.phase(|it, _, _| inv_pass(it, data, &tables, rns_count, m, LOG_R));
    }
}

/// `ntt_inv_local[_radixR](data, roots, roots_shoup, moduli, consts, n, rns_count, block, buf)`:
/// `xehe_ntt_inv_local` with log_r = `LOG_R`.
pub struct NttInvLocal<W, const LOG_R: u32>(pub PhantomData<W>);
impl<W: DeviceWord, const LOG_R: u32> SimKernel for NttInvLocal<W, LOG_R> {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        InvLocalArgs::view(args).buf
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = InvLocalArgs::view(args);
        let st = Stage::whole_blocks(a.n, a.rns_count, a.n / a.block);
        let tables = Tables::<W>::new(a.roots, a.roots_shoup, a.moduli, a.n);
        ntt_inv_stage(wg, a.data, &tables, a.consts, st, LOG_R);
    }
}

/// `ntt_inv_stage(data, roots, roots_shoup, moduli, consts, n, rns_count, m, log_rows, log_cols,
/// buf)`: `xehe_ntt_inv_stage` with radix-8 chunks.
pub struct NttInvStage<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for NttInvStage<W> {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        InvStageArgs::view(args).buf
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = InvStageArgs::view(args);
        let st = a.stage();
        let tables = Tables::<W>::new(a.roots, a.roots_shoup, a.moduli, st.n);
        ntt_inv_stage(wg, a.data, &tables, a.consts, st, 3);
    }
}
