//! A device pool: several root devices opened together, across OpenCL platforms, Level Zero
//! and cpu-sim, each split into its tiles.

#![warn(missing_docs)]

use super::selection::{DeviceId, DeviceSelection};
use crate::runtime::backend::{Backend, BackendKind};
use crate::runtime::error::{ConfigError, RuntimeError, RuntimeResult};
use crate::runtime::level_zero::{self, LevelZeroBackend, LevelZeroOptions};
use crate::runtime::opencl::{self, OpenClBackend, OpenClOptions};
use crate::runtime::select::{absent, open_explained, OpenOptions};
use crate::runtime::settings::{KernelFormat, Settings};
use crate::runtime::sim::{SimBackend, SimOptions};
use std::fmt;
use std::sync::Arc;

/// How a pool opens its devices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolOptions {
    /// The root devices to open (`all`, `all-gpu`, or a list).
    pub devices: DeviceSelection,
    /// Exact tile count of every root device (None: each device's own partition).
    pub tiles: Option<usize>,
    /// OpenCL's kernel format; refused when the pool opens a device of another backend.
    pub kernel_format: Option<KernelFormat>,
    /// How cpu-sim devices are simulated (its `tiles` is replaced by [`PoolOptions::tiles`]
    /// when that is set).
    pub sim: SimOptions,
    /// Record every launch in each device's profiler.
    pub profile: bool,
}

impl PoolOptions {
    /// The options of `devices` with the other `XEHE_*` settings (`XEHE_TILES`,
    /// `XEHE_KERNEL_FORMAT`, `XEHE_PROFILE`, `XEHE_SIM_RACE`).
    pub fn with_env(devices: DeviceSelection) -> RuntimeResult<Self> {
        let s = Settings::global()?;
        Ok(PoolOptions {
            devices,
            tiles: s.tiles,
            kernel_format: s.kernel_format,
            sim: SimOptions::from_env(),
            profile: s.profile,
        })
    }
}

/// One root device of a pool.
#[derive(Clone)]
pub struct PoolDevice {
    /// Its id in the pool (what names it in errors and reports).
    pub id: DeviceId,
    /// The opened device.
    pub backend: Arc<dyn Backend>,
}

/// One tile of a pool: a root device's tile with its in-order queue.
#[derive(Clone)]
pub struct PoolTile {
    /// The root device.
    pub device: DeviceId,
    /// The root device's backend.
    pub backend: Arc<dyn Backend>,
    /// The tile's index on its root device.
    pub tile: usize,
}

impl fmt::Display for PoolTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({}) tile {}",
            self.device,
            self.backend.device_name(),
            self.tile
        )
    }
}

impl fmt::Debug for PoolTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PoolTile({self})")
    }
}

/// Root devices opened together, and their tiles in device order.
///
/// ```
/// use xehe::runtime::pool::{DevicePool, DeviceSelection, PoolOptions};
/// use xehe::runtime::sim::SimOptions;
/// // Two simulated root devices of two tiles each.
/// let pool = DevicePool::open(&PoolOptions {
///     devices: DeviceSelection::parse("cpu-sim:0,cpu-sim:1")?,
///     tiles: Some(2),
///     kernel_format: None,
///     sim: SimOptions::default(),
///     profile: false,
/// })?;
/// assert_eq!((pool.devices().len(), pool.tiles().len()), (2, 4));
/// assert_eq!(pool.tiles()[3].to_string().split(' ').next(), Some("cpu-sim:1"));
/// # Ok::<(), xehe::runtime::RuntimeError>(())
/// ```
#[derive(Clone)]
pub struct DevicePool {
    devices: Vec<PoolDevice>,
    tiles: Vec<PoolTile>,
    fallbacks: Vec<String>,
}

impl fmt::Debug for DevicePool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<String> = self.devices.iter().map(|d| d.id.to_string()).collect();
        write!(
            f,
            "DevicePool({}; {} tiles)",
            ids.join(","),
            self.tiles.len()
        )
    }
}

impl DevicePool {
    /// Opens every root device `options.devices` names, or finds, each split into its tiles.
    pub fn open(options: &PoolOptions) -> RuntimeResult<Self> {
        // The same validation as a single device's opening: a malformed setting stops here.
        Settings::global()?;
        let ids = resolve(&options.devices)?;
        if let Some(f) = options.kernel_format {
            if let Some(other) = ids.iter().find(|d| !takes_format(d.backend, f)) {
                return Err(RuntimeError::Unavailable {
                    what: format!("kernel format {}", f.name()),
                    device: other.to_string(),
                    why: "the kernel format is an OpenCL choice (Level Zero takes SPIR-V only, \
                          cpu-sim runs the Rust kernel bodies)"
                        .into(),
                });
            }
        }
        let devices = ids
            .into_iter()
            .map(|id| open_one(id, options).map(|backend| PoolDevice { id, backend }))
            .collect::<RuntimeResult<Vec<_>>>()?;
        Self::from_devices(devices)
    }

