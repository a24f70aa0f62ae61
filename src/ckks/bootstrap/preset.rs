//! Bootstrapping parameter sets: the chain (base prime, levels for computation, SlotToCoeff,
//! EvalMod, CoeffToSlot, special primes), the secret's form and EvalMod's approximation.
//!
//! Security, per secret and modulus: with [`SecretForm::DenseEncapsulated`] the user's secret s
//! is uniform ternary, and everything at the full modulus QP (public key, relinearization and
//! Galois keys, the key back from the sparse secret) is an RLWE sample under s, which the
//! context's check against the HE standard's bound for uniform ternary secrets covers. The
//! sparse secret s' (weight h) appears in one key only, the key from s to s', made over the
//! base prime q0 and the first special prime p0 alone (log2(q0·p0) = 50 + 60 = 110 bits at
//! N = 2^16, whatever the count of special primes), as Lattigo and Cheddar make it: the
//! modulus at which the sparse-secret encapsulation of Bossuat, Troncoso-Pastoriza and Hubaux
//! (ACNS 2022) puts a weight-32 secret, far below the 1550 bits or so where the literature's
//! estimates put 128-bit security even for weight 192.

use super::chebyshev::Chebyshev;
use crate::ckks::context::Context;
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::params::EncryptionParameters;
use crate::primes::SecurityLevel;

/// Which secret the user holds and which one ModRaise works under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SecretForm {
    /// The user's secret is dense uniform ternary ([`crate::ckks::KeyGenerator::new`]);
    /// bootstrapping switches the base-level ciphertext to a sparse secret of the preset's
    /// Hamming weight (a key over q0·p0 only), raises it, and switches it back at once
    /// (sparse-secret encapsulation).
    DenseEncapsulated,
    /// The user's secret itself is sparse with the preset's Hamming weight
    /// ([`crate::ckks::KeyGenerator::new_sparse`]), at every modulus.
    Sparse,
}

/// One bootstrapping parameter set, for full slots (N/2) or a sparse count.
///
/// The primes, first to last: the base prime q0 (what a ciphertext keeps at the end of the
/// chain), `compute_levels` primes for the computation after a bootstrap, then the primes
/// SlotToCoeff, EvalMod and CoeffToSlot consume (CoeffToSlot's are dropped first), then the
/// special primes.
#[derive(Clone, Debug, PartialEq)]
pub struct BootstrapPreset {
    pub name: &'static str,
    pub log_degree: u32,
    /// Slots: N/2 (full), or a power of two n < N/2 for sparse packing (n values repeated
    /// N/(2n) times: [`BootstrapPreset::with_slots`]).
    pub slots: usize,
    pub base_bits: u32,
    pub compute_levels: usize,
    pub compute_bits: u32,
    /// Levels of CoeffToSlot and of SlotToCoeff: the FFT's log2(N/2) butterfly stages are
    /// merged into this many sparse matrices each.
    pub coeff_to_slot_levels: usize,
    pub slot_to_coeff_levels: usize,
    /// The primes of CoeffToSlot and SlotToCoeff (linear: their scale is set by the
    /// plaintexts, so these primes need only hold the plaintexts' precision).
    pub coeff_to_slot_bits: u32,
    pub slot_to_coeff_bits: u32,
    /// The primes of EvalMod, and the scale bootstrapping works at (2^eval_mod_bits): products
    /// keep their scale only when the primes match it, and the precision is noise over this
    /// scale.
    pub eval_mod_bits: u32,
    pub special_primes: usize,
    pub special_bits: u32,
    /// The user's secret: dense with encapsulation, or sparse throughout.
    pub secret: SecretForm,
    /// Nonzero coefficients of the sparse ternary secret ModRaise works under (the
    /// encapsulation secret, or the user's own with [`SecretForm::Sparse`]).
    pub hamming_weight: usize,
    /// EvalMod's range: |I| ≤ k_bound for the integer polynomial I that ModRaise adds.
    pub k_bound: f64,
    /// log2(q0 / scale) EvalMod works at, when chosen: a base-level ciphertext at the preset's
    /// scale 2^compute_bits is multiplied by 2^(base_bits − compute_bits − ratio) before
    /// ModRaise (the output's scale is the input's again). `None`, the presets' choice, keeps
    /// the ratio their scale gives, base_bits − compute_bits: see
    /// [`BootstrapPreset::with_message_ratio`] for the trade-off.
    pub message_ratio_bits: Option<u32>,
    /// Double-angle steps after the cosine approximation.
    pub double_angle: u32,
    /// Degree of the Chebyshev approximation of the (even) cosine: even, so that EvalMod
    /// evaluates a polynomial of half the degree in T_2(z).
    pub cosine_degree: usize,
    /// The security level the preset's context is made with.
    pub security: SecurityLevel,
}

