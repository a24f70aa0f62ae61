//! The device report behind `xehe devices`: every backend, its platforms, root devices and tiles.

use crate::device_ops::ntt::NttPlan;
use crate::runtime::level_zero::discover::{self as ze_discover, ZeDeviceInfo};
use crate::runtime::opencl::discover::{self, ClDeviceInfo};
use crate::runtime::opencl::{OpenClBackend, OpenClOptions};
use crate::runtime::pool::{DeviceId, DevicePool, DeviceSelection, PoolOptions};
pub use crate::runtime::settings::parse_tiles;
use crate::runtime::settings::Settings;
use crate::runtime::sim::SimOptions;
use crate::runtime::Backend;
use serde::Serialize;

/// One OpenCL root device with its tiles as xehe would open it.
#[derive(Clone, Debug, Serialize)]
pub struct OpenClDeviceReport {
    #[serde(flatten)]
    pub info: ClDeviceInfo,
    /// Tiles the backend opens (or why it cannot).
    pub tiles: Result<usize, String>,
    /// The NTT plans chosen automatically for this device at reference shapes (or why none).
    pub ntt: Result<Vec<NttChoice>, String>,
}

/// An automatic NTT plan at one shape.
#[derive(Clone, Debug, Serialize)]
pub struct NttChoice {
    pub degree: usize,
    /// Polynomial components (polynomials × moduli) in the batch.
    pub components: usize,
    pub plan: NttPlan,
}

/// The shapes `xehe devices` shows the automatic NTT plan for: a large batch, a single
/// polynomial, and N = 2^12 (one block).
pub const NTT_REFERENCE_SHAPES: [(usize, usize); 3] = [(1 << 16, 64), (1 << 16, 1), (1 << 12, 256)];

fn ntt_choices(limits: &crate::runtime::DeviceLimits) -> Result<Vec<NttChoice>, String> {
    NTT_REFERENCE_SHAPES
        .iter()
        .map(|&(degree, components)| {
            NttPlan::choose(limits, degree, components)
                .map(|plan| NttChoice {
                    degree,
                    components,
                    plan,
                })
                .map_err(|e| e.to_string())
        })
        .collect()
}

/// What `xehe devices` prints.
#[derive(Clone, Debug, Serialize)]
pub struct DeviceReport {
    pub cpu_sim: CpuSimReport,
    /// The Level Zero GPU root devices with their tiles, or why there are none.
    pub level_zero: Result<Vec<LevelZeroDeviceReport>, String>,
    /// The OpenCL devices, or why there are none.
    pub opencl: Result<Vec<OpenClDeviceReport>, String>,
    /// The backend `--backend auto` would open.
    pub auto: String,
    /// What the device pool would open.
    pub pool: PoolReport,
}

/// The root devices and tiles a device pool opens for a selection.
#[derive(Clone, Debug, Serialize)]
pub struct PoolReport {
    /// `all`, `all-gpu`, a list, or `default` (the one device `--backend` / `XEHE_BACKEND`
    /// open).
    pub selection: String,
    /// The devices with their tiles, or why the pool cannot open.
    pub devices: Result<Vec<PoolDeviceReport>, String>,
}

/// One root device of a pool.
#[derive(Clone, Debug, Serialize)]
pub struct PoolDeviceReport {
    pub device: DeviceId,
    pub name: String,
    pub tiles: usize,
}

/// What the pool of `selection` (None: `XEHE_DEVICES`, else the default device) opens, found
/// by opening it.
pub fn pool_report(selection: Option<DeviceSelection>) -> PoolReport {
    let from_env = Settings::global().ok().and_then(|s| s.devices.clone());
    let name = selection
        .as_ref()
        .or(from_env.as_ref())
        .map_or("default".to_string(), |s| s.to_string());
    let pool = match selection {
        Some(s) => PoolOptions::with_env(s).and_then(|o| DevicePool::open(&o)),
        None => DevicePool::from_env(),
    };
    PoolReport {
        selection: name,
        devices: pool
            .map(|p| {
                p.devices()
                    .iter()
                    .map(|d| PoolDeviceReport {
                        device: d.id,
                        name: d.backend.device_name(),
                        tiles: d.backend.tile_count(),
                    })
                    .collect()
            })
            .map_err(|e| e.to_string()),
    }
}

