//! Polynomials in the Chebyshev basis: fitting, plain evaluation, and homomorphic evaluation
//! by baby steps and giant steps (the Paterson–Stockmeyer idea in the Chebyshev basis).
//!
//! p = Σ c_k T_k of degree d is split at the largest giant power M = b·2^t ≤ d as
//! p = q·T_M + r (T_M·T_k = (T_(M+k) + T_|M−k|)/2 gives q and r), recursively, until the
//! pieces have degree below b; those are Σ c_r·T_r over the baby powers T_1 … T_(b−1). That
//! takes about √d + log d ciphertext products and ⌈log2(d + 1)⌉ + 1 levels.
//!
//! Scales are kept exact, not approximately equal: every sum's terms meet at the scale its
//! target asks, because each constant is encoded at the scale that lands its product there
//! after the rescale, and each product's other factor is made (recursively) at the scale that
//! lands the product there. The same plan runs on a level/scale tracker first ([`Sim`]), so
//! bootstrapping knows its output level and scale before it encodes anything after it.

use crate::ckks::ciphertext::Ciphertext;
use crate::ckks::context::{check_scale_value, Context, ContextData};
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::evaluator::Evaluator;
use crate::ckks::keyswitch::RelinKeys;
use crate::ckks::plaintext::Plaintext;
use std::collections::BTreeMap;

/// A polynomial Σ c_k T_k((2x − a − b)/(b − a)) on [a, b].
#[derive(Clone, Debug, PartialEq)]
pub struct Chebyshev {
    coeffs: Vec<f64>,
    a: f64,
    b: f64,
}

impl Chebyshev {
    /// The interpolant of `f` at the degree + 1 Chebyshev nodes of [a, b] (near-best in the
    /// maximum norm).
    ///
    /// ```
    /// use xehe::ckks::bootstrap::Chebyshev;
    /// let p = Chebyshev::fit(|x| x.exp(), 12, -1.0, 2.0);
    /// assert!((p.evaluate(1.5) - 1.5f64.exp()).abs() < 1e-9);
    /// ```
    pub fn fit(f: impl Fn(f64) -> f64, degree: usize, a: f64, b: f64) -> Self {
        let m = degree + 1;
        let nodes: Vec<f64> = (0..m)
            .map(|j| (std::f64::consts::PI * (j as f64 + 0.5) / m as f64).cos())
            .collect();
        let values: Vec<f64> = nodes
            .iter()
            .map(|&y| f(0.5 * (b - a) * y + 0.5 * (a + b)))
            .collect();
        let coeffs = (0..m)
            .map(|k| {
                let s: f64 = nodes
                    .iter()
                    .zip(&values)
                    .map(|(&y, &v)| v * (k as f64 * y.acos()).cos())
                    .sum();
                s * if k == 0 { 1.0 } else { 2.0 } / m as f64
            })
            .collect();
        Chebyshev { coeffs, a, b }
    }

    /// A polynomial from its coefficients c_0 … c_d on [a, b].
    pub fn from_coefficients(coeffs: Vec<f64>, a: f64, b: f64) -> Self {
        Chebyshev { coeffs, a, b }
    }

    pub fn coefficients(&self) -> &[f64] {
        &self.coeffs
    }

    pub fn interval(&self) -> (f64, f64) {
        (self.a, self.b)
    }

    /// For an even p on [−1, 1] (every odd coefficient zero), the h with p(x) = h(T_2(x)):
    /// T_2k = T_k ∘ T_2, so h's coefficients are p's even ones. Evaluating h on u = 2x² − 1
    /// takes one product for u and about half the products of p.
    ///
    /// ```
    /// use xehe::ckks::bootstrap::Chebyshev;
    /// let p = Chebyshev::from_coefficients(vec![0.5, 0.0, 0.25, 0.0, -0.125], -1.0, 1.0);
    /// let h = p.even_part_in_square()?;
    /// let x = 0.7f64;
    /// assert!((h.evaluate(2.0 * x * x - 1.0) - p.evaluate(x)).abs() < 1e-15);
    /// # Ok::<(), xehe::ckks::CkksError>(())
    /// ```
    pub fn even_part_in_square(&self) -> CkksResult<Chebyshev> {
        if self.a != -1.0
            || self.b != 1.0
            || self.coeffs.iter().skip(1).step_by(2).any(|&c| c != 0.0)
        {
            return Err(CkksError::InvalidBootstrap {
                reason: "only an even polynomial on [−1, 1] is a polynomial in T_2".into(),
            });
        }
        Ok(Chebyshev {
            coeffs: self.coeffs.iter().step_by(2).copied().collect(),
            a: -1.0,
            b: 1.0,
        })
    }

