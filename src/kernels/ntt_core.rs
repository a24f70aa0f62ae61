//! Rust mirrors of kernels-cl/common/ntt_core.h: the butterflies, register trees and
//! local-memory stages every NTT kernel is built from. A helper that contains barriers in OpenCL
//! C becomes a sequence of [`WorkGroup::phase`] calls here.

use super::mod_arith::{guard, mul_shoup_lazy, reduce_4q, sub_if_ge, DeviceWord};
use crate::exec::{kernel_args, Global, WorkGroup, WorkItem};
use std::marker::PhantomData;

kernel_args! {
    /// `(data, roots, roots_shoup, moduli, n, rns_count, m)`: one global-memory pass of the
    /// rounds from `m` on (`ntt_fwd_radix{4,8,16}`, `ntt_inv_radix{2,4,8,16}`).
    pub struct PassArgs {
        data: Out, roots: In, roots_shoup: In, moduli: In, n: U32, rns_count: U32, m: U32,
    }
}
kernel_args! {
    /// `(data, roots, roots_shoup, moduli, n, rns_count, m, reduce)`: a forward radix-2 round,
    /// its outputs reduced to [0, q) where `reduce` is 1.
    pub struct FwdRadix2Args {
        data: Out, roots: In, roots_shoup: In, moduli: In,
        n: U32, rns_count: U32, m: U32, reduce: U32,
    }
}
kernel_args! {
    /// `(data, roots, roots_shoup, moduli, n, rns_count, m, reduce, buf)`: every forward round
    /// from `m` on in local memory, one block of n / m words per work-group.
    pub struct FwdLocalArgs {
        data: Out, roots: In, roots_shoup: In, moduli: In,
        n: U32, rns_count: U32, m: U32, reduce: U32, buf: Local,
    }
}
kernel_args! {
    /// `(data, roots, roots_shoup, moduli, consts, n, rns_count, block, buf)`: the inverse rounds
    /// of blocks of `block` words in local memory, then the last round with the scaling by n^-1.
    pub struct InvLocalArgs {
        data: Out, roots: In, roots_shoup: In, moduli: In, consts: In,
        n: U32, rns_count: U32, block: U32, buf: Local,
    }
}

/// `XEHE_NTT_CONST_WORDS`: n^-1, its Shoup quotient, n^-1 · inv_roots[n-1], its quotient.
pub const NTT_CONST_WORDS: usize = 4;

/// `xehe_ct_butterfly`.
#[inline(always)]
pub(crate) fn ct_butterfly<W: DeviceWord>(x: &mut W, y: &mut W, w: W, ws: W, q: W, two_q: W) {
    let u = guard(*x, two_q);
    let v = mul_shoup_lazy(*y, w, ws, q);
    *x = u.wrapping_add(v);
    *y = u.wrapping_sub(v).wrapping_add(two_q);
}

/// `xehe_gs_butterfly`.
#[inline(always)]
pub(crate) fn gs_butterfly<W: DeviceWord>(x: &mut W, y: &mut W, w: W, ws: W, q: W, two_q: W) {
    let (u, v) = (*x, *y);
    *x = guard(u.wrapping_add(v), two_q);
    *y = mul_shoup_lazy(u.wrapping_sub(v).wrapping_add(two_q), w, ws, q);
}

/// `xehe_gs_last` (`c`: the component's offset in `consts`).
#[inline(always)]
pub(crate) fn gs_last<W: DeviceWord>(
    x: &mut W,
    y: &mut W,
    consts: Global<'_>,
    c: usize,
    q: W,
    two_q: W,
) {
    let u = guard(*x, two_q);
    let v = *y;
    let (w0, ws0, w1, ws1) = (
        consts.load_as::<W>(c),
        consts.load_as::<W>(c + 1),
        consts.load_as::<W>(c + 2),
        consts.load_as::<W>(c + 3),
    );
    *x = sub_if_ge(
        mul_shoup_lazy(guard(u.wrapping_add(v), two_q), w0, ws0, q),
        q,
    );
    *y = sub_if_ge(
        mul_shoup_lazy(u.wrapping_sub(v).wrapping_add(two_q), w1, ws1, q),
        q,
    );
}

