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

use crate::ckks::device_context::DeviceContext;
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::keyswitch::KSwitchKeys;
use crate::ckks::storage::DeviceCopy;
use crate::kernels::key_switch::{MacArgs, KS_MAC};
use crate::runtime::ntt;
use crate::runtime::ntt::rns::{self as ntt_rns, DivideRound, Load, Rows, Store};
use crate::runtime::poly::RnsShape;
use crate::runtime::{DeviceBuffer, NdRange};
use std::sync::Arc;

/// A division with rounding at `rns` primes of `polys` polynomials, fused into the forward NTT
/// (`ntt_fwd_stage_rns`).
pub(crate) fn divide_round(
    ctx: &Arc<DeviceContext>,
    d: DivideRound<'_>,
    rns: usize,
    polys: usize,
) -> CkksResult<()> {
    let s = RnsShape::new(ctx.n(), rns, polys)?;
    ntt_rns::divide_round(
        ctx.backend().as_ref(),
        ctx.data_tables(),
        s,
        &d,
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

/// Which polynomials of the switched ciphertext the key-switched pair is added to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AddTo {
    /// c0 and c1 (relinearization: the switched c2 joins both).
    Both,
    /// c0 alone (rotation: the switched c1 replaces c1).
    First,
}

impl AddTo {
    /// The kernels' `add_mask`: bit p set where polynomial p is added.
    fn mask(self) -> u32 {
        match self {
            AddTo::Both => 0b11,
            AddTo::First => 0b01,
        }
    }
}

/// One key switch of a ciphertext at a level of `level` primes.
pub(crate) struct SwitchKey<'a> {
    /// The ciphertext (`[size][level][n]`, NTT form); its polynomial `target` is switched.
    pub ct: &'a DeviceBuffer,
    pub target: usize,
    /// The key on the device, as [`device_keys`] lays it out.
    pub key: &'a DeviceCopy,
    pub add_to: AddTo,
    pub level: usize,
}

/// Switches polynomial `target` of the ciphertext with `key` into a new `[2][l][n]` whose
/// polynomial p is the switched p plus the ciphertext's p where `add_to` says.
pub(crate) fn switch_key(ctx: &Arc<DeviceContext>, sk: SwitchKey<'_>) -> CkksResult<DeviceCopy> {
    let ext = decompose(ctx, sk.ct, sk.target, sk.level)?;
    switch_digits(ctx, ext, sk.key, sk.ct, sk.add_to.mask(), sk.level)
}

/// The digits of polynomial `target_poly` of `src` (`[..][l][n]`, NTT form) modulo every
/// destination prime, NTT form, in the key-switch tables' order: a new `[l][l + 1][n]`. A
/// hoisted rotation makes it once for all its Galois elements.
pub(crate) fn decompose(
    ctx: &Arc<DeviceContext>,
    src: &DeviceBuffer,
    target_poly: usize,
    l: usize,
) -> CkksResult<DeviceCopy> {
    let (n, backend) = (ctx.n(), ctx.backend().as_ref());
    let Some(ks_tables) = ctx.ks_tables() else {
        return Err(CkksError::NoSpecialPrime);
    };
    // The target to coefficient form, read in place from `src`.
    let s = RnsShape::new(n, l, 1)?;
    let target = DeviceCopy::alloc(ctx, l * n)?;
    let rows = Rows {
        buffer: src,
        poly: 0,
        comp: 1,
        first: target_poly * l,
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
    let s = RnsShape::new(n, l + 1, l)?;
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
    Ok(ext)
}

/// The key switch of the digits `ext` ([`decompose`]'s layout) with `key`, divided by P, into a
/// new `[2][l][n]` whose polynomial p has `base`'s polynomial p added where bit p of `add_mask`
/// is set. `ext` is freed once its products are enqueued, so that the later temporaries can
/// take its buffer.
pub(crate) fn switch_digits(
    ctx: &Arc<DeviceContext>,
    ext: DeviceCopy,
    key: &DeviceCopy,
    base: &DeviceBuffer,
    add_mask: u32,
    l: usize,
) -> CkksResult<DeviceCopy> {
    let (n, backend) = (ctx.n(), ctx.backend().as_ref());
    let (Some(ks_tables), Some(special), Some(consts)) =
        (ctx.ks_tables(), ctx.special(), ctx.mod_down_consts(l))
    else {
        return Err(CkksError::NoSpecialPrime);
    };
    let ks_moduli = ks_tables.moduli().buffer();
    let acc_special = DeviceCopy::alloc(ctx, 2 * n)?;
    let acc_data = DeviceCopy::alloc(ctx, 2 * l * n)?;
    let args = MacArgs {
        ext: &ext.buffer,
        key: &key.buffer,
        acc_special: &acc_special.buffer,
        acc_data: &acc_data.buffer,
        ks_moduli,
        n: n as u32,
        decomp: l as u32,
        key_rns: ctx.key_rns() as u32,
    };
    KS_MAC.launch(backend, ctx.tile(), &NdRange::new([n, l + 1, 2]), args)?;
    drop(ext);
    let s = RnsShape::new(n, 1, 2)?;
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
            base_rns: l,
            add_mask,
            out: &out.buffer,
        },
        l,
        2,
    )?;
    Ok(out)
}
