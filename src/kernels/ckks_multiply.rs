//! Rust mirrors of kernels-cl/ckks_multiply.cl: the ciphertext tensor product and the plaintext
//! product and sum. ND-range: dimension 0 = coefficient, 1 = RNS component, 2 = polynomial.

use super::mod_arith::{add_mod, mad_mod, modulus_row, mul_mod, sub_mod, MODULUS_WORDS};
use super::{ArgKind, KernelModule, KernelSpec};
use crate::runtime::sim::workgroup::{SimArgs, SimKernel, WorkGroup};

pub static MODULE: KernelModule = KernelModule {
    name: "ckks_multiply",
    source: include_str!("../../kernels-cl/ckks_multiply.cl"),
    spirv: include_bytes!("../../spirv-kernels/ckks_multiply.spv"),
    prelude: "",
    shuffle_size: None,
};

use ArgKind::{GlobalIn as In, GlobalOut as Out, U32};

kernel_spec!(
    CkksTensor,
    CKKS_TENSOR,
    "ckks_tensor",
    &[In, In, Out, In, U32, U32]
);
/// `ckks_tensor(a, b, out, moduli, n, rns_count)`.
impl SimKernel for CkksTensor {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (a, b, out, moduli) = (
            args.global(0),
            args.global(1),
            args.global(2),
            args.global(3),
        );
        let (n, rns_count) = (args.u32(4) as usize, args.u32(5) as usize);
        let w = n * rns_count;
        wg.phase(|it, _, _| {
            let i = it.global_id[1] * n + it.global_id[0];
            let (q, m0, m1) = modulus_row(moduli, it.global_id[1]);
            let (a0, a1, b0, b1) = (a.load(i), a.load(w + i), b.load(i), b.load(w + i));
            out.store(i, mul_mod(a0, b0, q, m0, m1));
            out.store(
                w + i,
                mad_mod(a1, b0, mul_mod(a0, b1, q, m0, m1), q, m0, m1),
            );
            out.store(2 * w + i, mul_mod(a1, b1, q, m0, m1));
        });
    }
}

kernel_spec!(
    CkksMulPlain,
    CKKS_MUL_PLAIN,
    "ckks_mul_plain",
    &[In, In, Out, In, U32, U32]
);
/// `ckks_mul_plain(ct, pt, out, moduli, n, rns_count)`.
impl SimKernel for CkksMulPlain {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (ct, pt, out, moduli) = (
            args.global(0),
            args.global(1),
            args.global(2),
            args.global(3),
        );
        let (n, rns_count) = (args.u32(4) as usize, args.u32(5) as usize);
        wg.phase(|it, _, _| {
            let j = it.global_id[1] * n + it.global_id[0];
            let i = it.global_id[2] * n * rns_count + j;
            let (q, m0, m1) = modulus_row(moduli, it.global_id[1]);
            out.store(i, mul_mod(ct.load(i), pt.load(j), q, m0, m1));
        });
    }
}

kernel_spec!(
    CkksAddPlain,
    CKKS_ADD_PLAIN,
    "ckks_add_plain",
    &[In, In, Out, In, U32, U32, U32]
);
/// `ckks_add_plain(ct, pt, out, moduli, n, rns_count, subtract)`.
impl SimKernel for CkksAddPlain {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (ct, pt, out, moduli) = (
            args.global(0),
            args.global(1),
            args.global(2),
            args.global(3),
        );
        let (n, rns_count) = (args.u32(4) as usize, args.u32(5) as usize);
        let subtract = args.u32(6) != 0;
        wg.phase(|it, _, _| {
            let j = it.global_id[1] * n + it.global_id[0];
            let i = it.global_id[2] * n * rns_count + j;
            let q = moduli.load(it.global_id[1] * MODULUS_WORDS);
            let mut x = ct.load(i);
            if it.global_id[2] == 0 {
                x = if subtract {
                    sub_mod(x, pt.load(j), q)
                } else {
                    add_mod(x, pt.load(j), q)
                };
            }
            out.store(i, x);
        });
    }
}
