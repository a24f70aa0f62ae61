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
    Ciphertext, CkksEncoder, CkksResult, Context, Encryptor, Evaluator, GaloisKeys, KeyGenerator,
    Plaintext, RelinKeys,
};
use xehe::runtime::memcache::MemcacheStats;
use xehe::runtime::Backend;

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

/// The keys, shared by the host and every tile.
struct Keys {
    rk: RelinKeys,
    gk: GaloisKeys,
}

/// One set of operands: four ciphertexts and a plaintext, the host's or a tile's copies
/// marked for the device.
#[derive(Clone)]
struct Operands {
    inputs: Vec<Ciphertext>,
    plain: Plaintext,
}

impl Operands {
    /// Copies marked for the device (uploaded at first use, then kept there).
    fn for_device(&self) -> Operands {
        Operands {
            inputs: self.inputs.iter().map(|c| c.clone().gpu()).collect(),
            plain: self.plain.clone().gpu(),
        }
    }
}

/// Operation `op` of [`OPS`] on operands `i` and `j` (`step`: the rotation's).
fn run_op(
    e: &Evaluator<'_>,
    k: &Keys,
    o: &Operands,
    op: usize,
    (i, j): (usize, usize),
    step: i64,
) -> CkksResult<Ciphertext> {
    let (a, b) = (&o.inputs[i], &o.inputs[j]);
    match op {
        0 => e.add(a, b),
        1 => e.negate(a),
        2 => e.rescale_to_next(&e.relinearize(&e.multiply(a, b)?, &k.rk)?),
        3 => e.rescale_to_next(&e.relinearize(&e.square(a)?, &k.rk)?),
        4 => e.rescale_to_next(&e.multiply_plain(a, &o.plain)?),
        5 => e.rotate_vector(a, step, &k.gk),
        _ => e.add(&e.mod_switch_to_next(a)?, &e.mod_switch_to_next(b)?),
    }
}

/// The rotation steps the operations draw from.
const STEPS: [i64; 2] = [1, -3];

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

/// Checks the arguments before any file or device is opened; returns the prime sizes.
fn check(a: &SoakArgs) -> Result<Vec<u32>, CliError> {
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
    Ok(super::moduli::parse("--moduli", &a.moduli)?)
}

/// The keys and the host's operands: four random messages encrypted, a fifth encoded.
fn host_side(ctx: &Context) -> Result<(Keys, Operands), CliError> {
    let mut kg = KeyGenerator::new(ctx);
    let pk = kg.create_public_key();
    let rk = kg.create_relin_keys().map_err(ckks_err)?;
    let gk = kg
        .create_galois_keys_for_steps(&STEPS, false)
        .map_err(ckks_err)?;
    let encoder = CkksEncoder::new(ctx);
    let level = ctx.first_context_data();
    let scale = super::ckks_params::scale_for(level);
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let mut message = || -> Vec<f64> {
        (0..encoder.slot_count())
            .map(|_| rng.gen_range(-1.0..1.0))
            .collect()
    };
    let encryptor = Encryptor::new(ctx, &pk).map_err(ckks_err)?;
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
    Ok((Keys { rk, gk }, Operands { inputs, plain }))
}

/// What the soak's threads share: the parameters, each tile's device context and operands,
/// the host's side to check against, the counts per operation and the first failure.
struct Soak<'a> {
    a: &'a SoakArgs,
    ctx: &'a Context,
    devices: &'a [Arc<DeviceContext>],
    keys: &'a Keys,
    host: &'a Operands,
    host_eval: &'a Evaluator<'a>,
    tiles: &'a [Operands],
    counts: Vec<AtomicUsize>,
    failure: std::sync::Mutex<Option<CliError>>,
}

impl Soak<'_> {
    /// Keeps the first failure.
    fn fail(&self, e: CliError) {
        self.failure
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get_or_insert(e);
    }

    fn failed(&self) -> bool {
        self.failure
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .is_some()
    }
}

