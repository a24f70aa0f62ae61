//! CKKS bootstrapping: a ciphertext at the end of its modulus chain back to a level with room
//! for computation, slots kept (to the stated precision).
//!
//! 1. **ModRaise** ([`Evaluator::mod_raise`]): the base-prime ciphertext read modulo the
//!    whole chain; it decrypts to t = m + q0·I. With a dense secret
//!    ([`SecretForm::DenseEncapsulated`], the presets' form) it is first switched to a sparse
//!    secret s' by a key that exists only over q0·p0, raised under s' (so that |I| stays
//!    within EvalMod's small range K, I growing with s''s weight), and switched back to the
//!    user's secret at once ([`EncapsulationKeys`]); everything after runs under the user's
//!    secret with its ordinary keys.
//! 2. **CoeffToSlot**: t's N coefficients into two ciphertexts of real slots, t_lo/(q0·K)
//!    and t_hi/(q0·K) (bit-reversed order): the inverse special FFT as `coeff_to_slot_levels`
//!    sparse matrices ([`Diagonals`]), each a [`LinearTransform`] with hoisted baby steps. The
//!    transforms read the slots in the FFT's own order ([`SlotOrder::Fft`]: SEAL's odd slots
//!    conjugated, rotations by powers of 2N − 3), where the FFT is complex-linear, so each
//!    matrix is one transform (on SEAL's order the first would act on the slots and on their
//!    conjugates); the real and imaginary parts are then split with one conjugation and the
//!    exact monomial X^(N/2), which multiplies every slot of that order by i.
//! 3. **EvalMod** on both: sin(2π·x)/(2π) ≈ x − round(x) for x = t/q0. CoeffToSlot hands
//!    it y = x/K' (K' = K + 1/4); shifted by −1/(4K') the cosine to approximate is even, so
//!    it is a polynomial of half the degree in u = 2z² − 1 (Chebyshev), followed by
//!    double-angle steps.
//! 4. **SlotToCoeff**: the special FFT back, with q0/(2π) folded in, to the message's slots.
//!
//! Every constant is folded into a matrix, and every scale is kept exact (the plaintexts are
//! encoded at the scale that lands each rescale on a planned value), so the result's scale is
//! the input's. The same calls run on the host or, for a `gpu()` ciphertext, on the
//! evaluator's device, where the words equal the host's.
//!
//! ```
//! use xehe::ckks::bootstrap::{BootstrapKeys, BootstrapPreset, Bootstrapper};
//! use xehe::ckks::{CkksEncoder, Decryptor, Encryptor, Evaluator, KeyGenerator};
//! use xehe::primes::SecurityLevel;
//! let preset = BootstrapPreset::insecure_n12();
//! // A test size: refused unless security is turned off explicitly.
//! assert!(preset.context(SecurityLevel::Tc128).is_err());
//! let ctx = preset.context(SecurityLevel::None)?;
//! // The user's secret is dense; the sparse one lives inside the bootstrapping keys only.
//! let mut kg = KeyGenerator::new(&ctx);
//! let keys = BootstrapKeys::generate(&mut kg, &preset)?;
//! let pk = kg.create_public_key();
//! let enc = CkksEncoder::new(&ctx);
//! let x: Vec<f64> = (0..enc.slot_count()).map(|i| ((i % 17) as f64 - 8.0) / 10.0).collect();
//! let last = ctx.last_context_data();
//! let ct = Encryptor::new(&ctx, &pk)?.encrypt(&enc.encode_at_level(&x, 2f64.powi(40), last)?)?;
//! let eval = Evaluator::new(&ctx);
//! let fresh = Bootstrapper::new(&eval, &keys, &preset)?.bootstrap(&ct)?;
//! assert_eq!(ctx.get_context_data(fresh.parms_id()).unwrap().chain_index(), preset.compute_levels);
//! let back = enc.decode(&Decryptor::new(&ctx, kg.secret_key())?.decrypt(&fresh)?)?;
//! assert!(back.iter().zip(&x).all(|(b, v)| (b - v).abs() < 1e-3));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod chebyshev;
mod diagonals;
mod encapsulation;
mod linear;
mod preset;

