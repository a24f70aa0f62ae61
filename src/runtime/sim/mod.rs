//! The cpu-sim backend: runs the Rust mirror of every kernel over its ND-range on the host.
//! Always available; the reference the device backends are compared with bit for bit.
//!
//! Work-groups run in parallel on scoped threads (`std::thread::scope`); inside a group the
//! work-items run
//! phase by phase (see [`crate::exec::workgroup`]). Each tile has its own memory cache and a lock that keeps
//! its launches in order; a launch finishes before `launch` returns.

use super::backend::TileMemory;
use super::backend::{
    check_launch, check_range, Backend, BackendKind, DeviceBuffer, DeviceLimits, DoneEvent, Event,
    KernelArg, NdRange,
};
use super::error::{ConfigError, RuntimeError, RuntimeResult};
use super::memcache::{Memcache, MemcacheError, RawAllocator};
use super::profiler::{EventCollector, LaunchTimes};
use super::recording::{replay_list, Recording, RecordingSlots};
use crate::exec::workgroup::{Global, SimArg, SimArgs, Watch, WorkGroup};
use crate::kernels::KernelSpec;
use crate::runtime::toolkit::{lock, HandleTable};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Settings of the simulation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimOptions {
    /// Number of tiles to simulate (each with its own queue and memory cache).
    pub tiles: usize,
    /// Threads running work-groups (default: the machine's available parallelism).
    pub threads: usize,
    /// Shuffle work-item order in every phase and poison local memory (see [`crate::exec::workgroup`]).
    pub race_hunting: bool,
    /// Seed of the race-hunting shuffles.
    pub seed: u64,
    /// Sub-group size the simulation reports.
    pub sub_group_size: usize,
    /// Memory of each simulated tile in bytes (None: the host's available memory), to see how
    /// a smaller device refuses work that does not fit.
    pub memory_bytes: Option<u64>,
    /// Record every launch in the profiler (off: nothing is recorded, as on the devices).
    pub profile: bool,
    /// Local memory of a work-group in bytes, as the device limits report it (default 128 KiB,
    /// a Data Center GPU Max tile's); a launch asking for more is refused as a device would
    /// refuse it. Smaller values make the automatic NTT plans take smaller blocks, so that small
    /// degrees run the multi-stage sequences larger ones run on real devices.
    pub local_mem_bytes: u64,
    /// The simulated device is lost after this many kernel launches: every later launch, copy
    /// and wait answers [`RuntimeError::DeviceLost`], as a GPU that hangs or resets does. For
    /// tests of what depends on a device failing mid-work (the device pool's scheduler).
    pub lost_after_launches: Option<u64>,
}

impl Default for SimOptions {
    fn default() -> Self {
        SimOptions {
            tiles: 1,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            race_hunting: false,
            seed: 0x5EED,
            memory_bytes: None,
            sub_group_size: 16,
            profile: false,
            local_mem_bytes: 128 * 1024,
            lost_after_launches: None,
        }
    }
}

impl SimOptions {
    /// Defaults, with `XEHE_SIM_RACE=1` turning race hunting on (a malformed setting is
    /// reported by [`crate::runtime::select::open`]; here it leaves the default).
    pub fn from_env() -> Self {
        let race = crate::runtime::settings::Settings::global().is_ok_and(|s| s.sim_race);
        SimOptions {
            race_hunting: race,
            ..Default::default()
        }
    }
}

type SimMemory = Arc<[AtomicU64]>;

/// Host memory standing in for device memory, as word arrays shared with running work-groups.
#[derive(Default)]
struct SimAllocator {
    buffers: HandleTable<SimMemory>,
}

impl SimAllocator {
    fn get(&self, id: u64) -> RuntimeResult<SimMemory> {
        self.buffers
            .get(id)
            .ok_or_else(|| MemcacheError::UnknownBuffer(format!("cpu-sim #{id}")).into())
    }
}

impl RawAllocator for SimAllocator {
    type Handle = u64;

    fn allocate(&self, bytes: usize) -> Result<u64, MemcacheError> {
        let words = bytes.div_ceil(8);
        // The cache's limit (the simulated memory, fixed at open) refuses most requests that
        // do not fit; this is the host refusing what is left.
        let mut v: Vec<AtomicU64> = Vec::new();
        v.try_reserve_exact(words)
            .map_err(|e| MemcacheError::OutOfMemory {
                bytes,
                held: 0,
                limit: None,
                reason: format!("cpu-sim buffers live in host memory: {e}"),
            })?;
        v.resize_with(words, || AtomicU64::new(0));
        Ok(self.buffers.insert(v.into()))
    }

    fn release(&self, handle: u64) {
        self.buffers.remove(handle);
    }
}

struct SimTile {
    memcache: Memcache<SimAllocator>,
    /// Held for the duration of a command: the tile's queue is in order.
    queue: Mutex<()>,
}

