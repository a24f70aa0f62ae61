//! `Context` (SEAL's `SEALContext`): validated parameters and the modulus-switching chain.
//!
//! With more than one prime the last one is the special prime (the last K with
//! `with_special_primes(K)`): the key level holds every prime, the first data level all but the
//! special primes, and each next level drops the last prime
//! (what `rescale_to_next` and `mod_switch_to_next` move to), down to one prime. Chain indices
//! count down to 0 at the last level, as SEAL's do.
//!
//! A 32-bit-tier chain ([`Context::from_family`]) has levels of one or more primes instead:
//! each data level is a window `first..first + count` of the key level's primes (terminals
//! reversed, then mains, then specials; see [`crate::primes::level_family`]), and a rescale
//! drops some primes and restores others. A SEAL chain is the case where every window starts
//! at 0 and each next one is one prime shorter.
#![warn(missing_docs)]

use super::params::{
    EncryptionParameters, ParmsId, COEFF_MOD_COUNT_MAX, POLY_MODULUS_DEGREE_MAX,
    POLY_MODULUS_DEGREE_MIN, SPECIAL_PRIME_COUNT_MAX,
};
use crate::arith::Modulus;
use crate::ckks::error::{CkksError, CkksResult};
use crate::ntt::NttTables;
use crate::primes::{
    is_prime, CoeffModulus, LevelFamily, LevelLayout, SecurityLevel, TIER32_COEFF_MOD_COUNT_MAX,
};
use crate::rns::{RationalRescale, RescaleRounding};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;

/// One level of the chain: its parameters, NTT tables and place in the chain.
///
/// Thread safety: `Send + Sync`; immutable.
#[derive(Debug)]
pub struct ContextData {
    parms: EncryptionParameters,
    parms_id: ParmsId,
    chain_index: usize,
    /// Where this level's primes start among the key level's (0 in a SEAL chain).
    first: usize,
    /// The level's layout in a 32-bit-tier chain.
    layout: Option<LevelLayout>,
    /// In a 32-bit-tier chain, the rescale to the next level (drop D, restore R) and the
    /// factor D/R it divides the scale by.
    rescale: Option<(Arc<RationalRescale>, f64)>,
    /// The key level's tables, one per prime; this level's primes are the window
    /// `first..first + parms.coeff_modulus().len()` of them, so each prime's tables exist once
    /// however many levels hold it.
    ntt_tables: Arc<[NttTables]>,
    total_coeff_modulus_bit_count: u32,
    half_modulus: f64,
}

/// A scale as it enters the library (encoding, constants, [`crate::ckks::Ciphertext::set_scale`],
/// polynomial evaluation): a finite number of at least 1. Below 1 the encoding rounds every
/// value to nothing (a scale of 1e-300 once decoded to NaN), and a NaN compares unequal to
/// everything, so it would slip past every later check.
pub(crate) fn check_scale_value(scale: f64) -> CkksResult<()> {
    if !(scale.is_finite() && scale >= 1.0) {
        return Err(CkksError::InvalidScale {
            scale,
            reason: "it must be a finite number of at least 1 (scales of 2^20 to 2^60 are usual)"
                .into(),
        });
    }
    Ok(())
}

impl ContextData {
    /// SEAL's bound on the scale, finite and at least 1, and from above: ⌊log2 scale⌋ + 1 below
    /// the level's modulus bits. The evaluator checks every result's scale with it; a caller
    /// planning operations ahead (the `xehe eval` list) checks with the same rule.
    pub fn check_scale(&self, scale: f64) -> CkksResult<()> {
        check_scale_value(scale)?;
        let bits = self.total_coeff_modulus_bit_count();
        if scale.log2() as i64 + 1 >= bits as i64 {
            return Err(CkksError::InvalidScale {
                scale,
                reason: format!("⌊log2 scale⌋ + 1 must stay below the level's {bits}-bit modulus"),
            });
        }
        Ok(())
    }

