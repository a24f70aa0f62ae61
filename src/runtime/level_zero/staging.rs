//! Host memory for copies. A copy from ordinary (pageable) memory makes the driver pin or
//! bounce it per copy, a kernel-mode call each time; memory from `zeMemAllocHost` is already
//! visible to the device. Copies therefore go through such buffers, recycled by a memory cache
//! (the same one device buffers use), and the cache keeps at most [`STAGING_KEEP`] bytes once
//! a tile is drained.

use super::alloc::ZeAllocator;
use crate::runtime::error::RuntimeResult;
use crate::runtime::memcache::Memcache;
use std::ffi::c_void;
use std::sync::Arc;

/// Staging bytes kept for reuse after a tile drains; more is released.
pub(super) const STAGING_KEEP: usize = 64 << 20;

/// Host memory (`zeMemAllocHost`, a [`ZeAllocator`] without a device) behind a memory cache.
pub(super) type StagingPool = Memcache<ZeAllocator>;

/// A staging buffer of at least `words` words, returned to its pool when dropped (after the
/// copy that reads or writes it has finished).
pub(super) struct Staging {
    pool: Arc<StagingPool>,
    handle: u64,
    ptr: *mut u64,
    words: usize,
}

// SAFETY: the buffer is host memory owned by this lease alone.
unsafe impl Send for Staging {}

impl Staging {
    pub(super) fn new(pool: &Arc<StagingPool>, words: usize) -> RuntimeResult<Self> {
        let cached = pool.alloc(words.saturating_mul(8))?;
        let ptr = match pool.allocator().get(cached.handle) {
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

    pub(super) fn ptr(&self) -> *mut c_void {
        self.ptr as *mut c_void
    }

    pub(super) fn as_slice(&self) -> &[u64] {
        // SAFETY: as for `as_mut_slice`.
        unsafe { std::slice::from_raw_parts(self.ptr, self.words) }
    }

    pub(super) fn as_mut_slice(&mut self) -> &mut [u64] {
        // SAFETY: at least `words` words of host memory that only this lease uses.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.words) }
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        // The pool knows the handle: it handed it out.
        let _ = self.pool.free(self.handle);
    }
}

/// Releases staging memory past [`STAGING_KEEP`] (the free pool), once a tile is drained.
pub(super) fn trim(pool: &StagingPool) {
    if pool.stats().held_bytes > STAGING_KEEP {
        pool.flush();
    }
}