impl BootstrapPreset {
    /// N = 2^12, INSECURE (a test size): dense secret, encapsulation weight h = 32, EvalMod
    /// as [`BootstrapPreset::n16`]'s (K = 16, an even degree-46 cosine and 3 double angles: 9
    /// levels), 3 + 3 transform levels, 2 levels left. Its context is refused unless the caller passes
    /// `SecurityLevel::None`.
    pub fn insecure_n12() -> Self {
        BootstrapPreset {
            name: "insecure-n12",
            log_degree: 12,
            slots: 2048,
            base_bits: 50,
            compute_levels: 2,
            compute_bits: 40,
            coeff_to_slot_levels: 3,
            slot_to_coeff_levels: 3,
            coeff_to_slot_bits: 52,
            slot_to_coeff_bits: 45,
            eval_mod_bits: 58,
            special_primes: 2,
            special_bits: 60,
            secret: SecretForm::DenseEncapsulated,
            hamming_weight: 32,
            k_bound: 16.0,
            message_ratio_bits: None,
            double_angle: 3,
            cosine_degree: 46,
            security: SecurityLevel::None,
        }
    }

    /// N = 2^13, INSECURE (a test size), as [`BootstrapPreset::insecure_n12`] with 12 FFT stages.
    pub fn insecure_n13() -> Self {
        BootstrapPreset {
            name: "insecure-n13",
            log_degree: 13,
            slots: 4096,
            ..Self::insecure_n12()
        }
    }

    /// N = 2^16 for production: dense uniform ternary secret with sparse-secret encapsulation
    /// (h = 32), K = 16 with an even degree-46 cosine and 3 double angles (EvalMod in 9 levels, as
    /// in the insecure presets, which test it), 4 CoeffToSlot and 3 SlotToCoeff levels, 10
    /// levels of 40 bits left, 7 special primes of 60 bits; log2(QP) = 50 + 400 + 135 + 540 +
    /// 192 + 420 = 1737.
    ///
    /// Why K = 7: key switching decomposes the 27 data primes into dnum = ⌈27/7⌉ = 4 digits
    /// (against 9 with 3 special primes), and each digit's product, at most seven primes of
    /// 60 bits, is about the size of P (seven special primes of 60 bits), so the key-switching
    /// noise stays near the rounding noise's size. Fewer digits are fewer ModUp conversions,
    /// NTTs and products, so multiply + relinearize and the whole bootstrap run markedly faster
    /// with K = 7 than with K = 3 on the H100. The special primes' bits cost two levels of
    /// computation against K = 3 (10 left, not 12) under the same bound.
    ///
    /// Why EvalMod's primes are 60 bits: the precision is the message's share of EvalMod's
    /// input, t_m/(q0·K), over the rounding noise each rescale adds at the scale 2^eval_mod_bits
    /// (EvalMod's derivative, 2πK, scales both alike), and a dense secret's rounding noise is
    /// √(h/12) ≈ 2^6.9 per coefficient at N = 2^16, 2^4 more than a sparse h = 192 one's: every
    /// bit of scale is a bit of precision. CoeffToSlot's primes (48 bits) only need to hold its
    /// plaintexts' precision, and give EvalMod the bits.
    ///
    /// Security: the context is checked against the HE standard's 128-bit bound for a uniform
    /// ternary secret at N = 2^16 (1747 bits), which is the user's secret; the sparse secret
    /// lives only in the key over q0·p0 (log2(q0·p0) = 50 + 60 = 110 bits), however many
    /// special primes the chain has. ModRaise's I is a rounded sum of h + 1 = 33 terms each in
    /// [−1/2, 1/2] (σ = √(33/12) ≈ 1.7, and |I| ≤ 17 always), so |I| > K = 16 needs almost
    /// every term at its end: far below 2^-60 per bootstrap.
    pub fn n16() -> Self {
        BootstrapPreset {
            name: "n16",
            log_degree: 16,
            slots: 32768,
            base_bits: 50,
            compute_levels: 10,
            compute_bits: 40,
            coeff_to_slot_levels: 4,
            slot_to_coeff_levels: 3,
            coeff_to_slot_bits: 48,
            slot_to_coeff_bits: 45,
            eval_mod_bits: 60,
            special_primes: 7,
            special_bits: 60,
            secret: SecretForm::DenseEncapsulated,
            hamming_weight: 32,
            k_bound: 16.0,
            message_ratio_bits: None,
            double_angle: 3,
            cosine_degree: 46,
            security: SecurityLevel::Tc128,
        }
    }

