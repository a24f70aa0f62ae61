//! `xehe bench host`: the host path (no device) on a rayon pool of `--threads` threads: key
//! generation, encoding, encryption, decryption, decoding and the evaluator's operations, each
//! a median of wall times after a warm-up call. With `--threads 1` it is the figure to set
//! beside SEAL's one-thread times (benches/seal_host.py measures those in the same run:
//! benches/host-vs-seal.sh runs both).

use super::measure::median;
use crate::cli::ckks_params::{context, parse_bits, scale_for};
use crate::cli::error::{ckks_err, CliError, UsageError};
use crate::cli::output::OutputFile;
use crate::cli::stdout::outln;
use clap::Args;
use rand::{Rng, SeedableRng};
use serde::Serialize;
use std::time::Instant;
use xehe::ckks::{CkksEncoder, CkksResult, Decryptor, Encryptor, Evaluator, KeyGenerator};

#[derive(Args)]
pub struct HostArgs {
    /// Degree N (2^12 … 2^16).
    #[arg(long, default_value_t = 16384)]
    degree: usize,
    /// Prime bit sizes, the last one the special prime.
    #[arg(long, default_value = "60,40x6,60")]
    moduli: String,
    /// Threads of the rayon pool the host path uses (1: one core, as SEAL's figures).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Timed repetitions per row (after one warm-up call).
    #[arg(long, default_value_t = 10)]
    reps: usize,
    /// Time only these rows (comma-separated names as printed, e.g. `decrypt,rescale`;
    /// default: every row). Keys and inputs are made either way.
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Also write the results as JSON to this file.
    #[arg(long)]
    json: Option<std::path::PathBuf>,
}

/// Every row, in the order they are timed.
const ROUTINES: [&str; 13] = [
    "create_relin_keys",
    "create_galois_keys (1 step)",
    "encode",
    "encrypt",
    "decrypt",
    "decode",
    "add",
    "multiply_plain",
    "multiply",
    "relinearize",
    "multiply + relinearize",
    "rescale",
    "rotate 1",
];

#[derive(Serialize)]
struct Row {
    routine: &'static str,
    us: f64,
}

#[derive(Serialize)]
struct Report {
    degree: usize,
    bits: Vec<u32>,
    threads: usize,
    reps: usize,
    rows: Vec<Row>,
}

/// The most threads `--threads` takes.
const MAX_THREADS: usize = 1024;

pub fn run(a: &HostArgs) -> Result<(), CliError> {
    if a.reps == 0 {
        return Err(UsageError("--reps must be at least 1".into()).into());
    }
    if !(1..=MAX_THREADS).contains(&a.threads) {
        return Err(UsageError(format!("--threads {}: use 1 to {MAX_THREADS}", a.threads)).into());
    }
    if let Some(bad) = a.only.iter().find(|r| !ROUTINES.contains(&r.as_str())) {
        return Err(UsageError(format!(
            "--only {bad:?}: not a row; the rows are {}",
            ROUTINES.join(", ")
        ))
        .into());
    }
    let bits = parse_bits(&a.moduli)?;
    let json = OutputFile::create_opt(a.json.as_deref())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads)
        .build()
        .map_err(|e| UsageError(format!("--threads {}: {e}", a.threads)))?;
    let rows = pool.install(|| measure(a, &bits))?;
    let report = Report {
        degree: a.degree,
        bits: bits.clone(),
        threads: a.threads,
        reps: a.reps,
        rows,
    };
    outln!(
        "# Host path, N = {}, primes {:?}, {} thread(s), median of {} calls (µs)",
        a.degree,
        bits,
        a.threads,
        a.reps
    );
    outln!();
    outln!("| routine | µs |");
    outln!("| --- | --- |");
    for r in &report.rows {
        outln!("| {} | {:.1} |", r.routine, r.us);
    }
    if let Some(file) = json {
        file.write_json(&report)?;
    }
    Ok(())
}

/// Median wall µs of `reps` calls of `f` after one warm-up call.
fn time<T>(reps: usize, mut f: impl FnMut() -> CkksResult<T>) -> Result<f64, UsageError> {
    drop(f().map_err(ckks_err)?);
    let mut walls = Vec::with_capacity(reps);
    for _ in 0..reps {
        let t = Instant::now();
        let out = f().map_err(ckks_err)?;
        walls.push(t.elapsed().as_secs_f64() * 1e6);
        drop(out);
    }
    Ok(median(walls))
}

fn measure(a: &HostArgs, bits: &[u32]) -> Result<Vec<Row>, UsageError> {
    let ctx = context(a.degree, bits)?;
    let level = ctx.first_context_data();
    let scale = scale_for(level);
    let mut kg = KeyGenerator::new(&ctx);
    let pk = kg.create_public_key();
    let reps = a.reps;
    let mut rows = Vec::new();
    let wanted = |routine: &str| a.only.is_empty() || a.only.iter().any(|r| r == routine);
    // Times `f` when its row is wanted.
    macro_rules! row {
        ($routine:expr, $f:expr) => {
            debug_assert!(
                ROUTINES.contains(&$routine),
                "{} is not in ROUTINES",
                $routine
            );
            if wanted($routine) {
                rows.push(Row {
                    routine: $routine,
                    us: time(reps, $f)?,
                });
            }
        };
    }
    row!("create_relin_keys", || kg.create_relin_keys());
    row!("create_galois_keys (1 step)", || kg
        .create_galois_keys_for_steps(&[1], false));
    let rk = kg.create_relin_keys().map_err(ckks_err)?;
    let gk = kg
        .create_galois_keys_for_steps(&[1], false)
        .map_err(ckks_err)?;
    let encoder = CkksEncoder::new(&ctx);
    let encryptor = Encryptor::new(&ctx, &pk).map_err(ckks_err)?;
    let decryptor = Decryptor::new(&ctx, kg.secret_key()).map_err(ckks_err)?;
    let eval = Evaluator::new(&ctx);
    let mut rng = rand::rngs::StdRng::seed_from_u64(3);
    let mut message = || -> Vec<f64> {
        (0..encoder.slot_count())
            .map(|_| rng.gen_range(-1.0..1.0))
            .collect()
    };
    let (ma, mb) = (message(), message());
    row!("encode", || encoder.encode_at_level(&ma, scale, level));
    let pa = encoder
        .encode_at_level(&ma, scale, level)
        .map_err(ckks_err)?;
    let pb = encoder
        .encode_at_level(&mb, scale, level)
        .map_err(ckks_err)?;
    row!("encrypt", || encryptor.encrypt(&pa));
    let ca = encryptor.encrypt(&pa).map_err(ckks_err)?;
    let cb = encryptor.encrypt(&pb).map_err(ckks_err)?;
    row!("decrypt", || decryptor.decrypt(&ca));
    let da = decryptor.decrypt(&ca).map_err(ckks_err)?;
    row!("decode", || encoder.decode(&da));
    row!("add", || eval.add(&ca, &cb));
    row!("multiply_plain", || eval.multiply_plain(&ca, &pb));
    row!("multiply", || eval.multiply(&ca, &cb));
    let prod = eval.multiply(&ca, &cb).map_err(ckks_err)?;
    row!("relinearize", || eval.relinearize(&prod, &rk));
    row!("multiply + relinearize", || eval
        .relinearize(&eval.multiply(&ca, &cb)?, &rk));
    row!("rescale", || eval.rescale_to_next(&ca));
    row!("rotate 1", || eval.rotate_vector(&ca, 1, &gk));
    Ok(rows)
}
