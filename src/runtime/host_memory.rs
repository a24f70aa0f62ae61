//! Host memory: what is available (Linux's `MemAvailable`), and checks that a size a user or a
//! file asked for fits before anything is allocated, so that a huge request is a typed error
//! rather than an abort.

use crate::runtime::error::{RuntimeError, RuntimeResult};

/// Bytes the kernel says can be allocated without swapping (`MemAvailable` in /proc/meminfo);
/// None where that is not known (other systems).
pub fn available_bytes() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

pub use crate::runtime::error::human;

/// `count` words of 8 bytes, `times` over: the byte count, or an error naming `what` when it
/// overflows or exceeds the available host memory.
pub fn check_words(what: &str, count: u128, times: u128) -> RuntimeResult<u64> {
    let bytes = count.saturating_mul(times).saturating_mul(8);
    let available = available_bytes();
    if bytes > u64::MAX as u128 || available.is_some_and(|a| bytes > a as u128) {
        return Err(RuntimeError::out_of_memory(
            "host",
            what,
            bytes,
            available.map(u128::from),
        ));
    }
    Ok(bytes as u64)
}
