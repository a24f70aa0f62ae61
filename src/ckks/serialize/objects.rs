//! The bodies SEAL's `save_members` write for each CKKS object, and their loads with SEAL's
//! `is_valid_for` checks (and a few more: the secret key must be ternary, the ciphertext's
//! correction factor 1, every scale finite and at least 1).
//!
//! - EncryptionParameters: scheme (u8, 2 = CKKS), degree, prime count (u64 each), each prime
//!   and the plain modulus (0 for CKKS) as nested `Modulus` objects (one u64).
//! - Plaintext and SecretKey: parms_id (4 u64), coefficient count, scale (f64), then the words
//!   as a nested `DynArray` (u64 count, then the words).
//! - Ciphertext and PublicKey: parms_id, NTT-form flag (u8), size, degree, prime count, scale,
//!   correction factor, then the words as a `DynArray`; SEAL's seeded form stores only the first
//!   polynomial and then a nested `UniformRandomGeneratorInfo` (PRNG type u8, 8-word seed) from
//!   which the second is regenerated.
//!
//! Key-switching keys are in `kswitch_io`.
#![warn(missing_docs)]

use super::body::{Reader, Writer};
use super::limits::{BodyBound, LoadLimits};
use super::object_io::{read_object, write_object, SaveOptions};
use crate::arith::Modulus;
use crate::ckks::ciphertext::Ciphertext;
use crate::ckks::context::{Context, ContextData};
use crate::ckks::error::CkksResult;
use crate::ckks::keys::{PublicKey, SecretKey};
use crate::ckks::load_error::LoadError;
use crate::ckks::params::EncryptionParameters;
use crate::ckks::params::{ParmsId, SCHEME_CKKS, SPECIAL_PRIME_COUNT_MAX};
use crate::ckks::plaintext::Plaintext;
use crate::ckks::prng::{sample_poly_uniform, PrngInfo, PrngType, SealPrng, SEED_WORDS};
use crate::primes::{COEFF_MOD_COUNT_MAX, POLY_MOD_DEGREE_MAX};
use std::io::{Read, Write};
use zeroize::Zeroizing;

/// SEAL's bounds on a ciphertext's polynomial count.
const CIPHERTEXT_SIZE_MIN: u64 = 2;
const CIPHERTEXT_SIZE_MAX: u64 = 16;
pub(super) const HEADER: u64 = 16;
/// parms_id, NTT flag, size, degree, prime count, scale, correction factor.
const CIPHERTEXT_META: u64 = 32 + 1 + 5 * 8;
const SEED_OBJECT: u64 = HEADER + 1 + 8 * SEED_WORDS as u64;

pub(super) fn invalid(what: &'static str, reason: impl Into<String>) -> LoadError {
    LoadError::Invalid {
        what,
        reason: reason.into(),
    }
}

fn level_of<'c>(
    context: &'c Context,
    id: ParmsId,
    what: &'static str,
) -> Result<&'c ContextData, LoadError> {
    context
        .get_context_data(id)
        .ok_or_else(|| LoadError::ForeignParmsId {
            what,
            parms_id: id.to_string(),
            expected: String::new(),
        })
}

/// Plaintexts and ciphertexts live below the key level (SEAL's `is_valid_for` refuses the key
/// level for them); keys live at it.
fn data_level(context: &Context, level: &ContextData, what: &'static str) -> Result<(), LoadError> {
    if context.using_keyswitching() && level.parms_id() == context.key_context_data().parms_id() {
        return Err(invalid(
            what,
            "at the key level (with the special prime); data lives at the first data level and below",
        ));
    }
    Ok(())
}

pub(super) fn key_level<'c>(
    context: &'c Context,
    id: ParmsId,
    what: &'static str,
) -> Result<&'c ContextData, LoadError> {
    let key = context.key_context_data();
    if id != key.parms_id() {
        return Err(LoadError::ForeignParmsId {
            what,
            parms_id: id.to_string(),
            expected: format!(" (keys live at the key level, {})", key.parms_id()),
        });
    }
    Ok(key)
}

pub(super) fn key_shape(context: &Context) -> (u64, u64) {
    let key = context.key_context_data();
    (
        key.parms().poly_modulus_degree() as u64,
        key.coeff_modulus().len() as u64,
    )
}

