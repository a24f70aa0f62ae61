//! Commands enqueued but not yet recorded: their events are read for timestamps once finished,
//! and the host data of a non-blocking copy stays alive until then.

use crate::runtime::error::RuntimeResult;
use crate::runtime::profiler::{EventCollector, LaunchTimes};

/// Commands a tile keeps pending before it drains itself (each holds a driver event).
pub(crate) const MAX_PENDING: usize = 4096;

/// One enqueued command: its event (a driver event, or a slot in an event pool), the kernel
/// it ran (None: a copy, not recorded), the operation open when it was enqueued.
pub(crate) struct Pending<E> {
    pub event: E,
    kernel: Option<&'static str>,
    operation: Option<(String, u64)>,
    /// The host memory a non-blocking copy reads, alive until the copy has finished.
    _staging: Option<Box<dyn Send>>,
}

impl<E> Pending<E> {
    /// A kernel launch, recorded under the operation open on this thread.
    pub fn launch(event: E, kernel: &'static str) -> Self {
        Pending {
            event,
            kernel: Some(kernel),
            operation: EventCollector::current_operation(),
            _staging: None,
        }
    }

    /// A copy; `staging` is the host data it reads, if it reads it after returning.
    pub fn copy(event: E, staging: Option<Box<dyn Send>>) -> Self {
        Pending {
            event,
            kernel: None,
            operation: None,
            _staging: staging,
        }
    }

    /// Records a finished launch in `profiler` with the times `times` reads from its event
    /// (not read when profiling is off); returns the event (for recycling).
    pub fn record(
        self,
        profiler: &EventCollector,
        tile: usize,
        times: impl FnOnce(&E) -> RuntimeResult<LaunchTimes>,
    ) -> RuntimeResult<E> {
        if let (Some(kernel), true) = (self.kernel, profiler.enabled()) {
            profiler.record_in(kernel, tile, self.operation, times(&self.event)?);
        }
        Ok(self.event)
    }
}

/// The pending commands of one tile, in enqueue order.
pub(crate) struct PendingLaunches<E>(Vec<Pending<E>>);

impl<E> Default for PendingLaunches<E> {
    fn default() -> Self {
        PendingLaunches(Vec::new())
    }
}

impl<E> PendingLaunches<E> {
    /// Adds `p`; true when the tile holds [`MAX_PENDING`] and should drain.
    pub fn push(&mut self, p: Pending<E>) -> bool {
        self.0.push(p);
        self.0.len() >= MAX_PENDING
    }

    /// Commands held.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Takes the commands `finished` says are done; the others stay, in order (another thread
    /// may have enqueued them after this thread's wait).
    pub fn take_finished(&mut self, finished: impl Fn(&E) -> bool) -> Vec<Pending<E>> {
        let (done, running) = std::mem::take(&mut self.0)
            .into_iter()
            .partition(|p| finished(&p.event));
        self.0 = running;
        done
    }

    /// Takes every command (the caller has waited for the last).
    pub fn take_all(&mut self) -> Vec<Pending<E>> {
        std::mem::take(&mut self.0)
    }
}
