//! One SEAL object on the wire: the header, then the (compressed) body; size limits before
//! any allocation, and the body's bytes in a [`WipeBuf`].

use super::codec::{compress, decompress};
use super::header::{ComprMode, SealHeader, HEADER_SIZE};
use super::limits::{BodyBound, Cap, LoadLimits};
use super::version::SealVersion;
use super::wipe_buf::WipeBuf;
use crate::ckks::load_error::LoadError;
use std::io::{Read, Write};

/// How an object is written: compression and the SEAL version its headers name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SaveOptions {
    pub compression: ComprMode,
    pub version: Option<SealVersion>,
}

impl SaveOptions {
    pub(super) fn version(&self) -> SealVersion {
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

/// Writes `body` as one SEAL object.
pub(super) fn write_object(
    w: &mut impl Write,
    body: &[u8],
    opts: SaveOptions,
) -> crate::ckks::error::CkksResult<u64> {
    let io = |e: std::io::Error| crate::ckks::error::CkksError::Save(e.to_string());
    let compressed;
    let data = match opts.compression {
        ComprMode::None => body,
        mode => {
            compressed = compress(body, mode).map_err(io)?;
            compressed.as_slice()
        }
    };
    let size = (HEADER_SIZE + data.len()) as u64;
    let header = SealHeader {
        version: opts.version(),
        compression: opts.compression,
        size,
    };
    w.write_all(&header.to_bytes()).map_err(io)?;
    w.write_all(data).map_err(io)?;
    Ok(size)
}

/// Reads one SEAL object whose body `bound` and `limits` bound, and returns its header and
/// body. Memory grows with the bytes actually present, never with a claimed size.
pub(super) fn read_object(
    r: &mut impl Read,
    bound: BodyBound,
    limits: &LoadLimits,
    what: &'static str,
) -> Result<(SealHeader, WipeBuf), LoadError> {
    let mut h = [0u8; HEADER_SIZE];
    read_exact_or_truncated(r, &mut h, "the SEAL header")?;
    let header = SealHeader::parse(&h, u64::MAX)?;
    let want = header.size - HEADER_SIZE as u64;
    let stored = Cap::stored(bound, limits);
    // A compressed body can be a little larger than the plain one (incompressible data).
    let slack = match header.compression {
        ComprMode::None => 0,
        _ => stored.bytes / 64 + 1024,
    };
    if want > stored.bytes.saturating_add(slack) {
        return Err(stored.exceeded(what, want));
    }
    let data = WipeBuf::read_from(r, want).map_err(|e| LoadError::Io(e.to_string()))?;
    if (data.len() as u64) < want {
        return Err(LoadError::Truncated {
            what: "the object the header announces",
            needed: want,
            available: data.len() as u64,
        });
    }
    let cap = Cap::expanded(bound, limits, want);
    let body = decompress(data, header.compression, cap, what)?;
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
