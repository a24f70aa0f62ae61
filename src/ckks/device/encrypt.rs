//! Public-key encryption on the device, word for word what the host encryptor computes from the
//! same 256-bit key ([`crate::ckks::Encryptor`]):
//!
//! 1. `encrypt_sample`: u, e0, e1 of every coefficient from ChaCha20 by coefficient index, one
//!    level up (the plaintext's primes and the next: the special primes at the first level);
//! 2. their forward NTT in place, in the order of the tables that hold that level (key-switch
//!    order, the special primes first, at the first level);
//! 3. `encrypt_combine`: (pk0·u + e0, pk1·u + e1) in natural order, u and e overwritten with
//!    zeros as they are read;
//! 4. the extra primes' rows to coefficient form, then the division with rounding by their
//!    product with the plaintext added to c0 in its last store (divide_round.cl's fused stages,
//!    or with several special primes [`divide_by_specials`]'s).
//!
//! The zero encryption before the division carries more of u and e than the result: its buffer
//! is wiped on the device before the memory cache hands it out again.
//!
//! Symmetric encryption ([`encrypt_symmetric`]) at the plaintext's level, as the host encryptor
//! does it: `a` from SEAL's seeded BLAKE2Xb stream (uniform.cl, so the ciphertext keeps its
//! seeded form), e from the ChaCha20 key (encrypt_sample's e0 draws), then
//! (e − a·s + m, a) with e and a zeroed as they are read.

use super::keyswitch::{divide_by_specials, divide_round, DivideBySpecials};
use crate::ckks::device::copy::DeviceCopy;
use crate::ckks::device::DeviceContext;
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::prng::PrngInfo;
use crate::device_ops::ntt::rns::{self as ntt_rns, DivideRound, Load, Rows, Store};
use crate::kernels::encrypt::{
    CombineArgs, NoiseArgs, SampleArgs, SymmetricCombineArgs, ENCRYPT_COMBINE, ENCRYPT_NOISE,
    ENCRYPT_SAMPLE, ENCRYPT_SYMMETRIC_COMBINE,
};
use crate::kernels::uniform::{
    self, FixupArgs, SampleArgs as UniformArgs, UNIFORM_FIXUP, UNIFORM_SAMPLE,
};
use crate::rns::RnsShape;
use crate::runtime::NdRange;
use std::sync::Arc;

/// The most encryptions one public-key batch holds: the division's add mask has a bit for each
/// of the batch's 2·batch polynomials.
pub(crate) const MAX_ENCRYPT_BATCH: usize = 16;

