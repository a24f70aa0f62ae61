//! The fusion section of `xehe bench ckks`: each fused CKKS kernel against the coefficient-wise
//! launches it replaces, on the shapes of the context's first level, device kernel time.
//!
//! - `ckks_tensor`: (a0·b0, a0·b1 + a1·b0, a1·b1) in one pass, against poly_mul ×3 + poly_mad;
//! - `ks_mac`: the key-switching multiply-accumulate over every decomposition component in one
//!   pass (128-bit sums), against one poly_mad per component and key polynomial;
//! - `divide_round_finish`: (x − t) · P^-1 + c in one pass, against poly_sub, poly_mul_scalar
//!   and poly_add.

use super::measure::{median_kernel_us, Bufs, FusionRow, Timing};
use crate::cli::error::{err, CliError};
use std::sync::Arc;
use xehe::arith::Modulus;
use xehe::ckks::Context;
use xehe::device_ops::poly::{self, DeviceModuli};
use xehe::kernels::ckks_multiply::{ProductArgs, CKKS_TENSOR};
use xehe::kernels::divide_round::{FinishArgs, DIVIDE_ROUND_FINISH};
use xehe::kernels::key_switch::{MacArgs, KS_MAC};
use xehe::rns::RnsShape;
use xehe::runtime::{Backend, NdRange};

/// The fusion section: the three fused CKKS kernels against their unfused launches (every
/// buffer made before anything is timed, and freed before the NTT fusions run), then the NTT
/// fusions of [`super::fusion_ntt`].
pub(super) fn run(
    dev: &Arc<dyn Backend>,
    ctx: &Context,
    reps: usize,
) -> Result<Vec<FusionRow>, CliError> {
    let ops = Operands::new(dev, ctx)?;
    let tensor = measure_tensor(&ops, reps)?;
    let mac = measure_mac(&ops, reps)?;
    let finish = measure_finish(&ops, reps)?;
    let l = ops.l;
    drop(ops);
    let mut rows = report(l, tensor, mac, finish);
    rows.extend(super::fusion_ntt::run(dev, ctx, reps)?);
    Ok(rows)
}

/// The operands of every comparison at the context's first level (l primes of degree n), as
/// buffer indices into `bufs`. Dropped in field order: the buffers, then the moduli.
struct Operands<'a> {
    b: &'a dyn Backend,
    bufs: Bufs<'a>,
    moduli: DeviceModuli,
    ks_moduli: DeviceModuli,
    n: usize,
    l: usize,
    /// One polynomial of l primes.
    one: RnsShape,
    /// One polynomial of l + 1 primes (the special one first).
    ks_one: RnsShape,
    /// Two polynomials of l primes.
    two: RnsShape,
    /// The tensor product's [2][l][n] operands and [3][l][n] output.
    a: usize,
    bb: usize,
    out: usize,
    /// Single polynomials of the operands and outputs for the unfused tensor product.
    parts: Vec<usize>,
    o: Vec<usize>,
    /// The key-switching MAC's digits, keys and accumulators.
    ext: usize,
    keys: usize,
    acc_sp: usize,
    acc: usize,
    /// The rows of the unfused MAC's poly_mad.
    row: Vec<usize>,
    /// The mod-down's last step: [2][l][n] arrays, its 2l constants and the l scalars of the
    /// unfused sequence.
    x: usize,
    t: usize,
    base: usize,
    res: usize,
    consts: usize,
    scalars: usize,
}

