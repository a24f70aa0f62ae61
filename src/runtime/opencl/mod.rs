//! The OpenCL backend (opencl3, with the ICD loader opened at run time so xehe runs where no
//! OpenCL is installed).
//!
//! A root device is split into tiles: by affinity domain (NUMA, then next-partitionable), or,
//! when asked for K tiles (API or `XEHE_TILES=K`), equally into K sub-devices; a device that does
//! not partition is one tile. One context holds the tiles; each tile has one in-order queue with
//! profiling on and its own memory cache. Kernel modules load as SPIR-V where the device reports
//! a SPIR-V IL version, else as OpenCL C source; a failed build carries the driver's log. Built
//! programs are cached per context, kernel objects per tile.

pub mod discover;

use super::backend::{
    check_launch, Backend, BackendKind, DeviceBuffer, DeviceLimits, Event, EventSource, KernelArg,
    NdRange, Shuffles,
};
use super::backend::{check_range, TileMemory};
use super::memcache::{Memcache, MemcacheError, RawAllocator};
use super::profiler::{EventCollector, LaunchTimes};
use crate::kernels::reflect::{self, ReflectError};
use crate::kernels::{KernelModule, KernelSpec, COMMON_HEADER};
use crate::runtime::error::{RuntimeError, RuntimeResult};
use crate::runtime::toolkit::{lock, DriverHandle, HandleTable, Pending, PendingLaunches};
use discover::{ClDeviceInfo, KernelFormat};
use opencl3::command_queue::{CommandQueue, CL_QUEUE_PROFILING_ENABLE};
use opencl3::context::Context;
use opencl3::device::{
    Device, SubDevice, CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE,
    CL_DEVICE_AFFINITY_DOMAIN_NUMA, CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN,
    CL_DEVICE_PARTITION_EQUALLY,
};
use opencl3::event::Event as ClEvent;
use opencl3::kernel::Kernel;
use opencl3::program::Program;
use opencl3::types::{
    cl_context, cl_device_id, cl_device_partition_property, cl_mem, CL_BLOCKING, CL_NON_BLOCKING,
};
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::{Arc, Mutex};

/// Build options for OpenCL C sources (OpenCL C 1.2 is what NVIDIA, PoCL and NEO all accept).
const SOURCE_BUILD_OPTIONS: &str = "-cl-std=CL1.2";
/// On NVIDIA, the sub-group kernels shuffle through inline PTX (kernels-cl/ntt_subgroup.cl).
const SOURCE_BUILD_OPTIONS_PTX: &str = "-cl-std=CL1.2 -D XEHE_SHUFFLE_PTX";
/// How to open an OpenCL device.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpenClOptions {
    /// Index among [`discover::root_devices`] (GPUs first).
    pub device: usize,
    /// Split into exactly this many equal tiles (None: by affinity domain, else one tile).
    pub tiles: Option<usize>,
    /// Force a kernel format (None: SPIR-V where the device takes it, else OpenCL C).
    pub kernel_format: Option<KernelFormat>,
}

struct ClAllocator {
    context: DriverHandle<cl_context>,
    buffers: HandleTable<DriverHandle<cl_mem>>,
}

impl ClAllocator {
    fn get(&self, id: u64) -> RuntimeResult<cl_mem> {
        self.buffers
            .get(id)
            .map(|h| h.0)
            .ok_or_else(|| MemcacheError::UnknownBuffer(format!("opencl #{id}")).into())
    }
}

impl RawAllocator for ClAllocator {
    type Handle = u64;

    fn allocate(&self, bytes: usize) -> Result<u64, MemcacheError> {
        let mem = unsafe {
            cl3::memory::create_buffer(
                self.context.0,
                cl3::memory::CL_MEM_READ_WRITE,
                bytes,
                std::ptr::null_mut(),
            )
        }
        .map_err(|code| match code {
            // CL_MEM_OBJECT_ALLOCATION_FAILURE, CL_OUT_OF_RESOURCES, CL_OUT_OF_HOST_MEMORY,
            // CL_INVALID_BUFFER_SIZE (past CL_DEVICE_MAX_MEM_ALLOC_SIZE).
            -4 | -5 | -6 | -61 => MemcacheError::OutOfMemory {
                bytes,
                held: 0,
                limit: None,
                reason: format!("clCreateBuffer: {}", opencl3::error_codes::error_text(code)),
            },
            _ => MemcacheError::AllocationFailed {
                bytes,
                reason: opencl3::error_codes::error_text(code).to_string(),
            },
        })?;
        Ok(self.buffers.insert(DriverHandle(mem)))
    }

