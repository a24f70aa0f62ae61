//! Every `XEHE_*` environment setting, read once per process and validated in one place.
//!
//! | variable | value |
//! | --- | --- |
//! | `XEHE_BACKEND` | `auto`, `cpu-sim`, `opencl`, `level-zero` |
//! | `XEHE_DEVICE` | root device index within the backend |
//! | `XEHE_DEVICES` | the device pool's root devices: `all`, `all-gpu`, or `opencl:0,level-zero:1,…` ([`DeviceSelection`]) |
//! | `XEHE_TILES` | exact tile count, 1 to [`MAX_TILES`] |
//! | `XEHE_KERNEL_FORMAT` | `spirv` or `opencl-c` (OpenCL only) |
//! | `XEHE_NTT_VARIANT` | an [`NttVariant`] name, for every transform |
//! | `XEHE_NTT_BLOCK` | local-memory block of every automatic NTT plan, words: a power of two, 2 to 65536 |
//! | `XEHE_NTT_GROUP` | work-items per group of every automatic NTT plan: a power of two, 1 to 1024 |
//! | `XEHE_SIM_RACE` | `0` or `1`: cpu-sim shuffles work-items to expose races |
//! | `XEHE_ZE_NATIVE_DIR`, `XEHE_ZE_NATIVE_TARGET` | Level Zero native binaries (paths, names) |
//! | `XEHE_ZE_LARGE_GRF` | `0` or `1`: Level Zero builds SPIR-V with the large register file |
//! | `XEHE_PROFILE` | `0` or `1`: record every launch's device times (costs an event per launch) |
//! | `XEHE_KERNEL_CACHE` | `off`, or the directory of built OpenCL programs and Level Zero native binaries (default `$XDG_CACHE_HOME/xehe/kernels`, else `~/.cache/xehe/kernels`) |
//!
//! A setting that is present but malformed is an error of every entry point that reads the
//! settings, before any work starts; the CLI's explicit flags override the environment. An
//! `XEHE_*` variable that nothing reads (a misspelt setting) is named on stderr once per
//! process, with the closest known name.

use super::ntt_variant::NttVariant;
use super::pool::DeviceSelection;
use crate::runtime::error::{ConfigError, RuntimeError, RuntimeResult};
use std::fmt;
use std::path::PathBuf;
use std::sync::OnceLock;

/// How kernels reach a device.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum KernelFormat {
    /// The embedded SPIR-V (`clCreateProgramWithIL`).
    #[serde(rename = "spirv")]
    SpirV,
    /// The embedded OpenCL C source (`clCreateProgramWithSource`): NVIDIA and PoCL ingest no SPIR-V.
    #[serde(rename = "opencl-c")]
    OpenClC,
}

impl KernelFormat {
    pub fn name(self) -> &'static str {
        match self {
            KernelFormat::SpirV => "spirv",
            KernelFormat::OpenClC => "opencl-c",
        }
    }

    /// Parses the names [`KernelFormat::name`] gives, `spirv` and `opencl-c` (the same words in
    /// `XEHE_KERNEL_FORMAT`, `xehe devices` and its JSON).
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "spirv" => Some(KernelFormat::SpirV),
            "opencl-c" => Some(KernelFormat::OpenClC),
            _ => None,
        }
    }
}

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
    pub devices: Option<DeviceSelection>,
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
    pub kernel_cache: Option<KernelCacheSetting>,
}

/// `XEHE_KERNEL_CACHE`: where built OpenCL programs and Level Zero native binaries are kept between processes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KernelCacheSetting {
    /// `off`: every process builds its kernels.
    Off,
    /// This directory (created when missing), on every platform.
    Dir(PathBuf),
}

/// The `XEHE_*` variables the library reads (the settings above).
pub const SETTINGS: &[&str] = &[
    "XEHE_BACKEND",
    "XEHE_DEVICE",
    "XEHE_DEVICES",
    "XEHE_TILES",
    "XEHE_KERNEL_FORMAT",
    "XEHE_NTT_VARIANT",
    "XEHE_NTT_BLOCK",
    "XEHE_NTT_GROUP",
    "XEHE_SIM_RACE",
    "XEHE_ZE_NATIVE_DIR",
    "XEHE_ZE_NATIVE_TARGET",
    "XEHE_ZE_LARGE_GRF",
    "XEHE_PROFILE",
    "XEHE_KERNEL_CACHE",
];

