//! What the benchmarks share: timing of launch sequences from device events, medians and
//! spans, rows of fused-against-unfused comparisons, scratch buffers freed on drop.

use crate::cli::error::{err, CliError, UsageError};
use rand::{Rng, SeedableRng};
use serde::Serialize;
use xehe::arith::Modulus;
use xehe::runtime::profiler::LaunchRecord;
use xehe::runtime::{Backend, DeviceBuffer, RuntimeResult};

/// GB/s with three significant digits (a CPU simulator moves under 1 GB/s, a GPU thousands).
pub(super) fn gbs(x: f64) -> String {
    match x {
        x if !x.is_finite() => "-".into(),
        x if x < 10.0 => format!("{x:.3}"),
        x if x < 100.0 => format!("{x:.1}"),
        x => format!("{x:.0}"),
    }
}

/// The median of `v` (the upper one of an even count).
pub(super) fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// Device span and kernel-time sum (µs) of one call's records.
pub(super) fn span(records: &[LaunchRecord]) -> (f64, f64) {
    let start = records.iter().map(|r| r.times.start).min().unwrap_or(0);
    let end = records.iter().map(|r| r.times.end).max().unwrap_or(0);
    let sum: u64 = records.iter().map(|r| r.duration_ns()).sum();
    (end.saturating_sub(start) as f64 / 1e3, sum as f64 / 1e3)
}

#[derive(Serialize)]
pub(super) struct FusionRow {
    pub fused: String,
    /// Device kernel time and device span (first start to last end: launch gaps included),
    /// medians in µs.
    pub fused_us: f64,
    pub fused_span_us: f64,
    pub unfused: String,
    pub unfused_us: f64,
    pub unfused_span_us: f64,
}

impl FusionRow {
    pub(super) fn new(fused: &str, f: Timing, unfused: String, u: Timing) -> Self {
        FusionRow {
            fused: fused.into(),
            fused_us: f.kernel,
            fused_span_us: f.span,
            unfused,
            unfused_us: u.kernel,
            unfused_span_us: u.span,
        }
    }
}

/// Medians over the repetitions, µs.
#[derive(Clone, Copy)]
pub(super) struct Timing {
    kernel: f64,
    span: f64,
}

pub(super) fn median_kernel_us(
    b: &dyn Backend,
    reps: usize,
    mut f: impl FnMut() -> RuntimeResult<()>,
) -> Result<Timing, UsageError> {
    f().map_err(err)?;
    b.wait(0).map_err(err)?;
    let (mut spans, mut kernels) = (Vec::with_capacity(reps), Vec::with_capacity(reps));
    for _ in 0..reps {
        b.profiler().clear();
        f().map_err(err)?;
        b.wait(0).map_err(err)?;
        let (s, k) = span(&b.profiler().records());
        spans.push(s);
        kernels.push(k);
    }
    Ok(Timing {
        kernel: median(kernels),
        span: median(spans),
    })
}

/// Device buffers of one tile, named by index, freed on drop.
pub(super) struct Bufs<'a> {
    pub b: &'a dyn Backend,
    pub owned: Vec<DeviceBuffer>,
}

impl<'a> Bufs<'a> {
    pub fn new(b: &'a dyn Backend) -> Self {
        Bufs { b, owned: vec![] }
    }
    /// Random words reduced modulo `q` (component index (i / n) mod q.len()).
    pub fn random(
        &mut self,
        words: usize,
        n: usize,
        q: &[Modulus],
        seed: u64,
    ) -> RuntimeResult<usize> {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let data: Vec<u64> = (0..words)
            .map(|i| rng.gen_range(0..q[(i / n) % q.len()].value()))
            .collect();
        self.upload(&data)
    }
    pub fn upload(&mut self, words: &[u64]) -> RuntimeResult<usize> {
        let i = self.zeros(words.len())?;
        self.b.write(&self.owned[i], 0, words)?;
        Ok(i)
    }
    pub fn zeros(&mut self, words: usize) -> RuntimeResult<usize> {
        let buf = self.b.alloc(0, words)?;
        self.owned.push(buf);
        Ok(self.owned.len() - 1)
    }
    pub fn get(&self, i: usize) -> &DeviceBuffer {
        &self.owned[i]
    }
    pub fn read(&self, i: usize) -> RuntimeResult<Vec<u64>> {
        let mut v = vec![0; self.owned[i].words()];
        self.b.read(&self.owned[i], 0, &mut v)?;
        Ok(v)
    }
}

impl Drop for Bufs<'_> {
    fn drop(&mut self) {
        for buf in self.owned.drain(..) {
            let _ = self.b.free(buf);
        }
    }
}

/// Reads `out` back and compares it with the host's `expect`: the first differing word, named,
/// is a failed check (exit 3).
pub(super) fn device_equals(
    b: &dyn Backend,
    out: &DeviceBuffer,
    expect: &[u64],
    what: &str,
) -> Result<(), CliError> {
    let mut got = vec![0u64; expect.len()];
    b.read(out, 0, &mut got).map_err(err)?;
    words_equal(&got, expect, what)
}

/// Compares words read back from a device with the host's `expect`: the first differing word,
/// named, is a failed check (exit 3).
pub(super) fn words_equal(got: &[u64], expect: &[u64], what: &str) -> Result<(), CliError> {
    if let Some(i) = (0..expect.len()).find(|&i| got[i] != expect[i]) {
        return Err(CliError::CheckFailed(format!(
            "{what}: word {i} is {} on the device, {} on the host",
            got[i], expect[i]
        )));
    }
    Ok(())
}
