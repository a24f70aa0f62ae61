//! How to open a Level Zero device, and which native binary a device takes.

use std::path::PathBuf;

/// How to open a Level Zero device.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelZeroOptions {
    /// Index among [`super::discover::root_devices`].
    pub device: usize,
    /// Exactly this many tiles: 1 (the root device) or its sub-device count (None: the
    /// sub-devices, else the root device).
    pub tiles: Option<usize>,
    /// A folder of native binaries `<module>_…<target>.bin` (ocloc's names) to try before the
    /// SPIR-V (None: `XEHE_ZE_NATIVE_DIR` when set).
    pub native_dir: Option<PathBuf>,
    /// The ocloc target of those binaries, e.g. `pvc` or `dg2` (None: `XEHE_ZE_NATIVE_TARGET`
    /// when set, else from the device's PCI id where it is known). The driver cannot be relied
    /// on to refuse another target's binary (NEO 22.43 takes a pvc binary on a dg2), so only
    /// files of this target are tried; without one, modules build from SPIR-V.
    pub native_target: Option<String>,
    /// Build SPIR-V modules with the large register file (`-ze-opt-large-register-file`: 256
    /// registers per thread on Data Center GPU Max, half the threads per core) instead of the
    /// driver's choice (also `XEHE_ZE_LARGE_GRF=1`). On NEO 22.43 for pvc it removes the
    /// register spills of every NTT kernel but the global radix-16 passes; whether that pays
    /// for the lost threads has not been measured on an Intel GPU.
    pub large_grf: bool,
    /// Record every launch's timestamps in the backend's profiler. The events themselves stay:
    /// they chain the commands of a tile's immediate command list.
    pub profile: bool,
}

/// The ocloc target of an Intel PCI device id, for the families xehe knows: Data Center GPU
/// Max (0x0BD0–0x0BDF, and 0x0B69, 0x0B6E as Intel's compute runtime lists them) and Arc
/// (DG2: 0x5690–0x56FF, 0x4F80–0x4F88).
///
/// ```
/// use xehe::runtime::level_zero::native_target_of;
/// assert_eq!(native_target_of(0x0bd5), Some("pvc"));
/// assert_eq!(native_target_of(0x0b69), Some("pvc"));
/// assert_eq!(native_target_of(0x4f85), Some("dg2"));
/// assert_eq!(native_target_of(0x56a0), Some("dg2"));
/// assert_eq!(native_target_of(0x9a49), None); // Tiger Lake: not a target xehe builds
/// ```
pub fn native_target_of(device_id: u32) -> Option<&'static str> {
    match device_id {
        0x0bd0..=0x0bdf | 0x0b69 | 0x0b6e => Some("pvc"),
        0x5690..=0x56ff | 0x4f80..=0x4f88 => Some("dg2"),
        _ => None,
    }
}

/// What a module was built from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModuleSource {
    /// A native binary of the native folder that the device accepted.
    Native(PathBuf),
    /// A native binary from xehe's kernel cache (`XEHE_KERNEL_CACHE`), which an earlier SPIR-V
    /// build by the same driver, on the same device, with the same flags, of the same module
    /// stored there.
    Cached,
    /// The shipped SPIR-V (its native binary then stored in the kernel cache, where it is on).
    SpirV,
}
