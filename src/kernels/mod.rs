//! The kernel registry: every device kernel with its OpenCL C source and SPIR-V module (both
//! embedded from kernels-cl/ and spirv-kernels/), its one declaration (`kernel_args!` /
//! `kernel!` of [`crate::exec::declare`]: parameters, typed launch, named mirror arguments), and
//! the Rust body the cpu-sim backend runs in its place.
//!
//! ```
//! use xehe::kernels;
//! let add = kernels::by_name("poly_add").unwrap();
//! assert_eq!(add.module.name, "poly_elementwise");
//! kernels::reflect::check_all()?; // the SPIR-V agrees with every declaration
//! # Ok::<(), xehe::kernels::reflect::ReflectError>(())
//! ```

pub mod ckks_multiply;
pub mod copy_u64;
pub mod decode;
pub mod decrypt;
pub mod divide_round;
pub mod encode;
pub mod encrypt;
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
pub mod rational_rescale;
pub mod reflect;
pub mod uniform;

pub use crate::exec::{ArgKind, Kernel, KernelModule, KernelSpec};

/// The headers every kernel source is compiled with (clang `-include`, drivers: first source):
/// the word type, modular arithmetic, the NTT building blocks, then the hoisted steps'
/// argument choice.
pub const COMMON_HEADER: &str = concat!(
    include_str!("../../kernels-cl/common/word.h"),
    "\n",
    include_str!("../../kernels-cl/common/mod_arith.h"),
    "\n",
    include_str!("../../kernels-cl/common/ntt_core.h"),
    "\n",
    include_str!("../../kernels-cl/common/steps.h")
);

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
    &rational_rescale::MODULE,
    &galois_permute::MODULE,
    &encrypt::MODULE,
    &encode::MODULE,
    &decrypt::MODULE,
    &decode::MODULE,
    &uniform::MODULE,
    &ntt_forward::MODULE_W32,
    &ntt_inverse::MODULE_W32,
    &ntt_fused::MODULE_W32,
    &key_switch::MODULE_W32,
    &ntt_rns::MODULE_W32,
    &poly_elementwise::MODULE_W32,
    &ckks_multiply::MODULE_W32,
    &divide_round::MODULE_W32,
    &rational_rescale::MODULE_W32,
    &galois_permute::MODULE_W32,
    &encode::MODULE_W32,
    &decode::MODULE_W32,
    &uniform::MODULE_W32,
    &encrypt::MODULE_W32,
    &decrypt::MODULE_W32,
];

/// Every kernel shipped: each module's own list, in [`MODULES`] order.
pub fn all() -> impl Iterator<Item = &'static KernelSpec> {
    MODULES.iter().flat_map(|m| m.kernels.iter().copied())
}

/// Looks a kernel up by its entry-point name.
pub fn by_name(name: &str) -> Option<&'static KernelSpec> {
    all().find(|k| k.name == name)
}
