//! The interface every backend implements (cpu-sim, OpenCL, Level Zero): devices split
//! into tiles, one in-order queue per tile, buffers of 64-bit words from a per-tile memory cache,
//! kernel launches that return at once, host↔device copies, and waits.

use super::error::{RuntimeError, RuntimeResult};
use super::memcache::{Memcache, MemcacheError, MemcacheStats, RawAllocator};
use super::profiler::{EventCollector, LaunchTimes};
use super::recording::Recording;
pub use crate::exec::{DeviceBuffer, KernelArg, NdRange};
use crate::exec::{KernelSpec, Launcher};
use std::fmt;
use std::sync::Arc;

/// Which implementation runs the kernels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BackendKind {
    CpuSim,
    OpenCl,
    LevelZero,
}

impl BackendKind {
    /// The name used on the command line and in `XEHE_BACKEND`.
    pub fn name(self) -> &'static str {
        match self {
            BackendKind::CpuSim => "cpu-sim",
            BackendKind::OpenCl => "opencl",
            BackendKind::LevelZero => "level-zero",
        }
    }
}

impl fmt::Display for BackendKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a finished command can tell about itself.
pub trait EventSource: Send + Sync {
    /// Blocks until the command has finished.
    fn wait(&self) -> RuntimeResult<()>;
    /// Device timestamps (waits first).
    fn times(&self) -> RuntimeResult<LaunchTimes>;
}

/// A submitted command: wait for it or read its device timestamps.
#[derive(Clone)]
pub struct Event(pub(crate) Arc<dyn EventSource>);

impl Event {
    pub fn wait(&self) -> RuntimeResult<()> {
        self.0.wait()
    }
    pub fn times(&self) -> RuntimeResult<LaunchTimes> {
        self.0.times()
    }
}

impl fmt::Debug for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Event")
    }
}

/// A completed command with known times (cpu-sim runs commands as it enqueues them).
pub(crate) struct DoneEvent(pub LaunchTimes);

impl Event {
    /// The event of a copy of no words: nothing is enqueued, so no driver sees a zero-byte copy
    /// (an empty slice's pointer is dangling, which Level Zero would be handed; OpenCL drivers
    /// differ on zero sizes).
    pub(crate) fn nothing_copied() -> Event {
        Event(Arc::new(DoneEvent(LaunchTimes::default())))
    }
}

impl EventSource for DoneEvent {
    fn wait(&self) -> RuntimeResult<()> {
        Ok(())
    }
    fn times(&self) -> RuntimeResult<LaunchTimes> {
        Ok(self.0)
    }
}

/// What kernels may use on a device.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DeviceLimits {
    /// `__local` memory per work-group, in bytes.
    pub local_mem_bytes: u64,
    /// Largest work-group size.
    pub max_work_group_size: usize,
    /// Sub-group sizes (empty where the device reports none).
    pub sub_group_sizes: Vec<usize>,
    /// How the device runs the sub-group shuffles of the `subgroup*` NTT variants.
    pub shuffles: Shuffles,
    /// Compute units (SMs, Xe cores, CPU threads): how many work-groups it takes to fill it.
    pub compute_units: usize,
    /// Global memory of one tile in bytes, where the device reports it (None: unknown).
    pub global_mem_bytes: Option<u64>,
    /// Double precision in kernels (`cl_khr_fp64`, `ZE_DEVICE_MODULE_FLAG_FP64`): device
    /// encoding and decoding need it; Arc (dg2) has none.
    pub fp64: bool,
}

/// Sub-group shuffle support, as the `ntt_subgroup*` kernels use it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shuffles {
    /// None: why.
    Unavailable(String),
    /// OpenCL sub-group shuffles (cl_khr_subgroup_shuffle / cl_intel_subgroups) with a required
    /// sub-group size of one of these, or their simulation.
    SubGroups(Vec<usize>),
    /// NVIDIA's OpenCL: warps of 32 consecutive work-items and PTX `shfl.sync` (sizes 8, 16, 32).
    NvidiaPtx,
}

