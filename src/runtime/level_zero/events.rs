//! Event pools and the events a command hands out: waits and kernel timestamps.
//!
//! Lifetimes follow the specification's order: every event is destroyed before its pool, and
//! every pool before the context, which the pools share (an [`crate::runtime::Event`] handed
//! out keeps its tile's pools, and so the context, alive after the backend is gone).

use super::discover::{check, Ze};
use super::owned::{destroyed, ZeOwned};
use super::timeline::Timeline;
use crate::runtime::backend::EventSource;
use crate::runtime::error::RuntimeResult;
use crate::runtime::profiler::LaunchTimes;
use crate::runtime::toolkit::{lock, DriverHandle};
use level_zero_sys as ze;
use std::sync::{Arc, Mutex};

/// Events per pool; pools are added as launches stay pending.
pub(super) const POOL_EVENTS: u32 = 256;

/// Which caches a command's completion flushes. Kernels and uploads signal with device scope
/// (the next command on the tile sees their writes; nothing on the host reads device memory);
/// a download into host memory signals with host scope, so that the host reads what it wrote.
/// Host scope on every kernel would add a cache flush to each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Scope {
    Device = 0,
    Host = 1,
}

impl Scope {
    fn flag(self) -> ze::ze_event_scope_flags_t {
        match self {
            Scope::Device => ze::ZE_EVENT_SCOPE_FLAG_DEVICE,
            Scope::Host => ze::ZE_EVENT_SCOPE_FLAG_HOST,
        }
    }
}

struct Pool {
    handle: ze::ze_event_pool_handle_t,
    events: Vec<ze::ze_event_handle_t>,
}

/// A tile's event pools and events.
pub(super) struct Events {
    pub(super) ze: Arc<Ze>,
    pub(super) context: Arc<ZeOwned<ze::ze_context_handle_t>>,
    pools: Mutex<Vec<Pool>>,
}

// SAFETY: event and pool handles may be used from any thread; the pools are behind a lock.
unsafe impl Send for Events {}
unsafe impl Sync for Events {}

impl Events {
    pub(super) fn new(ze: &Arc<Ze>, context: &Arc<ZeOwned<ze::ze_context_handle_t>>) -> Self {
        Events {
            ze: ze.clone(),
            context: context.clone(),
            pools: Mutex::new(Vec::new()),
        }
    }

    /// A new pool of [`POOL_EVENTS`] events signalling with `scope`; on failure nothing of it
    /// is left behind.
    pub(super) fn new_pool(
        &self,
        scope: Scope,
    ) -> RuntimeResult<Vec<DriverHandle<ze::ze_event_handle_t>>> {
        let desc = ze::ze_event_pool_desc_t {
            stype: ze::ZE_STRUCTURE_TYPE_EVENT_POOL_DESC,
            flags: ze::ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ze::ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP,
            count: POOL_EVENTS,
            ..Default::default()
        };
        let mut handle = std::ptr::null_mut();
        check("zeEventPoolCreate", unsafe {
            self.ze.0.zeEventPoolCreate(
                self.context.get(),
                &desc,
                0,
                std::ptr::null_mut(),
                &mut handle,
            )
        })?;
        let mut pool = Pool {
            handle,
            events: Vec::with_capacity(POOL_EVENTS as usize),
        };
        for index in 0..POOL_EVENTS {
            let desc = ze::ze_event_desc_t {
                stype: ze::ZE_STRUCTURE_TYPE_EVENT_DESC,
                index,
                signal: scope.flag(),
                // In-order commands of one tile: nothing to invalidate before the next starts.
                wait: 0,
                ..Default::default()
            };
            let mut e = std::ptr::null_mut();
            let r = check("zeEventCreate", unsafe {
                self.ze.0.zeEventCreate(handle, &desc, &mut e)
            });
            if let Err(err) = r {
                self.destroy(pool);
                return Err(err);
            }
            pool.events.push(e);
        }
        let events = pool.events.iter().map(|&e| DriverHandle(e)).collect();
        lock(&self.pools).push(pool);
        Ok(events)
    }

    fn destroy(&self, pool: Pool) {
        for e in pool.events {
            destroyed("zeEventDestroy", unsafe { self.ze.0.zeEventDestroy(e) });
        }
        destroyed("zeEventPoolDestroy", unsafe {
            self.ze.0.zeEventPoolDestroy(pool.handle)
        });
    }
}

impl Drop for Events {
    fn drop(&mut self) {
        let pools = std::mem::take(&mut *lock(&self.pools));
        for pool in pools {
            self.destroy(pool);
        }
    }
}

/// One event: reused only when no [`crate::runtime::Event`] handed out holds its token.
pub(super) struct Slot {
    pub(super) event: DriverHandle<ze::ze_event_handle_t>,
    pub(super) token: Arc<()>,
    pub(super) scope: Scope,
}

/// The raw kernel timestamps of a finished command (the tile's timeline unwraps them).
pub(super) fn raw_timestamps(ze: &Ze, event: ze::ze_event_handle_t) -> RuntimeResult<(u64, u64)> {
    let mut ts = ze::ze_kernel_timestamp_result_t::default();
    check("zeEventQueryKernelTimestamp", unsafe {
        ze.0.zeEventQueryKernelTimestamp(event, &mut ts)
    })?;
    Ok((ts.global.kernelStart, ts.global.kernelEnd))
}

/// The event of one command, as handed out.
pub(super) struct ZeEventSource {
    pub(super) ze: Arc<Ze>,
    pub(super) event: DriverHandle<ze::ze_event_handle_t>,
    pub(super) _events: Arc<Events>,
    pub(super) _token: Arc<()>,
    pub(super) timeline: Arc<Mutex<Timeline>>,
    pub(super) appended_ns: u64,
}

impl EventSource for ZeEventSource {
    fn wait(&self) -> RuntimeResult<()> {
        check("zeEventHostSynchronize", unsafe {
            self.ze.0.zeEventHostSynchronize(self.event.0, u64::MAX)
        })
    }
    fn times(&self) -> RuntimeResult<LaunchTimes> {
        self.wait()?;
        let (start, end) = raw_timestamps(&self.ze, self.event.0)?;
        Ok(lock(&self.timeline).locate(self.appended_ns, start, end))
    }
}
