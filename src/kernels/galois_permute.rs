//! Rust mirror of kernels-cl/galois_permute.cl: X → X^g on NTT-form data.

use super::{ArgKind, KernelModule, KernelSpec};
use crate::runtime::sim::workgroup::{SimArgs, SimKernel, WorkGroup};

pub static MODULE: KernelModule = KernelModule {
    name: "galois_permute",
    source: include_str!("../../kernels-cl/galois_permute.cl"),
    spirv: include_bytes!("../../spirv-kernels/galois_permute.spv"),
    prelude: "",
    shuffle_size: None,
};

use ArgKind::{GlobalIn as In, GlobalOut as Out, U32};

kernel_spec!(
    GaloisPermuteNtt,
    GALOIS_PERMUTE_NTT,
    "galois_permute_ntt",
    &[In, Out, In, U32, U32]
);
/// `galois_permute_ntt(src, dst, perm, n, rns_count)`: ND-range (n, rns_count, polys).
impl SimKernel for GaloisPermuteNtt {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (src, dst, perm) = (args.global(0), args.global(1), args.global(2));
        let (n, rns_count) = (args.u32(3) as usize, args.u32(4) as usize);
        wg.phase(|it, _, _| {
            let [t, i, p] = it.global_id;
            let row = (p * rns_count + i) * n;
            dst.store(row + t, src.load(row + perm.load(t) as usize));
        });
    }
}
