//! Host memory: what is available (Linux's `MemAvailable`), and checks that a size a user or a
//! file asked for fits before anything is allocated, so that a huge request is a typed error
//! rather than an abort.

use super::{RuntimeError, RuntimeResult};

/// Bytes the kernel says can be allocated without swapping (`MemAvailable` in /proc/meminfo);
/// None where that is not known (other systems).
pub fn available_bytes() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// `bytes` as "1.5 GiB".
pub fn human(bytes: u128) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = bytes as f64;
    let mut u = 0;
    while v >= 1024.0 && u + 1 < UNITS.len() {
        v /= 1024.0;
        u += 1;
    }
    format!("{v:.1} {}", UNITS[u])
}

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
