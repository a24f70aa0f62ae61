//! Rust mirrors of kernels-cl/ckks_multiply.cl, built for both words: the ciphertext tensor
//! product and the plaintext product and sum. ND-range: dimension 0 = coefficient, 1 = RNS
//! component, 2 = polynomial.

use super::mod_arith::{add_mod, sub_mod, DeviceWord, Row};
use crate::exec::{kernel_args, word_kernel, KernelModule, SimArgs, SimKernel, WorkGroup};
use std::marker::PhantomData;

pub static MODULE: KernelModule = KernelModule {
    name: "ckks_multiply",
    source: include_str!("../../kernels-cl/ckks_multiply.cl"),
    spirv: include_bytes!("../../spirv-kernels/ckks_multiply.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
    word_bits: 64,
    kernels: &[
        &CKKS_TENSOR.w64.spec,
        &CKKS_MUL_PLAIN.w64.spec,
        &CKKS_ADD_PLAIN.w64.spec,
        &CKKS_MUL_PLAIN_SUM.w64.spec,
        &CKKS_CONST_SUM.w64.spec,
    ],
};

/// The 32-bit build of the same source (`XEHE_WORD_BITS=32`).
pub static MODULE_W32: KernelModule = KernelModule {
    name: "ckks_multiply_w32",
    source: include_str!("../../kernels-cl/ckks_multiply.cl"),
    spirv: include_bytes!("../../spirv-kernels/ckks_multiply_w32.spv"),
    prelude: "#define XEHE_WORD_BITS 32\n",
    shuffle_size: None,
    fp64: false,
    word_bits: 32,
    kernels: &[
        &CKKS_TENSOR.w32.spec,
        &CKKS_MUL_PLAIN.w32.spec,
        &CKKS_ADD_PLAIN.w32.spec,
        &CKKS_MUL_PLAIN_SUM.w32.spec,
        &CKKS_CONST_SUM.w32.spec,
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
/// Terms one `ckks_mul_plain_sum` launch adds.
pub const PLAIN_SUM_TERMS: usize = 8;

kernel_args! {
    /// `ckks_mul_plain_sum(ct0..ct7, pt0..pt7, acc, out, moduli, n, rns_count, terms,
    /// accumulate)`: Σ_{t < terms} ct_t · pt_t (plus acc when `accumulate` is 1) on every
    /// polynomial; ND-range (n, rns_count, polys).
    pub struct PlainSumArgs {
        ct0: In, ct1: In, ct2: In, ct3: In, ct4: In, ct5: In, ct6: In, ct7: In,
        pt0: In, pt1: In, pt2: In, pt3: In, pt4: In, pt5: In, pt6: In, pt7: In,
        acc: In, out: Out, moduli: In, n: U32, rns_count: U32, terms: U32, accumulate: U32,
    }
}
kernel_args! {
    /// `ckks_const_sum(ct0..ct7, scalars, acc, out, moduli, n, rns_count, terms, accumulate,
    /// rns0..rns7)`: Σ_{t < terms} ct_t · `scalars[t][prime]` (plus acc when `accumulate` is 1)
    /// on every polynomial, term t read with rns_t primes per polynomial (its first rns_count);
    /// ND-range (n, rns_count, polys).
    pub struct ConstSumArgs {
        ct0: In, ct1: In, ct2: In, ct3: In, ct4: In, ct5: In, ct6: In, ct7: In,
        scalars: In, acc: In, out: Out, moduli: In, n: U32, rns_count: U32, terms: U32,
        accumulate: U32,
        rns0: U32, rns1: U32, rns2: U32, rns3: U32, rns4: U32, rns5: U32, rns6: U32, rns7: U32,
    }
}
word_kernel! {
    pub static CKKS_TENSOR: ProductArgs = "ckks_tensor" in MODULE | MODULE_W32, mirror CkksTensor;
    pub static CKKS_MUL_PLAIN: ProductArgs = "ckks_mul_plain" in MODULE | MODULE_W32,
        mirror CkksMulPlain;
    pub static CKKS_ADD_PLAIN: AddPlainArgs = "ckks_add_plain" in MODULE | MODULE_W32,
        mirror CkksAddPlain;
    pub static CKKS_MUL_PLAIN_SUM: PlainSumArgs =
        "ckks_mul_plain_sum" in MODULE | MODULE_W32, mirror CkksMulPlainSum;
    pub static CKKS_CONST_SUM: ConstSumArgs = "ckks_const_sum" in MODULE | MODULE_W32,
        mirror CkksConstSum;
}

pub struct CkksTensor<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for CkksTensor<W> {
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
            let m = Row::<W>::load(moduli, it.global_id[1]);
            let (a0, a1, b0, b1): (W, W, W, W) = (
                a.load_as(i),
                a.load_as(w + i),
                b.load_as(i),
                b.load_as(w + i),
            );
            out.store_as(i, W::mul_mod_row(a0, b0, m.words()));
            out.store_as(
                w + i,
                W::mad_mod_row(a1, b0, W::mul_mod_row(a0, b1, m.words()), m.words()),
            );
            out.store_as(2 * w + i, W::mul_mod_row(a1, b1, m.words()));
        });
    }
}

