//! Deterministic Miller–Rabin for 64-bit integers.
//!
//! The first twelve primes as witnesses are proven sufficient for every n < 3.3·10^24 (Sorenson and
//! Webster 2015), so the answer is exact for all u64, unlike SEAL's randomized test, which agrees
//! with it on every prime it accepts.

const WITNESSES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];

// Plain u128 remainders rather than `Modulus`: primality is asked of any u64, while `Modulus`
// stops at 2^61.
fn mul_mod(a: u64, b: u64, n: u64) -> u64 {
    ((a as u128 * b as u128) % n as u128) as u64
}

/// b^e mod n for any modulus n ≥ 1 (not only a prime's: Galois elements are powers mod 2N).
pub(crate) fn pow_mod(mut b: u64, mut e: u64, n: u64) -> u64 {
    let mut r = 1 % n;
    b %= n;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, b, n);
        }
        b = mul_mod(b, b, n);
        e >>= 1;
    }
    r
}

/// Whether `n` is prime (exact for every 64-bit input).
///
/// ```
/// assert!(xehe::primes::is_prime(1_152_921_504_606_748_673));
/// assert!(!xehe::primes::is_prime(3_215_031_751)); // a strong pseudoprime to bases 2, 3, 5, 7
/// ```
pub fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    for &p in &WITNESSES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    'witness: for &a in &WITNESSES {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'witness;
            }
        }
        return false;
    }
    true
}

#[cfg(test)]
mod tests {
    use crate::arith::miller_rabin::is_prime;

    #[test]
    fn small_numbers_match_trial_division() {
        let trial = |n: u64| {
            n >= 2
                && (2..)
                    .take_while(|d| d * d <= n)
                    .all(|d| !n.is_multiple_of(d))
        };
        for n in 0..20_000u64 {
            assert_eq!(is_prime(n), trial(n), "n = {n}");
        }
    }

    #[test]
    fn pseudoprimes_and_large_primes() {
        // Carmichael numbers and strong pseudoprimes to several small bases.
        for n in [
            561u64,
            1105,
            1729,
            2047,
            3_215_031_751,
            341_550_071_728_321,
            3_825_123_056_546_413_051,
        ] {
            assert!(!is_prime(n), "{n}");
        }
        for p in [
            18_446_744_073_709_551_557u64, // largest 64-bit prime
            2_305_843_009_213_693_951,     // 2^61 - 1
            1_152_921_504_606_846_883,     // below 2^60
            998_244_353,
        ] {
            assert!(is_prime(p), "{p}");
        }
        assert!(!is_prime(u64::MAX));
        assert!(!is_prime(2_147_483_647u64 * 2_147_483_647)); // (2^31 - 1)^2
    }
}
