//! Harvey's lazy-reduction helpers: values live in [0, 2q) or [0, 4q) between NTT stages and are
//! brought back only where a bound would otherwise be exceeded. SEAL's `Arithmetic<uint64_t,
//! MultiplyUIntModOperand, ...>` (add, sub, guard) in the DWT handler says the same thing.

/// a − b if a ≥ b, else a, as a conditional move. `select_unpredictable` rather than an `if`:
/// LLVM's x86 cmov conversion turned the `if` (and a mask form, which it reads as the same
/// select) into branches inside loops, which mispredict on about every other word where the
/// condition is data (a Barrett correction, the NTT's last reduction pass).
/// [`crate::arith::modulus::Modulus`] uses it too: its operations run on secrets (key
/// generation, decryption), which must not steer branches.
#[inline(always)]
pub fn sub_if_ge(a: u64, b: u64) -> u64 {
    std::hint::select_unpredictable(a >= b, a.wrapping_sub(b), a)
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