/// Which ND-range dimensions number a row's polynomial and component: (coefficients,
/// component, polynomial) for most NTT kernels, (coefficients, polynomial, component) for the
/// RNS stages (`xehe_rns_poly` / `xehe_rns_comp` in ntt_rns.cl), whose work-groups of one
/// prime then run together and share its twiddle tables in the cache.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Axes {
    #[default]
    PolyMajor,
    PrimeMajor,
}

impl Axes {
    /// (polynomial, component) of work-item `it`.
    #[inline(always)]
    pub fn row(self, it: &WorkItem) -> (usize, usize) {
        self.ids(it.global_id)
    }
    /// (polynomial, component) from a global id such as [`WorkGroup::first_global_id`]'s.
    #[inline(always)]
    pub fn ids(self, [_, a, b]: [usize; 3]) -> (usize, usize) {
        match self {
            Axes::PolyMajor => (b, a),
            Axes::PrimeMajor => (a, b),
        }
    }
}

/// `xehe_row_base`: row i of polynomial p in `[poly][rns][coeff]` data.
#[inline(always)]
pub(crate) fn row_base(n: u32, rns_count: u32, (p, i): (usize, usize)) -> usize {
    p * n as usize * rns_count as usize + i * n as usize
}

/// `xehe_poly_base`.
#[inline(always)]
pub(crate) fn poly_base(it: &WorkItem, n: u32, rns_count: u32) -> usize {
    row_base(n, rns_count, Axes::PolyMajor.row(it))
}

/// `xehe_inv_root_index`.
#[inline(always)]
pub(crate) fn inv_root_index(n: u32, m: u32, i: u32) -> u32 {
    n - 2 * m + 1 + i
}

/// A component's NTT tables as one kernel sees them: root powers and Shoup quotients
/// (`[rns][n]`) and the moduli table, in words of `W`.
#[derive(Clone, Copy)]
pub(crate) struct Tables<'a, W> {
    pub roots: Global<'a>,
    pub roots_shoup: Global<'a>,
    pub moduli: Global<'a>,
    pub n: u32,
    pub axes: Axes,
    word: PhantomData<W>,
}

impl<'a, W: DeviceWord> Tables<'a, W> {
    pub fn new(roots: Global<'a>, roots_shoup: Global<'a>, moduli: Global<'a>, n: u32) -> Self {
        Tables {
            roots,
            roots_shoup,
            moduli,
            n,
            axes: Axes::PolyMajor,
            word: PhantomData,
        }
    }
    /// The same tables for a kernel whose ND-range is laid out as `axes`.
    pub fn with_axes(self, axes: Axes) -> Self {
        Tables { axes, ..self }
    }
    /// The item's component index.
    #[inline(always)]
    pub fn rns(&self, it: &WorkItem) -> usize {
        self.axes.row(it).1
    }
    /// The item's component: (offset of its tables, q).
    #[inline(always)]
    pub fn component(&self, it: &WorkItem) -> (usize, W) {
        let rns = self.rns(it);
        (
            rns * self.n as usize,
            self.moduli.load_as::<W>(rns * W::MODULUS_WORDS),
        )
    }
    #[inline(always)]
    pub fn w(&self, off: usize, i: u32) -> (W, W) {
        let k = off + i as usize;
        (self.roots.load_as::<W>(k), self.roots_shoup.load_as::<W>(k))
    }
}

/// `xehe_fwd_tree` on a work-item's 2^log_r words (`off`: the component's table offset).
pub(crate) fn fwd_tree<W: DeviceWord>(
    x: &mut [W],
    t: &Tables<'_, W>,
    off: usize,
    q: W,
    m: u32,
    i: u32,
    log_r: u32,
) {
    let (r, two_q) = (1u32 << log_r, q.wrapping_add(q));
    for s in 0..log_r {
        let h = r >> (s + 1);
        let blocks = 1u32 << s;
        for b in 0..blocks {
            let (wv, wsv) = t.w(off, (m << s) + i * blocks + b);
            for e in 0..h {
                let c = (b * 2 * h + e) as usize;
                let (lo, hi) = x.split_at_mut(c + h as usize);
                ct_butterfly(&mut lo[c], &mut hi[0], wv, wsv, q, two_q);
            }
        }
    }
}

