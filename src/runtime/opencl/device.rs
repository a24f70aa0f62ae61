//! The OpenCL device: a context over a root device's tiles (sub-devices), a queue per tile.

use super::alloc::{ClAllocator, ClHostAllocator};
use super::cl_program::ClProgram;
use super::command_buffer::{CommandBufferFns, Recorder};
use super::discover::{self, ClDeviceInfo, KernelFormat};
use super::kernel::ClKernel;
use super::options::OpenClOptions;
use crate::runtime::error::{ConfigError, RuntimeError, RuntimeResult};
use crate::runtime::kernel_cache::{BuildNotice, KernelCache, KernelCacheStats, NOTICE_AFTER};
use crate::runtime::memcache::Memcache;
use crate::runtime::pending::PendingLaunches;
use crate::runtime::profiler::EventCollector;
use crate::runtime::recording::RecordingSlots;
use crate::runtime::toolkit::DriverHandle;
use opencl3::command_queue::{CommandQueue, CL_QUEUE_PROFILING_ENABLE};
use opencl3::context::Context;
use opencl3::device::{
    Device, SubDevice, CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE,
    CL_DEVICE_AFFINITY_DOMAIN_NUMA, CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN,
    CL_DEVICE_PARTITION_EQUALLY,
};
use opencl3::event::Event as ClEvent;
use opencl3::types::{cl_device_id, cl_device_partition_property};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

pub(super) struct ClTile {
    pub(super) device: DriverHandle<cl_device_id>,
    pub(super) queue: CommandQueue,
    /// Keyed by (module, entry point): an entry point built for both words is two kernels.
    pub(super) kernels: Mutex<HashMap<(&'static str, &'static str), ClKernel>>,
    pub(super) pending: Mutex<PendingLaunches<ClEvent>>,
    pub(super) memcache: Memcache<ClAllocator>,
    /// The command buffer being recorded, where the device records natively.
    pub(super) recorder: Mutex<Option<Recorder>>,
}

/// An OpenCL root device with its tiles.
///
/// Thread safety: `Send + Sync`; OpenCL queues are thread-safe, kernel arguments are set under a per-tile lock, and pending events are drained only once complete, so threads may launch on one tile together (`xehe soak`).
pub struct OpenClBackend {
    pub(super) info: ClDeviceInfo,
    /// cl_khr_command_buffer's entry points, where the device has it.
    pub(super) command_buffers: Option<CommandBufferFns>,
    /// Recordings as lists of launches, where it does not.
    pub(super) recording: RecordingSlots,
    pub(super) format: KernelFormat,
    pub(super) profiler: EventCollector,
    // Field order is drop order: tiles (queues, kernels, buffers), programs, context, sub-devices.
    pub(super) tiles: Vec<ClTile>,
    /// Pinned host memory the writes copy from.
    pub(super) staging: Arc<Memcache<ClHostAllocator>>,
    pub(super) programs: Mutex<HashMap<&'static str, Arc<ClProgram>>>,
    /// Built programs kept between processes.
    pub(super) program_cache: KernelCache,
    /// The stderr line of slow first builds.
    pub(super) build_notice: BuildNotice,
    pub(super) context: Context,
    pub(super) _sub_devices: Vec<SubDevice>,
}

/// Splits `device` into tiles: `Some(k)` equally into k, `None` by affinity domain.
pub(super) fn partition(
    info: &ClDeviceInfo,
    requested: Option<usize>,
) -> RuntimeResult<Vec<SubDevice>> {
    let device = Device::new(info.device_id());
    let props_list: Vec<Vec<cl_device_partition_property>> = match requested {
        Some(0) => return Err(ConfigError::InvalidTileCount("0".into()).into()),
        Some(1) => return Ok(Vec::new()),
        Some(k) => {
            let cu = info.compute_units as usize;
            if cu < k || !cu.is_multiple_of(k) {
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
                // Profiling queues cost every launch an event and its timestamps (more than
                // doubling a launch's host time on NVIDIA's OpenCL): only when asked.
                let properties = if options.profile {
                    CL_QUEUE_PROFILING_ENABLE
                } else {
                    0
                };
                let queue =
                    unsafe { CommandQueue::create_with_properties(&context, id, properties, 0) }
                        .map_err(|e| RuntimeError::cl("clCreateCommandQueueWithProperties", e.0))?;
                Ok(ClTile {
                    device: DriverHandle(id),
                    queue,
                    kernels: Mutex::new(HashMap::new()),
                    pending: Mutex::new(PendingLaunches::default()),
                    memcache: Memcache::new(ClAllocator::new(context.get())),
                    recorder: Mutex::new(None),
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
        let device = Device::new(info.device_id());
        let command_buffers = device
            .platform()
            .ok()
            .and_then(|p| CommandBufferFns::load(p as _, &device.extensions().unwrap_or_default()));
        let map_queue = unsafe { CommandQueue::create_with_properties(&context, ids[0], 0, 0) }
            .map_err(|e| RuntimeError::cl("clCreateCommandQueueWithProperties", e.0))?;
        let staging = Arc::new(Memcache::new(ClHostAllocator {
            context: DriverHandle(context.get()),
            queue: map_queue,
            buffers: Default::default(),
        }));
        let (cache_dir, driver_caches) = kernel_cache_policy(&info);
        let program_cache = KernelCache::new(cache_dir);
        let build_notice = BuildNotice::new(
            &format!("{} ({})", info.name, info.platform),
            program_cache.enabled() || driver_caches,
            NOTICE_AFTER,
        );
        Ok(OpenClBackend {
            program_cache,
            build_notice,
            staging,
            command_buffers,
            recording: RecordingSlots::new(tiles.len()),
            format,
            info,
            profiler: EventCollector::new(options.profile),
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

    /// Whether recordings are driver command buffers (`cl_khr_command_buffer`), replayed with
    /// one enqueue, rather than lists of launches.
    pub fn records_natively(&self) -> bool {
        self.command_buffers.is_some()
    }

    /// The format kernels are loaded in.
    pub fn kernel_format(&self) -> KernelFormat {
        self.format
    }

    /// Where built programs are kept between processes (None: not by xehe).
    pub fn kernel_cache_dir(&self) -> Option<&std::path::Path> {
        self.program_cache.dir()
    }

    /// What the program cache did in this backend so far.
    pub fn kernel_cache_stats(&self) -> KernelCacheStats {
        self.program_cache.stats()
    }

    pub(super) fn tile(&self, tile: usize) -> RuntimeResult<&ClTile> {
        self.tiles.get(tile).ok_or(RuntimeError::NoSuchTile {
            index: tile,
            available: self.tiles.len(),
        })
    }
}

/// Platforms that keep built programs themselves: PoCL (its kcache) and NVIDIA (its
/// ComputeCache). Ours is used there too: on PoCL 3.1 with its kcache warm, `xehe demo
/// --quick` took 2.9 s a process without it and 2.2 s with it (the front end still runs for a
/// source build that PoCL has cached).
fn driver_caches(platform: &str) -> bool {
    platform.contains("Portable Computing Language") || platform.contains("NVIDIA")
}

/// Where `info`'s built programs go (`XEHE_KERNEL_CACHE`: a directory, `off`, or by default
/// xehe's cache directory, on every platform), and whether the driver keeps its own.
fn kernel_cache_policy(info: &ClDeviceInfo) -> (Option<std::path::PathBuf>, bool) {
    (
        crate::runtime::kernel_cache::configured_dir(),
        driver_caches(&info.platform),
    )
}
