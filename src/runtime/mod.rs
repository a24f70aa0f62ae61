//! The device runtime. Today: the per-queue memory cache; the backends (cpu-sim, OpenCL, Level
//! Zero), kernels and profiler join here (issue 3).

pub mod memcache;
pub mod profiler;
