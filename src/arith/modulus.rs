//! `Modulus`: a word-sized modulus with its precomputed Barrett constant, and the modular arithmetic
//! every other layer builds on (SEAL's `Modulus` and `uintarithsmallmod`, XeHE's "native" arithmetic).
//!
//! The device kernels say the same thing in OpenCL C; the two must agree bit for bit.

use super::lazy::sub_if_ge;
use crate::error::{MathError, MathResult};

/// Largest supported modulus bit count: q < 2^61 keeps Harvey's lazy NTT values (< 4q) and
/// `a·b + c` sums inside their words with room to spare.
pub const MAX_MODULUS_BITS: u32 = 61;

/// A modulus 2 ≤ q < 2^61 with its Barrett constant ⌊2^128 / q⌋.
///
/// ```
/// use xehe::arith::Modulus;
/// let q = Modulus::new(1_152_921_504_606_748_673)?; // a 60-bit NTT prime
/// assert_eq!(q.mul_mod(q.value() - 1, q.value() - 1), 1);
/// assert_eq!(q.mad_mod(2, 3, 4), 10);
/// assert!(Modulus::new(1).is_err());
/// # Ok::<(), xehe::MathError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Modulus {
    value: u64,
    bit_count: u32,
    /// ⌊2^128 / q⌋ as (low word, high word), SEAL's `const_ratio[0..2]`.
    const_ratio: [u64; 2],
}

#[inline(always)]
fn mul_wide(a: u64, b: u64) -> u128 {
    a as u128 * b as u128
}

/// High word of the 128-bit product.
#[inline(always)]
pub fn mul_hi(a: u64, b: u64) -> u64 {
    (mul_wide(a, b) >> 64) as u64
}

impl Modulus {
    /// Builds a modulus; `value` must satisfy 2 ≤ value < 2^61.
    pub fn new(value: u64) -> MathResult<Self> {
        if value < 2 {
            return Err(MathError::InvalidModulus {
                value,
                reason: "must be at least 2",
            });
        }
        if value >> MAX_MODULUS_BITS != 0 {
            return Err(MathError::InvalidModulus {
                value,
                reason: "must be below 2^61",
            });
        }
        // (2^128 - 1) / q equals ⌊2^128 / q⌋ except for powers of two, where it is one less; the
        // reduction below stays exact either way (its estimate needs only µ > 2^128/q - 1).
        let ratio = u128::MAX / value as u128;
        Ok(Self {
            value,
            bit_count: 64 - value.leading_zeros(),
            const_ratio: [ratio as u64, (ratio >> 64) as u64],
        })
    }

    /// The modulus q.
    #[inline(always)]
    pub fn value(&self) -> u64 {
        self.value
    }

    /// Number of significant bits of q.
    #[inline(always)]
    pub fn bit_count(&self) -> u32 {
        self.bit_count
    }

    /// ⌊2^128 / q⌋ as [low, high] words (what kernels receive alongside q).
    #[inline(always)]
    pub fn const_ratio(&self) -> [u64; 2] {
        self.const_ratio
    }

    /// Whether q is prime (deterministic Miller–Rabin).
    pub fn is_prime(&self) -> bool {
        crate::arith::miller_rabin::is_prime(self.value)
    }

    /// x mod q for any 64-bit x (Barrett with the high constant word, one correction).
    #[inline(always)]
    pub fn reduce(&self, x: u64) -> u64 {
        let quot = mul_hi(x, self.const_ratio[1]);
        sub_if_ge(x.wrapping_sub(quot.wrapping_mul(self.value)), self.value)
    }

    /// x mod q for any 128-bit x (Barrett with the full two-word constant, one correction).
    ///
    /// The quotient estimate is exactly ⌊x·µ / 2^128⌋, which is ⌊x/q⌋ or one less, so one
    /// conditional subtraction suffices. Words that overflow only change the quotient by multiples
    /// of 2^64, which vanish in the final 64-bit remainder.
    #[inline(always)]
    pub fn reduce_u128(&self, x: u128) -> u64 {
        let (x0, x1) = (x as u64, (x >> 64) as u64);
        let [m0, m1] = self.const_ratio;
        let mid = mul_wide(x0, m1)
            .wrapping_add(mul_wide(x1, m0))
            .wrapping_add(mul_wide(x0, m0) >> 64);
        let quot = x1.wrapping_mul(m1).wrapping_add((mid >> 64) as u64);
        sub_if_ge(x0.wrapping_sub(quot.wrapping_mul(self.value)), self.value)
    }

    /// (a + b) mod q for a, b < q.
    #[inline(always)]
    pub fn add_mod(&self, a: u64, b: u64) -> u64 {
        debug_assert!(a < self.value && b < self.value);
        sub_if_ge(a + b, self.value)
    }

    /// (a - b) mod q for a, b < q.
    #[inline(always)]
    pub fn sub_mod(&self, a: u64, b: u64) -> u64 {
        debug_assert!(a < self.value && b < self.value);
        let (d, borrow) = a.overflowing_sub(b);
        // A conditional move whatever LLVM's cmov conversion thinks (see `sub_if_ge`).
        std::hint::select_unpredictable(borrow, d.wrapping_add(self.value), d)
    }

