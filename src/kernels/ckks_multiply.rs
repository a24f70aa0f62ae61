//! Rust mirrors of kernels-cl/ckks_multiply.cl: the ciphertext tensor product and the plaintext
//! product and sum. ND-range: dimension 0 = coefficient, 1 = RNS component, 2 = polynomial.

use super::mod_arith::{add_mod, mad_mod, modulus_row, mul_mod, sub_mod, MODULUS_WORDS};
use crate::exec::{kernel, kernel_args, KernelModule, SimArgs, SimKernel, WorkGroup};

pub static MODULE: KernelModule = KernelModule {
    name: "ckks_multiply",
    source: include_str!("../../kernels-cl/ckks_multiply.cl"),
    spirv: include_bytes!("../../spirv-kernels/ckks_multiply.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
    kernels: &[
        &CKKS_TENSOR.spec,
        &CKKS_MUL_PLAIN.spec,
        &CKKS_ADD_PLAIN.spec,
    ],
};

kernel_args! {
    /// `(x, y, out, moduli, n, rns_count)`: ND-range (n, rns_count, polys). For `ckks_tensor`, x
    /// and y are size-2 ciphertexts and `out` the size-3 product; for `ckks_mul_plain`, x is the
    /// ciphertext and y the plaintext.
    pub struct ProductArgs { x: In, y: In, out: Out, moduli: In, n: U32, rns_count: U32 }
}
kernel_args! {
    /// `ckks_add_plain(ct, pt, out, moduli, n, rns_count, subtract)`: the plaintext added to
    /// (subtracted from, `subtract` = 1) the first polynomial, the others copied.
    pub struct AddPlainArgs {
        ct: In, pt: In, out: Out, moduli: In, n: U32, rns_count: U32, subtract: U32,
    }
}
kernel! {
    pub static CKKS_TENSOR: ProductArgs = "ckks_tensor" in MODULE, mirror CkksTensor;
    pub static CKKS_MUL_PLAIN: ProductArgs = "ckks_mul_plain" in MODULE, mirror CkksMulPlain;
    pub static CKKS_ADD_PLAIN: AddPlainArgs = "ckks_add_plain" in MODULE, mirror CkksAddPlain;
}

pub struct CkksTensor;
impl SimKernel for CkksTensor {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let ProductArgs {
            x: a,
            y: b,
            out,
            moduli,
            n,
            rns_count,
        } = ProductArgs::view(args);
        let (n, rns_count) = (n as usize, rns_count as usize);
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

pub struct CkksMulPlain;
impl SimKernel for CkksMulPlain {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let ProductArgs {
            x: ct,
            y: pt,
            out,
            moduli,
            n,
            rns_count,
        } = ProductArgs::view(args);
        let (n, rns_count) = (n as usize, rns_count as usize);
        wg.phase(|it, _, _| {
            let j = it.global_id[1] * n + it.global_id[0];
            let i = it.global_id[2] * n * rns_count + j;
            let (q, m0, m1) = modulus_row(moduli, it.global_id[1]);
            out.store(i, mul_mod(ct.load(i), pt.load(j), q, m0, m1));
        });
    }
}

pub struct CkksAddPlain;
impl SimKernel for CkksAddPlain {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = AddPlainArgs::view(args);
        let (ct, pt, out, moduli) = (a.ct, a.pt, a.out, a.moduli);
        let (n, rns_count) = (a.n as usize, a.rns_count as usize);
        let subtract = a.subtract != 0;
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
