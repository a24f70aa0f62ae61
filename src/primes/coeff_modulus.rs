//! `CoeffModulus`: SEAL's prime-chain selection and the HE standard's security bounds.

use crate::arith::Modulus;
use crate::error::{MathError, MathResult};
use std::collections::HashMap;

use crate::arith::is_prime;

/// Smallest polynomial degree SEAL accepts.
pub const POLY_MOD_DEGREE_MIN: u64 = 2;
/// Largest polynomial degree SEAL accepts.
pub const POLY_MOD_DEGREE_MAX: u64 = 131_072;
/// Smallest prime bit size `CoeffModulus::create` accepts (SEAL's `SEAL_USER_MOD_BIT_COUNT_MIN`).
pub const USER_MOD_BIT_COUNT_MIN: u32 = 2;
/// Largest prime bit size `CoeffModulus::create` accepts (SEAL's `SEAL_USER_MOD_BIT_COUNT_MAX`).
pub const USER_MOD_BIT_COUNT_MAX: u32 = 60;
/// Most primes in one chain (SEAL's `SEAL_COEFF_MOD_COUNT_MAX`).
pub const COEFF_MOD_COUNT_MAX: usize = 64;

/// Security levels of the HE standard (classical attacks, ternary secrets), as in SEAL.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SecurityLevel {
    /// No check: the caller takes responsibility for the parameters.
    None,
    Tc128,
    Tc192,
    Tc256,
}

/// Namespace of coefficient-modulus helpers, named after SEAL's class.
pub struct CoeffModulus;

impl CoeffModulus {
    /// Largest total coefficient-modulus bit count for 128-bit security at degree `n`
    /// (HE standard, as SEAL's `CoeffModulus::MaxBitCount(n, sec_level_type::tc128)`, up to
    /// 2^15; OpenFHE's ternary bounds at 2^16 and 2^17, where SEAL answers 0).
    ///
    /// `None` where no bound is known; parameters there need an explicit, insecure opt-out
    /// ([`SecurityLevel::None`]).
    ///
    /// ```
    /// use xehe::primes::CoeffModulus;
    /// assert_eq!(CoeffModulus::max_bit_count(8192), Some(218));
    /// assert_eq!(CoeffModulus::max_bit_count(65536), Some(1747));
    /// assert_eq!(CoeffModulus::max_bit_count(512), None);
    /// ```
    pub fn max_bit_count(n: u64) -> Option<u32> {
        Self::max_bit_count_for(n, SecurityLevel::Tc128)
    }

    /// Like [`CoeffModulus::max_bit_count`] for any level; `SecurityLevel::None` has no bound
    /// (`Some(u32::MAX)`).
    pub fn max_bit_count_for(n: u64, level: SecurityLevel) -> Option<u32> {
        // SEAL's table (the HE standard, ternary secrets) up to 2^15. Beyond it the standard is
        // silent; for 128 bits, OpenFHE's ternary bounds (HEStd_128_classic in its
        // stdlatticeparms.cpp): 1747 bits at 2^16, 3523 at 2^17. No 192/256-bit figure is
        // used above 2^15 (none that xehe could cite), so those levels refuse there.
        let row: [Option<u32>; 8] = match level {
            SecurityLevel::None => return Some(u32::MAX),
            SecurityLevel::Tc128 => [27, 54, 109, 218, 438, 881, 1747, 3523].map(Some),
            SecurityLevel::Tc192 => [19, 37, 75, 152, 305, 611, 0, 0].map(|b| (b > 0).then_some(b)),
            SecurityLevel::Tc256 => [14, 29, 58, 118, 237, 476, 0, 0].map(|b| (b > 0).then_some(b)),
        };
        if !n.is_power_of_two() || !(1024..=131072).contains(&n) {
            return None;
        }
        row[(n.trailing_zeros() - 10) as usize]
    }

    /// The primes SEAL's `CoeffModulus::Create(n, bit_sizes)` returns, in SEAL's order.
    ///
    /// For each bit size b, SEAL walks down from the largest b-bit value ≡ 1 (mod 2n), collecting
    /// primes above 2^(b-1); positions that share a bit size then take those primes from the
    /// smallest up, so in `[60, 40, 40, 60]` the first 60 gets the smaller 60-bit prime.
    ///
    /// ```
    /// use xehe::primes::CoeffModulus;
    /// let q = CoeffModulus::create(8192, &[60, 40, 40, 60])?;
    /// let v: Vec<u64> = q.iter().map(|m| m.value()).collect();
    /// assert_eq!(v, [1152921504606748673, 1099510890497, 1099511480321, 1152921504606830593]);
    /// # Ok::<(), xehe::MathError>(())
    /// ```
    pub fn create(n: u64, bit_sizes: &[u32]) -> MathResult<Vec<Modulus>> {
        check_degree(n, POLY_MOD_DEGREE_MIN, POLY_MOD_DEGREE_MAX)?;
        if bit_sizes.is_empty() || bit_sizes.len() > COEFF_MOD_COUNT_MAX {
            return Err(MathError::InvalidBitSizeCount {
                len: bit_sizes.len(),
                max: COEFF_MOD_COUNT_MAX,
            });
        }
        if let Some(&bits) = bit_sizes
            .iter()
            .find(|&&b| !(USER_MOD_BIT_COUNT_MIN..=USER_MOD_BIT_COUNT_MAX).contains(&b))
        {
            return Err(MathError::InvalidBitSize {
                bits,
                min: USER_MOD_BIT_COUNT_MIN,
                max: USER_MOD_BIT_COUNT_MAX,
            });
        }
        let mut counts: HashMap<u32, usize> = HashMap::new();
        for &b in bit_sizes {
            *counts.entry(b).or_default() += 1;
        }
        let factor = 2 * n;
        let mut table: HashMap<u32, Vec<u64>> = HashMap::new();
        // Bit sizes are resolved in ascending order so that errors are deterministic.
        let mut sizes: Vec<_> = counts.into_iter().collect();
        sizes.sort_unstable();
        for (bits, count) in sizes {
            table.insert(bits, get_primes(factor, bits, count)?);
        }
        bit_sizes
            .iter()
            .map(|b| {
                let p = table
                    .get_mut(b)
                    .and_then(Vec::pop)
                    .expect("one prime was found per occurrence of each size");
                Modulus::new(p)
            })
            .collect()
    }
}

