//! Errors of the device runtime: one enum for every backend, each variant with what a user needs
//! to act on it.

use super::memcache_error::MemcacheError;
use crate::exec::LaunchError;
use crate::kernels::reflect::ReflectError;
use thiserror::Error;

/// Result alias of the runtime.
pub type RuntimeResult<T> = Result<T, RuntimeError>;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuntimeError {
    /// No OpenCL ICD loader / platform could be found.
    #[error("no OpenCL runtime: {0} (install an OpenCL driver, e.g. Debian's pocl-opencl-icd, or use --backend cpu-sim)")]
    NoOpenCl(String),
    /// No Level Zero loader, driver or GPU.
    #[error("no Level Zero driver: {0} (Intel GPUs need Intel's compute runtime; other backends: --backend opencl or cpu-sim)")]
    NoLevelZero(String),
    /// A call into a driver (OpenCL or Level Zero) failed.
    #[error("{api} call {call} failed with {name} (code {code:#x})")]
    Driver {
        api: DriverApi,
        call: &'static str,
        code: i64,
        name: String,
    },
    /// A setting, name or count the runtime cannot take.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A device index past the end of the backend's device list.
    #[error("device {index} requested but the {backend} backend has {available} device(s)")]
    NoSuchDevice {
        backend: &'static str,
        index: usize,
        available: usize,
    },
    /// A tile index past the end of the device's tiles.
    #[error("tile {index} requested but the device has {available} tile(s)")]
    NoSuchTile { index: usize, available: usize },
    /// An explicit tile count the device cannot be partitioned into.
    #[error("cannot split {device} into {requested} tiles: {reason}")]
    TilePartition {
        device: String,
        requested: usize,
        reason: String,
    },

    /// The driver rejected a kernel module; carries its build log.
    #[error("building kernel module {module} for {device} failed ({format}):\n{log}")]
    KernelBuild {
        module: &'static str,
        device: String,
        format: &'static str,
        log: String,
    },
    /// The shipped SPIR-V disagrees with the Rust declaration of a kernel.
    #[error(transparent)]
    KernelSignature(#[from] ReflectError),
    /// A launch whose arguments do not match the kernel's declaration.
    #[error("kernel {kernel}: {problem}")]
    BadLaunch {
        kernel: &'static str,
        problem: String,
    },
    /// A recording used out of turn (see [`crate::runtime::Recording`]).
    #[error("recording: {0}")]
    Recording(String),
    /// A buffer too small for the requested operation.
    #[error("{what}: buffer holds {available} words, {needed} needed")]
    BufferTooSmall {
        what: String,
        needed: usize,
        available: usize,
    },
    /// A buffer used on a tile other than the one it was allocated on.
    #[error("buffer of tile {buffer_tile} used on tile {tile}")]
    WrongTile { buffer_tile: usize, tile: usize },
    /// A shape (degree, RNS count, polynomial count) that kernels cannot run over.
    #[error("invalid shape: {0}")]
    InvalidShape(String),
    /// Input words that are not reduced modulo their RNS prime.
    #[error("input not reduced: word {index} is {value}, modulus is {modulus}")]
    NotReduced {
        index: usize,
        value: u64,
        modulus: u64,
    },
    /// A simulated kernel body failed (an out-of-range access in a kernel body).
    #[error("cpu-sim: kernel {kernel} faulted: {reason}")]
    SimFault {
        kernel: &'static str,
        reason: String,
    },
    /// Device memory (other than running out of it).
    #[error(transparent)]
    Memory(MemcacheError),
    /// Not enough host or device memory for what was asked, found before allocating where the
    /// sizes are known (and the driver's out-of-memory answers otherwise).
    #[error("out of {place} memory: {what} needs {needed}, {available} available")]
    OutOfMemory {
        place: String,
        what: String,
        needed: String,
        available: String,
    },
    /// A parameter the mathematics rejects (degree, modulus, NTT-unfriendly prime).
    #[error(transparent)]
    Math(#[from] crate::MathError),

    /// A device that stopped answering: every later command on it fails (a GPU reset or hang,
    /// a lost driver; on cpu-sim, [`crate::runtime::sim::SimOptions::lost_after_launches`]).
    #[error("{device} is lost: {reason}")]
    DeviceLost { device: String, reason: String },
    /// A device selection (`XEHE_DEVICES`, `--devices`) that found nothing to open.
    #[error("{selection} found no device: {why}")]
    NoDevices { selection: String, why: String },

    /// Something the device (or the shape asked for) cannot run, e.g. a sub-group variant on a
    /// device without sub-group shuffles.
    #[error("{what} is unavailable on {device}: {why}")]
    Unavailable {
        what: String,
        device: String,
        why: String,
    },
    /// Kernels asked for in a word size they are not built for (the 32-bit tier covers the
    /// forward and inverse NTT so far; see docs/design/word32.md).
    #[error("{what} has no {bits}-bit build (use 64-bit words)")]
    NoWordBuild { what: String, bits: u32 },
    /// A modulus too wide for the word size its tables or data were asked in.
    #[error("modulus {modulus} has {bits} bits: {word_bits}-bit words take primes of at most {max_bits} bits")]
    ModulusTooWide {
        modulus: u64,
        bits: u32,
        word_bits: u32,
        max_bits: u32,
    },
}

/// Which driver API a failed call belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DriverApi {
    OpenCl,
    LevelZero,
}

impl std::fmt::Display for DriverApi {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            DriverApi::OpenCl => "OpenCL",
            DriverApi::LevelZero => "Level Zero",
        })
    }
}

