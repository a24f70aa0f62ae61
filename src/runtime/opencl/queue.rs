//! The in-order queue of each tile: copies, launches, waits, and the pending commands
//! recorded in the profiler.

use super::command_buffer::Recorder;
use super::device::{ClTile, OpenClBackend};
use super::events::{event_times, ClEventSource};
use super::kernel::{ArgValue, ClKernel};
use crate::kernels::KernelSpec;
use crate::runtime::backend::TileMemory;
use crate::runtime::backend::{
    check_launch, Backend, BackendKind, DeviceBuffer, DeviceLimits, Event, KernelArg, NdRange,
};
use crate::runtime::error::{RuntimeError, RuntimeResult};
use crate::runtime::pending::Pending;
use crate::runtime::profiler::EventCollector;
use crate::runtime::recording::{replay_list, Recorded, RecordedLaunch, Recording};
use crate::runtime::staging::{self, Staging};
use crate::runtime::toolkit::lock;
use opencl3::error_codes::{CL_SUCCESS, DLOPEN_FUNCTION_NOT_AVAILABLE, DLOPEN_RUNTIME_LOAD_FAILED};
use opencl3::event::Event as ClEvent;
use opencl3::types::{cl_event, cl_mem, CL_BLOCKING, CL_NON_BLOCKING};
use std::ffi::c_void;
use std::sync::Arc;

impl OpenClBackend {
    pub(super) fn mem(&self, buffer: &DeviceBuffer) -> RuntimeResult<cl_mem> {
        self.tile(buffer.tile)?.memcache.allocator().get(buffer.id)
    }

    /// Copies are not recorded: refused on a recording tile (natively or as a list).
    fn refuse_copy(&self, tile: usize, what: &str) -> RuntimeResult<()> {
        if lock(&self.tile(tile)?.recorder).is_some() {
            return Err(RuntimeError::Recording(format!(
                "a {what} on tile {tile} while it records: recordings hold launches only"
            )));
        }
        self.recording.refuse_copy(tile, what)
    }

    pub(super) fn push_pending(&self, tile: usize, pending: Pending<ClEvent>) -> RuntimeResult<()> {
        let full = lock(&self.tile(tile)?.pending).push(pending);
        if full {
            self.wait(tile)?;
        }
        Ok(())
    }

    /// Records the finished launches of `tile` in the profiler. Launches another thread
    /// enqueued after this thread's `clFinish` may still run: they stay pending (reading their
    /// timestamps would fail with CL_PROFILING_INFO_NOT_AVAILABLE), for a later drain.
    pub(super) fn drain(&self, tile: &ClTile, index: usize) -> RuntimeResult<()> {
        // CL_COMPLETE is 0; an error status (negative) is complete too.
        let done = lock(&tile.pending)
            .take_finished(|e| e.command_execution_status().map_or(true, |s| s.0 <= 0));
        for p in done {
            p.record(&self.profiler, index, event_times)?;
        }
        Ok(())
    }
}

/// Pending commands between two looks for finished copies whose staging can be reused.
const RECYCLE_EVERY: usize = 32;

impl Drop for OpenClBackend {
    fn drop(&mut self) {
        for t in &self.tiles {
            let _ = t.queue.finish();
        }
    }
}

impl Backend for OpenClBackend {
    fn kind(&self) -> BackendKind {
        BackendKind::OpenCl
    }

    fn device_name(&self) -> String {
        format!("{} ({})", self.info.name, self.info.platform)
    }

    fn tile_count(&self) -> usize {
        self.tiles.len()
    }

    fn limits(&self) -> DeviceLimits {
        let mut l = self.info.limits();
        l.global_mem_bytes = l.global_mem_bytes.map(|b| b / self.tiles.len() as u64);
        l
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
        self.refuse_copy(buffer.tile, "write")?;
        let mem = self.mem(buffer)?;
        let t = self.tile(buffer.tile)?;
        let mut staging = Staging::new(&self.staging, words)?;
        // Refused: the staging memory is zeroed as it returns to its pool.
        if !fill(staging.as_mut_slice()) {
            return Ok(None);
        }
        let event = unsafe {
            cl3::command_queue::enqueue_write_buffer(
                t.queue.get(),
                mem,
                CL_NON_BLOCKING,
                offset * 8,
                words * 8,
                staging.ptr() as *const c_void,
                0,
                std::ptr::null(),
            )
        }
        .map_err(|c| RuntimeError::cl("clEnqueueWriteBuffer", c))?;
        let event = ClEvent::new(event);
        let shared = ClEvent::new(event.get());
        unsafe { cl3::event::retain_event(event.get()) }
            .map_err(|c| RuntimeError::cl("clRetainEvent", c))?;
        self.push_pending(buffer.tile, Pending::copy(event, Some(Box::new(staging))))?;
        // Finished copies give their staging buffers back now and then, not only at the next
        // wait: a run of uploads would otherwise make a pinned buffer for each.
        if lock(&t.pending).len() % RECYCLE_EVERY == 0 {
            self.drain(t, buffer.tile)?;
        }
        Ok(Some(Event(Arc::new(ClEventSource(shared)))))
    }