    /// p(x) in double precision (Clenshaw's recurrence).
    pub fn evaluate(&self, x: f64) -> f64 {
        let y = (2.0 * x - self.a - self.b) / (self.b - self.a);
        let (mut b1, mut b2) = (0.0, 0.0);
        for &c in self.coeffs.iter().skip(1).rev() {
            (b1, b2) = (2.0 * y * b1 - b2 + c, b1);
        }
        y * b1 - b2 + self.coeffs.first().copied().unwrap_or(0.0)
    }

    /// p(x) slot by slot on a ciphertext, the result at `scale` (exactly) and at the highest
    /// level the evaluation allows. Slots must lie in [a, b] (up to the noise).
    ///
    /// ```
    /// use xehe::ckks::bootstrap::Chebyshev;
    /// use xehe::ckks::{CkksEncoder, Context, Decryptor, EncryptionParameters, Encryptor, Evaluator, KeyGenerator};
    /// use xehe::primes::SecurityLevel;
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(16384, &[50, 40, 40, 40, 40, 40, 50])?, SecurityLevel::Tc128)?;
    /// let mut kg = KeyGenerator::new(&ctx);
    /// let (pk, rk) = (kg.create_public_key(), kg.create_relin_keys()?);
    /// let enc = CkksEncoder::new(&ctx);
    /// let x: Vec<f64> = (0..enc.slot_count()).map(|i| (i % 9) as f64 / 4.0 - 1.0).collect();
    /// let scale = 2f64.powi(40);
    /// let ct = Encryptor::new(&ctx, &pk)?.encrypt(&enc.encode(&x, scale)?)?;
    /// // The logistic function on [-1, 1]: degree 7 takes 4 levels.
    /// let p = Chebyshev::fit(|t| 1.0 / (1.0 + (-4.0 * t).exp()), 7, -1.0, 1.0);
    /// let y = p.evaluate_encrypted(&Evaluator::new(&ctx), &rk, &ct, scale)?;
    /// let back = enc.decode(&Decryptor::new(&ctx, kg.secret_key())?.decrypt(&y)?)?;
    /// assert!((back[3] - p.evaluate(x[3])).abs() < 1e-4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn evaluate_encrypted(
        &self,
        eval: &Evaluator<'_>,
        relin: &RelinKeys,
        ct: &Ciphertext,
        scale: f64,
    ) -> CkksResult<Ciphertext> {
        check_scale_value(scale)?;
        let real = Real {
            eval,
            relin,
            constants: None,
        };
        let x = real.input(ct)?;
        let y = self.map_input(&real, x)?;
        evaluate(&real, y, &self.coeffs, scale)
    }

    /// The level and scale [`Chebyshev::evaluate_encrypted`] gives for an input at chain index
    /// `level` with scale `input_scale`.
    pub fn plan(
        &self,
        context: &Context,
        level: usize,
        input_scale: f64,
        scale: f64,
    ) -> CkksResult<(usize, f64)> {
        check_scale_value(input_scale)?;
        check_scale_value(scale)?;
        let sim = Sim {
            context: Some(context),
        };
        let y = self.map_input(&sim, (level, input_scale))?;
        evaluate(&sim, y, &self.coeffs, scale)
    }

    /// (2x − a − b)/(b − a) on the slots, at one level's cost; nothing on [−1, 1].
    fn map_input<A: Arith>(&self, a: &A, x: A::Ct) -> CkksResult<A::Ct> {
        if self.a == -1.0 && self.b == 1.0 {
            return Ok(x);
        }
        let (alpha, beta) = (
            2.0 / (self.b - self.a),
            -(self.a + self.b) / (self.b - self.a),
        );
        let l = a.level(&x);
        if l == 0 {
            return Err(too_deep());
        }
        let y = a.rescale(&a.mul_const(&x, alpha, a.prime(l))?)?;
        a.add_const(&y, beta)
    }
}

