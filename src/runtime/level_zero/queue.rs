//! The in-order queue of each tile: copies, launches, waits, and the pending commands
//! recorded in the profiler.

use super::device::{LevelZeroBackend, TileState, ZeTile};
use super::discover::check;
use super::events::{timestamps, Slot, ZeEventSource};
use crate::kernels::KernelSpec;
use crate::runtime::backend::{
    check_launch, Backend, BackendKind, DeviceBuffer, DeviceLimits, Event, KernelArg, NdRange,
    TileMemory,
};
use crate::runtime::error::RuntimeResult;
use crate::runtime::pending::Pending;
use crate::runtime::profiler::EventCollector;
use crate::runtime::toolkit::lock;
use level_zero_sys as ze;
use std::ffi::c_void;
use std::sync::Arc;

impl LevelZeroBackend {
    pub(super) fn ptr(&self, buffer: &DeviceBuffer) -> RuntimeResult<*mut c_void> {
        self.tile(buffer.tile)?.memcache.allocator().get(buffer.id)
    }

    /// A free event slot (a new pool when every event is pending or held).
    pub(super) fn slot(&self, t: &ZeTile, st: &mut TileState) -> RuntimeResult<usize> {
        let (ready, held): (Vec<usize>, Vec<usize>) = st
            .held
            .drain(..)
            .partition(|&s| Arc::strong_count(&st.slots[s].token) == 1);
        st.held = held;
        for s in ready {
            self.recycle(st, s)?;
        }
        if let Some(s) = st.free.pop() {
            return Ok(s);
        }
        let first = st.slots.len();
        for event in t.events.new_pool()? {
            st.slots.push(Slot {
                event,
                token: Arc::new(()),
            });
        }
        st.free.extend((first + 1..st.slots.len()).rev());
        Ok(first)
    }

    pub(super) fn recycle(&self, st: &mut TileState, s: usize) -> RuntimeResult<()> {
        check("zeEventHostReset", unsafe {
            self.ze.0.zeEventHostReset(st.slots[s].event.0)
        })?;
        st.free.push(s);
        Ok(())
    }

    /// The previous command's event, for the next command to wait on.
    pub(super) fn wait_list(st: &TileState) -> (u32, Vec<ze::ze_event_handle_t>) {
        match st.last {
            Some(s) => (1, vec![st.slots[s].event.0]),
            None => (0, Vec::new()),
        }
    }

    pub(super) fn event_for(&self, t: &ZeTile, st: &TileState, slot: usize) -> Event {
        Event(Arc::new(ZeEventSource {
            ze: self.ze.clone(),
            event: st.slots[slot].event,
            _events: t.events.clone(),
            _token: st.slots[slot].token.clone(),
            timer_ns: t.info.timer_ns,
            bits: t.info.timestamp_bits,
        }))
    }

    pub(super) fn push_pending(
        &self,
        tile: usize,
        st: &mut TileState,
        p: Pending<usize>,
    ) -> RuntimeResult<()> {
        st.last = Some(p.event);
        if st.pending.push(p) {
            self.finish(tile, st)?;
        }
        Ok(())
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
        for p in st.pending.take_all() {
            let slot = p.record(&self.profiler, tile, |&slot| {
                let event = st.slots[slot].event.0;
                timestamps(&self.ze, event, t.info.timer_ns, t.info.timestamp_bits)
            })?;
            if Arc::strong_count(&st.slots[slot].token) == 1 {
                self.recycle(st, slot)?;
            } else {
                st.held.push(slot);
            }
        }
        st.last = None;
        Ok(())
    }
}