/// The cpu-sim device.
///
/// Thread safety: `Send + Sync`; launches on one tile are serialized by that tile's queue lock, tiles run concurrently.
pub struct SimBackend {
    options: SimOptions,
    /// Memory of each tile: `options.memory_bytes`, else the host's available memory when the
    /// backend opened (read once, not at every allocation or limits query).
    memory_bytes: Option<u64>,
    tiles: Vec<SimTile>,
    profiler: EventCollector,
    epoch: Instant,
    launches: AtomicU64,
    recording: RecordingSlots,
}

impl SimBackend {
    /// A simulated device with `options.tiles` tiles.
    ///
    /// ```
    /// use xehe::runtime::{sim::{SimBackend, SimOptions}, Backend};
    /// let sim = SimBackend::new(SimOptions { tiles: 2, ..Default::default() })?;
    /// assert_eq!(sim.tile_count(), 2);
    /// let buf = sim.alloc(1, 4)?;
    /// sim.write(&buf, 0, &[1, 2, 3, 4])?;
    /// let mut out = [0u64; 4];
    /// sim.read(&buf, 0, &mut out)?;
    /// assert_eq!(out, [1, 2, 3, 4]);
    /// sim.free(buf)?;
    /// # Ok::<(), xehe::runtime::RuntimeError>(())
    /// ```
    pub fn new(options: SimOptions) -> RuntimeResult<Self> {
        if options.tiles == 0 || options.tiles > crate::runtime::settings::MAX_TILES {
            return Err(ConfigError::InvalidTileCount(options.tiles.to_string()).into());
        }
        if options.sub_group_size == 0 || options.threads == 0 {
            return Err(RuntimeError::InvalidShape(
                "cpu-sim needs at least one thread and a sub-group size of at least 1".into(),
            ));
        }
        // The same load-time check the device backends make: the Rust declarations the
        // simulation runs by must agree with the shipped SPIR-V.
        crate::kernels::reflect::check_all()?;
        let memory_bytes = options
            .memory_bytes
            .or_else(super::host_memory::available_bytes);
        let tiles = (0..options.tiles)
            .map(|_| {
                let memcache = Memcache::new(SimAllocator::default());
                memcache.set_limit(memory_bytes);
                SimTile {
                    memcache,
                    queue: Mutex::new(()),
                }
            })
            .collect();
        Ok(SimBackend {
            profiler: EventCollector::new(options.profile),
            recording: RecordingSlots::new(options.tiles),
            options,
            memory_bytes,
            tiles,
            epoch: Instant::now(),
            launches: AtomicU64::new(0),
        })
    }

    /// The options the simulator runs with.
    pub fn options(&self) -> &SimOptions {
        &self.options
    }

    fn tile(&self, tile: usize) -> RuntimeResult<&SimTile> {
        self.tiles.get(tile).ok_or(RuntimeError::NoSuchTile {
            index: tile,
            available: self.tiles.len(),
        })
    }

