//! Device copies of residue words: one buffer on one tile ([`DeviceCopy`]), freed when the
//! last holder drops it, and the slots that hold an object's copy ([`DeviceSlot`], one tile)
//! or a key's copies ([`DeviceSlots`], one per tile). The host side of the offload model is
//! `ckks::storage`.
//!
//! A device copy is never written after it is made (every operation writes a new buffer), so
//! clones share it and its buffer returns to the tile's memory cache when the last one drops.
//!
//! What a recycled buffer may still hold, per object type (the memory cache hands buffers out
//! again without clearing them, and every kernel writes its output before anything reads it):
//! - the secret key: on a device only through `Decryptor::on_device` or a symmetric
//!   `Encryptor::on_device` (an explicit choice for the key owner's GPU), wiped like a
//!   plaintext when the decryptor or encryptor drops;
//! - symmetric encryption's temporaries: the noise and the uniform draw are zeroed by the
//!   kernel that reads them, the draw's block counts by the redraw kernel;
//! - public, relinearization and Galois keys: public data, not cleared;
//! - ciphertexts: semantically secure encryptions, not cleared;
//! - plaintexts: the message in clear (encoded): their device copies are overwritten with zeros
//!   before the buffer returns to the cache, so that a later user of the buffer (another
//!   client's work in a server process, or a kernel bug) cannot see them.

use crate::ckks::device::DeviceContext;
use crate::ckks::error::CkksResult;
use crate::kernels::copy_u64::{FillArgs, FILL_U64};
use crate::runtime::toolkit::lock;
use crate::runtime::{DeviceBuffer, NdRange};
use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard};

/// Residues on one device context's tile, freed when dropped.
pub(crate) struct DeviceCopy {
    pub(crate) ctx: Arc<DeviceContext>,
    pub(crate) buffer: DeviceBuffer,
    /// Overwrite with zeros before the buffer returns to the cache (plaintexts).
    wipe: std::sync::atomic::AtomicBool,
}

impl DeviceCopy {
    /// Wraps a buffer `ctx` allocated.
    pub(crate) fn new(ctx: &Arc<DeviceContext>, buffer: DeviceBuffer) -> Arc<Self> {
        Arc::new(DeviceCopy {
            ctx: ctx.clone(),
            buffer,
            wipe: Default::default(),
        })
    }

    /// A new buffer of `words` words of the context's word size on `ctx`'s tile (contents
    /// undefined).
    pub(crate) fn alloc(ctx: &Arc<DeviceContext>, words: usize) -> CkksResult<Self> {
        let buffer = ctx
            .backend()
            .alloc(ctx.tile(), ctx.word().storage_words(words))?;
        Ok(DeviceCopy {
            ctx: ctx.clone(),
            buffer,
            wipe: Default::default(),
        })
    }

    /// Uploads `values` (residues below their primes) to a new buffer on `ctx`'s tile, in the
    /// context's word size.
    pub(crate) fn upload(ctx: &Arc<DeviceContext>, values: &[u64]) -> CkksResult<Arc<Self>> {
        let stored = match ctx.word() {
            crate::exec::WordSize::W64 => std::borrow::Cow::Borrowed(values),
            w => {
                // Narrowing must be exact: every value a checked object holds is below its
                // prime, and the tier's primes are below 2^30.
                if let Some(i) = values.iter().position(|&v| v > u64::from(u32::MAX)) {
                    return Err(crate::runtime::RuntimeError::NotReduced {
                        index: i,
                        value: values[i],
                        modulus: 1 << 32,
                    }
                    .into());
                }
                std::borrow::Cow::Owned(crate::device_ops::words::encode(w, values))
            }
        };
        let b = ctx.backend().alloc(ctx.tile(), stored.len())?;
        ctx.backend().write(&b, 0, &stored)?;
        Ok(Self::new(ctx, b))
    }

    /// A new buffer of `words` 64-bit words on `ctx`'s tile, whatever the context's word: for
    /// what is 64-bit in both word sizes (doubles, composition limbs).
    pub(crate) fn alloc_u64(ctx: &Arc<DeviceContext>, words: usize) -> CkksResult<Self> {
        let buffer = ctx.backend().alloc(ctx.tile(), words)?;
        Ok(DeviceCopy {
            ctx: ctx.clone(),
            buffer,
            wipe: Default::default(),
        })
    }

    /// Uploads 64-bit `values` as they are, whatever the context's word (see
    /// [`DeviceCopy::alloc_u64`]).
    pub(crate) fn upload_u64(ctx: &Arc<DeviceContext>, values: &[u64]) -> CkksResult<Arc<Self>> {
        let b = ctx.backend().alloc(ctx.tile(), values.len())?;
        ctx.backend().write(&b, 0, values)?;
        Ok(Self::new(ctx, b))
    }

    /// Reads a buffer of 64-bit words back as they are (see [`DeviceCopy::alloc_u64`]).
    pub(crate) fn read_u64(&self) -> CkksResult<Vec<u64>> {
        let mut out = vec![0u64; self.buffer.words()];
        self.ctx.backend().read(&self.buffer, 0, &mut out)?;
        Ok(out)
    }

