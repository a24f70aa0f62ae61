//! Rust mirror of kernels-cl/common/mod_arith.h, statement for statement, so that simulated
//! kernels compute exactly what the device computes (including the explicit carry handling of
//! the 128-bit Barrett reduction, which OpenCL C has no 128-bit type for).

/// Words per modulus in a device `moduli` table: q, ⌊2^128/q⌋ low, ⌊2^128/q⌋ high.
pub const MODULUS_WORDS: usize = 3;

/// OpenCL's `mul_hi(ulong, ulong)`.
#[inline(always)]
pub fn mul_hi(a: u64, b: u64) -> u64 {
    ((a as u128 * b as u128) >> 64) as u64
}

#[inline(always)]
pub fn sub_if_ge(x: u64, q: u64) -> u64 {
    if x >= q {
        x - q
    } else {
        x
    }
}

#[inline(always)]
pub fn add_mod(a: u64, b: u64, q: u64) -> u64 {
    sub_if_ge(a.wrapping_add(b), q)
}

#[inline(always)]
pub fn sub_mod(a: u64, b: u64, q: u64) -> u64 {
    if a >= b {
        a - b
    } else {
        a.wrapping_add(q.wrapping_sub(b))
    }
}

#[inline(always)]
pub fn neg_mod(a: u64, q: u64) -> u64 {
    if a == 0 {
        0
    } else {
        q.wrapping_sub(a)
    }
}

/// `xehe_reduce_128`.
#[inline(always)]
pub fn reduce_128(x0: u64, x1: u64, q: u64, m0: u64, m1: u64) -> u64 {
    let c = mul_hi(x0, m0);
    let lo1 = x0.wrapping_mul(m1);
    let hi1 = mul_hi(x0, m1);
    let lo2 = x1.wrapping_mul(m0);
    let hi2 = mul_hi(x1, m0);
    let s = lo1.wrapping_add(lo2);
    let mut carry = u64::from(s < lo1);
    let s2 = s.wrapping_add(c);
    carry += u64::from(s2 < s);
    let quot = x1
        .wrapping_mul(m1)
        .wrapping_add(hi1.wrapping_add(hi2).wrapping_add(carry));
    sub_if_ge(x0.wrapping_sub(quot.wrapping_mul(q)), q)
}

/// `xehe_mul_mod`.
#[inline(always)]
pub fn mul_mod(a: u64, b: u64, q: u64, m0: u64, m1: u64) -> u64 {
    reduce_128(a.wrapping_mul(b), mul_hi(a, b), q, m0, m1)
}

/// `xehe_mad_mod`.
#[inline(always)]
pub fn mad_mod(a: u64, b: u64, c: u64, q: u64, m0: u64, m1: u64) -> u64 {
    let lo = a.wrapping_mul(b);
    let mut hi = mul_hi(a, b);
    let lo_c = lo.wrapping_add(c);
    hi += u64::from(lo_c < lo);
    reduce_128(lo_c, hi, q, m0, m1)
}

/// `xehe_mac_wide`: (hi, lo) += a·b.
#[inline(always)]
pub fn mac_wide(a: u64, b: u64, lo: &mut u64, hi: &mut u64) {
    let p_lo = a.wrapping_mul(b);
    *lo = lo.wrapping_add(p_lo);
    *hi = hi.wrapping_add(mul_hi(a, b).wrapping_add(u64::from(*lo < p_lo)));
}

/// The device `moduli` table for a list of moduli.
pub fn moduli_table(moduli: &[crate::arith::Modulus]) -> Vec<u64> {
    moduli
        .iter()
        .flat_map(|m| {
            let [r0, r1] = m.const_ratio();
            [m.value(), r0, r1]
        })
        .collect()
}

/// Component `c`'s row of a device `moduli` table: (q, m0, m1), what the kernels read as
/// `moduli + c * XEHE_MODULUS_WORDS`.
#[inline(always)]
pub fn modulus_row(moduli: crate::exec::Global<'_>, c: usize) -> (u64, u64, u64) {
    let row = c * MODULUS_WORDS;
    (moduli.load(row), moduli.load(row + 1), moduli.load(row + 2))
}

/// `xehe_mul_shoup_lazy`.
#[inline(always)]
pub fn mul_shoup_lazy(x: u64, w: u64, w_shoup: u64, q: u64) -> u64 {
    x.wrapping_mul(w)
        .wrapping_sub(mul_hi(x, w_shoup).wrapping_mul(q))
}

/// `xehe_guard`.
#[inline(always)]
pub fn guard(x: u64, two_q: u64) -> u64 {
    if x >= two_q {
        x - two_q
    } else {
        x
    }
}

/// `xehe_reduce_4q`.
#[inline(always)]
pub fn reduce_4q(x: u64, q: u64, two_q: u64) -> u64 {
    sub_if_ge(guard(x, two_q), q)
}