/// Encrypts the `batch` plaintexts of `plain` (`l` primes, NTT form, on `ctx`'s tile;
/// plaintext b at b·2·l·n, which leaves the odd positions of a ciphertext batch's layout
/// unused) with the public key `pk` (on `ctx`'s tile, `[2][key_rns][n]`) into a new `[batch][2][l][n]` buffer; ciphertext b draws from stream
/// `stream` + b of `key`.
pub(crate) fn encrypt_public(
    ctx: &Arc<DeviceContext>,
    pk: &DeviceCopy,
    (key, stream): (&[u64; 4], u64),
    plain: &DeviceCopy,
    l: usize,
    batch: usize,
) -> CkksResult<DeviceCopy> {
    let (n, backend) = (ctx.n(), ctx.backend().as_ref());
    if !(1..=MAX_ENCRYPT_BATCH).contains(&batch) {
        return Err(CkksError::WrongSize {
            what: "encryptions in one device batch (1 to 16)",
            expected: MAX_ENCRYPT_BATCH,
            given: batch,
        });
    }
    super::ops::holds(ctx, plain, 2 * batch - 1, l, "device plaintext words")?;
    if pk.words() != 2 * ctx.key_rns() * n {
        return Err(CkksError::WrongSize {
            what: "public key words",
            expected: 2 * ctx.key_rns() * n,
            given: pk.words(),
        });
    }
    // The level one up, as the tables that transform it hold it: at the first level the
    // key-switch tables (the K special primes first), below it the data tables' first l + 1
    // primes.
    let first_level = l == ctx.data_primes();
    let (tables, extra) = if first_level {
        let Some(ks) = ctx.ks_tables() else {
            return Err(CkksError::NoSpecialPrime);
        };
        (ks, ctx.specials().len())
    } else {
        (ctx.data_tables(), 1)
    };
    let shift = if first_level { extra as u32 } else { 0 };
    let rns = l + extra;
    let moduli = tables.moduli().buffer();
    let s = DeviceCopy::alloc(ctx, batch * 3 * rns * n)?;
    // encrypt_combine zeroes it as it reads; until that is enqueued, a failure wipes it here.
    s.wipe_on_drop();
    let range = NdRange::new([n, rns, batch]);
    let sample = SampleArgs {
        s: &s.buffer,
        moduli,
        k0: key[0],
        k1: key[1],
        k2: key[2],
        k3: key[3],
        stream,
        n: n as u32,
        rns_count: rns as u32,
    };
    // SAFETY: coefficient (t, i, b) of `s` ([batch][3][rns][n], allocated above) and moduli row
    // i < rns: the tables of the level one up, which hold l + extra primes.
    unsafe {
        ENCRYPT_SAMPLE
            .word(ctx.word())
            .launch(backend, ctx.tile(), &range, sample)?
    };
    let shape = RnsShape::new(n, rns, 3 * batch)?;
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
    let zero = DeviceCopy::alloc(ctx, batch * 2 * rns * n)?;
    zero.wipe_on_drop();
    let combine = CombineArgs {
        s: &s.buffer,
        pk: &pk.buffer,
        zero: &zero.buffer,
        moduli,
        n: n as u32,
        rns_count: rns as u32,
        key_rns: ctx.key_rns() as u32,
        shift,
    };
    // SAFETY: `s` as above, `zero` ([batch][2][rns][n], allocated above), the public key's
    // device copy (its 2 × key_rns rows checked above; the kernel takes key rows modulo key_rns).
    unsafe {
        ENCRYPT_COMBINE
            .word(ctx.word())
            .launch(backend, ctx.tile(), &range, combine)?
    };
    s.cleared_by_kernel();
    // The extra primes' rows (rows l … of each polynomial) to coefficient form modulo them
    // alone (the key-switch tables' first K at the first level).
    let last = DeviceCopy::alloc(ctx, batch * 2 * extra * n)?;
    last.wipe_on_drop();
    let s1 = RnsShape::new(n, extra, 2 * batch)?;
    let last_tables = if first_level {
        tables
    } else {
        ctx.single_tables(l)
    };
    let extra_rows = Rows {
        buffer: &zero.buffer,
        poly: rns,
        comp: 1,
        first: l,
    };
    ntt_rns::inverse_rns(
        backend,
        last_tables,
        s1,
        extra_rows,
        &last.buffer,
        &ctx.plan(s1)?,
    )?;
    let out = DeviceCopy::alloc(ctx, batch * 2 * l * n)?;
    // Each ciphertext's c0: the even polynomials.
    let add_mask = 0x5555_5555 & (u32::MAX >> (32 - 2 * batch));
    if first_level {
        divide_by_specials(
            ctx,
            DivideBySpecials {
                special: &last.buffer,
                x: &zero.buffer,
                x_rns: rns,
                base: &plain.buffer,
                add_mask,
                out: &out.buffer,
            },
            l,
            2 * batch,
        )?;
    } else {
        let consts = ctx
            .rescale_consts(l + 1)
            .expect("levels of two or more primes have constants");
        divide_round(
            ctx,
            DivideRound {
                last: &last.buffer,
                last_row: 0,
                q_last: ctx.data_prime(l).value(),
                consts,
                x: &zero.buffer,
                x_rns: rns,
                base: &plain.buffer,
                base_rns: l,
                add_mask,
                out: &out.buffer,
            },
            l,
            2 * batch,
        )?;
    }
    Ok(out)
}

/// Work-items of `uniform_fixup`'s one work-group (fewer where the device allows fewer): each
/// looks for rejections in its share of the blocks before work-item 0 redraws them in order.
const FIXUP_ITEMS: usize = 256;

