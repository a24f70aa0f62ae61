//! How far loading one object may reach: what its kind allows under the parameters, and the
//! caller's [`LoadLimits`] on top.

use crate::ckks::load_error::LoadError;

/// Caller-given bounds on what loading one SEAL object may take, beyond the bound that its kind
/// and the parameters set (a ciphertext at most 16 polynomials of the key level, Galois keys at
/// most one key per Galois element, and so on).
///
/// Homomorphic-encryption data is uniform below its primes and compresses little: SEAL's keys,
/// ciphertexts and plaintexts expand 1.0 to 2.4 times (zstd or zlib) at primes of 30 to 60 bits,
/// at most 3 times at 17- to 20-bit primes, and uniform words below 14-bit primes about 3.4
/// times. A compressed body may therefore expand to `max_ratio` times its compressed size, and
/// always as far as the largest plaintext of the context (one polynomial of the key level: a
/// plaintext of zeros or of a constant expands hundreds of times). Beyond that a file is
/// refused as a decompression bomb, with [`LoadError::OverExpansionLimit`], as soon as its
/// output passes the bound: nothing is allocated for the size a file claims.
///
/// ```
/// use xehe::ckks::serialize::LoadLimits;
/// use xehe::ckks::{CkksError, EncryptionParameters};
/// // At most 4 KiB from a file that is not trusted.
/// let limits = LoadLimits { max_bytes: 4096, ..LoadLimits::default() };
/// let parms = EncryptionParameters::with_bit_sizes(8192, &[60, 40, 40, 60])?;
/// let mut file = Vec::new();
/// parms.save(&mut file, xehe::ckks::serialize::ComprMode::Zstd)?;
/// assert_eq!(EncryptionParameters::load_with_limits(&mut &file[..], &limits)?, parms);
/// # Ok::<(), CkksError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoadLimits {
    /// The most bytes an object's body may hold uncompressed (its compressed size may exceed
    /// this by what incompressible data adds). Default: `u64::MAX`, the parameters' bound alone.
    pub max_bytes: u64,
    /// The most a compressed body may expand, as uncompressed over compressed bytes, past the
    /// largest plaintext of the context. Default: [`LoadLimits::DEFAULT_MAX_RATIO`].
    pub max_ratio: u64,
}

impl LoadLimits {
    /// Over four times the largest expansion measured (about 3.4, uniform words below 14-bit
    /// primes).
    pub const DEFAULT_MAX_RATIO: u64 = 16;
    /// How far any compressed body may expand when no parameters are given (`inspect` without
    /// them), in place of the largest plaintext of a context: a 16-primes plaintext at N = 2^15
    /// holds 4 MiB.
    pub const FLOOR_WITHOUT_PARAMETERS: u64 = 16 << 20;
}

impl Default for LoadLimits {
    fn default() -> Self {
        LoadLimits {
            max_bytes: u64::MAX,
            max_ratio: Self::DEFAULT_MAX_RATIO,
        }
    }
}

/// What bounds an object's body: its kind under the parameters, and how far a compressed body
/// may always expand (the largest plaintext of the context).
#[derive(Clone, Copy, Debug)]
pub(crate) struct BodyBound {
    pub(crate) kind_max: u64,
    pub(crate) floor: u64,
}

/// Which bound a cap comes from: each is refused with its own error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    Kind,
    MaxBytes,
    Ratio { compressed: u64 },
}

/// The most bytes a body may reach, and the error for passing it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cap {
    pub(crate) bytes: u64,
    source: Source,
}

impl Cap {
    /// The bound of an uncompressed body, and of the bytes a compressed one is read from.
    pub(crate) fn stored(bound: BodyBound, limits: &LoadLimits) -> Cap {
        if limits.max_bytes < bound.kind_max {
            Cap {
                bytes: limits.max_bytes,
                source: Source::MaxBytes,
            }
        } else {
            Cap {
                bytes: bound.kind_max,
                source: Source::Kind,
            }
        }
    }

    /// The bound of a body decompressed from `compressed` bytes.
    pub(crate) fn expanded(bound: BodyBound, limits: &LoadLimits, compressed: u64) -> Cap {
        let stored = Cap::stored(bound, limits);
        let ratio = limits.max_ratio.saturating_mul(compressed).max(bound.floor);
        if ratio < stored.bytes {
            Cap {
                bytes: ratio,
                source: Source::Ratio { compressed },
            }
        } else {
            stored
        }
    }

    /// The error for a body past this cap; `reached` is how far it was seen to go.
    pub(crate) fn exceeded(self, what: &'static str, reached: u64) -> LoadError {
        match self.source {
            Source::Kind => LoadError::TooLarge {
                what,
                claimed: reached,
                max: self.bytes,
            },
            Source::MaxBytes => LoadError::OverSizeLimit {
                what,
                limit: self.bytes,
            },
            Source::Ratio { compressed } => LoadError::OverExpansionLimit {
                what,
                compressed,
                limit: self.bytes,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOUND: BodyBound = BodyBound {
        kind_max: 1 << 30,
        floor: 1 << 20,
    };

    #[test]
    fn the_smallest_bound_decides_and_names_itself() {
        let d = LoadLimits::default();
        let c = Cap::stored(BOUND, &d);
        assert_eq!(c.bytes, 1 << 30);
        assert!(matches!(c.exceeded("x", 0), LoadError::TooLarge { .. }));
        // 1 MB compressed may reach 16 MB; 1 KB compressed still the floor.
        let c = Cap::expanded(BOUND, &d, 1_000_000);
        assert_eq!(c.bytes, 16_000_000);
        assert_eq!(
            c.exceeded("x", 0),
            LoadError::OverExpansionLimit {
                what: "x",
                compressed: 1_000_000,
                limit: 16_000_000
            }
        );
        assert_eq!(Cap::expanded(BOUND, &d, 1000).bytes, 1 << 20);
        // A huge compressed body is held to the kind's bound, without overflow.
        let c = Cap::expanded(BOUND, &d, u64::MAX);
        assert_eq!(c.bytes, 1 << 30);
        let tight = LoadLimits {
            max_bytes: 5000,
            ..d
        };
        let c = Cap::expanded(BOUND, &tight, 1000);
        assert_eq!(c.bytes, 5000);
        assert_eq!(
            c.exceeded("x", 0),
            LoadError::OverSizeLimit {
                what: "x",
                limit: 5000
            }
        );
    }
}
