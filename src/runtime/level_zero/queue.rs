//! The in-order queue of each tile: copies, launches, waits, and the pending commands
//! recorded in the profiler.

use super::command_list::{new_queue, ListRecorder, ZeList, ZeRecording};
use super::device::{GroupSize, Issued, LevelZeroBackend, TileState, ZeKernel, ZeTile};
use super::discover::check;
use super::events::{raw_timestamps, Scope, Slot, ZeEventSource};
use super::staging::{self, Staging};
use crate::kernels::KernelSpec;
use crate::runtime::backend::{
    check_launch, Backend, BackendKind, DeviceBuffer, DeviceLimits, Event, KernelArg, NdRange,
    TileMemory,
};
use crate::runtime::error::{RuntimeError, RuntimeResult};
use crate::runtime::pending::Pending;
use crate::runtime::profiler::EventCollector;
use crate::runtime::recording::{Recorded, RecordedLaunch, Recording};
use crate::runtime::toolkit::lock;
use level_zero_sys as ze;
use std::ffi::c_void;
use std::sync::atomic::Ordering;
use std::sync::Arc;

impl LevelZeroBackend {
    pub(super) fn ptr(&self, buffer: &DeviceBuffer) -> RuntimeResult<*mut c_void> {
        self.tile(buffer.tile)?.memcache.allocator().get(buffer.id)
    }