    fn release(&self, handle: u64) {
        if let Some(mem) = self.buffers.remove(handle) {
            // Release can only fail for an invalid object, which the map rules out.
            let _ = unsafe { cl3::memory::release_mem_object(mem.0) };
        }
    }
}

struct ClTile {
    device: DriverHandle<cl_device_id>,
    queue: CommandQueue,
    kernels: Mutex<HashMap<&'static str, Kernel>>,
    pending: Mutex<PendingLaunches<ClEvent>>,
    memcache: Memcache<ClAllocator>,
}

struct ClEventSource(ClEvent);

impl EventSource for ClEventSource {
    fn wait(&self) -> RuntimeResult<()> {
        self.0
            .wait()
            .map_err(|e| RuntimeError::cl("clWaitForEvents", e.0))
    }
    fn times(&self) -> RuntimeResult<LaunchTimes> {
        self.wait()?;
        event_times(&self.0)
    }
}

fn event_times(e: &ClEvent) -> RuntimeResult<LaunchTimes> {
    let f = |r: Result<u64, opencl3::error_codes::ClError>| {
        r.map_err(|e| RuntimeError::cl("clGetEventProfilingInfo", e.0))
    };
    Ok(LaunchTimes {
        queued: f(e.profiling_command_queued())?,
        submit: f(e.profiling_command_submit())?,
        start: f(e.profiling_command_start())?,
        end: f(e.profiling_command_end())?,
    })
}

/// An OpenCL root device with its tiles.
///
/// Thread safety: `Send + Sync`; OpenCL queues are thread-safe, kernel arguments are set under a per-tile lock, and pending events are drained only once complete, so threads may launch on one tile together (`xehe soak`).
pub struct OpenClBackend {
    info: ClDeviceInfo,
    format: KernelFormat,
    profiler: EventCollector,
    // Field order is drop order: tiles (queues, kernels, buffers), programs, context, sub-devices.
    tiles: Vec<ClTile>,
    programs: Mutex<HashMap<&'static str, Arc<Program>>>,
    context: Context,
    _sub_devices: Vec<SubDevice>,
}

/// Splits `device` into tiles: `Some(k)` equally into k, `None` by affinity domain.
fn partition(info: &ClDeviceInfo, requested: Option<usize>) -> RuntimeResult<Vec<SubDevice>> {
    let device = Device::new(info.device_id());
    let props_list: Vec<Vec<cl_device_partition_property>> = match requested {
        Some(0) => return Err(RuntimeError::InvalidTileCount("0".into())),
        Some(1) => return Ok(Vec::new()),
        Some(k) => {
            let cu = info.compute_units as usize;
            if cu < k || cu % k != 0 {
                return Err(RuntimeError::TilePartition {
                    device: info.name.clone(),
                    requested: k,
                    reason: format!("it has {cu} compute units, not a multiple of {k}"),
                });
            }
            vec![vec![CL_DEVICE_PARTITION_EQUALLY, (cu / k) as isize, 0]]
        }
        None => [
            CL_DEVICE_AFFINITY_DOMAIN_NUMA,
            CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE,
        ]
        .iter()
        .map(|&d| vec![CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN, d as isize, 0])
        .collect(),
    };
    let mut last_error = None;
    for props in props_list {
        match device.create_sub_devices(&props) {
            Ok(subs) if requested.is_none() && subs.len() < 2 => return Ok(Vec::new()),
            Ok(subs) if requested.is_some_and(|k| subs.len() != k) => {
                return Err(RuntimeError::TilePartition {
                    device: info.name.clone(),
                    requested: requested.unwrap_or(0),
                    reason: format!("the driver made {} sub-devices", subs.len()),
                })
            }
            Ok(subs) => return Ok(subs),
            Err(e) => last_error = Some(e.0),
        }
    }
    match (requested, last_error) {
        (Some(k), Some(code)) => Err(RuntimeError::TilePartition {
            device: info.name.clone(),
            requested: k,
            reason: format!(
                "clCreateSubDevices(CL_DEVICE_PARTITION_EQUALLY) answered {}",
                opencl3::error_codes::error_text(code)
            ),
        }),
        // No affinity partition: the root device is the one tile.
        _ => Ok(Vec::new()),
    }
}

