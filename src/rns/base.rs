//! An RNS base q_0 … q_{k-1}: decomposition of big integers into residues and CRT composition.

use crate::arith::Modulus;
use crate::error::{MathError, MathResult};
use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

/// Pairwise-coprime moduli with their CRT constants.
///
/// ```
/// use num_bigint::BigUint;
/// use xehe::{primes::CoeffModulus, rns::RnsBase};
/// let base = RnsBase::new(&CoeffModulus::create(4096, &[60, 40, 60])?)?;
/// let x = BigUint::parse_bytes(b"123456789012345678901234567890123", 10).unwrap();
/// let residues = base.decompose(&x)?;
/// assert_eq!(base.compose(&residues)?, x);
/// # Ok::<(), xehe::MathError>(())
/// ```
#[derive(Clone, Debug)]
pub struct RnsBase {
    moduli: Vec<Modulus>,
    product: BigUint,
    /// Q / q_i.
    punctured: Vec<BigUint>,
    /// (Q / q_i)^{-1} mod q_i.
    inv_punctured_mod: Vec<u64>,
}

impl RnsBase {
    /// Builds a base; the moduli must be non-empty and pairwise coprime.
    pub fn new(moduli: &[Modulus]) -> MathResult<Self> {
        if moduli.is_empty() {
            return Err(MathError::LengthMismatch {
                what: "RNS base size (at least)",
                expected: 1,
                actual: 0,
            });
        }
        for (i, a) in moduli.iter().enumerate() {
            for b in &moduli[i + 1..] {
                if a.value().gcd(&b.value()) != 1 {
                    return Err(MathError::NotCoprime {
                        a: a.value(),
                        b: b.value(),
                    });
                }
            }
        }
        let product = moduli.iter().fold(BigUint::one(), |acc, m| acc * m.value());
        let punctured: Vec<BigUint> = moduli.iter().map(|m| &product / m.value()).collect();
        let inv_punctured_mod = moduli
            .iter()
            .zip(&punctured)
            .map(|(m, p)| m.inv_mod(residue(p, m)))
            .collect::<MathResult<_>>()?;
        Ok(Self {
            moduli: moduli.to_vec(),
            product,
            punctured,
            inv_punctured_mod,
        })
    }

    /// The moduli in order.
    pub fn moduli(&self) -> &[Modulus] {
        &self.moduli
    }

    /// Number of moduli.
    pub fn len(&self) -> usize {
        self.moduli.len()
    }

    /// Always false: a base holds at least one modulus.
    pub fn is_empty(&self) -> bool {
        self.moduli.is_empty()
    }

    /// Q = ∏ q_i.
    pub fn product(&self) -> &BigUint {
        &self.product
    }

    /// Residues of x (any non-negative integer) modulo each q_i.
    pub fn decompose(&self, x: &BigUint) -> MathResult<Vec<u64>> {
        Ok(self.moduli.iter().map(|m| residue(x, m)).collect())
    }

    /// Residues of a signed x: negative values map to Q − |x| (mod each q_i).
    pub fn decompose_signed(&self, x: &BigInt) -> MathResult<Vec<u64>> {
        let magnitude = self.decompose(x.magnitude())?;
        Ok(match x.sign() {
            Sign::Minus => self
                .moduli
                .iter()
                .zip(magnitude)
                .map(|(m, r)| m.neg_mod(r))
                .collect(),
            _ => magnitude,
        })
    }

    /// The unique x in [0, Q) with the given residues (each must be below its modulus).
    pub fn compose(&self, residues: &[u64]) -> MathResult<BigUint> {
        if residues.len() != self.len() {
            return Err(MathError::LengthMismatch {
                what: "RNS residues",
                expected: self.len(),
                actual: residues.len(),
            });
        }
        let mut acc = BigUint::zero();
        for (((m, &r), p), &inv) in self
            .moduli
            .iter()
            .zip(residues)
            .zip(&self.punctured)
            .zip(&self.inv_punctured_mod)
        {
            if r >= m.value() {
                return Err(MathError::OutOfRange {
                    what: "RNS residue",
                    value: r.to_string(),
                    bound: m.value().to_string(),
                });
            }
            acc += p * m.mul_mod(r, inv);
        }
        Ok(acc % &self.product)
    }

    /// The representative of the residues in (−Q/2, Q/2], as CKKS decoding needs.
    pub fn compose_centered(&self, residues: &[u64]) -> MathResult<BigInt> {
        let x = self.compose(residues)?;
        let half = &self.product >> 1u32;
        Ok(if x > half {
            BigInt::from(x) - BigInt::from(self.product.clone())
        } else {
            BigInt::from(x)
        })
    }
}

fn residue(x: &BigUint, m: &Modulus) -> u64 {
    (x % m.value())
        .to_u64()
        .expect("a residue is below its 64-bit modulus")
}