    fn host_ns(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_nanos()).unwrap_or(u64::MAX)
    }

    /// A free event slot of `scope` (a new pool when every such event is pending or held).
    fn slot(&self, t: &ZeTile, st: &mut TileState, scope: Scope) -> RuntimeResult<usize> {
        let (ready, held): (Vec<usize>, Vec<usize>) = st
            .held
            .drain(..)
            .partition(|&s| Arc::strong_count(&st.slots[s].token) == 1);
        st.held = held;
        for s in ready {
            self.recycle(st, s)?;
        }
        if let Some(s) = st.free[scope as usize].pop() {
            return Ok(s);
        }
        let first = st.slots.len();
        for event in t.events.new_pool(scope)? {
            st.slots.push(Slot {
                event,
                token: Arc::new(()),
                scope,
            });
        }
        st.free[scope as usize].extend((first + 1..st.slots.len()).rev());
        Ok(first)
    }

    fn recycle(&self, st: &mut TileState, s: usize) -> RuntimeResult<()> {
        check("zeEventHostReset", unsafe {
            self.ze.0.zeEventHostReset(st.slots[s].event.0)
        })?;
        st.free[st.slots[s].scope as usize].push(s);
        Ok(())
    }

    /// Appends one command that signals a fresh event of `scope` after the tile's previous
    /// command (`append` gets the event and the wait list); returns the event's slot and the
    /// append time. When the driver refuses the command, the slot goes back to the free list.
    fn append(
        &self,
        t: &ZeTile,
        st: &mut TileState,
        scope: Scope,
        append: impl FnOnce(ze::ze_event_handle_t, u32, *mut ze::ze_event_handle_t) -> ze::ze_result_t,
        call: &'static str,
    ) -> RuntimeResult<Issued> {
        let slot = self.slot(t, st, scope)?;
        let mut waits: Vec<ze::ze_event_handle_t> =
            st.last.map(|s| st.slots[s].event.0).into_iter().collect();
        let appended_ns = self.host_ns();
        let r = append(
            st.slots[slot].event.0,
            waits.len() as u32,
            waits.as_mut_ptr(),
        );
        if let Err(e) = check(call, r) {
            st.free[scope as usize].push(slot);
            return Err(e);
        }
        st.last = Some(slot);
        Ok(Issued { slot, appended_ns })
    }

    /// Appends a copy of `words` words from `src` to `dst` (see [`Self::append`]).
    fn append_copy(
        &self,
        t: &ZeTile,
        st: &mut TileState,
        scope: Scope,
        dst: *mut c_void,
        src: *const c_void,
        words: usize,
    ) -> RuntimeResult<Issued> {
        let list = st.list.get();
        self.append(
            t,
            st,
            scope,
            |event, n, waits| unsafe {
                self.ze
                    .0
                    .zeCommandListAppendMemoryCopy(list, dst, src, words * 8, event, n, waits)
            },
            "zeCommandListAppendMemoryCopy",
        )
    }

    fn event_for(&self, t: &ZeTile, st: &TileState, issued: Issued) -> Event {
        Event(Arc::new(ZeEventSource {
            ze: self.ze.clone(),
            event: st.slots[issued.slot].event,
            _events: t.events.clone(),
            _token: st.slots[issued.slot].token.clone(),
            timeline: t.timeline.clone(),
            appended_ns: issued.appended_ns,
        }))
    }

    fn push_pending(
        &self,
        tile: usize,
        st: &mut TileState,
        p: Pending<Issued>,
    ) -> RuntimeResult<()> {
        if st.pending.push(p) {
            self.finish(tile, st)?;
        }
        Ok(())
    }

    /// Reads the device's global timestamp with the host clock around it, to put append times
    /// on the device clock; drivers that cannot (NEO in AUB mode) are not asked again.
    fn calibrate(&self, t: &ZeTile) {
        if !self.global_timestamps.load(Ordering::Relaxed) {
            return;
        }
        let (mut host, mut device) = (0u64, 0u64);
        let before = self.host_ns();
        let r = unsafe {
            self.ze
                .0
                .zeDeviceGetGlobalTimestamps(t.info.handle.0, &mut host, &mut device)
        };
        let after = self.host_ns();
        if r == ze::ZE_RESULT_SUCCESS {
            lock(&t.timeline).calibrate(before + (after - before) / 2, device);
        } else {
            self.global_timestamps.store(false, Ordering::Relaxed);
        }
    }

    /// Waits for the tile's last command, then records and recycles every pending one.
    pub(super) fn finish(&self, tile: usize, st: &mut TileState) -> RuntimeResult<()> {
        if let Some(s) = st.last {
            check("zeEventHostSynchronize", unsafe {
                self.ze
                    .0
                    .zeEventHostSynchronize(st.slots[s].event.0, u64::MAX)
            })?;
        }
        let t = self.tile(tile)?;
        let pending = st.pending.take_all();
        if !pending.is_empty() {
            self.calibrate(t);
        }
        for p in pending {
            let issued = p.record(&self.profiler, tile, |issued| {
                let (start, end) = raw_timestamps(&self.ze, st.slots[issued.slot].event.0)?;
                Ok(lock(&t.timeline).place(issued.appended_ns, start, end))
            })?;
            if Arc::strong_count(&st.slots[issued.slot].token) == 1 {
                self.recycle(st, issued.slot)?;
            } else {
                st.held.push(issued.slot);
            }
        }
        st.last = None;
        staging::trim(&self.staging);
        Ok(())
    }

    /// The work-group size of a launch of kernel `k` over `range` (see [`GroupSize`]).
    pub(super) fn group_size(
        &self,
        k: &mut ZeKernel,
        kernel: &'static str,
        range: &NdRange,
    ) -> RuntimeResult<GroupSize> {
        let bad =
            |problem: String| RuntimeError::from(crate::exec::LaunchError { kernel, problem });
        if let Some(required) = k.footprint.required_group_size {
            if let Some(local) = range.local {
                if local.map(|l| l as u32) != required {
                    return Err(bad(format!(
                        "work-group size {local:?}, but the kernel requires {required:?}"
                    )));
                }
            }
            return Ok(required);
        }
        if let Some(local) = range.local {
            return Ok(local.map(|l| l as u32));
        }
        if let Some(g) = k.suggested.get(&range.global) {
            return Ok(*g);
        }
        let size =
            |g: usize| u32::try_from(g).map_err(|_| bad(format!("global size {g} past 2^32")));
        let (gx, gy, gz) = (
            size(range.global[0])?,
            size(range.global[1])?,
            size(range.global[2])?,
        );
        let mut g = [0u32; 3];
        check("zeKernelSuggestGroupSize", unsafe {
            self.ze.0.zeKernelSuggestGroupSize(
                k.handle.get(),
                gx,
                gy,
                gz,
                &mut g[0],
                &mut g[1],
                &mut g[2],
            )
        })?;
        if g.contains(&0) || gx % g[0] != 0 || gy % g[1] != 0 || gz % g[2] != 0 {
            return Err(bad(format!(
                "the driver suggested work-groups of {g:?} for {:?}",
                range.global
            )));
        }
        k.suggested.insert(range.global, g);
        Ok(g)
    }
}