/// Checks that `n` is a power of two in [min, max].
pub(crate) fn check_degree(n: u64, min: u64, max: u64) -> MathResult<()> {
    if !n.is_power_of_two() || n < min || n > max {
        return Err(MathError::InvalidDegree {
            degree: n,
            min,
            max,
        });
    }
    Ok(())
}

/// SEAL's `get_primes(factor, bit_size, count)`: the `count` largest `bit_size`-bit primes
/// ≡ 1 (mod factor), largest first.
pub fn get_primes(factor: u64, bits: u32, count: usize) -> MathResult<Vec<u64>> {
    let mut primes = Vec::with_capacity(count);
    let mut value = ((1u64 << bits) - 1) / factor * factor + 1;
    let lower_bound = 1u64 << (bits - 1);
    while primes.len() < count && value > lower_bound {
        if is_prime(value) {
            primes.push(value);
        }
        value -= factor;
    }
    if primes.len() < count {
        return Err(MathError::NotEnoughPrimes {
            bits,
            factor,
            requested: count,
            found: primes.len(),
        });
    }
    Ok(primes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_bad_requests() {
        assert!(matches!(
            CoeffModulus::create(1000, &[40]),
            Err(MathError::InvalidDegree { .. })
        ));
        assert!(matches!(
            CoeffModulus::create(1 << 18, &[40]),
            Err(MathError::InvalidDegree { .. })
        ));
        assert!(matches!(
            CoeffModulus::create(1, &[40]),
            Err(MathError::InvalidDegree { .. })
        ));
        assert!(matches!(
            CoeffModulus::create(4096, &[61]),
            Err(MathError::InvalidBitSize { bits: 61, .. })
        ));
        assert!(matches!(
            CoeffModulus::create(4096, &[1]),
            Err(MathError::InvalidBitSize { bits: 1, .. })
        ));
        assert!(matches!(
            CoeffModulus::create(4096, &[]),
            Err(MathError::InvalidBitSizeCount { .. })
        ));
        assert!(matches!(
            CoeffModulus::create(4096, &[20; 65]),
            Err(MathError::InvalidBitSizeCount { len: 65, .. })
        ));
        // 2^14-th roots need q ≡ 1 mod 2^14: no 14-bit prime qualifies.
        assert!(matches!(
            CoeffModulus::create(8192, &[14]),
            Err(MathError::NotEnoughPrimes { found: 0, .. })
        ));
    }

    #[test]
    fn primes_are_ntt_friendly_and_sized() {
        let n = 4096;
        let bits = [60, 50, 40, 30, 20, 60, 50];
        let q = CoeffModulus::create(n, &bits).unwrap();
        for (m, &b) in q.iter().zip(&bits) {
            assert_eq!(m.bit_count(), b);
            assert_eq!(m.value() % (2 * n), 1);
            assert!(m.is_prime());
        }
        let mut values: Vec<u64> = q.iter().map(|m| m.value()).collect();
        values.sort_unstable();
        values.dedup();
        assert_eq!(values.len(), bits.len(), "primes are distinct");
    }

    #[test]
    fn security_table() {
        assert_eq!(CoeffModulus::max_bit_count(1024), Some(27));
        assert_eq!(CoeffModulus::max_bit_count(32768), Some(881));
        assert_eq!(CoeffModulus::max_bit_count(512), None);
        assert_eq!(CoeffModulus::max_bit_count(65536), Some(1747));
        assert_eq!(CoeffModulus::max_bit_count(131072), Some(3523));
        assert_eq!(
            CoeffModulus::max_bit_count_for(65536, SecurityLevel::Tc192),
            None
        );
        assert_eq!(
            CoeffModulus::max_bit_count_for(4096, SecurityLevel::Tc256),
            Some(58)
        );
        assert_eq!(
            CoeffModulus::max_bit_count_for(4096, SecurityLevel::None),
            Some(u32::MAX)
        );
    }
}