fn too_deep() -> CkksError {
    CkksError::InvalidBootstrap {
        reason: "the polynomial needs more levels than the ciphertext has left".into(),
    }
}

/// What polynomial evaluation needs from an evaluator. [`Real`] runs it; [`Sim`] tracks only
/// levels (chain indices) and scales.
pub(crate) trait Arith {
    type Ct: Clone;
    fn level(&self, x: &Self::Ct) -> usize;
    fn scale(&self, x: &Self::Ct) -> f64;
    /// The prime a rescale from chain index `level` divides by.
    fn prime(&self, level: usize) -> f64;
    fn mod_switch(&self, x: &Self::Ct, level: usize) -> CkksResult<Self::Ct>;
    /// x·y (same level), relinearized and rescaled.
    fn mul_rescale(&self, x: &Self::Ct, y: &Self::Ct) -> CkksResult<Self::Ct>;
    fn add(&self, x: &Self::Ct, y: &Self::Ct) -> CkksResult<Self::Ct>;
    fn sub(&self, x: &Self::Ct, y: &Self::Ct) -> CkksResult<Self::Ct>;
    /// x + v at x's scale.
    fn add_const(&self, x: &Self::Ct, v: f64) -> CkksResult<Self::Ct>;
    /// x · round(v·scale), not rescaled.
    fn mul_const(&self, x: &Self::Ct, v: f64, scale: f64) -> CkksResult<Self::Ct>;
    fn rescale(&self, x: &Self::Ct) -> CkksResult<Self::Ct>;
    /// Σ x_t · round(v_t·s_t) over (x_t, v_t, s_t) at chain index `l` (each x_t at `l` or
    /// above, switched down to it), not rescaled.
    fn mul_const_sum(&self, terms: &[(&Self::Ct, f64, f64)], l: usize) -> CkksResult<Self::Ct> {
        let mut sum: Option<Self::Ct> = None;
        for &(x, v, s) in terms {
            let term = self.mul_const(&self.mod_switch(x, l)?, v, s)?;
            sum = Some(match sum {
                None => term,
                Some(acc) => self.add(&acc, &term)?,
            });
        }
        sum.ok_or_else(too_deep)
    }
}

/// The data level at chain index `l`.
pub(crate) fn data_at(context: &Context, l: usize) -> CkksResult<&ContextData> {
    let key = context.key_context_data().parms_id();
    context
        .chain()
        .find(|c| c.chain_index() == l && (c.parms_id() != key || !context.using_keyswitching()))
        .ok_or_else(too_deep)
}

/// The last prime of chain index `l` as a double.
pub(crate) fn prime_at(context: &Context, l: usize) -> f64 {
    data_at(context, l)
        .ok()
        .and_then(|d| d.coeff_modulus().last())
        .map_or(f64::NAN, |m| m.value() as f64)
}

/// The constant v at `scale` as a plaintext of level `l` (a constant polynomial's NTT is the
/// constant in every word).
pub(crate) fn constant(context: &Context, l: usize, v: f64, scale: f64) -> CkksResult<Plaintext> {
    let level = data_at(context, l)?;
    let n = level.parms().poly_modulus_degree();
    let residues = crate::ckks::reference::encode_constant(v, scale, level)?;
    let words = residues
        .iter()
        .flat_map(|&r| std::iter::repeat_n(r, n))
        .collect();
    Plaintext::from_ntt_residues(context, level.parms_id(), scale, words)
}

/// Constant plaintexts by (chain index, value, scale): a bootstrap adds the same constants at
/// the same levels and scales every time, and a constant is a whole N × L plaintext to make
/// and (on a device) upload, so a bootstrapper keeps them.
#[derive(Default)]
pub(crate) struct Constants(
    std::sync::Mutex<std::collections::HashMap<(usize, u64, u64), std::sync::Arc<Plaintext>>>,
);

impl Constants {
    fn get(
        &self,
        context: &Context,
        l: usize,
        v: f64,
        scale: f64,
    ) -> CkksResult<std::sync::Arc<Plaintext>> {
        let key = (l, v.to_bits(), scale.to_bits());
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(p) = map.get(&key) {
            return Ok(p.clone());
        }
        let p = std::sync::Arc::new(constant(context, l, v, scale)?);
        map.insert(key, p.clone());
        Ok(p)
    }
}

