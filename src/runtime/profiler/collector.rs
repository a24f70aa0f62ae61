//! EventCollector: one record per kernel launch (XeHE's event class), grouped by the named HE
//! operation that was open on the launching thread.

use crate::runtime::toolkit::lock;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Device timestamps of one launch, in nanoseconds of the device clock
/// (OpenCL's `CL_PROFILING_COMMAND_{QUEUED,SUBMIT,START,END}`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LaunchTimes {
    pub queued: u64,
    pub submit: u64,
    pub start: u64,
    pub end: u64,
}

/// One kernel launch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LaunchRecord {
    pub kernel: String,
    pub tile: usize,
    /// The operation open on the launching thread, with the id of that invocation.
    pub operation: Option<(String, u64)>,
    pub times: LaunchTimes,
}

impl LaunchRecord {
    /// Execution time on the device.
    pub fn duration_ns(&self) -> u64 {
        self.times.end.saturating_sub(self.times.start)
    }
}

thread_local! {
    static OPEN_OPERATIONS: RefCell<Vec<(String, u64)>> = const { RefCell::new(Vec::new()) };
}

/// Collects launch records from any thread.
///
/// ```
/// use xehe::runtime::profiler::{EventCollector, LaunchTimes};
/// let c = EventCollector::default();
/// {
///     let _op = c.operation("multiply");
///     c.record("mad_mod", 0, LaunchTimes { queued: 0, submit: 1, start: 2, end: 10 });
/// }
/// c.record("copy", 1, LaunchTimes { queued: 0, submit: 1, start: 2, end: 4 });
/// let r = c.records();
/// assert_eq!(r[0].operation.as_ref().unwrap().0, "multiply");
/// assert!(r[1].operation.is_none());
/// ```
///
/// A collector made [`EventCollector::off`] records nothing and opens no operations: backends
/// opened without profiling ask the driver for no events at all, so that a launch costs only
/// the launch.
///
/// Thread safety: `Send + Sync`; records from any thread (the open operation is per thread).
#[derive(Debug)]
pub struct EventCollector {
    enabled: bool,
    records: Mutex<Vec<LaunchRecord>>,
    next_invocation: AtomicU64,
    since: Mutex<Instant>,
}

impl Default for EventCollector {
    fn default() -> Self {
        Self::new(true)
    }
}

/// Keeps an operation open on this thread until dropped.
pub struct OperationScope<'a> {
    _collector: &'a EventCollector,
    open: bool,
}

impl Drop for OperationScope<'_> {
    fn drop(&mut self) {
        if self.open {
            OPEN_OPERATIONS.with(|ops| ops.borrow_mut().pop());
        }
    }
}

impl EventCollector {
    /// A collector that records (`enabled`) or ignores every launch.
    pub fn new(enabled: bool) -> Self {
        Self {
            enabled,
            records: Mutex::default(),
            next_invocation: AtomicU64::default(),
            since: Mutex::new(Instant::now()),
        }
    }

    /// A collector that records nothing (profiling off).
    ///
    /// ```
    /// use xehe::runtime::profiler::{EventCollector, LaunchTimes};
    /// let c = EventCollector::off();
    /// let _op = c.operation("multiply");
    /// c.record("mad_mod", 0, LaunchTimes::default());
    /// assert!(!c.enabled() && c.records().is_empty());
    /// ```
    pub fn off() -> Self {
        Self::new(false)
    }

    /// Whether launches are recorded: backends make timestamp events only then.
    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// Opens a named operation on this thread: launches recorded from this thread until the
    /// scope drops belong to it (the innermost one when scopes nest). Off, it costs nothing.
    pub fn operation(&self, name: &str) -> OperationScope<'_> {
        if self.enabled {
            let id = self.next_invocation.fetch_add(1, Ordering::Relaxed);
            OPEN_OPERATIONS.with(|ops| ops.borrow_mut().push((name.to_string(), id)));
        }
        OperationScope {
            _collector: self,
            open: self.enabled,
        }
    }

    /// Records a launch on `tile`, in the operation open on this thread.
    pub fn record(&self, kernel: &str, tile: usize, times: LaunchTimes) {
        self.record_in(kernel, tile, Self::current_operation(), times);
    }

    /// The innermost operation open on this thread (with its invocation id). Backends whose
    /// timestamps arrive later capture it at launch and pass it to [`EventCollector::record_in`].
    pub fn current_operation() -> Option<(String, u64)> {
        OPEN_OPERATIONS.with(|ops| ops.borrow().last().cloned())
    }

    /// Records a launch on `tile` that belongs to `operation`.
    pub fn record_in(
        &self,
        kernel: &str,
        tile: usize,
        operation: Option<(String, u64)>,
        times: LaunchTimes,
    ) {
        if !self.enabled {
            return;
        }
        lock(&self.records).push(LaunchRecord {
            kernel: kernel.to_string(),
            tile,
            operation,
            times,
        });
    }

    /// A copy of everything recorded so far.
    pub fn records(&self) -> Vec<LaunchRecord> {
        lock(&self.records).clone()
    }

    /// Forgets everything recorded and restarts the wall clock.
    pub fn clear(&self) {
        let mut records = lock(&self.records);
        records.clear();
        *lock(&self.since) = Instant::now();
    }

    /// Host wall time since the collector was made or last cleared, in nanoseconds.
    pub fn wall_ns(&self) -> u64 {
        let since = *lock(&self.since);
        u64::try_from(since.elapsed().as_nanos()).unwrap_or(u64::MAX)
    }
}