    /// The pool the environment asks for: `XEHE_DEVICES` when it is set, else the one device
    /// [`crate::runtime::open_from_env`] opens (`XEHE_BACKEND`, `XEHE_DEVICE`), as a pool of
    /// one root device. Setting `XEHE_DEVICES` beside either of those is refused.
    pub fn from_env() -> RuntimeResult<Self> {
        let s = Settings::global()?;
        match &s.devices {
            Some(selection) => {
                if s.backend.is_some() || s.device.is_some() {
                    return Err(ConfigError::BadSetting {
                        name: "XEHE_DEVICES",
                        value: selection.to_string(),
                        expected: "XEHE_DEVICES alone: it names the backends and devices \
                                   itself, so XEHE_BACKEND and XEHE_DEVICE must be unset"
                            .into(),
                    }
                    .into());
                }
                Self::open(&PoolOptions::with_env(selection.clone())?)
            }
            None => Self::single(&OpenOptions::from_env()?),
        }
    }

    /// The one device `options` opens ([`crate::runtime::open_explained`]), as a pool.
    pub fn single(options: &OpenOptions) -> RuntimeResult<Self> {
        let opened = open_explained(options)?;
        let id = DeviceId {
            backend: opened.backend.kind(),
            index: options.device.unwrap_or(0),
        };
        let mut pool = Self::from_devices(vec![PoolDevice {
            id,
            backend: opened.backend,
        }])?;
        pool.fallbacks = opened.fallbacks;
        Ok(pool)
    }

    /// A pool of devices opened by the caller (a device with options of its own, a simulated
    /// device with a memory limit). Each root device at most once, at least one.
    pub fn from_devices(devices: Vec<PoolDevice>) -> RuntimeResult<Self> {
        if devices.is_empty() {
            return Err(ConfigError::BadDeviceList {
                given: String::new(),
                problem: "a pool needs at least one device".into(),
            }
            .into());
        }
        for (i, d) in devices.iter().enumerate() {
            if devices[..i].iter().any(|e| e.id == d.id) {
                return Err(ConfigError::BadDeviceList {
                    given: d.id.to_string(),
                    problem: format!("{} is in the pool twice", d.id),
                }
                .into());
            }
        }
        let tiles = devices
            .iter()
            .flat_map(|d| {
                (0..d.backend.tile_count()).map(|tile| PoolTile {
                    device: d.id,
                    backend: d.backend.clone(),
                    tile,
                })
            })
            .collect();
        Ok(DevicePool {
            devices,
            tiles,
            fallbacks: Vec::new(),
        })
    }

    /// The root devices, in the order they were named (found).
    pub fn devices(&self) -> &[PoolDevice] {
        &self.devices
    }

    /// Every tile of every root device, device by device.
    pub fn tiles(&self) -> &[PoolTile] {
        &self.tiles
    }

    /// What `auto` fell back from to open a pool's single device, one line each.
    pub fn fallbacks(&self) -> &[String] {
        &self.fallbacks
    }

    /// Blocks until every tile has finished its work; the first failure is the answer, after
    /// every tile was waited for.
    pub fn wait(&self) -> RuntimeResult<()> {
        let mut first = Ok(());
        for t in &self.tiles {
            let r = t.backend.wait(t.tile);
            if first.is_ok() {
                first = r;
            }
        }
        first
    }
}

/// Whether a device of `backend` can take kernel format `f`, as a single device's opening
/// ([`open_explained`]) decides: OpenCL any, Level Zero SPIR-V (all it takes), cpu-sim none.
fn takes_format(backend: BackendKind, f: KernelFormat) -> bool {
    match backend {
        BackendKind::OpenCl => true,
        BackendKind::LevelZero => f == KernelFormat::SpirV,
        BackendKind::CpuSim => false,
    }
}

/// A discovery's answer, unless it failed for another reason than its API being absent (no
/// loader, no driver): that failure stops the pool, as it stops a single device's opening
/// under `auto` ([`open_explained`]).
fn unless_failed<T>(found: RuntimeResult<T>) -> RuntimeResult<RuntimeResult<T>> {
    match found {
        Err(e) if !absent(&e) => Err(e),
        found => Ok(found),
    }
}

