//! The unfused sequences that the fused transforms of [`super::rns`] replace, one kernel per
//! RNS step around a plain NTT. They give the same words as the fused paths (tests/ntt_rns.rs
//! checks it) and are what `xehe bench ckks` measures the fusions against.

use super::rns::{check_finish, DivideRound, Rows};
use crate::device_ops::ntt::launch::forward;
use crate::device_ops::ntt::plan::NttPlan;
use crate::device_ops::ntt::tables::DeviceNttTables;
use crate::kernels::divide_round::{
    ExtractArgs, FinishArgs, SpreadArgs, DIVIDE_ROUND_FINISH, DIVIDE_ROUND_SPREAD, RNS_EXTRACT,
};
use crate::kernels::key_switch::{DecomposeArgs, KS_DECOMPOSE};
use crate::rns::RnsShape;
use crate::runtime::{Backend, DeviceBuffer, NdRange};
use crate::runtime::{RuntimeError, RuntimeResult};

/// Component `comp` of every polynomial of `src` (`[polys][src_rns][n]`) into `dst`
/// (`[polys][n]`): `rns_extract`.
pub fn extract(
    backend: &dyn Backend,
    (src, src_rns, comp): (&DeviceBuffer, usize, usize),
    dst: &DeviceBuffer,
    n: usize,
    polys: usize,
) -> RuntimeResult<()> {
    let rows = RnsShape::new(n, 1, polys)?;
    if comp >= src_rns {
        return Err(RuntimeError::InvalidShape(format!(
            "component {comp} of polynomials of {src_rns} components"
        )));
    }
    Rows::component(src, src_rns, comp).check(rows, "extracted rows")?;
    Rows::own(dst, rows).check(rows, "extracted rows' destination")?;
    let args = ExtractArgs {
        src,
        dst,
        n: n as u32,
        src_rns: src_rns as u32,
        comp: comp as u32,
    };
    // SAFETY: work-item (t, 0, p) reads word (p·src_rns + comp)·n + t of `src` and writes
    // word p·n + t of `dst`, both checked above (n and the strides in 32 bits).
    unsafe { RNS_EXTRACT.launch(backend, dst.tile(), &NdRange::new([n, 1, polys]), args)? };
    Ok(())
}

/// Key switching's broadcast and forward NTT, unfused: `ks_decompose` of the `shape.poly_count`
/// rows of `target` to every prime of `t` into `ext` (laid out as `shape`), then the forward
/// NTT of `ext`. The fused form is [`super::rns::forward_rns`] with
/// [`super::rns::Load::Reduce`].
pub fn broadcast_forward(
    backend: &dyn Backend,
    t: &DeviceNttTables,
    shape: RnsShape,
    target: &DeviceBuffer,
    ext: &DeviceBuffer,
    plan: &NttPlan,
) -> RuntimeResult<()> {
    // The kernel writes component c of digit j at row j·(digits + 1) + c of `ext`.
    t.check(shape, ext)?;
    let digits = shape.poly_count;
    let rows = (digits - 1)
        .checked_mul(digits + 1)
        .and_then(|r| r.checked_add(shape.rns_count));
    let needed = rows.and_then(|r| r.checked_mul(shape.n));
    if needed.is_none_or(|w| ext.words() < w) || u32::try_from(digits).is_err() {
        return Err(RuntimeError::BufferTooSmall {
            what: "key-switching digits".into(),
            needed: needed.unwrap_or(usize::MAX),
            available: ext.words(),
        });
    }
    Rows::broadcast(target).check(shape, "key-switching target rows")?;
    let args = DecomposeArgs {
        c2: target,
        ext,
        ks_moduli: t.moduli().buffer(),
        n: shape.n as u32,
        decomp: shape.poly_count as u32,
    };
    let range = NdRange::new([shape.n, shape.rns_count, shape.poly_count]);
    // SAFETY: work-item (t, c, j) reads word j·n + t of `target` and writes row
    // j·(digits + 1) + c of `ext`, both checked above; row c of the tables' moduli (t.check).
    unsafe { KS_DECOMPOSE.launch(backend, ext.tile(), &range, args)? };
    forward(backend, t, shape, ext, plan)
}

/// A [`DivideRound`] unfused: `divide_round_spread` into `tmp` (laid out as `shape`), the
/// forward NTT of `tmp`, `divide_round_finish`. The fused form is [`super::rns::divide_round`].
pub fn divide_round(
    backend: &dyn Backend,
    t: &DeviceNttTables,
    shape: RnsShape,
    d: &DivideRound<'_>,
    tmp: &DeviceBuffer,
    plan: &NttPlan,
) -> RuntimeResult<()> {
    t.check(shape, tmp)?;
    t.check(shape, d.out)?;
    // The spread reads row p of `last` for polynomial p (this sequence has no `last_row`).
    Rows::broadcast(d.last).check(shape, "divisor rows")?;
    check_finish(
        shape,
        d.consts,
        (d.x, d.x_rns),
        (d.base, d.base_rns),
        d.add_mask,
    )?;
    let (n, rns) = (shape.n as u32, shape.rns_count as u32);
    let range = NdRange::new([shape.n, shape.rns_count, shape.poly_count]);
    let moduli = t.moduli().buffer();
    let tile = d.out.tile();
    let spread = SpreadArgs {
        last: d.last,
        tmp,
        moduli,
        consts: d.consts,
        q_last: d.q_last,
        n,
        rns_count: rns,
    };
    // SAFETY: work-item (t, i, p) reads word p·n + t of `last`, words 2i, 2i + 1 of the
    // constants and row i of the moduli, and writes word (p·rns + i)·n + t of `tmp`: all
    // checked above.
    unsafe { DIVIDE_ROUND_SPREAD.launch(backend, tile, &range, spread)? };
    forward(backend, t, shape, tmp, plan)?;
    let finish = FinishArgs {
        x: d.x,
        tmp,
        base: d.base,
        out: d.out,
        moduli,
        consts: d.consts,
        n,
        rns_count: rns,
        x_rns: d.x_rns as u32,
        base_rns: d.base_rns as u32,
        add_mask: d.add_mask,
    };
    // SAFETY: work-item (t, i, p) reads row p·x_rns + i of `x`, row p·base_rns + i of
    // `base` where bit p of the mask is set, word (p·rns + i)·n + t of `tmp` and `out`: all
    // checked above.
    unsafe { DIVIDE_ROUND_FINISH.launch(backend, tile, &range, finish)? };
    Ok(())
}
