//! Rust mirrors of kernels-cl/ntt_inverse.cl: the inverse negacyclic NTT kernels (SEAL's
//! `transform_from_rev`, last round merged with the scaling by n^-1) run by cpu-sim.

use super::mod_arith::MODULUS_WORDS;
use super::ntt_core::{
    gs_butterfly, gs_last, inv_root_index, inv_tree, ntt_inv_stage, poly_base, stage_view,
    InvLocalArgs, PassArgs, Stage, Tables,
};
use crate::exec::{
    kernel, kernel_args, Global, KernelModule, SimArgs, SimKernel, WorkGroup, WorkItem,
};

pub static MODULE: KernelModule = KernelModule {
    name: "ntt_inverse",
    source: include_str!("../../kernels-cl/ntt_inverse.cl"),
    spirv: include_bytes!("../../spirv-kernels/ntt_inverse.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
    kernels: &[
        &NTT_INV_RADIX2.spec,
        &NTT_INV_LAST.spec,
        &NTT_INV_RADIX4.spec,
        &NTT_INV_RADIX8.spec,
        &NTT_INV_RADIX16.spec,
        &NTT_INV_LOCAL.spec,
        &NTT_INV_LOCAL_RADIX4.spec,
        &NTT_INV_LOCAL_RADIX8.spec,
        &NTT_INV_LOCAL_RADIX16.spec,
        &NTT_INV_STAGE.spec,
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
kernel! {
    pub static NTT_INV_RADIX2: PassArgs = "ntt_inv_radix2" in MODULE, mirror NttInvRadix2;
    pub static NTT_INV_LAST: InvLastArgs = "ntt_inv_last" in MODULE, mirror NttInvLast;
    pub static NTT_INV_RADIX4: PassArgs = "ntt_inv_radix4" in MODULE, mirror NttInvPass::<2>;
    pub static NTT_INV_RADIX8: PassArgs = "ntt_inv_radix8" in MODULE, mirror NttInvPass::<3>;
    pub static NTT_INV_RADIX16: PassArgs = "ntt_inv_radix16" in MODULE, mirror NttInvPass::<4>;
    pub static NTT_INV_LOCAL: InvLocalArgs = "ntt_inv_local" in MODULE, mirror NttInvLocal::<1>;
    pub static NTT_INV_LOCAL_RADIX4: InvLocalArgs = "ntt_inv_local_radix4" in MODULE,
        mirror NttInvLocal::<2>;
    pub static NTT_INV_LOCAL_RADIX8: InvLocalArgs = "ntt_inv_local_radix8" in MODULE,
        mirror NttInvLocal::<3>;
    pub static NTT_INV_LOCAL_RADIX16: InvLocalArgs = "ntt_inv_local_radix16" in MODULE,
        mirror NttInvLocal::<4>;
    pub static NTT_INV_STAGE: InvStageArgs = "ntt_inv_stage" in MODULE, mirror NttInvStage;
}
stage_view!(InvStageArgs);

/// `ntt_inv_radix2`.
pub struct NttInvRadix2;
impl SimKernel for NttInvRadix2 {
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

/// `ntt_inv_last`.
pub struct NttInvLast;
impl SimKernel for NttInvLast {
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
        let a = PassArgs::view(args);
        let tables = Tables::new(a.roots, a.roots_shoup, a.moduli, a.n);
        let (data, rns_count, m) = (a.data, a.rns_count, a.m);
        wg.phase(|it, _, _| inv_pass(it, data, &tables, rns_count, m, LOG_R));
    }
}

/// `ntt_inv_local[_radixR](data, roots, roots_shoup, moduli, consts, n, rns_count, block, buf)`:
/// `xehe_ntt_inv_local` with log_r = `LOG_R`.
pub struct NttInvLocal<const LOG_R: u32>;
impl<const LOG_R: u32> SimKernel for NttInvLocal<LOG_R> {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        InvLocalArgs::view(args).buf
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = InvLocalArgs::view(args);
        let st = Stage::whole_blocks(a.n, a.rns_count, a.n / a.block);
        let tables = Tables::new(a.roots, a.roots_shoup, a.moduli, a.n);
        ntt_inv_stage(wg, a.data, &tables, a.consts, st, LOG_R);
    }
}

/// `ntt_inv_stage(data, roots, roots_shoup, moduli, consts, n, rns_count, m, log_rows, log_cols,
/// buf)`: `xehe_ntt_inv_stage` with radix-8 chunks.
pub struct NttInvStage;
impl SimKernel for NttInvStage {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        InvStageArgs::view(args).buf
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = InvStageArgs::view(args);
        let st = a.stage();
        let tables = Tables::new(a.roots, a.roots_shoup, a.moduli, st.n);
        ntt_inv_stage(wg, a.data, &tables, a.consts, st, 3);
    }
}
