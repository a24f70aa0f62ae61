//! Rational rescaling: a polynomial over a source base W is divided by the product D of the
//! primes it drops and multiplied by the product R of the primes it restores, giving it over
//! a target base (the kept primes K = W ∖ D and R). The 32-bit tier's rescale between levels of
//! several primes is this operation with factor D / R; a plain ModDown is R = 1, and the switch
//! between two bases (all of W dropped, all of the target restored) is K = ∅.
//!
//! For each coefficient, with x the source residues, s a rounding shift and
//! v = [x·R + s]_D (residues over D):
//!
//! - kept prime k: y_k = (x_k·R + s − conv_k(v))·D^-1 mod k;
//! - restored prime r: y_r = (s − conv_r(v))·D^-1 mod r (x·R ≡ 0 mod r);
//!
//! where conv(v) is v converted from D to the target prime. The integer behind y is then
//! (x̃·R + s − conv(v))/D for any integer x̃ with x̃ ≡ x mod W: the division is exact, and a
//! different representative x̃ + W moves y by W·R/D = K·R, the target product, so y is well
//! defined over the target base. With x̃ the centred representative, y is x̃·R/D plus a
//! rounding error ε that depends on the form:
//!
//! - [`RescaleRounding::Exact`]: s = ⌊D/2⌋ and conv(v) = v exactly, so y = ⌊(x̃·R + ⌊D/2⌋)/D⌋,
//!   the nearest integer to x̃·R/D (halves round up): |ε| ≤ 1/2.
//! - [`RescaleRounding::Fast`]: Halevi–Polyakov–Shoup's fast conversion conv(v) = v + u·D with
//!   0 ≤ u ≤ |D| − 1 unknown, and s = ⌊D/2⌋ + c·D, c = ⌊(|D| − 1)/2⌋, the centring shift of
//!   [`super::mod_down_shift_mod`] that the device's fused ModDown already applies: y is the
//!   nearest integer plus c − u, so ε ∈ [c − |D| + 1/2, c + 1/2]. One dropped prime is exact.
//!
//! The exact form finds u = ⌊Σ_i a_i/d_i⌋ (a_i = [v_i·(D/d_i)^-1]_{d_i}, so that
//! Σ_i a_i·(D/d_i) = v + u·D) from 64-bit fixed-point fractions, whose sum is within |D|·2^-64
//! below the true one; only when that window straddles an integer (v within |D|·D/2^64 of 0 or
//! of D, which is where x̃·R/D sits within as much of a half-integer) does it compute u with
//! big integers.

use super::base::RnsBase;
use crate::arith::Modulus;
use crate::error::{MathError, MathResult};
use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// How [`RationalRescale`] rounds: see the module documentation for the error bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RescaleRounding {
    /// The nearest integer to x·R/D (halves up): |ε| ≤ 1/2.
    Exact,
    /// The fast base conversion with a centring shift: ε ∈ [c − |D| + 1/2, c + 1/2],
    /// c = ⌊(|D| − 1)/2⌋.
    Fast,
}

