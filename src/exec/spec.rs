//! Kernel declarations: the module a kernel is compiled in, its entry point and parameters, its
//! Rust mirror; and the typed handle host code launches it through.

use crate::exec::arg::{ArgKind, KernelArg};
use crate::exec::range::NdRange;
use crate::exec::workgroup::SimKernel;
use std::fmt;
use std::marker::PhantomData;
use std::ops::Deref;

/// One kernels-cl/*.cl file and its compiled SPIR-V.
pub struct KernelModule {
    pub name: &'static str,
    /// OpenCL C source, without the common header.
    pub source: &'static str,
    /// SPIR-V compiled from header + source by ci/build-kernels.sh.
    pub spirv: &'static [u8],
    /// Lines put before the source when a driver builds it from OpenCL C (the `-D` flags its
    /// "// xehe-build:" line gives clang for the SPIR-V).
    pub prelude: &'static str,
    /// The sub-group size whose shuffles the kernels need (`None`: no sub-group operations).
    pub shuffle_size: Option<usize>,
    /// Whether the kernels compute in double precision (Intel Arc has none: ocloc refuses the
    /// module for dg2, and the backends refuse it on devices without fp64).
    pub fp64: bool,
    /// The word its buffers and `__local` arrays hold: 64 (`ulong`) or 32 (`uint`, built with
    /// `XEHE_WORD_BITS=32`); `In`, `Out` and `Local` parameters are pointers to this word.
    pub word_bits: u32,
    /// Every kernel declared in this module: the registry ([`crate::kernels::all`]) is built
    /// from these lists, so a kernel is registered where it is declared.
    pub kernels: &'static [&'static KernelSpec],
}

impl fmt::Debug for KernelModule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "KernelModule({})", self.name)
    }
}

/// A kernel: name (the OpenCL entry point), module, parameters, cpu-sim body.
pub struct KernelSpec {
    pub name: &'static str,
    pub module: &'static KernelModule,
    pub args: &'static [ArgKind],
    pub sim: &'static dyn SimKernel,
}

impl fmt::Debug for KernelSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "KernelSpec({} in {})", self.name, self.module.name)
    }
}

/// What can run a kernel: a backend, with its tiles and queues. The typed `launch` of a
/// [`Kernel`] goes through it, so that kernels need not know the backends.
pub trait Launcher {
    /// What a launch returns (the runtime's event, or its error).
    type Output;
    /// Enqueues `kernel` on `tile` with positional `args` (already in declaration order).
    ///
    /// # Safety
    ///
    /// Every word a work-item of `range` reads or writes through a buffer argument (given the
    /// scalar arguments and the contents of the buffers the kernel indexes through) lies
    /// inside that buffer: the implementations check the declaration, not the reach (see
    /// `Backend::launch`).
    unsafe fn launch_kernel(
        &self,
        tile: usize,
        kernel: &'static KernelSpec,
        range: &NdRange,
        args: &[KernelArg<'_>],
    ) -> Self::Output;
}

/// A declared kernel whose arguments are the struct `A` (see [`crate::exec::declare`]): its
/// `launch` takes an `A`, so no call site builds a positional argument list.
pub struct Kernel<A> {
    pub spec: KernelSpec,
    args: PhantomData<fn(A)>,
}

impl<A> Kernel<A> {
    pub const fn new(spec: KernelSpec) -> Self {
        Kernel {
            spec,
            args: PhantomData,
        }
    }
}

impl<A> Deref for Kernel<A> {
    type Target = KernelSpec;
    fn deref(&self) -> &KernelSpec {
        &self.spec
    }
}

impl<A> fmt::Debug for Kernel<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.spec.fmt(f)
    }
}

/// A kernel built for both words: one declaration, one entry point, two modules (the 64-bit
/// `MODULE` and the 32-bit `MODULE_W32` of the same source) and the two instances of its
/// generic mirror. It dereferences to the 64-bit build, the default tier.
pub struct WordKernel<A> {
    pub w64: Kernel<A>,
    pub w32: Kernel<A>,
}

impl<A> WordKernel<A> {
    /// The build for `size`.
    pub fn word(&self, size: crate::exec::WordSize) -> &Kernel<A> {
        match size {
            crate::exec::WordSize::W64 => &self.w64,
            crate::exec::WordSize::W32 => &self.w32,
        }
    }
}

impl<A> Deref for WordKernel<A> {
    type Target = Kernel<A>;
    fn deref(&self) -> &Kernel<A> {
        &self.w64
    }
}

impl<A> fmt::Debug for WordKernel<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} | {:?}", self.w64.spec, self.w32.spec)
    }
}
