//! Choosing and opening a backend: by API, or from the `XEHE_*` settings ([`Settings`]).
//! `auto` takes the first Level Zero GPU, else the first OpenCL GPU, else
//! the first OpenCL device of any kind, else cpu-sim.

use super::level_zero::{LevelZeroBackend, LevelZeroOptions};
use super::opencl::{OpenClBackend, OpenClOptions};
use super::settings::{KernelFormat, Settings};
use super::sim::{SimBackend, SimOptions};
use crate::runtime::backend::Backend;
use crate::runtime::error::{RuntimeError, RuntimeResult};
use std::sync::Arc;

pub use super::settings::BackendChoice;

/// Everything that decides which device opens and how.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpenOptions {
    pub backend: BackendChoice,
    /// Root device index within the backend (None: the first). An explicit index is honoured or
    /// refused: `auto` never replaces it with another backend's device.
    pub device: Option<usize>,
    /// Exact tile count (None: the device's own partition).
    pub tiles: Option<usize>,
    /// OpenCL's kernel format (None: SPIR-V where the device takes it, else OpenCL C). Set on a
    /// backend that has no such choice, it is refused.
    pub kernel_format: Option<KernelFormat>,
    pub sim: SimOptions,
    /// Record every launch in the backend's profiler (also `XEHE_PROFILE=1`). Off, launches
    /// ask the driver for no events and the profiler stays empty.
    pub profile: bool,
}

impl OpenOptions {
    /// Defaults overridden by the `XEHE_*` settings ([`Settings::global`]).
    pub fn from_env() -> RuntimeResult<Self> {
        let s = Settings::global()?;
        Ok(OpenOptions {
            backend: s.backend.unwrap_or_default(),
            device: s.device,
            tiles: s.tiles,
            kernel_format: s.kernel_format,
            sim: SimOptions::from_env(),
            profile: s.profile,
        })
    }
}

/// An opened backend with the fallbacks `auto` took to reach it, one line each, for the caller
/// to show (the CLI prints them on stderr).
pub struct Opened {
    pub backend: Arc<dyn Backend>,
    pub fallbacks: Vec<String>,
}

/// A backend that is absent altogether (as opposed to present without the asked-for device).
pub(crate) fn absent(e: &RuntimeError) -> bool {
    matches!(
        e,
        RuntimeError::NoLevelZero(_)
            | RuntimeError::NoOpenCl(_)
            | RuntimeError::NoSuchDevice { available: 0, .. }
    )
}

/// Opens the backend `options` describe.
///
/// ```
/// use xehe::runtime::{open, BackendChoice, OpenOptions};
/// let b = open(&OpenOptions { backend: BackendChoice::CpuSim, tiles: Some(2), ..Default::default() })?;
/// assert_eq!(b.tile_count(), 2);
/// assert!(open(&OpenOptions { backend: BackendChoice::CpuSim, device: Some(1), ..Default::default() }).is_err());
/// # Ok::<(), xehe::runtime::RuntimeError>(())
/// ```
pub fn open(options: &OpenOptions) -> RuntimeResult<Arc<dyn Backend>> {
    open_explained(options).map(|o| o.backend)
}

/// [`open`], also returning the fallbacks `auto` took: no Level Zero, then no OpenCL device.
///
/// The `XEHE_*` settings are validated here too, so a malformed one (an NTT variant, say) stops
/// the program before any work rather than at its first transform.
pub fn open_explained(options: &OpenOptions) -> RuntimeResult<Opened> {
    Settings::global()?;
    let device = options.device.unwrap_or(0);
    let refuse_format = |backend: &str| -> RuntimeResult<()> {
        match options.kernel_format {
            Some(f) if backend == "cpu-sim" || f != KernelFormat::SpirV => {
                Err(RuntimeError::Unavailable {
                    what: format!("kernel format {}", f.name()),
                    device: backend.to_string(),
                    why: "the kernel format is an OpenCL choice (Level Zero takes SPIR-V only, \
                          cpu-sim runs the Rust kernel bodies)"
                        .into(),
                })
            }
            _ => Ok(()),
        }
    };
    let sim = || -> RuntimeResult<Arc<dyn Backend>> {
        refuse_format("cpu-sim")?;
        if device != 0 {
            return Err(RuntimeError::NoSuchDevice {
                backend: "cpu-sim",
                index: device,
                available: 1,
            });
        }
        let mut s = options.sim.clone();
        s.tiles = options.tiles.unwrap_or(s.tiles);
        s.profile |= options.profile;
        Ok(Arc::new(SimBackend::new(s)?))
    };
    let cl = OpenClOptions {
        device,
        tiles: options.tiles,
        kernel_format: options.kernel_format,
        profile: options.profile,
    };
    let ze = LevelZeroOptions {
        device,
        tiles: options.tiles,
        native_dir: None,
        native_target: None,
        large_grf: false,
        profile: options.profile,
    };
    let ze_open = || -> RuntimeResult<Arc<dyn Backend>> {
        if options.kernel_format.is_some() {
            refuse_format("level-zero")?;
        }
        Ok(Arc::new(LevelZeroBackend::open(&ze)?))
    };
    let mut fallbacks = Vec::new();
    let backend = match options.backend {
        BackendChoice::CpuSim => sim()?,
        BackendChoice::OpenCl => Arc::new(OpenClBackend::open(&cl)?),
        BackendChoice::LevelZero => ze_open()?,
        BackendChoice::Auto => match ze_open() {
            Ok(b) => b,
            Err(e) if absent(&e) => {
                fallbacks.push(format!("auto: Level Zero unavailable ({e}); trying OpenCL"));
                match OpenClBackend::open(&cl) {
                    Ok(b) => Arc::new(b),
                    Err(e) if absent(&e) => {
                        fallbacks.push(format!("auto: OpenCL unavailable ({e}); using cpu-sim"));
                        sim()?
                    }
                    Err(e) => return Err(e),
                }
            }
            Err(e) => return Err(e),
        },
    };
    Ok(Opened { backend, fallbacks })
}

/// [`open`] with [`OpenOptions::from_env`].
pub fn open_from_env() -> RuntimeResult<Arc<dyn Backend>> {
    open(&OpenOptions::from_env()?)
}