/// Configuration the runtime refuses, before any device work: from the environment, from
/// options or arguments. Each says what was given and what is accepted.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ConfigError {
    /// The requested backend name is unknown.
    #[error("unknown backend {0:?}: expected one of cpu-sim, opencl, level-zero, auto")]
    UnknownBackend(String),
    /// `XEHE_TILES` or a tile count argument that is not an integer from 1 to 64.
    #[error("invalid tile count {0:?}: expected an integer from 1 to 64")]
    InvalidTileCount(String),
    /// An `XEHE_*` environment setting with a value it cannot take.
    #[error("{name}={value:?}: expected {expected}")]
    BadSetting {
        name: &'static str,
        value: String,
        expected: String,
    },
    /// A device list (`XEHE_DEVICES`, `--devices`) that cannot be read.
    #[error("device list {given:?}: {problem} (expected all, all-gpu, or BACKEND:INDEX entries separated by commas, e.g. opencl:0,opencl:1,level-zero:0; backends cpu-sim, opencl, level-zero)")]
    BadDeviceList { given: String, problem: String },
    /// An NTT variant name that does not exist.
    #[error("unknown NTT variant {0:?}: expected one of {1}")]
    UnknownVariant(String, String),
}

impl From<LaunchError> for RuntimeError {
    fn from(e: LaunchError) -> Self {
        RuntimeError::BadLaunch {
            kernel: e.kernel,
            problem: e.problem,
        }
    }
}

impl From<MemcacheError> for RuntimeError {
    fn from(e: MemcacheError) -> Self {
        match e {
            MemcacheError::OutOfMemory {
                bytes,
                held,
                limit,
                reason,
            } => RuntimeError::out_of_memory(
                "device",
                &format!("a buffer ({reason})"),
                bytes as u128,
                limit.map(|l| u128::from(l.saturating_sub(held as u64))),
            ),
            other => RuntimeError::Memory(other),
        }
    }
}

impl RuntimeError {
    /// [`RuntimeError::OutOfMemory`] with the sizes in readable units (`available` None: the
    /// allocator said no without a figure).
    pub fn out_of_memory(place: &str, what: &str, needed: u128, available: Option<u128>) -> Self {
        RuntimeError::OutOfMemory {
            place: place.to_string(),
            what: what.to_string(),
            needed: human(needed),
            available: available.map_or("not enough".into(), human),
        }
    }

    pub(crate) fn cl(call: &'static str, code: i32) -> Self {
        RuntimeError::Driver {
            api: DriverApi::OpenCl,
            call,
            code: code.into(),
            name: opencl3::error_codes::error_text(code).to_string(),
        }
    }
}

/// `bytes` as "1.5 GiB".
pub fn human(bytes: u128) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = bytes as f64;
    let mut u = 0;
    while v >= 1024.0 && u + 1 < UNITS.len() {
        v /= 1024.0;
        u += 1;
    }
    format!("{v:.1} {}", UNITS[u])
}
