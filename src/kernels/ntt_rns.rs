//! Rust mirrors of kernels-cl/ntt_rns.cl: NTT stages whose first load and last store carry the
//! RNS steps around the transform (key switching's broadcast, division with rounding's spread
//! and finish, rescale's extraction of the last component).

use super::mod_arith::{add_mod, modulus_row, mul_mod, reduce_128, reduce_4q, sub_mod};
use super::ntt_core::{
    fwd_local_rounds, inv_local_finish, items, poly_base, stage_view, tile_store, Stage, Tables,
};
use crate::exec::{kernel, kernel_args, Global, KernelModule, SimArgs, SimKernel, WorkGroup};

pub static MODULE: KernelModule = KernelModule {
    name: "ntt_rns",
    source: include_str!("../../kernels-cl/ntt_rns.cl"),
    spirv: include_bytes!("../../spirv-kernels/ntt_rns.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
};

kernel_args! {
    /// `ntt_fwd_stage_rns`: a forward local-memory stage whose first load reads row
    /// `p·src_poly + i·src_comp + src_first` of `src` through `load_mode` ([`LoadMode`]), and
    /// whose last store goes through `store_mode` ([`StoreMode`]; `Finish` reads `x`, `base`,
    /// `add_mask` and `consts`).
    pub struct FwdStageRnsArgs {
        src: In, dst: Out, roots: In, roots_shoup: In, moduli: In,
        n: U32, rns_count: U32, m: U32, log_rows: U32, log_cols: U32,
        src_poly: U32, src_comp: U32, src_first: U32,
        load_mode: U32, q_src: U64, consts: In, store_mode: U32,
        x: In, x_rns: U32, base: In, base_rns: U32, add_mask: U32,
        buf: Local,
    }
}
kernel_args! {
    /// `ntt_inv_stage_rns`: an inverse local-memory stage (the last, with the scaling by n^-1)
    /// reading row `p·src_poly + i·src_comp + src_first` of `src`.
    pub struct InvStageRnsArgs {
        src: In, dst: Out, roots: In, roots_shoup: In, moduli: In, consts: In,
        n: U32, rns_count: U32, m: U32, log_rows: U32, log_cols: U32,
        src_poly: U32, src_comp: U32, src_first: U32,
        buf: Local,
    }
}
kernel! {
    pub static NTT_FWD_STAGE_RNS: FwdStageRnsArgs = "ntt_fwd_stage_rns" in MODULE,
        mirror NttFwdStageRns;
    pub static NTT_INV_STAGE_RNS: InvStageRnsArgs = "ntt_inv_stage_rns" in MODULE,
        mirror NttInvStageRns;
}
stage_view!(FwdStageRnsArgs, InvStageRnsArgs);

/// `XEHE_LOAD_*`: how a stage's first load transforms the words it reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum LoadMode {
    Plain = 0,
    /// Reduced modulo the component's prime (key switching's broadcast).
    Reduce = 1,
    /// Centred, reduced, shifted back (division with rounding's spread).
    Spread = 2,
}

/// `XEHE_STORE_*`: how a forward stage's last store transforms the words it writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum StoreMode {
    Plain = 0,
    /// Corrected to [0, q).
    Reduce = 1,
    /// Division with rounding's finish.
    Finish = 2,
}

/// Where a stage's rows come from: row `p·poly + i·comp + first` for polynomial p, component i.
#[derive(Clone, Copy, Debug)]
struct Rows {
    poly: usize,
    comp: usize,
    first: usize,
}

impl Rows {
    fn new(poly: u32, comp: u32, first: u32) -> Self {
        Rows {
            poly: poly as usize,
            comp: comp as usize,
            first: first as usize,
        }
    }
}

