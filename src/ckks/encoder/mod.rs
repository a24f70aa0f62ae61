//! `CkksEncoder`: complex (or real) slot vectors to plaintexts and back through the canonical
//! embedding, computed the way SEAL's `CKKSEncoder` computes it so that the plaintext words are
//! SEAL's, bit for bit.
//!
//! Slot j holds the value at ζ^(3^j mod 2N) and its conjugate sits at ζ^(−3^j), ζ = e^(iπ/N)
//! (SEAL's slot order, generator 3). Equality with SEAL rests on doing the same floating-point
//! operations in the same order:
//! - the roots: ζ^k for k ≤ 2N/8 from `cos`/`sin` of 2π·k/2N, the other powers by SEAL's
//!   eightfold symmetry (swaps and sign changes, which are exact);
//! - the transform: SEAL's radix-2 butterflies over bit-reversed roots, with complex products
//!   as (ac − bd, ad + bc) and the 1/N·scale factor folded into the last stage;
//! - the integers: round half away from zero, then the exact residues of that integer, however
//!   many words it needs (SEAL's 64-bit, 128-bit and multi-precision paths give the same
//!   residues, so one exact path serves all three).
#![warn(missing_docs)]

mod offload;

use crate::ckks::context::{Context, ContextData};
use crate::ckks::device::copy::DeviceSlots;
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::plaintext::Plaintext;
use crate::ntt::reverse_bits;
use crate::rns::RnsBase;
use num_bigint::BigUint;
use num_complex::Complex64;
use rayon::prelude::*;

/// The complex product as C++'s `std::complex<double>` computes it without fused multiply-add.
fn mul(a: Complex64, b: Complex64) -> Complex64 {
    Complex64::new(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re)
}

fn scale_by(a: Complex64, s: f64) -> Complex64 {
    Complex64::new(a.re * s, a.im * s)
}

/// The powers of a primitive m-th root of unity from one eighth of them (SEAL's `ComplexRoots`).
struct ComplexRoots {
    m: usize,
    eighth: Vec<Complex64>,
}

impl ComplexRoots {
    fn new(m: usize) -> Self {
        let eighth = (0..=m / 8)
            .map(|i| {
                let theta = 2.0 * std::f64::consts::PI * i as f64 / m as f64;
                // The platform's sin/cos, as SEAL's std::polar: glibc's give SEAL's Linux words
                // (tests/seal_encoder.rs). MinGW's differ in the last bit for some angles, and so
                // would SEAL's own Windows build; musl's (the libm crate) differ from glibc's.
                Complex64::new(theta.cos(), theta.sin())
            })
            .collect();
        ComplexRoots { m, eighth }
    }

    fn get(&self, index: usize) -> Complex64 {
        let m = self.m;
        let index = index & (m - 1);
        if index <= m / 8 {
            self.eighth[index]
        } else if index <= m / 4 {
            let r = self.eighth[m / 4 - index];
            Complex64::new(r.im, r.re)
        } else if index <= m / 2 {
            -self.get(m / 2 - index).conj()
        } else if index <= 3 * m / 4 {
            -self.get(index - m / 2)
        } else {
            self.get(m - index).conj()
        }
    }
}

/// Encodes and decodes CKKS slot vectors for one context (SEAL's `CKKSEncoder`).
///
/// It keeps a clone of its [`Context`] (a shared handle), so [`CkksEncoder::encode`] encodes
/// at the first data level as SEAL's `encode` does without a `parms_id`, and decoding needs
/// only the plaintext.
///
/// ```
/// use xehe::ckks::{CkksEncoder, Context, EncryptionParameters};
/// use xehe::primes::SecurityLevel;
/// let context = Context::new(&EncryptionParameters::with_bit_sizes(8192, &[60, 40, 40, 60])?, SecurityLevel::Tc128)?;
/// let encoder = CkksEncoder::new(&context);
/// let pt = encoder.encode(&[1.5, -2.25], 2f64.powi(40))?;
/// assert_eq!(pt.parms_id(), context.first_context_data().parms_id());
/// let back = encoder.decode(&pt)?;
/// assert!((back[0] - 1.5).abs() < 1e-9 && (back[1] + 2.25).abs() < 1e-9);
/// // Another level: the last one, with a single prime.
/// let low = encoder.encode_at_level(&[0.5], 2f64.powi(40), context.last_context_data())?;
/// assert_eq!(low.rns_count(), 1);
/// assert!((encoder.decode(&low)?[0] - 0.5).abs() < 1e-9);
/// # Ok::<(), xehe::ckks::CkksError>(())
/// ```
///
/// Thread safety: `Send + Sync`; immutable tables, `encode`/`decode` take `&self`.
pub struct CkksEncoder {
    context: Context,
    n: usize,
    log_n: u32,
    /// Position in the transform of slot j (first N/2 entries) and of its conjugate (last N/2).
    index_map: Vec<usize>,
    /// ζ^rev(i) for the decoding transform; index 0 unused.
    root_powers: Vec<Complex64>,
    /// conj(ζ^(rev(i − 1) + 1)) for the encoding transform; index 0 unused.
    inv_root_powers: Vec<Complex64>,
    /// The encoding tables on the tiles that encode (`kernels::encode`'s `table`).
    device: DeviceSlots,
    /// The decoding tables on the tiles that decode (`kernels::decode`'s `table`).
    device_roots: DeviceSlots,
    /// `kernels::decode`'s `crt` constants on the tiles that decode, by level (chain index): a
    /// 32-bit-tier chain has levels of one size over different primes.
    device_crt: Vec<DeviceSlots>,
}

