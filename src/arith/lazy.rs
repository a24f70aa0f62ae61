//! Harvey's lazy-reduction helpers: values live in [0, 2q) or [0, 4q) between NTT stages and are
//! brought back only where a bound would otherwise be exceeded. SEAL's `Arithmetic<uint64_t,
//! MultiplyUIntModOperand, ...>` (add, sub, guard) in the DWT handler says the same thing.

/// a − b if a ≥ b, else a. Written as a plain comparison: LLVM turns it into a conditional move
/// where that pays; hand-written masks and `min` forms measured slower in the NTT (see
/// benches/results/cpu-2026-11-21.md).
#[inline(always)]
pub fn sub_if_ge(a: u64, b: u64) -> u64 {
    if a >= b {
        a - b
    } else {
        a
    }
}

/// a − b if a ≥ b, else a, through a mask (no branch, whatever the compiler does): SEAL's form
/// in `add_uint_mod` and the Barrett reductions. [`crate::arith::modulus::Modulus`] uses it, since its
/// operations run on secrets (key generation, decryption) and masks measured no slower there;
/// the NTT butterflies keep [`sub_if_ge`], which LLVM compiles to a conditional move and which
/// measured 24% faster in the Shoup NTT.
#[inline(always)]
pub fn sub_if_ge_masked(a: u64, b: u64) -> u64 {
    let mask = 0u64.wrapping_sub(u64::from(a >= b));
    a.wrapping_sub(b & mask)
}

/// Brings a value in [0, 4q) into [0, 2q).
#[inline(always)]
pub fn guard(a: u64, two_q: u64) -> u64 {
    sub_if_ge(a, two_q)
}

/// Lazy sum: inputs in [0, 2q), output in [0, 4q).
#[inline(always)]
pub fn add_lazy(a: u64, b: u64) -> u64 {
    a + b
}

/// Lazy difference: inputs in [0, 2q), output a - b + 2q in [0, 4q).
#[inline(always)]
pub fn sub_lazy(a: u64, b: u64, two_q: u64) -> u64 {
    a + two_q - b
}

/// Reduces a value in [0, 4q) to [0, q).
#[inline(always)]
pub fn reduce_from_4q(a: u64, q: u64, two_q: u64) -> u64 {
    sub_if_ge(guard(a, two_q), q)
}