/// `xehe_tile_load_rns` into local words `0..` (one phase, then the barrier).
#[allow(clippy::too_many_arguments)]
fn tile_load_rns(
    wg: &mut WorkGroup<'_>,
    src: Global<'_>,
    st: Stage,
    rows: Rows,
    mode: LoadMode,
    q_src: u64,
    moduli: Global<'_>,
    consts: Global<'_>,
) {
    wg.phase(|it, local, _| {
        let t = st.tile(it);
        let own = poly_base(it, st.n, st.rns_count);
        let (p, i) = (it.global_id[2], it.global_id[1]);
        let s = (p * rows.poly + i * rows.comp + rows.first) * st.n as usize;
        let (q, m0, m1) = modulus_row(moduli, i);
        let shift = if mode == LoadMode::Spread {
            consts.load(2 * i + 1)
        } else {
            0
        };
        for e in items(it, st.words()) {
            let mut v = src.load(s + st.word(t, e) - own);
            if mode == LoadMode::Spread {
                v = add_mod(v, q_src >> 1, q_src);
            }
            if mode != LoadMode::Plain {
                v = reduce_128(v, 0, q, m0, m1);
            }
            if mode == LoadMode::Spread {
                v = sub_mod(v, shift, q);
            }
            local[e as usize] = v;
        }
    });
}

fn load_mode(v: u32) -> LoadMode {
    match v {
        1 => LoadMode::Reduce,
        2 => LoadMode::Spread,
        _ => LoadMode::Plain,
    }
}

fn store_mode(v: u32) -> StoreMode {
    match v {
        1 => StoreMode::Reduce,
        2 => StoreMode::Finish,
        _ => StoreMode::Plain,
    }
}

pub struct NttFwdStageRns;
impl SimKernel for NttFwdStageRns {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        FwdStageRnsArgs::view(args).buf
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = FwdStageRnsArgs::view(args);
        let st = a.stage();
        let tables = Tables::new(a.roots, a.roots_shoup, a.moduli, st.n);
        let (src, dst, moduli, consts) = (a.src, a.dst, a.moduli, a.consts);
        let rows = Rows::new(a.src_poly, a.src_comp, a.src_first);
        let (load, q_src, store) = (load_mode(a.load_mode), a.q_src, store_mode(a.store_mode));
        let (x, x_rns, base, base_rns, add_mask) = (
            a.x,
            a.x_rns as usize,
            a.base,
            a.base_rns as usize,
            a.add_mask,
        );
        tile_load_rns(wg, src, st, rows, load, q_src, moduli, consts);
        // barrier(CLK_LOCAL_MEM_FENCE)
        fwd_local_rounds(wg, 0, &tables, st, 0, 3);
        wg.phase(|it, local, _| {
            let t = st.tile(it);
            let own = poly_base(it, st.n, st.rns_count);
            let (p, i) = (it.global_id[2], it.global_id[1]);
            let n = st.n as usize;
            let (q, m0, m1) = modulus_row(moduli, i);
            let (xr, br) = ((p * x_rns + i) * n, (p * base_rns + i) * n);
            let inv = if store == StoreMode::Finish {
                consts.load(2 * i)
            } else {
                0
            };
            let add = p < 32 && (add_mask >> p) & 1 == 1;
            for e in items(it, st.words()) {
                let o = st.word(t, e);
                let mut v = local[e as usize];
                if store != StoreMode::Plain {
                    v = reduce_4q(v, q, 2 * q);
                }
                if store == StoreMode::Finish {
                    let w = o - own;
                    v = mul_mod(sub_mod(x.load(xr + w), v, q), inv, q, m0, m1);
                    if add {
                        v = add_mod(base.load(br + w), v, q);
                    }
                }
                dst.store(o, v);
            }
        });
    }
}

pub struct NttInvStageRns;
impl SimKernel for NttInvStageRns {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        InvStageRnsArgs::view(args).buf
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = InvStageRnsArgs::view(args);
        let st = a.stage();
        let tables = Tables::new(a.roots, a.roots_shoup, a.moduli, st.n);
        let (src, dst, moduli, consts) = (a.src, a.dst, a.moduli, a.consts);
        let rows = Rows::new(a.src_poly, a.src_comp, a.src_first);
        tile_load_rns(wg, src, st, rows, LoadMode::Plain, 0, moduli, consts);
        // barrier(CLK_LOCAL_MEM_FENCE)
        inv_local_finish(wg, 0, &tables, consts, st, 0, 3);
        tile_store(wg, 0, dst, st, false, &tables);
    }
}
