//! The device runtime: the [`Backend`] interface and its implementations (cpu-sim, OpenCL, Level
//! Zero), the per-queue memory cache, the profiler, recording, the `XEHE_*` settings, device
//! discovery and backend selection. What runs on a device, as sequences of kernels over
//! polynomials, is the layer above ([`crate::device_ops`]); the settings name its NTT variants
//! ([`NttVariant`]) so that every `XEHE_*` value is validated in one place.

mod backend;
mod error;
pub mod host_memory;
pub(crate) mod kernel_cache;
pub mod level_zero;
pub mod memcache;
mod memcache_error;
mod ntt_variant;
pub mod opencl;
pub mod owned;
mod pending;
pub mod pool;
pub mod profiler;
mod recording;
mod select;
pub mod settings;
pub mod sim;
mod staging;
pub(crate) mod toolkit;

pub use backend::{
    Backend, BackendKind, DeviceBuffer, DeviceLimits, Event, EventSource, KernelArg, NdRange,
    Shuffles, TileMemory,
};
pub use error::{ConfigError, DriverApi, RuntimeError, RuntimeResult};
pub use ntt_variant::NttVariant;
pub use recording::Recording;
pub use select::{open, open_explained, open_from_env, BackendChoice, OpenOptions, Opened};
