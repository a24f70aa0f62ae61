//! The Level Zero backend (Intel Arc and Data Center GPU Max): the loader opened at run time
//! (`level-zero-sys`), one context over a root GPU device's tiles (its sub-devices, else the
//! device), per tile one immediate command list kept in order by chaining each command on the
//! previous one's event, device allocations through the tile's memory cache, modules from a
//! native ocloc binary when one matches the device (`XEHE_ZE_NATIVE_DIR` or
//! [`LevelZeroOptions::native_dir`]: files `<module>_<target>.bin` from
//! `ci/build-kernels.sh --native DIR`), else from the shipped SPIR-V, and kernel timestamp events
//! feeding the profiler.
//!
//! On this project's machines the backend runs against Intel's driver in AUB-capture mode, where
//! enumeration, tiles, command lists, allocations, module builds and kernel creation are real but
//! kernels never execute (tests/intel_neo_level_zero.rs); launches, copies and waits have not run
//! on an Intel GPU here.

pub mod discover;

use super::backend::{
    check_launch, check_range, Backend, BackendKind, DeviceBuffer, DeviceLimits, Event,
    EventSource, KernelArg, NdRange, Shuffles, TileMemory,
};
use super::memcache::{Memcache, MemcacheError, RawAllocator};
use super::profiler::{EventCollector, LaunchTimes};
use crate::kernels::reflect::ReflectError;
use crate::kernels::{KernelModule, KernelSpec};
use crate::runtime::error::{RuntimeError, RuntimeResult};
use crate::runtime::toolkit::{lock, DriverHandle, HandleTable, Pending, PendingLaunches};
use discover::{check, Ze, ZeDeviceInfo};
use level_zero_sys as ze;
use std::collections::HashMap;
use std::ffi::{c_void, CString};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// Events per pool; pools are added as launches stay pending.
const POOL_EVENTS: u32 = 256;
/// How to open a Level Zero device.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelZeroOptions {
    /// Index among [`discover::root_devices`].
    pub device: usize,
    /// Exactly this many tiles: 1 (the root device) or its sub-device count (None: the
    /// sub-devices, else the root device).
    pub tiles: Option<usize>,
    /// A folder of native binaries `<module>_…<target>.bin` (ocloc's names) to try before the
    /// SPIR-V (None: `XEHE_ZE_NATIVE_DIR` when set).
    pub native_dir: Option<PathBuf>,
    /// The ocloc target of those binaries, e.g. `pvc` or `dg2` (None: `XEHE_ZE_NATIVE_TARGET`
    /// when set, else from the device's PCI id where it is known). The driver cannot be relied
    /// on to refuse another target's binary (NEO 22.43 takes a pvc binary on a dg2), so only
    /// files of this target are tried; without one, modules build from SPIR-V.
    pub native_target: Option<String>,
}

/// The ocloc target of an Intel PCI device id, for the families xehe knows.
pub fn native_target_of(device_id: u32) -> Option<&'static str> {
    match device_id {
        0x0bd0..=0x0bdf => Some("pvc"),
        0x5690..=0x56ff => Some("dg2"),
        _ => None,
    }
}

/// What a module was built from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModuleSource {
    /// A native binary of the native folder that the device accepted.
    Native(PathBuf),
    /// The shipped SPIR-V.
    SpirV,
}

struct ZeAllocator {
    ze: Arc<Ze>,
    context: DriverHandle<ze::ze_context_handle_t>,
    device: DriverHandle<ze::ze_device_handle_t>,
    ptrs: HandleTable<DriverHandle<*mut c_void>>,
}

impl ZeAllocator {
    fn get(&self, id: u64) -> RuntimeResult<*mut c_void> {
        self.ptrs
            .get(id)
            .map(|h| h.0)
            .ok_or_else(|| MemcacheError::UnknownBuffer(format!("level-zero #{id}")).into())
    }
}

impl RawAllocator for ZeAllocator {
    type Handle = u64;

