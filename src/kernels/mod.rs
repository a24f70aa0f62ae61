//! The kernel registry: every device kernel with its OpenCL C source and SPIR-V module (both
//! embedded from kernels-cl/ and spirv-kernels/), the argument list the host passes, and the Rust
//! body the cpu-sim backend runs in its place.
//!
//! ```
//! use xehe::kernels;
//! let add = kernels::by_name("poly_add").unwrap();
//! assert_eq!(add.module.name, "poly_elementwise");
//! kernels::reflect::check_all()?; // the SPIR-V agrees with every declaration
//! # Ok::<(), xehe::runtime::RuntimeError>(())
//! ```

/// A kernel's unit type and its `KernelSpec` static in the module file's `MODULE`.
macro_rules! kernel_spec {
    ($ty:ident, $spec:ident, $name:literal, $args:expr) => {
        pub struct $ty;
        pub static $spec: KernelSpec = KernelSpec {
            name: $name,
            module: &MODULE,
            args: $args,
            sim: &$ty,
        };
    };
}

pub mod ckks_multiply;
pub mod copy_u64;
pub mod divide_round;
pub mod galois_permute;
pub mod key_switch;
pub mod mod_arith;
pub mod ntt_core;
pub mod ntt_forward;
pub mod ntt_fused;
pub mod ntt_inverse;
pub mod ntt_rns;
pub mod ntt_subgroup;
pub mod poly_elementwise;
pub mod reflect;

use crate::runtime::sim::workgroup::SimKernel;
use crate::runtime::KernelArg;
use std::fmt;

/// The headers every kernel source is compiled with (clang `-include`, drivers: first source):
/// modular arithmetic, then the NTT building blocks.
pub const COMMON_HEADER: &str = concat!(
    include_str!("../../kernels-cl/common/mod_arith.h"),
    "\n",
    include_str!("../../kernels-cl/common/ntt_core.h")
);

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
}

impl fmt::Debug for KernelModule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "KernelModule({})", self.name)
    }
}

/// How a kernel parameter is declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// `__global const ulong*`: read only.
    GlobalIn,
    /// `__global ulong*` the kernel writes.
    GlobalOut,
    /// `uint`.
    U32,
    /// `ulong`.
    U64,
    /// `__local ulong*`, sized at launch ([`KernelArg::Local`]).
    Local,
}

impl ArgKind {
    pub(crate) fn accepts(self, arg: &KernelArg<'_>) -> bool {
        matches!(
            (self, arg),
            (ArgKind::GlobalIn | ArgKind::GlobalOut, KernelArg::Buffer(_))
                | (ArgKind::U32, KernelArg::U32(_))
                | (ArgKind::U64, KernelArg::U64(_))
                | (ArgKind::Local, KernelArg::Local(_))
        )
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

/// Every module shipped.
pub static MODULES: &[&KernelModule] = &[
    &poly_elementwise::MODULE,
    &copy_u64::MODULE,
    &ntt_forward::MODULE,
    &ntt_inverse::MODULE,
    &ntt_fused::MODULE,
    &ntt_rns::MODULE,
    &ntt_subgroup::MODULE8,
    &ntt_subgroup::MODULE16,
    &ntt_subgroup::MODULE32,
    &ckks_multiply::MODULE,
    &key_switch::MODULE,
    &divide_round::MODULE,
    &galois_permute::MODULE,
];

/// Every kernel shipped.
pub static ALL: &[&KernelSpec] = &[
    &poly_elementwise::POLY_ADD,
    &poly_elementwise::POLY_SUB,
    &poly_elementwise::POLY_NEGATE,
    &poly_elementwise::POLY_MUL,
    &poly_elementwise::POLY_MUL_SCALAR,
    &poly_elementwise::POLY_MAD,
    &copy_u64::COPY_U64,
    &ntt_forward::NTT_FWD_RADIX2,
    &ntt_forward::NTT_REDUCE_4Q,
    &ntt_forward::NTT_FWD_RADIX4,
    &ntt_forward::NTT_FWD_RADIX8,
    &ntt_forward::NTT_FWD_RADIX16,
    &ntt_forward::NTT_FWD_LOCAL,
    &ntt_forward::NTT_FWD_LOCAL_RADIX4,
    &ntt_forward::NTT_FWD_LOCAL_RADIX8,
    &ntt_forward::NTT_FWD_LOCAL_RADIX16,
    &ntt_inverse::NTT_INV_RADIX2,
    &ntt_inverse::NTT_INV_LAST,
    &ntt_inverse::NTT_INV_RADIX4,
    &ntt_inverse::NTT_INV_RADIX8,
    &ntt_inverse::NTT_INV_RADIX16,
    &ntt_inverse::NTT_INV_LOCAL,
    &ntt_inverse::NTT_INV_LOCAL_RADIX4,
    &ntt_inverse::NTT_INV_LOCAL_RADIX8,
    &ntt_inverse::NTT_INV_LOCAL_RADIX16,
    &ntt_forward::NTT_FWD_STAGE,
    &ntt_inverse::NTT_INV_STAGE,
    &ntt_fused::NTT_FUSED_MUL,
    &ntt_rns::NTT_FWD_STAGE_RNS,
    &ntt_rns::NTT_INV_STAGE_RNS,
    &ntt_subgroup::NTT_FWD_LOCAL_SG8,
    &ntt_subgroup::NTT_FWD_LOCAL_SG16,
    &ntt_subgroup::NTT_FWD_LOCAL_SG32,
    &ntt_subgroup::NTT_INV_LOCAL_SG8,
    &ntt_subgroup::NTT_INV_LOCAL_SG16,
    &ntt_subgroup::NTT_INV_LOCAL_SG32,
    &ckks_multiply::CKKS_TENSOR,
    &ckks_multiply::CKKS_MUL_PLAIN,
    &ckks_multiply::CKKS_ADD_PLAIN,
    &key_switch::KS_DECOMPOSE,
    &key_switch::KS_MAC,
    &divide_round::RNS_EXTRACT,
    &divide_round::DIVIDE_ROUND_SPREAD,
    &divide_round::DIVIDE_ROUND_FINISH,
    &divide_round::RNS_TRUNCATE,
    &galois_permute::GALOIS_PERMUTE_NTT,
];

/// Looks a kernel up by its entry-point name.
pub fn by_name(name: &str) -> Option<&'static KernelSpec> {
    ALL.iter().copied().find(|k| k.name == name)
}