    /// Holds `tile`'s queue for one command (the queue is in order); refused once the
    /// simulated device is lost.
    fn in_order(&self, tile: usize) -> RuntimeResult<std::sync::MutexGuard<'_, ()>> {
        let queue = lock(&self.tile(tile)?.queue);
        if let Some(after) = self.options.lost_after_launches {
            if self.launches.load(Ordering::Relaxed) >= after {
                return Err(RuntimeError::DeviceLost {
                    device: self.device_name(),
                    reason: format!("the simulation was set to fail after {after} launch(es)"),
                });
            }
        }
        Ok(queue)
    }

    /// The words behind `buffer`, at least `buffer.words` of them.
    fn words_of(&self, buffer: &DeviceBuffer) -> RuntimeResult<SimMemory> {
        let mem = self
            .tile(buffer.tile)?
            .memcache
            .allocator()
            .get(buffer.id)?;
        if mem.len() < buffer.words {
            // Ids are unique in the process, so this is a cache bug, not a caller's mistake;
            // still an error rather than a panic.
            return Err(MemcacheError::UnknownBuffer(format!(
                "cpu-sim #{} ({} words, {} held)",
                buffer.id,
                buffer.words,
                mem.len()
            ))
            .into());
        }
        Ok(mem)
    }

    /// `buffer[offset..offset + words]`, checked: the range lies in the buffer.
    fn copy_range(
        &self,
        buffer: &DeviceBuffer,
        offset: usize,
        words: usize,
        what: &str,
    ) -> RuntimeResult<SimMemory> {
        check_range(buffer, offset, words, what)?;
        self.words_of(buffer)
    }

    fn now(&self) -> u64 {
        self.epoch.elapsed().as_nanos() as u64
    }

    fn run(
        &self,
        kernel: &'static KernelSpec,
        range: &NdRange,
        args: &SimArgs<'_>,
        watches: &[Watch],
    ) -> RuntimeResult<()> {
        let local_size = range.local_or_default();
        let groups: [usize; 3] = std::array::from_fn(|d| range.global[d] / local_size[d]);
        let group_count = groups[0] * groups[1] * groups[2];
        let items = local_size[0] * local_size[1] * local_size[2];
        let local_words = kernel.sim.local_words(local_size, args);
        if local_words as u64 * 8 > self.options.local_mem_bytes {
            return Err(RuntimeError::BadLaunch {
                kernel: kernel.name,
                problem: format!(
                    "{} bytes of local memory, the simulated device has {}",
                    local_words * 8,
                    self.options.local_mem_bytes
                ),
            });
        }
        let private_words = kernel.sim.private_words();
        let sub_group_size = kernel
            .sim
            .sub_group_size()
            .unwrap_or(self.options.sub_group_size)
            .min(items);
        let launch_no = self.launches.fetch_add(1, Ordering::Relaxed);
        let next = AtomicUsize::new(0);
        let fault: Mutex<Option<String>> = Mutex::new(None);

        let worker = || {
            let mut local = vec![0u64; local_words];
            let mut private = vec![0u64; private_words * items];
            loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= group_count {
                    break;
                }
                let group_id = [
                    g % groups[0],
                    (g / groups[0]) % groups[1],
                    g / (groups[0] * groups[1]),
                ];
                let mut rng = self.options.race_hunting.then(|| {
                    StdRng::seed_from_u64(self.options.seed ^ (launch_no << 32) ^ g as u64)
                });
                let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    let mut wg = WorkGroup::new(
                        group_id,
                        local_size,
                        range.global,
                        sub_group_size,
                        &mut local,
                        &mut private,
                        private_words,
                        rng.as_mut(),
                    );
                    kernel.sim.run_group(&mut wg, args);
                }));
                // A body that reached past a buffer has made its launch's error: the other
                // groups need not run.
                if watches.iter().any(Watch::faulted) {
                    next.store(group_count, Ordering::Relaxed);
                }
                if let Err(panic) = outcome {
                    let reason = panic
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_else(|| "panic".into());
                    *lock(&fault) = Some(format!("work-group {group_id:?}: {reason}"));
                    next.store(group_count, Ordering::Relaxed);
                }
            }
        };
        let threads = self.options.threads.min(group_count);
        if threads <= 1 {
            worker();
        } else {
            // Joined by hand: a thread that died is a typed fault, not a panic of the scope.
            let all_joined = std::thread::scope(|s| {
                let handles: Vec<_> = (0..threads).map(|_| s.spawn(worker)).collect();
                handles.into_iter().all(|h| h.join().is_ok())
            });
            if !all_joined {
                return Err(RuntimeError::SimFault {
                    kernel: kernel.name,
                    reason: "a simulation thread died".into(),
                });
            }
        }
        let out_of_range = watches.iter().find_map(Watch::fault);
        match out_of_range.or(fault.into_inner().unwrap_or_else(|p| p.into_inner())) {
            Some(reason) => Err(RuntimeError::SimFault {
                kernel: kernel.name,
                reason,
            }),
            None => Ok(()),
        }
    }

    /// [`Backend::launch`] without its `unsafe`: the simulation checks every access a kernel
    /// body makes through a buffer, and a launch that reaches past one answers
    /// [`RuntimeError::SimFault`] (the other work-groups may have run; words inside the buffers
    /// may have been written).
    ///
    /// ```
    /// use xehe::kernels::copy_u64::COPY_U64;
    /// use xehe::runtime::sim::{SimBackend, SimOptions};
    /// use xehe::runtime::{Backend, KernelArg, NdRange, RuntimeError};
    /// let sim = SimBackend::new(SimOptions::default())?;
    /// let (src, dst) = (sim.alloc(0, 8)?, sim.alloc(0, 8)?);
    /// let args = [KernelArg::Buffer(&src), KernelArg::Buffer(&dst)];
    /// let e = sim.launch_checked(0, &COPY_U64, &NdRange::new([4096, 1, 1]), &args).unwrap_err();
    /// assert!(matches!(e, RuntimeError::SimFault { kernel: "copy_u64", .. }), "{e}");
    /// # Ok::<(), RuntimeError>(())
    /// ```
    pub fn launch_checked(
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
        let memories: Vec<Option<SimMemory>> = args
            .iter()
            .map(|a| match a {
                KernelArg::Buffer(b) => self.words_of(b).map(Some),
                _ => Ok(None),
            })
            .collect::<RuntimeResult<_>>()?;
        let watches: Vec<Watch> = args
            .iter()
            .enumerate()
            .map(|(i, a)| match a {
                KernelArg::Buffer(b) => Watch::new(i, b.words),
                _ => Watch::new(i, 0),
            })
            .collect();
        let sim_args = SimArgs::new(
            args.iter()
                .zip(&memories)
                .zip(&watches)
                .map(|((a, m), watch)| match (a, m) {
                    (KernelArg::Buffer(b), Some(mem)) => {
                        SimArg::Global(Global::watched(&mem[..b.words], watch))
                    }
                    (KernelArg::U32(v), _) => SimArg::U32(*v),
                    (KernelArg::U64(v), _) => SimArg::U64(*v),
                    (KernelArg::Local(w), _) => SimArg::Local(*w),
                    (KernelArg::Buffer(_), None) => unreachable!("buffers resolved above"),
                })
                .collect(),
        );
        let _q = self.in_order(tile)?;
        let queued = self.now();
        self.run(kernel, range, &sim_args, &watches)?;
        let end = self.now();
        let times = LaunchTimes {
            queued,
            submit: queued,
            start: queued,
            end,
        };
        self.profiler.record(kernel.name, tile, times);
        Ok(())
    }
}