/// A Level Zero root device and its tiles (sub-devices, or the device itself).
#[derive(Clone, Debug, Serialize)]
pub struct LevelZeroDeviceReport {
    pub info: ZeDeviceInfo,
    pub tiles: Result<Vec<ZeDeviceInfo>, String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct CpuSimReport {
    pub threads: usize,
    pub sub_group_size: usize,
    pub tiles: usize,
}

/// Gathers the report; `tiles` is the tile count override (`XEHE_TILES`), if any, and
/// `selection` the device pool's (None: `XEHE_DEVICES`, else the default device).
pub fn report(tiles: Option<usize>, selection: Option<DeviceSelection>) -> DeviceReport {
    let sim = SimOptions::default();
    let opencl = discover::root_devices()
        .map(|devs| {
            devs.into_iter()
                .map(|info| {
                    let tiles = OpenClBackend::open(&OpenClOptions {
                        device: info.index,
                        tiles,
                        kernel_format: None,
                        profile: false,
                    })
                    .map(|b| b.tile_count())
                    .map_err(|e| e.to_string());
                    let ntt = ntt_choices(&info.limits());
                    OpenClDeviceReport { info, tiles, ntt }
                })
                .collect::<Vec<_>>()
        })
        .map_err(|e| e.to_string());
    let level_zero = ze_discover::root_devices()
        .map(|devs| {
            devs.into_iter()
                .map(|info| LevelZeroDeviceReport {
                    tiles: ze_discover::tile_devices(&info).map_err(|e| e.to_string()),
                    info,
                })
                .collect::<Vec<_>>()
        })
        .map_err(|e| e.to_string());
    let auto = match (&level_zero, &opencl) {
        (Ok(z), _) if !z.is_empty() => format!("level-zero device 0 ({})", z[0].info.name),
        (_, Ok(d)) if !d.is_empty() => format!("opencl device 0 ({})", d[0].info.name),
        _ => "cpu-sim".into(),
    };
    DeviceReport {
        cpu_sim: CpuSimReport {
            threads: sim.threads,
            sub_group_size: sim.sub_group_size,
            tiles: tiles.unwrap_or(1),
        },
        level_zero,
        opencl,
        auto,
        pool: pool_report(selection),
    }
}

/// The version of [`DeviceReport::to_json`]'s schema; it changes only when a field changes
/// meaning or goes away.
pub const DEVICES_SCHEMA: u32 = 1;

fn shuffles_json(s: &crate::runtime::Shuffles) -> serde_json::Value {
    use crate::runtime::Shuffles;
    match s {
        Shuffles::Unavailable(why) => {
            serde_json::json!({"kind": "unavailable", "sizes": [], "why": why})
        }
        Shuffles::SubGroups(sizes) => {
            serde_json::json!({"kind": "sub-groups", "sizes": sizes, "why": null})
        }
        Shuffles::NvidiaPtx => {
            serde_json::json!({"kind": "nvidia-ptx", "sizes": [8, 16, 32], "why": null})
        }
    }
}

/// `{"available": bool, "error": string | null, "devices": [...]}` for one backend.
fn backend_json<T>(
    r: &Result<Vec<T>, String>,
    f: impl Fn(&T) -> serde_json::Value,
) -> serde_json::Value {
    match r {
        Ok(devs) => serde_json::json!({
            "available": !devs.is_empty(),
            "error": null,
            "devices": devs.iter().map(f).collect::<Vec<_>>(),
        }),
        Err(e) => serde_json::json!({"available": false, "error": e, "devices": []}),
    }
}

/// `{"count": n | null, "error": string | null}`.
fn tiles_json(count: Result<usize, &String>) -> serde_json::Value {
    match count {
        Ok(n) => serde_json::json!({"count": n, "error": null}),
        Err(e) => serde_json::json!({"count": null, "error": e}),
    }
}

impl DeviceReport {
    /// The report as `xehe devices --json` prints it, schema [`DEVICES_SCHEMA`]: plain objects
    /// (no Rust enum wrappers), the same words as the text output and the settings.
    ///
    /// ```text
    /// { "schema": 1,
    ///   "auto": "opencl device 0 (…)",
    ///   "cpu_sim": { "available": true, "threads": n, "sub_group_size": n, "tiles": {"count": n, "error": null} },
    ///   "level_zero": { "available": bool, "error": string|null,
    ///                   "devices": [ { "index", "name", "driver", "vendor_id", "device_id",
    ///                                  "compute_units", "max_work_group_size", "local_mem_bytes",
    ///                                  "sub_group_sizes", "tiles": {"count", "error"},
    ///                                  "tile_names": [string] } ] },
    ///   "opencl": { "available": bool, "error": string|null,
    ///               "devices": [ { "index", "name", "platform", "platform_version", "vendor",
    ///                              "device_type", "version", "il_version": string|null,
    ///                              "kernel_format": "spirv"|"opencl-c", "compute_units",
    ///                              "global_mem_bytes", "local_mem_bytes", "max_work_group_size",
    ///                              "sub_group_sizes", "max_sub_groups",
    ///                              "shuffles": {"kind": "sub-groups"|"nvidia-ptx"|"unavailable", "sizes", "why"},
    ///                              "partition_types", "tiles": {"count", "error"},
    ///                              "ntt": [ {"degree", "components", "variant", "inverse_variant",
    ///                                        "local_block", "group_size"} ], "ntt_error" } ] },
    ///   "pool": { "selection": "all"|"all-gpu"|"opencl:0,…"|"default", "error": string|null,
    ///             "tiles": n, "devices": [ {"device": "opencl:0", "backend", "index", "name",
    ///                                       "tiles"} ] } }
    /// ```
    pub fn to_json(&self) -> serde_json::Value {
        let ze = backend_json(&self.level_zero, |d| {
            let i = &d.info;
            let names: Vec<&str> = d
                .tiles
                .as_ref()
                .map(|t| t.iter().map(|s| s.name.as_str()).collect())
                .unwrap_or_default();
            serde_json::json!({
                "index": i.index, "name": i.name, "driver": i.driver,
                "vendor_id": i.vendor_id, "device_id": i.device_id,
                "compute_units": i.compute_units, "max_work_group_size": i.max_group_size,
                "local_mem_bytes": i.local_mem_bytes, "sub_group_sizes": i.sub_group_sizes,
                "tiles": tiles_json(d.tiles.as_ref().map(Vec::len)),
                "tile_names": names,
            })
        });
        let cl = backend_json(&self.opencl, |d| {
            let i = &d.info;
            let (ntt, ntt_error) = match &d.ntt {
                Ok(c) => (
                    c.iter()
                        .map(|c| {
                            serde_json::json!({
                                "degree": c.degree, "components": c.components,
                                "variant": c.plan.variant.name(),
                                "inverse_variant": c.plan.inverse_variant.map(|v| v.name()),
                                "local_block": c.plan.local_block, "group_size": c.plan.group_size,
                            })
                        })
                        .collect::<Vec<_>>(),
                    None,
                ),
                Err(e) => (vec![], Some(e.clone())),
            };
            serde_json::json!({
                "index": i.index, "name": i.name, "platform": i.platform,
                "platform_version": i.platform_version, "vendor": i.vendor,
                "device_type": i.device_type, "version": i.version, "il_version": i.il_version,
                "kernel_format": i.kernel_format.name(), "compute_units": i.compute_units,
                "global_mem_bytes": i.global_mem_bytes, "local_mem_bytes": i.local_mem_bytes,
                "max_work_group_size": i.max_work_group_size,
                "sub_group_sizes": i.sub_group_sizes, "max_sub_groups": i.max_sub_groups,
                "shuffles": shuffles_json(&i.shuffles), "partition_types": i.partition_types,
                "tiles": tiles_json(d.tiles.as_ref().copied()),
                "ntt": ntt, "ntt_error": ntt_error,
            })
        });
        let (pool_devices, pool_error) = match &self.pool.devices {
            Ok(d) => (d.clone(), None),
            Err(e) => (Vec::new(), Some(e.clone())),
        };
        let pool = serde_json::json!({
            "selection": self.pool.selection,
            "error": pool_error,
            "tiles": pool_devices.iter().map(|d| d.tiles).sum::<usize>(),
            "devices": pool_devices.iter().map(|d| serde_json::json!({
                "device": d.device.to_string(), "backend": d.device.backend.name(),
                "index": d.device.index, "name": d.name, "tiles": d.tiles,
            })).collect::<Vec<_>>(),
        });
        serde_json::json!({
            "schema": DEVICES_SCHEMA,
            "auto": self.auto,
            "pool": pool,
            "cpu_sim": {
                "available": true, "threads": self.cpu_sim.threads,
                "sub_group_size": self.cpu_sim.sub_group_size,
                "tiles": {"count": self.cpu_sim.tiles, "error": null},
            },
            "level_zero": ze,
            "opencl": cl,
        })
    }
}
