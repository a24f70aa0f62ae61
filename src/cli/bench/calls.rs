//! Timing of library calls on a device, shared by the CKKS benchmarks: per call (device span,
//! kernel sum, wall), queued K at a time with one wait, and recorded then replayed; every
//! result checked against the host's words where they are given.

use super::measure::{median, span};
use crate::cli::error::{ckks_err, err};
use crate::cli::error::{CliError, UsageError};
use serde::Serialize;
use std::time::Instant;
use xehe::ckks::{Ciphertext, CkksResult, Plaintext};
use xehe::runtime::profiler::LaunchRecord;
use xehe::runtime::Backend;

#[derive(Serialize)]
pub(super) struct Row {
    pub routine: String,
    pub launches: usize,
    pub span_us: f64,
    pub kernel_us: f64,
    pub wall_us: f64,
    /// `--pipelined K`: the same routine queued K times with one wait.
    pub pipelined: Option<Pipelined>,
    /// The same calls on a second opening of the device without profiling (`--pipelined`).
    pub unprofiled: Option<Unprofiled>,
}

/// Wall times on the device opened without profiling: no event per launch.
#[derive(Serialize)]
pub(super) struct Unprofiled {
    /// One call and its wait, median µs.
    pub wall_us: f64,
    /// K queued calls and one wait, over K, median µs.
    pub pipelined_wall_us: f64,
    /// One call recorded, replayed K times with one wait, over K, median µs (routines that
    /// copy nothing and draw no randomness: not encode or encrypt).
    pub recorded_wall_us: Option<f64>,
    /// Whether the recording was the driver's command buffer (else a list of launches).
    pub recorded_native: Option<bool>,
}

/// Per call, medians over the batches of `--pipelined K` calls.
#[derive(Serialize)]
pub(super) struct Pipelined {
    pub k: usize,
    /// Host wall time of the batch (K calls and the wait) over K.
    pub wall_us: f64,
    /// Device span of the batch (first kernel's start to last kernel's end) over K.
    pub span_us: f64,
}

/// What a timed call makes: its words are checked against the host's.
pub(super) trait Words {
    fn words(&self) -> CkksResult<std::borrow::Cow<'_, [u64]>>;
}

impl Words for Ciphertext {
    fn words(&self) -> CkksResult<std::borrow::Cow<'_, [u64]>> {
        self.data()
    }
}

impl Words for Plaintext {
    fn words(&self) -> CkksResult<std::borrow::Cow<'_, [u64]>> {
        self.data()
    }
}

/// Decoded slots, compared by their bits.
pub(super) struct Slots(pub Vec<f64>);

impl Words for Slots {
    fn words(&self) -> CkksResult<std::borrow::Cow<'_, [u64]>> {
        Ok(self
            .0
            .iter()
            .map(|x| x.to_bits())
            .collect::<Vec<_>>()
            .into())
    }
}

/// How every row of a run is timed: on the profiled opening of the device, with `--pipelined K`
/// also queued K at a time there and on an unprofiled opening (`quiet`).
#[derive(Clone, Copy)]
pub(super) struct Timer<'a> {
    pub backend: &'a dyn Backend,
    pub quiet: Option<&'a dyn Backend>,
    pub reps: usize,
    pub pipelined: Option<usize>,
}

/// One state (an evaluator and its operands, an encryptor, a plaintext ...) for each opening a
/// row runs on: the profiled one and, with `--pipelined`, the unprofiled one.
pub(super) struct Sides<S> {
    pub main: S,
    pub quiet: Option<S>,
}

/// A row, the launch records of its timed calls and their summed wall time in ns.
pub(super) type Timed = (Row, Vec<LaunchRecord>, u64);

/// A check of a result of its own.
pub(super) type Test<'a, T> = Box<dyn FnOnce(&T) -> Result<(), CliError> + 'a>;

/// What a row's first device result must satisfy before the row is timed.
pub(super) enum Check<'a, T> {
    /// Nothing (`--no-check`).
    Skip,
    /// The host's words, which every queued and replayed result must equal too; the message
    /// says what differs.
    Equal(Vec<u64>, String),
    /// A test of its own, for results that fresh randomness makes differ from the host's.
    Test(Test<'a, T>),
}

impl<T> Check<'_, T> {
    /// [`Check::Equal`] to the host's words when results are checked (`on`), else
    /// [`Check::Skip`]; the host's words are made only when they are needed.
    pub(super) fn equal_if(
        on: bool,
        host_words: impl FnOnce() -> Result<Vec<u64>, CliError>,
        differs: impl Into<String>,
    ) -> Result<Self, CliError> {
        Ok(match on {
            true => Check::Equal(host_words()?, differs.into()),
            false => Check::Skip,
        })
    }
}

