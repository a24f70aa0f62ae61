//! The bodies SEAL's `save_members` write for each CKKS object, and their loads with SEAL's
//! `is_valid_for` checks (and a few more: the secret key must be ternary, the ciphertext's
//! correction factor 1).
//!
//! - EncryptionParameters: scheme (u8, 2 = CKKS), degree, prime count (u64 each), each prime
//!   and the plain modulus (0 for CKKS) as nested `Modulus` objects (one u64).
//! - Plaintext and SecretKey: parms_id (4 u64), coefficient count, scale (f64), then the words
//!   as a nested `DynArray` (u64 count, then the words).
//! - Ciphertext and PublicKey: parms_id, NTT-form flag (u8), size, degree, prime count, scale,
//!   correction factor, then the words as a `DynArray`; SEAL's seeded form stores only the first
//!   polynomial and then a nested `UniformRandomGeneratorInfo` (PRNG type u8, 8-word seed) from
//!   which the second is regenerated.
//! - RelinKeys and GaloisKeys (`KSwitchKeys`): parms_id, the number of key slots, and per slot
//!   the number of ciphertexts followed by each as a nested `Ciphertext`. Relinearization keys
//!   use slot 0 (the key of s²); Galois keys slot (g − 1)/2 for element g, N slots in all.

use super::body::{Reader, Writer};
use super::object_io::{read_object, write_object, SaveOptions};
use crate::arith::Modulus;
use crate::ckks::ciphertext::Ciphertext;
use crate::ckks::context::{Context, ContextData};
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::galois::GaloisKeys;
use crate::ckks::keys::{PublicKey, SecretKey};
use crate::ckks::keyswitch::KSwitchKeys;
use crate::ckks::keyswitch::RelinKeys;
use crate::ckks::load_error::LoadError;
use crate::ckks::params::EncryptionParameters;
use crate::ckks::params::{ParmsId, SCHEME_CKKS, SPECIAL_PRIME_COUNT_MAX};
use crate::ckks::plaintext::Plaintext;
use crate::ckks::prng::{sample_poly_uniform, PrngInfo, PrngType, SealPrng, SEED_WORDS};
use crate::ckks::storage::DeviceSlots;
use crate::primes::{COEFF_MOD_COUNT_MAX, POLY_MOD_DEGREE_MAX};
use std::collections::BTreeMap;
use std::io::{Read, Write};

/// SEAL's bounds on a ciphertext's polynomial count.
const CIPHERTEXT_SIZE_MIN: u64 = 2;
const CIPHERTEXT_SIZE_MAX: u64 = 16;
const HEADER: u64 = 16;
/// parms_id, NTT flag, size, degree, prime count, scale, correction factor.
const CIPHERTEXT_META: u64 = 32 + 1 + 5 * 8;
const SEED_OBJECT: u64 = HEADER + 1 + 8 * SEED_WORDS as u64;

