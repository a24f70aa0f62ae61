//! The OpenCL backend (opencl3, with the ICD loader opened at run time so xehe runs where no
//! OpenCL is installed).
//!
//! A root device is split into tiles: by affinity domain (NUMA, then next-partitionable), or,
//! when asked for K tiles (API or `XEHE_TILES=K`), equally into K sub-devices; a device that does
//! not partition is one tile. One context holds the tiles; each tile has one in-order queue (with
//! profiling when asked) and its own memory cache. Kernel modules load as SPIR-V where the device reports
//! a SPIR-V IL version, else as OpenCL C source; a failed build carries the driver's log. Built
//! programs are cached per context, kernel objects per tile, and the built programs' binaries
//! on disk between processes ([`KernelCacheStats`], `XEHE_KERNEL_CACHE`).

mod alloc;
mod cl_program;
mod command_buffer;
mod device;
pub mod discover;
mod events;
mod kernel;
mod options;
mod program;
mod queue;

pub use crate::runtime::kernel_cache::KernelCacheStats;
pub use cl_program::ClProgram;
pub use device::OpenClBackend;
pub use options::OpenClOptions;