    fn allocate(&self, bytes: usize) -> Result<u64, MemcacheError> {
        let desc = ze::ze_device_mem_alloc_desc_t {
            stype: ze::ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC,
            ..Default::default()
        };
        let mut ptr = std::ptr::null_mut();
        let r = unsafe {
            self.ze.0.zeMemAllocDevice(
                self.context.0,
                &desc,
                bytes.max(8),
                64,
                self.device.0,
                &mut ptr,
            )
        };
        if r == ze::ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY
            || r == ze::ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY
            || r == ze::ZE_RESULT_ERROR_UNSUPPORTED_SIZE
        {
            return Err(MemcacheError::OutOfMemory {
                bytes,
                held: 0,
                limit: None,
                reason: format!("zeMemAllocDevice: {}", discover::result_name(r)),
            });
        }
        if r != ze::ZE_RESULT_SUCCESS {
            return Err(MemcacheError::AllocationFailed {
                bytes,
                reason: discover::result_name(r),
            });
        }
        Ok(self.ptrs.insert(DriverHandle(ptr)))
    }

    fn release(&self, handle: u64) {
        if let Some(p) = self.ptrs.remove(handle) {
            // Freeing can only fail for a pointer the map rules out.
            let _ = unsafe { self.ze.0.zeMemFree(self.context.0, p.0) };
        }
    }
}

/// A tile's event pools and events (owned here so that an [`Event`] handed out keeps them).
struct Events {
    ze: Arc<Ze>,
    context: DriverHandle<ze::ze_context_handle_t>,
    pools: Mutex<Vec<DriverHandle<ze::ze_event_pool_handle_t>>>,
}

impl Events {
    fn new_pool(&self) -> RuntimeResult<Vec<DriverHandle<ze::ze_event_handle_t>>> {
        let desc = ze::ze_event_pool_desc_t {
            stype: ze::ZE_STRUCTURE_TYPE_EVENT_POOL_DESC,
            flags: ze::ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ze::ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP,
            count: POOL_EVENTS,
            ..Default::default()
        };
        let mut pool = std::ptr::null_mut();
        check("zeEventPoolCreate", unsafe {
            self.ze
                .0
                .zeEventPoolCreate(self.context.0, &desc, 0, std::ptr::null_mut(), &mut pool)
        })?;
        lock(&self.pools).push(DriverHandle(pool));
        (0..POOL_EVENTS)
            .map(|index| {
                let desc = ze::ze_event_desc_t {
                    stype: ze::ZE_STRUCTURE_TYPE_EVENT_DESC,
                    index,
                    signal: ze::ZE_EVENT_SCOPE_FLAG_HOST,
                    wait: ze::ZE_EVENT_SCOPE_FLAG_HOST,
                    ..Default::default()
                };
                let mut e = std::ptr::null_mut();
                check("zeEventCreate", unsafe {
                    self.ze.0.zeEventCreate(pool, &desc, &mut e)
                })?;
                Ok(DriverHandle(e))
            })
            .collect()
    }
}

impl Drop for Events {
    fn drop(&mut self) {
        // Destroying a pool releases its events' storage; the events go with it.
        for p in lock(&self.pools).drain(..) {
            let _ = unsafe { self.ze.0.zeEventPoolDestroy(p.0) };
        }
    }
}

/// One event: reused only when no [`Event`] handed out holds its token.
struct Slot {
    event: DriverHandle<ze::ze_event_handle_t>,
    token: Arc<()>,
}

struct TileState {
    list: DriverHandle<ze::ze_command_list_handle_t>,
    slots: Vec<Slot>,
    free: Vec<usize>,
    /// Finished, but an [`Event`] handed out still holds them.
    held: Vec<usize>,
    /// The last command's event: the next command waits on it (in-order execution).
    last: Option<usize>,
    /// Pending commands by event slot.
    pending: PendingLaunches<usize>,
    modules: HashMap<&'static str, (DriverHandle<ze::ze_module_handle_t>, ModuleSource)>,
    kernels: HashMap<&'static str, DriverHandle<ze::ze_kernel_handle_t>>,
}

struct ZeTile {
    info: ZeDeviceInfo,
    state: Mutex<TileState>,
    events: Arc<Events>,
    memcache: Memcache<ZeAllocator>,
}

struct ZeEventSource {
    ze: Arc<Ze>,
    event: DriverHandle<ze::ze_event_handle_t>,
    _events: Arc<Events>,
    _token: Arc<()>,
    timer_ns: f64,
    bits: u32,
}