/// The evaluator.
pub(crate) struct Real<'e, 'c> {
    pub eval: &'e Evaluator<'c>,
    pub relin: &'e RelinKeys,
    pub constants: Option<&'e Constants>,
}

impl Real<'_, '_> {
    pub(crate) fn input(&self, ct: &Ciphertext) -> CkksResult<Ciphertext> {
        self.eval
            .context()
            .data_level(ct.parms_id(), "ciphertext")?;
        Ok(ct.clone())
    }
}

impl Arith for Real<'_, '_> {
    type Ct = Ciphertext;
    fn level(&self, x: &Ciphertext) -> usize {
        self.eval
            .context()
            .get_context_data(x.parms_id())
            .map_or(0, |d| d.chain_index())
    }
    fn scale(&self, x: &Ciphertext) -> f64 {
        x.scale()
    }
    fn prime(&self, level: usize) -> f64 {
        prime_at(self.eval.context(), level)
    }
    fn mod_switch(&self, x: &Ciphertext, level: usize) -> CkksResult<Ciphertext> {
        let target = data_at(self.eval.context(), level)?.parms_id();
        self.eval.mod_switch_to(x, target)
    }
    fn mul_rescale(&self, x: &Ciphertext, y: &Ciphertext) -> CkksResult<Ciphertext> {
        let p = if std::ptr::eq(x, y) {
            self.eval.square(x)?
        } else {
            self.eval.multiply(x, y)?
        };
        self.eval.relinearize_rescale(&p, self.relin)
    }
    fn add(&self, x: &Ciphertext, y: &Ciphertext) -> CkksResult<Ciphertext> {
        self.eval.add(x, y)
    }
    fn sub(&self, x: &Ciphertext, y: &Ciphertext) -> CkksResult<Ciphertext> {
        self.eval.sub(x, y)
    }
    fn add_const(&self, x: &Ciphertext, v: f64) -> CkksResult<Ciphertext> {
        if v == 0.0 {
            return Ok(x.clone());
        }
        let (context, l) = (self.eval.context(), self.level(x));
        match self.constants {
            Some(cache) => self
                .eval
                .add_plain(x, &*cache.get(context, l, v, x.scale())?),
            None => self.eval.add_plain(x, &constant(context, l, v, x.scale())?),
        }
    }
    fn mul_const(&self, x: &Ciphertext, v: f64, scale: f64) -> CkksResult<Ciphertext> {
        self.eval.multiply_const(x, v, scale)
    }
    fn rescale(&self, x: &Ciphertext) -> CkksResult<Ciphertext> {
        self.eval.rescale_to_next(x)
    }
    fn mul_const_sum(&self, terms: &[(&Ciphertext, f64, f64)], l: usize) -> CkksResult<Ciphertext> {
        let target = data_at(self.eval.context(), l)?.parms_id();
        self.eval.multiply_const_sum(terms, target)
    }
}

/// Levels and scales only: (chain index, scale). Without a context every prime counts as 1
/// (levels alone).
pub(crate) struct Sim<'c> {
    pub context: Option<&'c Context>,
}