impl LevelZeroBackend {
    /// Executes a recorded list on `tile`'s queue between the commands of its immediate list:
    /// a barrier there opens the list's gate once the last command has finished, and a barrier
    /// waiting for the list's `done` becomes the tile's last command (see [`super::command_list`]).
    fn execute(&self, tile: usize, list: &Arc<ZeList>) -> RuntimeResult<()> {
        let t = self.tile(tile)?;
        let mut st = lock(&t.state);
        if st.recorder.is_some() {
            return Err(RuntimeError::Recording(format!(
                "a replay on tile {tile} while it records"
            )));
        }
        if st.queue.is_none() {
            st.queue = Some(new_queue(
                &self.ze,
                self.context.get(),
                t.info.handle.0,
                t.ordinal,
            )?);
        }
        let immediate = st.list.get();
        let mut last: Vec<ze::ze_event_handle_t> =
            st.last.map(|s| st.slots[s].event.0).into_iter().collect();
        check("zeCommandListAppendBarrier", unsafe {
            self.ze.0.zeCommandListAppendBarrier(
                immediate,
                list.gate(),
                last.len() as u32,
                last.as_mut_ptr(),
            )
        })?;
        let queue = st.queue.as_ref().expect("made above").get();
        let mut handle = list.list();
        check("zeCommandQueueExecuteCommandLists", unsafe {
            self.ze
                .0
                .zeCommandQueueExecuteCommandLists(queue, 1, &mut handle, std::ptr::null_mut())
        })?;
        // The tile's next command waits on this barrier, after the list's last launch.
        let mut done = list.done();
        let issued = self.append(
            t,
            &mut st,
            Scope::Device,
            |event, _, _| unsafe {
                self.ze
                    .0
                    .zeCommandListAppendBarrier(immediate, event, 1, &mut done)
            },
            "zeCommandListAppendBarrier",
        )?;
        // The list stays alive until the tile has waited for this barrier.
        self.push_pending(
            tile,
            &mut st,
            Pending::copy(issued, Some(Box::new(list.clone()))),
        )
    }
}

/// Refuses a copy on a tile that records: recordings hold launches only, and a copy in the
/// middle would run out of order with them.
fn refuse_copy(st: &TileState, tile: usize, what: &str) -> RuntimeResult<()> {
    if st.recorder.is_some() {
        return Err(RuntimeError::Recording(format!(
            "a {what} on tile {tile} while it records: recordings hold launches only"
        )));
    }
    Ok(())
}

impl Drop for LevelZeroBackend {
    fn drop(&mut self) {
        for (i, t) in self.tiles.iter().enumerate() {
            let mut st = lock(&t.state);
            let _ = self.finish(i, &mut st);
        }
        // The rest goes in field order: every tile (kernels, modules, command list, buffers;
        // event pools once no handed-out event holds them), staging memory, then the context
        // once nothing else holds it.
    }
}

impl Backend for LevelZeroBackend {
    fn kind(&self) -> BackendKind {
        BackendKind::LevelZero
    }

    fn device_name(&self) -> String {
        format!("{} (Level Zero)", self.root.name)
    }

    fn tile_count(&self) -> usize {
        self.tiles.len()
    }

    fn limits(&self) -> DeviceLimits {
        let t = &self.tiles[0].info;
        DeviceLimits {
            local_mem_bytes: t.local_mem_bytes,
            max_work_group_size: t.max_group_size,
            sub_group_sizes: t.sub_group_sizes.clone(),
            shuffles: self.shuffles(),
            compute_units: t.compute_units,
            // zeDeviceGetMemoryProperties is not queried yet; allocations past the device's
            // memory still come back as a typed out-of-memory error.
            global_mem_bytes: None,
            fp64: self.root.fp64,
        }
    }

