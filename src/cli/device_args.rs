//! `--backend`, `--device` and `--devices`, shared by every command that runs on a device. An
//! explicit flag beats the `XEHE_*` environment, which beats `auto`; what cannot be honoured is
//! refused, and every fallback `auto` takes is said on stderr.

use super::error::UsageError;
use clap::{Args, ValueEnum};
use std::sync::Arc;
use xehe::runtime::pool::{DevicePool, DeviceSelection, PoolOptions};
use xehe::runtime::settings::Settings;
use xehe::runtime::{open_explained, Backend, BackendChoice, OpenOptions};

/// The backends `--backend` names (the same words as `XEHE_BACKEND`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BackendArg {
    /// The first Level Zero GPU, else the first OpenCL device (GPUs first), else cpu-sim.
    Auto,
    /// The CPU simulation of the kernels (always available).
    CpuSim,
    Opencl,
    LevelZero,
    /// No device: the host evaluator (`xehe eval` only).
    Host,
}

/// `--backend`'s value, refused in one line that names every accepted one.
fn parse_backend(s: &str) -> Result<BackendArg, String> {
    BackendArg::from_str(s, false).map_err(|_| {
        let names: Vec<String> = BackendArg::value_variants()
            .iter()
            .filter_map(|v| v.to_possible_value().map(|p| p.get_name().to_string()))
            .collect();
        format!("expected one of {}", names.join(", "))
    })
}

impl BackendArg {
    /// The runtime's choice; `host` opens no device, so it is refused where one is needed.
    fn choice(self) -> Result<BackendChoice, UsageError> {
        Ok(match self {
            BackendArg::Auto => BackendChoice::Auto,
            BackendArg::CpuSim => BackendChoice::CpuSim,
            BackendArg::Opencl => BackendChoice::OpenCl,
            BackendArg::LevelZero => BackendChoice::LevelZero,
            BackendArg::Host => {
                return Err(UsageError(
                    "--backend host opens no device: only `xehe eval` evaluates on the host".into(),
                ))
            }
        })
    }
}

#[derive(Args, Clone, Debug, Default)]
pub struct DeviceArgs {
    /// The backend: auto, cpu-sim, opencl, level-zero (and host for `xehe eval`). Default:
    /// XEHE_BACKEND, else auto.
    #[arg(long, value_parser = parse_backend)]
    pub backend: Option<BackendArg>,
    /// Root device index within the backend. Default: XEHE_DEVICE, else 0. An index the chosen
    /// backend lacks is an error, never a fallback.
    #[arg(long)]
    pub device: Option<usize>,
    /// The root devices of the device pool: all, all-gpu, or a list such as
    /// opencl:0,opencl:1,level-zero:0 (cpu-sim:N names simulated devices). Default:
    /// XEHE_DEVICES, else the one device --backend and --device choose. A command that runs on
    /// one device takes a selection of one.
    #[arg(long, value_parser = parse_devices, conflicts_with_all = ["backend", "device"])]
    pub devices: Option<DeviceSelection>,
}

/// `--devices`'s value, refused in one line.
fn parse_devices(s: &str) -> Result<DeviceSelection, String> {
    DeviceSelection::parse(s).map_err(|e| e.to_string())
}

fn usage(e: impl std::fmt::Display) -> UsageError {
    UsageError(e.to_string())
}

impl DeviceArgs {
    /// Opens the backend these flags and the environment choose, profiling as `XEHE_PROFILE`
    /// says.
    pub fn open(&self) -> Result<Arc<dyn Backend>, UsageError> {
        self.open_with(None, false)
    }

    /// [`DeviceArgs::open`] with profiling on: for the commands that report device times.
    pub fn open_profiled(&self) -> Result<Arc<dyn Backend>, UsageError> {
        self.open_with(None, true)
    }

    /// [`DeviceArgs::open`] with an exact tile count when `tiles` is given (beating
    /// `XEHE_TILES`), and profiling on when `profile` (else as `XEHE_PROFILE` says).
    pub fn open_with(
        &self,
        tiles: Option<usize>,
        profile: bool,
    ) -> Result<Arc<dyn Backend>, UsageError> {
        if let Some(selection) = self.selection()? {
            let mut options = PoolOptions::with_env(selection.clone()).map_err(usage)?;
            options.profile |= profile;
            options.tiles = tiles.or(options.tiles);
            let pool = DevicePool::open(&options).map_err(usage)?;
            return match pool.devices() {
                [one] => Ok(one.backend.clone()),
                several => {
                    let ids: Vec<String> = several.iter().map(|d| d.id.to_string()).collect();
                    Err(UsageError(format!(
                        "this command runs on one root device, and the device selection {selection} names {} ({}): name one",
                        several.len(),
                        ids.join(", ")
                    )))
                }
            };
        }
        let mut options = OpenOptions::from_env().map_err(|e| UsageError(e.to_string()))?;
        options.profile |= profile;
        if let Some(b) = self.backend {
            options.backend = b.choice()?;
        }
        if let Some(d) = self.device {
            options.device = Some(d);
        }
        if tiles.is_some() {
            options.tiles = tiles;
        }
        let opened = open_explained(&options).map_err(|e| UsageError(e.to_string()))?;
        for line in &opened.fallbacks {
            eprintln!("xehe: {line}");
        }
        Ok(opened.backend)
    }
}

impl DeviceArgs {
    /// The device selection that applies: `--devices`, else `XEHE_DEVICES` unless `--backend`
    /// or `--device` was given (they beat the environment); None: a single device as
    /// `--backend` and `--device` choose. `XEHE_DEVICES` beside `XEHE_BACKEND` or
    /// `XEHE_DEVICE` is refused.
    fn selection(&self) -> Result<Option<DeviceSelection>, UsageError> {
        if self.devices.is_some() {
            return Ok(self.devices.clone());
        }
        if self.backend.is_some() || self.device.is_some() {
            return Ok(None);
        }
        let s = Settings::global().map_err(usage)?;
        if s.devices.is_some() && (s.backend.is_some() || s.device.is_some()) {
            return Err(UsageError(
                "XEHE_DEVICES names the backends and devices itself: unset XEHE_BACKEND and XEHE_DEVICE"
                    .into(),
            ));
        }
        Ok(s.devices.clone())
    }

    /// The device pool these flags and the environment choose: the selection's root devices
    /// with their tiles, or the one device `--backend` and `--device` open. Profiling as
    /// `profile` says (else as `XEHE_PROFILE` says).
    pub fn open_pool(&self, profile: bool) -> Result<DevicePool, UsageError> {
        let pool = match self.selection()? {
            Some(selection) => {
                let mut options = PoolOptions::with_env(selection).map_err(usage)?;
                options.profile |= profile;
                DevicePool::open(&options).map_err(usage)?
            }
            None => {
                let mut options = OpenOptions::from_env().map_err(usage)?;
                options.profile |= profile;
                if let Some(b) = self.backend {
                    options.backend = b.choice()?;
                }
                if let Some(d) = self.device {
                    options.device = Some(d);
                }
                DevicePool::single(&options).map_err(usage)?
            }
        };
        for line in pool.fallbacks() {
            eprintln!("xehe: {line}");
        }
        Ok(pool)
    }
}