    /// This level's parameters (SEAL's `ContextData::parms()`).
    pub fn parms(&self) -> &EncryptionParameters {
        &self.parms
    }
    /// This level's identifier (SEAL's `ContextData::parms_id()`).
    pub fn parms_id(&self) -> ParmsId {
        self.parms_id
    }
    /// 0 at the last level; the key level has the highest index.
    pub fn chain_index(&self) -> usize {
        self.chain_index
    }
    /// This level's primes.
    pub fn coeff_modulus(&self) -> &[Modulus] {
        self.parms.coeff_modulus()
    }
    /// One NTT table per prime of this level: the same tables (the same memory) at every
    /// level that holds the prime.
    pub fn ntt_tables(&self) -> &[NttTables] {
        &self.ntt_tables[self.window()]
    }
    /// This level's primes as positions among the key level's: `0..count` in a SEAL chain.
    pub fn window(&self) -> std::ops::Range<usize> {
        self.first..self.first + self.parms.coeff_modulus().len()
    }
    /// The level's layout (mains, terminals) in a 32-bit-tier chain; `None` in a SEAL chain
    /// and at the key level.
    pub fn layout(&self) -> Option<LevelLayout> {
        self.layout
    }
    /// In a 32-bit-tier chain, the rescale from this level to the next and the factor D/R
    /// (dropped over restored primes) that it divides scales by; `None` in a SEAL chain and
    /// at the last level.
    pub fn rational_rescale(&self) -> Option<(&RationalRescale, f64)> {
        self.rescale.as_ref().map(|(r, f)| (r.as_ref(), *f))
    }
    /// ⌊Q/2⌋ as a double rounded down: the bound below which a centred coefficient decodes as
    /// itself.
    pub(crate) fn half_modulus_f64(&self) -> f64 {
        self.half_modulus
    }

    /// Bits of the product of this level's primes (SEAL's `total_coeff_modulus_bit_count`,
    /// which bounds scales and encoded values).
    pub fn total_coeff_modulus_bit_count(&self) -> u32 {
        self.total_coeff_modulus_bit_count
    }
}

/// Validated CKKS parameters with their modulus-switching chain.
///
/// Clones are cheap and share one chain (as copies of SEAL's `shared_ptr<SEALContext>` do):
/// the encoder keeps one, so that it encodes at the first level and decodes without being
/// given the context again.
///
/// Thread safety: `Send + Sync`; immutable after `new`, share it by reference (or a clone)
/// across threads.
#[derive(Clone, Debug)]
pub struct Context(Arc<Chain>);

#[derive(Debug)]
struct Chain {
    /// Key level first, then the data levels down to the last.
    chain: Vec<ContextData>,
    by_id: HashMap<ParmsId, usize>,
    security_level: SecurityLevel,
    special_primes: usize,
    /// Each level's default scale, level 0 first, in a 32-bit-tier chain.
    default_scales: Option<Vec<f64>>,
}

impl Context {
    /// Checks `parms` and builds the chain (SEAL's `SEALContext` constructor): the degree (a
    /// power of two, 2^12 … 2^16), 1 to 64 distinct primes of at most 60 bits, each ≡ 1 (mod
    /// 2N), and a total bit count within the HE standard's bound for `security_level` (the
    /// standard lists degrees up to 2^15; at 2^16 the 128-bit bound is OpenFHE's 1747 bits, and
    /// 192/256-bit levels need `SecurityLevel::None`, which is insecure by choice).
    ///
    /// The largest context it accepts is therefore degree [`POLY_MODULUS_DEGREE_MAX`] (2^16)
    /// over [`COEFF_MOD_COUNT_MAX`] (64) primes. Its cost is linear in the prime count: each
    /// prime's NTT tables are built once and shared by every level
    /// ([`crate::ckks::ntt_table_bytes`]; 128 MiB, [`crate::ckks::CONTEXT_TABLE_BYTES_MAX`],
    /// at the largest).
    pub fn new(parms: &EncryptionParameters, security_level: SecurityLevel) -> CkksResult<Self> {
        let n = parms.poly_modulus_degree();
        if !n.is_power_of_two() || !(POLY_MODULUS_DEGREE_MIN..=POLY_MODULUS_DEGREE_MAX).contains(&n)
        {
            return Err(CkksError::InvalidDegree {
                degree: n,
                min: POLY_MODULUS_DEGREE_MIN,
                max: POLY_MODULUS_DEGREE_MAX,
            });
        }
        let q = parms.coeff_modulus();
        if q.is_empty() || q.len() > COEFF_MOD_COUNT_MAX {
            return Err(CkksError::InvalidModulusCount {
                count: q.len(),
                max: COEFF_MOD_COUNT_MAX,
            });
        }
        check_primes(q, n, 60)?;
        let special = parms.special_prime_count();
        check_special(special, q.len())?;
        check_security(q, n, security_level)?;
        // The key level, then one level per data prime: all the data primes first, one prime
        // fewer each time down to one.
        let levels = if q.len() == 1 {
            1
        } else {
            q.len() - special + 1
        };
        // Each prime's tables once, shared by every level (a level's primes are a prefix of
        // the key level's): memory linear in the prime count, not quadratic.
        let ntt_tables = tables(q, n)?;
        let mut chain = Vec::with_capacity(levels);
        let mut level = parms.clone();
        for k in 0..levels {
            if k > 0 {
                level = level.drop_last_primes(if k == 1 { special } else { 1 });
            }
            chain.push(ContextData {
                parms_id: level.parms_id(),
                chain_index: levels - 1 - k,
                first: 0,
                layout: None,
                rescale: None,
                total_coeff_modulus_bit_count: product_bit_count(level.coeff_modulus()),
                half_modulus: half_modulus_f64(level.coeff_modulus()),
                ntt_tables: Arc::clone(&ntt_tables),
                parms: level.clone(),
            });
        }
        Ok(Self::from_chain(chain, security_level, special, None))
    }

