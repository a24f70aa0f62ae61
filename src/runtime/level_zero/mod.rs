//! The Level Zero backend (Intel Arc and Data Center GPU Max): the loader opened at run time
//! (`level-zero-sys`), one context over a root GPU device's tiles (its sub-devices, else the
//! device), per tile one immediate command list kept in order by chaining each command on the
//! previous one's event, recorded launch sequences as regular command lists executed on the
//! tile's command queue (`command_list`), device allocations through the tile's memory cache,
//! modules from a
//! native ocloc binary when one matches the device (`XEHE_ZE_NATIVE_DIR` or
//! [`LevelZeroOptions::native_dir`]: files `<module>_<target>.bin` from
//! `ci/build-kernels.sh --native DIR`), else from the kernel cache's native binary of an earlier
//! SPIR-V build (`XEHE_KERNEL_CACHE`, [`KernelCacheStats`]), else from the shipped SPIR-V (then
//! stored there), and kernel timestamp events feeding the profiler.
//!
//! On this project's machines the backend runs against Intel's driver in AUB-capture mode, where
//! enumeration, tiles, command lists (recorded ones included), allocations, module builds and
//! kernel creation are real but kernels never execute (tests/intel_neo_level_zero.rs); what
//! launches, copies and replays compute has not been checked on an Intel GPU here.

mod alloc;
mod command_list;
mod device;
pub mod discover;
mod events;
pub mod hierarchy;
mod module;
mod module_cache;
mod options;
mod owned;
mod queue;
mod staging;
mod timeline;

pub use crate::runtime::kernel_cache::KernelCacheStats;
pub use device::{KernelFootprint, LevelZeroBackend};
pub use options::{native_target_of, LevelZeroOptions, ModuleSource};
pub use owned::destroy_failures;
