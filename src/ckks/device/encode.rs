//! CKKS encoding on the device, word for word the host encoder's ([`crate::ckks::CkksEncoder`]):
//! the slots' values cross the bus (16 bytes a slot instead of 8 bytes a coefficient and prime),
//! the transform runs in double precision on the device (`encode_fft_local` for the first
//! stages inside blocks of local memory, `encode_fft_stage` for each later one), then
//! `encode_finish` does the last, scaled stage with the rounding and the residues, and a forward
//! NTT over the level's primes makes the plaintext. The slots, the tables and the transform
//! are 64-bit words (doubles) whatever the context's word; the residues are in its word.

use crate::ckks::device::copy::DeviceCopy;
use crate::ckks::device::DeviceContext;
use crate::ckks::error::{CkksError, CkksResult};
use crate::device_ops::ntt::rns::{self as ntt_rns, Load, Rows, Store};
use crate::kernels::encode::{
    FftLocalArgs, FftStageArgs, FinishArgs, ENCODE_FFT_LOCAL, ENCODE_FFT_STAGE, ENCODE_FINISH,
};
use crate::rns::RnsShape;
use crate::runtime::NdRange;
use num_complex::Complex64;
use std::sync::Arc;

/// The largest block the local stages take: 2^11 positions (32 KiB of local memory).
const MAX_BLOCK_LOG: u32 = 11;

/// How the FFT stages done in local memory run (encoding's first ones, decoding's last ones):
/// `stages` of them inside blocks of 2^stages positions, one work-group of `range` per block.
pub(crate) struct LocalFft {
    pub stages: u32,
    pub block: usize,
    pub range: NdRange,
}

impl LocalFft {
    /// At most `most` stages, in blocks that fit the device's local memory (two words a
    /// position) and [`MAX_BLOCK_LOG`].
    pub(crate) fn new(limits: &crate::runtime::DeviceLimits, n: usize, most: u32) -> Self {
        let fits = (limits.local_mem_bytes / 16).max(2).ilog2();
        let stages = fits.min(MAX_BLOCK_LOG).min(most);
        let block = 1usize << stages;
        let group = (block / 2).clamp(1, 256.min(limits.max_work_group_size));
        LocalFft {
            stages,
            block,
            range: NdRange {
                global: [(n / block) * group, 1, 1],
                local: Some([group, 1, 1]),
            },
        }
    }
}

/// The device form of the encoder's transform tables (`kernels::encode`'s and
/// `kernels::decode`'s `table`): each of `roots` as (re, im) bits, then for each position of the
/// transform the slot it takes, doubled, plus one for a conjugate. `index_map` is the
/// encoder's: the position of slot j (first n/2 entries) and of its conjugate (last n/2).
pub(crate) fn transform_table(roots: &[Complex64], index_map: &[usize]) -> Vec<u64> {
    let n = index_map.len();
    let mut t = Vec::with_capacity(3 * n);
    for r in roots {
        t.push(r.re.to_bits());
        t.push(r.im.to_bits());
    }
    let mut gather = vec![0u64; n];
    for (j, &p) in index_map.iter().enumerate() {
        gather[p] = if j < n / 2 {
            2 * j as u64
        } else {
            2 * (j - n / 2) as u64 + 1
        };
    }
    t.extend(gather);
    t
}

/// Encodes `batch` vectors, each the (re, im) words of `count` slots (`values`: `[batch][2 ·
/// count]`, zeroed by the last kernel), at `l` primes with `scalar` = scale / n into a new
/// `[batch][l][n]` buffer in NTT form. `tables` holds the encoder's roots and slot map; `ctx`
/// is the table set of the level (`DeviceContext::for_level`).
pub(crate) fn encode(
    ctx: &Arc<DeviceContext>,
    tables: &DeviceCopy,
    values: &DeviceCopy,
    count: usize,
    scalar: f64,
    l: usize,
    batch: usize,
) -> CkksResult<DeviceCopy> {
    let (n, backend, tile) = (ctx.n(), ctx.backend().as_ref(), ctx.tile());
    let log_n = n.trailing_zeros();
    if tables.buffer.words() < 3 * n {
        return Err(CkksError::WrongSize {
            what: "words of the device encoder tables",
            expected: 3 * n,
            given: tables.buffer.words(),
        });
    }
    if l == 0 || l > ctx.data_primes() {
        return Err(CkksError::WrongSize {
            what: "primes of a device encoding (1 to the data primes)",
            expected: ctx.data_primes(),
            given: l,
        });
    }
    if batch == 0 || values.buffer.words() < batch * 2 * count {
        return Err(CkksError::WrongSize {
            what: "slot words of a device encoding's batch",
            expected: batch.max(1) * 2 * count,
            given: values.buffer.words(),
        });
    }
    // Every stage but the last (fused into encode_finish) that fits a block.
    let mut local = LocalFft::new(&backend.limits(), n, log_n - 1);
    local.range.global[1] = batch;
    let half = NdRange::new([n / 2, batch, 1]);
    // The transform's buffer holds the message: encode_finish zeroes it as it reads; until that
    // is enqueued, a failure wipes it here.
    let a = DeviceCopy::alloc_u64(ctx, batch * 2 * n)?;
    a.wipe_on_drop();
    let args = FftLocalArgs {
        values: &values.buffer,
        table: &tables.buffer,
        a: &a.buffer,
        n: n as u32,
        count: count as u32,
        stages: local.stages,
        buf: 2 * local.block,
    };
    // SAFETY: `values` holds batch × 2 · count words (checked; the slot map is compared with
    // count before any read), `tables` 3n words (checked), `a` the batch × 2n allocated above
    // (64-bit words, which the kernel's doubles are).
    unsafe { ENCODE_FFT_LOCAL.launch(backend, tile, &local.range, args)? };
    for s in local.stages..log_n - 1 {
        let args = FftStageArgs {
            a: &a.buffer,
            table: &tables.buffer,
            n: n as u32,
            s,
        };
        // SAFETY: a butterfly of positions below n of `a` (batch × 2n) and a root row of `tables`.
        unsafe { ENCODE_FFT_STAGE.launch(backend, tile, &half, args)? };
    }
    let out = DeviceCopy::alloc(ctx, batch * l * n)?;
    out.wipe_on_drop();
    let data = ctx.data_tables();
    let args = FinishArgs {
        a: &a.buffer,
        table: &tables.buffer,
        out: &out.buffer,
        moduli: data.moduli().buffer(),
        n: n as u32,
        rns_count: l as u32,
        scalar: scalar.to_bits(),
        values: &values.buffer,
        count: count as u32,
    };
    // SAFETY: positions below n of `a` and `values` as above, `out` ([batch][l][n] words of
    // the context's word, the build launched) as allocated; l is at most the data primes
    // (checked), so the moduli have l rows.
    unsafe {
        ENCODE_FINISH
            .word(ctx.word())
            .launch(backend, tile, &half, args)?
    };
    a.cleared_by_kernel();
    values.cleared_by_kernel();
    let shape = RnsShape::new(n, l, batch)?;
    ntt_rns::forward_rns(
        backend,
        data,
        shape,
        Rows::own(&out.buffer, shape),
        Load::Plain,
        &out.buffer,
        Store::Reduce,
        &ctx.plan(shape)?,
    )?;
    Ok(out)
}