/// The constants of one rational rescale from a source base to a target base.
///
/// ```
/// use xehe::primes::CoeffModulus;
/// use xehe::rns::{RationalRescale, RescaleRounding};
/// let p = CoeffModulus::create(4096, &[30, 30, 25, 30])?;
/// // Drop p[1] and p[2], restore p[3]: the factor is p[1]·p[2]/p[3].
/// let r = RationalRescale::new(&p[..3], &[p[0], p[3]], RescaleRounding::Exact)?;
/// let d = p[1].value() as u128 * p[2].value() as u128;
/// // One coefficient, x = 7·D: it rescales to exactly 7·R.
/// let x: Vec<u64> = p[..3].iter().map(|m| (7 * d % m.value() as u128) as u64).collect();
/// let mut y = vec![0; 2];
/// r.apply(&x, 1, &mut y)?;
/// assert_eq!(y, [p[0].reduce(7 * p[3].value()), 0]);
/// # Ok::<(), xehe::MathError>(())
/// ```
///
/// Thread safety: `Send + Sync`; immutable.
#[derive(Clone, Debug)]
pub struct RationalRescale {
    source: Vec<Modulus>,
    target: Vec<Modulus>,
    rounding: RescaleRounding,
    /// Source positions of the dropped primes, and for each target prime its source position
    /// (None where it is restored).
    dropped: Vec<usize>,
    kept_from: Vec<Option<usize>>,
    dropped_moduli: Vec<Modulus>,
    dropped_base: RnsBase,
    /// Per dropped prime: R mod d, s mod d, (D/d)^-1 mod d.
    r_dropped: Vec<u64>,
    s_dropped: Vec<u64>,
    inv_punctured: Vec<u64>,
    /// (D/d_i) mod t, `[i][t]`.
    punctured_target: Vec<u64>,
    /// Per target prime: R mod t, s mod t, D mod t, D^-1 mod t.
    r_target: Vec<u64>,
    s_target: Vec<u64>,
    d_target: Vec<u64>,
    d_inv_target: Vec<u64>,
}

impl RationalRescale {
    /// The rescale from `source` to `target`: the primes of `source` missing from `target`
    /// are dropped, those of `target` missing from `source` restored. Refused: no prime
    /// dropped, an empty target, or primes (over both bases) that are not pairwise coprime,
    /// which includes a repeated prime within either base.
    pub fn new(
        source: &[Modulus],
        target: &[Modulus],
        rounding: RescaleRounding,
    ) -> MathResult<Self> {
        if target.is_empty() {
            return Err(MathError::LengthMismatch {
                what: "rational rescale target primes (at least)",
                expected: 1,
                actual: 0,
            });
        }
        RnsBase::new(source)?;
        RnsBase::new(target)?;
        let dropped: Vec<usize> = (0..source.len())
            .filter(|&i| !target.contains(&source[i]))
            .collect();
        if dropped.is_empty() {
            return Err(MathError::LengthMismatch {
                what: "rational rescale dropped primes (at least)",
                expected: 1,
                actual: 0,
            });
        }
        let kept_from: Vec<Option<usize>> = target
            .iter()
            .map(|t| source.iter().position(|m| m == t))
            .collect();
        let restored: Vec<Modulus> = target
            .iter()
            .zip(&kept_from)
            .filter(|(_, k)| k.is_none())
            .map(|(t, _)| *t)
            .collect();
        let mut all = source.to_vec();
        all.extend_from_slice(&restored);
        // Coprimality over the union: a restored prime sharing a factor with a source prime
        // would make D or R non-invertible where it must be.
        RnsBase::new(&all)?;
        let dropped_moduli: Vec<Modulus> = dropped.iter().map(|&i| source[i]).collect();
        let dropped_base = RnsBase::new(&dropped_moduli)?;
        let product = |m: &[Modulus]| m.iter().fold(BigUint::from(1u32), |a, p| a * p.value());
        let d = dropped_base.product().clone();
        let r = product(&restored);
        let c = (dropped.len() as u32 - 1) / 2;
        let s = match rounding {
            RescaleRounding::Exact => &d >> 1u32,
            RescaleRounding::Fast => (&d >> 1u32) + &d * c,
        };
        let res = |x: &BigUint, m: &Modulus| -> u64 {
            (x % m.value())
                .to_u64()
                .expect("a residue is below its 64-bit modulus")
        };
        let mut punctured_target = Vec::with_capacity(dropped.len() * target.len());
        for p in dropped_base.punctured() {
            punctured_target.extend(target.iter().map(|t| res(p, t)));
        }
        Ok(Self {
            source: source.to_vec(),
            target: target.to_vec(),
            rounding,
            kept_from,
            r_dropped: dropped_moduli.iter().map(|m| res(&r, m)).collect(),
            s_dropped: dropped_moduli.iter().map(|m| res(&s, m)).collect(),
            inv_punctured: dropped_base.inverse_punctured().to_vec(),
            punctured_target,
            r_target: target.iter().map(|t| res(&r, t)).collect(),
            s_target: target.iter().map(|t| res(&s, t)).collect(),
            d_target: target.iter().map(|t| res(&d, t)).collect(),
            d_inv_target: target
                .iter()
                .map(|t| t.inv_mod(res(&d, t)))
                .collect::<MathResult<_>>()?,
            dropped,
            dropped_moduli,
            dropped_base,
        })
    }

