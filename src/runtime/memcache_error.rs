//! Errors of the memory cache.

use thiserror::Error;

/// Errors of the memory cache.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MemcacheError {
    /// The device could not allocate (out of memory, or a driver error).
    #[error("device allocation of {bytes} bytes failed: {reason}")]
    AllocationFailed { bytes: usize, reason: String },
    /// More memory than the device (or the host standing in for it) has: over the cache's
    /// limit, or the driver's out-of-memory answer.
    #[error("out of memory: {bytes} more bytes requested with {held} held{}: {reason}", limit.map_or(String::new(), |l| format!(" of {l}")))]
    OutOfMemory {
        bytes: usize,
        held: usize,
        limit: Option<u64>,
        reason: String,
    },
    /// A zero-byte buffer was requested.
    #[error("a device buffer of 0 bytes was requested")]
    ZeroSize,
    /// The buffer was not handed out by this cache, or was freed already.
    #[error("buffer {0} is not allocated from this memory cache (double free or foreign buffer)")]
    UnknownBuffer(String),
}
