//! Key switching and division with rounding on the device, as SEAL does them and as
//! `ckks::keyswitch` does them on the host:
//!
//! 1. the target polynomial (NTT form, L primes) to coefficient form (inverse NTT over L primes,
//!    read where it lies in the ciphertext);
//! 2. one batched forward NTT of the L × (L + 1) residue rows (component j reduced modulo P and
//!    each q_i, the `ks` tables in key-switch order), the broadcast fused into its first load;
//! 3. `ks_mac`: for both key polynomials, Σ_j row_j · key_j with one reduction per 32 terms;
//! 4. the P rows to coefficient form, then [`divide_round`] by P into the result, adding the
//!    base ciphertext's polynomials where asked: the spread is the forward NTT's first load and
//!    the finish (subtraction, multiplication by P^-1, addition) its last store, so the result
//!    rows are written once.

use super::ops::{buf, launch, shape, u32};
use super::DeviceContext;
use crate::ckks::keyswitch::KSwitchKeys;
use crate::ckks::storage::DeviceCopy;
use crate::ckks::{CkksError, CkksResult};
use crate::kernels::key_switch as ks;
use crate::runtime::ntt;
use crate::runtime::ntt_rns::{self, Load, Rows, Store};
use crate::runtime::DeviceBuffer;
use std::sync::Arc;

/// One division by a prime with rounding: see kernels-cl/divide_round.cl.
pub(crate) struct DivideRound<'a> {
    /// `[polys][n]` residues modulo the divisor, coefficient form.
    pub last: &'a DeviceBuffer,
    pub q_last: u64,
    /// (inverse, half) per target prime.
    pub consts: &'a DeviceBuffer,
    /// The dividend's target residues, NTT form, `x_rns` components per polynomial.
    pub x: &'a DeviceBuffer,
    pub x_rns: usize,
    /// Added to polynomial p of the result where bit p of `add_mask` is set.
    pub base: &'a DeviceBuffer,
    pub base_rns: usize,
    pub add_mask: u32,
    pub out: &'a DeviceBuffer,
    pub rns: usize,
    pub polys: usize,
}

/// The spread, the forward NTT over the target primes and the finish, fused into the NTT's
/// stages (`ntt_fwd_stage_rns`).
pub(crate) fn divide_round(ctx: &Arc<DeviceContext>, d: DivideRound<'_>) -> CkksResult<()> {
    let s = shape(ctx.n(), d.rns, d.polys)?;
    ntt_rns::forward_rns(
        ctx.backend().as_ref(),
        ctx.data_tables(),
        s,
        Rows::broadcast(d.last),
        Load::Spread {
            q_src: d.q_last,
            consts: d.consts,
        },
        d.out,
        Store::Finish {
            consts: d.consts,
            x: d.x,
            x_rns: d.x_rns,
            base: d.base,
            base_rns: d.base_rns,
            add_mask: d.add_mask,
        },
        &ctx.plan(s)?,
    )?;
    Ok(())
}

/// The keys on `ctx`'s tile in key-switch order, `[j][2][P, q_0, …][n]` (uploaded at first use
/// and kept with the keys).
pub(crate) fn device_keys(
    ctx: &Arc<DeviceContext>,
    ksk: &KSwitchKeys,
) -> CkksResult<Arc<DeviceCopy>> {
    ksk.device.get_or_make(ctx, || {
        let (n, kr) = (ctx.n(), ctx.key_rns());
        let mut words = Vec::with_capacity(ksk.keys.len() * 2 * kr * n);
        for key in &ksk.keys {
            for k in 0..2 {
                for c in 0..kr {
                    let host = if c == 0 { kr - 1 } else { c - 1 };
                    words.extend_from_slice(&key[(k * kr + host) * n..(k * kr + host + 1) * n]);
                }
            }
        }
        DeviceCopy::upload(ctx, &words)
    })
}

/// Switches the target polynomial, rows `first .. first + l` of `src` (`[l][n]`, NTT form),
/// with `key`, into a new `[2][l][n]` whose polynomial p is the switched p plus `base`'s p where
/// bit p of `add_mask` is set.
#[allow(clippy::too_many_arguments)]
pub(crate) fn switch_key(
    ctx: &Arc<DeviceContext>,
    src: &DeviceBuffer,
    first: usize,
    key: &DeviceCopy,
    base: &DeviceBuffer,
    base_rns: usize,
    add_mask: u32,
    l: usize,
) -> CkksResult<DeviceCopy> {
    let (n, backend) = (ctx.n(), ctx.backend().as_ref());
    let (Some(ks_tables), Some(special), Some(consts)) =
        (ctx.ks_tables(), ctx.special(), ctx.mod_down_consts(l))
    else {
        return Err(CkksError::NoSpecialPrime);
    };
    // The target to coefficient form, read in place from `src`.
    let s = shape(n, l, 1)?;
    let target = DeviceCopy::alloc(ctx, l * n)?;
    let rows = Rows {
        buffer: src,
        poly: 0,
        comp: 1,
        first,
    };
    ntt_rns::inverse_rns(
        backend,
        ctx.data_tables(),
        s,
        rows,
        &target.buffer,
        &ctx.plan(s)?,
    )?;
    // The broadcast fused into the forward NTT of all L × (L + 1) rows.
    let ext = DeviceCopy::alloc(ctx, l * (l + 1) * n)?;
    let s = shape(n, l + 1, l)?;
    ntt_rns::forward_rns(
        backend,
        ks_tables,
        s,
        Rows::broadcast(&target.buffer),
        Load::Reduce,
        &ext.buffer,
        Store::Reduce,
        &ctx.plan(s)?,
    )?;
    drop(target);
    let ks_moduli = ks_tables.moduli().buffer();
    let acc_special = DeviceCopy::alloc(ctx, 2 * n)?;
    let acc_data = DeviceCopy::alloc(ctx, 2 * l * n)?;
    launch(
        ctx,
        &ks::KS_MAC,
        [n, l + 1, 2],
        &[
            buf(&ext.buffer),
            buf(&key.buffer),
            buf(&acc_special.buffer),
            buf(&acc_data.buffer),
            buf(ks_moduli),
            u32(n),
            u32(l),
            u32(ctx.key_rns()),
        ],
    )?;
    drop(ext);
    let s = shape(n, 1, 2)?;
    ntt::inverse(backend, ks_tables, s, &acc_special.buffer, &ctx.plan(s)?)?;
    let out = DeviceCopy::alloc(ctx, 2 * l * n)?;
    divide_round(
        ctx,
        DivideRound {
            last: &acc_special.buffer,
            q_last: special.value(),
            consts,
            x: &acc_data.buffer,
            x_rns: l,
            base,
            base_rns,
            add_mask,
            out: &out.buffer,
            rns: l,
            polys: 2,
        },
    )?;
    Ok(out)
}
