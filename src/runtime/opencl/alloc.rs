//! `cl_mem` buffers behind a tile's memory cache.

use crate::runtime::error::RuntimeResult;
use crate::runtime::memcache::{MemcacheError, RawAllocator};
use crate::runtime::toolkit::{DriverHandle, HandleTable};
use opencl3::types::{cl_context, cl_mem};
use std::sync::atomic::{AtomicU64, Ordering};

pub(super) struct ClAllocator {
    pub(super) context: DriverHandle<cl_context>,
    pub(super) buffers: HandleTable<DriverHandle<cl_mem>>,
    /// Buffers released so far: kernels set buffer arguments again once it moves (see
    /// [`super::kernel::ClKernel::set_args`]).
    pub(super) releases: AtomicU64,
}

impl ClAllocator {
    pub(super) fn new(context: cl_context) -> Self {
        ClAllocator {
            context: DriverHandle(context),
            buffers: HandleTable::default(),
            releases: AtomicU64::new(0),
        }
    }

    pub(super) fn get(&self, id: u64) -> RuntimeResult<cl_mem> {
        self.buffers
            .get(id)
            .map(|h| h.0)
            .ok_or_else(|| MemcacheError::UnknownBuffer(format!("opencl #{id}")).into())
    }

    pub(super) fn releases(&self) -> u64 {
        self.releases.load(Ordering::Acquire)
    }
}

impl RawAllocator for ClAllocator {
    type Handle = u64;

    fn allocate(&self, bytes: usize) -> Result<u64, MemcacheError> {
        let mem = unsafe {
            cl3::memory::create_buffer(
                self.context.0,
                cl3::memory::CL_MEM_READ_WRITE,
                bytes,
                std::ptr::null_mut(),
            )
        }
        .map_err(|code| match code {
            // CL_MEM_OBJECT_ALLOCATION_FAILURE, CL_OUT_OF_RESOURCES, CL_OUT_OF_HOST_MEMORY,
            // CL_INVALID_BUFFER_SIZE (past CL_DEVICE_MAX_MEM_ALLOC_SIZE).
            -4 | -5 | -6 | -61 => MemcacheError::OutOfMemory {
                bytes,
                held: 0,
                limit: None,
                reason: format!("clCreateBuffer: {}", opencl3::error_codes::error_text(code)),
            },
            _ => MemcacheError::AllocationFailed {
                bytes,
                reason: opencl3::error_codes::error_text(code).to_string(),
            },
        })?;
        Ok(self.buffers.insert(DriverHandle(mem)))
    }

    fn release(&self, handle: u64) {
        if let Some(mem) = self.buffers.remove(handle) {
            self.releases.fetch_add(1, Ordering::AcqRel);
            // Release can only fail for an invalid object, which the map rules out.
            let _ = unsafe { cl3::memory::release_mem_object(mem.0) };
        }
    }
}