impl<'a> Operands<'a> {
    fn new(dev: &'a Arc<dyn Backend>, ctx: &Context) -> Result<Self, CliError> {
        let b = dev.as_ref();
        let level = ctx.first_context_data();
        let q: Vec<Modulus> = level.coeff_modulus().to_vec();
        let key = ctx.key_context_data().coeff_modulus();
        let (n, l) = (level.parms().poly_modulus_degree(), q.len());
        let ks_q: Vec<Modulus> = std::iter::once(key[key.len() - 1])
            .chain(q.iter().copied())
            .collect();
        let moduli = DeviceModuli::upload(dev, 0, &q).map_err(err)?;
        let ks_moduli = DeviceModuli::upload(dev, 0, &ks_q).map_err(err)?;
        let mut bufs = Bufs::new(b);
        let r = |e| err(e);
        let a = bufs.random(2 * l * n, n, &q, 1).map_err(r)?;
        let bb = bufs.random(2 * l * n, n, &q, 2).map_err(r)?;
        let out = bufs.random(3 * l * n, n, &q, 3).map_err(r)?;
        let one = RnsShape::new(n, l, 1).map_err(err)?;
        let words = one.words();
        let parts: Vec<usize> = (0..4)
            .map(|i| bufs.random(words, n, &q, 10 + i))
            .collect::<Result<_, _>>()
            .map_err(r)?;
        let o: Vec<usize> = (0..3)
            .map(|i| bufs.random(words, n, &q, 20 + i))
            .collect::<Result<_, _>>()
            .map_err(r)?;
        let ext = bufs.random(l * (l + 1) * n, n, &ks_q, 30).map_err(r)?;
        let keys = bufs.random(l * 2 * (l + 1) * n, n, &ks_q, 31).map_err(r)?;
        let acc_sp = bufs.random(2 * n, n, &ks_q[..1], 32).map_err(r)?;
        let acc = bufs.random(2 * l * n, n, &q, 33).map_err(r)?;
        let ks_one = RnsShape::new(n, l + 1, 1).map_err(err)?;
        let row: Vec<usize> = (0..3)
            .map(|i| bufs.random(ks_one.words(), n, &ks_q, 40 + i))
            .collect::<Result<_, _>>()
            .map_err(r)?;
        let two = RnsShape::new(n, l, 2).map_err(err)?;
        let x = bufs.random(two.words(), n, &q, 50).map_err(r)?;
        let t = bufs.random(two.words(), n, &q, 51).map_err(r)?;
        let base = bufs.random(two.words(), n, &q, 52).map_err(r)?;
        let res = bufs.random(two.words(), n, &q, 53).map_err(r)?;
        let consts = bufs.random(2 * l, 1, &q, 54).map_err(r)?;
        let scalars = bufs.random(l, 1, &q, 55).map_err(r)?;
        Ok(Operands {
            b,
            bufs,
            moduli,
            ks_moduli,
            n,
            l,
            one,
            ks_one,
            two,
            a,
            bb,
            out,
            parts,
            o,
            ext,
            keys,
            acc_sp,
            acc,
            row,
            x,
            t,
            base,
            res,
            consts,
            scalars,
        })
    }
}

/// `ckks_tensor` against poly_mul ×3 + poly_mad: (fused, unfused).
fn measure_tensor(s: &Operands<'_>, reps: usize) -> Result<(Timing, Timing), CliError> {
    let (b, n, l, one, moduli) = (s.b, s.n, s.l, s.one, &s.moduli);
    let g = |i: usize| s.bufs.get(i);
    let tensor = median_kernel_us(b, reps, || {
        let args = ProductArgs {
            x: g(s.a),
            y: g(s.bb),
            out: g(s.out),
            moduli: moduli.buffer(),
            n: n as u32,
            rns_count: l as u32,
        };
        // SAFETY: coefficient (t, i) of the two [2][l][n] operands, the [3][l][n] output and the
        // l rows of `moduli`.
        unsafe { CKKS_TENSOR.launch(b, 0, &NdRange::new([n, l, 1]), args) }.map(drop)
    })?;
    let (parts, o) = (&s.parts, &s.o);
    let unfused = median_kernel_us(b, reps, || {
        let (a0, a1, b0, b1) = (g(parts[0]), g(parts[1]), g(parts[2]), g(parts[3]));
        poly::mul(b, one, a0, b0, g(o[0]), moduli)?;
        poly::mul(b, one, a1, b1, g(o[2]), moduli)?;
        poly::mul(b, one, a0, b1, g(o[1]), moduli)?;
        poly::mad(b, one, a1, b0, g(o[1]), g(o[1]), moduli).map(drop)
    })?;
    Ok((tensor, unfused))
}