impl CkksEncoder {
    /// The encoder of `context`'s slots (SEAL's `CKKSEncoder(context)`): its transform tables,
    /// and a clone of the context for the levels it encodes at and decodes from.
    pub fn new(context: &Context) -> Self {
        let n = context.key_context_data().parms().poly_modulus_degree();
        let log_n = n.trailing_zeros();
        let m = 2 * n;
        let roots = ComplexRoots::new(m);
        let mut root_powers = vec![Complex64::new(0.0, 0.0); n];
        let mut inv_root_powers = vec![Complex64::new(0.0, 0.0); n];
        for i in 1..n {
            root_powers[i] = roots.get(reverse_bits(i, log_n));
            inv_root_powers[i] = roots.get(reverse_bits(i - 1, log_n) + 1).conj();
        }
        let slots = n / 2;
        let mut index_map = vec![0usize; n];
        let mut pos = 1usize;
        for i in 0..slots {
            index_map[i] = reverse_bits((pos - 1) >> 1, log_n);
            index_map[slots | i] = reverse_bits((m - pos - 1) >> 1, log_n);
            pos = (pos * 3) & (m - 1);
        }
        CkksEncoder {
            context: context.clone(),
            n,
            log_n,
            index_map,
            root_powers,
            inv_root_powers,
            device: DeviceSlots::default(),
            device_roots: DeviceSlots::default(),
            device_crt: (0..=context.key_context_data().chain_index())
                .map(|_| DeviceSlots::default())
                .collect(),
        }
    }

    /// The number of slots, N/2 (SEAL's `slot_count`).
    pub fn slot_count(&self) -> usize {
        self.n / 2
    }

    /// At most [`CkksEncoder::slot_count`] values.
    fn check_count(&self, given: usize) -> CkksResult<()> {
        if given > self.slot_count() {
            return Err(CkksError::TooManyValues {
                given,
                slots: self.slot_count(),
            });
        }
        Ok(())
    }

    /// The context this encoder serves.
    pub fn context(&self) -> &Context {
        &self.context
    }

    /// `level` as this encoder's context knows it: a data level of its chain (a plaintext at
    /// the key level could not be used, as in SEAL).
    fn own_level(&self, level: &ContextData) -> CkksResult<&ContextData> {
        self.context.data_level(level.parms_id(), "plaintext")
    }

    /// Encodes up to N/2 complex values (missing slots are 0) with `scale` at the first data
    /// level; the words equal SEAL's `CKKSEncoder::encode(values, scale, destination)` for the
    /// same input. `scale` must be a finite number of at least 1 that the level's modulus can
    /// hold ([`CkksError::InvalidScale`] otherwise).
    pub fn encode_complex(&self, values: &[Complex64], scale: f64) -> CkksResult<Plaintext> {
        self.encode_complex_at_level(values, scale, self.context.first_context_data())
    }

