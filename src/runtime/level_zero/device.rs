//! The Level Zero device: one context over a root device's tiles, a command list and event
//! slots per tile.

use super::alloc::ZeAllocator;
use super::command_list::{queue_desc, ListRecorder};
use super::discover::{self, check, Ze, ZeDeviceInfo};
use super::events::{Events, Scope, Slot};
use super::hierarchy::Hierarchy;
use super::module_cache::DriverIdentity;
use super::options::{native_target_of, LevelZeroOptions, ModuleSource};
use super::owned::{self, ZeOwned};
use super::staging::StagingPool;
use super::timeline::Timeline;
use crate::runtime::backend::Shuffles;
use crate::runtime::error::{ConfigError, DriverApi, RuntimeError, RuntimeResult};
use crate::runtime::kernel_cache::{BuildNotice, KernelCache, KernelCacheStats, NOTICE_AFTER};
use crate::runtime::memcache::Memcache;
use crate::runtime::pending::PendingLaunches;
use crate::runtime::profiler::EventCollector;
use crate::runtime::recording::RecordingSlots;
use crate::runtime::toolkit::{DriverHandle, HandleTable};
use level_zero_sys as ze;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// A launch's work-group size: the kernel's own when it requires one, else the range's, else
/// the driver's suggestion for the global size (`zeKernelSuggestGroupSize`, which knows the
/// kernel's register and local-memory use).
pub(super) type GroupSize = [u32; 3];

/// What the driver says one kernel uses per thread, from `zeKernelGetProperties`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KernelFootprint {
    /// Private memory (arrays the compiler could not keep in registers).
    pub private_bytes: u32,
    /// Scratch for registers spilled.
    pub spill_bytes: u32,
    /// Static `__local` memory.
    pub local_bytes: u32,
    /// The work-group size the kernel requires, if any.
    pub required_group_size: Option<[u32; 3]>,
}

pub(super) struct ZeKernel {
    pub(super) handle: ZeOwned<ze::ze_kernel_handle_t>,
    pub(super) footprint: KernelFootprint,
    /// The group size last set on the kernel (set again only when it changes).
    pub(super) group_size: Option<GroupSize>,
    /// Suggested group sizes by global size.
    pub(super) suggested: HashMap<[usize; 3], GroupSize>,
}

pub(super) struct TileState {
    /// The regular command list being recorded, if any (`Backend::begin_recording`).
    pub(super) recorder: Option<ListRecorder>,
    pub(super) slots: Vec<Slot>,
    /// Free slots by scope ([`Scope::Device`], [`Scope::Host`]).
    pub(super) free: [Vec<usize>; 2],
    /// Finished, but an [`Event`] handed out still holds them.
    pub(super) held: Vec<usize>,
    /// The last command's event: the next command waits on it (in-order execution).
    pub(super) last: Option<usize>,
    /// Pending commands by event slot, with their append times on the host clock.
    pub(super) pending: PendingLaunches<Issued>,
    // Field order is drop order: kernels, then the modules they come from, then the list.
    /// Keyed by (module, entry point): an entry point built for both words is two kernels.
    pub(super) kernels: HashMap<(&'static str, &'static str), ZeKernel>,
    pub(super) modules: HashMap<&'static str, (ZeOwned<ze::ze_module_handle_t>, ModuleSource)>,
    pub(super) list: ZeOwned<ze::ze_command_list_handle_t>,
    /// The queue that executes recorded lists, made at the first replay.
    pub(super) queue: Option<ZeOwned<ze::ze_command_queue_handle_t>>,
}

/// A command appended: its event slot and when (host clock, ns since the backend opened).
#[derive(Clone, Copy, Debug)]
pub(super) struct Issued {
    pub(super) slot: usize,
    pub(super) appended_ns: u64,
}

pub(super) struct ZeTile {
    pub(super) info: ZeDeviceInfo,
    /// The compute command-queue group of the immediate list, recorded lists and their queue.
    pub(super) ordinal: u32,
    pub(super) state: Mutex<TileState>,
    pub(super) events: Arc<Events>,
    pub(super) timeline: Arc<Mutex<Timeline>>,
    pub(super) memcache: Memcache<ZeAllocator>,
}

/// A Level Zero root device with its tiles.
///
/// Thread safety: `Send + Sync`; each tile's command list and memory cache are locked, so threads may share the backend.
pub struct LevelZeroBackend {
    pub(super) ze: Arc<Ze>,
    pub(super) root: ZeDeviceInfo,
    pub(super) native_dir: Option<PathBuf>,
    pub(super) native_target: Option<String>,
    pub(super) large_grf: bool,
    /// Native binaries of SPIR-V builds kept between processes (`XEHE_KERNEL_CACHE`).
    pub(super) kernel_cache: KernelCache,
    /// The driver that builds, for the cache's keys (None: no cache).
    pub(super) driver: Option<DriverIdentity>,
    /// The stderr line of slow first builds.
    pub(super) build_notice: BuildNotice,
    pub(super) profiler: EventCollector,
    pub(super) recording: RecordingSlots,
    /// The host clock's origin for append times.
    pub(super) epoch: Instant,
    /// Whether `zeDeviceGetGlobalTimestamps` answers (not in NEO's AUB mode).
    pub(super) global_timestamps: std::sync::atomic::AtomicBool,
    // Field order is drop order: tiles (lists, kernels, modules, buffers; events once no
    // handed-out event holds them), staging memory, then the context (shared with the events
    // and the staging memory, so destroyed after the last of them).
    pub(super) tiles: Vec<ZeTile>,
    pub(super) staging: Arc<StagingPool>,
    pub(super) context: Arc<ZeOwned<ze::ze_context_handle_t>>,
}