/// Every word below its prime (`[poly][rns][coeff]` rows of `n`).
fn check_reduced(
    data: &[u64],
    n: usize,
    q: &[Modulus],
    what: &'static str,
) -> Result<(), LoadError> {
    for (row, words) in data.chunks(n).enumerate() {
        let m = q[row % q.len()].value();
        if let Some(i) = words.iter().position(|&w| w >= m) {
            return Err(invalid(
                what,
                format!(
                    "word {} is {}, not below its prime {m}",
                    row * n + i,
                    words[i]
                ),
            ));
        }
    }
    Ok(())
}

/// SEAL's `is_scale_within_bounds` for CKKS (a scale below 2^bits of the level's modulus),
/// and a finite scale of at least 1, which SEAL does not check: a scale below 1 decodes to
/// nothing (1e-300 gives infinities), a NaN or infinite one compares equal to nothing.
fn check_scale(scale: f64, level: &ContextData, what: &'static str) -> Result<(), LoadError> {
    let bits = level.total_coeff_modulus_bit_count();
    if !(scale.is_finite() && scale >= 1.0) || scale.log2() as i64 >= i64::from(bits) {
        return Err(LoadError::BadScale { what, scale, bits });
    }
    Ok(())
}

/// What bounds a body of a kind that may reach `kind_max` bytes under `context`: a compressed
/// body may always expand as far as the largest plaintext of the context.
pub(super) fn bound(context: &Context, kind_max: u64) -> BodyBound {
    BodyBound {
        kind_max,
        floor: plaintext_max_body(context).min(kind_max),
    }
}

/// The words a check accepted, out of their wiping wrapper.
pub(super) fn keep(mut words: Zeroizing<Vec<u64>>) -> Vec<u64> {
    std::mem::take(&mut *words)
}

fn write_dynarray(w: &mut Writer, opts: SaveOptions, words: &[u64]) {
    w.nested(opts, |w| {
        w.u64(words.len() as u64);
        w.words(words);
    });
}

/// A nested `DynArray<u64>` of exactly one of `allowed` word counts.
fn read_dynarray(
    r: &mut Reader,
    allowed: &[u64],
    what: &'static str,
) -> Result<Zeroizing<Vec<u64>>, LoadError> {
    r.nested(what, |r| {
        let count = r.u64(what)?;
        if !allowed.contains(&count) {
            return Err(invalid(
                what,
                format!("{count} words; expected {allowed:?} for this level"),
            ));
        }
        r.words(count as usize, what)
    })
}

// ---------------------------------------------------------------- parameters

impl EncryptionParameters {
    /// Writes the parameters in SEAL 4's format (`EncryptionParameters::save`). With more than
    /// one special prime (xehe's extension; SEAL's format has no place for the count) the
    /// count follows as one more nested object of one word, which SEAL does not read: such
    /// files are xehe's own, as are the keys made under them (their parms_id hashes the count).
    pub fn save(&self, w: &mut impl Write, opts: impl Into<SaveOptions>) -> CkksResult<u64> {
        let opts = opts.into();
        let mut b = Writer::default();
        b.u8(SCHEME_CKKS);
        b.u64(self.poly_modulus_degree() as u64);
        b.u64(self.coeff_modulus().len() as u64);
        for q in self.coeff_modulus() {
            b.nested(opts, |b| b.u64(q.value()));
        }
        b.nested(opts, |b| b.u64(0));
        if self.special_prime_count() > 1 {
            b.nested(opts, |b| b.u64(self.special_prime_count() as u64));
        }
        write_object(w, b.bytes(), opts)
    }

    /// Reads parameters SEAL saved (CKKS only), within the default [`LoadLimits`]. Their
    /// primes are checked by `Context::new`.
    pub fn load(r: &mut impl Read) -> CkksResult<Self> {
        Self::load_with_limits(r, &LoadLimits::default())
    }

