//! Every `XEHE_*` environment setting, read once per process and validated in one place.
//!
//! | variable | value |
//! | --- | --- |
//! | `XEHE_BACKEND` | `auto`, `cpu-sim`, `opencl`, `level-zero` |
//! | `XEHE_DEVICE` | root device index within the backend |
//! | `XEHE_TILES` | exact tile count, 1 to [`MAX_TILES`] |
//! | `XEHE_KERNEL_FORMAT` | `spirv` or `opencl-c` (OpenCL only) |
//! | `XEHE_NTT_VARIANT` | an [`NttVariant`] name, for every transform |
//! | `XEHE_NTT_BLOCK` | local-memory block of every automatic NTT plan, words: a power of two, 2 to 65536 |
//! | `XEHE_NTT_GROUP` | work-items per group of every automatic NTT plan: a power of two, 1 to 1024 |
//! | `XEHE_SIM_RACE` | `0` or `1`: cpu-sim shuffles work-items to expose races |
//! | `XEHE_ZE_NATIVE_DIR`, `XEHE_ZE_NATIVE_TARGET` | Level Zero native binaries (paths, names) |
//! | `XEHE_ZE_LARGE_GRF` | `0` or `1`: Level Zero builds SPIR-V with the large register file |
//! | `XEHE_PROFILE` | `0` or `1`: record every launch's device times (costs an event per launch) |
//!
//! A setting that is present but malformed is an error of every entry point that reads the
//! settings, before any work starts; the CLI's explicit flags override the environment.

use super::ntt_variant::NttVariant;
use super::opencl::discover::KernelFormat;
use crate::runtime::error::{ConfigError, RuntimeError, RuntimeResult};
use std::path::PathBuf;
use std::sync::OnceLock;

/// Which backend to open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BackendChoice {
    #[default]
    Auto,
    CpuSim,
    OpenCl,
    LevelZero,
}

impl BackendChoice {
    /// Parses `auto`, `cpu-sim`, `opencl`, `level-zero`.
    pub fn parse(s: &str) -> RuntimeResult<Self> {
        match s {
            "auto" => Ok(BackendChoice::Auto),
            "cpu-sim" | "sim" => Ok(BackendChoice::CpuSim),
            "opencl" => Ok(BackendChoice::OpenCl),
            "level-zero" | "ze" => Ok(BackendChoice::LevelZero),
            other => Err(ConfigError::UnknownBackend(other.to_string()).into()),
        }
    }
}

/// Largest tile count anyone may ask for (Data Center GPU Max has 2 per root device; cpu-sim
/// simulates at most this many).
pub const MAX_TILES: usize = 64;

/// The validated `XEHE_*` settings (each `None` when unset).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    pub backend: Option<BackendChoice>,
    pub device: Option<usize>,
    pub tiles: Option<usize>,
    pub kernel_format: Option<KernelFormat>,
    pub ntt_variant: Option<NttVariant>,
    pub ntt_block: Option<usize>,
    pub ntt_group: Option<usize>,
    pub sim_race: bool,
    pub ze_native_dir: Option<PathBuf>,
    pub ze_native_target: Option<String>,
    pub ze_large_grf: bool,
    pub profile: bool,
}

pub(crate) fn bad(name: &'static str, value: &str, expected: &str) -> RuntimeError {
    ConfigError::BadSetting {
        name,
        value: value.to_string(),
        expected: expected.to_string(),
    }
    .into()
}

/// A power of two from `lo` to `hi` (`XEHE_NTT_BLOCK`, `XEHE_NTT_GROUP`).
fn parse_pow2(name: &'static str, v: &str, lo: usize, hi: usize) -> RuntimeResult<usize> {
    match v.trim().parse::<usize>() {
        Ok(k) if k.is_power_of_two() && (lo..=hi).contains(&k) => Ok(k),
        _ => Err(bad(name, v, &format!("a power of two from {lo} to {hi}"))),
    }
}

/// Parses a tile count such as `XEHE_TILES`: 1 to [`MAX_TILES`].
pub fn parse_tiles(s: &str) -> RuntimeResult<usize> {
    match s.trim().parse::<usize>() {
        Ok(k) if (1..=MAX_TILES).contains(&k) => Ok(k),
        _ => Err(ConfigError::InvalidTileCount(s.to_string()).into()),
    }
}