/// `XEHE_*` variables of the project's scripts and tests (ci/, tests/), which the library
/// leaves alone but does not warn about.
const TOOLING: &[&str] = &[
    "XEHE_CACHE_STEP",
    "XEHE_EXPECT_PLATFORMS",
    "XEHE_INTEL_OCL_VENV",
    "XEHE_MISSING_DEPS",
    "XEHE_NEO_PRODUCT",
    "XEHE_SEAL_VENV",
    "XEHE_SKIP_LOG",
    "XEHE_SKIP_OCLOC",
    "XEHE_TEST_CHILD",
];

/// An `XEHE_*` variable that nothing reads, with the known setting closest to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariable {
    pub name: String,
    pub closest: &'static str,
}

impl fmt::Display for UnknownVariable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A likely misspelling is "did you mean"; a name far from every setting only says
        // which is closest.
        let distance = strsim::damerau_levenshtein(&self.name, self.closest);
        if distance <= 2.max(self.name.len() / 4) {
            write!(
                f,
                "xehe: warning: {} is not an xehe setting and is ignored (did you mean {}?)",
                self.name, self.closest
            )
        } else {
            write!(
                f,
                "xehe: warning: {} is not an xehe setting and is ignored (the closest is {})",
                self.name, self.closest
            )
        }
    }
}