/// The ordinal of a compute command-queue group of `device`.
pub(super) fn compute_ordinal(l: &Ze, device: ze::ze_device_handle_t) -> RuntimeResult<u32> {
    let mut count = 0u32;
    check("zeDeviceGetCommandQueueGroupProperties", unsafe {
        l.0.zeDeviceGetCommandQueueGroupProperties(device, &mut count, std::ptr::null_mut())
    })?;
    let mut props = vec![
        ze::ze_command_queue_group_properties_t {
            stype: ze::ZE_STRUCTURE_TYPE_COMMAND_QUEUE_GROUP_PROPERTIES,
            ..Default::default()
        };
        count as usize
    ];
    check("zeDeviceGetCommandQueueGroupProperties", unsafe {
        l.0.zeDeviceGetCommandQueueGroupProperties(device, &mut count, props.as_mut_ptr())
    })?;
    props
        .iter()
        .position(|p| p.flags & ze::ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE != 0)
        .map(|i| i as u32)
        .ok_or_else(|| RuntimeError::Driver {
            api: DriverApi::LevelZero,
            call: "zeDeviceGetCommandQueueGroupProperties",
            code: ze::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE.into(),
            name: "no compute queue group".into(),
        })
}

impl LevelZeroBackend {
    /// Opens root device `options.device` with its tiles; [`RuntimeError::NoLevelZero`] where
    /// no loader or driver is present.
    pub fn open(options: &LevelZeroOptions) -> RuntimeResult<Self> {
        let l = discover::loader()?;
        let roots = discover::root_devices()?;
        if roots.is_empty() {
            return Err(RuntimeError::NoLevelZero(
                "the Level Zero loader found no GPU driver".into(),
            ));
        }
        let root = roots
            .get(options.device)
            .cloned()
            .ok_or(RuntimeError::NoSuchDevice {
                backend: "level-zero",
                index: options.device,
                available: roots.len(),
            })?;
        let mut tiles = match (options.tiles, root.flat_tiles.first()) {
            // One tile: the root device (the driver spreads its work over the tiles), or under
            // FLAT, where no root device is listed, the first tile alone.
            (Some(1), None) => vec![root.clone()],
            (Some(1), Some(first)) => vec![first.clone()],
            _ => discover::tiles(&l, &root)?,
        };
        if let Some(k) = options.tiles {
            if k == 0 {
                return Err(ConfigError::InvalidTileCount("0".into()).into());
            }
            if k != tiles.len() {
                return Err(RuntimeError::TilePartition {
                    device: root.name.clone(),
                    requested: k,
                    reason: match root.hierarchy {
                        Hierarchy::Composite => format!(
                            "Level Zero shows it as 1 device or {} sub-devices",
                            root.sub_devices
                        ),
                        Hierarchy::Flat => format!(
                            "Level Zero lists its {} tiles as devices (FLAT hierarchy): 1 or {0}",
                            root.flat_tiles.len()
                        ),
                    },
                });
            }
        }
        let settings = crate::runtime::settings::Settings::global()?;
        let desc = ze::ze_context_desc_t {
            stype: ze::ZE_STRUCTURE_TYPE_CONTEXT_DESC,
            ..Default::default()
        };
        let mut context = std::ptr::null_mut();
        check("zeContextCreate", unsafe {
            l.0.zeContextCreate(root.driver_handle.0, &desc, &mut context)
        })?;
        let context = Arc::new(owned::context(&l, context));
        // Without the driver's identity, or a way to read a built module's binary, nothing is
        // cached.
        let driver = DriverIdentity::query(&l, root.driver_handle.0)
            .filter(|_| l.0.zeModuleGetNativeBinary.is_ok());
        let kernel_cache = KernelCache::new(driver.and(settings.kernel_cache_dir()));
        let build_notice = BuildNotice::new(
            &format!("{} (Level Zero)", root.name),
            kernel_cache.enabled(),
            NOTICE_AFTER,
        );
        let mut backend = LevelZeroBackend {
            ze: l.clone(),
            root: root.clone(),
            native_dir: options
                .native_dir
                .clone()
                .or_else(|| settings.ze_native_dir.clone()),
            native_target: options
                .native_target
                .clone()
                .or_else(|| settings.ze_native_target.clone())
                .or_else(|| native_target_of(root.device_id).map(String::from)),
            large_grf: options.large_grf || settings.ze_large_grf,
            kernel_cache,
            driver,
            build_notice,
            profiler: EventCollector::new(options.profile),
            recording: RecordingSlots::new(tiles.len()),
            epoch: Instant::now(),
            global_timestamps: std::sync::atomic::AtomicBool::new(true),
            tiles: Vec::new(),
            staging: Arc::new(StagingPool::new(ZeAllocator {
                ze: l.clone(),
                context: context.clone(),
                device: None,
                ptrs: HandleTable::default(),
            })),
            context,
        };
        for info in tiles.drain(..) {
            let tile = backend.new_tile(info)?;
            backend.tiles.push(tile);
        }
        Ok(backend)
    }

