//! Diagonal linear transforms evaluated with baby-step/giant-step hoisted rotations.
//!
//! M·x = Σ_d D_d ⊙ rot_d(x). With each offset d = s·(b·q + r) (s the offsets' common stride,
//! r ∈ [0, b)), M·x = Σ_q rot_(s·b·q)( Σ_r rot_(−s·b·q)(D_d) ⊙ rot_(s·r)(x) ): the baby
//! rotations rot_(s·r)(x) are one hoisted [`Evaluator::rotate_many`] (one decomposition of x
//! shared by all), each giant step is one rotation of a partial sum, and every diagonal is one
//! plaintext product. With c diagonals and b ≈ √c this is about 2√c rotations instead of c.

use crate::ckks::ciphertext::Ciphertext;
use crate::ckks::context::ContextData;
use crate::ckks::encoder::CkksEncoder;
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::evaluator::Evaluator;
use crate::ckks::galois::GaloisKeys;
use crate::ckks::galois::{galois_elt_from_fft_step, galois_elt_from_step};
use crate::ckks::params::ParmsId;
use crate::ckks::plaintext::Plaintext;
use num_complex::Complex64;

use super::diagonals::Diagonals;

/// One giant step: its rotation and the pre-rotated diagonals, each with its baby step.
#[derive(Clone, Debug)]
struct Giant {
    step: i64,
    terms: Vec<(usize, Plaintext)>,
}

/// A slot matrix encoded for one level and plaintext scale, ready to apply to ciphertexts.
///
/// ```
/// use xehe::ckks::bootstrap::{Diagonals, LinearTransform};
/// use xehe::ckks::{CkksEncoder, Complex64, Context, Decryptor, EncryptionParameters, Encryptor, Evaluator, KeyGenerator};
/// use xehe::primes::SecurityLevel;
/// use std::collections::BTreeMap;
/// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(8192, &[60, 40, 60])?, SecurityLevel::Tc128)?;
/// let enc = CkksEncoder::new(&ctx);
/// let n = enc.slot_count();
/// // out_p = 2·x_p + x_(p+1): two diagonals.
/// let one = |v: f64| vec![Complex64::new(v, 0.0); n];
/// let m = Diagonals::from_diagonals(n, BTreeMap::from([(0, one(2.0)), (1, one(1.0))]));
/// let level = ctx.first_context_data();
/// let q_last = level.coeff_modulus().last().unwrap().value() as f64;
/// let lt = LinearTransform::new(&enc, &m, level, q_last)?;
/// let mut kg = KeyGenerator::new(&ctx);
/// let (pk, gk) = (kg.create_public_key(), kg.create_galois_keys_for_steps(&lt.steps(), false)?);
/// let x: Vec<f64> = (0..n).map(|i| (i % 4) as f64 / 4.0).collect();
/// let ct = Encryptor::new(&ctx, &pk)?.encrypt(&enc.encode_at_level(&x, 2f64.powi(30), level)?)?;
/// let eval = Evaluator::new(&ctx);
/// let y = lt.apply(&eval, &ct, &gk)?;
/// let back = enc.decode(&Decryptor::new(&ctx, kg.secret_key())?.decrypt(&y)?)?;
/// assert!((back[0] - (2.0 * x[0] + x[1])).abs() < 1e-3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct LinearTransform {
    parms_id: ParmsId,
    order: SlotOrder,
    /// The slot count (N/2).
    slots: usize,
    baby: Vec<i64>,
    giants: Vec<Giant>,
}

/// The order a transform reads the slots in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotOrder {
    /// SEAL's: slot j at ζ^(3^j); the rotations are SEAL's (`rotate_vector`), composed from
    /// other keys where a step has none.
    Seal,
    /// The special FFT's: slot j at ζ^(g^j) with g = 2N − 3, SEAL's odd slots conjugated. A
    /// complex-linear map of the FFT's slots (CoeffToSlot's first matrix, SlotToCoeff's last)
    /// is one transform here, where on SEAL's slots it needs the slots' conjugates as well.
    /// Each step needs the key of its own element (`galois_elt_from_fft_step`).
    Fft,
}

