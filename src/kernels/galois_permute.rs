//! Rust mirror of kernels-cl/galois_permute.cl: X → X^g on NTT-form data, built for both words
//! (the permutation table is in the data's word).

use super::mod_arith::DeviceWord;
use crate::exec::{kernel_args, word_kernel, KernelModule, SimArgs, SimKernel, WorkGroup};
use std::marker::PhantomData;

pub static MODULE: KernelModule = KernelModule {
    name: "galois_permute",
    source: include_str!("../../kernels-cl/galois_permute.cl"),
    spirv: include_bytes!("../../spirv-kernels/galois_permute.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
    word_bits: 64,
    kernels: &[&GALOIS_PERMUTE_NTT.w64.spec],
};

/// The 32-bit build of the same source (`XEHE_WORD_BITS=32`).
pub static MODULE_W32: KernelModule = KernelModule {
    name: "galois_permute_w32",
    source: include_str!("../../kernels-cl/galois_permute.cl"),
    spirv: include_bytes!("../../spirv-kernels/galois_permute_w32.spv"),
    prelude: "#define XEHE_WORD_BITS 32\n",
    shuffle_size: None,
    fp64: false,
    word_bits: 32,
    kernels: &[&GALOIS_PERMUTE_NTT.w32.spec],
};

kernel_args! {
    /// `galois_permute_ntt(src, dst, perm, n, rns_count)`: ND-range (n, rns_count, polys);
    /// `perm[t]` is the NTT position output position `t` reads.
    pub struct PermuteArgs { src: In, dst: Out, perm: In, n: U32, rns_count: U32 }
}
word_kernel! {
    pub static GALOIS_PERMUTE_NTT: PermuteArgs = "galois_permute_ntt" in MODULE | MODULE_W32,
        mirror GaloisPermuteNtt;
}

pub struct GaloisPermuteNtt<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for GaloisPermuteNtt<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = PermuteArgs::view(args);
        let (n, rns_count) = (a.n as usize, a.rns_count as usize);
        wg.phase(|it, _, _| {
            let [t, i, p] = it.global_id;
            let row = (p * rns_count + i) * n;
            let from = a.perm.load_as::<W>(t).to_u64() as usize;
            a.dst.store_as(row + t, a.src.load_as::<W>(row + from));
        });
    }
}