    /// The chain of a 32-bit-tier prime family ([`crate::primes::level_family`]): the key
    /// level holds every prime (terminals reversed, mains, specials), and data level i (chain
    /// index i, level 0 the last) the window of its layout. The checks are [`Context::new`]'s
    /// with primes of at most 30 bits and at most [`TIER32_COEFF_MOD_COUNT_MAX`] (96) of them;
    /// security is checked on the product of every prime, as there. Each level's rescale to
    /// the next is rational, with the fast conversion's rounding
    /// ([`RescaleRounding::Fast`], the device's fused ModDown). Its tables take
    /// [`crate::ckks::ntt_table_bytes`] of N and the prime count: 192 MiB for 96 primes at
    /// 2^16, past [`crate::ckks::CONTEXT_TABLE_BYTES_MAX`], which bounds SEAL chains.
    ///
    /// Only the host evaluates such a chain so far: [`crate::ckks::Evaluator::with_device`]
    /// refuses it, and operations that drop primes without dividing by them
    /// (`mod_switch_to_next`, `mod_raise`) return [`CkksError::Unsupported`].
    ///
    /// ```
    /// use xehe::ckks::Context;
    /// use xehe::primes::{FamilyPreset, SecurityLevel};
    /// let family = FamilyPreset::InsecureN12W32.family()?;
    /// let ctx = Context::from_family(&family, SecurityLevel::None)?;
    /// let top = ctx.first_context_data();
    /// assert_eq!(top.chain_index(), 6);
    /// assert_eq!(top.window(), family.levels()[6].window.clone());
    /// assert!(Context::from_family(&family, SecurityLevel::Tc128).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_family(family: &LevelFamily, security_level: SecurityLevel) -> CkksResult<Self> {
        let n = usize::try_from(family.degree()).unwrap_or(usize::MAX);
        if !n.is_power_of_two() || !(POLY_MODULUS_DEGREE_MIN..=POLY_MODULUS_DEGREE_MAX).contains(&n)
        {
            return Err(CkksError::InvalidDegree {
                degree: n,
                min: POLY_MODULUS_DEGREE_MIN,
                max: POLY_MODULUS_DEGREE_MAX,
            });
        }
        let q = family.key_primes();
        if q.len() > TIER32_COEFF_MOD_COUNT_MAX {
            return Err(CkksError::InvalidModulusCount {
                count: q.len(),
                max: TIER32_COEFF_MOD_COUNT_MAX,
            });
        }
        check_primes(&q, n, 30)?;
        let special = family.specials().len();
        check_special(special, q.len())?;
        check_security(&q, n, security_level)?;
        let ntt_tables = tables(&q, n)?;
        let key = EncryptionParameters::new(n, q.clone()).with_special_primes(special);
        let levels = family.levels();
        let mut chain = vec![ContextData {
            parms_id: key.parms_id(),
            chain_index: levels.len(),
            first: 0,
            layout: None,
            rescale: None,
            total_coeff_modulus_bit_count: product_bit_count(&q),
            half_modulus: half_modulus_f64(&q),
            ntt_tables: Arc::clone(&ntt_tables),
            parms: key,
        }];
        // Level 0 first, to get the scales; the chain holds them top down.
        let mut data: Vec<ContextData> = Vec::with_capacity(levels.len());
        let mut scales: Vec<f64> = Vec::with_capacity(levels.len());
        for (i, l) in levels.iter().enumerate() {
            let primes = q[l.window.clone()].to_vec();
            let parms = EncryptionParameters::new(n, primes);
            let rescale = match data.last() {
                None => None,
                Some(below) => {
                    let r = RationalRescale::new(
                        parms.coeff_modulus(),
                        below.coeff_modulus(),
                        RescaleRounding::Fast,
                    )?;
                    Some((
                        Arc::new(r),
                        quotient_f64(parms.coeff_modulus(), below.coeff_modulus()),
                    ))
                }
            };
            scales.push(match (&rescale, scales.last()) {
                (Some((_, f)), Some(&s)) => (s * f).sqrt(),
                _ => f64::from(family.scale_bits()).exp2(),
            });
            data.push(ContextData {
                parms_id: parms.parms_id(),
                chain_index: i,
                first: l.window.start,
                layout: Some(l.layout),
                rescale,
                total_coeff_modulus_bit_count: product_bit_count(parms.coeff_modulus()),
                half_modulus: half_modulus_f64(parms.coeff_modulus()),
                ntt_tables: Arc::clone(&ntt_tables),
                parms,
            });
        }
        chain.extend(data.into_iter().rev());
        Ok(Self::from_chain(
            chain,
            security_level,
            special,
            Some(scales),
        ))
    }

    fn from_chain(
        chain: Vec<ContextData>,
        security_level: SecurityLevel,
        special_primes: usize,
        default_scales: Option<Vec<f64>>,
    ) -> Self {
        let by_id = chain
            .iter()
            .enumerate()
            .map(|(i, d)| (d.parms_id, i))
            .collect();
        Context(Arc::new(Chain {
            chain,
            by_id,
            security_level,
            special_primes,
            default_scales,
        }))
    }

    /// Whether this is a 32-bit-tier chain (levels as windows, rational rescales).
    pub fn is_tier32(&self) -> bool {
        self.0.default_scales.is_some()
    }

    /// In a 32-bit-tier chain, the default scale of the level at `chain_index`: the scale at
    /// which a product, rescaled, lands on the next level's default scale exactly (within
    /// floating point). `None` in a SEAL chain or past the chain.
    pub fn default_scale(&self, chain_index: usize) -> Option<f64> {
        self.0.default_scales.as_ref()?.get(chain_index).copied()
    }

    /// The key level's data primes (every prime but the special ones): the first data level's
    /// in a SEAL chain; in a 32-bit-tier chain also the terminals its top level lacks.
    pub fn key_data_prime_count(&self) -> usize {
        let all = self.key_context_data().coeff_modulus().len();
        if self.using_keyswitching() {
            all - self.0.special_primes
        } else {
            all
        }
    }
}