/// The rows measured so far, the launch records of their timed calls, and those calls'
/// summed wall time in ns (what `--profile` writes).
#[derive(Default)]
pub(super) struct Measured {
    pub rows: Vec<Row>,
    pub records: Vec<LaunchRecord>,
    pub wall_ns: u64,
}

impl Measured {
    /// Adds one row with its records and wall time.
    pub(super) fn push(&mut self, (row, records, wall_ns): Timed) {
        self.rows.push(row);
        self.records.extend(records);
        self.wall_ns += wall_ns;
    }

    /// Adds every row of `other`.
    pub(super) fn extend(&mut self, other: Measured) {
        self.rows.extend(other.rows);
        self.records.extend(other.records);
        self.wall_ns += other.wall_ns;
    }
}

/// One row: `call` on the profiled side's state checked by `check`, then timed there and, with
/// `--pipelined`, on the unprofiled side's state too. `record`: whether a recorded call is
/// replayed as well (for calls that copy nothing from the host and draw no randomness).
pub(super) fn checked_row<S, T: Words>(
    timer: &Timer<'_>,
    name: &str,
    check: Check<'_, T>,
    record: bool,
    sides: &Sides<S>,
    call: impl Fn(&S) -> CkksResult<T>,
) -> Result<Timed, CliError> {
    let expect = match check {
        Check::Skip => None,
        Check::Equal(words, differs) => {
            let got = call(&sides.main).map_err(ckks_err)?;
            if *got.words().map_err(ckks_err)? != *words {
                return Err(CliError::CheckFailed(differs));
            }
            Some(words)
        }
        Check::Test(test) => {
            test(&call(&sides.main).map_err(ckks_err)?)?;
            None
        }
    };
    let quiet = timer.quiet.zip(sides.quiet.as_ref());
    measure(
        timer,
        name,
        expect.as_deref(),
        || call(&sides.main),
        quiet.map(|(q, s)| (q, || call(s))),
        record,
    )
}

/// One row's figures: per call on the profiled device, and with `--pipelined K` the queued
/// figures there and, on the unprofiled opening (`quiet`), both again.
fn measure<T: Words, F: FnMut() -> CkksResult<T>>(
    timer: &Timer<'_>,
    name: &str,
    expect: Option<&[u64]>,
    mut f: impl FnMut() -> CkksResult<T>,
    quiet: Option<(&dyn Backend, F)>,
    record: bool,
) -> Result<Timed, CliError> {
    let (b, reps, pipelined) = (timer.backend, timer.reps, timer.pipelined);
    let (mut row, recs, wall_ns) = time_calls(b, 0, name, reps, &mut f)?;
    if let Some(k) = pipelined {
        row.pipelined = Some(time_pipelined(b, 0, name, reps, k, expect, &mut f)?);
        if let Some((q, mut fq)) = quiet {
            // Warm-up: the first calls build kernels and upload keys.
            for _ in 0..2 {
                drop(fq().map_err(ckks_err)?);
            }
            let one = time_pipelined(q, 0, name, reps, 1, expect, &mut fq)?;
            let many = time_pipelined(q, 0, name, reps, k, expect, &mut fq)?;
            let recorded = if record {
                Some(time_recorded(q, name, reps, k, expect, &mut fq)?)
            } else {
                None
            };
            row.unprofiled = Some(Unprofiled {
                wall_us: one.wall_us,
                pipelined_wall_us: many.wall_us,
                recorded_wall_us: recorded.map(|r| r.0),
                recorded_native: recorded.map(|r| r.1),
            });
        }
    }
    eprintln!("{name}: {:.1} µs device span", row.span_us);
    Ok((row, recs, wall_ns))
}

/// Records one call of `f` on tile 0 inside a compute frame (its temporaries stay with it),
/// then times `batches` batches of `k` replays and one wait; the result must equal `expect`.
/// Returns the median wall µs per replay and whether the recording was the driver's.
fn time_recorded<T: Words>(
    b: &dyn Backend,
    name: &str,
    batches: usize,
    k: usize,
    expect: Option<&[u64]>,
    f: &mut impl FnMut() -> CkksResult<T>,
) -> Result<(f64, bool), CliError> {
    b.start_frame(0).map_err(err)?;
    b.begin_recording(0).map_err(err)?;
    let out = f();
    let rec = b.end_recording(0).map_err(err)?;
    let out = out.map_err(ckks_err)?;
    let mut walls = Vec::with_capacity(batches);
    for _ in 0..batches {
        b.wait(0).map_err(err)?;
        let t = Instant::now();
        for _ in 0..k {
            // SAFETY: the recording's buffers are the call's, kept by the open compute frame
            // (and `out`) until after the last replay.
            unsafe { b.replay(&rec) }.map_err(err)?;
        }
        b.wait(0).map_err(err)?;
        walls.push(t.elapsed().as_secs_f64() * 1e6 / k as f64);
    }
    if let Some(expect) = expect {
        if *out.words().map_err(ckks_err)? != *expect {
            return Err(CliError::CheckFailed(format!(
                "{name}: the replayed recording differs from the host evaluator"
            )));
        }
    }
    let native = rec.is_native();
    drop((rec, out));
    b.end_frame(0).map_err(err)?;
    Ok((median(walls), native))
}

