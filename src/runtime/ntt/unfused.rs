//! The unfused sequences that the fused transforms of [`super::rns`] replace, one kernel per
//! RNS step around a plain NTT. They give the same words as the fused paths (tests/ntt_rns.rs
//! checks it) and are what `xehe bench ckks` measures the fusions against.

use super::super::poly::RnsShape;
use super::rns::DivideRound;
use crate::kernels::divide_round::{
    ExtractArgs, FinishArgs, SpreadArgs, DIVIDE_ROUND_FINISH, DIVIDE_ROUND_SPREAD, RNS_EXTRACT,
};
use crate::kernels::key_switch::{DecomposeArgs, KS_DECOMPOSE};
use crate::runtime::backend::{Backend, DeviceBuffer, NdRange};
use crate::runtime::error::RuntimeResult;
use crate::runtime::ntt::launch::forward;
use crate::runtime::ntt::plan::NttPlan;
use crate::runtime::ntt::tables::DeviceNttTables;

/// Component `comp` of every polynomial of `src` (`[polys][src_rns][n]`) into `dst`
/// (`[polys][n]`): `rns_extract`.
pub fn extract(
    backend: &dyn Backend,
    (src, src_rns, comp): (&DeviceBuffer, usize, usize),
    dst: &DeviceBuffer,
    n: usize,
    polys: usize,
) -> RuntimeResult<()> {
    let args = ExtractArgs {
        src,
        dst,
        n: n as u32,
        src_rns: src_rns as u32,
        comp: comp as u32,
    };
    RNS_EXTRACT.launch(backend, dst.tile(), &NdRange::new([n, 1, polys]), args)?;
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
    let args = DecomposeArgs {
        c2: target,
        ext,
        ks_moduli: t.moduli().buffer(),
        n: shape.n as u32,
        decomp: shape.poly_count as u32,
    };
    let range = NdRange::new([shape.n, shape.rns_count, shape.poly_count]);
    KS_DECOMPOSE.launch(backend, ext.tile(), &range, args)?;
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
    DIVIDE_ROUND_SPREAD.launch(backend, tile, &range, spread)?;
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
    DIVIDE_ROUND_FINISH.launch(backend, tile, &range, finish)?;
    Ok(())
}