/// Each prime of `q`: at most `max_bits` bits, prime, ≡ 1 (mod 2N), not repeated.
fn check_primes(q: &[Modulus], n: usize, max_bits: u32) -> CkksResult<()> {
    for (index, m) in q.iter().enumerate() {
        let bad = |reason: String| CkksError::InvalidPrime {
            index,
            value: m.value(),
            reason,
        };
        if m.bit_count() > max_bits {
            return Err(bad(format!(
                "{} bits; at most {max_bits} are allowed",
                m.bit_count()
            )));
        }
        if !is_prime(m.value()) {
            return Err(bad("not a prime".into()));
        }
        if m.value() % (2 * n as u64) != 1 {
            return Err(bad(format!(
                "not ≡ 1 (mod 2N = {}), so the degree-{n} NTT does not exist",
                2 * n
            )));
        }
        if let Some(first) = q[..index].iter().position(|p| p == m) {
            return Err(CkksError::RepeatedPrime {
                first,
                second: index,
                value: m.value(),
            });
        }
    }
    Ok(())
}

/// 1 to [`SPECIAL_PRIME_COUNT_MAX`] special primes, fewer than the primes when more than one.
fn check_special(special: usize, primes: usize) -> CkksResult<()> {
    if special == 0 || special > SPECIAL_PRIME_COUNT_MAX || (special > 1 && special >= primes) {
        return Err(CkksError::InvalidSpecialPrimeCount {
            count: special,
            primes,
            max: SPECIAL_PRIME_COUNT_MAX,
        });
    }
    Ok(())
}

