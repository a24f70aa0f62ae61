//! Rust mirrors of kernels-cl/ntt_subgroup.cl (built once per sub-group size S = 8, 16, 32):
//! the local-memory NTT stages whose last (forward) or first (inverse) log2(8S) rounds run in
//! registers and sub-group shuffles, run by cpu-sim with sub-groups of S work-items.
// The loops follow the OpenCL C index for index.
#![allow(clippy::needless_range_loop)]

use super::mod_arith::{guard, mul_shoup_lazy, reduce_4q};
use super::ntt_core::{
    fwd_local_rounds, fwd_tree, inv_local_finish, inv_root_index, inv_tree, tile_load, tile_store,
    FwdLocalArgs, InvLocalArgs, Stage, Tables,
};
use crate::exec::{kernel, Global, KernelModule, SimArgs, SimKernel, WorkGroup, WorkItem};

macro_rules! module {
    ($static:ident, $name:literal, $sg:literal, [$($kernel:ident),*]) => {
        pub static $static: KernelModule = KernelModule {
            name: $name,
            source: include_str!("../../kernels-cl/ntt_subgroup.cl"),
            spirv: include_bytes!(concat!("../../spirv-kernels/", $name, ".spv")),
            prelude: concat!("#define XEHE_SG ", $sg, "\n"),
            shuffle_size: Some($sg),
            fp64: false,
            word_bits: 64,
            kernels: &[$(&$kernel.spec),*],
        };
    };
}
module!(
    MODULE8,
    "ntt_subgroup8",
    8,
    [NTT_FWD_LOCAL_SG8, NTT_INV_LOCAL_SG8]
);
module!(
    MODULE16,
    "ntt_subgroup16",
    16,
    [NTT_FWD_LOCAL_SG16, NTT_INV_LOCAL_SG16]
);
module!(
    MODULE32,
    "ntt_subgroup32",
    32,
    [NTT_FWD_LOCAL_SG32, NTT_INV_LOCAL_SG32]
);

/// Private words per work-item: x[8], the word each lane sends, and a copy of it.
const PRIVATE: usize = 24;

