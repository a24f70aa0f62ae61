//! How much more memory this process may take: the least of the kernel's `MemAvailable`, what
//! the address-space and data-size limits (`ulimit -v`, `ulimit -d`) leave above what the
//! process already has, and what its cgroup's `memory.max` leaves (cgroup v2, every level up
//! to the root). The runtime's `host_memory` reads `MemAvailable` alone, and a process under a
//! limit that `MemAvailable` does not show was killed by the allocator instead of refused.

use xehe::runtime::host_memory::available_bytes;

/// The memory left, and what sets it, in words for a message.
pub struct Room {
    pub bytes: u64,
    pub bound: &'static str,
}

/// The least room any bound leaves; None where none is known.
pub fn room() -> Option<Room> {
    let mut least: Option<Room> = None;
    let mut offer = |bytes: Option<u64>, bound: &'static str| {
        if let Some(bytes) = bytes {
            if least.as_ref().is_none_or(|r| bytes < r.bytes) {
                least = Some(Room { bytes, bound });
            }
        }
    };
    offer(available_bytes(), "available (MemAvailable)");
    #[cfg(unix)]
    {
        offer(
            limit_room(libc::RLIMIT_AS, "VmSize:"),
            "left under the address-space limit (ulimit -v)",
        );
        offer(
            limit_room(libc::RLIMIT_DATA, "VmData:"),
            "left under the data-size limit (ulimit -d)",
        );
    }
    offer(cgroup_room(), "left under the cgroup's memory.max");
    least
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
type Resource = libc::__rlimit_resource_t;
#[cfg(all(unix, not(all(target_os = "linux", target_env = "gnu"))))]
type Resource = libc::c_int;

/// The soft limit `resource` less what the process has of it (the /proc/self/status `field`).
#[cfg(unix)]
fn limit_room(resource: Resource, field: &str) -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes one rlimit through a valid pointer.
    if unsafe { libc::getrlimit(resource, &mut limit) } != 0
        || limit.rlim_cur == libc::RLIM_INFINITY
    {
        return None;
    }
    let used = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| status_kib(&s, field))
        .map_or(0, |kib| kib.saturating_mul(1024));
    let soft: u64 = limit.rlim_cur;
    Some(soft.saturating_sub(used))
}

#[cfg(unix)]
/// `field`'s value in kB from /proc/self/status text ("VmSize:   123456 kB", a tab after the colon).
fn status_kib(status: &str, field: &str) -> Option<u64> {
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The least `memory.max − memory.current` from this process's cgroup up to the root.
fn cgroup_room() -> Option<u64> {
    let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = own.lines().find_map(|l| l.strip_prefix("0::"))?;
    let mut dir = std::path::PathBuf::from("/sys/fs/cgroup");
    dir.push(path.trim_start_matches('/'));
    let mut least: Option<u64> = None;
    for d in dir
        .ancestors()
        .take_while(|d| d.starts_with("/sys/fs/cgroup"))
    {
        let read = |f: &str| std::fs::read_to_string(d.join(f)).ok();
        let max = read("memory.max").and_then(|s| s.trim().parse::<u64>().ok());
        let current = read("memory.current").and_then(|s| s.trim().parse::<u64>().ok());
        if let (Some(max), Some(current)) = (max, current) {
            let room = max.saturating_sub(current);
            least = Some(least.map_or(room, |l| l.min(room)));
        }
    }
    least
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn status_fields_are_read_in_kib() {
        let text = "Name:\txehe\nVmPeak:\t  300 kB\nVmSize:\t  123456 kB\nVmData:\t 77 kB\n";
        assert_eq!(status_kib(text, "VmSize:"), Some(123456));
        assert_eq!(status_kib(text, "VmData:"), Some(77));
        assert_eq!(status_kib(text, "VmSwap:"), None);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_room_is_at_most_what_the_kernel_says_is_available() {
        let room = room().expect("Linux says what is available");
        assert!(room.bytes <= available_bytes().unwrap());
    }
}
