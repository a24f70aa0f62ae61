//! Fast base conversion (Halevi–Polyakov–Shoup's, the "FastBConv" of hybrid key switching):
//! residues x_i of x modulo a source base B = {b_i} to residues modulo a target prime m,
//!
//!   y_m = Σ_i [x_i · (B/b_i)^-1]_(b_i) · (B/b_i)  mod m,
//!
//! which is x + u·B for some 0 ≤ u < |B| (no big integers, no correction of u). Key switching
//! with several special primes raises each digit to the other primes this way (ModUp) and
//! divides by the special primes' product through it (ModDown); the extra u·B is noise that the
//! division by P absorbs. For a one-prime base it is an exact reduction of x_0 modulo m.
//!
//! ```
//! use xehe::primes::CoeffModulus;
//! use xehe::rns::BaseConverter;
//! let q = CoeffModulus::create(4096, &[30, 30, 40])?;
//! let conv = BaseConverter::new(&q[..2], &q[2..])?;
//! // 5 in the base {q0, q1} converts to 5 + u·q0·q1 modulo q2, u < 2.
//! let y = conv.convert(&[5, 5], 0);
//! let b = (q[0].value() as u128 * q[1].value() as u128 % q[2].value() as u128) as u64;
//! assert!(y == 5 || y == q[2].add_mod(5, b));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::base::RnsBase;
use crate::arith::Modulus;
use crate::error::MathResult;

/// The constants of one conversion from a source base to target primes.
///
/// Thread safety: `Send + Sync`; immutable.
#[derive(Clone, Debug)]
pub struct BaseConverter {
    source: Vec<Modulus>,
    targets: Vec<Modulus>,
    /// (B / b_i)^-1 mod b_i.
    inv_punctured: Vec<u64>,
    /// (B / b_i) mod target m, `[i][m]`.
    punctured_mod: Vec<u64>,
}

impl BaseConverter {
    /// The conversion from `source` (pairwise coprime, non-empty) to each of `targets`.
    pub fn new(source: &[Modulus], targets: &[Modulus]) -> MathResult<Self> {
        let base = RnsBase::new(source)?;
        let mut punctured_mod = Vec::with_capacity(source.len() * targets.len());
        for p in base.punctured() {
            for m in targets {
                punctured_mod.push((p % m.value()).try_into().expect("below a 64-bit prime"));
            }
        }
        Ok(BaseConverter {
            source: source.to_vec(),
            targets: targets.to_vec(),
            inv_punctured: base.inverse_punctured().to_vec(),
            punctured_mod,
        })
    }

    /// The source base.
    pub fn source(&self) -> &[Modulus] {
        &self.source
    }

    /// The target primes.
    pub fn targets(&self) -> &[Modulus] {
        &self.targets
    }

    /// (B / b_i)^-1 mod b_i for each source prime.
    pub fn inverse_punctured(&self) -> &[u64] {
        &self.inv_punctured
    }

    /// (B / b_i) mod target m, `[i][m]` (source-major).
    pub fn punctured_mod_targets(&self) -> &[u64] {
        &self.punctured_mod
    }

    /// x + u·B modulo target `m`, from the residues `x` (one per source prime, each reduced).
    pub fn convert(&self, x: &[u64], m: usize) -> u64 {
        if let [x0] = x {
            // B / b_0 = 1 and its inverse is 1: the sum is x_0 itself (reduced below b_0).
            return self.targets[m].reduce(*x0);
        }
        self.sum(m, x.len(), |i| x[i])
    }

    /// [`Self::convert`] of whole rows: `rows[i]` holds residues modulo source prime i, `out`
    /// receives the conversion modulo target `m`, word by word.
    ///
    /// The same words as [`Self::convert`] word by word, without a source copy per word: one
    /// source prime (SEAL's key switching and rescale) is a plain reduction loop.
    pub fn convert_rows(&self, rows: &[&[u64]], m: usize, out: &mut [u64]) {
        if let [row] = rows {
            let t = self.targets[m];
            for (o, &x) in out.iter_mut().zip(*row) {
                *o = t.reduce(x);
            }
            return;
        }
        for (c, o) in out.iter_mut().enumerate() {
            *o = self.sum(m, rows.len(), |i| rows[i][c]);
        }
    }

    /// Σ_i [x(i) · (B/b_i)^-1]_(b_i) · (B/b_i) mod target `m` over the first `count` source
    /// primes. Each product is below 2^122 and there are at most 64 source primes: 128 bits
    /// hold 32 of them, so the running sum is reduced every 32 terms.
    #[inline(always)]
    fn sum(&self, m: usize, count: usize, x: impl Fn(usize) -> u64) -> u64 {
        let (t, k) = (&self.targets[m], self.targets.len());
        let mut sum = 0u128;
        for (i, (b, &inv)) in self
            .source
            .iter()
            .zip(&self.inv_punctured)
            .enumerate()
            .take(count)
        {
            let v = b.mul_mod(x(i), inv);
            sum += u128::from(v) * u128::from(self.punctured_mod[i * k + m]);
            if i % 32 == 31 {
                sum = u128::from(t.reduce_u128(sum));
            }
        }
        t.reduce_u128(sum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::primes::CoeffModulus;
    use num_bigint::BigUint;

    #[test]
    fn conversion_is_x_plus_a_small_multiple_of_the_base() {
        let q = CoeffModulus::create(4096, &[50, 45, 40, 60, 55]).unwrap();
        let (src, dst) = (&q[..3], &q[3..]);
        let conv = BaseConverter::new(src, dst).unwrap();
        let base = RnsBase::new(src).unwrap();
        let b = base.product().clone();
        for seed in 0..200u64 {
            let x = BigUint::from(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15)) * &b / 200u32
                + BigUint::from(seed);
            let x = x % &b;
            let residues = base.decompose(&x).unwrap();
            for (m, t) in dst.iter().enumerate() {
                let y = conv.convert(&residues, m);
                let ok = (0..src.len() as u32).any(|u| {
                    let v: u64 = ((&x + &b * u) % t.value()).try_into().unwrap();
                    v == y
                });
                assert!(ok, "x = {x}, target {m}");
            }
        }
    }

    #[test]
    fn one_prime_base_reduces() {
        let q = CoeffModulus::create(4096, &[50, 30]).unwrap();
        let conv = BaseConverter::new(&q[..1], &q[1..]).unwrap();
        let x = q[0].value() - 3;
        assert_eq!(conv.convert(&[x], 0), q[1].reduce(x));
    }
}
