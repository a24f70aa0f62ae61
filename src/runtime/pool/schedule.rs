//! Independent jobs spread over workers (one per tile), work stealing with crossbeam's deques.
//!
//! Job i of the first T goes to worker i (so every worker starts at once, and where each of
//! those runs is known); the rest wait in a shared injector, from which a free worker takes a
//! batch into its own deque, and a worker with nothing left steals from the others' deques.
//! A worker thread per tile keeps XeHE's rule of one host thread feeding each in-order queue.
//!
//! With several workers, each keeps one job queued ahead on its tile: it enqueues job k, marks
//! its queue, and only then waits for job k − 1's mark, so its tile never idles between jobs
//! (the one-tile pool, which queues every job without waiting, is the baseline it must match).
//! A job's result is handed back once its mark is reached, so a device failure that shows at
//! the wait still fails the job it follows.
//!
//! A job's error that is the device's own ([`DeviceFault`]) retires its worker: the jobs it had
//! taken but not started go back to the others, which finish the batch; when every worker is
//! retired, the jobs left are [`JobError::NotRun`]. An error of the job itself (a level
//! mismatch, a missing key) fails that job alone.

#![warn(missing_docs)]

use crate::runtime::error::RuntimeError;
use crossbeam_deque::{Injector, Steal, Stealer, Worker};
use std::fmt;
use std::time::{Duration, Instant};

/// Whether an error says the device failed (its worker takes no more jobs) rather than the job.
pub trait DeviceFault {
    /// True when the device failed: its worker is retired.
    fn is_device_fault(&self) -> bool;
}

impl DeviceFault for RuntimeError {
    fn is_device_fault(&self) -> bool {
        match self {
            // The caller's mistakes: another tile would refuse them too.
            RuntimeError::Config(_)
            | RuntimeError::BadLaunch { .. }
            | RuntimeError::Recording(_)
            | RuntimeError::BufferTooSmall { .. }
            | RuntimeError::WrongTile { .. }
            | RuntimeError::InvalidShape(_)
            | RuntimeError::NotReduced { .. }
            | RuntimeError::Math(_)
            | RuntimeError::NoWordBuild { .. }
            | RuntimeError::ModulusTooWide { .. }
            | RuntimeError::NoDevices { .. } => false,
            RuntimeError::NoOpenCl(_)
            | RuntimeError::NoLevelZero(_)
            | RuntimeError::Driver { .. }
            | RuntimeError::NoSuchDevice { .. }
            | RuntimeError::NoSuchTile { .. }
            | RuntimeError::TilePartition { .. }
            | RuntimeError::KernelBuild { .. }
            | RuntimeError::KernelSignature(_)
            | RuntimeError::SimFault { .. }
            | RuntimeError::Memory(_)
            | RuntimeError::OutOfMemory { .. }
            | RuntimeError::DeviceLost { .. }
            | RuntimeError::Unavailable { .. } => true,
        }
    }
}

/// Why a job of a batch has no result.
#[derive(Clone, Debug, PartialEq)]
pub enum JobError<E> {
    /// It ran on worker `worker` and failed.
    Failed {
        /// The worker's index.
        worker: usize,
        /// What failed.
        error: E,
    },
    /// No worker ran it: every one had failed first.
    NotRun,
}

impl<E: fmt::Display> fmt::Display for JobError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JobError::Failed { worker, error } => write!(f, "worker {worker}: {error}"),
            JobError::NotRun => f.write_str("not run: every worker had failed"),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for JobError<E> {}

/// What one worker did in a batch.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WorkerStats {
    /// Jobs it finished.
    pub jobs: usize,
    /// Jobs that failed on it.
    pub failed: usize,
    /// Time spent in its jobs (and its settles).
    pub busy: Duration,
    /// Whether a device fault retired it.
    pub retired: bool,
    /// Jobs it had taken but not started when it retired, put back for the other workers.
    pub returned: usize,
}

