//! Coefficient-wise kernels over `[poly][rns][coeff]` arrays: the Rust mirrors of
//! kernels-cl/poly_elementwise.cl. ND-range: dimension 0 = coefficient, 1 = RNS component,
//! 2 = polynomial; one phase, no local memory.

use super::mod_arith::{add_mod, mad_mod, modulus_row, mul_mod, neg_mod, sub_mod, MODULUS_WORDS};
use crate::exec::{
    kernel, kernel_args, Global, KernelModule, Mirror, SimArgs, SimKernel, WorkGroup, WorkItem,
};

pub static MODULE: KernelModule = KernelModule {
    name: "poly_elementwise",
    source: include_str!("../../kernels-cl/poly_elementwise.cl"),
    spirv: include_bytes!("../../spirv-kernels/poly_elementwise.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
    word_bits: 64,
    kernels: &[
        &POLY_ADD.spec,
        &POLY_SUB.spec,
        &POLY_NEGATE.spec,
        &POLY_MUL.spec,
        &POLY_MUL_SCALAR.spec,
        &POLY_MAD.spec,
    ],
};

kernel_args! {
    /// `(a, b, out, moduli, n, rns_count)`: `out = a ∘ b` word by word (for `poly_mul_scalar`,
    /// `b` holds one scalar per RNS component).
    pub struct BinaryArgs { a: In, b: In, out: Out, moduli: In, n: U32, rns_count: U32 }
}
kernel_args! {
    /// `(a, out, moduli, n, rns_count)`.
    pub struct UnaryArgs { a: In, out: Out, moduli: In, n: U32, rns_count: U32 }
}
kernel_args! {
    /// `(a, b, c, out, moduli, n, rns_count)`: out = a·b + c.
    pub struct MadArgs { a: In, b: In, c: In, out: Out, moduli: In, n: U32, rns_count: U32 }
}
kernel! {
    pub static POLY_ADD: BinaryArgs = "poly_add" in MODULE, mirror PolyAdd;
    pub static POLY_SUB: BinaryArgs = "poly_sub" in MODULE, mirror PolySub;
    pub static POLY_NEGATE: UnaryArgs = "poly_negate" in MODULE, mirror PolyNegate;
    pub static POLY_MUL: BinaryArgs = "poly_mul" in MODULE, mirror PolyMul;
    pub static POLY_MUL_SCALAR: BinaryArgs = "poly_mul_scalar" in MODULE, mirror PolyMulScalar;
    pub static POLY_MAD: MadArgs = "poly_mad" in MODULE, mirror PolyMad;
}

/// `xehe_poly_offset`.
#[inline(always)]
fn poly_offset(it: &WorkItem, n: u32, rns_count: u32) -> usize {
    it.global_id[2] * n as usize * rns_count as usize
        + it.global_id[1] * n as usize
        + it.global_id[0]
}

/// The output side every kernel of this file shares: `out`, `moduli`, `n`, `rns_count`.
struct Dest<'a> {
    out: Global<'a>,
    moduli: Global<'a>,
    n: u32,
    rns_count: u32,
}

/// What every kernel of this file shares: one phase, and per work-item the offset `i` and the
/// RNS component's row of the `moduli` table. `f(i, rns, modulus)` gives `out[i]`.
fn per_coefficient(wg: &mut WorkGroup<'_>, o: Dest<'_>, f: impl Fn(usize, usize, Modulus3) -> u64) {
    let Dest {
        out,
        moduli,
        n,
        rns_count,
    } = o;
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

/// The output side of each argument struct of this file.
macro_rules! dest {
    ($($args:ident),*) => {$(
        impl<'a> $args<'a, Mirror> {
            fn dest(&self) -> Dest<'a> {
                Dest {
                    out: self.out,
                    moduli: self.moduli,
                    n: self.n,
                    rns_count: self.rns_count,
                }
            }
        }
    )*};
}
dest!(BinaryArgs, UnaryArgs, MadArgs);

pub struct PolyAdd;
impl SimKernel for PolyAdd {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let v = BinaryArgs::view(args);
        per_coefficient(wg, v.dest(), |i, _, m| {
            add_mod(v.a.load(i), v.b.load(i), m.q())
        });
    }
}

pub struct PolySub;
impl SimKernel for PolySub {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let v = BinaryArgs::view(args);
        per_coefficient(wg, v.dest(), |i, _, m| {
            sub_mod(v.a.load(i), v.b.load(i), m.q())
        });
    }
}

pub struct PolyNegate;
impl SimKernel for PolyNegate {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let v = UnaryArgs::view(args);
        per_coefficient(wg, v.dest(), |i, _, m| neg_mod(v.a.load(i), m.q()));
    }
}

pub struct PolyMul;
impl SimKernel for PolyMul {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let v = BinaryArgs::view(args);
        per_coefficient(wg, v.dest(), |i, _, m| {
            let (q, m0, m1) = m.all();
            mul_mod(v.a.load(i), v.b.load(i), q, m0, m1)
        });
    }
}

/// `b` holds one scalar per RNS component.
pub struct PolyMulScalar;
impl SimKernel for PolyMulScalar {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let v = BinaryArgs::view(args);
        per_coefficient(wg, v.dest(), |i, rns, m| {
            let (q, m0, m1) = m.all();
            mul_mod(v.a.load(i), v.b.load(rns), q, m0, m1)
        });
    }
}

/// out = a·b + c.
pub struct PolyMad;
impl SimKernel for PolyMad {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let v = MadArgs::view(args);
        per_coefficient(wg, v.dest(), |i, _, m| {
            let (q, m0, m1) = m.all();
            mad_mod(v.a.load(i), v.b.load(i), v.c.load(i), q, m0, m1)
        });
    }
}