pub use chebyshev::Chebyshev;
pub use diagonals::{coeff_to_slot_factors, fft_stage, slot_to_coeff_factors, Diagonals};
pub use encapsulation::EncapsulationKeys;
pub use linear::{LinearTransform, SlotOrder};
pub use preset::{BootstrapPreset, SecretForm};

use crate::ckks::ciphertext::Ciphertext;
use crate::ckks::context::Context;
use crate::ckks::encoder::CkksEncoder;
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::evaluator::Evaluator;
use crate::ckks::galois::{galois_elt_from_step, GaloisKeys};
use crate::ckks::keys::KeyGenerator;
use crate::ckks::keyswitch::RelinKeys;
use crate::ckks::plaintext::Plaintext;
use chebyshev::{data_at, prime_at, Arith, Real, Sim};
use num_complex::Complex64;

/// The keys bootstrapping needs: relinearization, exactly the Galois keys of its transforms'
/// rotations plus conjugation, and for a dense secret the encapsulation's two switching keys.
#[derive(Clone, Debug)]
pub struct BootstrapKeys {
    pub relin: RelinKeys,
    pub galois: GaloisKeys,
    /// With [`SecretForm::DenseEncapsulated`]: the keys to the sparse secret (base level) and
    /// back; `None` with [`SecretForm::Sparse`].
    pub encapsulation: Option<EncapsulationKeys>,
}

impl BootstrapKeys {
    /// Makes them with `keygen`, whose secret is the preset's form: dense
    /// ([`KeyGenerator::new`]) for [`SecretForm::DenseEncapsulated`], where the sparse secret
    /// is drawn here and wiped once its keys exist; sparse of the preset's weight
    /// ([`KeyGenerator::new_sparse`]) for [`SecretForm::Sparse`] (a heavier secret is
    /// [`CkksError::InvalidBootstrap`]).
    pub fn generate(keygen: &mut KeyGenerator<'_>, preset: &BootstrapPreset) -> CkksResult<Self> {
        Self::generate_with(keygen, preset, &[])
    }

    /// Puts every key on `eval`'s device now, so that the first bootstrap uploads nothing:
    /// [`Evaluator::upload_keys`] for the relinearization and Galois keys (with its memory
    /// check), then [`EncapsulationKeys::upload`]; the encapsulation keys are checked first, so
    /// that foreign ones fail before gigabytes move. Nothing without a device.
    pub fn upload(&self, eval: &Evaluator<'_>) -> CkksResult<()> {
        if let Some(e) = &self.encapsulation {
            e.check_for(eval)?;
        }
        eval.upload_keys(Some(&self.relin), Some(&self.galois))?;
        if let Some(e) = &self.encapsulation {
            e.upload(eval)?;
        }
        Ok(())
    }

    /// [`BootstrapKeys::generate`] plus keys for `extra_steps`, the rotations (SEAL's) the
    /// computation between bootstraps takes (one Galois key set serves both).
    pub fn generate_with(
        keygen: &mut KeyGenerator<'_>,
        preset: &BootstrapPreset,
        extra_steps: &[i64],
    ) -> CkksResult<Self> {
        let mut elements = Bootstrapper::galois_elements(keygen.context, preset)?;
        let n = preset.degree();
        elements.extend(extra_steps.iter().map(|&s| galois_elt_from_step(n, s)));
        let encapsulation = encapsulation::keys_for(keygen, preset)?;
        Ok(BootstrapKeys {
            relin: keygen.create_relin_keys()?,
            galois: keygen.create_galois_keys_for_elements(&elements)?,
            encapsulation,
        })
    }
}

/// The matrices of one preset and context, constants folded in.
struct Factors {
    /// CoeffToSlot's matrices, first to last, and SlotToCoeff's.
    c2s: Vec<Diagonals>,
    s2c: Vec<Diagonals>,
}

