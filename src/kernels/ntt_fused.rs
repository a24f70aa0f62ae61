//! Rust mirror of kernels-cl/ntt_fused.cl: the fused negacyclic multiplication kernel (last
//! forward stage of both operands, Hadamard product, first inverse stage) run by cpu-sim.

use super::mod_arith::{mul_mod, MODULUS_WORDS};
use super::ntt_core::{
    fwd_local_rounds, inv_local_finish, items, tile_load, tile_store, Stage, Tables,
};
use super::{ArgKind, KernelModule, KernelSpec};
use crate::runtime::sim::workgroup::{SimArgs, SimKernel, WorkGroup};

pub static MODULE: KernelModule = KernelModule {
    name: "ntt_fused",
    source: include_str!("../../kernels-cl/ntt_fused.cl"),
    spirv: include_bytes!("../../spirv-kernels/ntt_fused.spv"),
    prelude: "",
    shuffle_size: None,
};

use ArgKind::{GlobalIn as In, GlobalOut as Out, Local, U32};

/// `ntt_fused_mul(a, b, roots, roots_shoup, inv_roots, inv_roots_shoup, moduli, consts, n,
/// rns_count, m, buf_a, buf_b)`.
pub struct NttFusedMul;
pub static NTT_FUSED_MUL: KernelSpec = KernelSpec {
    name: "ntt_fused_mul",
    module: &MODULE,
    args: &[Out, In, In, In, In, In, In, In, U32, U32, U32, Local, Local],
    sim: &NttFusedMul,
};
impl SimKernel for NttFusedMul {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        args.local(11) + args.local(12)
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (a, b, moduli) = (args.global(0), args.global(1), args.global(6));
        let st = Stage::whole_blocks(args.u32(8), args.u32(9), args.u32(10));
        let n = st.n;
        let fwd = Tables::from_args(args, 2, 6, n);
        let inv = Tables::from_args(args, 4, 6, n);
        // buf_b follows buf_a in the simulated local memory.
        let buf_b = args.local(11);
        tile_load(wg, 0, a, st);
        tile_load(wg, buf_b, b, st);
        // barrier(CLK_LOCAL_MEM_FENCE)
        fwd_local_rounds(wg, 0, &fwd, st, 0, 3);
        fwd_local_rounds(wg, buf_b, &fwd, st, 0, 3);
        wg.phase(|it, local, _| {
            let k = it.global_id[1] * MODULUS_WORDS;
            let (q, m0, m1) = (moduli.load(k), moduli.load(k + 1), moduli.load(k + 2));
            for e in items(it, st.words()) {
                let e = e as usize;
                local[e] = mul_mod(local[e], local[buf_b + e], q, m0, m1);
            }
        });
        // barrier(CLK_LOCAL_MEM_FENCE)
        inv_local_finish(wg, 0, &inv, args.global(7), st, 0, 3);
        tile_store(wg, 0, a, st, false, &inv);
    }
}
