//! Host memory for copies. A copy from ordinary (pageable) memory makes the driver pin or
//! bounce it per copy, a kernel-mode call each time; memory from `zeMemAllocHost` is already
//! visible to the device. Copies therefore go through such buffers, recycled by a memory cache
//! (the same one device buffers use), and the cache keeps at most [`STAGING_KEEP`] bytes once
//! a tile is drained.

use super::discover::{self, Ze};
use super::owned::{destroyed, ZeOwned};
use crate::runtime::error::RuntimeResult;
use crate::runtime::memcache::{Memcache, MemcacheError, RawAllocator};
use crate::runtime::toolkit::{DriverHandle, HandleTable};
use level_zero_sys as ze;
use std::ffi::c_void;
use std::sync::Arc;

/// Staging bytes kept for reuse after a tile drains; more is released.
pub(super) const STAGING_KEEP: usize = 64 << 20;

/// `zeMemAllocHost` behind a memory cache.
pub(super) struct ZeHostAllocator {
    pub(super) ze: Arc<Ze>,
    pub(super) context: Arc<ZeOwned<ze::ze_context_handle_t>>,
    pub(super) ptrs: HandleTable<DriverHandle<*mut c_void>>,
}

impl RawAllocator for ZeHostAllocator {
    type Handle = u64;

    fn allocate(&self, bytes: usize) -> Result<u64, MemcacheError> {
        let desc = ze::ze_host_mem_alloc_desc_t {
            stype: ze::ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC,
            ..Default::default()
        };
        let mut ptr = std::ptr::null_mut();
        let r = unsafe {
            self.ze
                .0
                .zeMemAllocHost(self.context.get(), &desc, bytes.max(8), 64, &mut ptr)
        };
        if r != ze::ZE_RESULT_SUCCESS {
            return Err(MemcacheError::AllocationFailed {
                bytes,
                reason: format!("zeMemAllocHost: {}", discover::result_name(r)),
            });
        }
        Ok(self.ptrs.insert(DriverHandle(ptr)))
    }

    fn release(&self, handle: u64) {
        if let Some(p) = self.ptrs.remove(handle) {
            destroyed("zeMemFree", unsafe {
                self.ze.0.zeMemFree(self.context.get(), p.0)
            });
        }
    }
}

pub(super) type StagingPool = Memcache<ZeHostAllocator>;

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
        let ptr = match pool.allocator().ptrs.get(cached.handle) {
            Some(p) => p.0 as *mut u64,
            None => {
                pool.free(cached.handle)?;
                return Err(MemcacheError::UnknownBuffer(format!(
                    "level-zero host #{}",
                    cached.handle
                ))
                .into());
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