/// `xehe_inv_tree` on a work-item's 2^log_r words.
#[allow(clippy::too_many_arguments)]
pub(crate) fn inv_tree<W: DeviceWord>(
    x: &mut [W],
    t: &Tables<'_, W>,
    off: usize,
    q: W,
    n: u32,
    m: u32,
    i: u32,
    log_r: u32,
) {
    let (r, two_q) = (1u32 << log_r, q.wrapping_add(q));
    for s in 0..log_r {
        let h = 1u32 << s;
        let blocks = r >> (s + 1);
        for b in 0..blocks {
            let (wv, wsv) = t.w(off, inv_root_index(n, m >> s, i * blocks + b));
            for e in 0..h {
                let c = (b * 2 * h + e) as usize;
                let (lo, hi) = x.split_at_mut(c + h as usize);
                gs_butterfly(&mut lo[c], &mut hi[0], wv, wsv, q, two_q);
            }
        }
    }
}

/// The shape of a local-memory stage: blocks of round `m` seen as 2^log_rows rows, 2^log_cols
/// columns per work-group (`xehe_stage_tile`'s arguments).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stage {
    pub n: u32,
    pub rns_count: u32,
    pub m: u32,
    pub log_rows: u32,
    pub log_cols: u32,
    pub axes: Axes,
}

/// `stage()` on the mirror view of a stage kernel's arguments (`n, rns_count, m, log_rows,
/// log_cols`).
macro_rules! stage_view {
    ($($args:ident),*) => {$(
        impl $args<'_, crate::exec::Mirror> {
            fn stage(&self) -> super::ntt_core::Stage {
                super::ntt_core::Stage {
                    n: self.n,
                    rns_count: self.rns_count,
                    m: self.m,
                    log_rows: self.log_rows,
                    log_cols: self.log_cols,
                    axes: super::ntt_core::Axes::PolyMajor,
                }
            }
        }
    )*};
}
pub(crate) use stage_view;

/// `xehe_tile`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tile {
    pub off: usize,
    pub j: u32,
    pub log_s: u32,
}

impl Stage {
    /// The classic tile: every round from m on, one whole block of n / m words per work-group
    /// (`log_rows = log2(n / m)`, `log_cols = 0`).
    pub fn whole_blocks(n: u32, rns_count: u32, m: u32) -> Self {
        Stage {
            n,
            rns_count,
            m,
            log_rows: 31 - (n / m).leading_zeros(),
            log_cols: 0,
            axes: Axes::PolyMajor,
        }
    }
    /// The same stage in a kernel whose ND-range is laid out as `axes`.
    pub fn with_axes(self, axes: Axes) -> Self {
        Stage { axes, ..self }
    }
    /// `xehe_stage_tile` for the item's work-group.
    pub fn tile(&self, it: &WorkItem) -> Tile {
        let g = it.group_id[0] as u32;
        let log_sub = 31 - (self.n / self.m).leading_zeros();
        let log_s = log_sub - self.log_rows;
        let log_gpb = log_s - self.log_cols;
        let j = g >> log_gpb;
        Tile {
            j,
            log_s,
            off: row_base(self.n, self.rns_count, self.axes.row(it))
                + ((j as usize) << log_sub)
                + (((g & ((1 << log_gpb) - 1)) as usize) << self.log_cols),
        }
    }
    /// `xehe_tile_word`.
    pub fn word(&self, t: Tile, e: u32) -> usize {
        t.off
            + (((e >> self.log_cols) as usize) << t.log_s)
            + (e & ((1 << self.log_cols) - 1)) as usize
    }
    pub fn words(&self) -> u32 {
        1 << (self.log_rows + self.log_cols)
    }
}

/// Work-item `it`'s share of a loop `for (b = lid; b < end; b += local_size)`.
pub(crate) fn items(it: &WorkItem, end: u32) -> impl Iterator<Item = u32> {
    (it.local_id[0] as u32..end).step_by(it.local_size[0])
}

