//! Event pools and the events a command hands out: waits and kernel timestamps.

use super::discover::{check, Ze};
use crate::runtime::backend::EventSource;
use crate::runtime::error::RuntimeResult;
use crate::runtime::profiler::LaunchTimes;
use crate::runtime::toolkit::{lock, DriverHandle};
use level_zero_sys as ze;
use std::sync::{Arc, Mutex};

/// Events per pool; pools are added as launches stay pending.
pub(super) const POOL_EVENTS: u32 = 256;
/// A tile's event pools and events (owned here so that an [`Event`] handed out keeps them).
pub(super) struct Events {
    pub(super) ze: Arc<Ze>,
    pub(super) context: DriverHandle<ze::ze_context_handle_t>,
    pub(super) pools: Mutex<Vec<DriverHandle<ze::ze_event_pool_handle_t>>>,
}

impl Events {
    pub(super) fn new_pool(&self) -> RuntimeResult<Vec<DriverHandle<ze::ze_event_handle_t>>> {
        let desc = ze::ze_event_pool_desc_t {
            stype: ze::ZE_STRUCTURE_TYPE_EVENT_POOL_DESC,
            flags: ze::ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ze::ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP,
            count: POOL_EVENTS,
            ..Default::default()
        };
        let mut pool = std::ptr::null_mut();
        check("zeEventPoolCreate", unsafe {
            self.ze
                .0
                .zeEventPoolCreate(self.context.0, &desc, 0, std::ptr::null_mut(), &mut pool)
        })?;
        lock(&self.pools).push(DriverHandle(pool));
        (0..POOL_EVENTS)
            .map(|index| {
                let desc = ze::ze_event_desc_t {
                    stype: ze::ZE_STRUCTURE_TYPE_EVENT_DESC,
                    index,
                    signal: ze::ZE_EVENT_SCOPE_FLAG_HOST,
                    wait: ze::ZE_EVENT_SCOPE_FLAG_HOST,
                    ..Default::default()
                };
                let mut e = std::ptr::null_mut();
                check("zeEventCreate", unsafe {
                    self.ze.0.zeEventCreate(pool, &desc, &mut e)
                })?;
                Ok(DriverHandle(e))
            })
            .collect()
    }
}

impl Drop for Events {
    fn drop(&mut self) {
        // Destroying a pool releases its events' storage; the events go with it.
        for p in lock(&self.pools).drain(..) {
            let _ = unsafe { self.ze.0.zeEventPoolDestroy(p.0) };
        }
    }
}

/// One event: reused only when no [`Event`] handed out holds its token.
pub(super) struct Slot {
    pub(super) event: DriverHandle<ze::ze_event_handle_t>,
    pub(super) token: Arc<()>,
}

pub(super) struct ZeEventSource {
    pub(super) ze: Arc<Ze>,
    pub(super) event: DriverHandle<ze::ze_event_handle_t>,
    pub(super) _events: Arc<Events>,
    pub(super) _token: Arc<()>,
    pub(super) timer_ns: f64,
    pub(super) bits: u32,
}

pub(super) fn timestamps(
    ze: &Ze,
    event: ze::ze_event_handle_t,
    timer_ns: f64,
    bits: u32,
) -> RuntimeResult<LaunchTimes> {
    let mut ts = ze::ze_kernel_timestamp_result_t::default();
    check("zeEventQueryKernelTimestamp", unsafe {
        ze.0.zeEventQueryKernelTimestamp(event, &mut ts)
    })?;
    let mask = if bits == 0 || bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    let start = ts.global.kernelStart & mask;
    let mut end = ts.global.kernelEnd & mask;
    if end < start {
        end += mask.wrapping_add(1); // the counter wrapped
    }
    let ns = |t: u64| (t as f64 * timer_ns) as u64;
    Ok(LaunchTimes {
        queued: ns(start),
        submit: ns(start),
        start: ns(start),
        end: ns(end),
    })
}

impl EventSource for ZeEventSource {
    fn wait(&self) -> RuntimeResult<()> {
        check("zeEventHostSynchronize", unsafe {
            self.ze.0.zeEventHostSynchronize(self.event.0, u64::MAX)
        })
    }
    fn times(&self) -> RuntimeResult<LaunchTimes> {
        self.wait()?;
        timestamps(&self.ze, self.event.0, self.timer_ns, self.bits)
    }
}
