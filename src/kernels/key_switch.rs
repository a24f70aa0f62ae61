//! Rust mirrors of kernels-cl/key_switch.cl: the RNS broadcast of the decomposed polynomial and
//! the multiply-accumulate with the key-switching keys, in key-switch order (component 0 is the
//! special prime P, component c ≥ 1 the level's prime q_(c−1)).

use super::mod_arith::{modulus_row, mul_hi, reduce_128};
use crate::exec::{kernel, kernel_args, KernelModule, SimArgs, SimKernel, WorkGroup};

pub static MODULE: KernelModule = KernelModule {
    name: "key_switch",
    source: include_str!("../../kernels-cl/key_switch.cl"),
    spirv: include_bytes!("../../spirv-kernels/key_switch.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
};

kernel_args! {
    /// `ks_decompose(c2, ext, ks_moduli, n, decomp)`: every component j of `c2` reduced modulo
    /// each key-switch prime; ND-range (n, decomp + 1, decomp).
    pub struct DecomposeArgs { c2: In, ext: Out, ks_moduli: In, n: U32, decomp: U32 }
}
kernel_args! {
    /// `ks_mac(ext, key, acc_special, acc_data, ks_moduli, n, decomp, key_rns)`: ND-range
    /// (n, decomp + 1, 2). The 128-bit sum is kept as two words with an explicit carry, as the
    /// OpenCL C does.
    pub struct MacArgs {
        ext: In, key: In, acc_special: Out, acc_data: Out, ks_moduli: In,
        n: U32, decomp: U32, key_rns: U32,
    }
}
kernel! {
    pub static KS_DECOMPOSE: DecomposeArgs = "ks_decompose" in MODULE, mirror KsDecompose;
    pub static KS_MAC: MacArgs = "ks_mac" in MODULE, mirror KsMac;
}

pub struct KsDecompose;
impl SimKernel for KsDecompose {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = DecomposeArgs::view(args);
        let (c2, ext, moduli) = (a.c2, a.ext, a.ks_moduli);
        let (n, decomp) = (a.n as usize, a.decomp as usize);
        wg.phase(|it, _, _| {
            let [t, c, j] = it.global_id;
            let (q, m0, m1) = modulus_row(moduli, c);
            let x = c2.load(j * n + t);
            ext.store((j * (decomp + 1) + c) * n + t, reduce_128(x, 0, q, m0, m1));
        });
    }
}

pub struct KsMac;
impl SimKernel for KsMac {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = MacArgs::view(args);
        let (ext, key, acc_special, acc_data) = (a.ext, a.key, a.acc_special, a.acc_data);
        let moduli = a.ks_moduli;
        let [n, decomp, key_rns] = [a.n, a.decomp, a.key_rns].map(|v| v as usize);
        wg.phase(|it, _, _| {
            let [t, c, k] = it.global_id;
            let (q, m0, m1) = modulus_row(moduli, c);
            let (mut lo, mut hi) = (0u64, 0u64);
            for j in 0..decomp {
                let x = ext.load((j * (decomp + 1) + c) * n + t);
                let y = key.load(((j * 2 + k) * key_rns + c) * n + t);
                let p_lo = x.wrapping_mul(y);
                lo = lo.wrapping_add(p_lo);
                hi = hi
                    .wrapping_add(mul_hi(x, y))
                    .wrapping_add((lo < p_lo) as u64);
                if j & 31 == 31 {
                    lo = reduce_128(lo, hi, q, m0, m1);
                    hi = 0;
                }
            }
            let r = reduce_128(lo, hi, q, m0, m1);
            if c == 0 {
                acc_special.store(k * n + t, r);
            } else {
                acc_data.store((k * decomp + c - 1) * n + t, r);
            }
        });
    }
}