fn timestamps(
    ze: &Ze,
    event: ze::ze_event_handle_t,
    timer_ns: f64,
    bits: u32,
) -> RuntimeResult<LaunchTimes> {
    let mut ts = ze::ze_kernel_timestamp_result_t::default();
    check("zeEventQueryKernelTimestamp", unsafe {
        ze.0.zeEventQueryKernelTimestamp(event, &mut ts)
    })?;
    let mask = if bits == 0 || bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    let start = ts.global.kernelStart & mask;
    let mut end = ts.global.kernelEnd & mask;
    if end < start {
        end += mask.wrapping_add(1); // the counter wrapped
    }
    let ns = |t: u64| (t as f64 * timer_ns) as u64;
    Ok(LaunchTimes {
        queued: ns(start),
        submit: ns(start),
        start: ns(start),
        end: ns(end),
    })
}

impl EventSource for ZeEventSource {
    fn wait(&self) -> RuntimeResult<()> {
        check("zeEventHostSynchronize", unsafe {
            self.ze.0.zeEventHostSynchronize(self.event.0, u64::MAX)
        })
    }
    fn times(&self) -> RuntimeResult<LaunchTimes> {
        self.wait()?;
        timestamps(&self.ze, self.event.0, self.timer_ns, self.bits)
    }
}

/// A Level Zero root device with its tiles.
///
/// Thread safety: `Send + Sync`; each tile's command list and memory cache are locked, so threads may share the backend.
pub struct LevelZeroBackend {
    ze: Arc<Ze>,
    root: ZeDeviceInfo,
    native_dir: Option<PathBuf>,
    native_target: Option<String>,
    profiler: EventCollector,
    // Field order is drop order: tiles (lists, kernels, modules, buffers, events), context.
    tiles: Vec<ZeTile>,
    context: DriverHandle<ze::ze_context_handle_t>,
}