    /// [`EncryptionParameters::load`] within `limits`.
    pub fn load_with_limits(r: &mut impl Read, limits: &LoadLimits) -> CkksResult<Self> {
        const WHAT: &str = "encryption parameters";
        // The scheme, degree and count, 64 primes, the plain modulus and xehe's count of
        // special primes: 1.6 KB.
        let max = 17 + (COEFF_MOD_COUNT_MAX as u64 + 2) * (HEADER + 8);
        let bound = BodyBound {
            kind_max: max,
            floor: max,
        };
        let (_, body) = read_object(r, bound, limits, WHAT)?;
        let mut r = Reader::new(body.as_slice());
        let scheme = r.u8(WHAT)?;
        if scheme != SCHEME_CKKS {
            let name = match scheme {
                1 => "BFV",
                3 => "BGV",
                0 => "none",
                _ => "unknown",
            };
            return Err(invalid(
                WHAT,
                format!("scheme {scheme} ({name}); xehe evaluates CKKS (scheme 2) only"),
            )
            .into());
        }
        let n = r.u64(WHAT)?;
        if !n.is_power_of_two() || n > POLY_MOD_DEGREE_MAX {
            return Err(invalid(
                WHAT,
                format!(
                    "poly_modulus_degree {n} is not a power of two up to {POLY_MOD_DEGREE_MAX}"
                ),
            )
            .into());
        }
        let k = r.u64(WHAT)?;
        if k == 0 || k > COEFF_MOD_COUNT_MAX as u64 {
            return Err(invalid(
                WHAT,
                format!("{k} primes; SEAL allows 1 to {COEFF_MOD_COUNT_MAX}"),
            )
            .into());
        }
        let mut q = Vec::with_capacity(k as usize);
        for i in 0..k {
            let v = r.nested("coefficient modulus prime", |r| r.u64("prime"))?;
            q.push(Modulus::new(v).map_err(|e| invalid(WHAT, format!("prime {i}: {e}")))?);
        }
        let plain = r.nested("plain modulus", |r| r.u64("plain modulus"))?;
        if plain != 0 {
            return Err(invalid(WHAT, format!("plain modulus {plain}; CKKS has none (0)")).into());
        }
        // xehe's extension: the special prime count, present only when above 1.
        let special = if r.remaining() > 0 {
            let count = r.nested("special prime count", |r| r.u64("special prime count"))?;
            if count < 2 || count >= k || count > SPECIAL_PRIME_COUNT_MAX as u64 {
                return Err(invalid(
                    WHAT,
                    format!("{count} special primes of {k} primes (xehe writes 2 to {SPECIAL_PRIME_COUNT_MAX}, fewer than the primes)"),
                )
                .into());
            }
            count as usize
        } else {
            1
        };
        r.finish(WHAT)?;
        Ok(EncryptionParameters::new(n as usize, q).with_special_primes(special))
    }
}

// ---------------------------------------------------------------- plaintexts, secret keys

fn plaintext_max_body(context: &Context) -> u64 {
    let (n, k) = key_shape(context);
    48 + HEADER + 8 + n * k * 8
}

fn write_plaintext_body(b: &mut Writer, opts: SaveOptions, id: ParmsId, scale: f64, words: &[u64]) {
    b.parms_id(id);
    b.u64(words.len() as u64);
    b.f64(scale);
    write_dynarray(b, opts, words);
}

/// (parms_id, scale, words) of a plaintext body, checked against its level.
fn read_plaintext_body<'c>(
    context: &'c Context,
    body: &[u8],
    what: &'static str,
    // A plaintext or ciphertext (below the key level), not a key.
    data: bool,
) -> Result<(&'c ContextData, f64, Vec<u64>), LoadError> {
    let mut r = Reader::new(body);
    let id = r.parms_id(what)?;
    if id.0 == [0; 4] {
        return Err(invalid(
            what,
            "parms_id is zero: a coefficient-form (BFV) plaintext, CKKS plaintexts are NTT form",
        ));
    }
    let level = level_of(context, id, what)?;
    if data {
        data_level(context, level, what)?;
    }
    let n = level.parms().poly_modulus_degree();
    let expected = (n * level.coeff_modulus().len()) as u64;
    let count = r.u64(what)?;
    if count != expected {
        return Err(invalid(
            what,
            format!("{count} coefficients; this level has {expected}"),
        ));
    }
    let scale = r.f64(what)?;
    check_scale(scale, level, what)?;
    let words = read_dynarray(&mut r, &[expected], what)?;
    r.finish(what)?;
    check_reduced(&words, n, level.coeff_modulus(), what)?;
    Ok((level, scale, keep(words)))
}

