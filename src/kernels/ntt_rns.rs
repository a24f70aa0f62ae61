//! Rust mirrors of kernels-cl/ntt_rns.cl: NTT stages whose first load and last store carry the
//! RNS steps around the transform (key switching's broadcast, division with rounding's spread
//! and finish, rescale's extraction of the last component).

use super::mod_arith::{add_mod, modulus_row, mul_mod, reduce_128, reduce_4q, sub_mod};
use super::ntt_core::{
    fwd_local_rounds, inv_local_finish, items, poly_base, tile_store, Stage, Tables,
};
use super::{ArgKind, KernelModule, KernelSpec};
use crate::runtime::sim::workgroup::{Global, SimArgs, SimKernel, WorkGroup};

pub static MODULE: KernelModule = KernelModule {
    name: "ntt_rns",
    source: include_str!("../../kernels-cl/ntt_rns.cl"),
    spirv: include_bytes!("../../spirv-kernels/ntt_rns.spv"),
    prelude: "",
    shuffle_size: None,
};

use ArgKind::{GlobalIn as In, GlobalOut as Out, Local, U32, U64};

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
    fn from_args(args: &SimArgs<'_>, first: usize) -> Self {
        Rows {
            poly: args.u32(first) as usize,
            comp: args.u32(first + 1) as usize,
            first: args.u32(first + 2) as usize,
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

kernel_spec!(
    NttFwdStageRns,
    NTT_FWD_STAGE_RNS,
    "ntt_fwd_stage_rns",
    &[
        In, Out, In, In, In, U32, U32, U32, U32, U32, U32, U32, U32, U32, U64, In, U32, In, U32,
        In, U32, U32, Local
    ]
);
/// `ntt_fwd_stage_rns(src, dst, roots, roots_shoup, moduli, n, rns_count, m, log_rows,
/// log_cols, src_poly, src_comp, src_first, load_mode, q_src, consts, store_mode, x, x_rns,
/// base, base_rns, add_mask, buf)`.
impl SimKernel for NttFwdStageRns {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        args.local(22)
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let st = Stage::from_args(args, 5);
        let tables = Tables::from_args(args, 2, 4, st.n);
        let (src, dst, moduli, consts) = (
            args.global(0),
            args.global(1),
            args.global(4),
            args.global(15),
        );
        let rows = Rows::from_args(args, 10);
        let (load, q_src, store) = (
            load_mode(args.u32(13)),
            args.u64(14),
            store_mode(args.u32(16)),
        );
        let (x, x_rns, base, base_rns, add_mask) = (
            args.global(17),
            args.u32(18) as usize,
            args.global(19),
            args.u32(20) as usize,
            args.u32(21),
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
            let add = (add_mask >> p) & 1 == 1;
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

kernel_spec!(
    NttInvStageRns,
    NTT_INV_STAGE_RNS,
    "ntt_inv_stage_rns",
    &[In, Out, In, In, In, In, U32, U32, U32, U32, U32, U32, U32, U32, Local]
);
/// `ntt_inv_stage_rns(src, dst, roots, roots_shoup, moduli, consts, n, rns_count, m, log_rows,
/// log_cols, src_poly, src_comp, src_first, buf)`.
impl SimKernel for NttInvStageRns {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        args.local(14)
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let st = Stage::from_args(args, 6);
        let tables = Tables::from_args(args, 2, 4, st.n);
        let (src, dst, moduli, consts) = (
            args.global(0),
            args.global(1),
            args.global(4),
            args.global(5),
        );
        let rows = Rows::from_args(args, 11);
        tile_load_rns(wg, src, st, rows, LoadMode::Plain, 0, moduli, consts);
        // barrier(CLK_LOCAL_MEM_FENCE)
        inv_local_finish(wg, 0, &tables, consts, st, 0, 3);
        tile_store(wg, 0, dst, st, false, &tables);
    }
}
