//! Rust mirror of kernels-cl/decrypt.cl, built for both words: c0 + c1·s (+ …) by Horner's
//! rule, the host decryptor's order.

use super::mod_arith::{DeviceWord, Row};
use crate::exec::{kernel_args, word_kernel, KernelModule, SimArgs, SimKernel, WorkGroup};
use std::marker::PhantomData;

pub static MODULE: KernelModule = KernelModule {
    name: "decrypt",
    source: include_str!("../../kernels-cl/decrypt.cl"),
    spirv: include_bytes!("../../spirv-kernels/decrypt.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
    word_bits: 64,
    kernels: &[&DECRYPT_HORNER.w64.spec],
};

/// The 32-bit build of the same source (`XEHE_WORD_BITS=32`).
pub static MODULE_W32: KernelModule = KernelModule {
    name: "decrypt_w32",
    source: include_str!("../../kernels-cl/decrypt.cl"),
    spirv: include_bytes!("../../spirv-kernels/decrypt_w32.spv"),
    prelude: "#define XEHE_WORD_BITS 32\n",
    shuffle_size: None,
    fp64: false,
    word_bits: 32,
    kernels: &[&DECRYPT_HORNER.w32.spec],
};

kernel_args! {
    /// `decrypt_horner(ct, s, out, moduli, n, rns_count, size, key_first)`: ND-range (n,
    /// rns_count, 1); the level's key rows start at row `key_first` of `s`.
    pub struct HornerArgs {
        ct: In, s: In, out: Out, moduli: In, n: U32, rns_count: U32, size: U32, key_first: U32,
    }
}
word_kernel! {
    pub static DECRYPT_HORNER: HornerArgs = "decrypt_horner" in MODULE | MODULE_W32,
        mirror DecryptHorner;
}

pub struct DecryptHorner<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for DecryptHorner<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = HornerArgs::view(args);
        let (n, rns, size) = (a.n as usize, a.rns_count as usize, a.size as usize);
        wg.phase(|it, _, _| {
            let (i, c) = (it.global_id[0], it.global_id[1]);
            let m = Row::<W>::load(a.moduli, c);
            let at = c * n + i;
            let key: W = a.s.load_as(a.key_first as usize * n + at);
            let mut acc = W::default();
            for p in (0..size).rev() {
                acc = W::mad_mod_row(acc, key, a.ct.load_as(p * rns * n + at), m.words());
            }
            a.out.store_as(at, acc);
        });
    }
}
