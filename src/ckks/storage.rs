//! Where a ciphertext's or plaintext's residues live (XeHE's `.gpu()` offload model).
//!
//! - A host copy (`host`, empty when it is not current) and at most one device copy.
//! - Marked for the device (`gpu`), an operand is uploaded lazily at its first device use and
//!   the copy is kept; results of device operations exist only on the device until read
//!   ([`Storage::read`], as decryption does) or downloaded ([`Storage::download`]).
//! - Changing the host words ([`Storage::host_mut`]) drops the device copy: the dirty flag is
//!   its absence, and the next device use uploads again.
//! - A device copy is never written after it is made (every operation writes a new buffer), so
//!   clones share it and its buffer returns to the tile's memory cache when the last one drops.
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

use crate::ckks::device_context::DeviceContext;
use crate::ckks::error::CkksResult;
use crate::kernels::copy_u64::{FillArgs, FILL_U64};
use crate::runtime::toolkit::lock;
use crate::runtime::{DeviceBuffer, NdRange};
use std::borrow::Cow;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
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

    /// A new buffer of `words` words on `ctx`'s tile (contents undefined).
    pub(crate) fn alloc(ctx: &Arc<DeviceContext>, words: usize) -> CkksResult<Self> {
        let buffer = ctx.backend().alloc(ctx.tile(), words)?;
        Ok(DeviceCopy {
            ctx: ctx.clone(),
            buffer,
            wipe: Default::default(),
        })
    }

    /// Uploads `words` to a new buffer on `ctx`'s tile.
    pub(crate) fn upload(ctx: &Arc<DeviceContext>, words: &[u64]) -> CkksResult<Arc<Self>> {
        let b = ctx.backend().alloc(ctx.tile(), words.len())?;
        ctx.backend().write(&b, 0, words)?;
        Ok(Self::new(ctx, b))
    }

    /// Marks the copy as holding a message in clear: zeroed before its buffer is recycled.
    pub(crate) fn wipe_on_drop(&self) {
        self.wipe.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// Undoes [`DeviceCopy::wipe_on_drop`]: for a buffer a kernel already enqueued clears.
    pub(crate) fn cleared_by_kernel(&self) {
        self.wipe.store(false, std::sync::atomic::Ordering::Relaxed);
    }

    /// Reads the buffer back (blocking until the tile's earlier work is done).
    pub(crate) fn read(&self) -> CkksResult<Vec<u64>> {
        let mut out = vec![0u64; self.buffer.words()];
        self.ctx.backend().read(&self.buffer, 0, &mut out)?;
        Ok(out)
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
            if Arc::ptr_eq(&c.ctx, ctx) {
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
        if let Some(c) = copies.iter().find(|c| Arc::ptr_eq(&c.ctx, ctx)) {
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

/// The residue words of a ciphertext or plaintext, on the host, the device, or both.
#[derive(Clone, Debug)]
pub(crate) struct Storage {
    /// Current host words; empty when only the device copy is current.
    host: Vec<u64>,
    words: usize,
    gpu: bool,
    device: DeviceSlot,
    /// A message in clear (plaintexts): device copies are wiped when recycled.
    sensitive: bool,
    /// Every word was checked below its prime since the words last changed (a plaintext
    /// encrypted again is not checked again).
    checked: WordsChecked,
}

/// A flag that clones with its value and can be set through a shared reference.
#[derive(Debug, Default)]
struct WordsChecked(AtomicBool);

impl Clone for WordsChecked {
    fn clone(&self) -> Self {
        WordsChecked(AtomicBool::new(self.0.load(Ordering::Relaxed)))
    }
}

impl Storage {
    /// Whether [`Storage::mark_checked`] was called since the words last changed.
    pub(crate) fn checked(&self) -> bool {
        self.checked.0.load(Ordering::Relaxed)
    }

    /// Records that every word was found below its prime.
    pub(crate) fn mark_checked(&self) {
        self.checked.0.store(true, Ordering::Relaxed);
    }

    pub(crate) fn host(data: Vec<u64>) -> Self {
        Storage {
            words: data.len(),
            host: data,
            gpu: false,
            device: DeviceSlot::default(),
            sensitive: false,
            checked: WordsChecked::default(),
        }
    }

    /// Marks the words as a message in clear: every device copy is wiped when recycled.
    pub(crate) fn sensitive(mut self) -> Self {
        self.sensitive = true;
        if let Some(c) = self.device.get() {
            c.wipe_on_drop();
        }
        self
    }

    /// The result of a device operation: current only on the device, marked for it.
    pub(crate) fn device(copy: Arc<DeviceCopy>, words: usize) -> Self {
        Storage {
            host: Vec::new(),
            words,
            gpu: true,
            device: DeviceSlot::with(copy),
            sensitive: false,
            checked: WordsChecked::default(),
        }
    }

    pub(crate) fn words(&self) -> usize {
        self.words
    }
    pub(crate) fn gpu(&self) -> bool {
        self.gpu
    }
    pub(crate) fn set_gpu(&mut self, gpu: bool) {
        self.gpu = gpu;
    }
    pub(crate) fn host_current(&self) -> bool {
        !self.host.is_empty()
    }
    pub(crate) fn on_device(&self) -> bool {
        self.device.get().is_some()
    }

    /// The current words: the host copy, or a read of the device copy (not kept).
    pub(crate) fn read(&self) -> CkksResult<Cow<'_, [u64]>> {
        if self.host_current() {
            return Ok(Cow::Borrowed(&self.host));
        }
        let copy = self
            .device
            .get()
            .expect("a storage without host words has a device copy");
        Ok(Cow::Owned(copy.read()?))
    }

    /// Makes the host copy current (keeping the device copy).
    pub(crate) fn download(&mut self) -> CkksResult<()> {
        if !self.host_current() {
            self.host = self.read()?.into_owned();
        }
        Ok(())
    }

    /// The host words for changing: downloads them first and drops the device copy, which the
    /// next device use uploads again.
    pub(crate) fn host_mut(&mut self) -> CkksResult<&mut Vec<u64>> {
        self.download()?;
        *self.device.lock() = None;
        self.checked.0.store(false, Ordering::Relaxed);
        Ok(&mut self.host)
    }

    /// The copy on `ctx`'s tile: the one already there, or an upload of the host words (or of
    /// the words read back from another tile's copy). Kept for later uses.
    pub(crate) fn on(&self, ctx: &Arc<DeviceContext>) -> CkksResult<Arc<DeviceCopy>> {
        self.device.get_or_make(ctx, |other| {
            let copy = if self.host_current() {
                DeviceCopy::upload(ctx, &self.host)?
            } else {
                let words = other.expect("no host words means a device copy").read()?;
                DeviceCopy::upload(ctx, &words)?
            };
            if self.sensitive {
                copy.wipe_on_drop();
            }
            Ok(copy)
        })
    }
}