    fn memory(&self, tile: usize) -> RuntimeResult<&dyn TileMemory> {
        Ok(&self.tile(tile)?.memcache)
    }

    unsafe fn enqueue_write_with(
        &self,
        buffer: &DeviceBuffer,
        offset: usize,
        words: usize,
        fill: &mut dyn FnMut(&mut [u64]) -> bool,
    ) -> RuntimeResult<Option<Event>> {
        let dst = self.ptr(buffer)?;
        let t = self.tile(buffer.tile)?;
        let mut staging = Staging::new(&self.staging, words)?;
        // Refused: the staging memory is zeroed as it returns to its pool.
        if !fill(staging.as_mut_slice()) {
            return Ok(None);
        }
        let mut st = lock(&t.state);
        refuse_copy(&st, buffer.tile, "write")?;
        // SAFETY: `offset + words` words lie in the buffer, this function's contract (which
        // Backend::write_with keeps by checking the range).
        let dst = unsafe { (dst as *mut u64).add(offset) } as *mut c_void;
        let issued = self.append_copy(t, &mut st, Scope::Device, dst, staging.ptr(), words)?;
        let event = self.event_for(t, &st, issued);
        // The staging buffer goes back to its pool once the copy has finished.
        self.push_pending(
            buffer.tile,
            &mut st,
            Pending::copy(issued, Some(Box::new(staging))),
        )?;
        Ok(Some(event))
    }

    unsafe fn enqueue_read(
        &self,
        buffer: &DeviceBuffer,
        offset: usize,
        out: &mut [u64],
    ) -> RuntimeResult<()> {
        let src = self.ptr(buffer)?;
        let t = self.tile(buffer.tile)?;
        let staging = Staging::new(&self.staging, out.len())?;
        let mut st = lock(&t.state);
        refuse_copy(&st, buffer.tile, "read")?;
        // SAFETY: `offset + out.len()` words lie in the buffer, this function's contract (which
        // Backend::read keeps by checking the range).
        let src = unsafe { (src as *const u64).add(offset) } as *const c_void;
        let issued = self.append_copy(t, &mut st, Scope::Host, staging.ptr(), src, out.len())?;
        // Not full: `finish` below takes every pending command.
        st.pending.push(Pending::copy(issued, None));
        // Blocking: the staging buffer holds the data once the copy's event (the tile's last,
        // signalled with host scope) has signalled.
        self.finish(buffer.tile, &mut st)?;
        out.copy_from_slice(staging.as_slice());
        Ok(())
    }