/// SEAL's uniform polynomial from `seed` at the first `l` data primes of `ctx`'s table set,
/// `[l][n]`, on the device (uniform.cl): every word reduced, rejected words redrawn in SEAL's
/// order.
pub(crate) fn uniform_poly(
    ctx: &Arc<DeviceContext>,
    seed: &PrngInfo,
    l: usize,
) -> CkksResult<DeviceCopy> {
    let (n, backend) = (ctx.n(), ctx.backend().as_ref());
    let limits = backend.limits();
    if limits.max_work_group_size < uniform::NODES {
        return Err(CkksError::Unsupported {
            what: "uniform sampling on a device whose work-groups hold fewer than 64 work-items",
        });
    }
    let words = l * n;
    let blocks = words / uniform::BLOCK_WORDS;
    let moduli = ctx.data_tables().moduli().buffer();
    let a = DeviceCopy::alloc(ctx, words)?;
    let counts = DeviceCopy::alloc(ctx, blocks)?;
    let s = seed.seed;
    // SAFETY: `a` holds l·n words and `counts` one word per block of them (allocated above);
    // moduli rows below l, a level of this context (callers check it).
    unsafe {
        UNIFORM_SAMPLE.word(ctx.word()).launch(
            backend,
            ctx.tile(),
            &NdRange::with_local([words / 8, 1, 1], [uniform::NODES, 1, 1]),
            UniformArgs {
                a: &a.buffer,
                moduli,
                counts: &counts.buffer,
                s0: s[0],
                s1: s[1],
                s2: s[2],
                s3: s[3],
                s4: s[4],
                s5: s[5],
                s6: s[6],
                s7: s[7],
                n: n as u32,
                // 64-bit words in both builds; local sizes count the build's words.
                buf: uniform::SAMPLE_LOCAL_WORDS * 64 / ctx.word().bits() as usize,
            },
        )?
    };
    let items = FIXUP_ITEMS.min(limits.max_work_group_size);
    // SAFETY: the same buffers as the sample above, one work-group walking their blocks.
    unsafe {
        UNIFORM_FIXUP.word(ctx.word()).launch(
            backend,
            ctx.tile(),
            &NdRange::with_local([items, 1, 1], [items, 1, 1]),
            FixupArgs {
                a: &a.buffer,
                moduli,
                counts: &counts.buffer,
                s0: s[0],
                s1: s[1],
                s2: s[2],
                s3: s[3],
                s4: s[4],
                s5: s[5],
                s6: s[6],
                s7: s[7],
                n: n as u32,
                rns_count: l as u32,
                buf: items,
            },
        )?
    };
    Ok(a)
}

/// Encrypts `plain` (`l` primes, NTT form, on `ctx`'s tile) with the secret key's device copy
/// `sk` (`[key primes][n]`): `a` from `seed`, e from the randomness of `key`, into a new
/// `[2][l][n]` buffer. `ctx` is the table set of the plaintext's level
/// (`DeviceContext::for_level`).
pub(crate) fn encrypt_symmetric(
    ctx: &Arc<DeviceContext>,
    sk: &DeviceCopy,
    seed: &PrngInfo,
    key: &[u64; 4],
    plain: &DeviceCopy,
    l: usize,
) -> CkksResult<DeviceCopy> {
    let (n, backend) = (ctx.n(), ctx.backend().as_ref());
    super::ops::holds(ctx, plain, 1, l, "device plaintext words")?;
    // The level's key rows start at its window's start (`ctx` is the level's table set).
    let key_first = ctx.first();
    if sk.words() < ctx.key_rns() * n || key_first + l > ctx.key_rns() {
        return Err(CkksError::WrongSize {
            what: "device secret key words",
            expected: ctx.key_rns() * n,
            given: sk.words(),
        });
    }
    let a = uniform_poly(ctx, seed, l)?;
    let moduli = ctx.data_tables().moduli().buffer();
    let e = DeviceCopy::alloc(ctx, l * n)?;
    // encrypt_symmetric_combine zeroes it as it reads; until then a failure wipes it here.
    e.wipe_on_drop();
    let range = NdRange::new([n, l, 1]);
    let noise = NoiseArgs {
        e: &e.buffer,
        moduli,
        k0: key[0],
        k1: key[1],
        k2: key[2],
        k3: key[3],
        n: n as u32,
    };
    // SAFETY: coefficient (t, i) of `e` ([l][n], allocated above) and moduli row i < l (holds).
    unsafe {
        ENCRYPT_NOISE
            .word(ctx.word())
            .launch(backend, ctx.tile(), &range, noise)?
    };
    let shape = RnsShape::new(n, l, 1)?;
    ntt_rns::forward_rns(
        backend,
        ctx.data_tables(),
        shape,
        Rows::own(&e.buffer, shape),
        Load::Plain,
        &e.buffer,
        Store::Reduce,
        &ctx.plan(shape)?,
    )?;
    let out = DeviceCopy::alloc(ctx, 2 * l * n)?;
    let combine = SymmetricCombineArgs {
        e: &e.buffer,
        a: &a.buffer,
        s: &sk.buffer,
        plain: &plain.buffer,
        out: &out.buffer,
        moduli,
        n: n as u32,
        rns_count: l as u32,
        key_first: key_first as u32,
    };
    // SAFETY: rows i < l of `e`, `a` (uniform_poly's [l][n]), the secret key's device copy
    // (rows key_first + i of its key_rns ≥ key_first + l, checked), `plain` (holds) and `out`
    // ([2][l][n], allocated above), in the context's word, the build launched.
    unsafe {
        ENCRYPT_SYMMETRIC_COMBINE
            .word(ctx.word())
            .launch(backend, ctx.tile(), &range, combine)?
    };
    e.cleared_by_kernel();
    Ok(out)
}