/// The key-switching MAC at the first level (l components, l + 1 primes, 2 key polynomials)
/// against one poly_mad per component and key polynomial: (fused, unfused).
fn measure_mac(s: &Operands<'_>, reps: usize) -> Result<(Timing, Timing), CliError> {
    let (b, n, l, ks_moduli) = (s.b, s.n, s.l, &s.ks_moduli);
    let g = |i: usize| s.bufs.get(i);
    let mac = median_kernel_us(b, reps, || {
        let args = MacArgs {
            ext: g(s.ext),
            key: g(s.keys),
            acc_special: g(s.acc_sp),
            acc_data: g(s.acc),
            ks_moduli: ks_moduli.buffer(),
            // Each digit's own row, as a relinearization reads it from its ciphertext.
            ct: g(s.x),
            ct_first: 0,
            n: n as u32,
            digits: l as u32,
            level: l as u32,
            specials: 1,
            alpha: 1,
            key_rns: l as u32 + 1,
            accumulate: 0,
            lead: 0,
            key_digit0: 0,
        };
        // SAFETY: the digits ext ([l][l + 1][n]), the keys ([l][2][l + 1][n]), the accumulators
        // ([2][1][n], [2][l][n]), `x` ([2][l][n]) and the l + 1 rows of `ks_moduli`, as the
        // first level's relinearization lays them out.
        unsafe { KS_MAC.launch(b, 0, &NdRange::new([n, l + 1, 1]), args) }.map(drop)
    })?;
    let row = &s.row;
    let unfused = median_kernel_us(b, reps, || {
        for _ in 0..l {
            for _ in 0..2 {
                poly::mad(
                    b,
                    s.ks_one,
                    g(row[0]),
                    g(row[1]),
                    g(row[2]),
                    g(row[2]),
                    ks_moduli,
                )?;
            }
        }
        Ok(())
    })?;
    Ok((mac, unfused))
}

/// The mod-down's last step on a size-2 result against poly_sub, poly_mul_scalar and
/// poly_add: (fused, unfused).
fn measure_finish(s: &Operands<'_>, reps: usize) -> Result<(Timing, Timing), CliError> {
    let (b, n, l, two, moduli) = (s.b, s.n, s.l, s.two, &s.moduli);
    let g = |i: usize| s.bufs.get(i);
    let finish = median_kernel_us(b, reps, || {
        let args = FinishArgs {
            x: g(s.x),
            tmp: g(s.t),
            base: g(s.base),
            out: g(s.res),
            moduli: moduli.buffer(),
            consts: g(s.consts),
            n: n as u32,
            rns_count: l as u32,
            x_rns: l as u32,
            base_rns: l as u32,
            add_mask: 0b11,
        };
        // SAFETY: coefficient (t, i, p) of four [2][l][n] arrays, the 2l constants and the l
        // moduli rows.
        unsafe { DIVIDE_ROUND_FINISH.launch(b, 0, &NdRange::new([n, l, 2]), args) }.map(drop)
    })?;
    let unfused = median_kernel_us(b, reps, || {
        poly::sub(b, two, g(s.x), g(s.t), g(s.res), moduli)?;
        poly::mul_scalar(b, two, g(s.res), g(s.scalars), g(s.res), moduli)?;
        poly::add(b, two, g(s.base), g(s.res), g(s.res), moduli).map(drop)
    })?;
    Ok((finish, unfused))
}

/// The rows of the three comparisons, (fused, unfused) timings each, at l primes.
fn report(
    l: usize,
    tensor: (Timing, Timing),
    mac: (Timing, Timing),
    finish: (Timing, Timing),
) -> Vec<FusionRow> {
    vec![
        FusionRow::new(
            "ckks_tensor",
            tensor.0,
            "poly_mul ×3 + poly_mad".into(),
            tensor.1,
        ),
        FusionRow::new("ks_mac", mac.0, format!("poly_mad ×{}", 2 * l), mac.1),
        FusionRow::new(
            "divide_round_finish",
            finish.0,
            "poly_sub + poly_mul_scalar + poly_add".into(),
            finish.1,
        ),
    ]
}