impl Arith for Sim<'_> {
    type Ct = (usize, f64);
    fn level(&self, x: &(usize, f64)) -> usize {
        x.0
    }
    fn scale(&self, x: &(usize, f64)) -> f64 {
        x.1
    }
    fn prime(&self, level: usize) -> f64 {
        self.context.map_or(1.0, |c| prime_at(c, level))
    }
    fn mod_switch(&self, x: &(usize, f64), level: usize) -> CkksResult<(usize, f64)> {
        if level > x.0 {
            return Err(CkksError::LevelMismatch {
                left: x.0,
                right: level,
            });
        }
        Ok((level, x.1))
    }
    fn mul_rescale(&self, x: &(usize, f64), y: &(usize, f64)) -> CkksResult<(usize, f64)> {
        if x.0 != y.0 {
            return Err(CkksError::LevelMismatch {
                left: x.0,
                right: y.0,
            });
        }
        self.rescale(&(x.0, x.1 * y.1))
    }
    fn add(&self, x: &(usize, f64), y: &(usize, f64)) -> CkksResult<(usize, f64)> {
        crate::ckks::validate::check_scales(x.1, y.1)?;
        if x.0 != y.0 {
            return Err(CkksError::LevelMismatch {
                left: x.0,
                right: y.0,
            });
        }
        Ok(*x)
    }
    fn sub(&self, x: &(usize, f64), y: &(usize, f64)) -> CkksResult<(usize, f64)> {
        self.add(x, y)
    }
    fn add_const(&self, x: &(usize, f64), _v: f64) -> CkksResult<(usize, f64)> {
        Ok(*x)
    }
    fn mul_const(&self, x: &(usize, f64), _v: f64, scale: f64) -> CkksResult<(usize, f64)> {
        Ok((x.0, x.1 * scale))
    }
    fn rescale(&self, x: &(usize, f64)) -> CkksResult<(usize, f64)> {
        if x.0 == 0 {
            return Err(too_deep());
        }
        Ok((x.0 - 1, x.1 / self.prime(x.0)))
    }
}

/// Brings `x` (at a level above `l`) to chain index `l` with scale `s` exactly, at one
/// level's cost: x·(1 at the scale that makes the rescaled product's scale s).
fn match_to<A: Arith>(a: &A, x: &A::Ct, l: usize, s: f64) -> CkksResult<A::Ct> {
    if a.level(x) < l + 1 {
        return Err(too_deep());
    }
    let x = a.mod_switch(x, l + 1)?;
    let c = s * a.prime(l + 1) / a.scale(&x);
    a.rescale(&a.mul_const(&x, 1.0, c)?)
}

/// The Chebyshev powers T_k of the input, made on demand.
struct Basis<A: Arith> {
    t: BTreeMap<usize, A::Ct>,
}

impl<A: Arith> Basis<A> {
    fn get(&mut self, a: &A, k: usize) -> CkksResult<A::Ct> {
        if let Some(t) = self.t.get(&k) {
            return Ok(t.clone());
        }
        let t = if k.is_multiple_of(2) {
            // T_2k = 2·T_k² − 1.
            let h = self.get(a, k / 2)?;
            let p = a.mul_rescale(&h, &h)?;
            a.add_const(&a.add(&p, &p)?, -1.0)?
        } else {
            // T_(i+j) = 2·T_i·T_j − T_1 with j = i + 1.
            let (i, j) = ((k - 1) / 2, k.div_ceil(2));
            let (ti, tj) = (self.get(a, i)?, self.get(a, j)?);
            let l = a.level(&ti).min(a.level(&tj));
            let p = a.mul_rescale(&a.mod_switch(&ti, l)?, &a.mod_switch(&tj, l)?)?;
            let p2 = a.add(&p, &p)?;
            let t1 = self.get(a, 1)?;
            let m = match_to(a, &t1, a.level(&p2), a.scale(&p2))?;
            a.sub(&p2, &m)?
        };
        self.t.insert(k, t.clone());
        Ok(t)
    }
}

/// The degree of `c` (its last nonzero coefficient), 0 for none.
fn degree(c: &[f64]) -> usize {
    c.iter().rposition(|&v| v != 0.0).unwrap_or(0)
}

/// The baby-step count for degree d: a power of two near √(d + 1).
fn baby_count(d: usize) -> usize {
    (((d + 1) as f64).sqrt().ceil() as usize)
        .next_power_of_two()
        .max(2)
}

/// The largest giant power b·2^t ≤ d.
fn giant(d: usize, b: usize) -> usize {
    let mut m = b;
    while 2 * m <= d {
        m *= 2;
    }
    m
}

/// p = q·T_M + r with deg r < M (needs d < 2M).
fn split(c: &[f64], m: usize) -> (Vec<f64>, Vec<f64>) {
    let d = degree(c);
    let mut q = vec![0.0; d - m + 1];
    q[0] = c[m];
    for k in 1..=d - m {
        q[k] = 2.0 * c[m + k];
    }
    let mut r: Vec<f64> = c[..m].to_vec();
    for k in 1..=d - m {
        r[m - k] -= c[m + k];
    }
    (q, r)
}

