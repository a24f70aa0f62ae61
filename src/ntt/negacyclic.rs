//! Negacyclic polynomial products in Z_q[X]/(X^n + 1): the NTT route and the schoolbook
//! reference it is tested against.

use super::tables::NttTables;
use crate::arith::Modulus;
use crate::error::{MathError, MathResult};

/// a · b mod (X^n + 1, q) through forward NTTs, a pointwise product and an inverse NTT.
///
/// ```
/// use xehe::{arith::Modulus, ntt::{NttTables, negacyclic_multiply}};
/// let q = Modulus::new(7681)?;
/// let t = NttTables::new(8, &q)?;
/// // X^7 · X = X^8 = -1
/// let mut a = vec![0u64; 8]; a[7] = 1;
/// let mut b = vec![0u64; 8]; b[1] = 1;
/// let c = negacyclic_multiply(&a, &b, &t)?;
/// assert_eq!(c[0], 7680);
/// # Ok::<(), xehe::MathError>(())
/// ```
pub fn negacyclic_multiply(a: &[u64], b: &[u64], tables: &NttTables) -> MathResult<Vec<u64>> {
    let q = tables.modulus();
    check_reduced(a, q, "left operand")?;
    check_reduced(b, q, "right operand")?;
    let mut fa = a.to_vec();
    let mut fb = b.to_vec();
    tables.forward(&mut fa)?;
    tables.forward(&mut fb)?;
    for (x, y) in fa.iter_mut().zip(&fb) {
        *x = q.mul_mod(*x, *y);
    }
    tables.inverse(&mut fa)?;
    Ok(fa)
}

/// a · b mod (X^n + 1, q) by the O(n²) definition.
pub fn negacyclic_schoolbook(a: &[u64], b: &[u64], q: &Modulus) -> MathResult<Vec<u64>> {
    if a.len() != b.len() {
        return Err(MathError::LengthMismatch {
            what: "schoolbook operands",
            expected: a.len(),
            actual: b.len(),
        });
    }
    check_reduced(a, q, "left operand")?;
    check_reduced(b, q, "right operand")?;
    let n = a.len();
    let mut c = vec![0u64; n];
    for (i, &ai) in a.iter().enumerate() {
        for (j, &bj) in b.iter().enumerate() {
            let p = q.mul_mod(ai, bj);
            let k = i + j;
            if k < n {
                c[k] = q.add_mod(c[k], p);
            } else {
                c[k - n] = q.sub_mod(c[k - n], p);
            }
        }
    }
    Ok(c)
}

fn check_reduced(v: &[u64], q: &Modulus, what: &'static str) -> MathResult<()> {
    match v.iter().find(|&&x| x >= q.value()) {
        Some(&x) => Err(MathError::OutOfRange {
            what,
            value: x.to_string(),
            bound: q.value().to_string(),
        }),
        None => Ok(()),
    }
}
