//! Rust mirror of kernels-cl/galois_permute.cl: X → X^g on NTT-form data.

use crate::exec::{kernel, kernel_args, KernelModule, SimArgs, SimKernel, WorkGroup};

pub static MODULE: KernelModule = KernelModule {
    name: "galois_permute",
    source: include_str!("../../kernels-cl/galois_permute.cl"),
    spirv: include_bytes!("../../spirv-kernels/galois_permute.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
    word_bits: 64,
    kernels: &[&GALOIS_PERMUTE_NTT.spec],
};

kernel_args! {
    /// `galois_permute_ntt(src, dst, perm, n, rns_count)`: ND-range (n, rns_count, polys);
    /// `perm[t]` is the NTT position output position `t` reads.
    pub struct PermuteArgs { src: In, dst: Out, perm: In, n: U32, rns_count: U32 }
}
kernel! {
    pub static GALOIS_PERMUTE_NTT: PermuteArgs = "galois_permute_ntt" in MODULE,
        mirror GaloisPermuteNtt;
}

pub struct GaloisPermuteNtt;
impl SimKernel for GaloisPermuteNtt {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = PermuteArgs::view(args);
        let (n, rns_count) = (a.n as usize, a.rns_count as usize);
        wg.phase(|it, _, _| {
            let [t, i, p] = it.global_id;
            let row = (p * rns_count + i) * n;
            a.dst
                .store(row + t, a.src.load(row + a.perm.load(t) as usize));
        });
    }
}
