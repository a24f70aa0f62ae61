//! `CkksEncoder`: complex (or real) slot vectors to plaintexts and back through the canonical
//! embedding. Slot j holds the value at ζ^(3^j mod 2N) and its conjugate sits at ζ^(-3^j), ζ a
//! primitive 2N-th root of unity (SEAL's slot order, generator 3). The embedding is a size-N DFT
//! of the coefficients twisted by ζ^i (rustfft), so encoding and decoding are O(N log N).

use super::{CkksError, CkksResult, Context, ContextData, Plaintext};
use crate::rns::RnsBase;
use num_bigint::BigInt;
use num_traits::{FromPrimitive, ToPrimitive};
use rustfft::num_complex::Complex64;
use rustfft::{Fft, FftPlanner};
use std::sync::Arc;

/// Encodes and decodes CKKS slot vectors for one context.
pub struct CkksEncoder {
    n: usize,
    /// DFT index t (2t + 1 the root's exponent) of slot j, and of its conjugate.
    slot_index: Vec<usize>,
    conj_index: Vec<usize>,
    /// ζ^i.
    twist: Vec<Complex64>,
    forward: Arc<dyn Fft<f64>>,
    inverse: Arc<dyn Fft<f64>>,
}

impl CkksEncoder {
    pub fn new(context: &Context) -> Self {
        let n = context.key_context_data().parms().poly_modulus_degree();
        let m = 2 * n;
        let (mut slot_index, mut conj_index) =
            (Vec::with_capacity(n / 2), Vec::with_capacity(n / 2));
        let mut pos = 1usize;
        for _ in 0..n / 2 {
            slot_index.push((pos - 1) / 2);
            conj_index.push((m - pos - 1) / 2);
            pos = pos * 3 % m;
        }
        let twist = (0..n)
            .map(|i| Complex64::from_polar(1.0, std::f64::consts::PI * i as f64 / n as f64))
            .collect();
        let mut planner = FftPlanner::new();
        CkksEncoder {
            n,
            slot_index,
            conj_index,
            twist,
            forward: planner.plan_fft_forward(n),
            inverse: planner.plan_fft_inverse(n),
        }
    }

    /// N/2.
    pub fn slot_count(&self) -> usize {
        self.n / 2
    }

    /// Encodes up to N/2 complex values (missing slots are 0) at `level` with `scale`.
    pub fn encode_complex(
        &self,
        values: &[Complex64],
        scale: f64,
        level: &ContextData,
    ) -> CkksResult<Plaintext> {
        if values.len() > self.slot_count() {
            return Err(CkksError::TooManyValues {
                given: values.len(),
                slots: self.slot_count(),
            });
        }
        let bits = level.total_coeff_modulus_bits();
        if !(scale.is_finite() && scale >= 1.0) || scale.log2() >= bits as f64 {
            return Err(CkksError::InvalidScale {
                scale,
                reason: format!("it must be at least 1 and below the level's modulus (2^{bits})"),
            });
        }
        let mut a = vec![Complex64::new(0.0, 0.0); self.n];
        for (j, z) in values.iter().enumerate() {
            if !(z.re.is_finite() && z.im.is_finite()) {
                return Err(CkksError::ValueTooLarge {
                    slot: j,
                    reason: "not a finite number".into(),
                });
            }
            a[self.slot_index[j]] = z * scale;
            a[self.conj_index[j]] = z.conj() * scale;
        }
        self.forward.process(&mut a);
        let inv_n = 1.0 / self.n as f64;
        let coeffs: Vec<f64> = a
            .iter()
            .zip(&self.twist)
            .map(|(x, w)| (x * w.conj() * inv_n).re.round())
            .collect();
        // A coefficient must stay below half the level's modulus to decode to itself.
        let limit = (bits - 1) as f64;
        if let Some(i) = coeffs.iter().position(|c| c.abs() >= 2f64.powf(limit)) {
            return Err(CkksError::ValueTooLarge {
                slot: i,
                reason: format!(
                    "coefficient {i} of the encoding needs more than {limit} bits at this scale; lower the scale or the values"
                ),
            });
        }
        let q = level.coeff_modulus();
        let mut data = vec![0u64; q.len() * self.n];
        let base = RnsBase::new(q)?;
        for (i, &c) in coeffs.iter().enumerate() {
            if c.abs() < 9.0e18 {
                let c = c as i64;
                for (k, m) in q.iter().enumerate() {
                    let r = c.unsigned_abs() % m.value();
                    data[k * self.n + i] = if c < 0 && r != 0 { m.value() - r } else { r };
                }
            } else {
                let big = BigInt::from_f64(c).expect("finite");
                for (k, r) in base.decompose_signed(&big)?.into_iter().enumerate() {
                    data[k * self.n + i] = r;
                }
            }
        }
        for (k, t) in level.ntt_tables().iter().enumerate() {
            t.forward(&mut data[k * self.n..(k + 1) * self.n])?;
        }
        Ok(Plaintext::from_host(level.parms_id(), scale, self.n, data))
    }

    /// Encodes up to N/2 real values.
    pub fn encode(&self, values: &[f64], scale: f64, level: &ContextData) -> CkksResult<Plaintext> {
        let z: Vec<Complex64> = values.iter().map(|&x| Complex64::new(x, 0.0)).collect();
        self.encode_complex(&z, scale, level)
    }

    /// Decodes every slot of a plaintext of `context`.
    pub fn decode_complex(&self, pt: &Plaintext, context: &Context) -> CkksResult<Vec<Complex64>> {
        let level = context
            .get_context_data(pt.parms_id)
            .ok_or(CkksError::ForeignParameters { what: "plaintext" })?;
        let q = level.coeff_modulus();
        let mut data = pt.storage.read()?.into_owned();
        for (k, t) in level.ntt_tables().iter().enumerate() {
            t.inverse(&mut data[k * self.n..(k + 1) * self.n])?;
        }
        let base = RnsBase::new(q)?;
        let mut a = Vec::with_capacity(self.n);
        for i in 0..self.n {
            let c = if q.len() == 1 {
                let (v, m) = (data[i], q[0].value());
                if v > m / 2 {
                    -((m - v) as f64)
                } else {
                    v as f64
                }
            } else {
                let residues: Vec<u64> = (0..q.len()).map(|k| data[k * self.n + i]).collect();
                base.compose_centered(&residues)?
                    .to_f64()
                    .unwrap_or(f64::NAN)
            };
            a.push(self.twist[i] * (c / pt.scale));
        }
        self.inverse.process(&mut a);
        Ok(self.slot_index.iter().map(|&t| a[t]).collect())
    }

    /// Decodes every slot's real part.
    pub fn decode(&self, pt: &Plaintext, context: &Context) -> CkksResult<Vec<f64>> {
        Ok(self
            .decode_complex(pt, context)?
            .into_iter()
            .map(|z| z.re)
            .collect())
    }
}