    /// N = 2^15 for production, 2^14 full slots: the dense secret with encapsulation and
    /// EvalMod of [`BootstrapPreset::n16`] (K = 16, the even degree-46 cosine, 3 double angles:
    /// 9 levels), on a chain that fits the 881-bit bound of N = 2^15: base 45, 2 levels of 35
    /// bits left, 2 SlotToCoeff levels of 40, EvalMod at 2^56, 2 CoeffToSlot levels of 55 (the
    /// FFT's 14 stages in two matrices each way), one special prime of 60 bits (SEAL's layout:
    /// one digit per prime); log2(QP) = 45 + 70 + 80 + 504 + 110 + 60 = 869.
    ///
    /// Why so few levels left: bootstrapping's own chain (EvalMod's 9 levels, the transforms'
    /// 4, the base) takes 739 bits whatever the words, and its precision falls a bit with each
    /// bit taken from EvalMod's or CoeffToSlot's primes (a Lattigo-like split, 3 levels of 31
    /// bits, measured 3 bits less on the host). One special prime suffices because every digit
    /// is one prime, below it.
    pub fn n15() -> Self {
        BootstrapPreset {
            name: "n15",
            log_degree: 15,
            slots: 16384,
            base_bits: 45,
            compute_levels: 2,
            compute_bits: 35,
            coeff_to_slot_levels: 2,
            slot_to_coeff_levels: 2,
            coeff_to_slot_bits: 55,
            slot_to_coeff_bits: 40,
            eval_mod_bits: 56,
            special_primes: 1,
            ..Self::n16()
        }
    }

    /// How the secret is described in reports: "dense ternary, encapsulated to sparse h = 32",
    /// or "sparse ternary, h = 64".
    pub fn secret_description(&self) -> String {
        match self.secret {
            SecretForm::DenseEncapsulated => format!(
                "dense ternary, encapsulated to sparse h = {}",
                self.hamming_weight
            ),
            SecretForm::Sparse => format!("sparse ternary, h = {}", self.hamming_weight),
        }
    }

    /// The preset named `name` (`insecure-n12`, `insecure-n13`, `n15`, `n16`).
    pub fn by_name(name: &str) -> Option<Self> {
        [
            Self::insecure_n12(),
            Self::insecure_n13(),
            Self::n15(),
            Self::n16(),
        ]
        .into_iter()
        .find(|p| p.name == name)
    }

    pub fn degree(&self) -> usize {
        1 << self.log_degree
    }