fn invalid(what: &'static str, reason: impl Into<String>) -> LoadError {
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

fn key_level<'c>(
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

fn key_shape(context: &Context) -> (u64, u64) {
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

/// SEAL's `is_scale_within_bounds` for CKKS.
fn check_scale(scale: f64, level: &ContextData, what: &'static str) -> Result<(), LoadError> {
    let bits = level.total_coeff_modulus_bit_count() as i64;
    if !(scale.is_finite() && scale > 0.0) || scale.log2() as i64 >= bits {
        return Err(invalid(
            what,
            format!("scale {scale} is not positive with fewer bits than the level's {bits}"),
        ));
    }
    Ok(())
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
) -> Result<Vec<u64>, LoadError> {
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
        write_object(w, &b.out, opts)
    }

    /// Reads parameters SEAL saved (CKKS only). Their primes are checked by `Context::new`.
    pub fn load(r: &mut impl Read) -> CkksResult<Self> {
        const WHAT: &str = "encryption parameters";
        let max = 17 + (COEFF_MOD_COUNT_MAX as u64 + 2) * (HEADER + 8);
        let (_, body) = read_object(r, max, WHAT)?;
        let mut r = Reader::new(&body);
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
    Ok((level, scale, words))
}

impl Plaintext {
    /// Writes the plaintext in SEAL 4's format (`Plaintext::save`).
    pub fn save(&self, w: &mut impl Write, opts: impl Into<SaveOptions>) -> CkksResult<u64> {
        let opts = opts.into();
        let mut b = Writer::default();
        write_plaintext_body(&mut b, opts, self.parms_id, self.scale, &self.data()?);
        write_object(w, &b.out, opts)
    }

    /// Reads a plaintext SEAL saved for `context` (NTT form, at one of its levels).
    pub fn load(context: &Context, r: &mut impl Read) -> CkksResult<Self> {
        let (_, body) = read_object(r, plaintext_max_body(context), "plaintext")?;
        let (level, scale, words) = read_plaintext_body(context, &body, "plaintext", true)?;
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
    /// Whoever holds the bytes can decrypt: keep them as secret as the key.
    pub fn save(&self, w: &mut impl Write, opts: impl Into<SaveOptions>) -> CkksResult<u64> {
        let opts = opts.into();
        let mut b = Writer::default();
        write_plaintext_body(&mut b, opts, self.parms_id, 1.0, &self.data);
        let out = write_object(w, &b.out, opts);
        zeroize::Zeroize::zeroize(&mut b.out);
        out
    }

    /// Reads a secret key SEAL saved for `context`, checking that it is ternary (every
    /// coefficient −1, 0 or 1 under every prime), as SEAL's keys are.
    pub fn load(context: &Context, r: &mut impl Read) -> CkksResult<Self> {
        const WHAT: &str = "secret key";
        let (_, mut body) = read_object(r, plaintext_max_body(context), WHAT)?;
        let parsed = read_plaintext_body(context, &body, WHAT, false);
        zeroize::Zeroize::zeroize(&mut body);
        let (level, _, words) = parsed?;
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
struct RawCiphertext<'c> {
    level: &'c ContextData,
    scale: f64,
    size: usize,
    data: Vec<u64>,
    seed: Option<PrngInfo>,
}

fn ciphertext_max_body(n: u64, k: u64, size: u64) -> u64 {
    CIPHERTEXT_META + HEADER + 8 + size * n * k * 8 + SEED_OBJECT
}

#[allow(clippy::too_many_arguments)]
fn write_ciphertext_body(
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
    let mut data = read_dynarray(r, &[full, poly], what)?;
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
            let words = r.words(SEED_WORDS, "seed")?;
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
        write_object(w, &b.out, opts)
    }

    /// Reads a ciphertext SEAL saved for `context`, seeded or not.
    pub fn load(context: &Context, r: &mut impl Read) -> CkksResult<Self> {
        const WHAT: &str = "ciphertext";
        let (n, k) = key_shape(context);
        let (_, body) = read_object(r, ciphertext_max_body(n, k, CIPHERTEXT_SIZE_MAX), WHAT)?;
        let mut r = Reader::new(&body);
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
        write_object(w, &b.out, opts)
    }

    /// Reads a public key SEAL saved for `context`.
    pub fn load(context: &Context, r: &mut impl Read) -> CkksResult<Self> {
        const WHAT: &str = "public key";
        let (n, k) = key_shape(context);
        let (_, body) = read_object(r, ciphertext_max_body(n, k, 2), WHAT)?;
        let mut r = Reader::new(&body);
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
fn read_key_ciphertext<'c>(
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

// ---------------------------------------------------------------- key-switching keys

fn write_kswitch_body(
    b: &mut Writer,
    opts: SaveOptions,
    id: ParmsId,
    slots: &[Option<&KSwitchKeys>],
    n: usize,
) {
    b.parms_id(id);
    b.u64(slots.len() as u64);
    for slot in slots {
        match slot {
            None => b.u64(0),
            Some(ks) => {
                b.u64(ks.keys.len() as u64);
                let k = ks.keys.first().map_or(0, |c| c.len() / (2 * n));
                for (c, seed) in ks.keys.iter().zip(&ks.seeds) {
                    b.nested(opts, |b| {
                        write_ciphertext_body(b, opts, ks.parms_id, n, k, 1.0, c, *seed)
                    });
                }
            }
        }
    }
}

/// The key slots of a `KSwitchKeys` body, at most `max_slots` of them.
fn read_kswitch_body(
    context: &Context,
    body: &[u8],
    max_slots: u64,
    what: &'static str,
) -> Result<Vec<Option<KSwitchKeys>>, LoadError> {
    let mut r = Reader::new(body);
    let id = r.parms_id(what)?;
    let key = key_level(context, id, what)?;
    let decomp =
        context.decomposition_digits(context.first_context_data().coeff_modulus().len()) as u64;
    let slots = r.u64(what)?;
    if slots > max_slots {
        return Err(invalid(
            what,
            format!("{slots} key slots; at most {max_slots} here"),
        ));
    }
    let mut out = Vec::with_capacity(slots.min(1 << 16) as usize);
    for _ in 0..slots {
        let count = r.u64(what)?;
        if count == 0 {
            out.push(None);
            continue;
        }
        if count != decomp {
            return Err(invalid(
                what,
                format!("a key of {count} ciphertexts; this context decomposes into {decomp}"),
            ));
        }
        let (mut keys, mut seeds) = (Vec::new(), Vec::new());
        for _ in 0..count {
            let raw = r.nested(what, |r| read_key_ciphertext(context, r, what))?;
            keys.push(raw.data);
            seeds.push(raw.seed);
        }
        out.push(Some(KSwitchKeys {
            parms_id: id,
            n: key.parms().poly_modulus_degree(),
            keys,
            seeds,
            device: DeviceSlots::default(),
        }));
    }
    r.finish(what)?;
    Ok(out)
}

fn kswitch_max_body(context: &Context, slots: u64) -> u64 {
    let (n, k) = key_shape(context);
    let digits =
        context.decomposition_digits(context.first_context_data().coeff_modulus().len()) as u64;
    let per_key = digits * (HEADER + ciphertext_max_body(n, k, 2));
    (40 + slots * 8).saturating_add(slots.saturating_mul(per_key))
}

impl RelinKeys {
    /// Writes the keys in SEAL 4's format (`RelinKeys::save`), each component seeded when the
    /// keys are fresh from `KeyGenerator::create_relin_keys` (SEAL's `Serializable<RelinKeys>`).
    pub fn save(&self, w: &mut impl Write, opts: impl Into<SaveOptions>) -> CkksResult<u64> {
        let opts = opts.into();
        let n = self.0.n();
        let mut b = Writer::default();
        write_kswitch_body(&mut b, opts, self.0.parms_id, &[Some(&self.0)], n);
        write_object(w, &b.out, opts)
    }

    /// Reads relinearization keys SEAL saved for `context` (the key of s², SEAL's only one).
    pub fn load(context: &Context, r: &mut impl Read) -> CkksResult<Self> {
        const WHAT: &str = "relinearization keys";
        if !context.using_keyswitching() {
            return Err(CkksError::NoSpecialPrime);
        }
        let (_, body) = read_object(r, kswitch_max_body(context, 1), WHAT)?;
        let mut slots = read_kswitch_body(context, &body, 1, WHAT)?;
        match slots.pop().flatten() {
            Some(k) => Ok(RelinKeys(k)),
            None => Err(invalid(WHAT, "no key for s² (slot 0 is empty)").into()),
        }
    }
}

impl GaloisKeys {
    /// Writes the keys in SEAL 4's format (`GaloisKeys::save`: N slots, the key of element g in
    /// slot (g − 1)/2), components seeded when fresh from `KeyGenerator`.
    pub fn save(&self, w: &mut impl Write, opts: impl Into<SaveOptions>) -> CkksResult<u64> {
        let opts = opts.into();
        let first = self.keys.values().next();
        let n = first.map_or(0, |k| k.n());
        let id = first.map_or(ParmsId([0; 4]), |k| k.parms_id);
        let mut slots: Vec<Option<&KSwitchKeys>> = vec![None; n];
        for (&g, k) in &self.keys {
            slots[(g as usize - 1) / 2] = Some(k);
        }
        let mut b = Writer::default();
        write_kswitch_body(&mut b, opts, id, &slots, n);
        write_object(w, &b.out, opts)
    }

    /// Reads Galois keys SEAL saved for `context`.
    pub fn load(context: &Context, r: &mut impl Read) -> CkksResult<Self> {
        const WHAT: &str = "Galois keys";
        if !context.using_keyswitching() {
            return Err(CkksError::NoSpecialPrime);
        }
        let (n, _) = key_shape(context);
        let (_, body) = read_object(r, kswitch_max_body(context, n), WHAT)?;
        let slots = read_kswitch_body(context, &body, n, WHAT)?;
        let mut keys = BTreeMap::new();
        for (i, slot) in slots.into_iter().enumerate() {
            if let Some(k) = slot {
                if i == 0 {
                    return Err(
                        invalid(WHAT, "a key in slot 0, Galois element 1 (the identity)").into(),
                    );
                }
                keys.insert(2 * i as u64 + 1, k);
            }
        }
        Ok(GaloisKeys { keys })
    }
}