    /// The source primes (the input's rows).
    pub fn source(&self) -> &[Modulus] {
        &self.source
    }

    /// The target primes (the output's rows).
    pub fn target(&self) -> &[Modulus] {
        &self.target
    }

    /// The rounding form.
    pub fn rounding(&self) -> RescaleRounding {
        self.rounding
    }

    /// The range [lo, hi] of the error ε = y − x·R/D per coefficient (see the module
    /// documentation).
    pub fn error_range(&self) -> (f64, f64) {
        match self.rounding {
            RescaleRounding::Exact => (-0.5, 0.5),
            RescaleRounding::Fast => {
                let k = self.dropped.len() as f64;
                let c = ((self.dropped.len() - 1) / 2) as f64;
                (c - k + 0.5, c + 0.5)
            }
        }
    }

    /// Rescales one polynomial in coefficient form: `input` holds `source().len()` rows of
    /// `n` residues (`[rns][coeff]`, each row reduced modulo its prime), `output` receives
    /// `target().len()` rows.
    pub fn apply(&self, input: &[u64], n: usize, output: &mut [u64]) -> MathResult<()> {
        let check = |what, expected: usize, actual| {
            if expected == actual {
                Ok(())
            } else {
                Err(MathError::LengthMismatch {
                    what,
                    expected,
                    actual,
                })
            }
        };
        let rows_in = self
            .source
            .len()
            .checked_mul(n)
            .ok_or_else(|| MathError::InvalidShape(format!("{n} coefficients overflow")))?;
        check("rational rescale input words", rows_in, input.len())?;
        check(
            "rational rescale output words",
            self.target.len() * n,
            output.len(),
        )?;
        for (m, row) in self.source.iter().zip(input.chunks_exact(n.max(1))) {
            if let Some(&w) = row.iter().find(|&&w| w >= m.value()) {
                return Err(MathError::OutOfRange {
                    what: "rational rescale input residue",
                    value: w.to_string(),
                    bound: m.value().to_string(),
                });
            }
        }
        let k = self.dropped.len();
        let t_count = self.target.len();
        let mut a = vec![0u64; k];
        for c in 0..n {
            for (j, &i) in self.dropped.iter().enumerate() {
                let d = &self.dropped_moduli[j];
                let v = d.mad_mod(input[i * n + c], self.r_dropped[j], self.s_dropped[j]);
                a[j] = d.mul_mod(v, self.inv_punctured[j]);
            }
            let u = match self.rounding {
                RescaleRounding::Exact => self.quotient(&a),
                RescaleRounding::Fast => 0,
            };
            for (t, m) in self.target.iter().enumerate() {
                let mut sum = 0u128;
                for (j, &aj) in a.iter().enumerate() {
                    sum += u128::from(aj) * u128::from(self.punctured_target[j * t_count + t]);
                    if j % 32 == 31 {
                        sum = u128::from(m.reduce_u128(sum));
                    }
                }
                let mut conv = m.reduce_u128(sum);
                if u != 0 {
                    conv = m.sub_mod(conv, m.mul_mod(m.reduce(u), self.d_target[t]));
                }
                let x = match self.kept_from[t] {
                    Some(i) => m.mul_mod(input[i * n + c], self.r_target[t]),
                    None => 0,
                };
                let num = m.sub_mod(m.add_mod(x, self.s_target[t]), conv);
                output[t * n + c] = m.mul_mod(num, self.d_inv_target[t]);
            }
        }
        Ok(())
    }

