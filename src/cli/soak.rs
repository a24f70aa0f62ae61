//! `xehe soak`: an endurance run. Several threads share one device (one device context per
//! tile, one evaluator per thread) and run thousands of mixed CKKS operations; every result is
//! compared word for word with the host evaluator, and at the end every tile's memory cache
//! must be back at its baseline (nothing leaked). A mismatch or a leak exits with status 3.

use super::error::ckks_err;
use super::error::err;
use super::error::{CliError, UsageError};
use super::output::OutputFile;
use crate::cli::stdout::outln;
use clap::Args;
use rand::{Rng, SeedableRng};
use serde::Serialize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;
use xehe::ckks::device::DeviceContext;
use xehe::ckks::{
    Ciphertext, CkksEncoder, CkksResult, Encryptor, Evaluator, GaloisKeys, KeyGenerator, Plaintext,
    RelinKeys,
};

#[derive(Args)]
pub struct SoakArgs {
    #[command(flatten)]
    dev: super::device_args::DeviceArgs,
    /// Exact tile count (default: XEHE_TILES, else the device's own partition).
    #[arg(long)]
    tiles: Option<usize>,
    /// Operations in all, shared among the threads.
    #[arg(long, default_value_t = 2000)]
    ops: usize,
    /// Threads issuing operations (thread t works on tile t mod tiles), at most 1024.
    #[arg(long, default_value_t = 4)]
    threads: usize,
    /// Degree N.
    #[arg(long, default_value_t = 4096)]
    degree: usize,
    /// Prime bit sizes, the last one special.
    #[arg(long, default_value = "40,30,30,40")]
    moduli: String,
    /// Also write the summary as JSON to this file.
    #[arg(long)]
    json: Option<std::path::PathBuf>,
}

/// Most threads a soak runs: they share a few tiles, and past this many they only wait on
/// each other (each still takes a stack and an evaluator).
const THREADS_MAX: usize = 1024;

/// The operations the threads draw from.
const OPS: [&str; 7] = [
    "add",
    "negate",
    "multiply+relinearize+rescale",
    "square+relinearize+rescale",
    "multiply_plain+rescale",
    "rotate",
    "mod_switch+add",
];

/// The threads start their work only once all of them exist: when one cannot be started (too
/// little memory for its stack, a thread limit), the others end before allocating anything,
/// and the failure is an error rather than an allocation that aborts the process.
#[derive(Default)]
struct StartGate {
    go: std::sync::Mutex<Option<bool>>,
    decided: std::sync::Condvar,
}

impl StartGate {
    fn open(&self, go: bool) {
        *self.go.lock().unwrap_or_else(|p| p.into_inner()) = Some(go);
        self.decided.notify_all();
    }

    /// Waits for the decision: whether to work.
    fn wait(&self) -> bool {
        let go = self.go.lock().unwrap_or_else(|p| p.into_inner());
        let go = self
            .decided
            .wait_while(go, |go| go.is_none())
            .unwrap_or_else(|p| p.into_inner());
        go.unwrap_or(false)
    }
}

struct Shared<'a> {
    rk: &'a RelinKeys,
    gk: &'a GaloisKeys,
    inputs: Vec<Ciphertext>,
    plain: Plaintext,
}

fn run_op(
    e: &Evaluator<'_>,
    s: &Shared<'_>,
    op: usize,
    a: &Ciphertext,
    b: &Ciphertext,
    step: i64,
) -> CkksResult<Ciphertext> {
    match op {
        0 => e.add(a, b),
        1 => e.negate(a),
        2 => e.rescale_to_next(&e.relinearize(&e.multiply(a, b)?, s.rk)?),
        3 => e.rescale_to_next(&e.relinearize(&e.square(a)?, s.rk)?),
        4 => e.rescale_to_next(&e.multiply_plain(a, &s.plain)?),
        5 => e.rotate_vector(a, step, s.gk),
        _ => e.add(&e.mod_switch_to_next(a)?, &e.mod_switch_to_next(b)?),
    }
}

#[derive(Serialize)]
struct TileSummary {
    tile: usize,
    baseline_active: usize,
    final_active: usize,
    allocations_during_soak: u64,
    reuses_during_soak: u64,
}