    /// [`CkksEncoder::encode_complex`] at `level` (a data level of this encoder's context):
    /// SEAL's `encode(values, parms_id, scale, destination)`.
    pub fn encode_complex_at_level(
        &self,
        values: &[Complex64],
        scale: f64,
        level: &ContextData,
    ) -> CkksResult<Plaintext> {
        let level = self.own_level(level)?;
        self.check_count(values.len())?;
        level.check_scale(scale)?;
        let slots = self.slot_count();
        let mut a = vec![Complex64::new(0.0, 0.0); self.n];
        for (j, z) in values.iter().enumerate() {
            if !(z.re.is_finite() && z.im.is_finite()) {
                return Err(CkksError::ValueTooLarge {
                    slot: j,
                    reason: "not a finite number".into(),
                });
            }
            a[self.index_map[j]] = *z;
            a[self.index_map[j + slots]] = z.conj();
        }
        self.transform_from_rev(&mut a, scale / self.n as f64);
        // Finite inputs can still overflow to ±inf in the transform (1e300 · 2^40), and inf − inf
        // gives NaN, which every comparison below would let through.
        if let Some(i) = a.iter().position(|z| !z.re.is_finite()) {
            return Err(CkksError::ValueTooLarge {
                slot: i,
                reason: format!(
                    "coefficient {i} of the encoding overflows a double; lower the scale or the values"
                ),
            });
        }
        let max_coeff = a.iter().map(|z| z.re.abs()).fold(0.0, f64::max);
        let bits = level.total_coeff_modulus_bit_count();
        // One bit more for the sign, as SEAL counts; and, since the bit count of a product of
        // primes just above powers of two overstates it, the rounded coefficient must also lie
        // below Q/2 itself or it would decode as another value (384 once decoded as 128).
        let needed = max_coeff.max(1.0).log2().ceil() as i64 + 1;
        if needed >= bits as i64 || max_coeff.round() >= level.half_modulus_f64() {
            let i = a.iter().position(|z| z.re.abs() == max_coeff).unwrap_or(0);
            return Err(CkksError::ValueTooLarge {
                slot: i,
                reason: format!(
                    "coefficient {i} of the encoding is {max_coeff:e}, it needs {needed} bits with its sign and must stay below half the level's modulus ({:e}, {bits} bits); lower the scale or the values",
                    level.half_modulus_f64()
                ),
            });
        }
        let q = level.coeff_modulus();
        let n = self.n;
        // One prime per core: the residues of every rounded coefficient, then the transform.
        let mut data = vec![0u64; q.len() * n];
        data.par_chunks_mut(n)
            .zip(q.par_iter().zip(level.ntt_tables()))
            .try_for_each(|(row, (m, t))| {
                for (w, z) in row.iter_mut().zip(&a) {
                    *w = integer_residue(z.re.round(), m);
                }
                t.forward(row)
            })?;
        Ok(Plaintext::from_host(level.parms_id(), scale, n, data))
    }

    /// Encodes up to N/2 real values with `scale` at the first data level (SEAL's
    /// `encode(values, scale, destination)`; see [`CkksEncoder::encode_complex`]).
    pub fn encode(&self, values: &[f64], scale: f64) -> CkksResult<Plaintext> {
        self.encode_at_level(values, scale, self.context.first_context_data())
    }

    /// [`CkksEncoder::encode`] at `level` (a data level of this encoder's context): SEAL's
    /// `encode(values, parms_id, scale, destination)`.
    pub fn encode_at_level(
        &self,
        values: &[f64],
        scale: f64,
        level: &ContextData,
    ) -> CkksResult<Plaintext> {
        let z: Vec<Complex64> = values.iter().map(|&x| Complex64::new(x, 0.0)).collect();
        self.encode_complex_at_level(&z, scale, level)
    }

    /// Decodes every slot of a plaintext of this encoder's context, as SEAL's
    /// `CKKSEncoder::decode` does.
    pub fn decode_complex(&self, pt: &Plaintext) -> CkksResult<Vec<Complex64>> {
        // SEAL's is_valid_for: a data level, a scale within bounds, every word below its prime
        // (a scale of 0, NaN or −1 once decoded to NaN or garbage).
        let level = super::validate::plaintext(&self.context, pt)?;
        let q = level.coeff_modulus();
        let n = self.n;
        let mut data = pt.storage.read()?.into_owned();
        for (k, t) in level.ntt_tables().iter().enumerate() {
            t.inverse(&mut data[k * n..(k + 1) * n])?;
        }
        let base = RnsBase::new(q)?;
        let words = q.len();
        let modulus = u64_words(base.product(), words);
        let half = u64_words(&((base.product() + 1u32) >> 1), words);
        let inv_scale = 1.0 / pt.scale;
        let two_pow_64 = 18446744073709551616.0f64;
        // Each coefficient on its own (CRT in fixed-width words, no big integers), every core.
        let coefficient =
            |i: usize, residues: &mut Vec<u64>, x: &mut Vec<u64>, scratch: &mut Vec<u64>| {
                for (k, r) in residues.iter_mut().enumerate() {
                    *r = data[k * n + i];
                }
                base.compose_words(residues, x, scratch)?;
                // x ≥ ⌈Q/2⌉ stands for x − Q; SEAL subtracts word by word (no borrows) and sums the
                // signed word differences, which adds up to the same integer.
                let upper = x.iter().rev().cmp(half.iter().rev()) != std::cmp::Ordering::Less;
                let mut acc = 0.0f64;
                let mut weight = inv_scale;
                for j in 0..words {
                    if upper {
                        if x[j] > modulus[j] {
                            acc += (x[j] - modulus[j]) as f64 * weight;
                        } else if modulus[j] > x[j] {
                            acc -= (modulus[j] - x[j]) as f64 * weight;
                        }
                    } else if x[j] != 0 {
                        acc += x[j] as f64 * weight;
                    }
                    weight *= two_pow_64;
                }
                Ok::<_, crate::error::MathError>(Complex64::new(acc, 0.0))
            };
        let mut a = (0..n)
            .into_par_iter()
            .map_init(
                || (vec![0u64; words], vec![0u64; words], Vec::new()),
                |(residues, x, scratch), i| coefficient(i, residues, x, scratch),
            )
            .collect::<Result<Vec<_>, _>>()?;
        self.transform_to_rev(&mut a);
        Ok((0..self.slot_count())
            .map(|j| a[self.index_map[j]])
            .collect())
    }