impl Plaintext {
    /// Writes the plaintext in SEAL 4's format (`Plaintext::save`).
    pub fn save(&self, w: &mut impl Write, opts: impl Into<SaveOptions>) -> CkksResult<u64> {
        let opts = opts.into();
        let mut b = Writer::default();
        write_plaintext_body(&mut b, opts, self.parms_id, self.scale, &self.data()?);
        write_object(w, b.bytes(), opts)
    }

    /// Reads a plaintext SEAL saved for `context` (NTT form, at one of its levels), within
    /// the default [`LoadLimits`].
    pub fn load(context: &Context, r: &mut impl Read) -> CkksResult<Self> {
        Self::load_with_limits(context, r, &LoadLimits::default())
    }

    /// [`Plaintext::load`] within `limits`.
    pub fn load_with_limits(
        context: &Context,
        r: &mut impl Read,
        limits: &LoadLimits,
    ) -> CkksResult<Self> {
        const WHAT: &str = "plaintext";
        let max = plaintext_max_body(context);
        let (_, body) = read_object(r, bound(context, max), limits, WHAT)?;
        let (level, scale, words) = read_plaintext_body(context, body.as_slice(), WHAT, true)?;
        Ok(Plaintext::from_host(
            level.parms_id(),
            scale,
            level.parms().poly_modulus_degree(),
            words,
        ))
    }
}

impl SecretKey {
    /// Writes the key in SEAL 4's format (`SecretKey::save`: a plaintext at the key level).
    /// Whoever holds the bytes can decrypt: keep them as secret as the key. The copies made on
    /// the way (the body, its compressed form) are wiped, though not what the codec keeps in
    /// its own context (zstd's window, zlib's dictionary); what `w` does with the bytes is its
    /// own (a `Vec` that grows leaves copies: give it the capacity first).
    pub fn save(&self, w: &mut impl Write, opts: impl Into<SaveOptions>) -> CkksResult<u64> {
        let opts = opts.into();
        let mut b = Writer::default();
        write_plaintext_body(&mut b, opts, self.parms_id, 1.0, &self.data);
        write_object(w, b.bytes(), opts)
    }

    /// Reads a secret key SEAL saved for `context`, checking that it is ternary (every
    /// coefficient −1, 0 or 1 under every prime), as SEAL's keys are; within the default
    /// [`LoadLimits`]. Every copy read on the way, and the words of a key refused, are wiped
    /// (the codec's own context excepted, as for [`SecretKey::save`]).
    pub fn load(context: &Context, r: &mut impl Read) -> CkksResult<Self> {
        Self::load_with_limits(context, r, &LoadLimits::default())
    }

    /// [`SecretKey::load`] within `limits`.
    pub fn load_with_limits(
        context: &Context,
        r: &mut impl Read,
        limits: &LoadLimits,
    ) -> CkksResult<Self> {
        const WHAT: &str = "secret key";
        let max = plaintext_max_body(context);
        let (_, body) = read_object(r, bound(context, max), limits, WHAT)?;
        let (level, _, words) = read_plaintext_body(context, body.as_slice(), WHAT, false)?;
        // From here a refused key is dropped, and its words wiped, as a SecretKey.
        let key = SecretKey {
            parms_id: level.parms_id(),
            data: words,
        };
        key_level(context, key.parms_id, WHAT)?;
        check_ternary(context, &key.data)?;
        Ok(key)
    }
}

