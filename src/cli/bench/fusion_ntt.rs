//! The NTT fusions of `xehe bench ckks`' fusion section (kernels-cl/ntt_rns.cl): each fused
//! sequence against the unfused launches it replaced, on the same inputs at the context's first
//! level, after checking that both give the same words.
//!
//! - rescale: the inverse NTT reading the last component in place, then the forward NTT with
//!   the spread in its first load and the finish in its last store, against `rns_extract`,
//!   inverse NTT, `divide_round_spread`, forward NTT, `divide_round_finish`;
//! - key switching's broadcast: the forward NTT of the L × (L + 1) rows with the reduction in its
//!   first load, against `ks_decompose` and the forward NTT;
//! - key switching's mod-down by P after the P rows' inverse NTT: as rescale's second half.

use super::measure::{median_kernel_us, Bufs, FusionRow, Timing};
use crate::cli::error::err;
use crate::cli::error::{CliError, UsageError};
use std::sync::Arc;
use xehe::arith::Modulus;
use xehe::ckks::Context;
use xehe::device_ops::ntt::rns::{self as ntt_rns, DivideRound, Load, Rows, Store};
use xehe::device_ops::ntt::{self, unfused, DeviceNttTables, NttPlan};
use xehe::rns::divide_round_consts;
use xehe::rns::RnsShape;
use xehe::runtime::Backend;

fn divide_consts(targets: &[Modulus], divisor: u64) -> Result<Vec<u64>, UsageError> {
    divide_round_consts(divisor, targets).map_err(|e| UsageError(e.to_string()))
}

fn shape(n: usize, rns: usize, polys: usize) -> Result<RnsShape, UsageError> {
    RnsShape::new(n, rns, polys).map_err(err)
}

fn same(o: &Bufs<'_>, a: usize, b: usize, what: &str) -> Result<(), CliError> {
    if o.read(a).map_err(err)? != o.read(b).map_err(err)? {
        return Err(CliError::CheckFailed(format!(
            "fusion: the fused {what} differs from the unfused launches"
        )));
    }
    Ok(())
}

/// A row for one forward sequence at degree n with `plan`: (name, launches besides the NTT's,
/// timing) of the fused and unfused sides.
fn row(
    fused: (&str, usize, Timing),
    unfused: (&str, usize, Timing),
    n: usize,
    plan: &NttPlan,
) -> FusionRow {
    FusionRow::new(
        &named(fused.0, fused.1 + ntt_rns::launches(n, plan)),
        fused.2,
        named(unfused.0, unfused.1 + ntt::forward_launches(n, plan).len()),
        unfused.2,
    )
}

/// "name (k launches)".
fn named(name: &str, launches: usize) -> String {
    let s = if launches == 1 { "" } else { "es" };
    format!("{name} ({launches} launch{s})")
}

