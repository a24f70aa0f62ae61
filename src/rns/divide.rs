//! The constants of division with rounding by one prime of an RNS base (rescale, mod-down by the
//! special prime), as SEAL's `divide_and_round_q_last` uses them.

use crate::arith::Modulus;
use crate::error::MathResult;

/// (divisor^-1, ⌊divisor / 2⌋) modulo each of `targets`, interleaved: the table the
/// division-with-rounding kernels read (two words per target prime).
///
/// ```
/// use xehe::primes::CoeffModulus;
/// use xehe::rns::divide_round_consts;
/// let q = CoeffModulus::create(1024, &[40, 40, 30])?;
/// let c = divide_round_consts(q[2].value(), &q[..2])?;
/// assert_eq!(q[0].mul_mod(c[0], q[0].reduce(q[2].value())), 1);
/// assert_eq!(c[1], q[0].reduce(q[2].value() / 2));
/// # Ok::<(), xehe::MathError>(())
/// ```
pub fn divide_round_consts(divisor: u64, targets: &[Modulus]) -> MathResult<Vec<u64>> {
    let mut v = Vec::with_capacity(2 * targets.len());
    for m in targets {
        v.push(m.inv_mod(m.reduce(divisor))?);
        v.push(m.reduce(divisor >> 1));
    }
    Ok(v)
}

/// [`divide_round_consts`] for the product P of `divisors` (a division by several special
/// primes): (P^-1, ⌊P / 2⌋) modulo each of `targets`, interleaved. For one divisor the same
/// table as [`divide_round_consts`].
pub fn divide_round_consts_product(
    divisors: &[Modulus],
    targets: &[Modulus],
) -> MathResult<Vec<u64>> {
    let p = product(divisors);
    let half = half_product_mod(divisors, targets);
    let mut v = Vec::with_capacity(2 * targets.len());
    for (m, h) in targets.iter().zip(half) {
        v.push(m.inv_mod(residue(&p, m))?);
        v.push(h);
    }
    Ok(v)
}

/// ⌊P / 2⌋ modulo each of `targets`, P the product of `divisors` (the shift that turns a
/// division by P into one with rounding; the targets may be the divisors themselves).
pub fn half_product_mod(divisors: &[Modulus], targets: &[Modulus]) -> Vec<u64> {
    let half = product(divisors) >> 1u32;
    targets.iter().map(|m| residue(&half, m)).collect()
}

/// P mod each of `targets`, P the product of `divisors`.
pub fn product_mod(divisors: &[Modulus], targets: &[Modulus]) -> Vec<u64> {
    let p = product(divisors);
    targets.iter().map(|m| residue(&p, m)).collect()
}

/// The shift a division by P takes when its remainder comes from a fast base conversion of
/// the k divisors' residues (ModDown): ⌊P/2⌋ + c·P modulo each of `targets`, c = ⌊(k − 1)/2⌋.
/// The conversion gives the remainder plus u·P for an integer u in [0, k − 1] whose mean is
/// (k − 1)/2 (the fractions it sums are uniform), so the quotient comes out u below the
/// rounded one; the same in every coefficient of every key switch, that bias piles up over a
/// bootstrap's key switches into an error concentrated in a few slots. Shifting by c·P more
/// centres it: exactly for odd k, to within 1/2 for even k. One divisor (u = 0) gets ⌊P/2⌋.
pub fn mod_down_shift_mod(divisors: &[Modulus], targets: &[Modulus]) -> Vec<u64> {
    let p = product(divisors);
    let c = (divisors.len().max(1) as u32 - 1) / 2;
    let shift = (&p >> 1u32) + &p * c;
    targets.iter().map(|m| residue(&shift, m)).collect()
}

fn product(moduli: &[Modulus]) -> num_bigint::BigUint {
    moduli
        .iter()
        .fold(num_bigint::BigUint::from(1u32), |acc, m| acc * m.value())
}

fn residue(x: &num_bigint::BigUint, m: &Modulus) -> u64 {
    (x % m.value())
        .try_into()
        .expect("a residue is below its 64-bit prime")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::primes::CoeffModulus;

    #[test]
    fn one_divisor_gives_the_single_table() {
        let q = CoeffModulus::create(1024, &[40, 40, 50]).unwrap();
        assert_eq!(
            divide_round_consts_product(&q[2..], &q[..2]).unwrap(),
            divide_round_consts(q[2].value(), &q[..2]).unwrap()
        );
    }
}