#[derive(Serialize)]
struct Summary {
    device: String,
    backend: String,
    degree: usize,
    bits: Vec<u32>,
    threads: usize,
    ops: usize,
    per_op: Vec<(&'static str, usize)>,
    seconds: f64,
    tiles: Vec<TileSummary>,
}

pub fn run(a: &SoakArgs) -> Result<(), CliError> {
    if a.threads == 0 || a.ops == 0 {
        return Err(UsageError("--threads and --ops must be at least 1".into()).into());
    }
    if a.threads > THREADS_MAX {
        return Err(UsageError(format!(
            "--threads {}: at most {THREADS_MAX} (they share the device's tiles)",
            a.threads
        ))
        .into());
    }
    let json = OutputFile::create_opt(a.json.as_deref())?;
    let bits = super::moduli::parse("--moduli", &a.moduli)?;
    let ctx = super::ckks_params::context(a.degree, &bits)?;
    let backend = a.dev.open_with(a.tiles, false)?;
    let tiles = backend.tile_count();
    let devices: Vec<Arc<DeviceContext>> = (0..tiles)
        .map(|t| DeviceContext::new(&ctx, backend.clone(), t))
        .collect::<CkksResult<_>>()
        .map_err(ckks_err)?;

    let mut kg = KeyGenerator::new(&ctx);
    let pk = kg.create_public_key();
    let rk = kg.create_relin_keys().map_err(ckks_err)?;
    let gk = kg
        .create_galois_keys_for_steps(&[1, -3], false)
        .map_err(ckks_err)?;
    let encoder = CkksEncoder::new(&ctx);
    let level = ctx.first_context_data();
    let scale = super::ckks_params::scale_for(level);
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let mut message = || -> Vec<f64> {
        (0..encoder.slot_count())
            .map(|_| rng.gen_range(-1.0..1.0))
            .collect()
    };
    let encryptor = Encryptor::new(&ctx, &pk).map_err(ckks_err)?;
    let mut inputs = Vec::new();
    for _ in 0..4 {
        let pt = encoder
            .encode_at_level(&message(), scale, level)
            .map_err(ckks_err)?;
        inputs.push(encryptor.encrypt(&pt).map_err(ckks_err)?);
    }
    let plain = encoder
        .encode_at_level(&message(), scale, level)
        .map_err(ckks_err)?;
    let shared = Shared {
        rk: &rk,
        gk: &gk,
        inputs,
        plain,
    };
    let host = Evaluator::new(&ctx);

    // Warm-up: every operation once on every tile (keys and inputs uploaded), then the
    // baseline of each tile's cache.
    let per_tile_inputs: Vec<Vec<Ciphertext>> = (0..tiles)
        .map(|_| shared.inputs.iter().map(|c| c.clone().gpu()).collect())
        .collect();
    let per_tile_plain: Vec<Plaintext> = (0..tiles).map(|_| shared.plain.clone().gpu()).collect();
    for (t, d) in devices.iter().enumerate() {
        let e = Evaluator::with_device(&ctx, d.clone()).map_err(ckks_err)?;
        let s = Shared {
            rk: &rk,
            gk: &gk,
            inputs: per_tile_inputs[t].clone(),
            plain: per_tile_plain[t].clone(),
        };
        for op in 0..OPS.len() {
            for step in [1, -3] {
                drop(run_op(&e, &s, op, &s.inputs[0], &s.inputs[1], step).map_err(ckks_err)?);
            }
        }
        backend.wait(t).map_err(err)?;
    }
    let baseline: Vec<_> = (0..tiles)
        .map(|t| backend.memcache_stats(t))
        .collect::<Result<_, _>>()
        .map_err(err)?;

    let counts: Vec<AtomicUsize> = OPS.iter().map(|_| AtomicUsize::new(0)).collect();
    let started = Instant::now();
    let failure: std::sync::Mutex<Option<CliError>> = std::sync::Mutex::new(None);
    let gate = StartGate::default();
    std::thread::scope(|scope| {
        let mut all_started = true;
        for th in 0..a.threads {
            let (devices, shared, host, counts, failure, gate) =
                (&devices, &shared, &host, &counts, &failure, &gate);
            let (per_tile_inputs, per_tile_plain, ctx) = (&per_tile_inputs, &per_tile_plain, &ctx);
            let my_ops = a.ops / a.threads + usize::from(th < a.ops % a.threads);
            let spawned = std::thread::Builder::new()
                .name(format!("soak-{th}"))
                .spawn_scoped(scope, move || {
                    if !gate.wait() {
                        return;
                    }
                    let t = th % tiles;
                    let result = (|| -> Result<(), CliError> {
                        let e =
                            Evaluator::with_device(ctx, devices[t].clone()).map_err(ckks_err)?;
                        let dev = Shared {
                            rk: shared.rk,
                            gk: shared.gk,
                            inputs: per_tile_inputs[t].clone(),
                            plain: per_tile_plain[t].clone(),
                        };
                        let mut rng = rand::rngs::StdRng::seed_from_u64(100 + th as u64);
                        for _ in 0..my_ops {
                            if failure.lock().unwrap_or_else(|p| p.into_inner()).is_some() {
                                return Ok(());
                            }
                            let op = rng.gen_range(0..OPS.len());
                            let (i, j) = (rng.gen_range(0..4), rng.gen_range(0..4));
                            let step = if rng.gen_bool(0.5) { 1 } else { -3 };
                            let d = run_op(&e, &dev, op, &dev.inputs[i], &dev.inputs[j], step)
                                .map_err(ckks_err)?;
                            let h = run_op(
                                host,
                                shared,
                                op,
                                &shared.inputs[i],
                                &shared.inputs[j],
                                step,
                            )
                            .map_err(ckks_err)?;
                            if d.data().map_err(ckks_err)? != h.data().map_err(ckks_err)? {
                                return Err(CliError::CheckFailed(format!(
                                    "thread {th}, tile {t}: {} differs from the host evaluator",
                                    OPS[op]
                                )));
                            }
                            counts[op].fetch_add(1, Ordering::Relaxed);
                        }
                        Ok(())
                    })();
                    if let Err(e) = result {
                        failure
                            .lock()
                            .unwrap_or_else(|p| p.into_inner())
                            .get_or_insert(e);
                    }
                });
            // The threads already started end at the gate; the scope joins them.
            if let Err(e) = spawned {
                all_started = false;
                failure
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .get_or_insert(CliError::Usage(format!(
                        "cannot start soak thread {} of {}: {e}; try fewer --threads",
                        th + 1,
                        a.threads
                    )));
                break;
            }
        }
        gate.open(all_started);
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let seconds = started.elapsed().as_secs_f64();
    let mut tile_summaries = Vec::new();
    let mut leaks = Vec::new();
    for (t, base) in baseline.iter().enumerate() {
        backend.wait(t).map_err(err)?;
        let now = backend.memcache_stats(t).map_err(err)?;
        if now.active != base.active {
            leaks.push(format!(
                "tile {t}: {} buffers active, {} at the baseline",
                now.active, base.active
            ));
        }
        tile_summaries.push(TileSummary {
            tile: t,
            baseline_active: base.active,
            final_active: now.active,
            allocations_during_soak: now.device_allocations - base.device_allocations,
            reuses_during_soak: now.reuses - base.reuses,
        });
    }
    let summary = Summary {
        device: backend.device_name(),
        backend: backend.kind().name().to_string(),
        degree: a.degree,
        bits,
        threads: a.threads,
        ops: counts.iter().map(|c| c.load(Ordering::Relaxed)).sum(),
        per_op: OPS
            .iter()
            .zip(&counts)
            .map(|(n, c)| (*n, c.load(Ordering::Relaxed)))
            .collect(),
        seconds,
        tiles: tile_summaries,
    };
    outln!(
        "# Soak on {} ({}), {} tile(s), {} threads",
        summary.device,
        summary.backend,
        tiles,
        a.threads
    );
    outln!();
    outln!(
        "{} operations in {:.1} s, every result equal to the host evaluator's:",
        summary.ops,
        seconds
    );
    for (n, c) in &summary.per_op {
        outln!("- {n}: {c}");
    }
    outln!();
    outln!("| tile | active buffers at baseline | at the end | device allocations during the soak | reuses |");
    outln!("| --- | --- | --- | --- | --- |");
    for t in &summary.tiles {
        outln!(
            "| {} | {} | {} | {} | {} |",
            t.tile,
            t.baseline_active,
            t.final_active,
            t.allocations_during_soak,
            t.reuses_during_soak
        );
    }
    if let Some(file) = json {
        file.write_json(&summary)?;
    }
    if leaks.is_empty() {
        Ok(())
    } else {
        Err(CliError::CheckFailed(format!(
            "memory-cache leak: {}",
            leaks.join("; ")
        )))
    }
}