/// The ordinal of a compute command-queue group of `device`.
fn compute_ordinal(l: &Ze, device: ze::ze_device_handle_t) -> RuntimeResult<u32> {
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
        .ok_or_else(|| RuntimeError::LevelZero {
            call: "zeDeviceGetCommandQueueGroupProperties",
            code: ze::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
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
                return Err(RuntimeError::InvalidTileCount("0".into()));
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
            context: DriverHandle(context),
        };
        for info in tiles.drain(..) {
            let tile = backend.new_tile(info)?;
            backend.tiles.push(tile);
        }
        Ok(backend)
    }

    fn new_tile(&self, info: ZeDeviceInfo) -> RuntimeResult<ZeTile> {
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
            l.0.zeCommandListCreateImmediate(self.context.0, device, &desc, &mut list)
        })?;
        let events = Arc::new(Events {
            ze: l.clone(),
            context: self.context,
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
                list: DriverHandle(list),
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
                context: self.context,
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

    fn tile(&self, tile: usize) -> RuntimeResult<&ZeTile> {
        self.tiles.get(tile).ok_or(RuntimeError::NoSuchTile {
            index: tile,
            available: self.tiles.len(),
        })
    }

    fn shuffles(&self) -> Shuffles {
        Shuffles::SubGroups(self.root.sub_group_sizes.clone())
    }

    /// Builds every shipped module on every tile (no launch); returns the modules left out
    /// because the device lacks their sub-group size.
    pub fn build_all(&self) -> RuntimeResult<Vec<&'static str>> {
        let shuffles = self.shuffles();
        let mut skipped = Vec::new();
        for m in crate::kernels::MODULES {
            match m.shuffle_size {
                Some(size) if !shuffles.supports(size) => skipped.push(m.name),
                _ => {
                    for t in &self.tiles {
                        self.module(t, &mut lock(&t.state), m)?;
                    }
                }
            }
        }
        Ok(skipped)
    }

    /// Creates `kernel` on every tile, checking the argument count the driver reports against
    /// the declaration (no launch).
    pub fn create_kernel(&self, kernel: &'static KernelSpec) -> RuntimeResult<()> {
        for t in &self.tiles {
            self.kernel(t, &mut lock(&t.state), kernel)?;
        }
        Ok(())
    }

    fn module(
        &self,
        t: &ZeTile,
        st: &mut TileState,
        m: &'static KernelModule,
    ) -> RuntimeResult<ze::ze_module_handle_t> {
        if let Some((h, _)) = st.modules.get(m.name) {
            return Ok(h.0);
        }
        if let Some(size) = m.shuffle_size {
            if !self.shuffles().supports(size) {
                return Err(RuntimeError::Unavailable {
                    what: format!("kernel module {}", m.name),
                    device: self.root.name.clone(),
                    why: format!(
                        "no sub-groups of {size} (sizes {:?})",
                        self.root.sub_group_sizes
                    ),
                });
            }
        }
        let (module, source) = match self.native_module(t, m) {
            Some((h, path)) => (h, ModuleSource::Native(path)),
            None => (
                self.create_module(t, m, ze::ZE_MODULE_FORMAT_IL_SPIRV, m.spirv)?,
                ModuleSource::SpirV,
            ),
        };
        st.modules.insert(m.name, (DriverHandle(module), source));
        Ok(module)
    }

    /// Where `module` was built from on `tile`, once built.
    pub fn module_source(&self, tile: usize, module: &str) -> RuntimeResult<Option<ModuleSource>> {
        let t = self.tile(tile)?;
        Ok(lock(&t.state).modules.get(module).map(|(_, s)| s.clone()))
    }

    /// A module from a native binary of the folder that the device accepts, if any.
    fn native_module(
        &self,
        t: &ZeTile,
        m: &'static KernelModule,
    ) -> Option<(ze::ze_module_handle_t, PathBuf)> {
        let dir = self.native_dir.as_ref()?;
        let prefix = format!("{}_", m.name);
        let suffix = format!("{}.bin", self.native_target.as_ref()?);
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .ok()?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with(&prefix) && n.ends_with(&suffix))
            })
            .collect();
        files.sort();
        files.into_iter().find_map(|p| {
            let bytes = std::fs::read(&p).ok()?;
            self.create_module(t, m, ze::ZE_MODULE_FORMAT_NATIVE, &bytes)
                .ok()
                .map(|h| (h, p))
        })
    }

    fn create_module(
        &self,
        t: &ZeTile,
        m: &'static KernelModule,
        format: ze::ze_module_format_t,
        bytes: &[u8],
    ) -> RuntimeResult<ze::ze_module_handle_t> {
        let flags = CString::new("").expect("no interior NUL");
        let desc = ze::ze_module_desc_t {
            stype: ze::ZE_STRUCTURE_TYPE_MODULE_DESC,
            format,
            inputSize: bytes.len(),
            pInputModule: bytes.as_ptr(),
            pBuildFlags: flags.as_ptr(),
            ..Default::default()
        };
        let mut module = std::ptr::null_mut();
        let mut log = std::ptr::null_mut();
        let r = unsafe {
            self.ze.0.zeModuleCreate(
                self.context.0,
                t.info.handle.0,
                &desc,
                &mut module,
                &mut log,
            )
        };
        let text = self.build_log(log);
        if r != ze::ZE_RESULT_SUCCESS {
            return Err(RuntimeError::KernelBuild {
                module: m.name,
                device: t.info.name.clone(),
                format: if format == ze::ZE_MODULE_FORMAT_NATIVE {
                    "native binary"
                } else {
                    "SPIR-V"
                },
                log: format!("{}\n{text}", discover::result_name(r)),
            });
        }
        Ok(module)
    }

    /// The build log's text; the log is destroyed.
    fn build_log(&self, log: ze::ze_module_build_log_handle_t) -> String {
        if log.is_null() {
            return String::new();
        }
        let mut size = 0usize;
        let mut text = String::new();
        unsafe {
            if self
                .ze
                .0
                .zeModuleBuildLogGetString(log, &mut size, std::ptr::null_mut())
                == ze::ZE_RESULT_SUCCESS
                && size > 0
            {
                let mut buf = vec![0u8; size];
                if self.ze.0.zeModuleBuildLogGetString(
                    log,
                    &mut size,
                    buf.as_mut_ptr() as *mut std::os::raw::c_char,
                ) == ze::ZE_RESULT_SUCCESS
                {
                    let end = buf.iter().position(|&c| c == 0).unwrap_or(buf.len());
                    text = String::from_utf8_lossy(&buf[..end]).into_owned();
                }
            }
            let _ = self.ze.0.zeModuleBuildLogDestroy(log);
        }
        text
    }

    fn kernel(
        &self,
        t: &ZeTile,
        st: &mut TileState,
        kernel: &'static KernelSpec,
    ) -> RuntimeResult<ze::ze_kernel_handle_t> {
        if let Some(k) = st.kernels.get(kernel.name) {
            return Ok(k.0);
        }
        let module = self.module(t, st, kernel.module)?;
        let name = CString::new(kernel.name).expect("kernel names have no NUL");
        let desc = ze::ze_kernel_desc_t {
            stype: ze::ZE_STRUCTURE_TYPE_KERNEL_DESC,
            pKernelName: name.as_ptr(),
            ..Default::default()
        };
        let mut k = std::ptr::null_mut();
        check("zeKernelCreate", unsafe {
            self.ze.0.zeKernelCreate(module, &desc, &mut k)
        })?;
        let mut props = ze::ze_kernel_properties_t {
            stype: ze::ZE_STRUCTURE_TYPE_KERNEL_PROPERTIES,
            ..Default::default()
        };
        let r = check("zeKernelGetProperties", unsafe {
            self.ze.0.zeKernelGetProperties(k, &mut props)
        });
        let args = props.numKernelArgs as usize;
        if r.is_err() || args != kernel.args.len() {
            let _ = unsafe { self.ze.0.zeKernelDestroy(k) };
            r?;
            return Err(ReflectError::Signature {
                module: kernel.module.name,
                kernel: kernel.name,
                problem: format!(
                    "has {args} arguments on {}, {} declared",
                    t.info.name,
                    kernel.args.len()
                ),
            }
            .into());
        }
        st.kernels.insert(kernel.name, DriverHandle(k));
        Ok(k)
    }

    fn ptr(&self, buffer: &DeviceBuffer) -> RuntimeResult<*mut c_void> {
        self.tile(buffer.tile)?.memcache.allocator().get(buffer.id)
    }

    /// A free event slot (a new pool when every event is pending or held).
    fn slot(&self, t: &ZeTile, st: &mut TileState) -> RuntimeResult<usize> {
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

    fn recycle(&self, st: &mut TileState, s: usize) -> RuntimeResult<()> {
        check("zeEventHostReset", unsafe {
            self.ze.0.zeEventHostReset(st.slots[s].event.0)
        })?;
        st.free.push(s);
        Ok(())
    }

    /// The previous command's event, for the next command to wait on.
    fn wait_list(st: &TileState) -> (u32, Vec<ze::ze_event_handle_t>) {
        match st.last {
            Some(s) => (1, vec![st.slots[s].event.0]),
            None => (0, Vec::new()),
        }
    }

    fn event_for(&self, t: &ZeTile, st: &TileState, slot: usize) -> Event {
        Event(Arc::new(ZeEventSource {
            ze: self.ze.clone(),
            event: st.slots[slot].event,
            _events: t.events.clone(),
            _token: st.slots[slot].token.clone(),
            timer_ns: t.info.timer_ns,
            bits: t.info.timestamp_bits,
        }))
    }

    fn push_pending(
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
    fn finish(&self, tile: usize, st: &mut TileState) -> RuntimeResult<()> {
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
            unsafe {
                for k in st.kernels.values() {
                    let _ = self.ze.0.zeKernelDestroy(k.0);
                }
                for (m, _) in st.modules.values() {
                    let _ = self.ze.0.zeModuleDestroy(m.0);
                }
                let _ = self.ze.0.zeCommandListDestroy(st.list.0);
            }
        }
        // Buffers go with the tiles' memory caches, before the context.
        self.tiles.clear();
        let _ = unsafe { self.ze.0.zeContextDestroy(self.context.0) };
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

    fn write(&self, buffer: &DeviceBuffer, offset: usize, data: &[u64]) -> RuntimeResult<Event> {
        check_range(buffer, offset, data.len(), "write")?;
        let dst = self.ptr(buffer)?;
        let t = self.tile(buffer.tile)?;
        let mut st = lock(&t.state);
        let staging = data.to_vec();
        let slot = self.slot(t, &mut st)?;
        let (n, mut waits) = Self::wait_list(&st);
        check("zeCommandListAppendMemoryCopy", unsafe {
            self.ze.0.zeCommandListAppendMemoryCopy(
                st.list.0,
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

    fn read(&self, buffer: &DeviceBuffer, offset: usize, out: &mut [u64]) -> RuntimeResult<()> {
        check_range(buffer, offset, out.len(), "read")?;
        let src = self.ptr(buffer)?;
        let t = self.tile(buffer.tile)?;
        let mut st = lock(&t.state);
        let slot = self.slot(t, &mut st)?;
        let (n, mut waits) = Self::wait_list(&st);
        check("zeCommandListAppendMemoryCopy", unsafe {
            self.ze.0.zeCommandListAppendMemoryCopy(
                st.list.0,
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
                st.list.0,
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
