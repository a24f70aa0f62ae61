//! Locks that survive a panicking holder.

use std::sync::{Mutex, MutexGuard};

/// Locks `m`, taking the data even if a thread panicked while holding it. Every guarded value
/// in the runtime (handle tables, pending launches, kernel caches, queues) stays consistent at
/// each statement, so a panic elsewhere must not turn every later call into a second panic.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}
