//! `cl_mem` buffers behind a tile's memory cache.

use crate::runtime::error::RuntimeResult;
use crate::runtime::memcache::{MemcacheError, RawAllocator};
use crate::runtime::staging::HostMemory;
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

/// Pinned host memory for copies (see [`crate::runtime::staging`]): buffers made with
/// `CL_MEM_ALLOC_HOST_PTR` (NVIDIA's way to page-lock host memory in OpenCL) and kept mapped
/// for their whole life. Maps and unmaps go to a queue of their own, so that making a staging
/// buffer never waits for a tile's work.
pub(super) struct ClHostAllocator {
    pub(super) context: DriverHandle<cl_context>,
    pub(super) queue: opencl3::command_queue::CommandQueue,
    pub(super) buffers: HandleTable<(DriverHandle<cl_mem>, DriverHandle<*mut std::ffi::c_void>)>,
}

impl HostMemory for ClHostAllocator {
    fn host_ptr(&self, id: u64) -> RuntimeResult<*mut std::ffi::c_void> {
        self.buffers
            .get(id)
            .map(|(_, p)| p.0)
            .ok_or_else(|| MemcacheError::UnknownBuffer(format!("opencl host #{id}")).into())
    }
}

impl RawAllocator for ClHostAllocator {
    type Handle = u64;

    fn allocate(&self, bytes: usize) -> Result<u64, MemcacheError> {
        let failed = |call: &str, code: i32| MemcacheError::AllocationFailed {
            bytes,
            reason: format!("{call}: {}", opencl3::error_codes::error_text(code)),
        };
        let mem = unsafe {
            cl3::memory::create_buffer(
                self.context.0,
                cl3::memory::CL_MEM_ALLOC_HOST_PTR | cl3::memory::CL_MEM_READ_WRITE,
                bytes,
                std::ptr::null_mut(),
            )
        }
        .map_err(|c| failed("clCreateBuffer(CL_MEM_ALLOC_HOST_PTR)", c))?;
        let mut ptr: cl_mem = std::ptr::null_mut();
        let mapped = unsafe {
            cl3::command_queue::enqueue_map_buffer(
                self.queue.get(),
                mem,
                cl3::types::CL_BLOCKING,
                cl3::memory::CL_MAP_READ | cl3::memory::CL_MAP_WRITE,
                0,
                bytes,
                &mut ptr,
                0,
                std::ptr::null(),
            )
        };
        match mapped {
            Ok(event) => drop(opencl3::event::Event::new(event)),
            Err(c) => {
                let _ = unsafe { cl3::memory::release_mem_object(mem) };
                return Err(failed("clEnqueueMapBuffer", c));
            }
        }
        Ok(self.buffers.insert((DriverHandle(mem), DriverHandle(ptr))))
    }

    fn release(&self, handle: u64) {
        if let Some((mem, ptr)) = self.buffers.remove(handle) {
            // The unmap is queued; the release waits for it in the driver. Failures can only
            // come from an invalid object, which the table rules out.
            unsafe {
                if let Ok(e) = cl3::command_queue::enqueue_unmap_mem_object(
                    self.queue.get(),
                    mem.0,
                    ptr.0,
                    0,
                    std::ptr::null(),
                ) {
                    drop(opencl3::event::Event::new(e));
                }
                let _ = cl3::memory::release_mem_object(mem.0);
            }
        }
    }
}