    pub(super) fn new_tile(&self, info: ZeDeviceInfo) -> RuntimeResult<ZeTile> {
        let l = &self.ze;
        let device = info.handle.0;
        let ordinal = compute_ordinal(l, device)?;
        let desc = queue_desc(ordinal);
        let mut list = std::ptr::null_mut();
        check("zeCommandListCreateImmediate", unsafe {
            l.0.zeCommandListCreateImmediate(self.context.get(), device, &desc, &mut list)
        })?;
        // Owned at once, so that a failure below destroys it.
        let list = owned::command_list(l, list);
        let events = Arc::new(Events::new(l, &self.context));
        let mut slots: Vec<Slot> = Vec::new();
        let mut free: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
        for scope in [Scope::Device, Scope::Host] {
            for event in events.new_pool(scope)? {
                free[scope as usize].push(slots.len());
                slots.push(Slot {
                    event,
                    token: Arc::new(()),
                    scope,
                });
            }
            free[scope as usize].reverse();
        }
        Ok(ZeTile {
            ordinal,
            state: Mutex::new(TileState {
                recorder: None,
                queue: None,
                list,
                free,
                slots,
                held: Vec::new(),
                last: None,
                pending: PendingLaunches::default(),
                modules: HashMap::new(),
                kernels: HashMap::new(),
            }),
            events,
            timeline: Arc::new(Mutex::new(Timeline::new(
                info.timer_ns,
                info.kernel_timestamp_bits,
            ))),
            memcache: Memcache::new(ZeAllocator {
                ze: l.clone(),
                context: self.context.clone(),
                device: Some(DriverHandle(info.handle.0)),
                ptrs: HandleTable::default(),
            }),
            info,
        })
    }

    /// What the driver says `kernel` uses per thread on `tile` (creating it if need be):
    /// private memory, spills, local memory.
    pub fn kernel_footprint(
        &self,
        tile: usize,
        kernel: &'static crate::kernels::KernelSpec,
    ) -> RuntimeResult<KernelFootprint> {
        let t = self.tile(tile)?;
        let mut st = crate::runtime::toolkit::lock(&t.state);
        Ok(self.kernel(t, &mut st, kernel)?.footprint)
    }

    /// The work-group size a launch of `kernel` over `global` with no local size gets on
    /// `tile`: the kernel's required size, else the driver's suggestion.
    pub fn suggested_group_size(
        &self,
        tile: usize,
        kernel: &'static crate::kernels::KernelSpec,
        global: [usize; 3],
    ) -> RuntimeResult<[u32; 3]> {
        let t = self.tile(tile)?;
        let mut st = crate::runtime::toolkit::lock(&t.state);
        let k = self.kernel(t, &mut st, kernel)?;
        self.group_size(k, kernel.name, &crate::exec::NdRange::new(global))
    }

    /// The host staging memory that copies go through (shared by the tiles).
    pub fn staging_stats(&self) -> crate::runtime::memcache::MemcacheStats {
        self.staging.stats()
    }

    /// Where native binaries of SPIR-V builds are kept between processes (None: not kept).
    pub fn kernel_cache_dir(&self) -> Option<&std::path::Path> {
        self.kernel_cache.dir()
    }

    /// What the kernel cache did in this backend so far, counting a module once per tile.
    pub fn kernel_cache_stats(&self) -> KernelCacheStats {
        self.kernel_cache.stats()
    }

    /// The root device.
    pub fn info(&self) -> &ZeDeviceInfo {
        &self.root
    }

    /// The devices of the tiles (the sub-devices, or the root device).
    pub fn tile_info(&self, tile: usize) -> RuntimeResult<&ZeDeviceInfo> {
        Ok(&self.tile(tile)?.info)
    }

    pub(super) fn tile(&self, tile: usize) -> RuntimeResult<&ZeTile> {
        self.tiles.get(tile).ok_or(RuntimeError::NoSuchTile {
            index: tile,
            available: self.tiles.len(),
        })
    }

    pub(super) fn shuffles(&self) -> Shuffles {
        Shuffles::SubGroups(self.root.sub_group_sizes.clone())
    }
}
