//! Why a SEAL file could not be loaded.

use crate::ckks::io_source::IoSource;
use thiserror::Error;

/// Why a file could not be loaded: each says what was found and what was expected.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum LoadError {
    #[error("not a SEAL object: magic 0x{found:04X}, expected 0xA15E")]
    BadMagic { found: u16 },
    #[error("invalid SEAL header: {reason}")]
    BadHeader { reason: String },
    #[error("SEAL version {major}.{minor} is not supported: xehe reads SEAL 4 objects")]
    UnsupportedVersion { major: u8, minor: u8 },
    #[error("unknown compression mode {mode}: SEAL's are 0 (none), 1 (zlib), 2 (zstd)")]
    UnknownCompression { mode: u8 },
    #[error("the file claims {claimed} bytes, more than the {max} a valid {what} can have here")]
    TooLarge {
        what: &'static str,
        claimed: u64,
        max: u64,
    },
    #[error(
        "the {what} is larger than the load limit of {limit} bytes (LoadLimits::max_bytes); \
         raise it to load a file you trust"
    )]
    OverSizeLimit { what: &'static str, limit: u64 },
    #[error(
        "the compressed {what} ({compressed} bytes) expands past {limit} bytes, more than \
         LoadLimits::max_ratio allows: a decompression bomb, or a file you trust that needs a \
         higher max_ratio"
    )]
    OverExpansionLimit {
        what: &'static str,
        compressed: u64,
        limit: u64,
    },
    #[error(
        "the {what}'s scale {scale} is not a finite number from 1 to below 2^{bits} (its level's \
         coefficient modulus)"
    )]
    BadScale {
        what: &'static str,
        scale: f64,
        bits: u32,
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
    Io(#[source] IoSource),
}
