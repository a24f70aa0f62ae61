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

/// The check of one comparison: both sides wrote the same words.
fn same(o: &Bufs<'_>, a: usize, b: usize, what: &str) -> Result<(), CliError> {
    if o.read(a).map_err(err)? != o.read(b).map_err(err)? {
        return Err(CliError::CheckFailed(format!(
            "fusion: the fused {what} differs from the unfused launches"
        )));
    }
    Ok(())
}

/// "name (k launches)".
fn named(name: &str, launches: usize) -> String {
    let s = if launches == 1 { "" } else { "es" };
    format!("{name} ({launches} launch{s})")
}

/// The NTT fusions, each measured on its own inputs, then checked (both sides' words equal),
/// then reported as a row.
pub(super) fn run(
    dev: &Arc<dyn Backend>,
    ctx: &Context,
    reps: usize,
) -> Result<Vec<FusionRow>, CliError> {
    let mut lv = Level::new(dev, ctx)?;
    let rescale = measure_rescale(&mut lv, reps)?;
    same(&lv.o, rescale.outs.0, rescale.outs.1, "rescale")?;
    let broadcast = measure_broadcast(&mut lv, reps)?;
    same(&lv.o, broadcast.outs.0, broadcast.outs.1, "broadcast")?;
    let mod_down = measure_mod_down(&mut lv, reps)?;
    same(&lv.o, mod_down.outs.0, mod_down.outs.1, "mod-down")?;
    drop(lv);
    Ok(report(rescale, broadcast, mod_down))
}

/// The context's first level: its l primes of degree n, with the special prime first in
/// `ks_q`, their NTT tables on the device, and the buffers the comparisons make. Dropped in
/// field order: the buffers, then the tables.
struct Level<'a> {
    b: &'a dyn Backend,
    o: Bufs<'a>,
    data_t: DeviceNttTables,
    last_t: DeviceNttTables,
    ks_t: DeviceNttTables,
    q: Vec<Modulus>,
    ks_q: Vec<Modulus>,
    special: Modulus,
    n: usize,
    l: usize,
}

impl<'a> Level<'a> {
    fn new(dev: &'a Arc<dyn Backend>, ctx: &Context) -> Result<Self, CliError> {
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
        Ok(Level {
            b,
            o: Bufs::new(b),
            data_t,
            last_t,
            ks_t,
            q,
            ks_q,
            special,
            n,
            l,
        })
    }

    /// The automatic plan for `s`.
    fn plan(&self, s: RnsShape) -> Result<NttPlan, UsageError> {
        NttPlan::auto(self.b, s).map_err(err)
    }
}

/// One fused sequence and the unfused launches it replaced, timed on the same inputs: each
/// side's timing and launch count, and the buffers (fused, unfused) they wrote.
struct Measured {
    fused: Timing,
    fused_launches: usize,
    unfused: Timing,
    unfused_launches: usize,
    outs: (usize, usize),
}

impl Measured {
    fn row(&self, fused: &str, unfused: &str) -> FusionRow {
        FusionRow::new(
            &named(fused, self.fused_launches),
            self.fused,
            named(unfused, self.unfused_launches),
            self.unfused,
        )
    }
}

/// Rescale of a size-2 ciphertext at the first level: l → l − 1 primes.
fn measure_rescale(lv: &mut Level<'_>, reps: usize) -> Result<Measured, CliError> {
    let (n, l) = (lv.n, lv.l);
    let r = |e| err(e);
    let o = &mut lv.o;
    let ct = o.random(2 * l * n, n, &lv.q, 60).map_err(r)?;
    let consts = divide_consts(&lv.q[..l - 1], lv.q[l - 1].value())?;
    let consts = o.upload(&consts).map_err(r)?;
    let (last, tmp) = (
        o.zeros(2 * n).map_err(r)?,
        o.zeros(2 * (l - 1) * n).map_err(r)?,
    );
    let (out_f, out_u) = (
        o.zeros(2 * (l - 1) * n).map_err(r)?,
        o.zeros(2 * (l - 1) * n).map_err(r)?,
    );
    let lv = &*lv;
    let b = lv.b;
    let (s1, s) = (shape(n, 1, 2)?, shape(n, l - 1, 2)?);
    let (p1, p) = (lv.plan(s1)?, lv.plan(s)?);
    let g = |i: usize| lv.o.get(i);
    let divide = |out: usize| DivideRound {
        last: g(last),
        last_row: 0,
        q_last: lv.q[l - 1].value(),
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
        ntt_rns::inverse_rns(b, &lv.last_t, s1, src, g(last), &p1)?;
        ntt_rns::divide_round(b, &lv.data_t, s, &divide(out_f), &p)
    })?;
    let unfused = median_kernel_us(b, reps, || {
        unfused::extract(b, (g(ct), l, l - 1), g(last), n, 2)?;
        ntt::inverse(b, &lv.last_t, s1, g(last), &p1)?;
        unfused::divide_round(b, &lv.data_t, s, &divide(out_u), g(tmp), &p)
    })?;
    Ok(Measured {
        fused,
        fused_launches: ntt_rns::launches(n, &p1) + ntt_rns::launches(n, &p),
        unfused,
        unfused_launches: 3
            + ntt::inverse_launches(n, &p1).len()
            + ntt::forward_launches(n, &p).len(),
        outs: (out_f, out_u),
    })
}

