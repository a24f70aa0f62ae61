//! Size checks made before the work allocates: host memory against what the host lets this
//! process take ([`super::host_room`]), device arrays against the tile's memory, with the
//! numbers said.
//!
//! These checks are the only defence against running out of host memory: stable Rust cannot
//! recover from a failed allocation (the global allocator's error handler aborts the process),
//! so a command must know before it starts that everything it will allocate fits, and refuse
//! with exit status 2 otherwise. Hence estimates that err high, each measured against what the
//! work takes, and [`with_margin`] on top for the allocator's own overhead and fragmentation.

use super::error::UsageError;
use super::host_room::room;
use xehe::runtime::host_memory::human;
use xehe::runtime::Backend;

/// `bytes` with room for what an estimate cannot follow: the allocator's headers and the
/// holes between its blocks (one eighth), and the small allocations of the command itself
/// (messages, paths, file handles: 4 MiB).
pub fn with_margin(bytes: u128) -> u128 {
    bytes + bytes / 8 + (4 << 20)
}

/// What a worker thread takes before it runs anything: Rust's default stack (2 MiB), and room
/// for its guard page, signal stack and thread-local storage. A thread whose stack maps but
/// whose signal stack then cannot is not an error the spawn returns: Rust's runtime aborts the
/// process. So the room is checked first.
const WORKER_BYTES: u64 = (2 << 20) + (256 << 10);

/// Starts rayon's worker threads, once, before the host work that uses them, so that a thread
/// that cannot start is an error here and not a panic deep in the first parallel loop (rayon
/// panics when its global pool cannot start) or an abort in the thread's own start-up. Their
/// stacks are then part of what the process already takes when [`check_host`] measures the
/// room left. As many threads as rayon would start (`RAYON_NUM_THREADS`, else one per core).
pub fn start_workers() -> Result<(), UsageError> {
    static STARTED: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();
    STARTED
        .get_or_init(|| {
            let threads = worker_count();
            let needed = u64::try_from(threads).unwrap_or(u64::MAX).saturating_mul(WORKER_BYTES);
            if let Some(room) = room().filter(|r| r.bytes < needed) {
                return Err(format!(
                    "out of host memory: {threads} worker threads need about {}, {} {}",
                    human(u128::from(needed)),
                    human(u128::from(room.bytes)),
                    room.bound
                ));
            }
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build_global()
                .map_err(|e| {
                    format!("out of host memory or threads: cannot start the worker threads (2 MiB of stack each): {e}")
                })
        })
        .clone()
        .map_err(|e| UsageError(format!("{e}; RAYON_NUM_THREADS=1 runs with one")))
}

/// rayon's own choice of worker count: `RAYON_NUM_THREADS` when it is a positive number, else
/// the cores this process may use.
fn worker_count() -> usize {
    std::env::var("RAYON_NUM_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

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
