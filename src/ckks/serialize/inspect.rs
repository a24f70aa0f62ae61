//! What a SEAL file holds, read from its structure alone: SEAL's files carry no type tag, but
//! each kind has its nested headers at its own offsets. With the parameters at hand, the level
//! also tells a secret key from a plaintext and a public key from a ciphertext.

use super::body::Reader;
use super::header::{SealHeader, MAGIC};
use super::limits::{BodyBound, LoadLimits};
use super::object_io::read_object;
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

/// Describes the SEAL object `r` holds; `context` resolves levels when given. The body is read
/// within `limits` and, with a context, within the largest object of that context; without
/// one a compressed body may always expand to [`LoadLimits::FLOOR_WITHOUT_PARAMETERS`].
pub fn inspect(
    r: &mut impl Read,
    limits: &LoadLimits,
    context: Option<&Context>,
) -> CkksResult<FileInfo> {
    let bound = match context {
        Some(c) => objects::bound(c, kswitch_io::largest_body(c)),
        None => BodyBound {
            kind_max: u64::MAX,
            floor: LoadLimits::FLOOR_WITHOUT_PARAMETERS,
        },
    };
    let (header, body) = read_object(r, bound, limits, "SEAL object")?;
    Ok(describe(header, body.as_slice(), context)?)
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

fn ciphertext_shape(r: &mut Reader) -> Result<CiphertextShape, LoadError> {
    let parms_id = r.parms_id("parms_id")?;
    r.u8("NTT flag")?;
    let size = r.u64("size")?;
    let (n, k) = (r.u64("degree")?, r.u64("prime count")?);
    let scale = r.f64("scale")?;
    r.u64("correction factor")?;
    let words = r.nested("data", |r| {
        let c = r.u64("count")?;
        r.bytes(r.remaining(), "words")?;
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

fn describe(
    header: SealHeader,
    body: &[u8],
    context: Option<&Context>,
) -> Result<FileInfo, LoadError> {
    let mut info = FileInfo {
        kind: String::new(),
        seal_version: header.version.to_string(),
        compression: header.compression.name().into(),
        file_bytes: header.size,
        body_bytes: body.len() as u64,
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
    let mut r = Reader::new(body);
    let level = |id: ParmsId| context.and_then(|c| c.get_context_data(id));
    let key_id = context.map(|c| c.key_context_data().parms_id());
    let kind;
    if body.first().is_some_and(|&s| (1..=3).contains(&s)) && magic_at(body, 17) {
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
    } else if magic_at(body, 73) && body.get(32) == Some(&1) {
        let c = ciphertext_shape(&mut r)?;
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
    } else if magic_at(body, 48) && u64_at(body, 40).is_some_and(|s| s > 0 && s <= 64)
        || u64_at(body, 40) == Some(0)
    {
        let id = r.parms_id("parms_id")?;
        info.parms_id = Some(id.to_string());
        let slots = r.u64("key slots")?;
        let (mut elements, mut seeded, mut components) = (Vec::new(), 0, 0);
        for i in 0..slots.min(1 << 17) {
            let count = r.u64("key count")?;
            if count > 0 {
                elements.push(2 * i + 1);
            }
            for _ in 0..count.min(64) {
                let c = r.nested("key", |r| {
                    let c = ciphertext_shape(r)?;
                    r.bytes(r.remaining(), "seed")?;
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
    } else if magic_at(body, 48) {
        let id = r.parms_id("parms_id")?;
        r.u64("coefficient count")?;
        info.scale = Some(r.f64("scale")?);
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
