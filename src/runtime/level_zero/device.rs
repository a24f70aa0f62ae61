//! The Level Zero device: one context over a root device's tiles, a command list and event
//! slots per tile.

use super::alloc::ZeAllocator;
use super::discover::{self, check, Ze, ZeDeviceInfo};
use super::events::{Events, Slot};
use super::options::{native_target_of, LevelZeroOptions, ModuleSource};
use super::owned::{self, ZeOwned};
use crate::runtime::backend::Shuffles;
use crate::runtime::error::{ConfigError, DriverApi, RuntimeError, RuntimeResult};
use crate::runtime::memcache::Memcache;
use crate::runtime::pending::PendingLaunches;
use crate::runtime::profiler::EventCollector;
use crate::runtime::toolkit::{DriverHandle, HandleTable};
use level_zero_sys as ze;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

pub(super) struct TileState {
    pub(super) slots: Vec<Slot>,
    pub(super) free: Vec<usize>,
    /// Finished, but an [`Event`] handed out still holds them.
    pub(super) held: Vec<usize>,
    /// The last command's event: the next command waits on it (in-order execution).
    pub(super) last: Option<usize>,
    /// Pending commands by event slot.
    pub(super) pending: PendingLaunches<usize>,
    // Field order is drop order: kernels, then the modules they come from, then the list.
    pub(super) kernels: HashMap<&'static str, ZeOwned<ze::ze_kernel_handle_t>>,
    pub(super) modules: HashMap<&'static str, (ZeOwned<ze::ze_module_handle_t>, ModuleSource)>,
    pub(super) list: ZeOwned<ze::ze_command_list_handle_t>,
}

pub(super) struct ZeTile {
    pub(super) info: ZeDeviceInfo,
    pub(super) state: Mutex<TileState>,
    pub(super) events: Arc<Events>,
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
    pub(super) profiler: EventCollector,
    // Field order is drop order: tiles (lists, kernels, modules, buffers, events), context.
    pub(super) tiles: Vec<ZeTile>,
    pub(super) context: ZeOwned<ze::ze_context_handle_t>,
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
        let mut tiles = match options.tiles {
            Some(1) => vec![root.clone()],
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
                    reason: format!(
                        "Level Zero shows it as 1 device or {} sub-devices",
                        root.sub_devices
                    ),
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
            profiler: EventCollector::default(),
            tiles: Vec::new(),
            context: owned::context(&l, context),
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
        let desc = ze::ze_command_queue_desc_t {
            stype: ze::ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
            ordinal: compute_ordinal(l, device)?,
            mode: ze::ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
            priority: ze::ZE_COMMAND_QUEUE_PRIORITY_NORMAL,
            ..Default::default()
        };
        let mut list = std::ptr::null_mut();
        check("zeCommandListCreateImmediate", unsafe {
            l.0.zeCommandListCreateImmediate(self.context.get(), device, &desc, &mut list)
        })?;
        let events = Arc::new(Events {
            ze: l.clone(),
            context: DriverHandle(self.context.get()),
            pools: Mutex::new(Vec::new()),
        });
        let slots: Vec<Slot> = events
            .new_pool()?
            .into_iter()
            .map(|event| Slot {
                event,
                token: Arc::new(()),
            })
            .collect();
        Ok(ZeTile {
            state: Mutex::new(TileState {
                list: owned::command_list(l, list),
                free: (0..slots.len()).rev().collect(),
                slots,
                held: Vec::new(),
                last: None,
                pending: PendingLaunches::default(),
                modules: HashMap::new(),
                kernels: HashMap::new(),
            }),
            events,
            memcache: Memcache::new(ZeAllocator {
                ze: l.clone(),
                context: DriverHandle(self.context.get()),
                device: DriverHandle(info.handle.0),
                ptrs: HandleTable::default(),
            }),
            info,
        })
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