    /// (-a) mod q for a < q.
    #[inline(always)]
    pub fn neg_mod(&self, a: u64) -> u64 {
        debug_assert!(a < self.value);
        let nonzero = 0u64.wrapping_sub(u64::from(a != 0));
        (self.value - a) & nonzero
    }

    /// (a · b) mod q for any 64-bit a, b: 128-bit product, one Barrett reduction.
    #[inline(always)]
    pub fn mul_mod(&self, a: u64, b: u64) -> u64 {
        self.reduce_u128(mul_wide(a, b))
    }

    /// (a · b + c) mod q with a single reduction (XeHE's fused `mad_mod`): a·b + c never
    /// overflows 128 bits for 64-bit words, and [`Modulus::reduce_u128`] is exact on every
    /// 128-bit input.
    #[inline(always)]
    pub fn mad_mod(&self, a: u64, b: u64, c: u64) -> u64 {
        self.reduce_u128(mul_wide(a, b) + c as u128)
    }

    /// base^exp mod q (square and multiply); 0^0 = 1.
    pub fn pow_mod(&self, base: u64, mut exp: u64) -> u64 {
        let mut result = self.reduce(1);
        let mut b = self.reduce(base);
        while exp > 0 {
            if exp & 1 == 1 {
                result = self.mul_mod(result, b);
            }
            b = self.mul_mod(b, b);
            exp >>= 1;
        }
        result
    }

    /// a^{-1} mod q, or [`MathError::NotInvertible`] when gcd(a, q) ≠ 1.
    pub fn inv_mod(&self, a: u64) -> MathResult<u64> {
        let a_red = self.reduce(a);
        // Extended Euclid on signed 128-bit values: coefficients stay below q in magnitude.
        let (mut r0, mut r1) = (self.value as i128, a_red as i128);
        let (mut t0, mut t1) = (0i128, 1i128);
        while r1 != 0 {
            let k = r0 / r1;
            (r0, r1) = (r1, r0 - k * r1);
            (t0, t1) = (t1, t0 - k * t1);
        }
        if r0 != 1 || self.value == 1 {
            return Err(MathError::NotInvertible {
                value: a,
                modulus: self.value,
            });
        }
        Ok(t0.rem_euclid(self.value as i128) as u64)
    }
}

impl std::fmt::Display for Modulus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const Q60: u64 = 1_152_921_504_606_748_673;

    #[test]
    fn rejects_out_of_range() {
        assert!(matches!(
            Modulus::new(0),
            Err(MathError::InvalidModulus { .. })
        ));
        assert!(matches!(
            Modulus::new(1),
            Err(MathError::InvalidModulus { .. })
        ));
        assert!(matches!(
            Modulus::new(1 << 61),
            Err(MathError::InvalidModulus { .. })
        ));
        assert!(Modulus::new((1 << 61) - 1).is_ok());
        assert!(Modulus::new(2).is_ok());
    }

    #[test]
    fn const_ratio_matches_seal() {
        // SEAL's Modulus(q).const_ratio()[0..2], read through tenseal.sealapi (SEAL 4).
        let q = Modulus::new(Q60).unwrap();
        assert_eq!(q.const_ratio(), [25_165_568, 16]);
        assert_eq!(q.bit_count(), 60);
        let q = Modulus::new(994_705_409).unwrap();
        assert_eq!(q.const_ratio(), [4_799_211_196_866_211_818, 18_544_931_903]);
        assert_eq!(q.bit_count(), 30);
    }

    #[test]
    fn edge_products() {
        for &v in &[2u64, 3, 4, 1 << 40, Q60, (1 << 61) - 1] {
            let q = Modulus::new(v).unwrap();
            let m = v - 1;
            assert_eq!(
                q.mul_mod(m, m),
                ((m as u128 * m as u128) % v as u128) as u64
            );
            assert_eq!(
                q.mad_mod(m, m, m),
                ((m as u128 * m as u128 + m as u128) % v as u128) as u64
            );
            assert_eq!(q.reduce_u128(u128::MAX), (u128::MAX % v as u128) as u64);
            assert_eq!(q.reduce(u64::MAX), u64::MAX % v);
            assert_eq!(q.mul_mod(0, m), 0);
        }
    }

    #[test]
    fn inverse_and_pow() {
        let q = Modulus::new(Q60).unwrap();
        for a in [1u64, 2, 3, 12345, Q60 - 1] {
            let inv = q.inv_mod(a).unwrap();
            assert_eq!(q.mul_mod(a, inv), 1);
        }
        assert!(matches!(q.inv_mod(0), Err(MathError::NotInvertible { .. })));
        assert!(matches!(
            q.inv_mod(Q60),
            Err(MathError::NotInvertible { .. })
        ));
        let composite = Modulus::new(15).unwrap();
        assert!(composite.inv_mod(6).is_err());
        assert_eq!(composite.inv_mod(2).unwrap(), 8);
        // Fermat: a^(q-1) = 1 for prime q.
        assert_eq!(q.pow_mod(123_456_789, Q60 - 1), 1);
        assert_eq!(q.pow_mod(0, 0), 1);
        assert_eq!(Modulus::new(2).unwrap().pow_mod(5, 0), 1);
    }
}
