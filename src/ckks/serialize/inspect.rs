//! What a SEAL file holds, read from its structure alone: SEAL's files carry no type tag, but
//! each kind has its nested headers at its own offsets. With the parameters at hand, the level
//! also tells a secret key from a plaintext and a public key from a ciphertext.

use super::header::{ComprMode, SealHeader, HEADER_SIZE, MAGIC};
use super::limits::{BodyBound, Cap, LoadLimits};
use super::object_io::read_header;
use super::stream::BodyStream;
use super::{kswitch_io, objects};
use crate::ckks::context::Context;
use crate::ckks::error::CkksResult;
use crate::ckks::load_error::LoadError;
use crate::ckks::params::ParmsId;
use std::io::Read;

/// The kinds of SEAL objects xehe reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjectKind {
    EncryptionParameters,
    Plaintext,
    SecretKey,
    /// A plaintext-shaped object whose level is unknown (no parameters given).
    PlaintextOrSecretKey,
    Ciphertext,
    PublicKey,
    /// A ciphertext-shaped object whose level is unknown (no parameters given).
    CiphertextOrPublicKey,
    RelinKeys,
    GaloisKeys,
}

/// The description `xehe inspect` prints.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct FileInfo {
    pub kind: String,
    pub seal_version: String,
    pub compression: String,
    /// Bytes in the file (header included).
    pub file_bytes: u64,
    /// Bytes of the uncompressed body.
    pub body_bytes: u64,
    pub parms_id: Option<String>,
    pub poly_modulus_degree: Option<u64>,
    /// Primes of the object's level (all primes for keys and parameters).
    pub primes: Option<u64>,
    /// The level's chain index (0 is the last level), when the parameters are given.
    pub chain_index: Option<usize>,
    pub scale: Option<f64>,
    /// Polynomials of a ciphertext.
    pub size: Option<u64>,
    /// Whether the second polynomial is stored as a seed (a ciphertext), or how many key
    /// components are.
    pub seeded: Option<u64>,
    /// Galois elements of Galois keys.
    pub galois_elements: Option<Vec<u64>>,
    /// The primes of encryption parameters.
    pub coeff_modulus: Option<Vec<u64>>,
}

fn magic_at(body: &[u8], at: usize) -> bool {
    body.len() >= at + 2 && u16::from_le_bytes([body[at], body[at + 1]]) == MAGIC
}

fn u64_at(body: &[u8], at: usize) -> Option<u64> {
    body.get(at..at + 8)
        .map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")))
}

/// The body bytes that tell the kinds apart: a ciphertext's nested word array starts at 73.
const TELLING: usize = 75;

/// Galois keys have at most one slot per odd residue below 2N, N at most 2^17.
const KEY_SLOTS_MAX: u64 = 1 << 17;
/// Key-switching keys have one ciphertext per decomposition digit, at most one per prime.
const KEY_DIGITS_MAX: u64 = 64;

/// Describes the SEAL object `r` holds; `context` resolves levels when given. The body is read
/// once, in order, and only its structure is kept: the words are passed over, so describing a
/// file of any size takes a few KiB (and, for zstd, the decoder's window). The body must end
/// where its structure does. Its size is held within `limits` and, with a context, within the
/// largest object of that context; without one a compressed body may always expand to
/// [`LoadLimits::FLOOR_WITHOUT_PARAMETERS`].
pub fn inspect(
    r: &mut impl Read,
    limits: &LoadLimits,
    context: Option<&Context>,
) -> CkksResult<FileInfo> {
    const WHAT: &str = "SEAL object";
    let bound = match context {
        Some(c) => objects::bound(c, kswitch_io::largest_body(c)),
        None => BodyBound {
            kind_max: u64::MAX,
            floor: LoadLimits::FLOOR_WITHOUT_PARAMETERS,
        },
    };
    let header = read_header(r, bound, limits, WHAT)?;
    let stored = header.size - HEADER_SIZE as u64;
    let cap = match header.compression {
        ComprMode::None => Cap::stored(bound, limits),
        _ => Cap::expanded(bound, limits, stored),
    };
    let mut body = BodyStream::new(r, header, cap, WHAT)?;
    let mut info = describe(header, &mut body, context)?;
    info.body_bytes = body.finish()?;
    Ok(info)
}

/// A ciphertext body's metadata and stored word count, read without a context.
struct CiphertextShape {
    parms_id: ParmsId,
    size: u64,
    n: u64,
    k: u64,
    scale: f64,
    words: u64,
}

impl CiphertextShape {
    /// Fewer words than the polynomials need: the second is stored as a seed. Saturating: the
    /// counts come from an unchecked file.
    fn seeded(&self) -> bool {
        self.size > 0 && self.words < self.size.saturating_mul(self.n).saturating_mul(self.k)
    }
}

fn ciphertext_shape(r: &mut BodyStream) -> Result<CiphertextShape, LoadError> {
    let parms_id = r.parms_id("parms_id")?;
    r.u8("NTT flag")?;
    let size = r.u64("size")?;
    let (n, k) = (r.u64("degree")?, r.u64("prime count")?);
    let scale = r.f64("scale")?;
    r.u64("correction factor")?;
    let words = r.nested("data", |r| {
        let c = r.u64("count")?;
        r.skip(r.remaining(), "words")?;
        Ok(c)
    })?;
    Ok(CiphertextShape {
        parms_id,
        size,
        n,
        k,
        scale,
        words,
    })
}

