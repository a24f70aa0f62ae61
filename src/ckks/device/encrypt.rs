//! Public-key encryption on the device, word for word what the host encryptor computes from the
//! same 256-bit key ([`crate::ckks::Encryptor`]):
//!
//! 1. `encrypt_sample`: u, e0, e1 of every coefficient from ChaCha20 by coefficient index, one
//!    level up (the plaintext's primes and the next: the special prime P at the first level);
//! 2. their forward NTT in place, in the order of the tables that hold that level (key-switch
//!    order, P first, at the first level);
//! 3. `encrypt_combine`: (pk0·u + e0, pk1·u + e1) in natural order, u and e overwritten with
//!    zeros as they are read;
//! 4. the extra prime's rows to coefficient form, then the division with rounding by that prime
//!    with the plaintext added to c0 in its last store (divide_round.cl's fused stages).
//!
//! The zero encryption before the division carries more of u and e than the result: its buffer
//! is wiped on the device before the memory cache hands it out again.

use super::keyswitch::divide_round;
use crate::ckks::device_context::DeviceContext;
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::keys::PublicKey;
use crate::ckks::storage::DeviceCopy;
use crate::kernels::encrypt::{CombineArgs, SampleArgs, ENCRYPT_COMBINE, ENCRYPT_SAMPLE};
use crate::runtime::ntt::rns::{self as ntt_rns, DivideRound, Load, Rows, Store};
use crate::runtime::poly::RnsShape;
use crate::runtime::NdRange;
use std::sync::Arc;

/// The public key on `ctx`'s tile (uploaded at first use, kept with the key).
fn device_key(ctx: &Arc<DeviceContext>, pk: &PublicKey) -> CkksResult<Arc<DeviceCopy>> {
    pk.device
        .get_or_make(ctx, || DeviceCopy::upload(ctx, &pk.data))
}

/// Encrypts `plain` (`l` primes, NTT form, on `ctx`'s tile) with `pk` and the randomness of
/// `key` into a new `[2][l][n]` buffer.
pub(crate) fn encrypt_public(
    ctx: &Arc<DeviceContext>,
    pk: &PublicKey,
    key: &[u64; 4],
    plain: &DeviceCopy,
    l: usize,
) -> CkksResult<DeviceCopy> {
    let (n, backend) = (ctx.n(), ctx.backend().as_ref());
    super::ops::holds(ctx, plain, 1, l, "device plaintext words")?;
    if pk.n != n || pk.data.len() != 2 * ctx.key_rns() * n {
        return Err(CkksError::WrongSize {
            what: "public key words",
            expected: 2 * ctx.key_rns() * n,
            given: pk.data.len(),
        });
    }
    // The level one up, as the tables that transform it hold it: at the first level the
    // key-switch tables (P first), below it the data tables' first l + 1 primes.
    let first_level = l == ctx.data_primes();
    let (tables, shift, q_last, consts) = if first_level {
        let (Some(ks), Some(p), Some(c)) = (ctx.ks_tables(), ctx.special(), ctx.mod_down_consts(l))
        else {
            return Err(CkksError::NoSpecialPrime);
        };
        (ks, 1u32, p.value(), c)
    } else {
        let c = ctx
            .rescale_consts(l + 1)
            .expect("levels of two or more primes have constants");
        (ctx.data_tables(), 0, ctx.data_prime(l).value(), c)
    };
    let pk_dev = device_key(ctx, pk)?;
    let rns = l + 1;
    let moduli = tables.moduli().buffer();
    let s = DeviceCopy::alloc(ctx, 3 * rns * n)?;
    // encrypt_combine zeroes it as it reads; until that is enqueued, a failure wipes it here.
    s.wipe_on_drop();
    let range = NdRange::new([n, rns, 1]);
    let sample = SampleArgs {
        s: &s.buffer,
        moduli,
        k0: key[0],
        k1: key[1],
        k2: key[2],
        k3: key[3],
        n: n as u32,
        rns_count: rns as u32,
    };
    ENCRYPT_SAMPLE.launch(backend, ctx.tile(), &range, sample)?;
    let shape = RnsShape::new(n, rns, 3)?;
    ntt_rns::forward_rns(
        backend,
        tables,
        shape,
        Rows::own(&s.buffer, shape),
        Load::Plain,
        &s.buffer,
        Store::Reduce,
        &ctx.plan(shape)?,
    )?;
    let zero = DeviceCopy::alloc(ctx, 2 * rns * n)?;
    zero.wipe_on_drop();
    let combine = CombineArgs {
        s: &s.buffer,
        pk: &pk_dev.buffer,
        zero: &zero.buffer,
        moduli,
        n: n as u32,
        rns_count: rns as u32,
        key_rns: ctx.key_rns() as u32,
        shift,
    };
    ENCRYPT_COMBINE.launch(backend, ctx.tile(), &range, combine)?;
    s.cleared_by_kernel();
    // The extra prime's rows (row l of each polynomial) to coefficient form modulo it alone.
    let last = DeviceCopy::alloc(ctx, 2 * n)?;
    last.wipe_on_drop();
    let s1 = RnsShape::new(n, 1, 2)?;
    let last_tables = if first_level {
        tables
    } else {
        ctx.single_tables(l)
    };
    ntt_rns::inverse_rns(
        backend,
        last_tables,
        s1,
        Rows::component(&zero.buffer, rns, l),
        &last.buffer,
        &ctx.plan(s1)?,
    )?;
    let out = DeviceCopy::alloc(ctx, 2 * l * n)?;
    divide_round(
        ctx,
        DivideRound {
            last: &last.buffer,
            q_last,
            consts,
            x: &zero.buffer,
            x_rns: rns,
            base: &plain.buffer,
            base_rns: l,
            add_mask: 0b01,
            out: &out.buffer,
        },
        l,
        2,
    )?;
    Ok(out)
}