/// The root devices a selection names, `all` and `all-gpu` found by discovery.
fn resolve(selection: &DeviceSelection) -> RuntimeResult<Vec<DeviceId>> {
    let gpus_only = match selection {
        DeviceSelection::List(ids) => return Ok(ids.clone()),
        DeviceSelection::All => false,
        DeviceSelection::AllGpu => true,
    };
    let ze = unless_failed(level_zero::discover::root_devices())?;
    let cl = opencl::discover::root_devices();
    let mut ids = Vec::new();
    let mut ze_uuids = Vec::new();
    if let Ok(devs) = &ze {
        for d in devs {
            ze_uuids.push(d.listed.uuid);
            ids.push(DeviceId {
                backend: BackendKind::LevelZero,
                index: d.index,
            });
        }
    }
    if let Ok(devs) = &cl {
        for d in devs {
            // Intel's compute runtime shows each GPU through both APIs, with one UUID: it
            // is opened once, through Level Zero.
            let seen = d.uuid.is_some_and(|u| ze_uuids.contains(&u));
            if !seen && (!gpus_only || d.device_type == "GPU") {
                ids.push(DeviceId {
                    backend: BackendKind::OpenCl,
                    index: d.index,
                });
            }
        }
    }
    if ids.is_empty() {
        let why = |r: &RuntimeResult<usize>, what: &str| match r {
            Ok(_) => format!("no {what}"),
            Err(e) => e.to_string(),
        };
        let cl_what = if gpus_only { "GPU" } else { "device" };
        return Err(RuntimeError::NoDevices {
            selection: selection.to_string(),
            why: format!(
                "Level Zero: {}; OpenCL: {}",
                why(&ze.map(|d| d.len()), "GPU"),
                why(&cl.map(|d| d.len()), cl_what)
            ),
        });
    }
    Ok(ids)
}

/// Opens one root device of a pool.
fn open_one(id: DeviceId, options: &PoolOptions) -> RuntimeResult<Arc<dyn Backend>> {
    Ok(match id.backend {
        BackendKind::CpuSim => {
            let mut sim = options.sim.clone();
            sim.tiles = options.tiles.unwrap_or(sim.tiles);
            sim.profile |= options.profile;
            Arc::new(SimBackend::new(sim)?)
        }
        BackendKind::OpenCl => Arc::new(OpenClBackend::open(&OpenClOptions {
            device: id.index,
            tiles: options.tiles,
            kernel_format: options.kernel_format,
            profile: options.profile,
        })?),
        BackendKind::LevelZero => Arc::new(LevelZeroBackend::open(&LevelZeroOptions {
            device: id.index,
            tiles: options.tiles,
            profile: options.profile,
            ..Default::default()
        })?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::error::DriverApi;

    #[test]
    fn a_discovery_that_fails_stops_the_pool_and_an_absent_api_does_not() {
        let failed = RuntimeError::Driver {
            api: DriverApi::LevelZero,
            call: "zeDeviceGet",
            code: 0x7800_0001,
            name: "ZE_RESULT_ERROR_UNINITIALIZED".into(),
        };
        assert_eq!(unless_failed::<()>(Err(failed.clone())), Err(failed));
        let absent = RuntimeError::NoLevelZero("no loader".into());
        assert_eq!(unless_failed::<()>(Err(absent.clone())), Ok(Err(absent)));
        assert_eq!(unless_failed(Ok(3)), Ok(Ok(3)));
    }

    #[test]
    fn kernel_formats_are_refused_as_a_single_device_refuses_them() {
        use BackendKind::*;
        use KernelFormat::*;
        let takes: Vec<bool> = [(OpenCl, SpirV), (OpenCl, OpenClC), (LevelZero, SpirV)]
            .into_iter()
            .map(|(b, f)| takes_format(b, f))
            .collect();
        assert_eq!(takes, [true, true, true]);
        assert!(!takes_format(LevelZero, OpenClC));
        assert!(!takes_format(CpuSim, SpirV) && !takes_format(CpuSim, OpenClC));
        // Opening: Level Zero with SPIR-V gets past the format (to open or to say why not).
        let open = |f: KernelFormat| {
            DevicePool::open(&PoolOptions {
                devices: DeviceSelection::parse("level-zero:0").unwrap(),
                tiles: None,
                kernel_format: Some(f),
                sim: SimOptions::default(),
                profile: false,
            })
        };
        let refused_format = |r: &RuntimeResult<DevicePool>| matches!(r, Err(RuntimeError::Unavailable { what, .. }) if what.contains("kernel format"));
        assert!(!refused_format(&open(SpirV)));
        assert!(refused_format(&open(OpenClC)));
    }
}
