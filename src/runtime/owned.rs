//! Device buffers that return to their tile's memory cache when dropped.

use crate::runtime::backend::{Backend, DeviceBuffer};
use crate::runtime::error::RuntimeResult;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// A [`DeviceBuffer`] with its backend: dropping it frees the buffer (a failure then has no one
/// to go to and is dropped too; [`OwnedBuffer::free`] reports it). The backend stays alive as
/// long as the buffer does.
///
/// ```
/// use xehe::runtime::{open, owned::OwnedBuffer, BackendChoice, OpenOptions};
/// let dev = open(&OpenOptions { backend: BackendChoice::CpuSim, ..Default::default() })?;
/// let buf = OwnedBuffer::upload(&dev, 0, &[1, 2, 3])?;
/// assert_eq!(buf.words(), 3);
/// assert_eq!(dev.memcache_stats(0)?.active, 1);
/// drop(buf);
/// assert_eq!(dev.memcache_stats(0)?.active, 0);
/// # Ok::<(), xehe::runtime::RuntimeError>(())
/// ```
pub struct OwnedBuffer {
    backend: Arc<dyn Backend>,
    buffer: Option<DeviceBuffer>,
}

impl OwnedBuffer {
    /// `words` uninitialized words on `tile`.
    pub fn alloc(backend: &Arc<dyn Backend>, tile: usize, words: usize) -> RuntimeResult<Self> {
        let buffer = backend.alloc(tile, words)?;
        Ok(OwnedBuffer {
            backend: backend.clone(),
            buffer: Some(buffer),
        })
    }

    /// A buffer on `tile` holding `words` (the copy is enqueued; later work on the tile sees it).
    pub fn upload(backend: &Arc<dyn Backend>, tile: usize, words: &[u64]) -> RuntimeResult<Self> {
        let owned = Self::alloc(backend, tile, words.len())?;
        backend.write(&owned, 0, words)?;
        Ok(owned)
    }

    /// Frees the buffer now, reporting what the backend says.
    pub fn free(mut self) -> RuntimeResult<()> {
        match self.buffer.take() {
            Some(b) => self.backend.free(b),
            None => Ok(()),
        }
    }
}

impl Deref for OwnedBuffer {
    type Target = DeviceBuffer;
    fn deref(&self) -> &DeviceBuffer {
        self.buffer
            .as_ref()
            .expect("present until dropped or freed")
    }
}

impl Drop for OwnedBuffer {
    fn drop(&mut self) {
        if let Some(b) = self.buffer.take() {
            let _ = self.backend.free(b);
        }
    }
}

impl fmt::Debug for OwnedBuffer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OwnedBuffer({:?})", self.buffer)
    }
}