    /// This preset for `slots` slots (sparse when below N/2): a message of n values is encoded
    /// repeated N/(2n) times across the N/2 slots, so its polynomial lies in Z[X^(N/(2n))];
    /// bootstrapping then sums the copies once (log2(N/(2n)) rotations), and its transforms
    /// have log2(n) stages instead of log2(N/2). Checked by
    /// [`BootstrapPreset::encryption_parameters`].
    pub fn with_slots(mut self, slots: usize) -> Self {
        self.slots = slots;
        self
    }

    /// EvalMod's range K' = K + 1/4: CoeffToSlot delivers y = x/K' for x = t/q0 (|x| ≤ K),
    /// so that z = y − 1/(4K') = (x − 1/4)/K' stays in [−1, 1] and the cosine below is even.
    pub fn eval_mod_range(&self) -> f64 {
        self.k_bound + 0.25
    }

    /// This preset with EvalMod working at log2(q0 / scale) = `bits` (6 or more): a ciphertext
    /// is scaled up by 2^(base_bits − compute_bits − bits) before ModRaise, as Cheddar does
    /// (its default is 5; here 6 is the least, q0 being below 2^base_bits while a scale of
    /// q0/2^5 is the most EvalMod reduces linearly). A smaller ratio makes EvalMod's own noise smaller against the
    /// message, so random messages come back more precisely, but EvalMod's sine departs from
    /// x − round(x) as the message's coefficients grow against q0: a coefficient of c·Δ gives a
    /// relative error of about (2π·c/2^bits)²/6, and a message with every slot equal has
    /// one coefficient of Δ·z (c = |z|). The presets keep the ratio their scale gives (10).
    ///
    /// ```
    /// use xehe::ckks::bootstrap::BootstrapPreset;
    /// let p = BootstrapPreset::n16().with_message_ratio(7);
    /// assert_eq!(p.scale_up_bits(), 3);
    /// assert!(BootstrapPreset::n16().with_message_ratio(5).encryption_parameters().is_err());
    /// // Above the preset's own ratio (50 − 40) would mean scaling down.
    /// assert!(BootstrapPreset::n16().with_message_ratio(11).encryption_parameters().is_err());
    /// ```
    pub fn with_message_ratio(mut self, bits: u32) -> Self {
        self.message_ratio_bits = Some(bits);
        self
    }

    /// log2(q0 / scale) EvalMod works at: the chosen ratio, else base_bits − compute_bits.
    pub fn message_ratio(&self) -> u32 {
        self.message_ratio_bits.unwrap_or(self.own_ratio())
    }

    /// The power of two a ciphertext at the preset's scale is multiplied by before ModRaise.
    pub fn scale_up_bits(&self) -> u32 {
        self.own_ratio().saturating_sub(self.message_ratio())
    }

    /// The ratio the preset's own scale gives, base_bits − compute_bits.
    fn own_ratio(&self) -> u32 {
        self.base_bits.saturating_sub(self.compute_bits)
    }

    /// The cosine EvalMod approximates on [−1, 1]: cos(2π·K'·z/2^r) with K' =
    /// [`BootstrapPreset::eval_mod_range`], an even function (its odd Chebyshev coefficients are
    /// exactly zero); r double-angle steps turn it into cos(2π(x − 1/4)) = sin(2π·x).
    ///
    /// ```
    /// use xehe::ckks::bootstrap::BootstrapPreset;
    /// let p = BootstrapPreset::n16();
    /// let c = p.cosine();
    /// assert!(c.coefficients().iter().skip(1).step_by(2).all(|&v| v == 0.0));
    /// let (k, r) = (p.eval_mod_range(), p.double_angle);
    /// let z = 0.3;
    /// let want = (2.0 * std::f64::consts::PI * k * z / f64::from(1u32 << r)).cos();
    /// assert!((c.evaluate(z) - want).abs() < 1e-9);
    /// ```
    pub fn cosine(&self) -> Chebyshev {
        let (k, r) = (self.eval_mod_range(), self.double_angle);
        let fit = Chebyshev::fit(
            |z| (2.0 * std::f64::consts::PI * k * z / f64::from(1u32 << r)).cos(),
            self.cosine_degree,
            -1.0,
            1.0,
        );
        let even = fit
            .coefficients()
            .iter()
            .enumerate()
            .map(|(i, &c)| if i % 2 == 0 { c } else { 0.0 })
            .collect();
        Chebyshev::from_coefficients(even, -1.0, 1.0)
    }