/// The segments of 8S words the sub-groups walk through (`for (seg = sg_id; seg < segs;
/// seg += groups)`): one call of `body(k)` per trip, the trip count uniform over the group.
fn for_each_trip(
    wg: &mut WorkGroup<'_>,
    st: Stage,
    log_sg: u32,
    mut body: impl FnMut(&mut WorkGroup<'_>, usize),
) {
    let segs = (st.words() >> (log_sg + 3)) as usize;
    let groups = wg.size() >> log_sg;
    for k in 0..segs.div_ceil(groups) {
        body(wg, k);
    }
}

/// The item's segment at trip `k` and its first word in the tile, if it has one.
fn segment(it: &WorkItem, st: Stage, log_sg: u32, k: usize) -> Option<usize> {
    let segs = (st.words() >> (log_sg + 3)) as usize;
    let groups = it.local_size[0] >> log_sg;
    let seg = it.sub_group_id + k * groups;
    (seg < segs).then_some(seg << (log_sg + 3))
}

/// Word c of the item's lane in a segment starting at e0.
fn lane_word(it: &WorkItem, e0: usize, c: usize) -> usize {
    e0 + c * it.sub_group_size + it.sub_group_local_id
}

/// One shuffle round at gap 2^lt: `send(item, x[c], e)` gives the word each lane sends,
/// `combine(item, x[c], mine, other, e)` the new x[c] (e: the coefficient index in the
/// polynomial).
#[allow(clippy::too_many_arguments)]
fn shuffle_round(
    wg: &mut WorkGroup<'_>,
    st: Stage,
    log_sg: u32,
    k: usize,
    lt: u32,
    send: impl Fn(&WorkItem, u64, u32) -> u64,
    combine: impl Fn(&WorkItem, u64, u64, u32) -> u64,
) {
    let first = |it: &WorkItem| (st.tile(it).j << st.log_rows) as usize;
    wg.phase(|it, _, p| {
        if let Some(e0) = segment(it, st, log_sg, k) {
            for c in 0..8 {
                let mine = send(it, p[c], (first(it) + lane_word(it, e0, c)) as u32);
                p[8 + c] = mine;
                p[16 + c] = mine;
            }
        }
    });
    for c in 0..8 {
        wg.sub_group_shuffle_xor(8 + c, 1 << lt);
    }
    wg.phase(|it, _, p| {
        if let Some(e0) = segment(it, st, log_sg, k) {
            for c in 0..8 {
                p[c] = combine(
                    it,
                    p[16 + c],
                    p[8 + c],
                    (first(it) + lane_word(it, e0, c)) as u32,
                );
            }
        }
    });
}

/// `xehe_fwd_sg_tail`.
fn fwd_sg_tail(
    wg: &mut WorkGroup<'_>,
    dst: Global<'_>,
    t: &Tables<'_, u64>,
    st: Stage,
    ms: u32,
    reduce: bool,
    log_sg: u32,
) {
    for_each_trip(wg, st, log_sg, |wg, k| {
        wg.phase(|it, local, p| {
            if let Some(e0) = segment(it, st, log_sg, k) {
                for c in 0..8 {
                    p[c] = local[lane_word(it, e0, c)];
                }
                let (off, q) = t.component(it);
                let first = st.tile(it).j << st.log_rows;
                fwd_tree(
                    &mut p[..8],
                    t,
                    off,
                    q,
                    ms,
                    (first + e0 as u32) >> (log_sg + 3),
                    3,
                );
            }
        });
        for lt in (0..log_sg).rev() {
            let up = |it: &WorkItem| it.sub_group_local_id & (1 << lt) != 0;
            let tw = |it: &WorkItem, e: u32| {
                let (off, q) = t.component(it);
                let (w, ws) = t.w(off, (st.n >> (lt + 1)) + (e >> (lt + 1)));
                (w, ws, q)
            };
            shuffle_round(
                wg,
                st,
                log_sg,
                k,
                lt,
                |it, x, e| {
                    let (w, ws, q) = tw(it, e);
                    if up(it) {
                        mul_shoup_lazy(x, w, ws, q)
                    } else {
                        guard(x, 2 * q)
                    }
                },
                |it, mine, other, _| {
                    let (_, q) = t.component(it);
                    if up(it) {
                        other.wrapping_sub(mine).wrapping_add(2 * q)
                    } else {
                        mine.wrapping_add(other)
                    }
                },
            );
        }
        wg.phase(|it, _, p| {
            if let Some(e0) = segment(it, st, log_sg, k) {
                let (_, q) = t.component(it);
                let off = st.tile(it).off;
                for c in 0..8 {
                    let v = p[c];
                    dst.store(
                        off + lane_word(it, e0, c),
                        if reduce { reduce_4q(v, q, 2 * q) } else { v },
                    );
                }
            }
        });
    });
}

/// `xehe_inv_sg_head`.
fn inv_sg_head(
    wg: &mut WorkGroup<'_>,
    src: Global<'_>,
    t: &Tables<'_, u64>,
    st: Stage,
    log_sg: u32,
) {
    for_each_trip(wg, st, log_sg, |wg, k| {
        wg.phase(|it, _, p| {
            if let Some(e0) = segment(it, st, log_sg, k) {
                let off = st.tile(it).off;
                for c in 0..8 {
                    p[c] = src.load(off + lane_word(it, e0, c));
                }
            }
        });
        for lt in 0..log_sg {
            let up = |it: &WorkItem| it.sub_group_local_id & (1 << lt) != 0;
            shuffle_round(
                wg,
                st,
                log_sg,
                k,
                lt,
                |_, x, _| x,
                |it, mine, other, e| {
                    let (off, q) = t.component(it);
                    if up(it) {
                        let (w, ws) =
                            t.w(off, inv_root_index(st.n, st.n >> (lt + 1), e >> (lt + 1)));
                        mul_shoup_lazy(other.wrapping_sub(mine).wrapping_add(2 * q), w, ws, q)
                    } else {
                        guard(mine.wrapping_add(other), 2 * q)
                    }
                },
            );
        }
        wg.phase(|it, local, p| {
            if let Some(e0) = segment(it, st, log_sg, k) {
                let (off, q) = t.component(it);
                let first = st.tile(it).j << st.log_rows;
                let i = (first + e0 as u32) >> (log_sg + 3);
                inv_tree(&mut p[..8], t, off, q, st.n, st.n >> (log_sg + 1), i, 3);
                for c in 0..8 {
                    local[lane_word(it, e0, c)] = p[c];
                }
            }
        });
    });
}

/// `ntt_fwd_local_sgS(data, roots, roots_shoup, moduli, n, rns_count, m, reduce, buf)`.
pub struct NttFwdLocalSg<const LOG_SG: u32>;
/// `ntt_inv_local_sgS(data, roots, roots_shoup, moduli, consts, n, rns_count, block, buf)`.
pub struct NttInvLocalSg<const LOG_SG: u32>;

kernel! {
    pub static NTT_FWD_LOCAL_SG8: FwdLocalArgs = "ntt_fwd_local_sg8" in MODULE8,
        mirror NttFwdLocalSg::<3>;
    pub static NTT_INV_LOCAL_SG8: InvLocalArgs = "ntt_inv_local_sg8" in MODULE8,
        mirror NttInvLocalSg::<3>;
    pub static NTT_FWD_LOCAL_SG16: FwdLocalArgs = "ntt_fwd_local_sg16" in MODULE16,
        mirror NttFwdLocalSg::<4>;
    pub static NTT_INV_LOCAL_SG16: InvLocalArgs = "ntt_inv_local_sg16" in MODULE16,
        mirror NttInvLocalSg::<4>;
    pub static NTT_FWD_LOCAL_SG32: FwdLocalArgs = "ntt_fwd_local_sg32" in MODULE32,
        mirror NttFwdLocalSg::<5>;
    pub static NTT_INV_LOCAL_SG32: InvLocalArgs = "ntt_inv_local_sg32" in MODULE32,
        mirror NttInvLocalSg::<5>;
}

impl<const LOG_SG: u32> SimKernel for NttFwdLocalSg<LOG_SG> {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        FwdLocalArgs::view(args).buf
    }
    fn private_words(&self) -> usize {
        PRIVATE
    }
    fn sub_group_size(&self) -> Option<usize> {
        Some(1 << LOG_SG)
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = FwdLocalArgs::view(args);
        let st = Stage::whole_blocks(a.n, a.rns_count, a.m);
        let tables = Tables::<u64>::new(a.roots, a.roots_shoup, a.moduli, st.n);
        let data = a.data;
        tile_load::<u64>(wg, 0, data, st);
        // barrier(CLK_LOCAL_MEM_FENCE)
        let ms = fwd_local_rounds(wg, 0, &tables, st, LOG_SG + 3, 3);
        fwd_sg_tail(wg, data, &tables, st, ms, a.reduce != 0, LOG_SG);
    }
}

impl<const LOG_SG: u32> SimKernel for NttInvLocalSg<LOG_SG> {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        InvLocalArgs::view(args).buf
    }
    fn private_words(&self) -> usize {
        PRIVATE
    }
    fn sub_group_size(&self) -> Option<usize> {
        Some(1 << LOG_SG)
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = InvLocalArgs::view(args);
        let st = Stage::whole_blocks(a.n, a.rns_count, a.n / a.block);
        let tables = Tables::<u64>::new(a.roots, a.roots_shoup, a.moduli, a.n);
        let data = a.data;
        inv_sg_head(wg, data, &tables, st, LOG_SG);
        // barrier(CLK_LOCAL_MEM_FENCE)
        inv_local_finish(wg, 0, &tables, a.consts, st, LOG_SG + 3, 3);
        tile_store(wg, 0, data, st, false, &tables);
    }
}