    unsafe fn launch(
        &self,
        tile: usize,
        kernel: &'static KernelSpec,
        range: &NdRange,
        args: &[KernelArg<'_>],
    ) -> RuntimeResult<()> {
        check_launch(tile, self.tiles.len(), kernel, range, args)?;
        let ptrs: Vec<Option<*mut c_void>> = args
            .iter()
            .map(|a| match a {
                KernelArg::Buffer(b) => self.ptr(b).map(Some),
                _ => Ok(None),
            })
            .collect::<RuntimeResult<_>>()?;
        let t = self.tile(tile)?;
        let mut st = lock(&t.state);
        let zk = self.kernel(t, &mut st, kernel)?;
        let k = zk.handle.get();
        let word_bytes = kernel.module.word_bits as usize / 8;
        for (i, (a, p)) in args.iter().zip(&ptrs).enumerate() {
            let i = i as u32;
            let r = unsafe {
                match (a, p) {
                    (_, Some(ptr)) => self.ze.0.zeKernelSetArgumentValue(
                        k,
                        i,
                        std::mem::size_of::<*mut c_void>(),
                        ptr as *const *mut c_void as *const c_void,
                    ),
                    (KernelArg::U32(v), _) => self.ze.0.zeKernelSetArgumentValue(
                        k,
                        i,
                        4,
                        v as *const u32 as *const c_void,
                    ),
                    (KernelArg::U64(v), _) => self.ze.0.zeKernelSetArgumentValue(
                        k,
                        i,
                        8,
                        v as *const u64 as *const c_void,
                    ),
                    (KernelArg::Local(w), _) => {
                        self.ze
                            .0
                            .zeKernelSetArgumentValue(k, i, w * word_bytes, std::ptr::null())
                    }
                    (KernelArg::Buffer(_), None) => unreachable!("buffers resolved above"),
                }
            };
            check("zeKernelSetArgumentValue", r)?;
        }
        let local = self.group_size(zk, kernel.name, range)?;
        if zk.group_size != Some(local) {
            check("zeKernelSetGroupSize", unsafe {
                self.ze
                    .0
                    .zeKernelSetGroupSize(k, local[0], local[1], local[2])
            })?;
            zk.group_size = Some(local);
        }
        let groups = ze::ze_group_count_t {
            groupCountX: (range.global[0] / local[0] as usize) as u32,
            groupCountY: (range.global[1] / local[1] as usize) as u32,
            groupCountZ: (range.global[2] / local[2] as usize) as u32,
        };
        if let Some(rec) = st.recorder.as_mut() {
            return rec.append(
                &self.ze,
                k,
                &groups,
                RecordedLaunch::new(kernel, range, args),
            );
        }
        let list = st.list.get();
        let issued = self.append(
            t,
            &mut st,
            Scope::Device,
            |event, n, waits| unsafe {
                self.ze
                    .0
                    .zeCommandListAppendLaunchKernel(list, k, &groups, event, n, waits)
            },
            "zeCommandListAppendLaunchKernel",
        )?;
        // The event stays pending either way: it orders the next command, and its slot is
        // recycled at the tile's next wait; its timestamps are read only when profiling.
        self.push_pending(tile, &mut st, Pending::launch(issued, kernel.name))?;
        Ok(())
    }

    fn wait(&self, tile: usize) -> RuntimeResult<()> {
        let t = self.tile(tile)?;
        self.finish(tile, &mut lock(&t.state))
    }

    fn marker(&self, tile: usize) -> RuntimeResult<Event> {
        let t = self.tile(tile)?;
        let mut st = lock(&t.state);
        refuse_copy(&st, tile, "marker")?;
        let list = st.list.get();
        // A barrier after the tile's last command, signalling a host-visible event.
        let issued = self.append(
            t,
            &mut st,
            Scope::Host,
            |event, n, waits| unsafe {
                self.ze.0.zeCommandListAppendBarrier(list, event, n, waits)
            },
            "zeCommandListAppendBarrier",
        )?;
        let event = self.event_for(t, &st, issued);
        // Recycled at the tile's next wait, once no event handed out holds it.
        self.push_pending(tile, &mut st, Pending::copy(issued, None))?;
        Ok(event)
    }

    fn begin_recording(&self, tile: usize) -> RuntimeResult<()> {
        let t = self.tile(tile)?;
        let mut st = lock(&t.state);
        if st.recorder.is_some() {
            return Err(RuntimeError::Recording(format!(
                "tile {tile} is already recording"
            )));
        }
        st.recorder = Some(ListRecorder::new(
            &self.ze,
            &self.context,
            t.info.handle.0,
            t.ordinal,
        )?);
        Ok(())
    }

    fn end_recording(&self, tile: usize) -> RuntimeResult<Recording> {
        let t = self.tile(tile)?;
        let rec = lock(&t.state)
            .recorder
            .take()
            .ok_or_else(|| RuntimeError::Recording(format!("tile {tile} is not recording")))?;
        let (list, launches) = rec.close(&self.ze)?;
        Ok(Recording {
            backend: self.recording.backend(),
            tile,
            launches: launches.len(),
            recorded: Recorded::Native(Box::new(list), launches),
        })
    }

    unsafe fn replay(&self, recording: &Recording) -> RuntimeResult<()> {
        self.recording.check_owner(recording)?;
        let list = match &recording.recorded {
            Recorded::Native(native, _) => native.as_any().downcast_ref::<ZeRecording>(),
            Recorded::Launches(_) => None,
        };
        let Some(ZeRecording(list)) = list else {
            return Err(RuntimeError::Recording(
                "a Level Zero tile replays only its own command lists".into(),
            ));
        };
        self.execute(recording.tile, list)
    }

    fn profiler(&self) -> &EventCollector {
        &self.profiler
    }
}