impl OpenClBackend {
    /// Opens OpenCL root device `options.device`.
    pub fn open(options: &OpenClOptions) -> RuntimeResult<Self> {
        let devices = discover::root_devices()?;
        let info = devices
            .get(options.device)
            .cloned()
            .ok_or(RuntimeError::NoSuchDevice {
                backend: "opencl",
                index: options.device,
                available: devices.len(),
            })?;
        let sub_devices = partition(&info, options.tiles)?;
        let ids: Vec<cl_device_id> = if sub_devices.is_empty() {
            vec![info.device_id()]
        } else {
            sub_devices.iter().map(|s| s.id()).collect()
        };
        let context = Context::from_devices(&ids, &[], None, std::ptr::null_mut())
            .map_err(|e| RuntimeError::cl("clCreateContext", e.0))?;
        let tiles = ids
            .iter()
            .map(|&id| {
                let queue = unsafe {
                    CommandQueue::create_with_properties(&context, id, CL_QUEUE_PROFILING_ENABLE, 0)
                }
                .map_err(|e| RuntimeError::cl("clCreateCommandQueueWithProperties", e.0))?;
                Ok(ClTile {
                    device: DriverHandle(id),
                    queue,
                    kernels: Mutex::new(HashMap::new()),
                    pending: Mutex::new(PendingLaunches::default()),
                    memcache: Memcache::new(ClAllocator {
                        context: DriverHandle(context.get()),
                        buffers: HandleTable::default(),
                    }),
                })
            })
            .collect::<RuntimeResult<Vec<ClTile>>>()?;
        // Tiles of one device share its global memory: each cache may hold its share.
        let share = info.global_mem_bytes / tiles.len() as u64;
        for t in &tiles {
            t.memcache.set_limit((share > 0).then_some(share));
        }
        let format = discover::kernel_format_for(
            &info.name,
            info.il_version.as_deref(),
            options.kernel_format,
        )?;
        Ok(OpenClBackend {
            format,
            info,
            profiler: EventCollector::default(),
            tiles,
            programs: Mutex::new(HashMap::new()),
            context,
            _sub_devices: sub_devices,
        })
    }

    /// What discovery reported about the root device.
    pub fn info(&self) -> &ClDeviceInfo {
        &self.info
    }

    /// The format kernels are loaded in.
    pub fn kernel_format(&self) -> KernelFormat {
        self.format
    }

    fn tile(&self, tile: usize) -> RuntimeResult<&ClTile> {
        self.tiles.get(tile).ok_or(RuntimeError::NoSuchTile {
            index: tile,
            available: self.tiles.len(),
        })
    }