    /// u = ⌊Σ_i a_i/d_i⌋, the multiple of D that the fast conversion adds.
    fn quotient(&self, a: &[u64]) -> u64 {
        let mut fixed = 0u128;
        for (&aj, d) in a.iter().zip(&self.dropped_moduli) {
            // Each term is below 2^64, and at most 2^32 of them fit: far more than a base has.
            fixed += (u128::from(aj) << 64) / u128::from(d.value());
        }
        let low = (fixed >> 64) as u64;
        // Each term lost less than 2^-64, so the true sum is below fixed + |D|·2^-64.
        let high = ((fixed + a.len() as u128) >> 64) as u64;
        if low == high {
            return low;
        }
        let sum = a
            .iter()
            .zip(self.dropped_base.punctured())
            .fold(BigUint::from(0u32), |acc, (&aj, p)| acc + p * aj);
        (sum / self.dropped_base.product())
            .to_u64()
            .expect("the quotient is below the number of dropped primes")
    }
}

/// What a device needs to run a [`RationalRescale`] of the fast form whose dropped primes are
/// consecutive in the source and whose kept primes are consecutive in both bases (a 32-bit-tier
/// rescale: the windows' ends move).
#[derive(Clone, Debug)]
pub(crate) struct RescaleDevicePlan {
    /// The source rows dropped: `first_dropped..first_dropped + dropped.len()`.
    pub first_dropped: usize,
    pub dropped: Vec<Modulus>,
    /// Per dropped prime d_j: R mod d_j, s mod d_j, (D/d_j)^-1 mod d_j.
    pub dropped_consts: Vec<u64>,
    /// (D/d_j) mod t_i at j·targets + i, then s mod t_i, then D^-1 mod t_i.
    pub convert_consts: Vec<u64>,
    /// R·D^-1 mod t_i per target prime.
    pub finish_consts: Vec<u64>,
    /// The kept targets `lo..hi` and the source row of target `lo` (an empty range where the
    /// whole source is dropped).
    pub kept: (std::ops::Range<usize>, usize),
}

impl RationalRescale {
    /// The device's plan of this rescale, or None where the rounding is exact (its quotient
    /// needs big integers now and then) or the rows do not lie as [`RescaleDevicePlan`] says.
    pub(crate) fn device_plan(&self) -> Option<RescaleDevicePlan> {
        if self.rounding != RescaleRounding::Fast {
            return None;
        }
        let first_dropped = self.dropped[0];
        let consecutive = |v: &[usize]| v.windows(2).all(|w| w[1] == w[0] + 1);
        if !consecutive(&self.dropped) {
            return None;
        }
        let kept: Vec<(usize, usize)> = self
            .kept_from
            .iter()
            .enumerate()
            .filter_map(|(t, s)| s.map(|s| (t, s)))
            .collect();
        let targets: Vec<usize> = kept.iter().map(|k| k.0).collect();
        let sources: Vec<usize> = kept.iter().map(|k| k.1).collect();
        if !consecutive(&targets) || !consecutive(&sources) {
            return None;
        }
        let kept = match kept.first() {
            Some(&(lo, src)) => (lo..lo + kept.len(), src),
            None => (0..0, 0),
        };
        let mut dropped_consts = Vec::with_capacity(3 * self.dropped.len());
        for j in 0..self.dropped.len() {
            dropped_consts.extend([self.r_dropped[j], self.s_dropped[j], self.inv_punctured[j]]);
        }
        let mut convert_consts = self.punctured_target.clone();
        convert_consts.extend_from_slice(&self.s_target);
        convert_consts.extend_from_slice(&self.d_inv_target);
        let finish_consts = self
            .target
            .iter()
            .enumerate()
            .map(|(t, m)| m.mul_mod(self.r_target[t], self.d_inv_target[t]))
            .collect();
        Some(RescaleDevicePlan {
            first_dropped,
            dropped: self.dropped_moduli.clone(),
            dropped_consts,
            convert_consts,
            finish_consts,
            kept,
        })
    }
}
