//! Level Zero allocations behind a memory cache: device memory of a tile (a tile's cache), or
//! host memory visible to the device (the staging buffers of copies).

use super::discover::{self, Ze};
use super::owned::{destroyed, ZeOwned};
use crate::runtime::error::RuntimeResult;
use crate::runtime::memcache::{MemcacheError, RawAllocator};
use crate::runtime::toolkit::{DriverHandle, HandleTable};
use level_zero_sys as ze;
use std::ffi::c_void;
use std::sync::Arc;

pub(super) struct ZeAllocator {
    pub(super) ze: Arc<Ze>,
    pub(super) context: Arc<ZeOwned<ze::ze_context_handle_t>>,
    /// The tile whose memory this allocates; None: host memory (`zeMemAllocHost`).
    pub(super) device: Option<DriverHandle<ze::ze_device_handle_t>>,
    pub(super) ptrs: HandleTable<DriverHandle<*mut c_void>>,
}

impl ZeAllocator {
    pub(super) fn get(&self, id: u64) -> RuntimeResult<*mut c_void> {
        self.ptrs
            .get(id)
            .map(|h| h.0)
            .ok_or_else(|| MemcacheError::UnknownBuffer(format!("level-zero #{id}")).into())
    }
}

impl RawAllocator for ZeAllocator {
    type Handle = u64;

    fn allocate(&self, bytes: usize) -> Result<u64, MemcacheError> {
        let mut ptr = std::ptr::null_mut();
        let (call, r) = match self.device {
            Some(device) => {
                let desc = ze::ze_device_mem_alloc_desc_t {
                    stype: ze::ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC,
                    ..Default::default()
                };
                ("zeMemAllocDevice", unsafe {
                    self.ze.0.zeMemAllocDevice(
                        self.context.get(),
                        &desc,
                        bytes.max(8),
                        64,
                        device.0,
                        &mut ptr,
                    )
                })
            }
            None => {
                let desc = ze::ze_host_mem_alloc_desc_t {
                    stype: ze::ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC,
                    ..Default::default()
                };
                ("zeMemAllocHost", unsafe {
                    self.ze
                        .0
                        .zeMemAllocHost(self.context.get(), &desc, bytes.max(8), 64, &mut ptr)
                })
            }
        };
        if r == ze::ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY
            || r == ze::ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY
            || r == ze::ZE_RESULT_ERROR_UNSUPPORTED_SIZE
        {
            return Err(MemcacheError::OutOfMemory {
                bytes,
                held: 0,
                limit: None,
                reason: format!("{call}: {}", discover::result_name(r)),
            });
        }
        if r != ze::ZE_RESULT_SUCCESS {
            return Err(MemcacheError::AllocationFailed {
                bytes,
                reason: format!("{call}: {}", discover::result_name(r)),
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
