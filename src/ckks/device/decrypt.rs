//! Decryption on the device, word for word the host decryptor's: `decrypt_horner` over a
//! ciphertext's polynomials with the secret key's rows for the level. The result is the
//! message in clear: its buffer is wiped on the device before it is recycled.

use crate::ckks::device::copy::DeviceCopy;
use crate::ckks::device::DeviceContext;
use crate::ckks::error::{CkksError, CkksResult};
use crate::kernels::decrypt::{HornerArgs, DECRYPT_HORNER};
use crate::runtime::NdRange;
use std::sync::Arc;

/// c0 + c1·s (+ …) of `ct` (`size` polynomials of `l` primes on `ctx`'s tile) with `secret`
/// (the key's `[key primes][n]` words on that tile) into a new `[l][n]` buffer, NTT form.
pub(crate) fn decrypt(
    ctx: &Arc<DeviceContext>,
    secret: &DeviceCopy,
    ct: &DeviceCopy,
    size: usize,
    l: usize,
) -> CkksResult<DeviceCopy> {
    let n = ctx.n();
    super::ops::holds(ctx, ct, size, l, "device ciphertext words")?;
    // The level's key rows start at its window's start (`ctx` is the level's table set).
    let key_first = ctx.first();
    if secret.words() < ctx.key_rns() * n || key_first + l > ctx.key_rns() {
        return Err(CkksError::WrongSize {
            what: "device secret key words",
            expected: ctx.key_rns() * n,
            given: secret.words(),
        });
    }
    let out = DeviceCopy::alloc(ctx, l * n)?;
    out.wipe_on_drop();
    let args = HornerArgs {
        ct: &ct.buffer,
        s: &secret.buffer,
        out: &out.buffer,
        moduli: ctx.data_tables().moduli().buffer(),
        n: n as u32,
        rns_count: l as u32,
        size: size as u32,
        key_first: key_first as u32,
    };
    // SAFETY: coefficient (t, i) of every polynomial of `ct` (holds checked size × l rows),
    // of the key's row key_first + i (key_rns ≥ key_first + l rows checked) and of `out` (l
    // rows allocated), in the context's word, the build launched.
    unsafe {
        DECRYPT_HORNER.word(ctx.word()).launch(
            ctx.backend().as_ref(),
            ctx.tile(),
            &NdRange::new([n, l, 1]),
            args,
        )?
    };
    Ok(out)
}
