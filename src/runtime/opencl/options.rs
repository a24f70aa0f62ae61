//! How to open an OpenCL device.

use super::discover::KernelFormat;

/// How to open an OpenCL device.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpenClOptions {
    /// Index among [`super::discover::root_devices`] (GPUs first).
    pub device: usize,
    /// Split into exactly this many equal tiles (None: by affinity domain, else one tile).
    pub tiles: Option<usize>,
    /// Force a kernel format (None: SPIR-V where the device takes it, else OpenCL C).
    pub kernel_format: Option<KernelFormat>,
    /// Profile: a profiling queue and an event per launch, recorded in the backend's profiler
    /// (off: launches ask for no event).
    pub profile: bool,
}