/// `xehe soak`: the arguments checked, the keys and operands made and warmed up on every tile,
/// the soak run and checked, then the report; a tile whose cache did not come back to its
/// baseline fails the run after the report.
pub fn run(a: &SoakArgs) -> Result<(), CliError> {
    let bits = check(a)?;
    let json = OutputFile::create_opt(a.json.as_deref())?;
    let ctx = super::ckks_params::context(a.degree, &bits)?;
    let backend = a.dev.open_with(a.tiles, false)?;
    let tiles = backend.tile_count();
    let devices: Vec<Arc<DeviceContext>> = (0..tiles)
        .map(|t| DeviceContext::new(&ctx, backend.clone(), t))
        .collect::<CkksResult<_>>()
        .map_err(ckks_err)?;
    let (keys, host) = host_side(&ctx)?;
    let host_eval = Evaluator::new(&ctx);
    let tile_operands: Vec<Operands> = (0..tiles).map(|_| host.for_device()).collect();
    let baseline = warm_up(&ctx, backend.as_ref(), &devices, &keys, &tile_operands)?;
    let soak = Soak {
        a,
        ctx: &ctx,
        devices: &devices,
        keys: &keys,
        host: &host,
        host_eval: &host_eval,
        tiles: &tile_operands,
        counts: OPS.iter().map(|_| AtomicUsize::new(0)).collect(),
        failure: std::sync::Mutex::new(None),
    };
    let (counts, seconds) = measure(soak)?;
    let (tile_summaries, leaks) = tile_summaries(backend.as_ref(), &baseline)?;
    let summary = Summary {
        device: backend.device_name(),
        backend: backend.kind().name().to_string(),
        degree: a.degree,
        bits,
        threads: a.threads,
        ops: counts.iter().sum(),
        per_op: OPS.iter().copied().zip(counts).collect(),
        seconds,
        tiles: tile_summaries,
    };
    report(&summary, json)?;
    if leaks.is_empty() {
        Ok(())
    } else {
        Err(CliError::CheckFailed(format!(
            "memory-cache leak: {}",
            leaks.join("; ")
        )))
    }
}

/// The soak itself: every thread's operations, each checked against the host evaluator; the
/// count of each operation (in [`OPS`]' order) and the seconds they took.
fn measure(soak: Soak<'_>) -> Result<(Vec<usize>, f64), CliError> {
    let started = Instant::now();
    run_threads(&soak);
    if let Some(e) = soak.failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let seconds = started.elapsed().as_secs_f64();
    let counts = soak
        .counts
        .iter()
        .map(|c| c.load(Ordering::Relaxed))
        .collect();
    Ok((counts, seconds))
}

/// The summary printed and, with --json, written to `json`.
fn report(summary: &Summary, json: Option<OutputFile>) -> Result<(), CliError> {
    print_summary(summary);
    if let Some(file) = json {
        file.write_json(summary)?;
    }
    Ok(())
}

/// Every operation once on every tile (keys and inputs uploaded), then each tile's cache
/// figures: the baseline the soak must come back to.
fn warm_up(
    ctx: &Context,
    backend: &dyn Backend,
    devices: &[Arc<DeviceContext>],
    keys: &Keys,
    tile_operands: &[Operands],
) -> Result<Vec<MemcacheStats>, CliError> {
    for (t, d) in devices.iter().enumerate() {
        let e = Evaluator::with_device(ctx, d.clone()).map_err(ckks_err)?;
        let o = tile_operands[t].clone();
        for op in 0..OPS.len() {
            for step in STEPS {
                drop(run_op(&e, keys, &o, op, (0, 1), step).map_err(ckks_err)?);
            }
        }
        backend.wait(t).map_err(err)?;
    }
    let baseline = (0..devices.len())
        .map(|t| backend.memcache_stats(t))
        .collect::<Result<_, _>>()
        .map_err(err)?;
    Ok(baseline)
}

