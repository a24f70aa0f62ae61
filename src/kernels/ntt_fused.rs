//! Rust mirror of kernels-cl/ntt_fused.cl: the fused negacyclic multiplication kernel (last
//! forward stage of both operands, Hadamard product, first inverse stage) run by cpu-sim, for
//! both words (`ntt_fused`, `ntt_fused_w32`).

use super::mod_arith::{DeviceWord, Row};
use super::ntt_core::{
    fwd_local_rounds, inv_local_finish, items, tile_load, tile_store, Stage, Tables,
};
use crate::exec::{kernel_args, word_kernel, KernelModule, SimArgs, SimKernel, WorkGroup};
use std::marker::PhantomData;

pub static MODULE: KernelModule = KernelModule {
    name: "ntt_fused",
    source: include_str!("../../kernels-cl/ntt_fused.cl"),
    spirv: include_bytes!("../../spirv-kernels/ntt_fused.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
    word_bits: 64,
    kernels: &[&NTT_FUSED_MUL.w64.spec],
};

/// The 32-bit build of the same source (`XEHE_WORD_BITS=32`).
pub static MODULE_W32: KernelModule = KernelModule {
    name: "ntt_fused_w32",
    source: include_str!("../../kernels-cl/ntt_fused.cl"),
    spirv: include_bytes!("../../spirv-kernels/ntt_fused_w32.spv"),
    prelude: "#define XEHE_WORD_BITS 32\n",
    shuffle_size: None,
    fp64: false,
    word_bits: 32,
    kernels: &[&NTT_FUSED_MUL.w32.spec],
};

kernel_args! {
    /// `ntt_fused_mul(a, b, roots, roots_shoup, inv_roots, inv_roots_shoup, moduli, consts, n,
    /// rns_count, m, buf_a, buf_b)`: a ← a · b (negacyclic) from the round `m` on, both operands
    /// in local memory.
    pub struct FusedMulArgs {
        a: Out, b: In, roots: In, roots_shoup: In, inv_roots: In, inv_roots_shoup: In,
        moduli: In, consts: In, n: U32, rns_count: U32, m: U32, buf_a: Local, buf_b: Local,
    }
}
word_kernel! {
    pub static NTT_FUSED_MUL: FusedMulArgs = "ntt_fused_mul" in MODULE | MODULE_W32,
        mirror NttFusedMul;
}

pub struct NttFusedMul<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for NttFusedMul<W> {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        let v = FusedMulArgs::view(args);
        v.buf_a + v.buf_b
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let v = FusedMulArgs::view(args);
        let (a, b, moduli) = (v.a, v.b, v.moduli);
        let st = Stage::whole_blocks(v.n, v.rns_count, v.m);
        let n = st.n;
        let fwd = Tables::<W>::new(v.roots, v.roots_shoup, moduli, n);
        let inv = Tables::<W>::new(v.inv_roots, v.inv_roots_shoup, moduli, n);
        // buf_b follows buf_a in the simulated local memory.
        let buf_b = v.buf_a;
        tile_load::<W>(wg, 0, a, st);
        tile_load::<W>(wg, buf_b, b, st);
        // barrier(CLK_LOCAL_MEM_FENCE)
        fwd_local_rounds(wg, 0, &fwd, st, 0, 3);
        fwd_local_rounds(wg, buf_b, &fwd, st, 0, 3);
        wg.phase(|it, local, _| {
            let row = Row::<W>::load(moduli, it.global_id[1]);
            let row = row.words();
            for e in items(it, st.words()) {
                let e = e as usize;
                let (x, y) = (W::from_slot(local[e]), W::from_slot(local[buf_b + e]));
                local[e] = W::mul_mod_any(x, y, row).to_slot();
            }
        });
        // barrier(CLK_LOCAL_MEM_FENCE)
        inv_local_finish(wg, 0, &inv, v.consts, st, 0, 3);
        tile_store(wg, 0, a, st, false, &inv);
    }
}