impl LinearTransform {
    /// Encodes `m`'s pre-rotated diagonals at `level` with `scale` (the product with a
    /// ciphertext of scale S has scale S·`scale`; a `scale` of the level's last prime returns
    /// to S after the rescale), reading the slots in SEAL's order.
    pub fn new(
        encoder: &CkksEncoder,
        m: &Diagonals,
        level: &ContextData,
        scale: f64,
    ) -> CkksResult<Self> {
        Self::new_in(encoder, m, level, scale, SlotOrder::Seal)
    }

    /// [`LinearTransform::new`] with the slots read in `order`; a matrix on every slot
    /// (`m.slots()` = N/2) for [`SlotOrder::Fft`].
    pub fn new_in(
        encoder: &CkksEncoder,
        m: &Diagonals,
        level: &ContextData,
        scale: f64,
        order: SlotOrder,
    ) -> CkksResult<Self> {
        let n = m.slots();
        if order == SlotOrder::Fft && n != encoder.slot_count() {
            return Err(CkksError::WrongSize {
                what: "slots of a matrix in the FFT's order (every slot)",
                expected: encoder.slot_count(),
                given: n,
            });
        }
        let plan = Plan::new(n, m.diagonals().keys().copied());
        let mut baby: Vec<i64> = Vec::new();
        let mut giants: Vec<Giant> = Vec::new();
        for (&d, diag) in m.diagonals() {
            let (giant_step, baby_step) = plan.split(d);
            let bi = match baby.iter().position(|&s| s == baby_step) {
                Some(i) => i,
                None => {
                    baby.push(baby_step);
                    baby.len() - 1
                }
            };
            // rot_(−G)(D_d): entry p is D_d[(p − G) mod n]; in the FFT's order SEAL's odd
            // slots hold the conjugates.
            let shift = giant_step.rem_euclid(n as i64) as usize;
            let rotated: Vec<Complex64> = (0..n)
                .map(|p| {
                    let v = diag[(p + n - shift) % n];
                    match order {
                        SlotOrder::Fft if p % 2 == 1 => v.conj(),
                        _ => v,
                    }
                })
                .collect();
            let pt = encoder.encode_complex_at_level(&rotated, scale, level)?;
            match giants.iter_mut().find(|g| g.step == giant_step) {
                Some(g) => g.terms.push((bi, pt)),
                None => giants.push(Giant {
                    step: giant_step,
                    terms: vec![(bi, pt)],
                }),
            }
        }
        Ok(LinearTransform {
            parms_id: level.parms_id(),
            order,
            slots: n,
            baby,
            giants,
        })
    }

    /// The Galois elements of every rotation this transform takes (baby and giant, without the
    /// identity), in its order: what [`KeyGenerator::create_galois_keys_for_elements`] needs.
    ///
    /// [`KeyGenerator::create_galois_keys_for_elements`]: crate::ckks::KeyGenerator::create_galois_keys_for_elements
    pub fn galois_elements(&self) -> Vec<u64> {
        elements(self.order, self.slots, &self.steps())
    }

    /// [`LinearTransform::galois_elements`] of `m` read in `order`, without encoding it.
    pub fn galois_elements_of(m: &Diagonals, order: SlotOrder) -> Vec<u64> {
        elements(order, m.slots(), &Self::steps_of(m))
    }

    /// The rotation steps this transform needs keys for (baby and giant, without 0).
    pub fn steps(&self) -> Vec<i64> {
        rotations(
            self.baby
                .iter()
                .copied()
                .chain(self.giants.iter().map(|g| g.step)),
        )
    }

    /// The rotation steps applying `m` takes (what [`LinearTransform::steps`] gives once it is
    /// encoded), without encoding it.
    pub fn steps_of(m: &Diagonals) -> Vec<i64> {
        let plan = Plan::new(m.slots(), m.diagonals().keys().copied());
        rotations(m.diagonals().keys().flat_map(|&d| {
            let (giant, baby) = plan.split(d);
            [giant, baby]
        }))
    }

    /// The level the plaintexts were encoded at (the input ciphertext's).
    pub fn parms_id(&self) -> ParmsId {
        self.parms_id
    }