/// Passes over the nested objects left in the innermost object (or the body): a plaintext's
/// words, a ciphertext's seed, the parameters' plain modulus and special prime count.
fn skip_nested(r: &mut BodyStream, what: &'static str) -> Result<(), LoadError> {
    while !r.at_end()? {
        r.nested(what, |r| r.skip(r.remaining(), what))?;
    }
    Ok(())
}

fn describe(
    header: SealHeader,
    r: &mut BodyStream,
    context: Option<&Context>,
) -> Result<FileInfo, LoadError> {
    let mut info = FileInfo {
        kind: String::new(),
        seal_version: header.version.to_string(),
        compression: header.compression.name().into(),
        file_bytes: header.size,
        body_bytes: 0,
        parms_id: None,
        poly_modulus_degree: None,
        primes: None,
        chain_index: None,
        scale: None,
        size: None,
        seeded: None,
        galois_elements: None,
        coeff_modulus: None,
    };
    let body = r.peek(TELLING)?;
    let level = |id: ParmsId| context.and_then(|c| c.get_context_data(id));
    let key_id = context.map(|c| c.key_context_data().parms_id());
    let kind;
    if body.first().is_some_and(|&s| (1..=3).contains(&s)) && magic_at(&body, 17) {
        kind = ObjectKind::EncryptionParameters;
        r.u8("scheme")?;
        info.poly_modulus_degree = Some(r.u64("degree")?);
        let k = r.u64("prime count")?;
        info.primes = Some(k);
        let mut q = Vec::new();
        for _ in 0..k.min(64) {
            q.push(r.nested("prime", |r| r.u64("prime"))?);
        }
        info.coeff_modulus = Some(q);
        skip_nested(r, "parameter")?;
    } else if magic_at(&body, 73) && body.get(32) == Some(&1) {
        let c = ciphertext_shape(r)?;
        skip_nested(r, "seed")?;
        let id = c.parms_id;
        info.size = Some(c.size);
        info.poly_modulus_degree = Some(c.n);
        info.primes = Some(c.k);
        info.scale = Some(c.scale);
        info.seeded = Some(u64::from(c.seeded()));
        info.parms_id = Some(id.to_string());
        info.chain_index = level(id).map(|l| l.chain_index());
        kind = match key_id {
            Some(key) if key == id => ObjectKind::PublicKey,
            Some(_) => ObjectKind::Ciphertext,
            None => ObjectKind::CiphertextOrPublicKey,
        };
    } else if magic_at(&body, 48) && u64_at(&body, 40).is_some_and(|s| s > 0 && s <= 64)
        || u64_at(&body, 40) == Some(0)
    {
        let id = r.parms_id("parms_id")?;
        info.parms_id = Some(id.to_string());
        let slots = r.u64("key slots")?;
        if slots > KEY_SLOTS_MAX {
            return Err(LoadError::Invalid {
                what: "key-switching keys",
                reason: format!("{slots} key slots; at most {KEY_SLOTS_MAX}"),
            });
        }
        let (mut elements, mut seeded, mut components) = (Vec::new(), 0, 0);
        for i in 0..slots {
            let count = r.u64("key count")?;
            if count > KEY_DIGITS_MAX {
                return Err(LoadError::Invalid {
                    what: "key-switching keys",
                    reason: format!("{count} keys in one slot; at most {KEY_DIGITS_MAX}"),
                });
            }
            if count > 0 {
                elements.push(2 * i + 1);
            }
            for _ in 0..count {
                let c = r.nested("key", |r| {
                    let c = ciphertext_shape(r)?;
                    r.skip(r.remaining(), "seed")?;
                    Ok(c)
                })?;
                info.poly_modulus_degree = Some(c.n);
                info.primes = Some(c.k);
                components += 1;
                seeded += u64::from(c.seeded());
            }
        }
        info.seeded = Some(seeded);
        info.size = Some(components);
        if slots == 1 && elements == [1] {
            kind = ObjectKind::RelinKeys;
        } else {
            kind = ObjectKind::GaloisKeys;
            info.galois_elements = Some(elements);
        }
    } else if magic_at(&body, 48) {
        let id = r.parms_id("parms_id")?;
        r.u64("coefficient count")?;
        info.scale = Some(r.f64("scale")?);
        skip_nested(r, "data")?;
        info.parms_id = Some(id.to_string());
        if let Some(l) = level(id) {
            info.poly_modulus_degree = Some(l.parms().poly_modulus_degree() as u64);
            info.primes = Some(l.coeff_modulus().len() as u64);
            info.chain_index = Some(l.chain_index());
        }
        kind = match key_id {
            Some(key) if key == id => ObjectKind::SecretKey,
            Some(_) => ObjectKind::Plaintext,
            None => ObjectKind::PlaintextOrSecretKey,
        };
    } else {
        return Err(LoadError::Invalid {
            what: "SEAL object",
            reason: "its layout is none of parameters, plaintext, ciphertext or keys".into(),
        });
    }
    info.kind = format!("{kind:?}");
    Ok(info)
}
