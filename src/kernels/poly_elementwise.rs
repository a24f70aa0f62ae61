//! Coefficient-wise kernels over `[poly][rns][coeff]` arrays: the Rust mirrors of
//! kernels-cl/poly_elementwise.cl, built for both words. ND-range: dimension 0 = coefficient,
//! 1 = RNS component, 2 = polynomial; one phase, no local memory.

use super::mod_arith::{self, add_mod, neg_mod, sub_mod, DeviceWord};
use crate::exec::{
    kernel_args, word_kernel, Global, KernelModule, Mirror, SimArgs, SimKernel, WorkGroup, WorkItem,
};
use std::marker::PhantomData;

pub static MODULE: KernelModule = KernelModule {
    name: "poly_elementwise",
    source: include_str!("../../kernels-cl/poly_elementwise.cl"),
    spirv: include_bytes!("../../spirv-kernels/poly_elementwise.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
    word_bits: 64,
    kernels: &[
        &POLY_ADD.w64.spec,
        &POLY_SUB.w64.spec,
        &POLY_NEGATE.w64.spec,
        &POLY_MUL.w64.spec,
        &POLY_MUL_SCALAR.w64.spec,
        &POLY_MAD.w64.spec,
    ],
};

/// The 32-bit build of the same source (`XEHE_WORD_BITS=32`).
pub static MODULE_W32: KernelModule = KernelModule {
    name: "poly_elementwise_w32",
    source: include_str!("../../kernels-cl/poly_elementwise.cl"),
    spirv: include_bytes!("../../spirv-kernels/poly_elementwise_w32.spv"),
    prelude: "#define XEHE_WORD_BITS 32\n",
    shuffle_size: None,
    fp64: false,
    word_bits: 32,
    kernels: &[
        &POLY_ADD.w32.spec,
        &POLY_SUB.w32.spec,
        &POLY_NEGATE.w32.spec,
        &POLY_MUL.w32.spec,
        &POLY_MUL_SCALAR.w32.spec,
        &POLY_MAD.w32.spec,
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
word_kernel! {
    pub static POLY_ADD: BinaryArgs = "poly_add" in MODULE | MODULE_W32, mirror PolyAdd;
    pub static POLY_SUB: BinaryArgs = "poly_sub" in MODULE | MODULE_W32, mirror PolySub;
    pub static POLY_NEGATE: UnaryArgs = "poly_negate" in MODULE | MODULE_W32, mirror PolyNegate;
    pub static POLY_MUL: BinaryArgs = "poly_mul" in MODULE | MODULE_W32, mirror PolyMul;
    pub static POLY_MUL_SCALAR: BinaryArgs = "poly_mul_scalar" in MODULE | MODULE_W32,
        mirror PolyMulScalar;
    pub static POLY_MAD: MadArgs = "poly_mad" in MODULE | MODULE_W32, mirror PolyMad;
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
/// RNS component's row of the `moduli` table. `f(i, rns, row)` gives `out[i]`.
fn per_coefficient<W: DeviceWord>(
    wg: &mut WorkGroup<'_>,
    o: Dest<'_>,
    f: impl Fn(usize, usize, Row<'_, W>) -> W,
) {
    let Dest {
        out,
        moduli,
        n,
        rns_count,
    } = o;
    wg.phase(|it, _, _| {
        let i = poly_offset(it, n, rns_count);
        let rns = it.global_id[1];
        let row = Row {
            moduli,
            at: rns * W::MODULUS_WORDS,
            word: PhantomData,
        };
        out.store_as(i, f(i, rns, row));
    });
}

/// A row of the `moduli` table, `moduli + rns * XEHE_MODULUS_WORDS`, read lazily: `q()` reads
/// its first word (all add, sub and neg need), `loaded()` all of them (what
/// `xehe_mul_mod_row` reads).
#[derive(Clone, Copy)]
struct Row<'a, W> {
    moduli: Global<'a>,
    at: usize,
    word: PhantomData<W>,
}

impl<W: DeviceWord> Row<'_, W> {
    fn q(self) -> W {
        self.moduli.load_as(self.at)
    }
    fn loaded(self) -> mod_arith::Row<W> {
        mod_arith::Row::load(self.moduli, self.at / W::MODULUS_WORDS)
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

pub struct PolyAdd<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for PolyAdd<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let v = BinaryArgs::view(args);
        per_coefficient::<W>(wg, v.dest(), |i, _, m| {
            add_mod(v.a.load_as(i), v.b.load_as(i), m.q())
        });
    }
}

pub struct PolySub<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for PolySub<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let v = BinaryArgs::view(args);
        per_coefficient::<W>(wg, v.dest(), |i, _, m| {
            sub_mod(v.a.load_as(i), v.b.load_as(i), m.q())
        });
    }
}

pub struct PolyNegate<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for PolyNegate<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let v = UnaryArgs::view(args);
        per_coefficient::<W>(wg, v.dest(), |i, _, m| neg_mod(v.a.load_as(i), m.q()));
    }
}

pub struct PolyMul<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for PolyMul<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let v = BinaryArgs::view(args);
        per_coefficient::<W>(wg, v.dest(), |i, _, m| {
            W::mul_mod_row(v.a.load_as(i), v.b.load_as(i), m.loaded().words())
        });
    }
}

/// `b` holds one scalar per RNS component.
pub struct PolyMulScalar<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for PolyMulScalar<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let v = BinaryArgs::view(args);
        per_coefficient::<W>(wg, v.dest(), |i, rns, m| {
            W::mul_mod_row(v.a.load_as(i), v.b.load_as(rns), m.loaded().words())
        });
    }
}

/// out = a·b + c.
pub struct PolyMad<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for PolyMad<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let v = MadArgs::view(args);
        per_coefficient::<W>(wg, v.dest(), |i, _, m| {
            W::mad_mod_row(
                v.a.load_as(i),
                v.b.load_as(i),
                v.c.load_as(i),
                m.loaded().words(),
            )
        });
    }
}
