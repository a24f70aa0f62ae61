//! SEAL 4's byte format for parameters, plaintexts, ciphertexts and keys: what SEAL's `save()`
//! writes, xehe writes, and what it writes, xehe loads.
//!
//! Every object is a [`SealHeader`] and a body, the body compressed (zstd, zlib) or not. Inside a
//! body, nested objects (each prime of the parameters, the word array of a plaintext or
//! ciphertext, the seed of a seeded ciphertext, each ciphertext of a key) carry their own
//! uncompressed header. Loading checks everything before it allocates or trusts it: the header,
//! a total size bounded by what the context allows for that kind of object, each nested header,
//! each count against the context, each word against its prime, and that nothing is left over.
//!
//! ```
//! use xehe::ckks::{serialize::ComprMode, CkksEncoder, Context, EncryptionParameters, Plaintext};
//! use xehe::primes::SecurityLevel;
//! let parms = EncryptionParameters::with_bit_sizes(8192, &[60, 40, 40, 60])?;
//! let mut file = Vec::new();
//! parms.save(&mut file, ComprMode::Zstd)?;
//! let context = Context::new(&EncryptionParameters::load(&mut &file[..])?, SecurityLevel::Tc128)?;
//! let pt = CkksEncoder::new(&context).encode(&[1.0, 2.0], 2f64.powi(40), context.first_context_data())?;
//! let mut bytes = Vec::new();
//! pt.save(&mut bytes, ComprMode::None)?;
//! assert_eq!(Plaintext::load(&context, &mut &bytes[..])?.data()?, pt.data()?);
//! # Ok::<(), xehe::ckks::CkksError>(())
//! ```

mod body;
mod header;
mod inspect;
mod objects;

pub use header::{ComprMode, SealHeader, SealVersion};
pub use inspect::{inspect, FileInfo, ObjectKind};

use header::{compress, decompress, HEADER_SIZE};
use std::io::{Read, Write};
use thiserror::Error;

/// How an object is written: compression and the SEAL version its headers name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SaveOptions {
    pub compression: ComprMode,
    pub version: Option<SealVersion>,
}

impl SaveOptions {
    fn version(&self) -> SealVersion {
        self.version.unwrap_or(SealVersion::DEFAULT)
    }
}

impl From<ComprMode> for SaveOptions {
    fn from(compression: ComprMode) -> Self {
        SaveOptions {
            compression,
            version: None,
        }
    }
}

/// Why a file could not be loaded: each says what was found and what was expected.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum LoadError {
    #[error("not a SEAL object: magic 0x{found:04X}, expected 0xA15E")]
    BadMagic { found: u16 },
    #[error("invalid SEAL header: {reason}")]
    BadHeader { reason: String },
    #[error("SEAL version {version} is not supported: xehe reads SEAL 4 objects")]
    UnsupportedVersion { version: SealVersion },
    #[error("unknown compression mode {mode}: SEAL's are 0 (none), 1 (zlib), 2 (zstd)")]
    UnknownCompression { mode: u8 },
    #[error("the file claims {claimed} bytes, more than the {max} a valid {what} can have here")]
    TooLarge {
        what: &'static str,
        claimed: u64,
        max: u64,
    },
    #[error("truncated: {what} needs {needed} more bytes, {available} are left")]
    Truncated {
        what: &'static str,
        needed: u64,
        available: u64,
    },
    #[error("{mode} decompression failed: {reason}")]
    Decompress { mode: &'static str, reason: String },
    #[error("{extra} bytes follow the end of the {what}")]
    TrailingBytes { what: &'static str, extra: u64 },
    #[error("invalid {what}: {reason}")]
    Invalid { what: &'static str, reason: String },
    #[error("the {what}'s parms_id {parms_id} is not a level of this context{expected}")]
    ForeignParmsId {
        what: &'static str,
        parms_id: String,
        expected: String,
    },
    #[error("reading failed: {0}")]
    Io(String),
}

/// Writes `body` as one SEAL object.
fn write_object(w: &mut impl Write, body: &[u8], opts: SaveOptions) -> super::CkksResult<u64> {
    let data = compress(body, opts.compression);
    let size = (HEADER_SIZE + data.len()) as u64;
    let header = SealHeader {
        version: opts.version(),
        compression: opts.compression,
        size,
    };
    let io = |e: std::io::Error| super::CkksError::Save(e.to_string());
    w.write_all(&header.to_bytes()).map_err(io)?;
    w.write_all(&data).map_err(io)?;
    Ok(size)
}

/// Reads one SEAL object whose uncompressed body is at most `max_body` bytes and returns its
/// header and body. Memory grows with the bytes actually present, never with a claimed size.
fn read_object(
    r: &mut impl Read,
    max_body: u64,
    what: &'static str,
) -> Result<(SealHeader, Vec<u8>), LoadError> {
    let mut h = [0u8; HEADER_SIZE];
    read_exact_or_truncated(r, &mut h, "the SEAL header")?;
    // A compressed body can be a little larger than the plain one (incompressible data).
    let max_size = HEADER_SIZE as u64 + max_body + max_body / 64 + 1024;
    let header = SealHeader::parse(&h, max_size).map_err(|e| match e {
        LoadError::TooLarge { claimed, max, .. } => LoadError::TooLarge { what, claimed, max },
        e => e,
    })?;
    let want = header.size - HEADER_SIZE as u64;
    let mut data = Vec::new();
    r.take(want)
        .read_to_end(&mut data)
        .map_err(|e| LoadError::Io(e.to_string()))?;
    if (data.len() as u64) < want {
        return Err(LoadError::Truncated {
            what: "the object the header announces",
            needed: want,
            available: data.len() as u64,
        });
    }
    let body = decompress(data, header.compression, max_body, what)?;
    Ok((header, body))
}

fn read_exact_or_truncated(
    r: &mut impl Read,
    buf: &mut [u8],
    what: &'static str,
) -> Result<(), LoadError> {
    let mut got = 0;
    while got < buf.len() {
        match r.read(&mut buf[got..]) {
            Ok(0) => {
                return Err(LoadError::Truncated {
                    what,
                    needed: buf.len() as u64,
                    available: got as u64,
                })
            }
            Ok(k) => got += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(LoadError::Io(e.to_string())),
        }
    }
    Ok(())
}
