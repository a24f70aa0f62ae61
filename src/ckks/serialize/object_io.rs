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
///
/// ```
/// use xehe::ckks::serialize::{ComprMode, SaveOptions};
/// // zstd at level 1: SEAL reads it as any zstd body; 1.5-2.6x faster than SEAL's level 3 on
/// // ciphertexts, within about 1% of its size (their words' high bits are zero, which both
/// // levels find).
/// let fast = SaveOptions { compression: ComprMode::Zstd, zstd_level: Some(1), ..Default::default() };
/// assert_eq!(SaveOptions::from(ComprMode::Zstd).zstd_level, None); // SEAL's level: SEAL's bytes
/// # let _ = fast;
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SaveOptions {
    pub compression: ComprMode,
    pub version: Option<SealVersion>,
    /// zstd's level (1 … 19, or negative for its fast levels); `None` is SEAL's (3), which
    /// gives SEAL's bytes for the same object. Ignored unless `compression` is zstd.
    pub zstd_level: Option<i32>,
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
            ..Default::default()
        }
    }
}

/// Writes `body` as one SEAL object.
pub(super) fn write_object(
    w: &mut impl Write,
    body: &[u8],
    opts: SaveOptions,
) -> crate::ckks::error::CkksResult<u64> {
    let io = |e: std::io::Error| crate::ckks::error::CkksError::Save(e.into());
    let compressed;
    let data = match opts.compression {
        ComprMode::None => body,
        mode => {
            compressed = compress(body, mode, opts.zstd_level).map_err(io)?;
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
    let header = read_header(r, bound, limits, what)?;
    let want = header.size - HEADER_SIZE as u64;
    let data = WipeBuf::read_from(r, want).map_err(|e| LoadError::Io(e.into()))?;
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
/// Reads and checks one object's header: the body it announces must fit `bound` and `limits`
/// (stored bytes, or compressed ones with the little incompressible data adds).
pub(super) fn read_header(
    r: &mut impl Read,
    bound: BodyBound,
    limits: &LoadLimits,
    what: &'static str,
) -> Result<SealHeader, LoadError> {
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
    Ok(header)
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
            Err(e) => return Err(LoadError::Io(e.into())),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::ComprMode;
    use crate::ckks::error::CkksError;
    use crate::ckks::EncryptionParameters;
    use std::error::Error;
    use std::io::{self, ErrorKind};

    /// The error a failing device gives, wrapped in the `io::Error` the reader or writer returns.
    #[derive(Debug)]
    struct Unplugged;

    impl std::fmt::Display for Unplugged {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("the disk was unplugged")
        }
    }

    impl Error for Unplugged {}

    fn unplugged() -> io::Error {
        io::Error::new(ErrorKind::BrokenPipe, Unplugged)
    }

    /// Serves `left` bytes of `bytes`, then fails as an unplugged disk does.
    struct FailingReader<'a> {
        bytes: &'a [u8],
        left: usize,
    }

    impl io::Read for FailingReader<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.left == 0 {
                return Err(unplugged());
            }
            let k = buf.len().min(self.left).min(self.bytes.len());
            buf[..k].copy_from_slice(&self.bytes[..k]);
            self.bytes = &self.bytes[k..];
            self.left -= k;
            Ok(k)
        }
    }

    struct FailingWriter;

    impl io::Write for FailingWriter {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(unplugged())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// The `io::Error` down `e`'s sources, with its kind and the error it wraps intact.
    fn assert_io_source(e: &CkksError) {
        let io = std::iter::successors(e.source(), |&s| s.source())
            .find_map(|s| s.downcast_ref::<io::Error>())
            .unwrap_or_else(|| panic!("no io::Error under {e:?}"));
        assert_eq!(io.kind(), ErrorKind::BrokenPipe);
        assert!(io.get_ref().is_some_and(|inner| inner.is::<Unplugged>()));
    }

    #[test]
    fn a_failed_read_keeps_the_io_error_as_its_source() {
        let parms = EncryptionParameters::with_bit_sizes(4096, &[40, 30, 36]).unwrap();
        let mut bytes = Vec::new();
        parms.save(&mut bytes, ComprMode::None).unwrap();
        // Inside the header, then inside the body: the two reads a load makes.
        for left in [0, 4, 16 + 3] {
            let mut r = FailingReader {
                bytes: &bytes,
                left,
            };
            let e = EncryptionParameters::load(&mut r).unwrap_err();
            assert_eq!(
                e.to_string(),
                "cannot load: reading failed: the disk was unplugged"
            );
            assert!(
                matches!(&e, CkksError::Load(super::LoadError::Io(s)) if s.kind() == ErrorKind::BrokenPipe),
                "{e:?}"
            );
            assert_io_source(&e);
        }
    }

    #[test]
    fn a_failed_write_keeps_the_io_error_as_its_source() {
        let parms = EncryptionParameters::with_bit_sizes(4096, &[40, 30, 36]).unwrap();
        for mode in [ComprMode::None, ComprMode::Zstd] {
            let e = parms.save(&mut FailingWriter, mode).unwrap_err();
            assert_eq!(e.to_string(), "cannot save: the disk was unplugged");
            assert_io_source(&e);
        }
    }

    #[test]
    fn io_sources_compare_by_kind_and_message() {
        let a = super::super::IoSource::from(unplugged());
        assert_eq!(a, a.clone());
        assert_eq!(a, super::super::IoSource::from(unplugged()));
        let other = io::Error::other("the disk was unplugged");
        assert_ne!(a, super::super::IoSource::from(other));
    }
}
