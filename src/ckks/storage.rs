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
//! - The device copy itself, and what each kind of object may leave in a recycled buffer,
//!   are `ckks::device::copy`'s.

use crate::ckks::device::copy::{DeviceCopy, DeviceSlot};
use crate::ckks::device::DeviceContext;
use crate::ckks::error::{CkksError, CkksResult};
use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

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
                let other = other.expect("no host words means a device copy");
                // A failure here is the source tile's: named so, it does not retire the reader.
                let words = other.read().map_err(|e| CkksError::ReadBack {
                    device: other.ctx.pool_device(),
                    name: other.ctx.backend().device_name(),
                    tile: other.ctx.tile(),
                    source: Box::new(e),
                })?;
                DeviceCopy::upload(ctx, &words)?
            };
            if self.sensitive {
                copy.wipe_on_drop();
            }
            Ok(copy)
        })
    }
}