    /// The built program of `module`, building it (for every tile) on first use.
    pub fn program(&self, module: &'static KernelModule) -> RuntimeResult<Arc<Program>> {
        let mut programs = lock(&self.programs);
        if let Some(p) = programs.get(module.name) {
            return Ok(p.clone());
        }
        reflect::check_module(module)?;
        if let Some(size) = module.shuffle_size {
            if !self.info.shuffles.supports(size) {
                return Err(RuntimeError::Unavailable {
                    what: format!("module {} (sub-group shuffles of {size})", module.name),
                    device: self.info.name.clone(),
                    why: match &self.info.shuffles {
                        Shuffles::Unavailable(why) => why.clone(),
                        other => format!("shuffles: {other:?}"),
                    },
                });
            }
        }
        let (created, options) = match self.format {
            KernelFormat::SpirV => (Program::create_from_il(&self.context, module.spirv), ""),
            // One string, not two: cl3 0.13's create_program_with_source passes a `&[&str]` as
            // `char**` and reads the second fat pointer's length as a pointer.
            KernelFormat::OpenClC => (
                Program::create_from_source(
                    &self.context,
                    &format!("{}{COMMON_HEADER}\n{}", module.prelude, module.source),
                ),
                if self.info.shuffles == Shuffles::NvidiaPtx {
                    SOURCE_BUILD_OPTIONS_PTX
                } else {
                    SOURCE_BUILD_OPTIONS
                },
            ),
        };
        let mut program = created.map_err(|e| RuntimeError::cl("clCreateProgram", e.0))?;
        let devices: Vec<cl_device_id> = self.tiles.iter().map(|t| t.device.0).collect();
        if let Err(e) = program.build(&devices, options) {
            let log = devices
                .iter()
                .map(|&d| program.get_build_log(d).unwrap_or_default())
                .collect::<Vec<_>>()
                .join("\n");
            return Err(RuntimeError::KernelBuild {
                module: module.name,
                device: self.info.name.clone(),
                format: self.format.name(),
                log: format!(
                    "{} ({})\n{}",
                    e.0,
                    opencl3::error_codes::error_text(e.0),
                    log.trim()
                ),
            });
        }
        let program = Arc::new(program);
        programs.insert(module.name, program.clone());
        Ok(program)
    }