impl Backend for SimBackend {
    fn kind(&self) -> BackendKind {
        BackendKind::CpuSim
    }

    fn device_name(&self) -> String {
        format!(
            "cpu-sim ({} thread(s){})",
            self.options.threads,
            if self.options.race_hunting {
                ", race hunting"
            } else {
                ""
            }
        )
    }

    fn tile_count(&self) -> usize {
        self.tiles.len()
    }

    fn limits(&self) -> DeviceLimits {
        // What a Data Center GPU Max tile offers; the simulation itself has no limit.
        DeviceLimits {
            local_mem_bytes: self.options.local_mem_bytes,
            max_work_group_size: 1024,
            sub_group_sizes: vec![self.options.sub_group_size],
            shuffles: crate::runtime::backend::Shuffles::SubGroups(vec![8, 16, 32]),
            compute_units: self.options.threads,
            global_mem_bytes: self.memory_bytes,
            // The mirrors compute in Rust's f64.
            fp64: true,
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
        self.recording.refuse_copy(buffer.tile, "write")?;
        let mem = self.copy_range(buffer, offset, words, "write")?;
        // The host memory the copy reads, zeroed when dropped (it may hold a message).
        let mut data = zeroize::Zeroizing::new(vec![0u64; words]);
        if !fill(&mut data) {
            return Ok(None);
        }
        let _q = self.in_order(buffer.tile)?;
        let start = self.now();
        for (cell, &v) in mem[offset..offset + words].iter().zip(data.iter()) {
            cell.store(v, Ordering::Relaxed);
        }
        let end = self.now();
        Ok(Some(Event(Arc::new(DoneEvent(LaunchTimes {
            queued: start,
            submit: start,
            start,
            end,
        })))))
    }

    unsafe fn enqueue_read(
        &self,
        buffer: &DeviceBuffer,
        offset: usize,
        out: &mut [u64],
    ) -> RuntimeResult<()> {
        self.recording.refuse_copy(buffer.tile, "read")?;
        let mem = self.copy_range(buffer, offset, out.len(), "read")?;
        let _q = self.in_order(buffer.tile)?;
        let len = out.len();
        for (o, cell) in out.iter_mut().zip(&mem[offset..offset + len]) {
            *o = cell.load(Ordering::Relaxed);
        }
        Ok(())
    }

    unsafe fn launch(
        &self,
        tile: usize,
        kernel: &'static KernelSpec,
        range: &NdRange,
        args: &[KernelArg<'_>],
    ) -> RuntimeResult<()> {
        self.launch_checked(tile, kernel, range, args)
    }

    fn begin_recording(&self, tile: usize) -> RuntimeResult<()> {
        self.recording.begin(tile)
    }

    fn end_recording(&self, tile: usize) -> RuntimeResult<Recording> {
        self.recording.end(tile)
    }

    unsafe fn replay(&self, recording: &Recording) -> RuntimeResult<()> {
        self.recording.check_owner(recording)?;
        replay_list(recording, |l| {
            self.launch_checked(recording.tile, l.kernel, &l.range, &l.args())
        })
    }

    fn wait(&self, tile: usize) -> RuntimeResult<()> {
        let _q = self.in_order(tile)?;
        Ok(())
    }

    fn marker(&self, tile: usize) -> RuntimeResult<Event> {
        self.recording.refuse_copy(tile, "marker")?;
        // Commands run as they are enqueued: everything before the marker has finished.
        let _q = self.in_order(tile)?;
        let now = self.now();
        Ok(Event(Arc::new(DoneEvent(LaunchTimes {
            queued: now,
            submit: now,
            start: now,
            end: now,
        }))))
    }

    fn profiler(&self) -> &EventCollector {
        &self.profiler
    }
}