/// `xehe_tile_load` into local words `buf..` (one phase, then the barrier).
pub(crate) fn tile_load<W: DeviceWord>(
    wg: &mut WorkGroup<'_>,
    buf: usize,
    src: Global<'_>,
    st: Stage,
) {
    wg.phase(|it, local, _| {
        let t = st.tile(it);
        for e in items(it, st.words()) {
            local[buf + e as usize] = src.load_as::<W>(st.word(t, e)).to_slot();
        }
    });
}

/// `xehe_tile_store` from local words `buf..`.
pub(crate) fn tile_store<W: DeviceWord>(
    wg: &mut WorkGroup<'_>,
    buf: usize,
    dst: Global<'_>,
    st: Stage,
    reduce: bool,
    tables: &Tables<'_, W>,
) {
    wg.phase(|it, local, _| {
        let t = st.tile(it);
        let (_, q) = tables.component(it);
        for e in items(it, st.words()) {
            let v = W::from_slot(local[buf + e as usize]);
            dst.store_as(
                st.word(t, e),
                if reduce {
                    reduce_4q(v, q, q.wrapping_add(q))
                } else {
                    v
                },
            );
        }
    });
}

/// `xehe_fwd_local_chunk` for one work-item on local words `buf..`.
#[allow(clippy::too_many_arguments)]
fn fwd_local_chunk<W: DeviceWord>(
    it: &WorkItem,
    buf: &mut [u64],
    tables: &Tables<'_, W>,
    st: &Stage,
    j: u32,
    ms: u32,
    log_t: u32,
    log_r: u32,
) {
    let (off, q) = tables.component(it);
    let (r, t) = (1u32 << log_r, 1u32 << log_t);
    let log_t_min = log_t + 1 - log_r;
    let t_min = 1u32 << log_t_min;
    let i0 = j << (st.log_rows - 1 - log_t);
    let (lc, cmask) = (st.log_cols, (1u32 << st.log_cols) - 1);
    for b in items(it, 1 << (st.log_rows - log_r + lc)) {
        let rb = b >> lc;
        let il = rb >> log_t_min;
        let p = (((2 * il * t + (rb & (t_min - 1))) << lc) + (b & cmask)) as usize;
        let mut x = [W::default(); 16];
        for c in 0..r {
            x[c as usize] = W::from_slot(buf[p + ((c * t_min) << lc) as usize]);
        }
        fwd_tree(&mut x, tables, off, q, ms, i0 + il, log_r);
        for c in 0..r {
            buf[p + ((c * t_min) << lc) as usize] = x[c as usize].to_slot();
        }
    }
}

/// `xehe_fwd_local_rounds` on local words `buf..`: one phase per chunk; returns the next round.
pub(crate) fn fwd_local_rounds<W: DeviceWord>(
    wg: &mut WorkGroup<'_>,
    buf: usize,
    tables: &Tables<'_, W>,
    st: Stage,
    stop: u32,
    log_r: u32,
) -> u32 {
    let mut ms = st.m;
    let mut remaining = st.log_rows - stop;
    let chunk = |wg: &mut WorkGroup<'_>, ms: u32, log_t: u32, log_r: u32| {
        wg.phase(|it, local, _| {
            let j = st.tile(it).j;
            fwd_local_chunk(it, &mut local[buf..], tables, &st, j, ms, log_t, log_r);
        });
        // barrier(CLK_LOCAL_MEM_FENCE)
    };
    while remaining >= log_r {
        chunk(wg, ms, stop + remaining - 1, log_r);
        ms <<= log_r;
        remaining -= log_r;
    }
    while remaining > 0 {
        chunk(wg, ms, stop + remaining - 1, 1);
        ms <<= 1;
        remaining -= 1;
    }
    ms
}

/// `xehe_ntt_fwd_stage`.
pub(crate) fn ntt_fwd_stage<W: DeviceWord>(
    wg: &mut WorkGroup<'_>,
    src: Global<'_>,
    dst: Global<'_>,
    tables: &Tables<'_, W>,
    st: Stage,
    reduce: bool,
    log_r: u32,
) {
    tile_load::<W>(wg, 0, src, st);
    // barrier(CLK_LOCAL_MEM_FENCE)
    fwd_local_rounds(wg, 0, tables, st, 0, log_r);
    tile_store(wg, 0, dst, st, reduce, tables);
}