impl Factors {
    fn new(context: &Context, preset: &BootstrapPreset) -> CkksResult<Self> {
        let full = preset.degree() / 2;
        // The transforms of the ring of dimension 2n that a sparse message lives in, repeated
        // over every copy; SubSum multiplied the coefficients by the copy count g.
        let n = preset.slots;
        let g = (full / n) as f64;
        let q0 = context.last_context_data().coeff_modulus()[0].value() as f64;
        let s0 = scale_zero(preset);
        let mut c2s: Vec<Diagonals> = coeff_to_slot_factors(2 * n, preset.coeff_to_slot_levels)
            .into_iter()
            .map(|m| m.replicate(full))
            .collect();
        c2s[0] = c2s[0].clone().scaled(Complex64::new(
            s0 / (2.0 * q0 * preset.eval_mod_range() * g),
            0.0,
        ));
        let mut s2c: Vec<Diagonals> = slot_to_coeff_factors(2 * n, preset.slot_to_coeff_levels)
            .into_iter()
            .map(|m| m.replicate(full))
            .collect();
        // The scaling up before ModRaise (2^k) is undone here.
        let up = 2f64.powi(preset.scale_up_bits() as i32);
        let c_out = Complex64::new(q0 / (2.0 * std::f64::consts::PI * s0 * up), 0.0);
        s2c[0] = s2c[0].clone().scaled(c_out);
        Ok(Factors { c2s, s2c })
    }

    fn all(&self) -> impl Iterator<Item = &Diagonals> {
        self.c2s.iter().chain(&self.s2c)
    }
}

/// The scale bootstrapping works at (the raised ciphertext is read at it, and every
/// transform lands on it).
fn scale_zero(preset: &BootstrapPreset) -> f64 {
    2f64.powi(preset.eval_mod_bits as i32)
}

/// The rotations that sum a sparse message's copies: n, 2n, 4n, … below N/2 (none for full
/// slots).
fn sub_sum_steps(preset: &BootstrapPreset) -> Vec<i64> {
    let full = preset.degree() / 2;
    let mut steps = Vec::new();
    let mut s = preset.slots;
    while s < full {
        steps.push(s as i64);
        s *= 2;
    }
    steps
}

/// Bootstraps ciphertexts of one context with one preset's precomputed transforms.
///
/// Thread safety: `Send + Sync`; `bootstrap` takes `&self`, so several threads may bootstrap
/// with one bootstrapper (its constant cache is behind a lock).
pub struct Bootstrapper<'e, 'c> {
    eval: &'e Evaluator<'c>,
    keys: &'e BootstrapKeys,
    /// The switch to the sparse secret around ModRaise, for a dense secret.
    encapsulation: Option<&'e EncapsulationKeys>,
    preset: BootstrapPreset,
    c2s: Vec<LinearTransform>,
    /// −X^(N/2) at CoeffToSlot's output level, X^(N/2) at EvalMod's (scale 1).
    minus_i: Plaintext,
    plus_i: Plaintext,
    cosine: EvenCosine,
    s2c: Vec<LinearTransform>,
    sub_sum: Vec<i64>,
    output: crate::ckks::params::ParmsId,
    constants: chebyshev::Constants,
}

impl<'e, 'c> Bootstrapper<'e, 'c> {
    /// The Galois elements one bootstrap takes: its transforms' rotations (in the FFT's slot
    /// order), the sparse copies' sum and conjugation; sorted, without repeats.
    pub fn galois_elements(context: &Context, preset: &BootstrapPreset) -> CkksResult<Vec<u64>> {
        preset.encryption_parameters()?;
        let f = Factors::new(context, preset)?;
        let n = preset.degree();
        let mut elements: Vec<u64> = f
            .all()
            .flat_map(|m| LinearTransform::galois_elements_of(m, SlotOrder::Fft))
            .collect();
        elements.extend(
            sub_sum_steps(preset)
                .iter()
                .map(|&s| galois_elt_from_step(n, s)),
        );
        elements.push(2 * n as u64 - 1);
        elements.sort_unstable();
        elements.dedup();
        Ok(elements)
    }

