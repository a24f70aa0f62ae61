//! Rust mirror of kernels-cl/decrypt.cl: c0 + c1·s (+ …) by Horner's rule, the host
//! decryptor's order.

use super::mod_arith::{mad_mod, modulus_row};
use crate::exec::{kernel, kernel_args, KernelModule, SimArgs, SimKernel, WorkGroup};

pub static MODULE: KernelModule = KernelModule {
    name: "decrypt",
    source: include_str!("../../kernels-cl/decrypt.cl"),
    spirv: include_bytes!("../../spirv-kernels/decrypt.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
    word_bits: 64,
    kernels: &[&DECRYPT_HORNER.spec],
};

kernel_args! {
    /// `decrypt_horner(ct, s, out, moduli, n, rns_count, size)`: ND-range (n, rns_count, 1).
    pub struct HornerArgs {
        ct: In, s: In, out: Out, moduli: In, n: U32, rns_count: U32, size: U32,
    }
}
kernel! {
    pub static DECRYPT_HORNER: HornerArgs = "decrypt_horner" in MODULE, mirror DecryptHorner;
}

pub struct DecryptHorner;
impl SimKernel for DecryptHorner {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = HornerArgs::view(args);
        let (n, rns, size) = (a.n as usize, a.rns_count as usize, a.size as usize);
        wg.phase(|it, _, _| {
            let (i, c) = (it.global_id[0], it.global_id[1]);
            let (q, m0, m1) = modulus_row(a.moduli, c);
            let at = c * n + i;
            let key = a.s.load(at);
            let mut acc = 0;
            for p in (0..size).rev() {
                acc = mad_mod(acc, key, a.ct.load(p * rns * n + at), q, m0, m1);
            }
            a.out.store(at, acc);
        });
    }
}
