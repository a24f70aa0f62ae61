//! Level Zero objects destroyed when their owner drops them: kernels, modules, command lists,
//! the context. Owners declare them in destruction order (kernels before their modules, every
//! tile before the context).

use super::discover::Ze;
use level_zero_sys as ze;
use std::sync::Arc;

/// A driver object with the call that destroys it.
pub(super) struct ZeOwned<T: Copy> {
    ze: Arc<Ze>,
    handle: T,
    destroy: fn(&Ze, T),
}

// SAFETY: Level Zero objects may be used from any thread; the backend locks the calls the
// specification leaves unsynchronized (appending to a command list, setting kernel arguments).
unsafe impl<T: Copy> Send for ZeOwned<T> {}
unsafe impl<T: Copy> Sync for ZeOwned<T> {}

impl<T: Copy> ZeOwned<T> {
    pub(super) fn get(&self) -> T {
        self.handle
    }
}

impl<T: Copy> Drop for ZeOwned<T> {
    fn drop(&mut self) {
        (self.destroy)(&self.ze, self.handle);
    }
}

impl<T: Copy> ZeOwned<T> {
    fn new(ze: &Arc<Ze>, handle: T, destroy: fn(&Ze, T)) -> Self {
        ZeOwned {
            ze: ze.clone(),
            handle,
            destroy,
        }
    }
}

// A destroy call can only fail for an invalid handle, which ownership rules out.
pub(super) fn kernel(ze: &Arc<Ze>, h: ze::ze_kernel_handle_t) -> ZeOwned<ze::ze_kernel_handle_t> {
    ZeOwned::new(ze, h, |ze, h| {
        let _ = unsafe { ze.0.zeKernelDestroy(h) };
    })
}

pub(super) fn module(ze: &Arc<Ze>, h: ze::ze_module_handle_t) -> ZeOwned<ze::ze_module_handle_t> {
    ZeOwned::new(ze, h, |ze, h| {
        let _ = unsafe { ze.0.zeModuleDestroy(h) };
    })
}

pub(super) fn command_list(
    ze: &Arc<Ze>,
    h: ze::ze_command_list_handle_t,
) -> ZeOwned<ze::ze_command_list_handle_t> {
    ZeOwned::new(ze, h, |ze, h| {
        let _ = unsafe { ze.0.zeCommandListDestroy(h) };
    })
}

pub(super) fn context(
    ze: &Arc<Ze>,
    h: ze::ze_context_handle_t,
) -> ZeOwned<ze::ze_context_handle_t> {
    ZeOwned::new(ze, h, |ze, h| {
        let _ = unsafe { ze.0.zeContextDestroy(h) };
    })
}
