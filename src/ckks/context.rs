//! `Context` (SEAL's `SEALContext`): validated parameters and the modulus-switching chain.
//!
//! With more than one prime the last one is the special prime (the last K with
//! `with_special_primes(K)`): the key level holds every prime, the first data level all but the
//! special primes, and each next level drops the last prime
//! (what `rescale_to_next` and `mod_switch_to_next` move to), down to one prime. Chain indices
//! count down to 0 at the last level, as SEAL's do.
#![warn(missing_docs)]

use super::params::{
    EncryptionParameters, ParmsId, COEFF_MOD_COUNT_MAX, POLY_MODULUS_DEGREE_MAX,
    POLY_MODULUS_DEGREE_MIN, SPECIAL_PRIME_COUNT_MAX,
};
use crate::arith::Modulus;
use crate::ckks::error::{CkksError, CkksResult};
use crate::ntt::NttTables;
use crate::primes::{is_prime, CoeffModulus, SecurityLevel};
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
    /// The key level's tables, one per prime; this level's primes are their first
    /// `parms.coeff_modulus().len()` (every level is a prefix of the key level), so each
    /// prime's tables exist once however many levels hold it.
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
        &self.ntt_tables[..self.parms.coeff_modulus().len()]
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
        for (index, m) in q.iter().enumerate() {
            let bad = |reason: String| CkksError::InvalidPrime {
                index,
                value: m.value(),
                reason,
            };
            if m.bit_count() > 60 {
                return Err(bad(format!(
                    "{} bits; at most 60 are allowed",
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
        let special = parms.special_prime_count();
        if special == 0 || special > SPECIAL_PRIME_COUNT_MAX || (special > 1 && special >= q.len())
        {
            return Err(CkksError::InvalidSpecialPrimeCount {
                count: special,
                primes: q.len(),
                max: SPECIAL_PRIME_COUNT_MAX,
            });
        }
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
        // The key level, then one level per data prime: all the data primes first, one prime
        // fewer each time down to one.
        let levels = if q.len() == 1 {
            1
        } else {
            q.len() - special + 1
        };
        // Each prime's tables once, shared by every level (a level's primes are a prefix of
        // the key level's): memory linear in the prime count, not quadratic.
        let ntt_tables: Arc<[NttTables]> = q
            .par_iter()
            .map(|m| NttTables::new(n as u64, m))
            .collect::<Result<Vec<_>, _>>()?
            .into();
        let mut chain = Vec::with_capacity(levels);
        let mut level = parms.clone();
        for k in 0..levels {
            if k > 0 {
                level = level.drop_last_primes(if k == 1 { special } else { 1 });
            }
            chain.push(ContextData {
                parms_id: level.parms_id(),
                chain_index: levels - 1 - k,
                total_coeff_modulus_bit_count: product_bit_count(level.coeff_modulus()),
                half_modulus: half_modulus_f64(level.coeff_modulus()),
                ntt_tables: Arc::clone(&ntt_tables),
                parms: level.clone(),
            });
        }
        let by_id = chain
            .iter()
            .enumerate()
            .map(|(i, d)| (d.parms_id, i))
            .collect();
        Ok(Context(Arc::new(Chain {
            chain,
            by_id,
            security_level,
            special_primes: special,
        })))
    }

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
