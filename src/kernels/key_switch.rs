//! Rust mirrors of kernels-cl/key_switch.cl: the RNS broadcast of the decomposed polynomial and
//! the multiply-accumulate with the key-switching keys, in key-switch order (component 0 is the
//! special prime P, component c ≥ 1 the level's prime q_(c−1)).

use super::mod_arith::{modulus_row, mul_hi, reduce_128};
use super::{ArgKind, KernelModule, KernelSpec};
use crate::runtime::sim::workgroup::{SimArgs, SimKernel, WorkGroup};

pub static MODULE: KernelModule = KernelModule {
    name: "key_switch",
    source: include_str!("../../kernels-cl/key_switch.cl"),
    spirv: include_bytes!("../../spirv-kernels/key_switch.spv"),
    prelude: "",
    shuffle_size: None,
};

use ArgKind::{GlobalIn as In, GlobalOut as Out, U32};

kernel_spec!(
    KsDecompose,
    KS_DECOMPOSE,
    "ks_decompose",
    &[In, Out, In, U32, U32]
);
/// `ks_decompose(c2, ext, ks_moduli, n, decomp)`: ND-range (n, decomp + 1, decomp).
impl SimKernel for KsDecompose {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (c2, ext, moduli) = (args.global(0), args.global(1), args.global(2));
        let (n, decomp) = (args.u32(3) as usize, args.u32(4) as usize);
        wg.phase(|it, _, _| {
            let [t, c, j] = it.global_id;
            let (q, m0, m1) = modulus_row(moduli, c);
            let x = c2.load(j * n + t);
            ext.store((j * (decomp + 1) + c) * n + t, reduce_128(x, 0, q, m0, m1));
        });
    }
}

kernel_spec!(
    KsMac,
    KS_MAC,
    "ks_mac",
    &[In, In, Out, Out, In, U32, U32, U32]
);
/// `ks_mac(ext, key, acc_special, acc_data, ks_moduli, n, decomp, key_rns)`: ND-range
/// (n, decomp + 1, 2). The 128-bit sum is kept as two words with an explicit carry, as the
/// OpenCL C does.
impl SimKernel for KsMac {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (ext, key) = (args.global(0), args.global(1));
        let (acc_special, acc_data, moduli) = (args.global(2), args.global(3), args.global(4));
        let (n, decomp, key_rns) = (
            args.u32(5) as usize,
            args.u32(6) as usize,
            args.u32(7) as usize,
        );
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
