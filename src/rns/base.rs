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
    /// Q and each Q / q_i as little-endian 64-bit words, one word more than Q needs (room for
    /// the sum of [`RnsBase::compose_words`]).
    product_words: Vec<u64>,
    punctured_words: Vec<Vec<u64>>,
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
        let words = product.to_u64_digits().len() + 1;
        let limbs = |x: &BigUint| {
            let mut w = x.to_u64_digits();
            w.resize(words, 0);
            w
        };
        Ok(Self {
            moduli: moduli.to_vec(),
            product_words: limbs(&product),
            punctured_words: punctured.iter().map(limbs).collect(),
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

    /// Q/q_i for each modulus.
    pub fn punctured(&self) -> &[BigUint] {
        &self.punctured
    }

    /// (Q/q_i)^-1 mod q_i for each modulus.
    pub fn inverse_punctured(&self) -> &[u64] {
        &self.inv_punctured_mod
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
        self.check_residues(residues)?;
        let mut acc = BigUint::zero();
        for (((m, &r), p), &inv) in self
            .moduli
            .iter()
            .zip(residues)
            .zip(&self.punctured)
            .zip(&self.inv_punctured_mod)
        {
            acc += p * m.mul_mod(r, inv);
        }
        Ok(acc % &self.product)
    }

    /// [`RnsBase::compose`] into little-endian 64-bit words, without big-integer allocations:
    /// Σ (Q/q_i)·[r_i·(Q/q_i)^-1]_{q_i} in fixed-width words, then Q subtracted while the sum
    /// is not below it (fewer times than there are moduli). `out` gets the words of the value
    /// (as many as it has room for: give it at least as many as Q has); `scratch` is reused.
    ///
    /// ```
    /// use xehe::{primes::CoeffModulus, rns::RnsBase};
    /// let base = RnsBase::new(&CoeffModulus::create(4096, &[60, 40, 60])?)?;
    /// let r = [12345, 678, 9];
    /// let mut words = [0u64; 3];
    /// base.compose_words(&r, &mut words, &mut Vec::new())?;
    /// let mut expect = base.compose(&r)?.to_u64_digits();
    /// expect.resize(3, 0);
    /// assert_eq!(words.to_vec(), expect);
    /// # Ok::<(), xehe::MathError>(())
    /// ```
    pub fn compose_words(
        &self,
        residues: &[u64],
        out: &mut [u64],
        scratch: &mut Vec<u64>,
    ) -> MathResult<()> {
        self.check_residues(residues)?;
        let w = self.product_words.len();
        scratch.clear();
        scratch.resize(w, 0);
        for (((m, &r), p), &inv) in self
            .moduli
            .iter()
            .zip(residues)
            .zip(&self.punctured_words)
            .zip(&self.inv_punctured_mod)
        {
            let y = u128::from(m.mul_mod(r, inv));
            let mut carry = 0u128;
            for (acc, &pw) in scratch.iter_mut().zip(p) {
                let t = u128::from(*acc) + u128::from(pw) * y + carry;
                *acc = t as u64;
                carry = t >> 64;
            }
        }
        let q = &self.product_words;
        while scratch.iter().rev().cmp(q.iter().rev()) != std::cmp::Ordering::Less {
            let mut borrow = false;
            for (a, &b) in scratch.iter_mut().zip(q) {
                let (d1, b1) = a.overflowing_sub(b);
                let (d2, b2) = d1.overflowing_sub(u64::from(borrow));
                *a = d2;
                borrow = b1 || b2;
            }
        }
        for (o, s) in out
            .iter_mut()
            .zip(scratch.iter().chain(std::iter::repeat(&0)))
        {
            *o = *s;
        }
        Ok(())
    }

    /// One residue per modulus, each below its modulus.
    fn check_residues(&self, residues: &[u64]) -> MathResult<()> {
        if residues.len() != self.len() {
            return Err(MathError::LengthMismatch {
                what: "RNS residues",
                expected: self.len(),
                actual: residues.len(),
            });
        }
        match self
            .moduli
            .iter()
            .zip(residues)
            .find(|(m, &r)| r >= m.value())
        {
            Some((m, r)) => Err(MathError::OutOfRange {
                what: "RNS residue",
                value: r.to_string(),
                bound: m.value().to_string(),
            }),
            None => Ok(()),
        }
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
