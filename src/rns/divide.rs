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