    /// Encodes every transform for `eval`'s context (whose parameters must be the preset's).
    pub fn new(
        eval: &'e Evaluator<'c>,
        keys: &'e BootstrapKeys,
        preset: &BootstrapPreset,
    ) -> CkksResult<Self> {
        let context = eval.context();
        if context.key_context_data().parms().coeff_modulus()
            != preset.encryption_parameters()?.coeff_modulus()
            || context.special_prime_count() != preset.special_primes
        {
            return Err(CkksError::InvalidBootstrap {
                reason: format!("the context's primes are not preset {}'s", preset.name),
            });
        }
        let encapsulation = match (preset.secret, &keys.encapsulation) {
            (SecretForm::Sparse, _) => None,
            (SecretForm::DenseEncapsulated, Some(e)) => {
                e.check(context)?;
                Some(e)
            }
            (SecretForm::DenseEncapsulated, None) => {
                return Err(CkksError::InvalidBootstrap {
                    reason: format!(
                        "preset {} encapsulates a dense secret, and the keys have no encapsulation keys: make them with BootstrapKeys::generate for this preset",
                        preset.name
                    ),
                })
            }
        };
        let encoder = CkksEncoder::new(context);
        let f = Factors::new(context, preset)?;
        let s0 = scale_zero(preset);
        let top = context.first_context_data().chain_index();
        // Each transform's plaintexts land its rescale on s0: scale s0·q_l / (input scale).
        let encode = |m: &Diagonals, l: usize, input_scale: f64| {
            LinearTransform::new_in(
                &encoder,
                m,
                data_at(context, l)?,
                s0 * prime_at(context, l) / input_scale,
                SlotOrder::Fft,
            )
        };
        let mut l = top;
        let mut c2s = Vec::new();
        for m in &f.c2s {
            c2s.push(encode(m, l, s0)?);
            l -= 1;
        }
        let minus_i = monomial_half(context, l, true)?;
        let cosine = EvenCosine::new(preset)?;
        // EvalMod's output level and scale, from the same steps run on levels and scales.
        let sim = Sim {
            context: Some(context),
        };
        let (le, se) = cosine.eval_mod(&sim, (l, s0), s0)?;
        let plus_i = monomial_half(context, le, false)?;
        let mut s2c = Vec::new();
        let (mut l, mut s) = (le, se);
        for m in &f.s2c {
            s2c.push(encode(m, l, s)?);
            (l, s) = (l.saturating_sub(1), s0);
        }
        Ok(Bootstrapper {
            eval,
            keys,
            encapsulation,
            preset: preset.clone(),
            c2s,
            minus_i,
            plus_i,
            cosine,
            s2c,
            sub_sum: sub_sum_steps(preset),
            output: data_at(context, preset.compute_levels)?.parms_id(),
            constants: Default::default(),
        })
    }

    pub fn preset(&self) -> &BootstrapPreset {
        &self.preset
    }

    /// The level bootstrapped ciphertexts come out at (the preset's `compute_levels` above the
    /// base prime).
    pub fn output_parms_id(&self) -> crate::ckks::params::ParmsId {
        self.output
    }

    /// Rotations one bootstrap takes (hoisted baby steps counted one each; conjugations
    /// included).
    pub fn rotation_count(&self) -> usize {
        self.sub_sum.len()
            + self
                .c2s
                .iter()
                .chain(&self.s2c)
                .map(LinearTransform::rotation_count)
                .sum::<usize>()
            + 1
    }

