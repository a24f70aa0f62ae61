//! Recorded launch sequences as Level Zero regular command lists: a tile's launches appended
//! once into a list that is closed and then executed on the tile's command queue at every
//! replay, one submission for the whole sequence.
//!
//! The tile's other commands go to its immediate list, in order by event chaining, so a replay
//! is fenced on both sides by two events the recording owns:
//!
//! - the list starts by waiting for `gate`, which a barrier on the immediate list signals once
//!   the tile's last command has finished, then resets `gate` and `done` for the next replay;
//! - its launches are separated by barriers (a regular list's commands are otherwise unordered;
//!   `ZE_COMMAND_LIST_FLAG_IN_ORDER` is newer than the 1.8 headers this crate is built on);
//! - its last barrier signals `done`, and a barrier on the immediate list waiting for `done`
//!   becomes the tile's last command, which the next command and the tile's wait chain on.
//!
//! Kernel arguments and group sizes are captured when a launch is appended (the specification
//! has the appended command keep them), so recording shares the tile's kernel objects.
//! A replay keeps the list (an `Arc`) among the tile's pending commands until the tile has
//! waited for it, so that dropping the [`Recording`](crate::runtime::Recording) cannot destroy a
//! list the device is still executing.

use super::discover::{check, Ze};
use super::owned::{self, destroyed, ZeOwned};
use crate::runtime::error::RuntimeError;
use crate::runtime::error::RuntimeResult;
use crate::runtime::recording::{NativeRecording, RecordedLaunch};
use level_zero_sys as ze;
use std::any::Any;
use std::sync::Arc;

/// The two events that fence a replay, in a pool of their own (device scope, not host visible:
/// only the device signals, waits on and resets them).
struct Fences {
    ze: Arc<Ze>,
    pool: ze::ze_event_pool_handle_t,
    gate: ze::ze_event_handle_t,
    done: ze::ze_event_handle_t,
    // Destroyed after the events and the pool.
    _context: Arc<ZeOwned<ze::ze_context_handle_t>>,
}

// SAFETY: event and pool handles may be used from any thread; the device alone signals and
// resets these two, and the host only passes them to the driver under the tile's lock.
unsafe impl Send for Fences {}
unsafe impl Sync for Fences {}

impl Fences {
    fn new(ze: &Arc<Ze>, context: &Arc<ZeOwned<ze::ze_context_handle_t>>) -> RuntimeResult<Self> {
        let desc = ze::ze_event_pool_desc_t {
            stype: ze::ZE_STRUCTURE_TYPE_EVENT_POOL_DESC,
            count: 2,
            ..Default::default()
        };
        let mut pool = std::ptr::null_mut();
        check("zeEventPoolCreate", unsafe {
            ze.0.zeEventPoolCreate(context.get(), &desc, 0, std::ptr::null_mut(), &mut pool)
        })?;
        let mut f = Fences {
            ze: ze.clone(),
            pool,
            gate: std::ptr::null_mut(),
            done: std::ptr::null_mut(),
            _context: context.clone(),
        };
        for (index, event) in [(0u32, &mut f.gate), (1, &mut f.done)] {
            let desc = ze::ze_event_desc_t {
                stype: ze::ZE_STRUCTURE_TYPE_EVENT_DESC,
                index,
                signal: ze::ZE_EVENT_SCOPE_FLAG_DEVICE,
                wait: ze::ZE_EVENT_SCOPE_FLAG_DEVICE,
                ..Default::default()
            };
            // On failure `f` drops, destroying what was made.
            check("zeEventCreate", unsafe {
                ze.0.zeEventCreate(pool, &desc, event)
            })?;
        }
        Ok(f)
    }
}

impl Drop for Fences {
    fn drop(&mut self) {
        for e in [self.gate, self.done] {
            if !e.is_null() {
                destroyed("zeEventDestroy", unsafe { self.ze.0.zeEventDestroy(e) });
            }
        }
        destroyed("zeEventPoolDestroy", unsafe {
            self.ze.0.zeEventPoolDestroy(self.pool)
        });
    }
}

/// A closed list with its fences. Field order is drop order: the list, then the events.
pub(super) struct ZeList {
    list: ZeOwned<ze::ze_command_list_handle_t>,
    fences: Fences,
}

impl ZeList {
    pub(super) fn list(&self) -> ze::ze_command_list_handle_t {
        self.list.get()
    }
    pub(super) fn gate(&self) -> ze::ze_event_handle_t {
        self.fences.gate
    }
    pub(super) fn done(&self) -> ze::ze_event_handle_t {
        self.fences.done
    }
}

/// A regular command list being recorded on one tile.
pub(super) struct ListRecorder {
    recorded: ZeList,
    /// The launches, kept with the recording (what it holds, for its `Debug` and counts).
    pub(super) launches: Vec<RecordedLaunch>,
}