fn check_ternary(context: &Context, data: &[u64]) -> Result<(), LoadError> {
    let key = context.key_context_data();
    let n = key.parms().poly_modulus_degree();
    let mut rows = zeroize::Zeroizing::new(data.to_vec());
    for (row, t) in rows.chunks_mut(n).zip(key.ntt_tables()) {
        t.inverse(row)
            .map_err(|e| invalid("secret key", e.to_string()))?;
    }
    let q = key.coeff_modulus();
    let ternary = |k: usize, x: u64| match x {
        0 => Some(0i8),
        1 => Some(1),
        x if x == q[k].value() - 1 => Some(-1),
        _ => None,
    };
    for i in 0..n {
        let first = ternary(0, rows[i]);
        if first.is_none() || (1..q.len()).any(|k| ternary(k, rows[k * n + i]) != first) {
            return Err(invalid(
                "secret key",
                format!(
                    "coefficient {i} is not the same −1, 0 or 1 under every prime (damaged key?)"
                ),
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- ciphertexts, public keys

/// A ciphertext as stored: its level, scale, size, words (second polynomial regenerated for a
/// seeded one) and the seed.
pub(super) struct RawCiphertext<'c> {
    level: &'c ContextData,
    scale: f64,
    size: usize,
    pub(super) data: Vec<u64>,
    pub(super) seed: Option<PrngInfo>,
}

pub(super) fn ciphertext_max_body(n: u64, k: u64, size: u64) -> u64 {
    CIPHERTEXT_META + HEADER + 8 + size * n * k * 8 + SEED_OBJECT
}

#[allow(clippy::too_many_arguments)]
pub(super) fn write_ciphertext_body(
    b: &mut Writer,
    opts: SaveOptions,
    id: ParmsId,
    n: usize,
    k: usize,
    scale: f64,
    data: &[u64],
    seed: Option<PrngInfo>,
) {
    let size = data.len() / (n * k);
    b.parms_id(id);
    b.u8(1);
    b.u64(size as u64);
    b.u64(n as u64);
    b.u64(k as u64);
    b.f64(scale);
    b.u64(1);
    match seed.filter(|_| size == 2) {
        Some(info) => {
            write_dynarray(b, opts, &data[..n * k]);
            b.nested(opts, |b| {
                b.u8(info.kind as u8);
                b.words(&info.seed);
            });
        }
        None => write_dynarray(b, opts, data),
    }
}

fn read_ciphertext_body<'c>(
    context: &'c Context,
    r: &mut Reader,
    what: &'static str,
    // A plaintext or ciphertext (below the key level), not a key.
    data: bool,
) -> Result<RawCiphertext<'c>, LoadError> {
    let id = r.parms_id(what)?;
    let level = level_of(context, id, what)?;
    if data {
        data_level(context, level, what)?;
    }
    let ntt = r.u8(what)?;
    if ntt != 1 {
        return Err(invalid(
            what,
            format!("NTT-form flag {ntt}; CKKS ciphertexts are in NTT form (1)"),
        ));
    }
    let size = r.u64(what)?;
    if !(CIPHERTEXT_SIZE_MIN..=CIPHERTEXT_SIZE_MAX).contains(&size) {
        return Err(invalid(
            what,
            format!("size {size}; SEAL allows {CIPHERTEXT_SIZE_MIN} to {CIPHERTEXT_SIZE_MAX} polynomials"),
        ));
    }
    let n = level.parms().poly_modulus_degree();
    let q = level.coeff_modulus();
    let (dn, dk) = (r.u64(what)?, r.u64(what)?);
    if dn != n as u64 || dk != q.len() as u64 {
        return Err(invalid(
            what,
            format!(
                "degree {dn} with {dk} primes; its level has degree {n} with {} primes",
                q.len()
            ),
        ));
    }
    let scale = r.f64(what)?;
    check_scale(scale, level, what)?;
    let correction = r.u64(what)?;
    if correction != 1 {
        return Err(invalid(
            what,
            format!("correction factor {correction}; CKKS ciphertexts have 1"),
        ));
    }
    let poly = (n * q.len()) as u64;
    let full = size * poly;
    let mut data = keep(read_dynarray(r, &[full, poly], what)?);
    let mut seed = None;
    if data.len() as u64 != full {
        if size != 2 {
            return Err(invalid(
                what,
                "only the first polynomial is stored, but only size-2 ciphertexts are seeded",
            ));
        }
        let info = r.nested("the seed of a seeded ciphertext", |r| {
            let t = r.u8("PRNG type")?;
            let kind = PrngType::from_byte(t).ok_or_else(|| {
                invalid(
                    what,
                    format!("PRNG type {t}; SEAL's are 1 (BLAKE2Xb) and 2 (SHAKE256)"),
                )
            })?;
            let words = keep(r.words(SEED_WORDS, "seed")?);
            Ok(PrngInfo {
                kind,
                seed: words.try_into().expect("8 words"),
            })
        })?;
        check_reduced(&data, n, q, what)?;
        data.extend(sample_poly_uniform(&mut SealPrng::new(info), q, n));
        seed = Some(info);
    }
    check_reduced(&data, n, q, what)?;
    Ok(RawCiphertext {
        level,
        scale,
        size: size as usize,
        data,
        seed,
    })
}

impl Ciphertext {
    /// Writes the ciphertext in SEAL 4's format (`Ciphertext::save`); a fresh symmetric
    /// encryption is written in SEAL's seeded form (the second polynomial as its seed).
    pub fn save(&self, w: &mut impl Write, opts: impl Into<SaveOptions>) -> CkksResult<u64> {
        let opts = opts.into();
        let mut b = Writer::default();
        write_ciphertext_body(
            &mut b,
            opts,
            self.parms_id,
            self.n,
            self.rns_count,
            self.scale,
            &self.data()?,
            self.seed,
        );
        write_object(w, b.bytes(), opts)
    }

    /// Reads a ciphertext SEAL saved for `context`, seeded or not, within the default
    /// [`LoadLimits`].
    pub fn load(context: &Context, r: &mut impl Read) -> CkksResult<Self> {
        Self::load_with_limits(context, r, &LoadLimits::default())
    }

    /// [`Ciphertext::load`] within `limits`.
    pub fn load_with_limits(
        context: &Context,
        r: &mut impl Read,
        limits: &LoadLimits,
    ) -> CkksResult<Self> {
        const WHAT: &str = "ciphertext";
        let (n, k) = key_shape(context);
        let max = ciphertext_max_body(n, k, CIPHERTEXT_SIZE_MAX);
        let (_, body) = read_object(r, bound(context, max), limits, WHAT)?;
        let mut r = Reader::new(body.as_slice());
        let raw = read_ciphertext_body(context, &mut r, WHAT, true)?;
        r.finish(WHAT)?;
        let k = raw.level.coeff_modulus().len();
        let mut ct = Ciphertext::from_host(
            raw.level.parms_id(),
            raw.scale,
            raw.level.parms().poly_modulus_degree(),
            k,
            raw.data,
        );
        debug_assert_eq!(ct.size, raw.size);
        ct.seed = raw.seed;
        Ok(ct)
    }
}

impl PublicKey {
    /// Writes the key in SEAL 4's format (`PublicKey::save`: a size-2 ciphertext at the key
    /// level), seeded when it is fresh from `KeyGenerator::create_public_key`.
    pub fn save(&self, w: &mut impl Write, opts: impl Into<SaveOptions>) -> CkksResult<u64> {
        let opts = opts.into();
        let (n, k) = self.shape();
        let mut b = Writer::default();
        write_ciphertext_body(
            &mut b,
            opts,
            self.parms_id,
            n,
            k,
            1.0,
            &self.data,
            self.seed,
        );
        write_object(w, b.bytes(), opts)
    }

    /// Reads a public key SEAL saved for `context`, within the default [`LoadLimits`].
    pub fn load(context: &Context, r: &mut impl Read) -> CkksResult<Self> {
        Self::load_with_limits(context, r, &LoadLimits::default())
    }

    /// [`PublicKey::load`] within `limits`.
    pub fn load_with_limits(
        context: &Context,
        r: &mut impl Read,
        limits: &LoadLimits,
    ) -> CkksResult<Self> {
        const WHAT: &str = "public key";
        let (n, k) = key_shape(context);
        let max = ciphertext_max_body(n, k, 2);
        let (_, body) = read_object(r, bound(context, max), limits, WHAT)?;
        let mut r = Reader::new(body.as_slice());
        let raw = read_key_ciphertext(context, &mut r, WHAT)?;
        r.finish(WHAT)?;
        Ok(PublicKey {
            parms_id: raw.level.parms_id(),
            n: raw.level.parms().poly_modulus_degree(),
            data: raw.data,
            seed: raw.seed,
            device: Default::default(),
        })
    }

    fn shape(&self) -> (usize, usize) {
        (self.n, self.data.len() / (2 * self.n))
    }
}

/// A size-2 ciphertext at the key level (a public key, one component of a key-switching key).
pub(super) fn read_key_ciphertext<'c>(
    context: &'c Context,
    r: &mut Reader,
    what: &'static str,
) -> Result<RawCiphertext<'c>, LoadError> {
    let raw = read_ciphertext_body(context, r, what, false)?;
    key_level(context, raw.level.parms_id(), what)?;
    if raw.size != 2 {
        return Err(invalid(
            what,
            format!("size {}; keys are size-2 ciphertexts", raw.size),
        ));
    }
    Ok(raw)
}