/// The variables among `names` (an environment's) that start with `XEHE_` and that neither
/// the library nor the project's tooling reads, in the order given.
///
/// ```
/// use xehe::runtime::settings::unknown_variables;
/// let unknown = unknown_variables(["PATH", "XEHE_BAKEND", "XEHE_BACKEND"]);
/// assert_eq!(unknown.len(), 1);
/// assert_eq!((unknown[0].name.as_str(), unknown[0].closest), ("XEHE_BAKEND", "XEHE_BACKEND"));
/// ```
pub fn unknown_variables<S: AsRef<str>>(
    names: impl IntoIterator<Item = S>,
) -> Vec<UnknownVariable> {
    names
        .into_iter()
        .filter_map(|n| {
            let name = n.as_ref();
            if !name.starts_with("XEHE_") || SETTINGS.contains(&name) || TOOLING.contains(&name) {
                return None;
            }
            let closest = SETTINGS
                .iter()
                .min_by_key(|k| strsim::damerau_levenshtein(name, k))
                .copied()
                .unwrap_or(SETTINGS[0]);
            Some(UnknownVariable {
                name: name.to_string(),
                closest,
            })
        })
        .collect()
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
        if let Some(v) = lookup("XEHE_DEVICES") {
            s.devices = Some(DeviceSelection::parse(&v).map_err(|e| {
                let problem = match e {
                    RuntimeError::Config(ConfigError::BadDeviceList { problem, .. }) => problem,
                    other => other.to_string(),
                };
                bad(
                    "XEHE_DEVICES",
                    &v,
                    &format!(
                        "all, all-gpu, or BACKEND:INDEX entries separated by commas such as \
                         opencl:0,opencl:1,level-zero:0 ({problem})"
                    ),
                )
            })?);
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
        if let Some(v) = lookup("XEHE_KERNEL_CACHE") {
            s.kernel_cache = Some(match v.as_str() {
                "off" => KernelCacheSetting::Off,
                "" => return Err(bad("XEHE_KERNEL_CACHE", &v, "a directory, or off")),
                dir => KernelCacheSetting::Dir(PathBuf::from(dir)),
            });
        }
        Ok(s)
    }

    /// The process environment's settings, read and validated on the first call only; later
    /// changes to the environment are not seen. That first call also names on stderr every
    /// `XEHE_*` variable nothing reads ([`unknown_variables`]).
    pub fn global() -> RuntimeResult<&'static Settings> {
        static SETTINGS: OnceLock<RuntimeResult<Settings>> = OnceLock::new();
        SETTINGS
            .get_or_init(|| {
                let names = std::env::vars_os().map(|(k, _)| k.to_string_lossy().into_owned());
                for unknown in unknown_variables(names) {
                    eprintln!("{unknown}");
                }
                Settings::parse(|k| std::env::var_os(k).map(|v| v.to_string_lossy().into_owned()))
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The directory of built OpenCL programs and Level Zero native binaries: `XEHE_KERNEL_CACHE` when it names one, else
    /// `$XDG_CACHE_HOME/xehe/kernels`, `~/.cache/xehe/kernels` (or `%LOCALAPPDATA%` on
    /// Windows). None: `off`, or no home to put it in.
    pub fn kernel_cache_dir(&self) -> Option<PathBuf> {
        self.kernel_cache_dir_from(|k| std::env::var_os(k).map(PathBuf::from))
    }

    /// [`Settings::kernel_cache_dir`] with the environment's directories from `lookup`.
    pub fn kernel_cache_dir_from(
        &self,
        lookup: impl Fn(&str) -> Option<PathBuf>,
    ) -> Option<PathBuf> {
        match &self.kernel_cache {
            Some(KernelCacheSetting::Off) => None,
            Some(KernelCacheSetting::Dir(d)) => Some(d.clone()),
            None => {
                // XDG says a relative XDG_CACHE_HOME is to be ignored.
                let base = lookup("XDG_CACHE_HOME")
                    .filter(|p| p.is_absolute())
                    .or_else(|| {
                        lookup("HOME")
                            .filter(|p| p.is_absolute())
                            .map(|h| h.join(".cache"))
                    })
                    .or_else(|| lookup("LOCALAPPDATA").filter(|p| p.is_absolute()))?;
                Some(base.join("xehe").join("kernels"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misspelt_settings_are_named_with_the_closest_known_one() {
        let env = [
            "XEHE_BAKEND",
            "XEHE_BACKEND",
            "HOME",
            "XEHE_KERNELCACHE",
            "XEHE_NTT_VARAINT",
            "XEHE_SKIP_LOG",
            "XEHE_ZZZZZZZZZZZZZZZZZZ",
        ];
        let unknown = unknown_variables(env);
        let named: Vec<(&str, &str)> = unknown
            .iter()
            .map(|u| (u.name.as_str(), u.closest))
            .collect();
        assert_eq!(
            named[..3],
            [
                ("XEHE_BAKEND", "XEHE_BACKEND"),
                ("XEHE_KERNELCACHE", "XEHE_KERNEL_CACHE"),
                ("XEHE_NTT_VARAINT", "XEHE_NTT_VARIANT"),
            ]
        );
        assert_eq!(named.len(), 4, "{named:?}");
        let line = unknown[0].to_string();
        assert!(
            line.contains("XEHE_BAKEND") && line.contains("did you mean XEHE_BACKEND?"),
            "{line}"
        );
        let far = unknown[3].to_string();
        assert!(far.contains("the closest is"), "{far}");
        // Every setting the parser reads is known, and the lookup form parses the new one.
        assert!(unknown_variables(SETTINGS).is_empty());
        let seen = std::sync::Mutex::new(Vec::new());
        Settings::parse(|k| {
            seen.lock().unwrap().push(k.to_string());
            None
        })
        .unwrap();
        let mut seen = seen.into_inner().unwrap();
        seen.sort();
        let mut known = SETTINGS.to_vec();
        known.sort();
        assert_eq!(
            seen, known,
            "SETTINGS lists exactly what Settings::parse reads"
        );
    }

    #[test]
    fn the_kernel_cache_setting_is_off_a_directory_or_the_default() {
        let parse = |v: &str| {
            let v = v.to_string();
            Settings::parse(move |k| (k == "XEHE_KERNEL_CACHE").then(|| v.clone()))
        };
        // Absolute on every platform (a Unix "/home/u" is not absolute on Windows).
        let root = std::env::temp_dir();
        let (home_dir, xdg_dir) = (root.join("home").join("u"), root.join("c"));
        let home = |k: &str| (k == "HOME").then(|| home_dir.clone());
        assert_eq!(parse("off").unwrap().kernel_cache_dir_from(home), None);
        assert_eq!(
            parse("/tmp/k").unwrap().kernel_cache_dir_from(home),
            Some(PathBuf::from("/tmp/k"))
        );
        assert!(parse("").is_err());
        let unset = Settings::default();
        assert_eq!(
            unset.kernel_cache_dir_from(home),
            Some(home_dir.join(".cache").join("xehe").join("kernels"))
        );
        let xdg = |k: &str| match k {
            "XDG_CACHE_HOME" => Some(xdg_dir.clone()),
            "HOME" => Some(home_dir.clone()),
            _ => None,
        };
        assert_eq!(
            unset.kernel_cache_dir_from(xdg),
            Some(xdg_dir.join("xehe").join("kernels"))
        );
        // A relative XDG_CACHE_HOME is ignored; no home at all: no cache.
        let relative = |k: &str| (k == "XDG_CACHE_HOME").then(|| PathBuf::from("rel"));
        assert_eq!(unset.kernel_cache_dir_from(relative), None);
    }
}
