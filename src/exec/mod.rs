//! The execution model that kernels are written against and backends implement: device buffers,
//! kernel arguments and their declared kinds, launch ranges, kernel declarations, and the SIMT
//! work-group the CPU simulation runs mirrors in. A leaf: it imports nothing else of the crate,
//! so `kernels` (declarations and mirrors) and `runtime` (backends) both stand on it.
//!
//! A kernel is declared once (see [`declare`]): that gives its [`KernelSpec`] (what the backends and the SPIR-V
//! check read), a typed argument struct whose `launch` is the only way host code calls it, and
//! the same struct with named fields for its Rust mirror.
//!
//! ```
//! use xehe::kernels::copy_u64::{CopyArgs, COPY_U64};
//! use xehe::runtime::{sim::{SimBackend, SimOptions}, Backend, NdRange};
//! let dev = SimBackend::new(SimOptions::default())?;
//! let (src, dst) = (dev.alloc(0, 64)?, dev.alloc(0, 64)?);
//! dev.write(&src, 0, &[7; 64])?;
//! let args = CopyArgs { src: &src, dst: &dst };
//! // SAFETY: work-item i copies word i, and both buffers hold the range's 64 words.
//! unsafe { COPY_U64.launch(&dev, 0, &NdRange::new([64, 1, 1]), args)? };
//! let mut out = [0; 64];
//! dev.read(&dst, 0, &mut out)?;
//! assert_eq!(out, [7; 64]);
//! # Ok::<(), xehe::runtime::RuntimeError>(())
//! ```
//!
//! A launch is checked against the declaration (argument kinds, tiles, the range) but not
//! against what its work-items reach, which for many kernels depends on tables on the device:
//! it is `unsafe`, and safe code launches through checked entry points such as
//! [`crate::device_ops::poly`]. Without `unsafe` it does not compile:
//!
//! ```compile_fail,E0133
//! use xehe::kernels::copy_u64::{CopyArgs, COPY_U64};
//! use xehe::runtime::{sim::{SimBackend, SimOptions}, Backend, NdRange};
//! let dev = SimBackend::new(SimOptions::default())?;
//! let (src, dst) = (dev.alloc(0, 8)?, dev.alloc(0, 8)?);
//! COPY_U64.launch(&dev, 0, &NdRange::new([4096, 1, 1]), CopyArgs { src: &src, dst: &dst })?;
//! # Ok::<(), xehe::runtime::RuntimeError>(())
//! ```

mod arg;
mod buffer;
pub mod declare;
mod error;
mod range;
mod spec;
pub mod word;
pub mod workgroup;

pub use arg::{ArgKind, KernelArg};
pub use buffer::DeviceBuffer;
pub(crate) use declare::{
    arg_kind, arg_type, count_args, host_arg, kernel, kernel_args, mirror_arg, word_kernel,
};
pub use declare::{Host, Mirror, Side};
pub use error::LaunchError;
pub use range::NdRange;
pub use spec::{Kernel, KernelModule, KernelSpec, Launcher, WordKernel};
pub use word::{StoredWord, WordSize};
pub use workgroup::{Global, SimArg, SimArgs, SimKernel, WorkGroup, WorkItem, LOCAL_POISON};