/// The product of every prime within the HE standard's bound for `security_level` at N.
fn check_security(q: &[Modulus], n: usize, security_level: SecurityLevel) -> CkksResult<()> {
    // SEAL checks the bit count of the product of the primes, not the sum of their counts;
    // the special primes are in it (they are part of every key).
    let total = product_bit_count(q);
    match CoeffModulus::max_bit_count_for(n as u64, security_level) {
        None => {
            return Err(CkksError::Insecure {
                reason: format!(
                    "the HE standard gives no {security_level:?} bound for N = {n}"
                ),
            })
        }
        Some(max) if total > max => {
            return Err(CkksError::Insecure {
                reason: format!(
                    "{total} bits of coefficient modulus at N = {n} exceed the {max} that {security_level:?} allows"
                ),
            })
        }
        Some(_) => {}
    }
    Ok(())
}

/// Each prime's NTT tables, one prime per core.
fn tables(q: &[Modulus], n: usize) -> CkksResult<Arc<[NttTables]>> {
    Ok(q.par_iter()
        .map(|m| NttTables::new(n as u64, m))
        .collect::<Result<Vec<_>, _>>()?
        .into())
}

/// The product of `a` over the product of `b`, as the nearest double (a rescale's factor D/R
/// from the level's primes `a` and the next level's `b`: the common primes cancel; or a tier
/// switch's Q'/Q). Past the doubles' range it is 0 or infinite.
pub(crate) fn quotient_f64(a: &[Modulus], b: &[Modulus]) -> f64 {
    use num_traits::ToPrimitive;
    let product = |m: &[Modulus]| {
        m.iter()
            .fold(num_bigint::BigUint::from(1u32), |acc, p| acc * p.value())
    };
    let (pa, pb) = (product(a), product(b));
    // At least 128 extra bits of quotient before the conversion, however much smaller the
    // numerator: the double's 53 are exact.
    let shift = (pb.bits() + 128).saturating_sub(pa.bits()).max(128);
    let shifted = (pa << shift) / pb;
    let mut x = shifted.to_f64().unwrap_or(f64::INFINITY);
    // 2^-shift in steps the doubles hold, so that only the result can underflow.
    let mut e = shift;
    while e > 1000 {
        x *= 2f64.powi(-1000);
        e -= 1000;
    }
    x / 2f64.powi(e as i32)
}

impl Context {
    /// The slot error at `scale` that ModDown by several special primes can add (0 with one:
    /// then it is SEAL's exact rounding). Fast base conversion leaves the quotient off by
    /// ε ∈ [c − K + 1, c] per coefficient, c = ⌊(K − 1)/2⌋ ([`crate::rns::mod_down_shift_mod`]:
    /// mean 0 for odd K, −1/2 for even K); the bound below still allows the uncentred
    /// conversion's [0, K), an over-estimate: ε0 + ε1·s has a mean part (K/2)·(1 + X + … + X^(N−1)),
    /// which reaches (K/2)·2N/π in the slot nearest ζ = 1, besides a centred part below
    /// 5·(K/2)·√(N/3); times 1 + |s(ζ)| with |s(ζ)| < 5·√(2N/3) (five standard deviations of a
    /// ternary secret; fewer nonzero coefficients only lower it).
    pub fn special_division_error_bound(&self, scale: f64) -> f64 {
        let k = self.special_prime_count() as f64;
        if k <= 1.0 {
            return 0.0;
        }
        let n = self.key_context_data().parms().poly_modulus_degree() as f64;
        (k * n / std::f64::consts::PI + 3.0 * k * n.sqrt()) * (1.0 + 5.0 * (2.0 * n / 3.0).sqrt())
            / scale
    }

    /// How many special primes key switching divides by (the last primes of the key level).
    pub fn special_prime_count(&self) -> usize {
        self.0.special_primes
    }

    /// The number of digits a key switch decomposes a ciphertext of `level_primes` primes into:
    /// ⌈level_primes / K⌉ for K special primes (one per prime with one, as SEAL).
    pub fn decomposition_digits(&self, level_primes: usize) -> usize {
        level_primes.div_ceil(self.0.special_primes)
    }

