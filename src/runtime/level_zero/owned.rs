//! Level Zero objects destroyed when their owner drops them: kernels, modules, command lists,
//! the context. Owners declare them in destruction order (kernels before their modules, every
//! tile before the context). A destroy call can fail only where that order is broken (the
//! validation layer's handle-lifetime checks refuse a pool whose events live, a context with
//! objects left); such failures are counted, so that tests can insist there are none.

use super::discover::Ze;
use crate::runtime::toolkit::lock;
use level_zero_sys as ze;
use std::sync::{Arc, Mutex};

/// The destroy calls refused so far, as "call: result" (the first 64).
static DESTROY_FAILURES: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Destroy calls the driver refused in this process, as "call: result": none unless objects
/// were destroyed out of order or a driver misbehaves.
pub fn destroy_failures() -> Vec<String> {
    lock(&DESTROY_FAILURES).clone()
}

/// Notes the result of a destroy call made from a destructor, which cannot return it.
pub(super) fn destroyed(call: &'static str, r: ze::ze_result_t) {
    if r != ze::ZE_RESULT_SUCCESS {
        let mut failures = lock(&DESTROY_FAILURES);
        if failures.len() < 64 {
            failures.push(format!("{call}: {}", super::discover::result_name(r)));
        }
    }
}

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
    fn new(ze: &Arc<Ze>, handle: T, destroy: fn(&Ze, T)) -> Self {
        ZeOwned {
            ze: ze.clone(),
            handle,
            destroy,
        }
    }

    pub(super) fn get(&self) -> T {
        self.handle
    }
}

impl<T: Copy> Drop for ZeOwned<T> {
    fn drop(&mut self) {
        (self.destroy)(&self.ze, self.handle);
    }
}

pub(super) fn kernel(ze: &Arc<Ze>, h: ze::ze_kernel_handle_t) -> ZeOwned<ze::ze_kernel_handle_t> {
    ZeOwned::new(ze, h, |ze, h| {
        destroyed("zeKernelDestroy", unsafe { ze.0.zeKernelDestroy(h) })
    })
}

pub(super) fn module(ze: &Arc<Ze>, h: ze::ze_module_handle_t) -> ZeOwned<ze::ze_module_handle_t> {
    ZeOwned::new(ze, h, |ze, h| {
        destroyed("zeModuleDestroy", unsafe { ze.0.zeModuleDestroy(h) })
    })
}

pub(super) fn command_list(
    ze: &Arc<Ze>,
    h: ze::ze_command_list_handle_t,
) -> ZeOwned<ze::ze_command_list_handle_t> {
    ZeOwned::new(ze, h, |ze, h| {
        destroyed("zeCommandListDestroy", unsafe {
            ze.0.zeCommandListDestroy(h)
        })
    })
}

pub(super) fn command_queue(
    ze: &Arc<Ze>,
    h: ze::ze_command_queue_handle_t,
) -> ZeOwned<ze::ze_command_queue_handle_t> {
    ZeOwned::new(ze, h, |ze, h| {
        destroyed("zeCommandQueueDestroy", unsafe {
            ze.0.zeCommandQueueDestroy(h)
        })
    })
}

pub(super) fn context(
    ze: &Arc<Ze>,
    h: ze::ze_context_handle_t,
) -> ZeOwned<ze::ze_context_handle_t> {
    ZeOwned::new(ze, h, |ze, h| {
        destroyed("zeContextDestroy", unsafe { ze.0.zeContextDestroy(h) })
    })
}