    /// How many rotations one application takes (hoisted baby steps counted one each).
    pub fn rotation_count(&self) -> usize {
        self.baby.iter().filter(|&&s| s != 0).count()
            + self.giants.iter().filter(|g| g.step != 0).count()
    }

    /// M·x before the rescale: scale x.scale · the encoding scale, at x's level.
    pub fn apply_unrescaled(
        &self,
        eval: &Evaluator<'_>,
        x: &Ciphertext,
        keys: &GaloisKeys,
    ) -> CkksResult<Ciphertext> {
        let babies = match self.order {
            SlotOrder::Seal => eval.rotate_many(x, &self.baby, keys)?,
            SlotOrder::Fft => {
                eval.apply_galois_many(x, &elements(self.order, self.slots, &self.baby), keys)?
            }
        };
        let inners = self
            .giants
            .iter()
            .map(|g| {
                let terms: Vec<(&Ciphertext, &Plaintext)> =
                    g.terms.iter().map(|(bi, pt)| (&babies[*bi], pt)).collect();
                eval.multiply_plain_sum(&terms)
            })
            .collect::<CkksResult<Vec<_>>>()?;
        match self.order {
            // The giant steps' key switches summed over PQ and divided by P once.
            SlotOrder::Fft => {
                let terms: Vec<(&Ciphertext, u64)> = self
                    .giants
                    .iter()
                    .zip(&inners)
                    .map(|(g, inner)| (inner, galois_elt_from_fft_step(2 * self.slots, g.step)))
                    .collect();
                eval.apply_galois_sum(&terms, keys)
            }
            // SEAL's order rotates by steps, which may be composed from other keys.
            SlotOrder::Seal => {
                let mut total: Option<Ciphertext> = None;
                for (g, inner) in self.giants.iter().zip(inners) {
                    let part = match g.step {
                        0 => inner,
                        step => eval.rotate_vector(&inner, step, keys)?,
                    };
                    total = Some(match total {
                        None => part,
                        Some(acc) => eval.add(&acc, &part)?,
                    });
                }
                Ok(total.expect("a transform has a diagonal"))
            }
        }
    }

    /// M·x, rescaled once.
    pub fn apply(
        &self,
        eval: &Evaluator<'_>,
        x: &Ciphertext,
        keys: &GaloisKeys,
    ) -> CkksResult<Ciphertext> {
        eval.rescale_to_next(&self.apply_unrescaled(eval, x, keys)?)
    }
}

/// The Galois elements of `steps` on `slots` slots read in `order` (0 is the identity, 1).
fn elements(order: SlotOrder, slots: usize, steps: &[i64]) -> Vec<u64> {
    steps
        .iter()
        .map(|&s| match order {
            SlotOrder::Seal => galois_elt_from_step(2 * slots, s),
            SlotOrder::Fft => galois_elt_from_fft_step(2 * slots, s),
        })
        .collect()
}

/// The distinct nonzero steps of `steps`, sorted.
fn rotations(steps: impl Iterator<Item = i64>) -> Vec<i64> {
    let mut s: Vec<i64> = steps.filter(|&s| s != 0).collect();
    s.sort_unstable();
    s.dedup();
    s
}

/// The baby-step/giant-step split of a set of offsets.
struct Plan {
    n: usize,
    stride: i64,
    b: i64,
}

impl Plan {
    fn new(n: usize, offsets: impl Iterator<Item = usize> + Clone) -> Self {
        let gcd = |mut a: usize, mut b: usize| {
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a
        };
        let stride = offsets.clone().fold(n, gcd).max(1);
        let count = offsets.count().max(1);
        let b = ((count as f64).sqrt().ceil() as usize).next_power_of_two();
        Plan {
            n,
            stride: stride as i64,
            b: b as i64,
        }
    }

    /// The (giant, baby) rotation steps of offset d = stride·(b·q + r), d read as a signed
    /// offset in (−n/2, n/2]: (stride·b·q, stride·r).
    fn split(&self, d: usize) -> (i64, i64) {
        let n = self.n as i64;
        let mut signed = d as i64;
        if signed > n / 2 {
            signed -= n;
        }
        let k = signed / self.stride;
        (
            self.stride * self.b * k.div_euclid(self.b),
            self.stride * k.rem_euclid(self.b),
        )
    }
}