    /// Builds every shipped module the device can run (what the tests use): all but the
    /// sub-group modules whose shuffles it lacks. Returns the names of those left out.
    pub fn build_all(&self) -> RuntimeResult<Vec<&'static str>> {
        let mut skipped = Vec::new();
        for m in crate::kernels::MODULES {
            match m.shuffle_size {
                Some(size) if !self.info.shuffles.supports(size) => skipped.push(m.name),
                _ => drop(self.program(m)?),
            }
        }
        Ok(skipped)
    }

    /// Builds `kernel`'s module if needed and creates the kernel object, checking the argument
    /// count the driver reports against the declaration (no launch).
    pub fn create_kernel(&self, kernel: &'static KernelSpec) -> RuntimeResult<()> {
        self.new_kernel(kernel).map(drop)
    }

    /// A kernel object of `kernel`, its argument count checked against the declaration.
    fn new_kernel(&self, kernel: &'static KernelSpec) -> RuntimeResult<Kernel> {
        let program = self.program(kernel.module)?;
        let k = Kernel::create(&program, kernel.name)
            .map_err(|e| RuntimeError::cl("clCreateKernel", e.0))?;
        let args = k
            .num_args()
            .map_err(|e| RuntimeError::cl("clGetKernelInfo", e.0))? as usize;
        if args != kernel.args.len() {
            return Err(ReflectError::Signature {
                module: kernel.module.name,
                kernel: kernel.name,
                problem: format!(
                    "the driver reports {args} arguments, the Rust side declares {}",
                    kernel.args.len()
                ),
            }
            .into());
        }
        Ok(k)
    }

    fn mem(&self, buffer: &DeviceBuffer) -> RuntimeResult<cl_mem> {
        self.tile(buffer.tile)?.memcache.allocator().get(buffer.id)
    }

    fn push_pending(&self, tile: usize, pending: Pending<ClEvent>) -> RuntimeResult<()> {
        let full = lock(&self.tile(tile)?.pending).push(pending);
        if full {
            self.wait(tile)?;
        }
        Ok(())
    }

    /// Records the finished launches of `tile` in the profiler. Launches another thread
    /// enqueued after this thread's `clFinish` may still run: they stay pending (reading their
    /// timestamps would fail with CL_PROFILING_INFO_NOT_AVAILABLE), for a later drain.
    fn drain(&self, tile: &ClTile, index: usize) -> RuntimeResult<()> {
        // CL_COMPLETE is 0; an error status (negative) is complete too.
        let done = lock(&tile.pending)
            .take_finished(|e| e.command_execution_status().map_or(true, |s| s.0 <= 0));
        for p in done {
            p.record(&self.profiler, index, event_times)?;
        }
        Ok(())
    }
}

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

    fn write(&self, buffer: &DeviceBuffer, offset: usize, data: &[u64]) -> RuntimeResult<Event> {
        check_range(buffer, offset, data.len(), "write")?;
        let mem = self.mem(buffer)?;
        let t = self.tile(buffer.tile)?;
        let staging = data.to_vec();
        let event = unsafe {
            cl3::command_queue::enqueue_write_buffer(
                t.queue.get(),
                mem,
                CL_NON_BLOCKING,
                offset * 8,
                data.len() * 8,
                staging.as_ptr() as *const c_void,
                0,
                std::ptr::null(),
            )
        }
        .map_err(|c| RuntimeError::cl("clEnqueueWriteBuffer", c))?;
        let event = ClEvent::new(event);
        let shared = ClEvent::new(event.get());
        unsafe { cl3::event::retain_event(event.get()) }
            .map_err(|c| RuntimeError::cl("clRetainEvent", c))?;
        self.push_pending(buffer.tile, Pending::copy(event, Some(staging)))?;
        Ok(Event(Arc::new(ClEventSource(shared))))
    }

    fn read(&self, buffer: &DeviceBuffer, offset: usize, out: &mut [u64]) -> RuntimeResult<()> {
        check_range(buffer, offset, out.len(), "read")?;
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

    fn launch(
        &self,
        tile: usize,
        kernel: &'static KernelSpec,
        range: &NdRange,
        args: &[KernelArg<'_>],
    ) -> RuntimeResult<Event> {
        check_launch(tile, self.tiles.len(), kernel, range, args)?;
        let t = self.tile(tile)?;
        let mems: Vec<Option<cl_mem>> = args
            .iter()
            .map(|a| match a {
                KernelArg::Buffer(b) => self.mem(b).map(Some),
                _ => Ok(None),
            })
            .collect::<RuntimeResult<_>>()?;
        let event = {
            let mut kernels = lock(&t.kernels);
            // Programs and kernel objects are built once; a launch only looks them up.
            if !kernels.contains_key(kernel.name) {
                kernels.insert(kernel.name, self.new_kernel(kernel)?);
            }
            let k = &kernels[kernel.name];
            for (i, (a, m)) in args.iter().zip(&mems).enumerate() {
                let r = unsafe {
                    match (a, m) {
                        (_, Some(mem)) => k.set_arg(i as u32, mem),
                        (KernelArg::U32(v), _) => k.set_arg(i as u32, v),
                        (KernelArg::U64(v), _) => k.set_arg(i as u32, v),
                        (KernelArg::Local(w), _) => k.set_arg_local_buffer(i as u32, w * 8),
                        (KernelArg::Buffer(_), None) => unreachable!("buffers resolved above"),
                    }
                };
                r.map_err(|e| RuntimeError::cl("clSetKernelArg", e.0))?;
            }
            let local = range.local;
            unsafe {
                cl3::command_queue::enqueue_nd_range_kernel(
                    t.queue.get(),
                    k.get(),
                    3,
                    std::ptr::null(),
                    range.global.as_ptr(),
                    local.as_ref().map_or(std::ptr::null(), |l| l.as_ptr()),
                    0,
                    std::ptr::null(),
                )
            }
            .map_err(|c| RuntimeError::cl("clEnqueueNDRangeKernel", c))?
        };
        unsafe { cl3::event::retain_event(event) }
            .map_err(|c| RuntimeError::cl("clRetainEvent", c))?;
        self.push_pending(tile, Pending::launch(ClEvent::new(event), kernel.name))?;
        Ok(Event(Arc::new(ClEventSource(ClEvent::new(event)))))
    }

    fn wait(&self, tile: usize) -> RuntimeResult<()> {
        let t = self.tile(tile)?;
        t.queue
            .finish()
            .map_err(|e| RuntimeError::cl("clFinish", e.0))?;
        self.drain(t, tile)
    }

    fn profiler(&self) -> &EventCollector {
        &self.profiler
    }
}
