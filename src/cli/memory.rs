//! Size checks made before the work allocates: host memory against what the host lets this
//! process take ([`super::host_room`]), device arrays against the tile's memory, with the
//! numbers said.

use super::error::UsageError;
use super::host_room::room;
use xehe::runtime::host_memory::human;
use xehe::runtime::Backend;

/// `bytes` of host memory for `what`, refused when more than the host allows.
pub fn check_host(what: &str, bytes: u128) -> Result<(), UsageError> {
    match room() {
        _ if bytes > u128::from(u64::MAX) => Err(UsageError(format!(
            "out of host memory: {what} needs {}, more than any host has",
            human(bytes)
        ))),
        Some(room) if bytes > u128::from(room.bytes) => Err(UsageError(format!(
            "out of host memory: {what} needs about {}, {} {}",
            human(bytes),
            human(u128::from(room.bytes)),
            room.bound
        ))),
        _ => Ok(()),
    }
}

/// `host` and `device` arrays of `words` words each.
pub fn check(
    b: &dyn Backend,
    what: &str,
    words: usize,
    host: u128,
    device: u128,
) -> Result<(), UsageError> {
    check_host(
        &format!("{what}: {host} host arrays of {words} words"),
        (words as u128).saturating_mul(host).saturating_mul(8),
    )?;
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