/// The outcome of a batch: a result per job in job order, the worker each ran on, and what
/// each worker did.
#[derive(Debug)]
pub struct Batch<R, E> {
    /// Each job's result, in job order.
    pub results: Vec<Result<R, JobError<E>>>,
    /// The worker each job ran on (None: not run).
    pub ran_on: Vec<Option<usize>>,
    /// What each worker did, in worker order.
    pub workers: Vec<WorkerStats>,
}

/// Runs every job of `jobs` with `run` on one of `workers` and returns the results in job
/// order. With several workers, each has a thread and keeps one job queued ahead: after `run`
/// enqueues job k, `mark` marks the worker's queue, and `settle(worker, Some(mark of job k −
/// 1))` waits for the job before it; after its last job, `settle(worker, None)` waits for all
/// of its queue. So jobs go to tiles as fast as each runs them, not as fast as the host
/// enqueues, each tile has its next job queued while it runs one, and a device failure met at
/// a wait is charged to the job that mark follows. One worker runs the jobs on the calling
/// thread, one after another, with neither mark nor settle: a pool of one tile costs what that
/// tile alone costs.
///
/// ```
/// use xehe::runtime::pool::{run_batch, JobError};
/// use xehe::runtime::RuntimeError;
/// let workers = ["left", "right"];
/// let batch = run_batch(
///     &workers,
///     1..=5u64,
///     |_w, x| Ok::<_, RuntimeError>(x * x),
///     |_w| Ok(()),
///     |_w, _mark| Ok(()),
/// );
/// let squares: Vec<u64> = batch.results.into_iter().map(Result::unwrap).collect();
/// assert_eq!(squares, [1, 4, 9, 16, 25]);
/// assert_eq!(batch.ran_on[..2], [Some(0), Some(1)]);
/// ```
pub fn run_batch<W, J, R, E, M>(
    workers: &[W],
    jobs: impl IntoIterator<Item = J>,
    run: impl Fn(&W, J) -> Result<R, E> + Sync,
    mark: impl Fn(&W) -> Result<M, E> + Sync,
    settle: impl Fn(&W, Option<M>) -> Result<(), E> + Sync,
) -> Batch<R, E>
where
    W: Sync,
    J: Send,
    R: Send,
    E: DeviceFault + Send,
{
    let jobs: Vec<J> = jobs.into_iter().collect();
    let mut stats = vec![WorkerStats::default(); workers.len()];
    let mut results: Vec<Option<Result<R, JobError<E>>>> = jobs.iter().map(|_| None).collect();
    let mut ran_on = vec![None; jobs.len()];
    match workers {
        [] => {
            for r in &mut results {
                *r = Some(Err(JobError::NotRun));
            }
        }
        [only] => {
            let s = &mut stats[0];
            for (i, job) in jobs.into_iter().enumerate() {
                if s.retired {
                    results[i] = Some(Err(JobError::NotRun));
                    continue;
                }
                let t = Instant::now();
                let r = run(only, job);
                s.busy += t.elapsed();
                ran_on[i] = Some(0);
                results[i] = Some(account(s, 0, r));
            }
        }
        _ => {
            let done = steal(workers, jobs, &run, &mark, &settle, &mut stats);
            for (i, w, r) in done {
                ran_on[i] = w;
                results[i] = Some(r);
            }
        }
    }
    Batch {
        results: results
            .into_iter()
            .map(|r| r.expect("every job has an outcome"))
            .collect(),
        ran_on,
        workers: stats,
    }
}

/// Counts a job's outcome in its worker's stats (retiring it on a device fault).
fn account<R, E: DeviceFault>(
    s: &mut WorkerStats,
    worker: usize,
    r: Result<R, E>,
) -> Result<R, JobError<E>> {
    match r {
        Ok(v) => {
            s.jobs += 1;
            Ok(v)
        }
        Err(error) => {
            s.failed += 1;
            s.retired |= error.is_device_fault();
            Err(JobError::Failed { worker, error })
        }
    }
}

/// A job's index, the worker it ran on (None: not run) and its outcome.
type Done<R, E> = (usize, Option<usize>, Result<R, JobError<E>>);

/// What a worker thread hands back: its index, its stats and its jobs' outcomes.
type Report<R, E> = (usize, WorkerStats, Vec<Done<R, E>>);

