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
    least(&[
        (available_bytes(), "available (MemAvailable)"),
        #[cfg(unix)]
        (
            limit_room(libc::RLIMIT_AS, "VmSize:"),
            "left under the address-space limit (ulimit -v)",
        ),
        #[cfg(unix)]
        (
            limit_room(libc::RLIMIT_DATA, "VmData:"),
            "left under the data-size limit (ulimit -d)",
        ),
        (cgroup_room(), "left under the cgroup's memory.max"),
    ])
}

/// The least of the known bounds, with what sets it.
fn least(bounds: &[(Option<u64>, &'static str)]) -> Option<Room> {
    bounds
        .iter()
        .filter_map(|&(bytes, bound)| bytes.map(|bytes| Room { bytes, bound }))
        .min_by_key(|r| r.bytes)
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
type Resource = libc::__rlimit_resource_t;
#[cfg(all(unix, not(all(target_os = "linux", target_env = "gnu"))))]
type Resource = libc::c_int;

/// Whether an address-space or data-size limit (`ulimit -v`, `ulimit -d`) bounds this process:
/// then what the allocator reserves without using counts as much as what it uses.
#[cfg(unix)]
pub fn address_space_limited() -> bool {
    soft_limit(libc::RLIMIT_AS).is_some() || soft_limit(libc::RLIMIT_DATA).is_some()
}

/// The least room the address-space and data-size limits leave, read without allocating: the
/// first check of the program, made where an allocation could already fail and abort (what
/// [`room`] does allocates). None without a limit, or where it cannot be read.
#[cfg(target_os = "linux")]
pub fn limited_room_unallocated() -> Option<u64> {
    use std::io::Read;
    // /proc/self/status is about 1.5 KB; VmSize and VmData are in its first half.
    let mut buf = [0u8; 4096];
    let mut len = 0;
    let mut f = std::fs::File::open("/proc/self/status").ok()?;
    while len < buf.len() {
        match f.read(&mut buf[len..]) {
            Ok(0) | Err(_) => break,
            Ok(k) => len += k,
        }
    }
    let status = std::str::from_utf8(&buf[..len]).ok()?;
    let left = |resource, field| {
        let used = status_kib(status, field)?.saturating_mul(1024);
        Some(soft_limit(resource)?.saturating_sub(used))
    };
    match (
        left(libc::RLIMIT_AS, "VmSize:"),
        left(libc::RLIMIT_DATA, "VmData:"),
    ) {
        (Some(a), Some(d)) => Some(a.min(d)),
        (a, d) => a.or(d),
    }
}

/// The soft limit of `resource`; None where it is unlimited or unknown.
#[cfg(unix)]
fn soft_limit(resource: Resource) -> Option<u64> {
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
    Some(limit.rlim_cur)
}

/// The soft limit `resource` less what the process has of it (the /proc/self/status `field`).
#[cfg(unix)]
fn limit_room(resource: Resource, field: &str) -> Option<u64> {
    let soft = soft_limit(resource)?;
    let used = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| status_kib(&s, field))
        .map_or(0, |kib| kib.saturating_mul(1024));
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

    #[test]
    fn the_least_known_bound_sets_the_room() {
        let r = least(&[
            (Some(8 << 30), "available"),
            (None, "ulimit -v"),
            (Some(1 << 30), "cgroup"),
        ])
        .unwrap();
        assert_eq!((r.bytes, r.bound), (1 << 30, "cgroup"));
        let r = least(&[(Some(5), "available"), (Some(9), "ulimit -d")]).unwrap();
        assert_eq!((r.bytes, r.bound), (5, "available"));
        assert!(least(&[(None, "available"), (None, "cgroup")]).is_none());
    }
}
