//! The device report behind `xehe devices`: every backend, its platforms, root devices and tiles.

use super::level_zero::discover::{self as ze_discover, ZeDeviceInfo};
use super::ntt::NttPlan;
use super::opencl::discover::{self, ClDeviceInfo};
use super::opencl::{OpenClBackend, OpenClOptions};
pub use super::select::parse_tiles;
use super::sim::SimOptions;
use super::Backend;
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

fn ntt_choices(limits: &super::DeviceLimits) -> Result<Vec<NttChoice>, String> {
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

/// Gathers the report; `tiles` is the tile count override (`XEHE_TILES`), if any.
pub fn report(tiles: Option<usize>) -> DeviceReport {
    let sim = SimOptions::default();
    let opencl = discover::root_devices()
        .map(|devs| {
            devs.into_iter()
                .map(|info| {
                    let tiles = OpenClBackend::open(&OpenClOptions {
                        device: info.index,
                        tiles,
                        kernel_format: None,
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
    }
}