pub(super) fn run(
    dev: &Arc<dyn Backend>,
    ctx: &Context,
    reps: usize,
) -> Result<Vec<FusionRow>, CliError> {
    let b = dev.as_ref();
    let q: Vec<Modulus> = ctx.first_context_data().coeff_modulus().to_vec();
    let key = ctx.key_context_data().coeff_modulus();
    let special = key[key.len() - 1];
    let n = ctx.first_context_data().parms().poly_modulus_degree();
    let l = q.len();
    let ks_q: Vec<Modulus> = std::iter::once(special).chain(q.iter().copied()).collect();
    let data_t = DeviceNttTables::upload(dev, 0, n, &q).map_err(err)?;
    let last_t = DeviceNttTables::upload(dev, 0, n, &q[l - 1..]).map_err(err)?;
    let ks_t = DeviceNttTables::upload(dev, 0, n, &ks_q).map_err(err)?;
    let mut o = Bufs::new(b);
    let r = |e| err(e);
    let plan = |s: RnsShape| NttPlan::auto(b, s).map_err(err);
    let mut rows = Vec::new();

    // Rescale of a size-2 ciphertext at the first level: l → l − 1 primes.
    {
        let ct = o.random(2 * l * n, n, &q, 60).map_err(r)?;
        let consts = divide_consts(&q[..l - 1], q[l - 1].value())?;
        let consts = o.upload(&consts).map_err(r)?;
        let (last, tmp) = (
            o.zeros(2 * n).map_err(r)?,
            o.zeros(2 * (l - 1) * n).map_err(r)?,
        );
        let (out_f, out_u) = (
            o.zeros(2 * (l - 1) * n).map_err(r)?,
            o.zeros(2 * (l - 1) * n).map_err(r)?,
        );
        let (s1, s) = (shape(n, 1, 2)?, shape(n, l - 1, 2)?);
        let (p1, p) = (plan(s1)?, plan(s)?);
        let g = |i: usize| o.get(i);
        let divide = |out: usize| DivideRound {
            last: g(last),
            last_row: 0,
            q_last: q[l - 1].value(),
            consts: g(consts),
            x: g(ct),
            x_rns: l,
            base: g(ct),
            base_rns: l,
            add_mask: 0,
            out: g(out),
        };
        let fused = median_kernel_us(b, reps, || {
            let src = Rows::component(g(ct), l, l - 1);
            ntt_rns::inverse_rns(b, &last_t, s1, src, g(last), &p1)?;
            ntt_rns::divide_round(b, &data_t, s, &divide(out_f), &p)
        })?;
        let unfused = median_kernel_us(b, reps, || {
            unfused::extract(b, (g(ct), l, l - 1), g(last), n, 2)?;
            ntt::inverse(b, &last_t, s1, g(last), &p1)?;
            unfused::divide_round(b, &data_t, s, &divide(out_u), g(tmp), &p)
        })?;
        same(&o, out_f, out_u, "rescale")?;
        rows.push(FusionRow::new(
            &named(
                "rescale: ntt_inv_stage_rns + ntt_fwd_stage_rns",
                ntt_rns::launches(n, &p1) + ntt_rns::launches(n, &p),
            ),
            fused,
            named(
                "rns_extract + inverse NTT + divide_round_spread + forward NTT + divide_round_finish",
                3 + ntt::inverse_launches(n, &p1).len() + ntt::forward_launches(n, &p).len(),
            ),
            unfused,
        ));
    }

    // Key switching's broadcast: l decomposition components to l + 1 primes, NTT form.
    {
        let target = o.random(l * n, n, &q, 70).map_err(r)?;
        let words = l * (l + 1) * n;
        let (ext_f, ext_u) = (o.zeros(words).map_err(r)?, o.zeros(words).map_err(r)?);
        let s = shape(n, l + 1, l)?;
        let p = plan(s)?;
        let g = |i: usize| o.get(i);
        let fused = median_kernel_us(b, reps, || {
            let src = Rows::broadcast(g(target));
            ntt_rns::forward_rns(b, &ks_t, s, src, Load::Reduce, g(ext_f), Store::Reduce, &p)
        })?;
        let unfused = median_kernel_us(b, reps, || {
            unfused::broadcast_forward(b, &ks_t, s, g(target), g(ext_u), &p)
        })?;
        same(&o, ext_f, ext_u, "broadcast")?;
        rows.push(row(
            ("key-switch broadcast: ntt_fwd_stage_rns", 0, fused),
            ("ks_decompose + forward NTT", 1, unfused),
            n,
            &p,
        ));
    }

    // Key switching's mod-down by P of the two accumulators (after the P rows' inverse NTT,
    // which both sides share), adding the ciphertext's first polynomial.
    {
        let last = o.random(2 * n, n, &ks_q[..1], 80).map_err(r)?;
        let acc = o.random(2 * l * n, n, &q, 81).map_err(r)?;
        let consts = divide_consts(&q, special.value())?;
        let consts = o.upload(&consts).map_err(r)?;
        let tmp = o.zeros(2 * l * n).map_err(r)?;
        let (out_f, out_u) = (
            o.zeros(2 * l * n).map_err(r)?,
            o.zeros(2 * l * n).map_err(r)?,
        );
        let s = shape(n, l, 2)?;
        let p = plan(s)?;
        let g = |i: usize| o.get(i);
        let divide = |out: usize| DivideRound {
            last: g(last),
            last_row: 0,
            q_last: special.value(),
            consts: g(consts),
            x: g(acc),
            x_rns: l,
            base: g(acc),
            base_rns: l,
            add_mask: 0b01,
            out: g(out),
        };
        let fused = median_kernel_us(b, reps, || {
            ntt_rns::divide_round(b, &data_t, s, &divide(out_f), &p)
        })?;
        let unfused = median_kernel_us(b, reps, || {
            unfused::divide_round(b, &data_t, s, &divide(out_u), g(tmp), &p)
        })?;
        same(&o, out_f, out_u, "mod-down")?;
        rows.push(row(
            ("mod-down by P: ntt_fwd_stage_rns", 0, fused),
            (
                "divide_round_spread + forward NTT + divide_round_finish",
                2,
                unfused,
            ),
            n,
            &p,
        ));
    }
    drop(o);
    drop((data_t, last_t, ks_t));
    Ok(rows)
}
