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
pub mod reflect;
pub mod uniform;

pub use crate::exec::{ArgKind, Kernel, KernelModule, KernelSpec};

/// The headers every kernel source is compiled with (clang `-include`, drivers: first source):
/// modular arithmetic, the NTT building blocks, then the hoisted steps' argument choice.
pub const COMMON_HEADER: &str = concat!(
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
    &galois_permute::MODULE,
    &encrypt::MODULE,
    &encode::MODULE,
    &decrypt::MODULE,
    &decode::MODULE,
    &uniform::MODULE,
];

/// Every kernel shipped.
pub static ALL: &[&KernelSpec] = &[
    &poly_elementwise::POLY_ADD.spec,
    &poly_elementwise::POLY_SUB.spec,
    &poly_elementwise::POLY_NEGATE.spec,
    &poly_elementwise::POLY_MUL.spec,
    &poly_elementwise::POLY_MUL_SCALAR.spec,
    &poly_elementwise::POLY_MAD.spec,
    &copy_u64::COPY_U64.spec,
    &copy_u64::COPY_U64_SPAN.spec,
    &copy_u64::FILL_U64.spec,
    &encrypt::ENCRYPT_SAMPLE.spec,
    &encrypt::ENCRYPT_COMBINE.spec,
    &encrypt::ENCRYPT_NOISE.spec,
    &encrypt::ENCRYPT_SYMMETRIC_COMBINE.spec,
    &uniform::UNIFORM_SAMPLE.spec,
    &uniform::UNIFORM_FIXUP.spec,
    &encode::ENCODE_FFT_LOCAL.spec,
    &encode::ENCODE_FFT_STAGE.spec,
    &encode::ENCODE_FINISH.spec,
    &decrypt::DECRYPT_HORNER.spec,
    &decode::DECODE_COMPOSE.spec,
    &decode::DECODE_FFT_STAGE.spec,
    &decode::DECODE_FFT_LOCAL.spec,
    &ntt_forward::NTT_FWD_RADIX2.spec,
    &ntt_forward::NTT_REDUCE_4Q.spec,
    &ntt_forward::NTT_FWD_RADIX4.spec,
    &ntt_forward::NTT_FWD_RADIX8.spec,
    &ntt_forward::NTT_FWD_RADIX16.spec,
    &ntt_forward::NTT_FWD_LOCAL.spec,
    &ntt_forward::NTT_FWD_LOCAL_RADIX4.spec,
    &ntt_forward::NTT_FWD_LOCAL_RADIX8.spec,
    &ntt_forward::NTT_FWD_LOCAL_RADIX16.spec,
    &ntt_inverse::NTT_INV_RADIX2.spec,
    &ntt_inverse::NTT_INV_LAST.spec,
    &ntt_inverse::NTT_INV_RADIX4.spec,
    &ntt_inverse::NTT_INV_RADIX8.spec,
    &ntt_inverse::NTT_INV_RADIX16.spec,
    &ntt_inverse::NTT_INV_LOCAL.spec,
    &ntt_inverse::NTT_INV_LOCAL_RADIX4.spec,
    &ntt_inverse::NTT_INV_LOCAL_RADIX8.spec,
    &ntt_inverse::NTT_INV_LOCAL_RADIX16.spec,
    &ntt_forward::NTT_FWD_STAGE.spec,
    &ntt_inverse::NTT_INV_STAGE.spec,
    &ntt_fused::NTT_FUSED_MUL.spec,
    &ntt_rns::NTT_FWD_STAGE_RNS.spec,
    &ntt_rns::NTT_INV_STAGE_RNS.spec,
    &ntt_rns::NTT_FWD_STAGE_MOD_DOWN.spec,
    &ntt_rns::NTT_FWD_STAGE_FINISH_STEPS.spec,
    &ntt_subgroup::NTT_FWD_LOCAL_SG8.spec,
    &ntt_subgroup::NTT_FWD_LOCAL_SG16.spec,
    &ntt_subgroup::NTT_FWD_LOCAL_SG32.spec,
    &ntt_subgroup::NTT_INV_LOCAL_SG8.spec,
    &ntt_subgroup::NTT_INV_LOCAL_SG16.spec,
    &ntt_subgroup::NTT_INV_LOCAL_SG32.spec,
    &ckks_multiply::CKKS_TENSOR.spec,
    &ckks_multiply::CKKS_MUL_PLAIN.spec,
    &ckks_multiply::CKKS_ADD_PLAIN.spec,
    &key_switch::KS_DECOMPOSE.spec,
    &key_switch::KS_MAC.spec,
    &key_switch::KS_MAC_STEPS.spec,
    &key_switch::KS_MOD_DOWN_SCALE.spec,
    &divide_round::RNS_EXTRACT.spec,
    &divide_round::DIVIDE_ROUND_SPREAD.spec,
    &divide_round::DIVIDE_ROUND_FINISH.spec,
    &divide_round::RNS_TRUNCATE.spec,
    &galois_permute::GALOIS_PERMUTE_NTT.spec,
];

/// Looks a kernel up by its entry-point name.
pub fn by_name(name: &str) -> Option<&'static KernelSpec> {
    ALL.iter().copied().find(|k| k.name == name)
}
