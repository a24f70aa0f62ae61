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

/// Applies the thresholds; elsewhere than glibc there is nothing to do. A refusal leaves glibc's
/// defaults, which are correct, only slower, so it is not an error.
pub fn retain_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // Blocks up to 32 MiB come from the heap (glibc's largest allowed threshold on 64-bit
        // targets: larger values are refused); up to 1 GiB free at the heap's top stays mapped.
        const MMAP_THRESHOLD: libc::c_int = 32 << 20;
        const TRIM_THRESHOLD: libc::c_int = 1 << 30;
        // SAFETY: mallopt only changes two tuning parameters of glibc's allocator, before any
        // thread other than main exists.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD);
            libc::mallopt(libc::M_TRIM_THRESHOLD, TRIM_THRESHOLD);
        }
    }
}