impl Shuffles {
    /// Whether shuffles among sub-groups of `size` work-items run.
    pub fn supports(&self, size: usize) -> bool {
        match self {
            Shuffles::Unavailable(_) => false,
            Shuffles::SubGroups(sizes) => sizes.contains(&size),
            Shuffles::NvidiaPtx => matches!(size, 8 | 16 | 32),
        }
    }
}

/// A device opened by a backend, with its tiles and their queues.
///
/// Every launch is recorded in [`Backend::profiler`] with its tile and the operation open on the
/// launching thread; OpenCL records once the event's timestamps are known (at the next wait or
/// blocking read on that tile).
pub trait Backend: Send + Sync {
    fn kind(&self) -> BackendKind;
    /// Human-readable name of the root device.
    fn device_name(&self) -> String;
    /// Number of tiles (sub-devices, or 1 for the root device itself).
    fn tile_count(&self) -> usize;
    /// Local memory, work-group and sub-group limits.
    fn limits(&self) -> DeviceLimits;
    /// The memory cache of `tile`.
    fn memory(&self, tile: usize) -> RuntimeResult<&dyn TileMemory>;
    /// Allocates `words` 64-bit words on `tile`, through that tile's memory cache.
    fn alloc(&self, tile: usize, words: usize) -> RuntimeResult<DeviceBuffer> {
        self.memory(tile)?.alloc_words(tile, words)
    }
    /// Returns a buffer to its tile's memory cache.
    fn free(&self, buffer: DeviceBuffer) -> RuntimeResult<()> {
        self.memory(buffer.tile)?.free_buffer(buffer)
    }
    /// Enqueues a host→device copy of `data` to `buffer[offset..]`; `data` is copied before return.
    /// The range is checked first; a copy of no words enqueues nothing.
    fn write(&self, buffer: &DeviceBuffer, offset: usize, data: &[u64]) -> RuntimeResult<Event> {
        let copied = self.write_with(buffer, offset, data.len(), &mut |s| {
            s.copy_from_slice(data);
            true
        })?;
        Ok(copied.expect("a copy's fill never refuses"))
    }
    /// [`Backend::write`] of `words` words that `fill` writes in place into the host memory the
    /// copy reads (the pinned staging memory on OpenCL and Level Zero), which saves the caller
    /// a buffer of its own and a copy. `fill` returns false to refuse (its caller keeps why):
    /// nothing is enqueued then, and the answer is None.
    fn write_with(
        &self,
        buffer: &DeviceBuffer,
        offset: usize,
        words: usize,
        fill: &mut dyn FnMut(&mut [u64]) -> bool,
    ) -> RuntimeResult<Option<Event>> {
        check_range(buffer, offset, words, "write")?;
        if words == 0 {
            return Ok(fill(&mut []).then(Event::nothing_copied));
        }
        // SAFETY: the range was checked above and holds at least one word.
        unsafe { self.enqueue_write_with(buffer, offset, words, fill) }
    }
    /// The backend's side of [`Backend::write_with`], which callers use instead: it checks
    /// the range first.
    ///
    /// # Safety
    ///
    /// `offset + words` is at most `buffer.words()` and `words` is not zero: device backends
    /// copy without looking (cpu-sim checks anyway).
    unsafe fn enqueue_write_with(
        &self,
        buffer: &DeviceBuffer,
        offset: usize,
        words: usize,
        fill: &mut dyn FnMut(&mut [u64]) -> bool,
    ) -> RuntimeResult<Option<Event>>;
    /// Copies `buffer[offset..offset + out.len()]` to the host once all earlier work on its tile
    /// has finished (blocking). The range is checked first; a copy of no words does nothing.
    fn read(&self, buffer: &DeviceBuffer, offset: usize, out: &mut [u64]) -> RuntimeResult<()> {
        check_range(buffer, offset, out.len(), "read")?;
        if out.is_empty() {
            return Ok(());
        }
        // SAFETY: the range was checked above and holds at least one word.
        unsafe { self.enqueue_read(buffer, offset, out) }
    }
    /// The backend's side of [`Backend::read`], which callers use instead: it checks the range
    /// first.
    ///
    /// # Safety
    ///
    /// `offset + out.len()` is at most `buffer.words()` and `out` is not empty: device backends
    /// copy without looking (cpu-sim checks anyway).
    unsafe fn enqueue_read(
        &self,
        buffer: &DeviceBuffer,
        offset: usize,
        out: &mut [u64],
    ) -> RuntimeResult<()>;
    /// Enqueues `kernel` on `tile`'s in-order queue and returns without waiting. Nothing is
    /// handed back: with profiling on, the launch's times reach [`Backend::profiler`] at the
    /// tile's next wait; with it off, the driver is asked for no event at all.
    ///
    /// The tile, the argument count and kinds, the buffers' tiles and the range are checked
    /// (typed errors); what each work-item reaches is not, since many kernels index through
    /// tables on the device (Galois permutations) or through shapes only they know. Safe entry
    /// points ([`crate::device_ops::poly`], [`crate::device_ops::ntt`]) check the shapes they launch
    /// over against their buffers first; the typed `launch` of a declared kernel
    /// ([`crate::exec::Kernel`]) has this contract too.
    ///
    /// # Safety
    ///
    /// Every word a work-item of `range` reads or writes through a buffer argument, given the
    /// scalar arguments and the contents of the buffers it indexes through, lies inside that
    /// buffer's `words()`. While `tile` records ([`Backend::begin_recording`]), this must hold
    /// at every [`Backend::replay`] of the recording too. On a device backend a launch that
    /// breaks this corrupts memory or kills the process; cpu-sim answers
    /// [`RuntimeError::SimFault`].
    unsafe fn launch(
        &self,
        tile: usize,
        kernel: &'static KernelSpec,
        range: &NdRange,
        args: &[KernelArg<'_>],
    ) -> RuntimeResult<()>;
    /// Blocks until everything enqueued on `tile` has finished.
    fn wait(&self, tile: usize) -> RuntimeResult<()>;
    /// Enqueues a marker on `tile`'s in-order queue and returns its event, which completes once
    /// everything enqueued there before it has finished: a wait for part of the queue, where
    /// [`Backend::wait`] waits for all of it (so the host can enqueue more before waiting).
    /// Refused while the tile records, like a copy.
    fn marker(&self, tile: usize) -> RuntimeResult<Event>;
    /// From now on `tile`'s launches (from any thread) are recorded, not run, until
    /// [`Backend::end_recording`]; copies on it are refused meanwhile.
    fn begin_recording(&self, tile: usize) -> RuntimeResult<()>;
    /// Ends `tile`'s recording; nothing it captured has run.
    fn end_recording(&self, tile: usize) -> RuntimeResult<Recording>;
    /// Enqueues a recording's launches on its tile, in order, after the work enqueued before.
    /// A recording made on another backend, or on a tile this one lacks, is refused.
    ///
    /// # Safety
    ///
    /// Every buffer the recorded launches name is still allocated, not freed since the
    /// recording (a recording keeps driver handles, which a freed buffer's memory may no
    /// longer back), and the reach of each launch still holds as [`Backend::launch`] requires.
    unsafe fn replay(&self, recording: &Recording) -> RuntimeResult<()>;
    /// Memory-cache counters of `tile`.
    fn memcache_stats(&self, tile: usize) -> RuntimeResult<MemcacheStats> {
        Ok(self.memory(tile)?.stats())
    }
    /// Opens a compute frame on `tile`'s memory cache (buffers freed inside stay retained).
    fn start_frame(&self, tile: usize) -> RuntimeResult<()> {
        self.memory(tile)?.start_frame();
        Ok(())
    }
    /// Closes the frame: retained buffers return to the free pool, once the work queued on
    /// `tile` (which may still use them) has finished.
    fn end_frame(&self, tile: usize) -> RuntimeResult<()> {
        self.wait(tile)?;
        self.memory(tile)?.end_frame();
        Ok(())
    }
    /// The launch records of this device.
    fn profiler(&self) -> &EventCollector;
}

/// Every backend runs the typed launches of declared kernels.
impl<B: Backend + ?Sized> Launcher for B {
    type Output = RuntimeResult<()>;
    unsafe fn launch_kernel(
        &self,
        tile: usize,
        kernel: &'static KernelSpec,
        range: &NdRange,
        args: &[KernelArg<'_>],
    ) -> RuntimeResult<()> {
        // SAFETY: the caller keeps `Launcher::launch_kernel`'s contract, which is `launch`'s.
        unsafe { self.launch(tile, kernel, range, args) }
    }
}

/// Shared launch checks: the tile exists, argument count and kinds match the declaration,
/// buffers live on the launching tile, and the range is valid.
pub(crate) fn check_launch(
    tile: usize,
    tiles: usize,
    kernel: &'static KernelSpec,
    range: &NdRange,
    args: &[KernelArg<'_>],
) -> RuntimeResult<()> {
    if tile >= tiles {
        return Err(RuntimeError::NoSuchTile {
            index: tile,
            available: tiles,
        });
    }
    range.validate(kernel.name)?;
    if args.len() != kernel.args.len() {
        return Err(RuntimeError::BadLaunch {
            kernel: kernel.name,
            problem: format!(
                "{} arguments given, {} declared",
                args.len(),
                kernel.args.len()
            ),
        });
    }
    for (i, (arg, kind)) in args.iter().zip(kernel.args).enumerate() {
        if !kind.accepts(arg) {
            return Err(RuntimeError::BadLaunch {
                kernel: kernel.name,
                problem: format!("argument {i} should be {kind:?}, got {arg:?}"),
            });
        }
        if let KernelArg::Buffer(b) = arg {
            if b.tile != tile {
                return Err(RuntimeError::WrongTile {
                    buffer_tile: b.tile,
                    tile,
                });
            }
        }
    }
    Ok(())
}

/// Checks that `offset..offset + len` lies inside `buffer`.
pub(crate) fn check_range(
    buffer: &DeviceBuffer,
    offset: usize,
    len: usize,
    what: &str,
) -> RuntimeResult<()> {
    let needed = offset.saturating_add(len);
    if needed > buffer.words {
        return Err(RuntimeError::BufferTooSmall {
            what: what.to_string(),
            needed,
            available: buffer.words,
        });
    }
    Ok(())
}

/// One tile's memory cache as [`Backend`]'s provided methods use it: every backend keeps a
/// [`Memcache`] of 64-bit-handle buffers per tile and hands it out through [`Backend::memory`].
pub trait TileMemory: Send + Sync {
    /// A buffer of `words` 64-bit words on `tile`.
    fn alloc_words(&self, tile: usize, words: usize) -> RuntimeResult<DeviceBuffer>;
    /// Returns `buffer` to the cache.
    fn free_buffer(&self, buffer: DeviceBuffer) -> RuntimeResult<()>;
    fn stats(&self) -> MemcacheStats;
    fn start_frame(&self);
    fn end_frame(&self);
}

impl<A: RawAllocator<Handle = u64>> TileMemory for Memcache<A> {
    fn alloc_words(&self, tile: usize, words: usize) -> RuntimeResult<DeviceBuffer> {
        let bytes = words
            .checked_mul(8)
            .ok_or(MemcacheError::AllocationFailed {
                bytes: usize::MAX,
                reason: format!("{words} words overflow the address space"),
            })?;
        let cached = self.alloc(bytes)?;
        Ok(DeviceBuffer {
            tile,
            id: cached.handle,
            words,
        })
    }
    fn free_buffer(&self, buffer: DeviceBuffer) -> RuntimeResult<()> {
        Ok(self.free(buffer.id)?)
    }
    fn stats(&self) -> MemcacheStats {
        Memcache::stats(self)
    }
    fn start_frame(&self) {
        Memcache::start_frame(self)
    }
    fn end_frame(&self) {
        Memcache::end_frame(self)
    }
}
