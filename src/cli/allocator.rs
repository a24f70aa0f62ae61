//! The program's heap: freed memory is kept for the next operation instead of being handed back
//! to the kernel.
//!
//! The host path allocates its results and scratch rows per call (a ciphertext at 2^14 with
//! seven primes is 1.8 MB). glibc maps every block above its mmap threshold (128 KiB at start)
//! with `mmap` and trims the heap's top once more than twice that is free, so each call pays
//! page faults on fresh, zeroed pages: 15–20% of a relinearization at 2^13 on this project's
//! virtual machine (`perf record` on `xehe bench host --only relinearize`: `exc_page_fault`,
//! `clear_page_erms`). SEAL keeps its own memory pool for the same reason. Raising both
//! thresholds once, at start, keeps the freed pages mapped. Library users choose their own
//! allocator; README.md says what this program does.
//!
//! Under an address-space or data-size limit (`ulimit -v`, `ulimit -d`) the program also keeps
//! every thread on glibc's main heap. glibc gives each new thread that allocates an arena of its
//! own and reserves 64 MiB of address space for it at once (x86_64), used or not: with two
//! worker threads, 150 MiB of `ulimit -v` had only a few MiB left after the reservations, more
//! than the size checks ([`super::memory`]) could see coming, and an allocation of 2 MiB failed
//! and aborted the process (`mmap` answered ENOMEM). Limited to one arena, the address space the
//! process takes is what it allocates. Without a limit, nothing changes: the threads keep their
//! own arenas, which spare them waiting on one lock.

/// Applies the thresholds, and the arena limit under an address-space limit; elsewhere than
/// glibc there is nothing to do. A refusal leaves glibc's defaults, which are correct, only
/// slower, so it is not an error (glibc takes any positive arena limit).
pub fn set_up_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // Blocks up to 32 MiB come from the heap (glibc's largest allowed threshold on 64-bit
        // targets: larger values are refused); up to 1 GiB free at the heap's top stays mapped.
        const MMAP_THRESHOLD: libc::c_int = 32 << 20;
        const TRIM_THRESHOLD: libc::c_int = 1 << 30;
        // SAFETY: mallopt only changes tuning parameters of glibc's allocator, before any
        // thread other than main exists.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD);
            libc::mallopt(libc::M_TRIM_THRESHOLD, TRIM_THRESHOLD);
        }
        if super::host_room::address_space_limited() {
            // SAFETY: as above; set before any other thread exists, it applies to all of them.
            unsafe {
                libc::mallopt(libc::M_ARENA_MAX, 1);
            }
        }
    }
}