    /// Decodes every slot's real part (SEAL's `decode` into a vector of doubles).
    pub fn decode(&self, pt: &Plaintext) -> CkksResult<Vec<f64>> {
        Ok(self.decode_complex(pt)?.into_iter().map(|z| z.re).collect())
    }

    /// SEAL's `DWTHandler::transform_from_rev` (Gentleman–Sande over the inverse roots) with the
    /// scalar folded into the last stage.
    fn transform_from_rev(&self, values: &mut [Complex64], scalar: f64) {
        let n = 1usize << self.log_n;
        let roots = &self.inv_root_powers;
        let mut r_index = 0;
        let mut gap = 1;
        let mut m = n >> 1;
        while m > 1 {
            let mut offset = 0;
            for _ in 0..m {
                r_index += 1;
                let r = roots[r_index];
                for x in offset..offset + gap {
                    let (u, v) = (values[x], values[x + gap]);
                    values[x] = u + v;
                    values[x + gap] = mul(u - v, r);
                }
                offset += gap << 1;
            }
            gap <<= 1;
            m >>= 1;
        }
        r_index += 1;
        let scaled_r = scale_by(roots[r_index], scalar);
        for x in 0..gap {
            let (u, v) = (values[x], values[x + gap]);
            values[x] = scale_by(u + v, scalar);
            values[x + gap] = mul(u - v, scaled_r);
        }
    }

    /// SEAL's `DWTHandler::transform_to_rev` (Cooley–Tukey over the bit-reversed roots).
    fn transform_to_rev(&self, values: &mut [Complex64]) {
        let n = 1usize << self.log_n;
        let roots = &self.root_powers;
        let mut r_index = 0;
        let mut gap = n >> 1;
        let mut m = 1;
        while m < n {
            let mut offset = 0;
            for _ in 0..m {
                r_index += 1;
                let r = roots[r_index];
                for x in offset..offset + gap {
                    let u = values[x];
                    let v = mul(values[x + gap], r);
                    values[x] = u + v;
                    values[x + gap] = u - v;
                }
                offset += gap << 1;
            }
            gap >>= 1;
            m <<= 1;
        }
    }
}

/// [`integer_residues`] for one modulus.
fn integer_residue(c: f64, m: &crate::arith::Modulus) -> u64 {
    let mag = c.abs();
    let r = if mag < 18446744073709551616.0 {
        m.reduce(mag as u64)
    } else if mag < 2f64.powi(128) {
        m.reduce_u128(mag as u128)
    } else {
        let big = BigUint::from_bytes_le(&f64_integer_le_bytes(mag));
        (&big % m.value())
            .to_u64_digits()
            .first()
            .copied()
            .unwrap_or(0)
    };
    if c.is_sign_negative() {
        m.neg_mod(r)
    } else {
        r
    }
}

/// The residues of the integral double `c` modulo each of `q`, exact whatever its size (SEAL's
/// 64-bit, 128-bit and multi-precision paths all give these). −0 counts as 0.
pub(crate) fn integer_residues(c: f64, q: &[crate::arith::Modulus]) -> Vec<u64> {
    q.iter().map(|m| integer_residue(c, m)).collect()
}

/// The little-endian bytes of a non-negative integral double (exact: its mantissa shifted by
/// its exponent).
fn f64_integer_le_bytes(x: f64) -> Vec<u8> {
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64 - 1075;
    let mantissa = (bits & ((1u64 << 52) - 1)) | (1u64 << 52);
    let v = BigUint::from(mantissa);
    let v = if exp >= 0 {
        v << exp as u64
    } else {
        v >> (-exp) as u64
    };
    v.to_bytes_le()
}

/// `x` as exactly `words` little-endian 64-bit words.
fn u64_words(x: &BigUint, words: usize) -> Vec<u64> {
    let mut w = x.to_u64_digits();
    w.resize(words, 0);
    w
}
