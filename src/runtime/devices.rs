//! The device report behind `xehe devices`: every backend, its platforms, root devices and tiles.

use super::ntt::{default_variant, NttPlan, NttVariant};
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
    /// The NTT plan chosen automatically for this device.
    pub ntt: NttPlan,
}

/// What `xehe devices` prints.
#[derive(Clone, Debug, Serialize)]
pub struct DeviceReport {
    pub cpu_sim: CpuSimReport,
    /// The OpenCL devices, or why there are none.
    pub opencl: Result<Vec<OpenClDeviceReport>, String>,
    /// The backend `--backend auto` would open.
    pub auto: String,
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
    let variant = default_variant().unwrap_or(NttVariant::LocalRadix8);
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
                    let ntt = NttPlan::for_limits(&info.limits(), variant);
                    OpenClDeviceReport { info, tiles, ntt }
                })
                .collect::<Vec<_>>()
        })
        .map_err(|e| e.to_string());
    let auto = match &opencl {
        Ok(d) if !d.is_empty() => format!("opencl device 0 ({})", d[0].info.name),
        _ => "cpu-sim".into(),
    };
    DeviceReport {
        cpu_sim: CpuSimReport {
            threads: sim.threads,
            sub_group_size: sim.sub_group_size,
            tiles: tiles.unwrap_or(1),
        },
        opencl,
        auto,
    }
}
