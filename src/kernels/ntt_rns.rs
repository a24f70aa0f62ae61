//! Rust mirrors of kernels-cl/ntt_rns.cl: NTT stages whose first load and last store carry the
//! RNS steps around the transform (key switching's broadcast, hybrid key switching's ModUp and
//! ModDown conversions, division with rounding's spread and finish, rescale's extraction of the
//! last component).

use super::key_switch::HOISTED_STEPS;
use super::mod_arith::{add_mod, mul_shoup_lazy, reduce_4q, sub_if_ge, sub_mod, DeviceWord, Row};
use super::ntt_core::{
    fwd_local_rounds, inv_local_finish, items, row_base, stage_view, tile_load, tile_store, Axes,
    Stage, Tables,
};
use crate::exec::{kernel_args, word_kernel, Global, KernelModule, SimArgs, SimKernel, WorkGroup};
use std::marker::PhantomData;

pub static MODULE: KernelModule = KernelModule {
    name: "ntt_rns",
    source: include_str!("../../kernels-cl/ntt_rns.cl"),
    spirv: include_bytes!("../../spirv-kernels/ntt_rns.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
    word_bits: 64,
    kernels: &[
        &NTT_FWD_STAGE_RNS.w64.spec,
        &NTT_INV_STAGE_RNS.w64.spec,
        &NTT_FWD_STAGE_MOD_DOWN.w64.spec,
        &NTT_FWD_STAGE_FINISH_STEPS.w64.spec,
        &MOD_DOWN_LAST_ROW.w64.spec,
        &MOD_DOWN_RESCALE_BASE.w64.spec,
    ],
};

/// The 32-bit build of the same source (`XEHE_WORD_BITS=32`). The `q_src` and `q_last` scalars
/// stay 64-bit in both builds; the kernels narrow them to the word.
pub static MODULE_W32: KernelModule = KernelModule {
    name: "ntt_rns_w32",
    source: include_str!("../../kernels-cl/ntt_rns.cl"),
    spirv: include_bytes!("../../spirv-kernels/ntt_rns_w32.spv"),
    prelude: "#define XEHE_WORD_BITS 32\n",
    shuffle_size: None,
    fp64: false,
    word_bits: 32,
    kernels: &[
        &NTT_FWD_STAGE_RNS.w32.spec,
        &NTT_INV_STAGE_RNS.w32.spec,
        &NTT_FWD_STAGE_MOD_DOWN.w32.spec,
        &NTT_FWD_STAGE_FINISH_STEPS.w32.spec,
        &MOD_DOWN_LAST_ROW.w32.spec,
        &MOD_DOWN_RESCALE_BASE.w32.spec,
    ],
};

kernel_args! {
    /// `ntt_fwd_stage_rns`: a forward local-memory stage whose first load reads row
    /// `p·src_poly + i·src_comp + src_first` of `src` through `load_mode` ([`LoadMode`]), and
    /// whose last store goes through `store_mode` ([`StoreMode`]; `Finish` reads `x`, `base`,
    /// `add_mask` and `consts`). `alpha` > 0 makes the transform key switching's digits of
    /// `alpha` primes after `specials` special ones, the first short by `lead` (a level that
    /// starts `lead` primes into a key digit), whose own rows are skipped ([`own_digit_row`]).
    pub struct FwdStageRnsArgs {
        src: In, dst: Out, roots: In, roots_shoup: In, moduli: In,
        n: U32, rns_count: U32, m: U32, log_rows: U32, log_cols: U32,
        src_poly: U32, src_comp: U32, src_first: U32,
        load_mode: U32, q_src: U64, consts: In, store_mode: U32,
        x: In, x_rns: U32, base: In, base_rns: U32, add_mask: U32,
        specials: U32, alpha: U32, lead: U32,
        buf: Local,
    }
}
kernel_args! {
    /// `ntt_fwd_stage_mod_down`: hybrid key switching's ModDown as a forward stage's first load
    /// (the base conversion of polynomial p's `specials` scaled rows, row
    /// `p·v_poly + v_first + k` of `v`, with the constants `convert`: `xehe_mod_down_word`), stored
    /// as [`FwdStageRnsArgs`]' stages store (`Finish` reading `consts`, `x`, `base`). With
    /// `q_last` > 0 the conversion also takes P times the rescale's spread of row p of `last`
    /// (the centred last row, coefficient form modulo `q_last`; `rescale`: the constant
    /// subtracted and P, modulo each data prime).
    pub struct FwdStageModDownArgs {
        v: In, dst: Out, roots: In, roots_shoup: In, moduli: In,
        n: U32, rns_count: U32, m: U32, log_rows: U32, log_cols: U32,
        v_poly: U32, v_first: U32, convert: In, specials: U32, data_primes: U32,
        last: In, q_last: U64, rescale: In,
        store_mode: U32, consts: In,
        x: In, x_rns: U32, base: In, base_rns: U32, add_mask: U32,
        buf: Local,
    }
}
kernel_args! {
    /// `ntt_fwd_stage_finish_steps`: the last forward stage of the divisions by P of up to
    /// [`HOISTED_STEPS`] steps of one hoisted rotation (polynomial p is polynomial p & 1 of step
    /// p >> 1), from its own layout in `src` to step s's `dst<s>` (`[2][rns_count][n]`) through
    /// the finish: (`x<s>` − v) · `consts` (a Shoup product with `inv_shoup`), plus on the first polynomial `c0`'s row read
    /// through `perm<s>`. The arguments past the launch's steps are bound but not read.
    pub struct FwdStageFinishStepsArgs {
        src: In, roots: In, roots_shoup: In, moduli: In,
        n: U32, rns_count: U32, m: U32, log_rows: U32, log_cols: U32,
        consts: In, inv_shoup: In, c0: In,
        perm0: In, perm1: In, perm2: In, perm3: In, perm4: In, perm5: In, perm6: In, perm7: In,
        x0: In, x1: In, x2: In, x3: In, x4: In, x5: In, x6: In, x7: In, x_rns: U32,
        dst0: Out, dst1: Out, dst2: Out, dst3: Out, dst4: Out, dst5: Out, dst6: Out, dst7: Out,
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
kernel_args! {
    /// `mod_down_last_row`: a division by P's row `i` in coefficient form, centred for the
    /// rescale by q_i, in place in `y` (`[poly][n]`): y − u · P^-1 + ⌊q_i/2⌋ modulo q_i, u
    /// being ModDown's conversion of polynomial p's scaled special rows (`v`,
    /// `[poly][specials][n]`).
    pub struct ModDownLastRowArgs {
        v: In, y: Out, convert: In, consts: In, moduli: In,
        n: U32, specials: U32, data_primes: U32, i: U32,
    }
}
kernel_args! {
    /// `mod_down_rescale_base`: the added base of ModDown fused with a rescale, `[2][rns_count][n]`:
    /// c · scales\[i\] on the rows but the last, x · scales\[i\] + c on the last.
    pub struct ModDownRescaleBaseArgs {
        c: In, x: In, out: Out, scales: In, moduli: In, n: U32, rns_count: U32,
    }
}
word_kernel! {
    pub static MOD_DOWN_LAST_ROW: ModDownLastRowArgs =
        "mod_down_last_row" in MODULE | MODULE_W32, mirror ModDownLastRow;
    pub static MOD_DOWN_RESCALE_BASE: ModDownRescaleBaseArgs =
        "mod_down_rescale_base" in MODULE | MODULE_W32, mirror ModDownRescaleBase;
    pub static NTT_FWD_STAGE_RNS: FwdStageRnsArgs =
        "ntt_fwd_stage_rns" in MODULE | MODULE_W32, mirror NttFwdStageRns;
    pub static NTT_INV_STAGE_RNS: InvStageRnsArgs =
        "ntt_inv_stage_rns" in MODULE | MODULE_W32, mirror NttInvStageRns;
    pub static NTT_FWD_STAGE_MOD_DOWN: FwdStageModDownArgs =
        "ntt_fwd_stage_mod_down" in MODULE | MODULE_W32, mirror NttFwdStageModDown;
    pub static NTT_FWD_STAGE_FINISH_STEPS: FwdStageFinishStepsArgs =
        "ntt_fwd_stage_finish_steps" in MODULE | MODULE_W32, mirror NttFwdStageFinishSteps;
}
stage_view!(
    FwdStageRnsArgs,
    InvStageRnsArgs,
    FwdStageModDownArgs,
    FwdStageFinishStepsArgs
);

/// The store epilogue of the forward stage kernels (`XEHE_TILE_STORE_RNS`), from their own
/// arguments.
macro_rules! store_view {
    ($($args:ident),*) => {$(
        impl $args<'_, crate::exec::Mirror> {
            fn store<W: DeviceWord>(&self, wg: &mut WorkGroup<'_>, st: Stage) {
                let finish = Finish {
                    consts: self.consts,
                    x: self.x,
                    x_rns: self.x_rns as usize,
                    base: self.base,
                    base_rns: self.base_rns as usize,
                    add_mask: self.add_mask,
                };
                let store = store_mode(self.store_mode);
                tile_store_rns::<W>(wg, st, self.dst, self.moduli, store, finish);
            }
        }
    )*};
}
store_view!(FwdStageRnsArgs, FwdStageModDownArgs);

/// `XEHE_LOAD_*`: how a stage's first load transforms the words it reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum LoadMode {
    Plain = 0,
    /// Reduced modulo the component's prime (key switching's broadcast).
    Reduce = 1,
    /// Centred, reduced, shifted back (division with rounding's spread).
    Spread = 2,
    /// Hybrid key switching's ModUp: the fast base conversion of a digit's scaled residues.
    ModUp = 3,
}

/// `xehe_own_digit_row`: whether component `i` of polynomial `p` is one of digit p's own primes,
/// which the digits' transform skips. Digit p holds the level's primes
/// [max(p·alpha − lead, 0), min((p + 1)·alpha − lead, level)).
pub fn own_digit_row(p: usize, i: usize, (specials, alpha, lead): (u32, u32, u32)) -> bool {
    let (specials, alpha, lead) = (specials as usize, alpha as usize, lead as usize);
    alpha > 0 && i >= specials && (i - specials + lead) / alpha == p
}

/// `xehe_mod_up_word`: word `w` of digit `p` modulo key-switch prime `i`, converted from the
/// digit's scaled residues `v` (`[level][n]`) with the ModUp constants; the sum folded after
/// every `XEHE_MAC_TERMS` products.
#[allow(clippy::too_many_arguments)]
fn mod_up_word<W: DeviceWord>(
    v: Global<'_>,
    w: usize,
    (p, i): (usize, usize),
    (n, rns_count): (usize, usize),
    (specials, alpha, lead): (usize, usize, usize),
    consts: Global<'_>,
    row: &Row<W>,
) -> W {
    let level = rns_count - specials;
    let first = if p == 0 { 0 } else { p * alpha - lead };
    let count = ((p + 1) * alpha - lead).min(level) - first;
    let zero = W::default();
    let mut acc = W::mac_init(zero, zero);
    let (mut k, mut end) = (0, W::MAC_TERMS);
    loop {
        while k < end.min(count) {
            let x = v.load_as::<W>((first + k) * n + w);
            let c = consts.load_as::<W>(level + (first + k) * rns_count + i);
            W::mac(&mut acc, x, c);
            k += 1;
        }
        if k == count {
            break;
        }
        W::mac_fold(&mut acc, row.words());
        end += W::MAC_TERMS;
    }
    W::mac_reduce(&acc, row.words())
}

/// `xehe_mod_down_word`: word `w` modulo data prime `i`, converted from one polynomial's scaled
/// special rows `v` (from row `v_row`) with ModDown's constants, plus `extra`·`extra_c`, minus
/// `sub`; the sum folded after every `XEHE_MAC_TERMS` terms, the extra one first.
#[allow(clippy::too_many_arguments)]
fn mod_down_word<W: DeviceWord>(
    v: Global<'_>,
    (v_row, w, i): (usize, usize, usize),
    (n, specials, data_primes): (usize, usize, usize),
    convert: Global<'_>,
    (extra, extra_c, sub): (W, W, W),
    row: &Row<W>,
) -> W {
    let punct = 2 * specials + data_primes;
    let mut acc = W::mac_init(extra, extra_c);
    let (mut k, mut end) = (0, W::MAC_TERMS - 1);
    loop {
        while k < end.min(specials) {
            let x = v.load_as::<W>((v_row + k) * n + w);
            let c = convert.load_as::<W>(punct + k * data_primes + i);
            W::mac(&mut acc, x, c);
            k += 1;
        }
        if k == specials {
            break;
        }
        W::mac_fold(&mut acc, row.words());
        end += W::MAC_TERMS;
    }
    sub_mod(W::mac_reduce(&acc, row.words()), sub, row.q())
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

/// `xehe_tile_load_rns` into local words `0..` (one phase, then the barrier); `q_src` is the
/// kernel's 64-bit scalar narrowed to the word, as the OpenCL C passes it.
#[allow(clippy::too_many_arguments)]
fn tile_load_rns<W: DeviceWord>(
    wg: &mut WorkGroup<'_>,
    src: Global<'_>,
    st: Stage,
    rows: Rows,
    mode: LoadMode,
    q_src: W,
    moduli: Global<'_>,
    consts: Global<'_>,
    digits: (u32, u32, u32),
) {
    wg.phase(|it, local, _| {
        let t = st.tile(it);
        let (p, i) = st.axes.row(it);
        let own = row_base(st.n, st.rns_count, (p, i));
        let s = (p * rows.poly + i * rows.comp + rows.first) * st.n as usize;
        let row = Row::<W>::load(moduli, i);
        if mode == LoadMode::ModUp {
            let shape = (st.n as usize, st.rns_count as usize);
            let digits = (digits.0 as usize, digits.1 as usize, digits.2 as usize);
            for e in items(it, st.words()) {
                let w = st.word(t, e) - own;
                local[e as usize] =
                    mod_up_word(src, w, (p, i), shape, digits, consts, &row).to_slot();
            }
            return;
        }
        let q = row.q();
        let shift = if mode == LoadMode::Spread {
            consts.load_as::<W>(2 * i + 1)
        } else {
            W::default()
        };
        let half_q_src = W::from_u64(q_src.to_u64() >> 1);
        for e in items(it, st.words()) {
            let mut v = src.load_as::<W>(s + st.word(t, e) - own);
            if mode == LoadMode::Spread {
                v = add_mod(v, half_q_src, q_src);
            }
            if mode != LoadMode::Plain {
                v = W::reduce_word(v, row.words());
            }
            if mode == LoadMode::Spread {
                v = sub_mod(v, shift, q);
            }
            local[e as usize] = v.to_slot();
        }
    });
}

fn load_mode(v: u32) -> LoadMode {
    match v {
        1 => LoadMode::Reduce,
        2 => LoadMode::Spread,
        3 => LoadMode::ModUp,
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

/// The finish's inputs (`StoreMode::Finish`): the division's constants, the dividend `x` and the
/// added `base` (`[poly][x_rns or base_rns][n]`), added where `add_mask` has the polynomial's
/// bit.
#[derive(Clone, Copy)]
struct Finish<'a> {
    consts: Global<'a>,
    x: Global<'a>,
    x_rns: usize,
    base: Global<'a>,
    base_rns: usize,
    add_mask: u32,
}

/// `xehe_tile_store_rns`: the tile in local words `0..` to `dst` through `store`.
fn tile_store_rns<W: DeviceWord>(
    wg: &mut WorkGroup<'_>,
    st: Stage,
    dst: Global<'_>,
    moduli: Global<'_>,
    store: StoreMode,
    f: Finish<'_>,
) {
    let Finish {
        consts,
        x,
        x_rns,
        base,
        base_rns,
        add_mask,
    } = f;
    wg.phase(|it, local, _| {
        let t = st.tile(it);
        let (p, i) = st.axes.row(it);
        let own = row_base(st.n, st.rns_count, (p, i));
        let n = st.n as usize;
        let row = Row::<W>::load(moduli, i);
        let q = row.q();
        let (xr, br) = ((p * x_rns + i) * n, (p * base_rns + i) * n);
        let inv = if store == StoreMode::Finish {
            consts.load_as::<W>(2 * i)
        } else {
            W::default()
        };
        let add = p < 32 && (add_mask >> p) & 1 == 1;
        for e in items(it, st.words()) {
            let o = st.word(t, e);
            let mut v = W::from_slot(local[e as usize]);
            if store != StoreMode::Plain {
                v = reduce_4q(v, q, q.wrapping_add(q));
            }
            if store == StoreMode::Finish {
                let w = o - own;
                v = W::mul_mod_row(sub_mod(x.load_as::<W>(xr + w), v, q), inv, row.words());
                if add {
                    v = add_mod(base.load_as::<W>(br + w), v, q);
                }
            }
            dst.store_as(o, v);
        }
    });
}

/// `ntt_fwd_stage_rns`.
pub struct NttFwdStageRns<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for NttFwdStageRns<W> {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        FwdStageRnsArgs::view(args).buf
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = FwdStageRnsArgs::view(args);
        let st = a.stage().with_axes(Axes::PrimeMajor);
        let (p, i) = st.axes.ids(wg.first_global_id());
        if own_digit_row(p, i, (a.specials, a.alpha, a.lead)) {
            return;
        }
        let tables = Tables::<W>::new(a.roots, a.roots_shoup, a.moduli, st.n).with_axes(st.axes);
        let (src, moduli, consts) = (a.src, a.moduli, a.consts);
        let rows = Rows::new(a.src_poly, a.src_comp, a.src_first);
        let (load, q_src) = (load_mode(a.load_mode), W::from_u64(a.q_src));
        let digits = (a.specials, a.alpha, a.lead);
        tile_load_rns(wg, src, st, rows, load, q_src, moduli, consts, digits);
        // barrier(CLK_LOCAL_MEM_FENCE)
        fwd_local_rounds(wg, 0, &tables, st, 0, 3);
        a.store::<W>(wg, st);
    }
}

/// `ntt_fwd_stage_mod_down`.
pub struct NttFwdStageModDown<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for NttFwdStageModDown<W> {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        FwdStageModDownArgs::view(args).buf
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = FwdStageModDownArgs::view(args);
        // Polynomial-major, unlike the other RNS stages (ntt_rns.cl says why).
        let st = a.stage().with_axes(Axes::PolyMajor);
        let tables = Tables::<W>::new(a.roots, a.roots_shoup, a.moduli, st.n).with_axes(st.axes);
        let (v, moduli, convert) = (a.v, a.moduli, a.convert);
        let (last, q_last, rescale) = (a.last, a.q_last, a.rescale);
        let (v_poly, v_first) = (a.v_poly as usize, a.v_first as usize);
        let sizes = (st.n as usize, a.specials as usize, a.data_primes as usize);
        wg.phase(|it, local, _| {
            let t = st.tile(it);
            let (p, i) = st.axes.row(it);
            let own = row_base(st.n, st.rns_count, (p, i));
            let row = Row::<W>::load(moduli, i);
            let v_row = p * v_poly + v_first;
            let (extra_c, sub) = if q_last != 0 {
                (rescale.load_as::<W>(2 * i + 1), rescale.load_as::<W>(2 * i))
            } else {
                (W::default(), convert.load_as::<W>(2 * sizes.1 + i))
            };
            for e in items(it, st.words()) {
                let w = st.word(t, e) - own;
                let extra = if q_last != 0 {
                    last.load_as::<W>(p * st.n as usize + w)
                } else {
                    W::default()
                };
                let terms = (extra, extra_c, sub);
                local[e as usize] =
                    mod_down_word(v, (v_row, w, i), sizes, convert, terms, &row).to_slot();
            }
        });
        // barrier(CLK_LOCAL_MEM_FENCE)
        fwd_local_rounds(wg, 0, &tables, st, 0, 3);
        a.store::<W>(wg, st);
    }
}

/// `mod_down_last_row`.
pub struct ModDownLastRow<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for ModDownLastRow<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = ModDownLastRowArgs::view(args);
        let (v, y, convert, consts) = (a.v, a.y, a.convert, a.consts);
        let (n, specials, i) = (a.n as usize, a.specials as usize, a.i as usize);
        let (sizes, moduli) = ((n, specials, a.data_primes as usize), a.moduli);
        wg.phase(|it, _, _| {
            let [w, p, _] = it.global_id;
            let row = Row::<W>::load(moduli, i);
            let q = row.q();
            let zero = W::default();
            let terms = (zero, zero, convert.load_as::<W>(2 * specials + i));
            let u = mod_down_word(v, (p * specials, w, i), sizes, convert, terms, &row);
            let o = p * n + w;
            let scaled = W::mul_mod_row(u, consts.load_as::<W>(2 * i), row.words());
            let d = sub_mod(y.load_as::<W>(o), scaled, q);
            y.store_as(o, add_mod(d, W::from_u64(q.to_u64() >> 1), q));
        });
    }
}

