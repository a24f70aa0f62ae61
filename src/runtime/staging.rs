//! Host memory for copies. A copy from ordinary (pageable) memory makes the driver pin or
//! bounce it per copy; memory the driver allocated for the host (`zeMemAllocHost`, an OpenCL
//! buffer with `CL_MEM_ALLOC_HOST_PTR` kept mapped) is already visible to the device, so the
//! copy is a DMA that returns at once. Copies therefore go through such buffers, recycled by a
//! memory cache (the same one device buffers use), which keeps at most [`STAGING_KEEP`] bytes
//! once a tile is drained.

use super::error::RuntimeResult;
use super::memcache::{Memcache, RawAllocator};
use std::ffi::c_void;
use std::sync::Arc;

/// Staging bytes kept for reuse after a tile drains; more is released.
pub(crate) const STAGING_KEEP: usize = 64 << 20;

/// An allocator of host memory the device reads and writes directly.
pub(crate) trait HostMemory: RawAllocator<Handle = u64> {
    /// The host address of buffer `id`.
    fn host_ptr(&self, id: u64) -> RuntimeResult<*mut c_void>;
}

/// A staging buffer of at least `words` words, returned to its pool when dropped (after the
/// copy that reads or writes it has finished).
pub(crate) struct Staging<A: HostMemory> {
    pool: Arc<Memcache<A>>,
    handle: u64,
    ptr: *mut u64,
    words: usize,
}

// SAFETY: the buffer is host memory owned by this lease alone.
unsafe impl<A: HostMemory> Send for Staging<A> {}

impl<A: HostMemory> Staging<A> {
    pub(crate) fn new(pool: &Arc<Memcache<A>>, words: usize) -> RuntimeResult<Self> {
        let cached = pool.alloc(words.saturating_mul(8))?;
        let ptr = match pool.allocator().host_ptr(cached.handle) {
            Ok(p) => p as *mut u64,
            Err(e) => {
                pool.free(cached.handle)?;
                return Err(e);
            }
        };
        Ok(Staging {
            pool: pool.clone(),
            handle: cached.handle,
            ptr,
            words,
        })
    }

    pub(crate) fn ptr(&self) -> *mut c_void {
        self.ptr as *mut c_void
    }

    pub(crate) fn as_slice(&self) -> &[u64] {
        // SAFETY: as for `as_mut_slice`.
        unsafe { std::slice::from_raw_parts(self.ptr, self.words) }
    }

    pub(crate) fn as_mut_slice(&mut self) -> &mut [u64] {
        // SAFETY: at least `words` words of host memory that only this lease uses.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.words) }
    }
}

impl<A: HostMemory> Drop for Staging<A> {
    fn drop(&mut self) {
        // The copy has finished. What crossed may be a message in clear, a decryption, or the
        // secret key (`Decryptor::on_device`): no copy of it stays in recycled host memory.
        zeroize::Zeroize::zeroize(self.as_mut_slice());
        // The pool knows the handle: it handed it out.
        let _ = self.pool.free(self.handle);
    }
}

/// Releases staging memory past [`STAGING_KEEP`] (the free pool), once a tile is drained.
pub(crate) fn trim<A: HostMemory>(pool: &Memcache<A>) {
    if pool.stats().held_bytes > STAGING_KEEP {
        pool.flush();
    }
}