pub struct CkksMulPlain<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for CkksMulPlain<W> {
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
            let m = Row::<W>::load(moduli, it.global_id[1]);
            out.store_as(i, W::mul_mod_row(ct.load_as(i), pt.load_as(j), m.words()));
        });
    }
}

pub struct CkksAddPlain<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for CkksAddPlain<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = AddPlainArgs::view(args);
        let (ct, pt, out, moduli) = (a.ct, a.pt, a.out, a.moduli);
        let (n, rns_count) = (a.n as usize, a.rns_count as usize);
        let subtract = a.subtract != 0;
        wg.phase(|it, _, _| {
            let j = it.global_id[1] * n + it.global_id[0];
            let i = it.global_id[2] * n * rns_count + j;
            let q: W = moduli.load_as(it.global_id[1] * W::MODULUS_WORDS);
            let mut x: W = ct.load_as(i);
            if it.global_id[2] == 0 {
                x = if subtract {
                    sub_mod(x, pt.load_as(j), q)
                } else {
                    add_mod(x, pt.load_as(j), q)
                };
            }
            out.store_as(i, x);
        });
    }
}

pub struct CkksMulPlainSum<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for CkksMulPlainSum<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = PlainSumArgs::view(args);
        let cts = [a.ct0, a.ct1, a.ct2, a.ct3, a.ct4, a.ct5, a.ct6, a.ct7];
        let pts = [a.pt0, a.pt1, a.pt2, a.pt3, a.pt4, a.pt5, a.pt6, a.pt7];
        let (n, rns_count) = (a.n as usize, a.rns_count as usize);
        let terms = (a.terms as usize).min(PLAIN_SUM_TERMS);
        wg.phase(|it, _, _| {
            let j = it.global_id[1] * n + it.global_id[0];
            let i = it.global_id[2] * n * rns_count + j;
            let m = Row::<W>::load(a.moduli, it.global_id[1]);
            let init = if a.accumulate != 0 {
                a.acc.load_as(i)
            } else {
                W::default()
            };
            // The OpenCL C's XEHE_SUM_INIT(init): init itself, as init · 1.
            let mut sum = W::mac_init(init, W::from_u64(1));
            for (ct, pt) in cts.iter().zip(&pts).take(terms) {
                W::mac(&mut sum, ct.load_as(i), pt.load_as(j));
            }
            a.out.store_as(i, W::mac_reduce(&sum, m.words()));
        });
    }
}

pub struct CkksConstSum<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for CkksConstSum<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = ConstSumArgs::view(args);
        let cts = [a.ct0, a.ct1, a.ct2, a.ct3, a.ct4, a.ct5, a.ct6, a.ct7];
        let rns = [
            a.rns0, a.rns1, a.rns2, a.rns3, a.rns4, a.rns5, a.rns6, a.rns7,
        ];
        let (n, rns_count) = (a.n as usize, a.rns_count as usize);
        let terms = (a.terms as usize).min(PLAIN_SUM_TERMS);
        wg.phase(|it, _, _| {
            let [coeff, prime, poly] = it.global_id;
            let i = (poly * rns_count + prime) * n + coeff;
            let m = Row::<W>::load(a.moduli, prime);
            let init = if a.accumulate != 0 {
                a.acc.load_as(i)
            } else {
                W::default()
            };
            // The OpenCL C's XEHE_SUM_INIT(init): init itself, as init · 1.
            let mut sum = W::mac_init(init, W::from_u64(1));
            for (t, (ct, &r)) in cts.iter().zip(&rns).enumerate().take(terms) {
                let x = ct.load_as((poly * r as usize + prime) * n + coeff);
                W::mac(&mut sum, x, a.scalars.load_as(t * rns_count + prime));
            }
            a.out.store_as(i, W::mac_reduce(&sum, m.words()));
        });
    }
}