/// Starts the threads (thread t takes its share of `--ops` on tile t mod tiles) and joins
/// them; a thread that cannot be started is a failure, and the others then do nothing.
fn run_threads(soak: &Soak<'_>) {
    let (threads, ops) = (soak.a.threads, soak.a.ops);
    let gate = StartGate::default();
    std::thread::scope(|scope| {
        let mut all_started = true;
        for th in 0..threads {
            let my_ops = ops / threads + usize::from(th < ops % threads);
            let gate = &gate;
            let spawned = std::thread::Builder::new()
                .name(format!("soak-{th}"))
                .spawn_scoped(scope, move || {
                    if gate.wait() {
                        if let Err(e) = worker(soak, th, my_ops) {
                            soak.fail(e);
                        }
                    }
                });
            // The threads already started end at the gate; the scope joins them.
            if let Err(e) = spawned {
                all_started = false;
                soak.fail(CliError::Usage(format!(
                    "cannot start soak thread {} of {threads}: {e}; try fewer --threads",
                    th + 1
                )));
                break;
            }
        }
        gate.open(all_started);
    });
}

/// One thread's operations, each checked word for word against the host evaluator's; it
/// stops early once any thread has failed.
fn worker(soak: &Soak<'_>, th: usize, ops: usize) -> Result<(), CliError> {
    let t = th % soak.devices.len();
    let e = Evaluator::with_device(soak.ctx, soak.devices[t].clone()).map_err(ckks_err)?;
    let dev = soak.tiles[t].clone();
    let mut rng = rand::rngs::StdRng::seed_from_u64(100 + th as u64);
    for _ in 0..ops {
        if soak.failed() {
            return Ok(());
        }
        let op = rng.gen_range(0..OPS.len());
        let ij = (rng.gen_range(0..4), rng.gen_range(0..4));
        let step = if rng.gen_bool(0.5) { 1 } else { -3 };
        let d = run_op(&e, soak.keys, &dev, op, ij, step).map_err(ckks_err)?;
        let h = run_op(soak.host_eval, soak.keys, soak.host, op, ij, step).map_err(ckks_err)?;
        if d.data().map_err(ckks_err)? != h.data().map_err(ckks_err)? {
            return Err(CliError::CheckFailed(format!(
                "thread {th}, tile {t}: {} differs from the host evaluator",
                OPS[op]
            )));
        }
        soak.counts[op].fetch_add(1, Ordering::Relaxed);
    }
    Ok(())
}

/// Each tile's cache figures against its baseline, and a line for each tile that did not
/// come back to it.
fn tile_summaries(
    backend: &dyn Backend,
    baseline: &[MemcacheStats],
) -> Result<(Vec<TileSummary>, Vec<String>), CliError> {
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
    Ok((tile_summaries, leaks))
}

/// Prints the operations done and each tile's cache figures.
fn print_summary(summary: &Summary) {
    outln!(
        "# Soak on {} ({}), {} tile(s), {} threads",
        summary.device,
        summary.backend,
        summary.tiles.len(),
        summary.threads
    );
    outln!();
    outln!(
        "{} operations in {:.1} s, every result equal to the host evaluator's:",
        summary.ops,
        summary.seconds
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cmd {
        #[command(flatten)]
        a: SoakArgs,
    }

    fn checked(args: &[&str]) -> Result<Vec<u32>, String> {
        let cmd = Cmd::try_parse_from(std::iter::once("soak").chain(args.iter().copied()))
            .map_err(|e| e.to_string())?;
        check(&cmd.a).map_err(|e| match e {
            CliError::Usage(m) | CliError::CheckFailed(m) => m,
        })
    }

    #[test]
    fn the_arguments_are_checked_without_a_device() {
        assert_eq!(checked(&[]), Ok(vec![40, 30, 30, 40]));
        assert_eq!(checked(&["--moduli", "50x2,60"]), Ok(vec![50, 50, 60]));
        for (args, says) in [
            (
                vec!["--threads", "0"],
                "--threads and --ops must be at least 1",
            ),
            (vec!["--ops", "0"], "--threads and --ops must be at least 1"),
            (vec!["--threads", "1025"], "--threads 1025: at most 1024"),
            (vec!["--moduli", "40,x"], "--moduli"),
        ] {
            let e = checked(&args).err().unwrap_or_default();
            assert!(e.contains(says), "{args:?}: {e}");
        }
    }
}