/// The work-stealing rounds: every live worker on a thread until no job is left anywhere.
/// A round ends when every thread has found nothing to take; jobs that a retiring worker put
/// back after the others stopped looking start another round.
fn steal<W, J, R, E, M>(
    workers: &[W],
    jobs: Vec<J>,
    run: &(impl Fn(&W, J) -> Result<R, E> + Sync),
    mark: &(impl Fn(&W) -> Result<M, E> + Sync),
    settle: &(impl Fn(&W, Option<M>) -> Result<(), E> + Sync),
    stats: &mut [WorkerStats],
) -> Vec<Done<R, E>>
where
    W: Sync,
    J: Send,
    R: Send,
    E: DeviceFault + Send,
{
    let injector = Injector::new();
    let mut firsts: Vec<Option<(usize, J)>> = workers.iter().map(|_| None).collect();
    for (i, job) in jobs.into_iter().enumerate() {
        match firsts.get_mut(i) {
            Some(slot) => *slot = Some((i, job)),
            None => injector.push((i, job)),
        }
    }
    let mut done = Vec::new();
    // The first jobs count as queued too: a batch smaller than the pool has nothing else.
    let mut first_round = true;
    loop {
        let live: Vec<usize> = (0..workers.len()).filter(|&w| !stats[w].retired).collect();
        if live.is_empty() {
            while let Steal::Success((i, _)) = injector.steal() {
                done.push((i, None, Err(JobError::NotRun)));
            }
            break;
        }
        if !first_round && injector.is_empty() {
            break;
        }
        first_round = false;
        let locals: Vec<Worker<(usize, J)>> = live.iter().map(|_| Worker::new_fifo()).collect();
        let stealers: Vec<Stealer<(usize, J)>> = locals.iter().map(Worker::stealer).collect();
        let starts: Vec<Option<(usize, J)>> = live.iter().map(|&w| firsts[w].take()).collect();
        let reports: Vec<Report<R, E>> = std::thread::scope(|s| {
            let handles: Vec<_> = live
                .iter()
                .zip(locals)
                .zip(starts)
                .map(|((&w, local), first)| {
                    let (injector, stealers) = (&injector, &stealers[..]);
                    let ws = workers.get(w).expect("a live worker exists");
                    s.spawn(move || {
                        let mut s = WorkerStats::default();
                        let mut out = Vec::new();
                        let mut next = first;
                        // The job queued ahead: enqueued and marked, not yet waited for.
                        let mut ahead: Option<(usize, R, M)> = None;
                        while let Some((i, job)) =
                            next.take().or_else(|| take(&local, injector, stealers))
                        {
                            let t = Instant::now();
                            let queued = run(ws, job).and_then(|r| mark(ws).map(|m| (r, m)));
                            // Job i is queued (or failed): now wait for the one before it.
                            if let Some((p, r, m)) = ahead.take() {
                                let r = settle(ws, Some(m)).map(|()| r);
                                out.push((p, Some(w), account(&mut s, w, r)));
                            }
                            match queued {
                                // The device failed under the job before: this one's fate is
                                // known only at its own mark.
                                Ok((r, m)) if s.retired => {
                                    let r = settle(ws, Some(m)).map(|()| r);
                                    out.push((i, Some(w), account(&mut s, w, r)));
                                }
                                Ok((r, m)) => ahead = Some((i, r, m)),
                                Err(e) => out.push((i, Some(w), account(&mut s, w, Err(e)))),
                            }
                            s.busy += t.elapsed();
                            if s.retired {
                                break;
                            }
                        }
                        if let Some((p, r, _)) = ahead.take() {
                            let t = Instant::now();
                            let r = settle(ws, None).map(|()| r);
                            s.busy += t.elapsed();
                            out.push((p, Some(w), account(&mut s, w, r)));
                        }
                        // What it took and will not start goes back to the others.
                        while let Some(j) = local.pop() {
                            injector.push(j);
                            s.returned += 1;
                        }
                        (w, s, out)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect()
        });
        for (w, s, out) in reports {
            let total = &mut stats[w];
            total.jobs += s.jobs;
            total.failed += s.failed;
            total.busy += s.busy;
            total.retired |= s.retired;
            total.returned += s.returned;
            done.extend(out);
        }
    }
    done
}

/// The next job of a worker: its own deque, else a batch from the injector, else a job stolen
/// from another worker (crossbeam-deque's documented loop, retried while a steal races).
fn take<T>(local: &Worker<T>, global: &Injector<T>, stealers: &[Stealer<T>]) -> Option<T> {
    local.pop().or_else(|| {
        std::iter::repeat_with(|| {
            global
                .steal_batch_and_pop(local)
                .or_else(|| stealers.iter().map(Stealer::steal).collect())
        })
        .find(|s| !s.is_retry())
        .and_then(Steal::success)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fault of the device when `device`, else of the job.
    #[derive(Debug, PartialEq)]
    struct Fault {
        device: bool,
    }
    impl DeviceFault for Fault {
        fn is_device_fault(&self) -> bool {
            self.device
        }
    }

    #[test]
    fn a_retired_worker_leaves_its_jobs_to_the_others() {
        let workers = [0usize, 1, 2];
        let batch = run_batch(
            &workers,
            0..40usize,
            |&w, i| {
                if w == 1 {
                    Err(Fault { device: true })
                } else {
                    Ok(i * 2)
                }
            },
            |_| Ok(()),
            |_, _| Ok(()),
        );
        // Worker 1 failed its first job (job 1) and took no other.
        assert_eq!(
            batch.results[1],
            Err(JobError::Failed {
                worker: 1,
                error: Fault { device: true }
            })
        );
        for (i, r) in batch.results.iter().enumerate().filter(|(i, _)| *i != 1) {
            assert_eq!(r.as_ref().ok(), Some(&(i * 2)), "job {i}");
            assert_ne!(batch.ran_on[i], Some(1));
        }
        assert_eq!((batch.workers[1].jobs, batch.workers[1].failed), (0, 1));
        assert!(batch.workers[1].retired);
        assert_eq!(batch.workers[0].jobs + batch.workers[2].jobs, 39);
    }

    #[test]
    fn a_job_error_fails_the_job_alone_and_all_workers_failing_leaves_jobs_not_run() {
        let workers = [0usize, 1];
        let batch = run_batch(
            &workers,
            0..6usize,
            |_, i| {
                if i == 3 {
                    Err(Fault { device: false })
                } else {
                    Ok(i)
                }
            },
            |_| Ok(()),
            |_, _| Ok(()),
        );
        assert!(matches!(batch.results[3], Err(JobError::Failed { .. })));
        assert_eq!(batch.results.iter().filter(|r| r.is_ok()).count(), 5);
        assert!(!batch.workers.iter().any(|w| w.retired));

        let batch = run_batch(
            &workers,
            0..6usize,
            |_, _| Err::<usize, _>(Fault { device: true }),
            |_| Ok(()),
            |_, _| Ok(()),
        );
        assert!(matches!(
            batch.results[0],
            Err(JobError::Failed { worker: 0, .. })
        ));
        assert!(matches!(
            batch.results[1],
            Err(JobError::Failed { worker: 1, .. })
        ));
        assert!(batch.results[2..]
            .iter()
            .all(|r| *r == Err(JobError::NotRun)));
        // One worker: the same rule, on the calling thread.
        let batch = run_batch(
            &workers[..1],
            0..3usize,
            |_, _| Err::<usize, _>(Fault { device: true }),
            |_| Ok(()),
            |_, _| Ok(()),
        );
        assert_eq!(
            batch.results[1..],
            [Err(JobError::NotRun), Err(JobError::NotRun)]
        );
    }

    #[test]
    fn a_failed_settle_fails_the_job_it_follows() {
        let workers = [0usize, 1];
        let batch = run_batch(
            &workers,
            0..8usize,
            |_, i| Ok::<_, Fault>(i),
            |_| Ok(()),
            |&w, _| {
                if w == 0 {
                    Err(Fault { device: true })
                } else {
                    Ok(())
                }
            },
        );
        assert!(matches!(
            batch.results[0],
            Err(JobError::Failed { worker: 0, .. })
        ));
        // Worker 0 had at most its next job queued when the wait for job 0 failed; that one
        // fails at its own wait, and worker 1 finishes the rest.
        let w0 = &batch.workers[0];
        assert!(w0.retired && w0.jobs == 0 && (1..=2).contains(&w0.failed));
        for (i, r) in batch.results.iter().enumerate() {
            match batch.ran_on[i] {
                Some(0) => assert!(matches!(r, Err(JobError::Failed { worker: 0, .. }))),
                _ => assert_eq!(r.as_ref().ok(), Some(&i), "job {i}"),
            }
        }
        assert_eq!(batch.workers[1].jobs, 8 - w0.failed);
    }

    /// Worker 1's device fails at the wait for its third job, after two finished; worker 0
    /// starts only once worker 1 has retired, so the jobs worker 1 had taken are still in its
    /// deque then and go back.
    #[test]
    fn each_worker_queues_one_job_ahead_and_a_device_failing_after_several_jobs_puts_its_jobs_back()
    {
        use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
        use std::sync::Mutex;
        let workers = [0usize, 1];
        let log = Mutex::new(Vec::new());
        let (settles, broken) = (AtomicUsize::new(0), AtomicBool::new(false));
        let last_run = Mutex::new([usize::MAX; 2]);
        let batch = run_batch(
            &workers,
            0..40usize,
            |&w, i| {
                if w == 0 && i == 0 {
                    let t = Instant::now();
                    while !broken.load(Ordering::SeqCst) {
                        assert!(
                            t.elapsed() < Duration::from_secs(60),
                            "worker 1 never failed"
                        );
                        std::thread::yield_now();
                    }
                }
                log.lock().unwrap().push((w, "run", i));
                last_run.lock().unwrap()[w] = i;
                Ok::<_, Fault>(i * 3)
            },
            // The mark of job i is i.
            |&w| Ok(last_run.lock().unwrap()[w]),
            |&w, mark| {
                if w == 1
                    && (broken.load(Ordering::SeqCst)
                        || settles.fetch_add(1, Ordering::SeqCst) == 2)
                {
                    broken.store(true, Ordering::SeqCst);
                    return Err(Fault { device: true });
                }
                log.lock()
                    .unwrap()
                    .push((w, "settle", mark.unwrap_or(usize::MAX)));
                Ok(())
            },
        );
        let w1 = &batch.workers[1];
        assert!(w1.retired && w1.jobs == 2 && w1.failed == 2, "{w1:?}");
        assert!(w1.returned > 0, "{w1:?}");
        for (i, r) in batch.results.iter().enumerate() {
            match batch.ran_on[i] {
                Some(1) if r.is_err() => {
                    assert_eq!(
                        *r,
                        Err(JobError::Failed {
                            worker: 1,
                            error: Fault { device: true }
                        })
                    )
                }
                _ => assert_eq!(r.as_ref().ok(), Some(&(i * 3)), "job {i}"),
            }
        }
        assert_eq!(batch.workers[0].jobs, 40 - 4);
        // Each worker enqueued job k before it waited for job k − 1.
        let log = log.into_inner().unwrap();
        for w in 0..2 {
            let mine: Vec<_> = log
                .iter()
                .filter(|e| e.0 == w)
                .map(|e| (e.1, e.2))
                .collect();
            let runs: Vec<usize> = mine.iter().filter(|e| e.0 == "run").map(|e| e.1).collect();
            for pair in runs.windows(2) {
                let at = |what: &str, job: usize| mine.iter().position(|e| *e == (what, job));
                if let Some(settled) = at("settle", pair[0]) {
                    assert!(at("run", pair[1]) < Some(settled), "worker {w}: {mine:?}");
                }
            }
            // The last job of worker 0 is waited for with the whole queue (no mark).
            if w == 0 {
                assert_eq!(mine.last(), Some(&("settle", usize::MAX)));
            }
        }
    }
}