impl Drop for LevelZeroBackend {
    fn drop(&mut self) {
        for (i, t) in self.tiles.iter().enumerate() {
            let mut st = lock(&t.state);
            let _ = self.finish(i, &mut st);
        }
        // The rest goes in field order: every tile (kernels, modules, command list, buffers,
        // event pools), then the context.
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
        }
    }

    fn memory(&self, tile: usize) -> RuntimeResult<&dyn TileMemory> {
        Ok(&self.tile(tile)?.memcache)
    }

    fn enqueue_write(
        &self,
        buffer: &DeviceBuffer,
        offset: usize,
        data: &[u64],
    ) -> RuntimeResult<Event> {
        let dst = self.ptr(buffer)?;
        let t = self.tile(buffer.tile)?;
        let mut st = lock(&t.state);
        let staging = data.to_vec();
        let slot = self.slot(t, &mut st)?;
        let (n, mut waits) = Self::wait_list(&st);
        check("zeCommandListAppendMemoryCopy", unsafe {
            self.ze.0.zeCommandListAppendMemoryCopy(
                st.list.get(),
                (dst as *mut u64).add(offset) as *mut c_void,
                staging.as_ptr() as *const c_void,
                data.len() * 8,
                st.slots[slot].event.0,
                n,
                waits.as_mut_ptr(),
            )
        })?;
        let event = self.event_for(t, &st, slot);
        self.push_pending(buffer.tile, &mut st, Pending::copy(slot, Some(staging)))?;
        Ok(event)
    }

    fn enqueue_read(
        &self,
        buffer: &DeviceBuffer,
        offset: usize,
        out: &mut [u64],
    ) -> RuntimeResult<()> {
        let src = self.ptr(buffer)?;
        let t = self.tile(buffer.tile)?;
        let mut st = lock(&t.state);
        let slot = self.slot(t, &mut st)?;
        let (n, mut waits) = Self::wait_list(&st);
        check("zeCommandListAppendMemoryCopy", unsafe {
            self.ze.0.zeCommandListAppendMemoryCopy(
                st.list.get(),
                out.as_mut_ptr() as *mut c_void,
                (src as *const u64).add(offset) as *const c_void,
                out.len() * 8,
                st.slots[slot].event.0,
                n,
                waits.as_mut_ptr(),
            )
        })?;
        st.last = Some(slot);
        // Not full: `finish` below takes every pending command.
        st.pending.push(Pending::copy(slot, None));
        // Blocking: `out` is written when the copy's event (the tile's last) has signalled.
        self.finish(buffer.tile, &mut st)
    }

    fn launch(
        &self,
        tile: usize,
        kernel: &'static KernelSpec,
        range: &NdRange,
        args: &[KernelArg<'_>],
    ) -> RuntimeResult<Event> {
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
        let k = self.kernel(t, &mut st, kernel)?;
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
                            .zeKernelSetArgumentValue(k, i, w * 8, std::ptr::null())
                    }
                    (KernelArg::Buffer(_), None) => unreachable!("buffers resolved above"),
                }
            };
            check("zeKernelSetArgumentValue", r)?;
        }
        let local = range.local_or_default();
        check("zeKernelSetGroupSize", unsafe {
            self.ze
                .0
                .zeKernelSetGroupSize(k, local[0] as u32, local[1] as u32, local[2] as u32)
        })?;
        let groups = ze::ze_group_count_t {
            groupCountX: (range.global[0] / local[0]) as u32,
            groupCountY: (range.global[1] / local[1]) as u32,
            groupCountZ: (range.global[2] / local[2]) as u32,
        };
        let slot = self.slot(t, &mut st)?;
        let (n, mut waits) = Self::wait_list(&st);
        check("zeCommandListAppendLaunchKernel", unsafe {
            self.ze.0.zeCommandListAppendLaunchKernel(
                st.list.get(),
                k,
                &groups,
                st.slots[slot].event.0,
                n,
                waits.as_mut_ptr(),
            )
        })?;
        let event = self.event_for(t, &st, slot);
        self.push_pending(tile, &mut st, Pending::launch(slot, kernel.name))?;
        Ok(event)
    }

    fn wait(&self, tile: usize) -> RuntimeResult<()> {
        let t = self.tile(tile)?;
        self.finish(tile, &mut lock(&t.state))
    }

    fn profiler(&self) -> &EventCollector {
        &self.profiler
    }
}