    /// `ct` (any data level, size 2; it is first switched down to the base prime) with its
    /// slots kept, at [`BootstrapPreset::compute_levels`] levels above the base, at the same
    /// scale. EvalMod's sine is linear only while the message's coefficients are small against
    /// q0 (relative error (2π·c/q0)²/6 for a coefficient c = scale·m_k), so the scale, times
    /// the preset's scaling up ([`BootstrapPreset::scale_up_bits`]), must be at most q0/2^5
    /// ([`CkksError::InvalidBootstrap`] otherwise); the presets' stated precision is for slots
    /// |z| ≤ 1 at their scale 2^compute_bits.
    pub fn bootstrap(&self, ct: &Ciphertext) -> CkksResult<Ciphertext> {
        let eval = self.eval;
        if ct.size() != 2 {
            return Err(CkksError::WrongCiphertextSize {
                op: "bootstrap",
                expected: 2,
                given: ct.size(),
            });
        }
        let context = eval.context();
        let q0 = context.last_context_data().coeff_modulus()[0].value() as f64;
        let up = 2f64.powi(self.preset.scale_up_bits() as i32);
        if !(ct.scale() > 0.0 && ct.scale() * up <= q0 / 32.0) {
            return Err(CkksError::InvalidBootstrap {
                reason: format!(
                    "the ciphertext's scale 2^{:.1}, scaled up by 2^{} for EvalMod, is above q0/2^5 = 2^{:.1}: EvalMod would not reduce its coefficients modulo q0 linearly; rescale first, encode at a smaller scale or use a larger message ratio",
                    ct.scale().log2(),
                    self.preset.scale_up_bits(),
                    (q0 / 32.0).log2()
                ),
            });
        }
        let s0 = scale_zero(&self.preset);
        let base = context.last_context_data().parms_id();
        let input_scale = ct.scale();
        let mut at_base = eval.mod_switch_to(ct, base)?;
        if up > 1.0 {
            // An exact integer product: the words times 2^k modulo q0.
            at_base = eval.multiply_const(&at_base, 1.0, up)?;
        }
        let mut raised = match self.encapsulation {
            Some(e) => e.mod_raise(eval, &at_base)?,
            None => eval.mod_raise(&at_base)?,
        };
        raised.set_scale(s0)?;
        // Sparse slots: the trace to the message's subring (I's other coefficients cancel,
        // the subring's are multiplied by the copy count, which CoeffToSlot divides out).
        for &s in &self.sub_sum {
            let r = eval.rotate_vector(&raised, s, &self.keys.galois)?;
            raised = eval.add(&raised, &r)?;
        }
        // CoeffToSlot.
        let mut u = raised;
        for t in &self.c2s {
            u = t.apply(eval, &u, &self.keys.galois)?;
        }
        let conj = eval.complex_conjugate(&u, &self.keys.galois)?;
        let lo = eval.add(&u, &conj)?;
        let hi = eval.multiply_plain(&eval.sub(&u, &conj)?, &self.minus_i)?;
        // EvalMod on both halves.
        let real = Real {
            eval,
            relin: &self.keys.relin,
            constants: Some(&self.constants),
        };
        let lo = self.cosine.eval_mod(&real, lo, s0)?;
        let hi = self.cosine.eval_mod(&real, hi, s0)?;
        // SlotToCoeff.
        let mut v = eval.add(&lo, &eval.multiply_plain(&hi, &self.plus_i)?)?;
        for t in &self.s2c {
            v = t.apply(eval, &v, &self.keys.galois)?;
        }
        let mut out = v;
        // The slots are the message at scale s0·(input scale)/s0 read as s0: say so.
        out.set_scale(out.scale() * input_scale / s0)?;
        Ok(out)
    }
}

/// EvalMod's polynomial: the even cosine as h(u), u = T_2(z), and the steps around it.
struct EvenCosine {
    /// −1/(4K'): y + shift = z.
    shift: f64,
    h: Chebyshev,
    double_angle: u32,
}

impl EvenCosine {
    fn new(preset: &BootstrapPreset) -> CkksResult<Self> {
        Ok(EvenCosine {
            shift: -0.25 / preset.eval_mod_range(),
            h: preset.cosine().even_part_in_square()?,
            double_angle: preset.double_angle,
        })
    }

    /// sin(2π·x) for slots y = x/K' ∈ [−1, 1] (up to the approximation): z = y − 1/(4K'),
    /// u = 2z² − 1, h(u) = cos(2π·K'·z/2^r) at scale `s0`, then r steps cos 2θ = 2·cos²θ − 1.
    fn eval_mod<A: Arith>(&self, a: &A, y: A::Ct, s0: f64) -> CkksResult<A::Ct> {
        let z = a.add_const(&y, self.shift)?;
        let z2 = a.mul_rescale(&z, &z)?;
        let u = a.add_const(&a.add(&z2, &z2)?, -1.0)?;
        let mut c = chebyshev::evaluate(a, u, self.h.coefficients(), s0)?;
        for _ in 0..self.double_angle {
            let sq = a.mul_rescale(&c, &c)?;
            c = a.add_const(&a.add(&sq, &sq)?, -1.0)?;
        }
        Ok(c)
    }
}

/// ±X^(N/2) at chain index `l` in NTT form, scale 1: multiplies slot j by ±i·ε_j exactly.
fn monomial_half(context: &Context, l: usize, negate: bool) -> CkksResult<Plaintext> {
    let level = data_at(context, l)?;
    let n = level.parms().poly_modulus_degree();
    let mut words = vec![0u64; n * level.coeff_modulus().len()];
    for ((row, m), t) in words
        .chunks_mut(n)
        .zip(level.coeff_modulus())
        .zip(level.ntt_tables())
    {
        row[n / 2] = if negate { m.value() - 1 } else { 1 };
        t.forward(row)?;
    }
    Plaintext::from_ntt_residues(context, level.parms_id(), 1.0, words)
}
