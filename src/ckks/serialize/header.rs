//! SEAL's 16-byte `SEALHeader`.
//!
//! Layout (little-endian): magic 0xA15E (u16), header size 16 (u8), SEAL version major and minor
//! (u8 each), compression mode (u8: 0 none, 1 zlib, 2 zstd), reserved 0 (u16), total size in
//! bytes including the header (u64). With compression, the bytes after the header are one zlib
//! or zstd stream of the uncompressed body.

use super::version::SealVersion;
use crate::ckks::load_error::LoadError;

pub(crate) const MAGIC: u16 = 0xA15E;
pub(crate) const HEADER_SIZE: usize = 16;

/// How the body after the header is compressed (SEAL's `compr_mode_type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ComprMode {
    None,
    Zlib,
    /// SEAL's default when built with Zstandard, and TenSEAL's.
    #[default]
    Zstd,
}

impl ComprMode {
    fn byte(self) -> u8 {
        match self {
            ComprMode::None => 0,
            ComprMode::Zlib => 1,
            ComprMode::Zstd => 2,
        }
    }

    fn from_byte(b: u8) -> Option<Self> {
        match b {
            0 => Some(ComprMode::None),
            1 => Some(ComprMode::Zlib),
            2 => Some(ComprMode::Zstd),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            ComprMode::None => "none",
            ComprMode::Zlib => "zlib",
            ComprMode::Zstd => "zstd",
        }
    }
}

impl std::str::FromStr for ComprMode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "none" => Ok(ComprMode::None),
            "zlib" => Ok(ComprMode::Zlib),
            "zstd" => Ok(ComprMode::Zstd),
            _ => Err(format!("unknown compression {s:?}: use none, zlib or zstd")),
        }
    }
}

/// A parsed header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SealHeader {
    pub version: SealVersion,
    pub compression: ComprMode,
    /// Bytes of the whole object, header included (compressed size when compressed).
    pub size: u64,
}

impl SealHeader {
    pub(crate) fn to_bytes(self) -> [u8; HEADER_SIZE] {
        let mut b = [0u8; HEADER_SIZE];
        b[0..2].copy_from_slice(&MAGIC.to_le_bytes());
        b[2] = HEADER_SIZE as u8;
        b[3] = self.version.major;
        b[4] = self.version.minor;
        b[5] = self.compression.byte();
        b[8..16].copy_from_slice(&self.size.to_le_bytes());
        b
    }

    /// Parses and checks a header: SEAL's magic and header size, major version 4 (any minor:
    /// SEAL 4's format did not change between minors), a known compression, the reserved bytes
    /// zero, a size of at least the header and at most `max_size`.
    pub(crate) fn parse(b: &[u8; HEADER_SIZE], max_size: u64) -> Result<Self, LoadError> {
        let magic = u16::from_le_bytes([b[0], b[1]]);
        if magic != MAGIC {
            return Err(LoadError::BadMagic { found: magic });
        }
        if b[2] as usize != HEADER_SIZE {
            return Err(LoadError::BadHeader {
                reason: format!("header size {} (SEAL's is 16)", b[2]),
            });
        }
        let version = SealVersion {
            major: b[3],
            minor: b[4],
        };
        if version.major != 4 {
            return Err(LoadError::UnsupportedVersion {
                major: version.major,
                minor: version.minor,
            });
        }
        let compression =
            ComprMode::from_byte(b[5]).ok_or(LoadError::UnknownCompression { mode: b[5] })?;
        if b[6] != 0 || b[7] != 0 {
            return Err(LoadError::BadHeader {
                reason: "the reserved bytes are not zero".into(),
            });
        }
        let size = u64::from_le_bytes(b[8..16].try_into().expect("8 bytes"));
        if size < HEADER_SIZE as u64 {
            return Err(LoadError::BadHeader {
                reason: format!("total size {size} is smaller than the header"),
            });
        }
        if size > max_size {
            return Err(LoadError::TooLarge {
                what: "object",
                claimed: size,
                max: max_size,
            });
        }
        Ok(SealHeader {
            version,
            compression,
            size,
        })
    }
}
