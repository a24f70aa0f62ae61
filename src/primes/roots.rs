//! Primitive roots of unity as SEAL selects them.

use crate::arith::Modulus;
use crate::error::{MathError, MathResult};

/// Whether `root` has multiplicative order exactly `order` (a power of two) modulo q.
pub fn is_primitive_root(root: u64, order: u64, q: &Modulus) -> bool {
    debug_assert!(order.is_power_of_two() && order >= 2);
    root != 0 && q.pow_mod(root, order / 2) == q.value() - 1
}

/// The smallest primitive `order`-th root of unity modulo the prime q (`order` a power of two ≥ 2),
/// the one SEAL's `try_minimal_primitive_root` returns.
///
/// SEAL draws a random primitive root and then takes the minimum over its odd powers, which are
/// all the primitive roots; that minimum does not depend on the draw, so a deterministic search
/// for the first root reaches the same answer.
///
/// ```
/// use xehe::{arith::Modulus, primes::minimal_primitive_root};
/// let q = Modulus::new(998_244_353)?;
/// let w = minimal_primitive_root(2 * 8, &q)?;
/// assert_eq!(q.pow_mod(w, 8), q.value() - 1);
/// # Ok::<(), xehe::MathError>(())
/// ```
pub fn minimal_primitive_root(order: u64, q: &Modulus) -> MathResult<u64> {
    let none = || MathError::NoPrimitiveRoot {
        order,
        modulus: q.value(),
    };
    if !order.is_power_of_two()
        || order < 2
        || !(q.value() - 1).is_multiple_of(order)
        || !q.is_prime()
    {
        return Err(none());
    }
    let cofactor = (q.value() - 1) / order;
    // For prime q, half of all nonzero residues are non-residues and each of those yields a
    // primitive root, so this loop ends after a handful of candidates.
    let root = (2..q.value())
        .map(|g| q.pow_mod(g, cofactor))
        .find(|&r| is_primitive_root(r, order, q))
        .ok_or_else(none)?;
    let step = q.mul_mod(root, root);
    let mut current = root;
    let mut minimal = root;
    for _ in 0..order / 2 {
        minimal = minimal.min(current);
        current = q.mul_mod(current, step);
    }
    Ok(minimal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimal_root_is_minimal_and_primitive() {
        let q = Modulus::new(7681).unwrap(); // 7681 = 15·512 + 1
        for order in [2u64, 4, 8, 16, 256, 512] {
            let w = minimal_primitive_root(order, &q).unwrap();
            assert!(is_primitive_root(w, order, &q));
            let brute = (1..q.value())
                .find(|&x| is_primitive_root(x, order, &q))
                .unwrap();
            assert_eq!(w, brute, "order {order}");
        }
        assert!(minimal_primitive_root(1024, &q).is_err());
        assert!(minimal_primitive_root(12, &q).is_err());
        assert!(minimal_primitive_root(4, &Modulus::new(21).unwrap()).is_err());
    }
}
