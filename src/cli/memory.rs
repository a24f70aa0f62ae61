//! Size checks of the benchmarks, made before they allocate: the host arrays against the host's
//! available memory and the device arrays against the tile's memory, with the numbers said.

use super::error::UsageError;
use xehe::runtime::host_memory::{check_words, human};
use xehe::runtime::Backend;

/// `host` and `device` arrays of `words` words each.
pub fn check(
    b: &dyn Backend,
    what: &str,
    words: usize,
    host: u128,
    device: u128,
) -> Result<(), UsageError> {
    check_words(
        &format!("{what}: {host} host arrays of {words} words"),
        words as u128,
        host,
    )
    .map_err(|e| UsageError(e.to_string()))?;
    let needed = words as u128 * device * 8;
    if let Some(memory) = b.limits().global_mem_bytes {
        if needed > memory as u128 {
            return Err(UsageError(format!(
                "out of device memory: {what}: {device} device arrays of {words} words need {}, {} has {}",
                human(needed),
                b.device_name(),
                human(memory as u128)
            )));
        }
    }
    Ok(())
}