impl Settings {
    /// Parses settings from `lookup` (the environment, or a map in tests).
    ///
    /// ```
    /// use xehe::runtime::settings::Settings;
    /// let s = Settings::parse(|k| (k == "XEHE_DEVICE").then(|| "1".to_string()))?;
    /// assert_eq!(s.device, Some(1));
    /// assert!(Settings::parse(|k| (k == "XEHE_DEVICE").then(|| "abc".to_string())).is_err());
    /// # Ok::<(), xehe::runtime::RuntimeError>(())
    /// ```
    pub fn parse(lookup: impl Fn(&str) -> Option<String>) -> RuntimeResult<Self> {
        let mut s = Settings::default();
        if let Some(v) = lookup("XEHE_BACKEND") {
            s.backend = Some(BackendChoice::parse(&v).map_err(|_| {
                bad(
                    "XEHE_BACKEND",
                    &v,
                    "one of auto, cpu-sim, opencl, level-zero",
                )
            })?);
        }
        if let Some(v) = lookup("XEHE_DEVICE") {
            s.device = Some(
                v.trim()
                    .parse()
                    .map_err(|_| bad("XEHE_DEVICE", &v, "a root device index (0, 1, …)"))?,
            );
        }
        if let Some(v) = lookup("XEHE_TILES") {
            s.tiles = Some(parse_tiles(&v).map_err(|_| {
                bad(
                    "XEHE_TILES",
                    &v,
                    &format!("a tile count from 1 to {MAX_TILES}"),
                )
            })?);
        }
        if let Some(v) = lookup("XEHE_KERNEL_FORMAT") {
            s.kernel_format = Some(
                KernelFormat::parse(&v)
                    .ok_or_else(|| bad("XEHE_KERNEL_FORMAT", &v, "spirv or opencl-c"))?,
            );
        }
        if let Some(v) = lookup("XEHE_NTT_VARIANT") {
            s.ntt_variant = Some(NttVariant::parse(&v).map_err(|_| {
                bad(
                    "XEHE_NTT_VARIANT",
                    &v,
                    &format!("one of {}", NttVariant::ALL.map(|v| v.name()).join(", ")),
                )
            })?);
        }
        if let Some(v) = lookup("XEHE_NTT_BLOCK") {
            s.ntt_block = Some(parse_pow2("XEHE_NTT_BLOCK", &v, 2, 1 << 16)?);
        }
        if let Some(v) = lookup("XEHE_NTT_GROUP") {
            s.ntt_group = Some(parse_pow2("XEHE_NTT_GROUP", &v, 1, 1024)?);
        }
        if let Some(v) = lookup("XEHE_SIM_RACE") {
            s.sim_race = match v.trim() {
                "1" => true,
                "0" | "" => false,
                _ => return Err(bad("XEHE_SIM_RACE", &v, "0 or 1")),
            };
        }
        if let Some(v) = lookup("XEHE_ZE_NATIVE_DIR") {
            if v.is_empty() {
                return Err(bad("XEHE_ZE_NATIVE_DIR", &v, "a directory"));
            }
            s.ze_native_dir = Some(PathBuf::from(v));
        }
        if let Some(v) = lookup("XEHE_ZE_NATIVE_TARGET") {
            if v.trim().is_empty() {
                return Err(bad(
                    "XEHE_ZE_NATIVE_TARGET",
                    &v,
                    "a device name such as pvc",
                ));
            }
            s.ze_native_target = Some(v);
        }
        if let Some(v) = lookup("XEHE_ZE_LARGE_GRF") {
            s.ze_large_grf = match v.trim() {
                "1" => true,
                "0" | "" => false,
                _ => return Err(bad("XEHE_ZE_LARGE_GRF", &v, "0 or 1")),
            };
        }
        if let Some(v) = lookup("XEHE_PROFILE") {
            s.profile = match v.trim() {
                "1" => true,
                "0" | "" => false,
                _ => return Err(bad("XEHE_PROFILE", &v, "0 or 1")),
            };
        }
        Ok(s)
    }

    /// The process environment's settings, read and validated on the first call only; later
    /// changes to the environment are not seen.
    pub fn global() -> RuntimeResult<&'static Settings> {
        static SETTINGS: OnceLock<RuntimeResult<Settings>> = OnceLock::new();
        SETTINGS
            .get_or_init(|| {
                Settings::parse(|k| std::env::var_os(k).map(|v| v.to_string_lossy().into_owned()))
            })
            .as_ref()
            .map_err(Clone::clone)
    }
}
