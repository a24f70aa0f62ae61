//! Choosing and opening a backend: by API, or from `XEHE_BACKEND`, `XEHE_DEVICE`, `XEHE_TILES`,
//! `XEHE_KERNEL_FORMAT`. `auto` takes the first Level Zero GPU, else the first OpenCL GPU, else
//! the first OpenCL device of any kind, else cpu-sim.

use super::level_zero::{LevelZeroBackend, LevelZeroOptions};
use super::opencl::discover::KernelFormat;
use super::opencl::{OpenClBackend, OpenClOptions};
use super::sim::{SimBackend, SimOptions};
use super::{Backend, RuntimeError, RuntimeResult};
use std::sync::Arc;

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
            other => Err(RuntimeError::UnknownBackend(other.to_string())),
        }
    }
}

/// Everything that decides which device opens and how.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpenOptions {
    pub backend: BackendChoice,
    /// Root device index within the backend.
    pub device: usize,
    /// Exact tile count (None: the device's own partition).
    pub tiles: Option<usize>,
    pub kernel_format: Option<KernelFormat>,
    pub sim: SimOptions,
}

/// Parses a tile count such as `XEHE_TILES`.
pub fn parse_tiles(s: &str) -> RuntimeResult<usize> {
    match s.trim().parse::<usize>() {
        Ok(k) if k > 0 => Ok(k),
        _ => Err(RuntimeError::InvalidTileCount(s.to_string())),
    }
}

impl OpenOptions {
    /// Defaults overridden by the `XEHE_*` environment variables.
    pub fn from_env() -> RuntimeResult<Self> {
        let mut o = OpenOptions {
            sim: SimOptions::from_env(),
            ..Default::default()
        };
        if let Ok(b) = std::env::var("XEHE_BACKEND") {
            o.backend = BackendChoice::parse(&b)?;
        }
        if let Ok(d) = std::env::var("XEHE_DEVICE") {
            o.device = d.trim().parse().map_err(|_| RuntimeError::NoSuchDevice {
                backend: "any",
                index: usize::MAX,
                available: 0,
            })?;
        }
        if let Ok(t) = std::env::var("XEHE_TILES") {
            o.tiles = Some(parse_tiles(&t)?);
        }
        if let Ok(f) = std::env::var("XEHE_KERNEL_FORMAT") {
            o.kernel_format =
                Some(
                    KernelFormat::parse(&f).ok_or_else(|| RuntimeError::BadLaunch {
                        kernel: "*",
                        problem: format!("XEHE_KERNEL_FORMAT={f:?}: expected spirv or source"),
                    })?,
                );
        }
        Ok(o)
    }
}

/// Opens the backend `options` describe.
///
/// ```
/// use xehe::runtime::{open, BackendChoice, OpenOptions};
/// let b = open(&OpenOptions { backend: BackendChoice::CpuSim, tiles: Some(2), ..Default::default() })?;
/// assert_eq!(b.tile_count(), 2);
/// # Ok::<(), xehe::runtime::RuntimeError>(())
/// ```
pub fn open(options: &OpenOptions) -> RuntimeResult<Arc<dyn Backend>> {
    let sim = || -> RuntimeResult<Arc<dyn Backend>> {
        let mut s = options.sim.clone();
        s.tiles = options.tiles.unwrap_or(s.tiles);
        Ok(Arc::new(SimBackend::new(s)?))
    };
    let cl = OpenClOptions {
        device: options.device,
        tiles: options.tiles,
        kernel_format: options.kernel_format,
    };
    let ze = LevelZeroOptions {
        device: options.device,
        tiles: options.tiles,
        native_dir: None,
        native_target: None,
    };
    let opencl_or_sim = || match OpenClBackend::open(&cl) {
        Ok(b) => Ok(Arc::new(b) as Arc<dyn Backend>),
        Err(RuntimeError::NoOpenCl(_)) | Err(RuntimeError::NoSuchDevice { .. }) => sim(),
        Err(e) => Err(e),
    };
    match options.backend {
        BackendChoice::CpuSim => sim(),
        BackendChoice::OpenCl => Ok(Arc::new(OpenClBackend::open(&cl)?)),
        BackendChoice::LevelZero => Ok(Arc::new(LevelZeroBackend::open(&ze)?)),
        BackendChoice::Auto => match LevelZeroBackend::open(&ze) {
            Ok(b) => Ok(Arc::new(b)),
            Err(RuntimeError::NoLevelZero(_)) | Err(RuntimeError::NoSuchDevice { .. }) => {
                opencl_or_sim()
            }
            Err(e) => Err(e),
        },
    }
}

/// [`open`] with [`OpenOptions::from_env`].
pub fn open_from_env() -> RuntimeResult<Arc<dyn Backend>> {
    open(&OpenOptions::from_env()?)
}