impl ListRecorder {
    /// A new list on `device` (command-queue group `ordinal`) that waits for its gate and
    /// resets both fences before its first launch.
    pub(super) fn new(
        ze: &Arc<Ze>,
        context: &Arc<ZeOwned<ze::ze_context_handle_t>>,
        device: ze::ze_device_handle_t,
        ordinal: u32,
    ) -> RuntimeResult<Self> {
        let fences = Fences::new(ze, context)?;
        let desc = ze::ze_command_list_desc_t {
            stype: ze::ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC,
            commandQueueGroupOrdinal: ordinal,
            ..Default::default()
        };
        let mut list = std::ptr::null_mut();
        check("zeCommandListCreate", unsafe {
            ze.0.zeCommandListCreate(context.get(), device, &desc, &mut list)
        })?;
        let rec = ListRecorder {
            recorded: ZeList {
                list: owned::command_list(ze, list),
                fences,
            },
            launches: Vec::new(),
        };
        let (l, gate, done) = (list, rec.recorded.gate(), rec.recorded.done());
        let mut gate_wait = gate;
        check("zeCommandListAppendWaitOnEvents", unsafe {
            ze.0.zeCommandListAppendWaitOnEvents(l, 1, &mut gate_wait)
        })?;
        for e in [gate, done] {
            check("zeCommandListAppendEventReset", unsafe {
                ze.0.zeCommandListAppendEventReset(l, e)
            })?;
        }
        rec.barrier(ze, std::ptr::null_mut())?;
        Ok(rec)
    }

    /// Orders everything appended so far before what follows, signalling `event` if not null.
    fn barrier(&self, ze: &Ze, event: ze::ze_event_handle_t) -> RuntimeResult<()> {
        check("zeCommandListAppendBarrier", unsafe {
            ze.0.zeCommandListAppendBarrier(self.recorded.list(), event, 0, std::ptr::null_mut())
        })
    }

    /// Appends a launch of kernel `k` (its arguments and group size set just now) over
    /// `groups`, after every launch before it.
    pub(super) fn append(
        &mut self,
        ze: &Ze,
        k: ze::ze_kernel_handle_t,
        groups: &ze::ze_group_count_t,
        launch: RecordedLaunch,
    ) -> RuntimeResult<()> {
        check("zeCommandListAppendLaunchKernel", unsafe {
            ze.0.zeCommandListAppendLaunchKernel(
                self.recorded.list(),
                k,
                groups,
                std::ptr::null_mut(),
                0,
                std::ptr::null_mut(),
            )
        })?;
        self.barrier(ze, std::ptr::null_mut())?;
        self.launches.push(launch);
        Ok(())
    }

    /// Signals `done` after the last launch and closes the list.
    pub(super) fn close(self, ze: &Ze) -> RuntimeResult<(ZeRecording, Vec<RecordedLaunch>)> {
        self.barrier(ze, self.recorded.done())?;
        check("zeCommandListClose", unsafe {
            ze.0.zeCommandListClose(self.recorded.list())
        })?;
        Ok((ZeRecording(Arc::new(self.recorded)), self.launches))
    }
}

/// A closed list as a [`NativeRecording`]; the backend replays it on its tile (it needs the
/// tile's immediate list and queue), see [`super::LevelZeroBackend`]'s `replay`.
pub(super) struct ZeRecording(pub(super) Arc<ZeList>);

impl NativeRecording for ZeRecording {
    fn replay(&self) -> RuntimeResult<bool> {
        Err(RuntimeError::Recording(
            "a Level Zero command list replays through the backend's tile that recorded it".into(),
        ))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// An asynchronous queue of normal priority on compute group `ordinal`: the tile's immediate
/// list and the queue its recorded lists execute on.
pub(super) fn queue_desc(ordinal: u32) -> ze::ze_command_queue_desc_t {
    ze::ze_command_queue_desc_t {
        stype: ze::ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
        ordinal,
        mode: ze::ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
        priority: ze::ZE_COMMAND_QUEUE_PRIORITY_NORMAL,
        ..Default::default()
    }
}

/// The tile's command queue that executes recorded lists (compute group `ordinal`, index 0).
pub(super) fn new_queue(
    ze: &Arc<Ze>,
    context: ze::ze_context_handle_t,
    device: ze::ze_device_handle_t,
    ordinal: u32,
) -> RuntimeResult<ZeOwned<ze::ze_command_queue_handle_t>> {
    let desc = queue_desc(ordinal);
    let mut queue = std::ptr::null_mut();
    check("zeCommandQueueCreate", unsafe {
        ze.0.zeCommandQueueCreate(context, device, &desc, &mut queue)
    })?;
    Ok(owned::command_queue(ze, queue))
}