/// Key switching's broadcast: l decomposition components to l + 1 primes, NTT form.
fn measure_broadcast(lv: &mut Level<'_>, reps: usize) -> Result<Measured, CliError> {
    let (n, l) = (lv.n, lv.l);
    let r = |e| err(e);
    let o = &mut lv.o;
    let target = o.random(l * n, n, &lv.q, 70).map_err(r)?;
    let words = l * (l + 1) * n;
    let (ext_f, ext_u) = (o.zeros(words).map_err(r)?, o.zeros(words).map_err(r)?);
    let lv = &*lv;
    let b = lv.b;
    let s = shape(n, l + 1, l)?;
    let p = lv.plan(s)?;
    let g = |i: usize| lv.o.get(i);
    let fused = median_kernel_us(b, reps, || {
        let src = Rows::broadcast(g(target));
        ntt_rns::forward_rns(
            b,
            &lv.ks_t,
            s,
            src,
            Load::Reduce,
            g(ext_f),
            Store::Reduce,
            &p,
        )
    })?;
    let unfused = median_kernel_us(b, reps, || {
        unfused::broadcast_forward(b, &lv.ks_t, s, g(target), g(ext_u), &p)
    })?;
    Ok(forward_measured(
        n,
        &p,
        (fused, 0),
        (unfused, 1),
        (ext_f, ext_u),
    ))
}

/// Key switching's mod-down by P of the two accumulators (after the P rows' inverse NTT,
/// which both sides share), adding the ciphertext's first polynomial.
fn measure_mod_down(lv: &mut Level<'_>, reps: usize) -> Result<Measured, CliError> {
    let (n, l) = (lv.n, lv.l);
    let r = |e| err(e);
    let o = &mut lv.o;
    let last = o.random(2 * n, n, &lv.ks_q[..1], 80).map_err(r)?;
    let acc = o.random(2 * l * n, n, &lv.q, 81).map_err(r)?;
    let consts = divide_consts(&lv.q, lv.special.value())?;
    let consts = o.upload(&consts).map_err(r)?;
    let tmp = o.zeros(2 * l * n).map_err(r)?;
    let (out_f, out_u) = (
        o.zeros(2 * l * n).map_err(r)?,
        o.zeros(2 * l * n).map_err(r)?,
    );
    let lv = &*lv;
    let b = lv.b;
    let s = shape(n, l, 2)?;
    let p = lv.plan(s)?;
    let g = |i: usize| lv.o.get(i);
    let divide = |out: usize| DivideRound {
        last: g(last),
        last_row: 0,
        q_last: lv.special.value(),
        consts: g(consts),
        x: g(acc),
        x_rns: l,
        base: g(acc),
        base_rns: l,
        add_mask: 0b01,
        out: g(out),
    };
    let fused = median_kernel_us(b, reps, || {
        ntt_rns::divide_round(b, &lv.data_t, s, &divide(out_f), &p)
    })?;
    let unfused = median_kernel_us(b, reps, || {
        unfused::divide_round(b, &lv.data_t, s, &divide(out_u), g(tmp), &p)
    })?;
    Ok(forward_measured(
        n,
        &p,
        (fused, 0),
        (unfused, 2),
        (out_f, out_u),
    ))
}

/// A forward sequence at degree n with `plan`: each side's timing and launches besides the
/// NTT's, and the buffers they wrote.
fn forward_measured(
    n: usize,
    plan: &NttPlan,
    fused: (Timing, usize),
    unfused: (Timing, usize),
    outs: (usize, usize),
) -> Measured {
    Measured {
        fused: fused.0,
        fused_launches: fused.1 + ntt_rns::launches(n, plan),
        unfused: unfused.0,
        unfused_launches: unfused.1 + ntt::forward_launches(n, plan).len(),
        outs,
    }
}

/// The rows of the three comparisons.
fn report(rescale: Measured, broadcast: Measured, mod_down: Measured) -> Vec<FusionRow> {
    vec![
        rescale.row(
            "rescale: ntt_inv_stage_rns + ntt_fwd_stage_rns",
            "rns_extract + inverse NTT + divide_round_spread + forward NTT + divide_round_finish",
        ),
        broadcast.row(
            "key-switch broadcast: ntt_fwd_stage_rns",
            "ks_decompose + forward NTT",
        ),
        mod_down.row(
            "mod-down by P: ntt_fwd_stage_rns",
            "divide_round_spread + forward NTT + divide_round_finish",
        ),
    ]
}
