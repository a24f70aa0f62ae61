//! Host staging memory of Level Zero copies: `zeMemAllocHost` (a [`ZeAllocator`] without a
//! device) behind a memory cache (see [`crate::runtime::staging`]).

use super::alloc::ZeAllocator;
use crate::runtime::error::RuntimeResult;
use crate::runtime::memcache::Memcache;
use crate::runtime::staging::HostMemory;
use std::ffi::c_void;

pub(super) type StagingPool = Memcache<ZeAllocator>;
pub(super) type Staging = crate::runtime::staging::Staging<ZeAllocator>;
pub(super) use crate::runtime::staging::trim;

impl HostMemory for ZeAllocator {
    fn host_ptr(&self, id: u64) -> RuntimeResult<*mut c_void> {
        self.get(id)
    }
}
