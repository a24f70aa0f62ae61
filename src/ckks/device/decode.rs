//! CKKS decoding on the device, slot for slot the host decoder's ([`crate::ckks::CkksEncoder`]):
//! the inverse NTT over the level's primes, `decode_compose` (the exact CRT composition and
//! SEAL's sum in doubles), `decode_fft_stage` for each stage too wide for local memory, then
//! `decode_fft_local` for the rest with the slot order. Only the slots' values cross the bus
//! (16 bytes a slot instead of 8 bytes a coefficient and prime). Every temporary holds the
//! message and is zeroed on the device: the kernels clear what they read, and the output is
//! wiped when it is dropped.

use super::encode::LocalFft;
use crate::ckks::device::copy::DeviceCopy;
use crate::ckks::device::DeviceContext;
use crate::ckks::error::{CkksError, CkksResult};
use crate::device_ops::ntt::rns::{self as ntt_rns, Rows};
use crate::kernels::decode::{
    ComposeArgs, FftLocalArgs, FftStageArgs, DECODE_COMPOSE, DECODE_FFT_LOCAL, DECODE_FFT_STAGE,
};
use crate::rns::RnsBase;
use crate::rns::RnsShape;
use crate::runtime::NdRange;
use std::sync::Arc;

/// `decode_compose`'s constants for the base of a level, `l + 1` words per number:
/// [(Q/q_k)^-1 mod q_k][Q/q_k for each k][Q][⌈Q/2⌉].
pub(crate) fn crt_table(base: &RnsBase) -> Vec<u64> {
    let l = base.len();
    let w = l + 1;
    let words = |x: &num_bigint::BigUint| {
        let mut v = x.to_u64_digits();
        v.resize(w, 0);
        v
    };
    let mut t = base.inverse_punctured().to_vec();
    for p in base.punctured() {
        t.extend(words(p));
    }
    t.extend(words(base.product()));
    t.extend(words(&((base.product() + 1u32) >> 1)));
    t
}

/// Decodes the `batch` plaintexts of `plain` (`[batch][l][n]`, NTT form, on `ctx`'s tile, one
/// scale) with `inv_scale` = 1 / scale: the slots' (re, im) words, `[batch][n]`. `roots` holds
/// the decoder's roots and slot map, `crt` the level's [`crt_table`] (64-bit words); `ctx` is
/// the table set of the level (`DeviceContext::for_level`).
pub(crate) fn decode(
    ctx: &Arc<DeviceContext>,
    roots: &DeviceCopy,
    crt: &DeviceCopy,
    plain: &DeviceCopy,
    l: usize,
    inv_scale: f64,
    batch: usize,
) -> CkksResult<Vec<u64>> {
    let (n, backend, tile) = (ctx.n(), ctx.backend().as_ref(), ctx.tile());
    let log_n = n.trailing_zeros();
    super::ops::holds(ctx, plain, batch.max(1), l, "device plaintext words")?;
    let w = l + 1;
    for (copy, words, what) in [
        (roots, 3 * n, "words of the device decoder tables"),
        (
            crt,
            l + (l + 2) * w,
            "words of a device decoding's CRT constants",
        ),
    ] {
        if copy.buffer.words() < words {
            return Err(CkksError::WrongSize {
                what,
                expected: words,
                given: copy.buffer.words(),
            });
        }
    }
    let data = ctx.data_tables();
    let shape = RnsShape::new(n, l, batch)?;
    // Each temporary is wiped on drop until the kernel that clears it is enqueued.
    let coeffs = DeviceCopy::alloc(ctx, batch * l * n)?;
    coeffs.wipe_on_drop();
    ntt_rns::inverse_rns(
        backend,
        data,
        shape,
        Rows::own(&plain.buffer, shape),
        &coeffs.buffer,
        &ctx.plan(shape)?,
    )?;
    let x = DeviceCopy::alloc_u64(ctx, batch * w * n)?;
    x.wipe_on_drop();
    let a = DeviceCopy::alloc_u64(ctx, batch * 2 * n)?;
    a.wipe_on_drop();
    let compose = ComposeArgs {
        src: &coeffs.buffer,
        crt: &crt.buffer,
        moduli: data.moduli().buffer(),
        x: &x.buffer,
        a: &a.buffer,
        n: n as u32,
        rns_count: l as u32,
        words: w as u32,
        inv_scale: inv_scale.to_bits(),
    };
    // SAFETY: coefficient i of batch item b: rows of `coeffs` ([batch][l][n] words of the
    // context's word, the build launched), `x` ([batch][l + 1][n]) and `a` ([batch][2n]) as
    // allocated above in 64-bit words, moduli rows below l (holds checked l), and `crt`
    // (l + (l + 2)(l + 1) 64-bit words, checked).
    unsafe {
        DECODE_COMPOSE.word(ctx.word()).launch(
            backend,
            tile,
            &NdRange::new([n, batch, 1]),
            compose,
        )?
    };
    coeffs.cleared_by_kernel();
    x.cleared_by_kernel();
    // The last stages that fit a block run in local memory, with the slot order.
    let mut local = LocalFft::new(&backend.limits(), n, log_n);
    local.range.global[1] = batch;
    for s in (local.stages..log_n).rev() {
        let args = FftStageArgs {
            a: &a.buffer,
            table: &roots.buffer,
            n: n as u32,
            s,
        };
        // SAFETY: a butterfly of positions below n of batch item b of `a` ([batch][2n], allocated
        // above) and root rows of `roots` below n (3n words, checked by holds).
        unsafe { DECODE_FFT_STAGE.launch(backend, tile, &NdRange::new([n / 2, batch, 1]), args)? };
    }
    let out = DeviceCopy::alloc_u64(ctx, batch * n)?;
    out.wipe_on_drop();
    let args = FftLocalArgs {
        a: &a.buffer,
        table: &roots.buffer,
        out: &out.buffer,
        n: n as u32,
        stages: local.stages,
        buf: 2 * local.block,
    };
    // SAFETY: block positions of `a` as above; `out` ([batch][n]) is written at the slot map's
    // positions (words 2n..3n of `roots`), which the decoder builds even and below n.
    unsafe { DECODE_FFT_LOCAL.launch(backend, tile, &local.range, args)? };
    a.cleared_by_kernel();
    out.read_u64()
}
