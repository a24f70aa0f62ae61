//! Coefficient-wise kernels over `[poly][rns][coeff]` arrays: the Rust mirrors of
//! kernels-cl/poly_elementwise.cl. ND-range: dimension 0 = coefficient, 1 = RNS component,
//! 2 = polynomial; one phase, no local memory.

use super::mod_arith::{add_mod, mad_mod, modulus_row, mul_mod, neg_mod, sub_mod, MODULUS_WORDS};
use super::{ArgKind, KernelModule, KernelSpec};
use crate::runtime::sim::workgroup::{Global, SimArgs, SimKernel, WorkGroup, WorkItem};

pub static MODULE: KernelModule = KernelModule {
    name: "poly_elementwise",
    source: include_str!("../../kernels-cl/poly_elementwise.cl"),
    spirv: include_bytes!("../../spirv-kernels/poly_elementwise.spv"),
    prelude: "",
    shuffle_size: None,
};

use ArgKind::{GlobalIn as In, GlobalOut as Out, U32};

/// `xehe_poly_offset`.
#[inline(always)]
fn poly_offset(it: &WorkItem, n: u32, rns_count: u32) -> usize {
    it.global_id[2] * n as usize * rns_count as usize
        + it.global_id[1] * n as usize
        + it.global_id[0]
}

/// What every kernel of this file shares: arguments (buffers…, out, moduli, n, rns_count) with
/// `buffers` buffers before `out`, one phase, and per work-item the offset `i` and the RNS
/// component's row of the `moduli` table. `f(i, rns, modulus)` gives `out[i]`.
fn per_coefficient(
    wg: &mut WorkGroup<'_>,
    args: &SimArgs<'_>,
    buffers: usize,
    f: impl Fn(usize, usize, Modulus3) -> u64,
) {
    let (out, moduli) = (args.global(buffers), args.global(buffers + 1));
    let (n, rns_count) = (args.u32(buffers + 2), args.u32(buffers + 3));
    wg.phase(|it, _, _| {
        let i = poly_offset(it, n, rns_count);
        let rns = it.global_id[1];
        out.store(
            i,
            f(
                i,
                rns,
                Modulus3 {
                    moduli,
                    row: rns * MODULUS_WORDS,
                },
            ),
        );
    });
}

/// A row of the `moduli` table: `q()` is `moduli[row]`, `all()` also reads the Barrett words.
#[derive(Clone, Copy)]
struct Modulus3<'a> {
    moduli: Global<'a>,
    row: usize,
}

impl Modulus3<'_> {
    fn q(self) -> u64 {
        self.moduli.load(self.row)
    }
    fn all(self) -> (u64, u64, u64) {
        modulus_row(self.moduli, self.row / MODULUS_WORDS)
    }
}

kernel_spec!(PolyAdd, POLY_ADD, "poly_add", &[In, In, Out, In, U32, U32]);
/// `poly_add(a, b, out, moduli, n, rns_count)`.
impl SimKernel for PolyAdd {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (a, b) = (args.global(0), args.global(1));
        per_coefficient(wg, args, 2, |i, _, m| add_mod(a.load(i), b.load(i), m.q()));
    }
}

kernel_spec!(PolySub, POLY_SUB, "poly_sub", &[In, In, Out, In, U32, U32]);
/// `poly_sub(a, b, out, moduli, n, rns_count)`.
impl SimKernel for PolySub {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (a, b) = (args.global(0), args.global(1));
        per_coefficient(wg, args, 2, |i, _, m| sub_mod(a.load(i), b.load(i), m.q()));
    }
}

kernel_spec!(
    PolyNegate,
    POLY_NEGATE,
    "poly_negate",
    &[In, Out, In, U32, U32]
);
/// `poly_negate(a, out, moduli, n, rns_count)`.
impl SimKernel for PolyNegate {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = args.global(0);
        per_coefficient(wg, args, 1, |i, _, m| neg_mod(a.load(i), m.q()));
    }
}

kernel_spec!(PolyMul, POLY_MUL, "poly_mul", &[In, In, Out, In, U32, U32]);
/// `poly_mul(a, b, out, moduli, n, rns_count)`.
impl SimKernel for PolyMul {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (a, b) = (args.global(0), args.global(1));
        per_coefficient(wg, args, 2, |i, _, m| {
            let (q, m0, m1) = m.all();
            mul_mod(a.load(i), b.load(i), q, m0, m1)
        });
    }
}

kernel_spec!(
    PolyMulScalar,
    POLY_MUL_SCALAR,
    "poly_mul_scalar",
    &[In, In, Out, In, U32, U32]
);
/// `poly_mul_scalar(a, scalars, out, moduli, n, rns_count)`.
impl SimKernel for PolyMulScalar {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (a, scalars) = (args.global(0), args.global(1));
        per_coefficient(wg, args, 2, |i, rns, m| {
            let (q, m0, m1) = m.all();
            mul_mod(a.load(i), scalars.load(rns), q, m0, m1)
        });
    }
}

kernel_spec!(
    PolyMad,
    POLY_MAD,
    "poly_mad",
    &[In, In, In, Out, In, U32, U32]
);
/// `poly_mad(a, b, c, out, moduli, n, rns_count)`: out = a·b + c.
impl SimKernel for PolyMad {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (a, b, c) = (args.global(0), args.global(1), args.global(2));
        per_coefficient(wg, args, 3, |i, _, m| {
            let (q, m0, m1) = m.all();
            mad_mod(a.load(i), b.load(i), c.load(i), q, m0, m1)
        });
    }
}