    unsafe fn enqueue_read(
        &self,
        buffer: &DeviceBuffer,
        offset: usize,
        out: &mut [u64],
    ) -> RuntimeResult<()> {
        self.refuse_copy(buffer.tile, "read")?;
        let mem = self.mem(buffer)?;
        let t = self.tile(buffer.tile)?;
        let event = unsafe {
            cl3::command_queue::enqueue_read_buffer(
                t.queue.get(),
                mem,
                CL_BLOCKING,
                offset * 8,
                out.len() * 8,
                out.as_mut_ptr() as *mut c_void,
                0,
                std::ptr::null(),
            )
        }
        .map_err(|c| RuntimeError::cl("clEnqueueReadBuffer", c))?;
        drop(ClEvent::new(event));
        // The queue is in order: a finished blocking read means everything before it finished.
        self.drain(t, buffer.tile)
    }

    unsafe fn launch(
        &self,
        tile: usize,
        kernel: &'static KernelSpec,
        range: &NdRange,
        args: &[KernelArg<'_>],
    ) -> RuntimeResult<()> {
        check_launch(tile, self.tiles.len(), kernel, range, args)?;
        if self.recording.capture(tile, kernel, range, args) {
            return Ok(());
        }
        let t = self.tile(tile)?;
        let alloc = t.memcache.allocator();
        let values = alloc
            .buffers
            .with(|get| ArgValue::of(args, kernel.module.word_bits as usize / 8, get))?;
        let releases = alloc.releases();
        let profile = self.profiler.enabled();
        let mut event: cl_event = std::ptr::null_mut();
        {
            let mut kernels = lock(&t.kernels);
            // Programs and kernel objects are built once; a launch only looks them up.
            // An entry point of both word sizes is two kernels: the key names the module too.
            let k = match kernels.entry((kernel.module.name, kernel.name)) {
                std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::hash_map::Entry::Vacant(e) => {
                    e.insert(ClKernel::new(self.new_kernel(kernel)?, kernel.args.len()))
                }
            };
            k.set_args(&values, releases)?;
            // Recording natively: the command captures the arguments as set now.
            if let Some(r) = lock(&t.recorder).as_mut() {
                return r.launch(k.kernel.get(), RecordedLaunch::new(kernel, range, args));
            }
            // Without profiling, no event: the in-order queue orders the launches and the
            // tile's waits are clFinish. (cl3's wrapper always asks for one, hence the raw call.)
            let event_out = if profile {
                &mut event as *mut cl_event
            } else {
                std::ptr::null_mut()
            };
            let cl = cl3::load_library().as_ref().map_err(|_| {
                RuntimeError::cl("clEnqueueNDRangeKernel", DLOPEN_RUNTIME_LOAD_FAILED)
            })?;
            let status = cl
                .clEnqueueNDRangeKernel(
                    t.queue.get(),
                    k.kernel.get(),
                    3,
                    std::ptr::null(),
                    range.global.as_ptr(),
                    range
                        .local
                        .as_ref()
                        .map_or(std::ptr::null(), |l| l.as_ptr()),
                    0,
                    std::ptr::null(),
                    event_out,
                )
                .unwrap_or(DLOPEN_FUNCTION_NOT_AVAILABLE);
            if status != CL_SUCCESS {
                return Err(RuntimeError::cl("clEnqueueNDRangeKernel", status));
            }
        }
        if profile {
            self.push_pending(tile, Pending::launch(ClEvent::new(event), kernel.name))?;
        }
        Ok(())
    }

    fn wait(&self, tile: usize) -> RuntimeResult<()> {
        let t = self.tile(tile)?;
        // clFinish rather than polling a marker's status: polling measured slower on NVIDIA's
        // OpenCL.
        t.queue
            .finish()
            .map_err(|e| RuntimeError::cl("clFinish", e.0))?;
        self.drain(t, tile)?;
        staging::trim(&self.staging);
        Ok(())
    }

    fn marker(&self, tile: usize) -> RuntimeResult<Event> {
        self.refuse_copy(tile, "marker")?;
        let t = self.tile(tile)?;
        // SAFETY: an empty wait list; the queue is the tile's own, alive while `self` is.
        let event = unsafe {
            cl3::command_queue::enqueue_marker_with_wait_list(t.queue.get(), 0, std::ptr::null())
        }
        .map_err(|c| RuntimeError::cl("clEnqueueMarkerWithWaitList", c))?;
        Ok(Event(Arc::new(ClEventSource(ClEvent::new(event)))))
    }

    fn begin_recording(&self, tile: usize) -> RuntimeResult<()> {
        let t = self.tile(tile)?;
        let mut rec = lock(&t.recorder);
        if rec.is_some() || self.recording.is_recording(tile) {
            return Err(RuntimeError::Recording(format!(
                "tile {tile} is already recording"
            )));
        }
        match self.command_buffers {
            Some(fns) => *rec = Some(Recorder::new(fns, t.queue.get())?),
            None => self.recording.begin(tile)?,
        }
        Ok(())
    }

    fn end_recording(&self, tile: usize) -> RuntimeResult<Recording> {
        let t = self.tile(tile)?;
        let native = lock(&t.recorder).take();
        match native {
            Some(r) => {
                let (native, list) = r.finish()?;
                Ok(Recording {
                    backend: self.recording.backend(),
                    tile,
                    launches: list.len(),
                    recorded: Recorded::Native(Box::new(native), list),
                })
            }
            None => self.recording.end(tile),
        }
    }

    unsafe fn replay(&self, recording: &Recording) -> RuntimeResult<()> {
        self.recording.check_owner(recording)?;
        // A native replay is one enqueue: its kernels are not recorded one by one in the
        // profiler.
        replay_list(recording, |l| {
            // SAFETY: replay's contract is each recorded launch's reach, still holding.
            unsafe { self.launch(recording.tile, l.kernel, &l.range, &l.args()) }
        })
    }

    fn profiler(&self) -> &EventCollector {
        &self.profiler
    }
}
