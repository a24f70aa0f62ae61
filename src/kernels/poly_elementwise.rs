//! Coefficient-wise kernels over `[poly][rns][coeff]` arrays: the Rust mirrors of
//! kernels-cl/poly_elementwise.cl. ND-range: dimension 0 = coefficient, 1 = RNS component,
//! 2 = polynomial; one phase, no local memory.

use super::mod_arith::{add_mod, mad_mod, mul_mod, neg_mod, sub_mod, MODULUS_WORDS};
use super::{ArgKind, KernelModule, KernelSpec};
use crate::runtime::sim::workgroup::{SimArgs, SimKernel, WorkGroup, WorkItem};

pub static MODULE: KernelModule = KernelModule {
    name: "poly_elementwise",
    source: include_str!("../../kernels-cl/poly_elementwise.cl"),
    spirv: include_bytes!("../../spirv-kernels/poly_elementwise.spv"),
};

use ArgKind::{GlobalIn as In, GlobalOut as Out, U32};

/// `xehe_poly_offset`.
#[inline(always)]
fn poly_offset(it: &WorkItem, n: u32, rns_count: u32) -> usize {
    it.global_id[2] * n as usize * rns_count as usize
        + it.global_id[1] * n as usize
        + it.global_id[0]
}

/// `poly_add(a, b, out, moduli, n, rns_count)`.
pub struct PolyAdd;
pub static POLY_ADD: KernelSpec = KernelSpec {
    name: "poly_add",
    module: &MODULE,
    args: &[In, In, Out, In, U32, U32],
    sim: &PolyAdd,
};
impl SimKernel for PolyAdd {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (a, b, out, moduli) = (
            args.global(0),
            args.global(1),
            args.global(2),
            args.global(3),
        );
        let (n, rns_count) = (args.u32(4), args.u32(5));
        wg.phase(|it, _, _| {
            let i = poly_offset(it, n, rns_count);
            let q = moduli.load(it.global_id[1] * MODULUS_WORDS);
            out.store(i, add_mod(a.load(i), b.load(i), q));
        });
    }
}

/// `poly_sub(a, b, out, moduli, n, rns_count)`.
pub struct PolySub;
pub static POLY_SUB: KernelSpec = KernelSpec {
    name: "poly_sub",
    module: &MODULE,
    args: &[In, In, Out, In, U32, U32],
    sim: &PolySub,
};
impl SimKernel for PolySub {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (a, b, out, moduli) = (
            args.global(0),
            args.global(1),
            args.global(2),
            args.global(3),
        );
        let (n, rns_count) = (args.u32(4), args.u32(5));
        wg.phase(|it, _, _| {
            let i = poly_offset(it, n, rns_count);
            let q = moduli.load(it.global_id[1] * MODULUS_WORDS);
            out.store(i, sub_mod(a.load(i), b.load(i), q));
        });
    }
}

/// `poly_negate(a, out, moduli, n, rns_count)`.
pub struct PolyNegate;
pub static POLY_NEGATE: KernelSpec = KernelSpec {
    name: "poly_negate",
    module: &MODULE,
    args: &[In, Out, In, U32, U32],
    sim: &PolyNegate,
};
impl SimKernel for PolyNegate {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (a, out, moduli) = (args.global(0), args.global(1), args.global(2));
        let (n, rns_count) = (args.u32(3), args.u32(4));
        wg.phase(|it, _, _| {
            let i = poly_offset(it, n, rns_count);
            let q = moduli.load(it.global_id[1] * MODULUS_WORDS);
            out.store(i, neg_mod(a.load(i), q));
        });
    }
}

/// `poly_mul(a, b, out, moduli, n, rns_count)`.
pub struct PolyMul;
pub static POLY_MUL: KernelSpec = KernelSpec {
    name: "poly_mul",
    module: &MODULE,
    args: &[In, In, Out, In, U32, U32],
    sim: &PolyMul,
};
impl SimKernel for PolyMul {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (a, b, out, moduli) = (
            args.global(0),
            args.global(1),
            args.global(2),
            args.global(3),
        );
        let (n, rns_count) = (args.u32(4), args.u32(5));
        wg.phase(|it, _, _| {
            let i = poly_offset(it, n, rns_count);
            let m = it.global_id[1] * MODULUS_WORDS;
            let (q, m0, m1) = (moduli.load(m), moduli.load(m + 1), moduli.load(m + 2));
            out.store(i, mul_mod(a.load(i), b.load(i), q, m0, m1));
        });
    }
}

/// `poly_mul_scalar(a, scalars, out, moduli, n, rns_count)`.
pub struct PolyMulScalar;
pub static POLY_MUL_SCALAR: KernelSpec = KernelSpec {
    name: "poly_mul_scalar",
    module: &MODULE,
    args: &[In, In, Out, In, U32, U32],
    sim: &PolyMulScalar,
};
impl SimKernel for PolyMulScalar {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (a, scalars, out, moduli) = (
            args.global(0),
            args.global(1),
            args.global(2),
            args.global(3),
        );
        let (n, rns_count) = (args.u32(4), args.u32(5));
        wg.phase(|it, _, _| {
            let i = poly_offset(it, n, rns_count);
            let m = it.global_id[1] * MODULUS_WORDS;
            let (q, m0, m1) = (moduli.load(m), moduli.load(m + 1), moduli.load(m + 2));
            out.store(
                i,
                mul_mod(a.load(i), scalars.load(it.global_id[1]), q, m0, m1),
            );
        });
    }
}

/// `poly_mad(a, b, c, out, moduli, n, rns_count)`: out = a·b + c.
pub struct PolyMad;
pub static POLY_MAD: KernelSpec = KernelSpec {
    name: "poly_mad",
    module: &MODULE,
    args: &[In, In, In, Out, In, U32, U32],
    sim: &PolyMad,
};
impl SimKernel for PolyMad {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (a, b, c, out) = (
            args.global(0),
            args.global(1),
            args.global(2),
            args.global(3),
        );
        let moduli = args.global(4);
        let (n, rns_count) = (args.u32(5), args.u32(6));
        wg.phase(|it, _, _| {
            let i = poly_offset(it, n, rns_count);
            let m = it.global_id[1] * MODULUS_WORDS;
            let (q, m0, m1) = (moduli.load(m), moduli.load(m + 1), moduli.load(m + 2));
            out.store(i, mad_mod(a.load(i), b.load(i), c.load(i), q, m0, m1));
        });
    }
}