/// Times `batches` batches of `k` calls of `f`, queued back to back with one wait each; the
/// last result of the first batch must equal `expect` (when given), so that queueing ahead
/// of the device changes no word.
fn time_pipelined<T: Words>(
    b: &dyn Backend,
    tile: usize,
    name: &str,
    batches: usize,
    k: usize,
    expect: Option<&[u64]>,
    mut f: impl FnMut() -> CkksResult<T>,
) -> Result<Pipelined, CliError> {
    let (mut walls, mut spans) = (Vec::with_capacity(batches), Vec::with_capacity(batches));
    for batch in 0..batches {
        b.wait(tile).map_err(err)?;
        b.profiler().clear();
        let t = Instant::now();
        let mut last = None;
        for _ in 0..k {
            last = Some(f().map_err(ckks_err)?);
        }
        b.wait(tile).map_err(err)?;
        walls.push(t.elapsed().as_secs_f64() * 1e6 / k as f64);
        spans.push(span(&b.profiler().records()).0 / k as f64);
        if let (0, Some(expect), Some(last)) = (batch, expect, last) {
            if *last.words().map_err(ckks_err)? != *expect {
                return Err(CliError::CheckFailed(format!(
                    "{name}: the last of {k} queued calls differs from the host evaluator"
                )));
            }
        }
    }
    Ok(Pipelined {
        k,
        wall_us: median(walls),
        span_us: median(spans),
    })
}

/// Times `f` `reps` times after two warm-up calls: per call the device records, span, kernel
/// sum and wall time; returns the row, every record of the timed calls and their summed wall
/// time in ns.
fn time_calls<T>(
    b: &dyn Backend,
    tile: usize,
    name: &str,
    reps: usize,
    mut f: impl FnMut() -> CkksResult<T>,
) -> Result<Timed, UsageError> {
    for _ in 0..2 {
        drop(f().map_err(ckks_err)?);
    }
    b.wait(tile).map_err(err)?;
    let (mut spans, mut kernels, mut walls, mut all) = (vec![], vec![], vec![], vec![]);
    let mut launches = 0;
    for _ in 0..reps {
        b.profiler().clear();
        let t = Instant::now();
        let out = f().map_err(ckks_err)?;
        b.wait(tile).map_err(err)?;
        walls.push(t.elapsed().as_secs_f64() * 1e6);
        let records = b.profiler().records();
        // Dropped outside the timed window: a plaintext's wipe belongs to its drop, not to the
        // call that made it.
        drop(out);
        b.wait(tile).map_err(err)?;
        let (s, k) = span(&records);
        spans.push(s);
        kernels.push(k);
        launches = records.len();
        all.extend(records);
    }
    Ok((
        Row {
            routine: name.to_string(),
            launches,
            span_us: median(spans),
            kernel_us: median(kernels),
            wall_us: median(walls.clone()),
            pipelined: None,
            unprofiled: None,
        },
        all,
        (walls.iter().sum::<f64>() * 1e3) as u64,
    ))
}

impl<T: Words> Words for Vec<T> {
    /// The items' words end to end (a batch's results).
    fn words(&self) -> CkksResult<std::borrow::Cow<'_, [u64]>> {
        let mut all = Vec::new();
        for item in self {
            all.extend_from_slice(&item.words()?);
        }
        Ok(all.into())
    }
}

impl Row {
    /// The row of a call that handles `k` items, per item: every time over `k` (launches stay
    /// per call).
    pub(super) fn per_item(mut self, k: usize) -> Self {
        let k = k as f64;
        self.span_us /= k;
        self.kernel_us /= k;
        self.wall_us /= k;
        if let Some(p) = &mut self.pipelined {
            p.wall_us /= k;
            p.span_us /= k;
        }
        if let Some(u) = &mut self.unprofiled {
            u.wall_us /= k;
            u.pipelined_wall_us /= k;
            u.recorded_wall_us = u.recorded_wall_us.map(|r| r / k);
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::sync::Arc;
    use xehe::runtime::{open, BackendChoice, OpenOptions};

    /// The timed row, or a failure naming the error.
    fn timed(r: Result<Timed, CliError>) -> Timed {
        match r {
            Ok(t) => t,
            Err(CliError::Usage(m) | CliError::CheckFailed(m)) => panic!("{m}"),
        }
    }

    fn cpu_sim() -> Arc<dyn Backend> {
        let options = OpenOptions {
            backend: BackendChoice::CpuSim,
            profile: true,
            ..Default::default()
        };
        open(&options).expect("cpu-sim opens")
    }

    /// A call that counts its calls and gives `good` until call `bad_from` (1-based), then
    /// other slots.
    fn counted(calls: &Cell<usize>, bad_from: usize) -> impl Fn(&()) -> CkksResult<Slots> + '_ {
        move |_| {
            calls.set(calls.get() + 1);
            Ok(Slots(vec![if calls.get() < bad_from { 1.0 } else { 2.0 }]))
        }
    }

    fn good_words() -> Vec<u64> {
        vec![1f64.to_bits()]
    }

    /// Timing of one repetition; with `--pipelined` the quiet opening is the same backend.
    fn timer(b: &dyn Backend, pipelined: Option<usize>) -> Timer<'_> {
        Timer {
            backend: b,
            quiet: pipelined.map(|_| b),
            reps: 1,
            pipelined,
        }
    }