/// `xehe_inv_local_chunk` for one work-item on local words `buf..`.
#[allow(clippy::too_many_arguments)]
fn inv_local_chunk<W: DeviceWord>(
    it: &WorkItem,
    buf: &mut [u64],
    tables: &Tables<'_, W>,
    st: &Stage,
    tile: Tile,
    log_t: u32,
    log_r: u32,
) {
    let (off, q) = tables.component(it);
    let (r, t) = (1u32 << log_r, 1u32 << log_t);
    let log_t_max = log_t + log_r - 1;
    let m = st.n >> (log_t + tile.log_s + 1);
    let i0 = tile.j << (st.log_rows - 1 - log_t_max);
    let (lc, cmask) = (st.log_cols, (1u32 << st.log_cols) - 1);
    for b in items(it, 1 << (st.log_rows - log_r + lc)) {
        let rb = b >> lc;
        let il = rb >> log_t;
        let p = (((2 * il * (t << (log_r - 1)) + (rb & (t - 1))) << lc) + (b & cmask)) as usize;
        let mut x = [W::default(); 16];
        for c in 0..r {
            x[c as usize] = W::from_slot(buf[p + ((c * t) << lc) as usize]);
        }
        inv_tree(&mut x, tables, off, q, st.n, m, i0 + il, log_r);
        for c in 0..r {
            buf[p + ((c * t) << lc) as usize] = x[c as usize].to_slot();
        }
    }
}

/// `xehe_inv_local_rounds` (row gaps 2^start … 2^(end-1)) on local words `buf..`.
pub(crate) fn inv_local_rounds<W: DeviceWord>(
    wg: &mut WorkGroup<'_>,
    buf: usize,
    tables: &Tables<'_, W>,
    st: Stage,
    start: u32,
    end: u32,
    log_r: u32,
) {
    let mut log_t = start;
    let mut remaining = end - start;
    let chunk = |wg: &mut WorkGroup<'_>, log_t: u32, log_r: u32| {
        wg.phase(|it, local, _| {
            let tile = st.tile(it);
            inv_local_chunk(it, &mut local[buf..], tables, &st, tile, log_t, log_r);
        });
        // barrier(CLK_LOCAL_MEM_FENCE)
    };
    while remaining >= log_r {
        chunk(wg, log_t, log_r);
        log_t += log_r;
        remaining -= log_r;
    }
    while remaining > 0 {
        chunk(wg, log_t, 1);
        log_t += 1;
        remaining -= 1;
    }
}

/// `xehe_inv_local_finish` (with `xehe_inv_local_last` at m = 1) on local words `buf..`.
pub(crate) fn inv_local_finish<W: DeviceWord>(
    wg: &mut WorkGroup<'_>,
    buf: usize,
    tables: &Tables<'_, W>,
    consts: Global<'_>,
    st: Stage,
    start: u32,
    log_r: u32,
) {
    let finish = st.m == 1;
    let end = if finish { st.log_rows - 1 } else { st.log_rows };
    inv_local_rounds(wg, buf, tables, st, start, end, log_r);
    if finish {
        let half = st.words() / 2;
        wg.phase(|it, local, _| {
            let (_, q) = tables.component(it);
            let c = tables.rns(it) * NTT_CONST_WORDS;
            for b in items(it, half) {
                let (lo, hi) = (buf + b as usize, buf + (b + half) as usize);
                let (mut x, mut y) = (W::from_slot(local[lo]), W::from_slot(local[hi]));
                gs_last(&mut x, &mut y, consts, c, q, q.wrapping_add(q));
                local[lo] = x.to_slot();
                local[hi] = y.to_slot();
            }
        });
        // barrier(CLK_LOCAL_MEM_FENCE)
    }
}

/// `xehe_ntt_inv_stage`.
pub(crate) fn ntt_inv_stage<W: DeviceWord>(
    wg: &mut WorkGroup<'_>,
    data: Global<'_>,
    tables: &Tables<'_, W>,
    consts: Global<'_>,
    st: Stage,
    log_r: u32,
) {
    tile_load::<W>(wg, 0, data, st);
    // barrier(CLK_LOCAL_MEM_FENCE)
    inv_local_finish(wg, 0, tables, consts, st, 0, log_r);
    tile_store(wg, 0, data, st, false, tables);
}