    /// The levels EvalMod consumes: u = T_2(z) (one product), the even cosine as a polynomial
    /// in u of half its degree ([`Chebyshev::even_part_in_square`]), and the double-angle
    /// steps.
    pub fn eval_mod_levels(&self) -> CkksResult<usize> {
        let h = self.cosine().even_part_in_square()?;
        Ok(1 + super::chebyshev::depth(h.coefficients())? + self.double_angle as usize)
    }

    /// The bit sizes of every prime, first to last.
    pub fn bit_sizes(&self) -> CkksResult<Vec<u32>> {
        let mut bits = vec![self.base_bits];
        let mut add = |b: u32, count: usize| bits.extend(std::iter::repeat_n(b, count));
        add(self.compute_bits, self.compute_levels);
        add(self.slot_to_coeff_bits, self.slot_to_coeff_levels);
        add(self.eval_mod_bits, self.eval_mod_levels()?);
        add(self.coeff_to_slot_bits, self.coeff_to_slot_levels);
        add(self.special_bits, self.special_primes);
        Ok(bits)
    }

    pub fn encryption_parameters(&self) -> CkksResult<EncryptionParameters> {
        let full = self.degree() / 2;
        if !self.slots.is_power_of_two() || self.slots < 2 || self.slots > full {
            return Err(CkksError::InvalidBootstrap {
                reason: format!(
                    "{} slots: use a power of two from 2 to N/2 = {full}",
                    self.slots
                ),
            });
        }
        let stages = self.slots.trailing_zeros() as usize;
        if self.coeff_to_slot_levels == 0
            || self.slot_to_coeff_levels == 0
            || self.coeff_to_slot_levels > stages
            || self.slot_to_coeff_levels > stages
        {
            return Err(CkksError::InvalidBootstrap {
                reason: format!(
                    "CoeffToSlot and SlotToCoeff need 1 to {stages} levels each with {} slots (one per FFT stage at most)",
                    self.slots
                ),
            });
        }
        if !(self.k_bound >= 1.0 && self.k_bound.is_finite()) || self.double_angle > 10 {
            return Err(CkksError::InvalidBootstrap {
                reason: "EvalMod needs K ≥ 1 and at most 10 double-angle steps".into(),
            });
        }
        let own = self.own_ratio();
        if let Some(bits) = self.message_ratio_bits.filter(|&b| !(6..=own).contains(&b)) {
            return Err(CkksError::InvalidBootstrap {
                reason: format!(
                    "a message ratio of 2^{bits}: use 6 to {own} bits (q0 is below 2^base_bits and q0/2^5 is the largest scale EvalMod reduces linearly; above base_bits − compute_bits = {own} a ciphertext at the preset's scale would have to be scaled down)"
                ),
            });
        }
        if self.cosine_degree < 2
            || !self.cosine_degree.is_multiple_of(2)
            || self.cosine_degree > 254
        {
            return Err(CkksError::InvalidBootstrap {
                reason: format!(
                    "EvalMod's cosine is even: give it an even degree from 2 to 254, not {}",
                    self.cosine_degree
                ),
            });
        }
        Ok(
            EncryptionParameters::with_bit_sizes(self.degree(), &self.bit_sizes()?)?
                .with_special_primes(self.special_primes),
        )
    }

    /// The context of this preset, checked against `security` (pass `SecurityLevel::None` to
    /// use an insecure test preset: its own `security` field says `None`, and a context made
    /// with anything stronger is refused as insecure).
    pub fn context(&self, security: SecurityLevel) -> CkksResult<Context> {
        Context::new(&self.encryption_parameters()?, security)
    }

    /// Bits of the whole modulus, special primes included.
    pub fn total_bits(&self) -> CkksResult<u32> {
        Ok(self.bit_sizes()?.iter().sum())
    }
}