    fn one_side() -> Sides<()> {
        Sides {
            main: (),
            quiet: Some(()),
        }
    }

    #[test]
    fn a_first_result_unlike_the_hosts_fails_before_any_timing() {
        let b = cpu_sim();
        let calls = Cell::new(0);
        let check = Check::Equal(good_words(), "x: differs".into());
        let t = timer(b.as_ref(), None);
        let got = checked_row(&t, "x", check, false, &one_side(), counted(&calls, 1));
        assert!(matches!(got, Err(CliError::CheckFailed(m)) if m == "x: differs"));
        assert_eq!(calls.get(), 1, "nothing is timed after a failed check");
    }

    #[test]
    fn a_failing_test_check_stops_the_row() {
        let b = cpu_sim();
        let calls = Cell::new(0);
        let test: Test<'_, Slots> = Box::new(|s: &Slots| {
            assert_eq!(s.0, [1.0]);
            Err(CliError::CheckFailed("y: too far".into()))
        });
        let t = timer(b.as_ref(), None);
        let got = checked_row(
            &t,
            "y",
            Check::Test(test),
            false,
            &one_side(),
            counted(&calls, 9),
        );
        assert!(matches!(got, Err(CliError::CheckFailed(m)) if m == "y: too far"));
        assert_eq!(calls.get(), 1);
    }

    #[test]
    fn a_checked_row_is_timed_on_both_openings_and_queued_results_are_checked_too() {
        let b = cpu_sim();
        // The check, two warm-ups and one timed call; then a batch of 2 queued calls; then
        // on the quiet opening two warm-ups and batches of 1 and 2: 11 calls in all.
        let calls = Cell::new(0);
        let t = timer(b.as_ref(), Some(2));
        let check = Check::Equal(good_words(), "z: differs".into());
        let (row, _, _) = timed(checked_row(
            &t,
            "z",
            check,
            false,
            &one_side(),
            counted(&calls, 99),
        ));
        assert_eq!(calls.get(), 1 + 3 + 2 + 2 + 1 + 2);
        assert_eq!(row.routine, "z");
        assert_eq!(row.pipelined.as_ref().map(|p| p.k), Some(2));
        assert!(row.unprofiled.is_some());
        // The host's words are what the queued calls are held to: a queued result that
        // differs (call 6, the last of the first batch) fails the row.
        let calls = Cell::new(0);
        let check = Check::Equal(good_words(), "z: differs".into());
        let got = checked_row(&t, "z", check, false, &one_side(), counted(&calls, 6));
        match got {
            Err(CliError::CheckFailed(m)) => {
                assert!(m.contains("the last of 2 queued calls"), "{m}")
            }
            _ => panic!("a queued result unlike the host's must fail the row"),
        }
    }

    #[test]
    fn skipped_checks_time_the_row_without_a_checking_call() {
        let b = cpu_sim();
        let calls = Cell::new(0);
        let t = timer(b.as_ref(), None);
        let (row, _, _) = timed(checked_row(
            &t,
            "w",
            Check::Skip,
            false,
            &one_side(),
            counted(&calls, 1),
        ));
        assert_eq!(calls.get(), 3, "two warm-ups and one timed call");
        assert!(row.pipelined.is_none() && row.unprofiled.is_none());
    }

    #[test]
    fn host_words_are_made_only_when_results_are_checked() {
        let made = Cell::new(false);
        let words = || {
            made.set(true);
            Ok(good_words())
        };
        let off = Check::<Slots>::equal_if(false, words, "d");
        assert!(matches!(off, Ok(Check::Skip)) && !made.get());
        let on = Check::<Slots>::equal_if(true, words, "d");
        assert!(matches!(on, Ok(Check::Equal(w, m)) if w == good_words() && m == "d"));
        assert!(made.get());
    }
}
