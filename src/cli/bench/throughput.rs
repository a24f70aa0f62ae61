//! `--batch K` of `bench ckks` and `bench bootstrap`: K independent jobs spread over every tile
//! of the device pool (`--devices`), against the same K jobs on the pool's first tile alone:
//! jobs per second overall and per tile, and the scaling. Every result is checked against the
//! host's words after the timed runs; a warm-up job on each tile first (kernels built, keys and
//! operands uploaded there).

use crate::cli::error::{ckks_err, CliError};
use crate::cli::stdout::outln;
use serde::Serialize;
use std::time::Instant;
use xehe::ckks::pool::{EvaluatorPool, PoolBatch};
use xehe::ckks::{Ciphertext, CkksResult, Evaluator};

/// The most jobs `--batch` takes (their results stay on the tiles until checked).
pub(super) const MAX_BATCH: usize = 4096;

/// One tile's share of the timed batch.
#[derive(Serialize)]
pub(super) struct TileRow {
    /// The root device, `opencl:1`.
    device: String,
    /// Its name as the driver gives it.
    name: String,
    /// The tile's index on that device.
    tile: usize,
    jobs: usize,
    /// Its jobs over the batch's wall time (the tiles' rates add up to the batch's).
    jobs_per_s: f64,
}

/// The throughput of one kind of job.
#[derive(Serialize)]
pub(super) struct Throughput {
    /// The job: a routine's name, or `bootstrap`.
    pub job: String,
    pub batch: usize,
    /// Wall time of the batch on every tile, until every tile had finished, seconds.
    pub seconds: f64,
    pub jobs_per_s: f64,
    /// The same batch on the pool's first tile alone.
    pub one_tile_seconds: f64,
    pub one_tile_jobs_per_s: f64,
    /// `jobs_per_s` over `one_tile_jobs_per_s`.
    pub scaling: f64,
    pub tiles: Vec<TileRow>,
    /// Results compared word for word with the host's (warm-up, one tile, every tile).
    pub checked: usize,
}

/// Runs `job(tile, evaluator, i)` for i in 0..batch, timed on every tile of `pool` and on its
/// first tile alone, and checks every result with `check(i, result)`.
pub(super) fn measure(
    pool: &EvaluatorPool<'_>,
    name: &str,
    batch: usize,
    job: &(dyn Fn(usize, &Evaluator<'_>, usize) -> CkksResult<Ciphertext> + Sync),
    check: &dyn Fn(usize, &Ciphertext) -> Result<(), CliError>,
) -> Result<Throughput, CliError> {
    let tiles = pool.tiles().len();
    let mut checked = 0;
    let mut check_all = |b: PoolBatch<Ciphertext>| -> Result<(), CliError> {
        for (i, r) in b.results.into_iter().enumerate() {
            check(i, &r.map_err(ckks_err)?)?;
            checked += 1;
        }
        Ok(())
    };
    // Warm-up: job i < tiles runs on tile i.
    check_all(pool.batch(0..tiles, |t, e, i| job(t, e, i)))?;
    pool.wait().map_err(ckks_err)?;
    let timed = |p: &EvaluatorPool<'_>| -> Result<(PoolBatch<Ciphertext>, f64), CliError> {
        let t = Instant::now();
        let b = p.batch(0..batch, |t, e, i| job(t, e, i));
        p.wait().map_err(ckks_err)?;
        Ok((b, t.elapsed().as_secs_f64()))
    };
    let (one_tile_seconds, all) = if tiles == 1 {
        let (b, s) = timed(pool)?;
        (s, (b, s))
    } else {
        let (b, s) = timed(&pool.first(1).map_err(ckks_err)?)?;
        check_all(b)?;
        (s, timed(pool)?)
    };
    let (b, seconds) = all;
    let rows = b
        .tiles
        .iter()
        .zip(pool.tiles())
        .map(|(t, p)| TileRow {
            device: t.device.to_string(),
            name: p.tile.backend.device_name(),
            tile: t.tile,
            jobs: t.jobs,
            jobs_per_s: t.jobs as f64 / seconds,
        })
        .collect();
    check_all(b)?;
    let (jobs_per_s, one_tile_jobs_per_s) =
        (batch as f64 / seconds, batch as f64 / one_tile_seconds);
    Ok(Throughput {
        job: name.to_string(),
        batch,
        seconds,
        jobs_per_s,
        one_tile_seconds,
        one_tile_jobs_per_s,
        scaling: jobs_per_s / one_tile_jobs_per_s,
        tiles: rows,
        checked,
    })
}

/// The throughput's lines.
pub(super) fn print(t: &Throughput) {
    outln!(
        "{}: {} jobs on {} tile(s) in {:.3} s = {:.2} jobs/s; one tile {:.2} jobs/s ({:.3} s); scaling {:.2}x",
        t.job,
        t.batch,
        t.tiles.len(),
        t.seconds,
        t.jobs_per_s,
        t.one_tile_jobs_per_s,
        t.one_tile_seconds,
        t.scaling
    );
    for r in &t.tiles {
        outln!(
            "  {} ({}) tile {}: {} jobs, {:.2} jobs/s",
            r.device,
            r.name,
            r.tile,
            r.jobs,
            r.jobs_per_s
        );
    }
    outln!("every result equals the host's ({} checked)", t.checked);
}
