//! Rust mirror of kernels-cl/copy_u64.cl: the bandwidth reference kernel.

use super::{ArgKind, KernelModule, KernelSpec};
use crate::runtime::sim::workgroup::{SimArgs, SimKernel, WorkGroup};

pub static MODULE: KernelModule = KernelModule {
    name: "copy_u64",
    source: include_str!("../../kernels-cl/copy_u64.cl"),
    spirv: include_bytes!("../../spirv-kernels/copy_u64.spv"),
    prelude: "",
    shuffle_size: None,
};

/// `copy_u64(src, dst)` over a 1-D range.
pub struct CopyU64;
pub static COPY_U64: KernelSpec = KernelSpec {
    name: "copy_u64",
    module: &MODULE,
    args: &[ArgKind::GlobalIn, ArgKind::GlobalOut],
    sim: &CopyU64,
};
impl SimKernel for CopyU64 {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (src, dst) = (args.global(0), args.global(1));
        wg.phase(|it, _, _| {
            let i = it.global_id[0];
            dst.store(i, src.load(i));
        });
    }
}