/// The highest chain index the evaluation of `c` can end at, given the powers' levels.
fn feasible<A: Arith>(a: &A, basis: &mut Basis<A>, c: &[f64], b: usize) -> CkksResult<i64> {
    let d = degree(c);
    if d < b {
        let mut l = i64::MAX;
        for r in 1..=d.max(1) {
            if r == 1 || c.get(r).is_some_and(|&v| v != 0.0) {
                l = l.min(a.level(&basis.get(a, r)?) as i64 - 1);
            }
        }
        return Ok(l);
    }
    let m = giant(d, b);
    let (q, r) = split(c, m);
    let tm = a.level(&basis.get(a, m)?) as i64 - 1;
    Ok(tm
        .min(feasible(a, basis, &q, b)? - 1)
        .min(feasible(a, basis, &r, b)?))
}

fn eval_rec<A: Arith>(
    a: &A,
    basis: &mut Basis<A>,
    c: &[f64],
    b: usize,
    l: usize,
    s: f64,
) -> CkksResult<A::Ct> {
    let d = degree(c);
    if d < b {
        let p = a.prime(l + 1);
        let mut powers = Vec::new();
        for r in 1..=d.max(1) {
            let coeff = c.get(r).copied().unwrap_or(0.0);
            if coeff == 0.0 && !(r == 1 && d == 0) {
                continue;
            }
            powers.push((basis.get(a, r)?, coeff));
        }
        // One sum of every term's constant product, each power read at its own level.
        let terms: Vec<(&A::Ct, f64, f64)> = powers
            .iter()
            .map(|(x, coeff)| (x, *coeff, s * p / a.scale(x)))
            .collect();
        let sum = a.mul_const_sum(&terms, l + 1)?;
        let sum = a.add_const(&sum, c.first().copied().unwrap_or(0.0))?;
        return a.rescale(&sum);
    }
    let m = giant(d, b);
    let (q, r) = split(c, m);
    let tm = basis.get(a, m)?;
    let qc = eval_rec(a, basis, &q, b, l + 1, s * a.prime(l + 1) / a.scale(&tm))?;
    let prod = a.mul_rescale(&qc, &a.mod_switch(&tm, l + 1)?)?;
    let rc = eval_rec(a, basis, &r, b, l, a.scale(&prod))?;
    a.add(&prod, &rc)
}

/// Σ c_k T_k(x) for slots x in [−1, 1], at scale `s`, at the highest level possible.
pub(crate) fn evaluate<A: Arith>(a: &A, x: A::Ct, c: &[f64], s: f64) -> CkksResult<A::Ct> {
    let b = baby_count(degree(c));
    let mut basis = Basis {
        t: BTreeMap::from([(1, x)]),
    };
    let l = feasible(a, &mut basis, c, b)?;
    if l < 0 {
        return Err(too_deep());
    }
    eval_rec(a, &mut basis, c, b, l as usize, s)
}

/// The levels Σ c_k T_k takes on an input in [−1, 1].
pub(crate) fn depth(c: &[f64]) -> CkksResult<usize> {
    const TOP: usize = 1 << 20;
    let sim = Sim { context: None };
    let out = evaluate(&sim, (TOP, 1.0), c, 1.0)?;
    Ok(TOP - out.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fits_and_splits_agree_with_the_function() {
        let p = Chebyshev::fit(|x| (3.0 * x).sin(), 31, -1.0, 1.0);
        for i in 0..50 {
            let x = -1.0 + i as f64 / 25.0;
            assert!((p.evaluate(x) - (3.0 * x).sin()).abs() < 1e-12);
        }
        // q·T_16 + r is p again.
        let c = p.coefficients();
        let (q, r) = split(c, 16);
        let t16 = Chebyshev::from_coefficients(
            (0..=16).map(|k| f64::from(u8::from(k == 16))).collect(),
            -1.0,
            1.0,
        );
        let (qp, rp) = (
            Chebyshev::from_coefficients(q, -1.0, 1.0),
            Chebyshev::from_coefficients(r, -1.0, 1.0),
        );
        for i in 0..20 {
            let x = -0.95 + i as f64 / 10.0;
            let v = qp.evaluate(x) * t16.evaluate(x) + rp.evaluate(x);
            assert!((v - p.evaluate(x)).abs() < 1e-12);
        }
    }
}