    /// The primes of digit `j` at a level of `level_primes` primes: K consecutive primes, the
    /// last digit fewer where K does not divide the level's count.
    pub fn digit_primes(&self, j: usize, level_primes: usize) -> std::ops::Range<usize> {
        let k = self.0.special_primes;
        (j * k).min(level_primes)..((j + 1) * k).min(level_primes)
    }

    /// The digits of a key switch at a level whose primes are `window` (positions among the
    /// key level's): the keys' digits (K consecutive data primes of the key level each) that
    /// meet the window, each as (the key's digit index, the window's primes in it as positions
    /// within the level). A SEAL level (`0..l`) gets digits `0..⌈l/K⌉` with
    /// [`Context::digit_primes`]'s primes.
    pub fn window_digits(
        &self,
        window: std::ops::Range<usize>,
    ) -> Vec<(usize, std::ops::Range<usize>)> {
        let k = self.0.special_primes;
        if window.is_empty() {
            return Vec::new();
        }
        (window.start / k..=(window.end - 1) / k)
            .map(|j| {
                let lo = (j * k).max(window.start) - window.start;
                let hi = ((j + 1) * k).min(window.end) - window.start;
                (j, lo..hi)
            })
            .collect()
    }

    /// The level holding every prime (keys live here).
    pub fn key_context_data(&self) -> &ContextData {
        &self.0.chain[0]
    }

    /// The first data level (fresh ciphertexts): all primes but the special prime.
    pub fn first_context_data(&self) -> &ContextData {
        &self.0.chain[self.0.chain.len().min(2) - 1]
    }

    /// The last level (one prime).
    pub fn last_context_data(&self) -> &ContextData {
        &self.0.chain[self.0.chain.len() - 1]
    }

    /// The level of `parms_id`, if it belongs to this context.
    pub fn get_context_data(&self, parms_id: ParmsId) -> Option<&ContextData> {
        self.0.by_id.get(&parms_id).map(|&i| &self.0.chain[i])
    }

    /// The data level of `parms_id` for a plaintext or ciphertext (`what`): in this chain, and
    /// not the key level when there is a special prime (SEAL refuses data there too: products
    /// and key switching index past the key level's primes).
    pub fn data_level(
        &self,
        parms_id: ParmsId,
        what: &'static str,
    ) -> crate::ckks::error::CkksResult<&ContextData> {
        let level = self
            .get_context_data(parms_id)
            .ok_or(crate::ckks::error::CkksError::ForeignParameters { what })?;
        if self.using_keyswitching() && level.chain_index() == self.key_context_data().chain_index()
        {
            return Err(crate::ckks::error::CkksError::KeyLevel { what });
        }
        Ok(level)
    }

    /// The level after `data` (one prime fewer), if any.
    pub fn next_context_data(&self, data: &ContextData) -> Option<&ContextData> {
        let i = *self.0.by_id.get(&data.parms_id)?;
        self.0.chain.get(i + 1)
    }

    /// The level before `data` (one prime more), if any.
    pub fn prev_context_data(&self, data: &ContextData) -> Option<&ContextData> {
        let i = *self.0.by_id.get(&data.parms_id)?;
        i.checked_sub(1).map(|p| &self.0.chain[p])
    }

    /// Whether there are special primes for key switching (more than one prime).
    pub fn using_keyswitching(&self) -> bool {
        self.0.chain.len() > 1
    }

    /// The security level the parameters were checked against.
    pub fn security_level(&self) -> SecurityLevel {
        self.0.security_level
    }

    /// Every level, key level first.
    pub fn chain(&self) -> impl Iterator<Item = &ContextData> {
        self.0.chain.iter()
    }
}

/// ⌊Q/2⌋ converted to a double, then stepped down one ulp where the conversion rounded up.
fn half_modulus_f64(q: &[Modulus]) -> f64 {
    use num_traits::ToPrimitive;
    let half = q
        .iter()
        .fold(num_bigint::BigUint::from(1u32), |acc, m| acc * m.value())
        >> 1u32;
    let f = half.to_f64().unwrap_or(f64::MAX);
    use num_traits::FromPrimitive;
    match num_bigint::BigUint::from_f64(f) {
        Some(back) if back > half => f64::from_bits(f.to_bits() - 1),
        _ => f,
    }
}

fn product_bit_count(q: &[Modulus]) -> u32 {
    q.iter()
        .fold(num_bigint::BigUint::from(1u32), |acc, m| acc * m.value())
        .bits() as u32
}