    /// The words of the context's word size that the buffer holds.
    pub(crate) fn words(&self) -> usize {
        self.buffer.words() * 64 / self.ctx.word().bits() as usize
    }

    /// Marks the copy as holding a message in clear: zeroed before its buffer is recycled.
    pub(crate) fn wipe_on_drop(&self) {
        self.wipe.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// Undoes [`DeviceCopy::wipe_on_drop`]: for a buffer a kernel already enqueued clears.
    pub(crate) fn cleared_by_kernel(&self) {
        self.wipe.store(false, std::sync::atomic::Ordering::Relaxed);
    }

    /// Reads the buffer back (blocking until the tile's earlier work is done), widened to
    /// u64 words.
    pub(crate) fn read(&self) -> CkksResult<Vec<u64>> {
        let mut out = vec![0u64; self.buffer.words()];
        self.ctx.backend().read(&self.buffer, 0, &mut out)?;
        Ok(match self.ctx.word() {
            crate::exec::WordSize::W64 => out,
            w => crate::device_ops::words::decode(w, &out, self.words()),
        })
    }
}

impl Drop for DeviceCopy {
    fn drop(&mut self) {
        if self.wipe.load(std::sync::atomic::Ordering::Relaxed) && self.buffer.words() > 0 {
            // A fill kernel on the tile's in-order queue (no host memory crosses the bus), so
            // it lands before any later user of the recycled buffer writes it. A failure leaves
            // the words; nothing more can be done in a destructor.
            let args = FillArgs {
                dst: &self.buffer,
                value: 0,
            };
            let range = NdRange::new([self.buffer.words(), 1, 1]);
            // SAFETY: work-item i writes word i of the buffer, over the buffer's own words.
            let _ = unsafe {
                FILL_U64.launch(
                    self.ctx.backend().as_ref(),
                    self.buffer.tile(),
                    &range,
                    args,
                )
            };
        }
        // Returning a buffer to the memory cache only fails for a handle the cache never gave
        // out; nothing can be done about it in a destructor.
        let _ = self.ctx.backend().free(self.buffer.alias());
    }
}

impl fmt::Debug for DeviceCopy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "DeviceCopy(tile {}, {} words)",
            self.buffer.tile(),
            self.buffer.words()
        )
    }
}

/// At most one device copy, shared by clones (copy-on-write: copies are immutable).
#[derive(Default)]
pub(crate) struct DeviceSlot(Mutex<Option<Arc<DeviceCopy>>>);

impl DeviceSlot {
    pub(crate) fn with(copy: Arc<DeviceCopy>) -> Self {
        DeviceSlot(Mutex::new(Some(copy)))
    }
    pub(crate) fn lock(&self) -> MutexGuard<'_, Option<Arc<DeviceCopy>>> {
        lock(&self.0)
    }
    pub(crate) fn get(&self) -> Option<Arc<DeviceCopy>> {
        self.lock().clone()
    }
    /// The copy on `ctx`, made by `make` when there is none there yet.
    pub(crate) fn get_or_make(
        &self,
        ctx: &Arc<DeviceContext>,
        make: impl FnOnce(Option<&DeviceCopy>) -> CkksResult<Arc<DeviceCopy>>,
    ) -> CkksResult<Arc<DeviceCopy>> {
        let mut slot = self.lock();
        if let Some(c) = slot.as_ref() {
            if c.ctx.shares_storage(ctx) {
                return Ok(c.clone());
            }
        }
        let copy = make(slot.as_deref())?;
        *slot = Some(copy.clone());
        Ok(copy)
    }
}

/// One device copy per device context (tile), for keys: several tiles use the same keys at
/// once, and a single slot would move them back and forth, uploading at every switch.
#[derive(Default)]
pub(crate) struct DeviceSlots(Mutex<Vec<Arc<DeviceCopy>>>);

impl DeviceSlots {
    /// The copy on `ctx`, made by `make` when that tile has none yet.
    pub(crate) fn get_or_make(
        &self,
        ctx: &Arc<DeviceContext>,
        make: impl FnOnce() -> CkksResult<Arc<DeviceCopy>>,
    ) -> CkksResult<Arc<DeviceCopy>> {
        let mut copies = lock(&self.0);
        if let Some(c) = copies.iter().find(|c| c.ctx.shares_storage(ctx)) {
            return Ok(c.clone());
        }
        let copy = make()?;
        copies.push(copy.clone());
        Ok(copy)
    }
}

impl Clone for DeviceSlots {
    fn clone(&self) -> Self {
        DeviceSlots(Mutex::new(lock(&self.0).clone()))
    }
}

impl fmt::Debug for DeviceSlots {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = lock(&self.0).len();
        write!(f, "{n} device copies")
    }
}

impl Clone for DeviceSlot {
    fn clone(&self) -> Self {
        DeviceSlot(Mutex::new(self.get()))
    }
}

impl fmt::Debug for DeviceSlot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.get() {
            Some(c) => write!(f, "{c:?}"),
            None => f.write_str("host only"),
        }
    }
}