/// `mod_down_rescale_base`.
pub struct ModDownRescaleBase<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for ModDownRescaleBase<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = ModDownRescaleBaseArgs::view(args);
        let (c, x, out, scales, moduli) = (a.c, a.x, a.out, a.scales, a.moduli);
        let (n, rns_count) = (a.n, a.rns_count);
        wg.phase(|it, _, _| {
            let [w, i, p] = it.global_id;
            let o = row_base(n, rns_count, (p, i)) + w;
            let row = Row::<W>::load(moduli, i);
            let last = i + 1 == rns_count as usize;
            let (a, b) = if last {
                (x.load_as::<W>(o), c.load_as::<W>(o))
            } else {
                (c.load_as::<W>(o), W::default())
            };
            out.store_as(o, W::mad_mod_row(a, scales.load_as::<W>(i), b, row.words()));
        });
    }
}

/// `ntt_fwd_stage_finish_steps`.
pub struct NttFwdStageFinishSteps<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for NttFwdStageFinishSteps<W> {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        FwdStageFinishStepsArgs::view(args).buf
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = FwdStageFinishStepsArgs::view(args);
        let st = a.stage().with_axes(Axes::PrimeMajor);
        let tables = Tables::<W>::new(a.roots, a.roots_shoup, a.moduli, st.n).with_axes(st.axes);
        let perms = [
            a.perm0, a.perm1, a.perm2, a.perm3, a.perm4, a.perm5, a.perm6, a.perm7,
        ];
        let xs = [a.x0, a.x1, a.x2, a.x3, a.x4, a.x5, a.x6, a.x7];
        let dsts = [
            a.dst0, a.dst1, a.dst2, a.dst3, a.dst4, a.dst5, a.dst6, a.dst7,
        ];
        let (moduli, consts, inv_shoup, c0) = (a.moduli, a.consts, a.inv_shoup, a.c0);
        let (n, x_rns, rns_count) = (st.n as usize, a.x_rns as usize, st.rns_count as usize);
        tile_load::<W>(wg, 0, a.src, st);
        // barrier(CLK_LOCAL_MEM_FENCE)
        fwd_local_rounds(wg, 0, &tables, st, 0, 3);
        wg.phase(|it, local, _| {
            let t = st.tile(it);
            let (p, i) = st.axes.row(it);
            let own = row_base(st.n, st.rns_count, (p, i));
            // XEHE_STEP: the last arguments serve every step past the seventh.
            let (s, second) = ((p >> 1).min(HOISTED_STEPS - 1), p & 1);
            let q = moduli.load_as::<W>(i * W::MODULUS_WORDS);
            let xr = (second * x_rns + i) * n;
            let out = (second * rns_count + i) * n;
            let (inv, inv_s) = (consts.load_as::<W>(2 * i), inv_shoup.load_as::<W>(i));
            for e in items(it, st.words()) {
                let w = st.word(t, e) - own;
                let mut v = reduce_4q(W::from_slot(local[e as usize]), q, q.wrapping_add(q));
                v = sub_mod(xs[s].load_as::<W>(xr + w), v, q);
                v = sub_if_ge(mul_shoup_lazy(v, inv, inv_s, q), q);
                if second == 0 {
                    let from = perms[s].load_as::<W>(w).to_u64() as usize;
                    v = add_mod(c0.load_as::<W>(i * n + from), v, q);
                }
                dsts[s].store_as(out + w, v);
            }
        });
    }
}

/// `ntt_inv_stage_rns`.
pub struct NttInvStageRns<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for NttInvStageRns<W> {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        InvStageRnsArgs::view(args).buf
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = InvStageRnsArgs::view(args);
        let st = a.stage().with_axes(Axes::PrimeMajor);
        let tables = Tables::<W>::new(a.roots, a.roots_shoup, a.moduli, st.n).with_axes(st.axes);
        let (src, dst, moduli, consts) = (a.src, a.dst, a.moduli, a.consts);
        let rows = Rows::new(a.src_poly, a.src_comp, a.src_first);
        tile_load_rns::<W>(
            wg,
            src,
            st,
            rows,
            LoadMode::Plain,
            W::default(),
            moduli,
            consts,
            (0, 0, 0),
        );
        // barrier(CLK_LOCAL_MEM_FENCE)
        inv_local_finish(wg, 0, &tables, consts, st, 0, 3);
        tile_store(wg, 0, dst, st, false, &tables);
    }
}
