//! `xehe bench bootstrap`: one preset's bootstrap on a device (or the host), timed per call,
//! with the levels it leaves and its precision against the f64 input. On a device the first
//! result is checked word for word against the host's bootstrap of the same ciphertext.
//! `--batch K` times instead K independent bootstraps over every tile of the device pool
//! (`--devices`), each result checked against the host's.

use super::measure::{median, span};
use crate::cli::device_args::{BackendArg, DeviceArgs};
use crate::cli::error::{ckks_err, err, CliError, UsageError};
use crate::cli::output::OutputFile;
use crate::cli::stdout::outln;
use clap::Args;
use serde::Serialize;
use std::time::Instant;
use xehe::ckks::bootstrap::{BootstrapKeys, BootstrapPreset, Bootstrapper, SecretForm};
use xehe::ckks::device::DeviceContext;
use xehe::ckks::pool::EvaluatorPool;
use xehe::ckks::{
    Ciphertext, CkksEncoder, CkksResult, Complex64, Context, Decryptor, Encryptor, Evaluator,
    KeyGenerator,
};
use xehe::primes::SecurityLevel;
use xehe::runtime::profiler::{DataProcessor, LaunchRecord};
use xehe::runtime::Backend;

#[derive(Args)]
pub struct BootstrapArgs {
    #[command(flatten)]
    dev: DeviceArgs,
    /// Degree N: 4096 and 8192 (insecure test presets, with --insecure), 32768 or 65536.
    #[arg(long, default_value_t = 65536)]
    degree: usize,
    /// Slots: N/2 (full, the default) or a power of two below it (sparse packing: the values
    /// repeated across the N/2 slots).
    #[arg(long)]
    slots: Option<usize>,
    /// Allow the insecure test presets (N = 4096, 8192).
    #[arg(long)]
    insecure: bool,
    /// EvalMod's log2(q0 / scale), 6 or more: the ciphertext is scaled up before ModRaise when
    /// it is below the preset's (10). Smaller is more precise for random slots and less for
    /// messages with large coefficients (Cheddar's default is 5).
    #[arg(long)]
    message_ratio: Option<u32>,
    /// The message bootstrapped: `spread` (moduli below 0.9 with a spread of phases, the
    /// default) or `uniform` (real and imaginary parts uniform in [−1, 1], seeded: the message
    /// Cheddar's figures are taken with).
    #[arg(long, value_enum, default_value_t = Message::Spread)]
    message: Message,
    /// Timed bootstraps (after one warm-up, which also checks the device against the host).
    #[arg(long, default_value_t = 5)]
    reps: usize,
    /// Throughput instead: K independent bootstraps spread over every tile of the device pool
    /// (--devices), and the same K on its first tile alone; bootstraps per second overall and
    /// per tile, every result checked against the host's. The batch is timed once: --reps
    /// does not apply.
    #[arg(long, value_name = "K", conflicts_with_all = ["profile", "reps"])]
    batch: Option<usize>,
    /// Also write the results as JSON to this file.
    #[arg(long)]
    json: Option<std::path::PathBuf>,
    /// Also write the per-operation device profile of the last profiled bootstrap (profile.md,
    /// profile.json, profile.csv, trace.json) into this directory.
    #[arg(long)]
    profile: Option<std::path::PathBuf>,
}

/// `--message`: what fills the slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, Serialize)]
#[serde(rename_all = "lowercase")]
enum Message {
    Spread,
    Uniform,
}

impl Message {
    /// Slot i's value (i below the preset's slots; sparse messages repeat it).
    fn values(self, slots: usize) -> Vec<Complex64> {
        match self {
            Message::Spread => (0..slots)
                .map(|i| Complex64::from_polar(0.9 * ((i * 7919 % 1000) as f64 / 1000.0), i as f64))
                .collect(),
            Message::Uniform => {
                use rand::{Rng, SeedableRng};
                let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x5eed);
                (0..slots)
                    .map(|_| Complex64::new(rng.gen_range(-1.0..=1.0), rng.gen_range(-1.0..=1.0)))
                    .collect()
            }
        }
    }
}

#[derive(Serialize)]
struct PresetReport {
    name: &'static str,
    degree: usize,
    slots: usize,
    bits: Vec<u32>,
    total_bits: u32,
    special_primes: usize,
    hamming_weight: usize,
    k_bound: f64,
    message_ratio_bits: u32,
    double_angle: u32,
    cosine_degree: usize,
    coeff_to_slot_levels: usize,
    slot_to_coeff_levels: usize,
    input_scale_bits: f64,
}

#[derive(Serialize)]
struct Report {
    backend: String,
    preset: PresetReport,
    reps: usize,
    #[serde(flatten)]
    timing: Timing,
    levels_left: usize,
    precision_bits_mean: f64,
    precision_bits_min: f64,
    /// −log2 of the mean slot error (Cheddar's "average diff magnitude"), beside the mean of
    /// −log2 of each slot's error above.
    precision_bits_of_mean_error: f64,
    message: Message,
    /// Bits of the key level's modulus QP (what the security bound is checked against).
    log2_qp: u32,
    /// The user's secret and the sparse one ModRaise works under, as "dense ternary,
    /// encapsulated to sparse h = 32" or "sparse ternary, h = 64".
    secret: String,
    /// The word the arithmetic runs on (64: SEAL's tier).
    word_bits: u32,
    keygen_s: f64,
}

fn preset_for(a: &BootstrapArgs) -> Result<BootstrapPreset, UsageError> {
    let preset = match a.degree {
        4096 => BootstrapPreset::insecure_n12(),
        8192 => BootstrapPreset::insecure_n13(),
        32768 => BootstrapPreset::n15(),
        65536 => BootstrapPreset::n16(),
        d => {
            return Err(UsageError(format!(
                "--degree {d}: the bootstrapping presets are 4096, 8192 (insecure), 32768 and 65536"
            )))
        }
    };
    if preset.security == SecurityLevel::None && !a.insecure {
        return Err(UsageError(format!(
            "--degree {}: preset {} is INSECURE (a test size); pass --insecure to run it",
            a.degree, preset.name
        )));
    }
    let preset = match a.slots {
        Some(s) => {
            let p = preset.with_slots(s);
            p.encryption_parameters()
                .map_err(|e| UsageError(format!("--slots {s}: {e}")))?;
            p
        }
        None => preset,
    };
    let preset = match a.message_ratio {
        Some(bits) => {
            let p = preset.with_message_ratio(bits);
            p.encryption_parameters()
                .map_err(|e| UsageError(format!("--message-ratio {bits}: {e}")))?;
            p
        }
        None => preset,
    };
    if a.reps == 0 || a.reps > 1000 {
        return Err(UsageError("--reps: use 1 to 1000".into()));
    }
    Ok(preset)
}

/// The slots' precision in bits against the input.
struct Precision {
    /// The mean of −log2 |error| over the slots.
    mean: f64,
    /// −log2 of the largest error.
    min: f64,
    /// −log2 of the mean error.
    of_mean_error: f64,
}

fn precision(got: &[Complex64], want: &[Complex64]) -> Precision {
    let errs: Vec<f64> = got.iter().zip(want).map(|(g, w)| (g - w).norm()).collect();
    let max = errs.iter().cloned().fold(0.0, f64::max);
    let count = errs.len() as f64;
    let mean = errs.iter().map(|e| -e.max(1e-300).log2()).sum::<f64>() / count;
    let mean_error = errs.iter().sum::<f64>() / count;
    Precision {
        mean,
        min: -max.log2(),
        of_mean_error: -mean_error.max(1e-300).log2(),
    }
}

/// The keys and the input: a message in every slot, encrypted at the last level.
struct Setup<'c> {
    kg: KeyGenerator<'c>,
    keys: BootstrapKeys,
    keygen_s: f64,
    x: Vec<Complex64>,
    scale: f64,
    ct: Ciphertext,
}

impl<'c> Setup<'c> {
    /// Generates the keys (timed) and encrypts the message.
    fn new(ctx: &'c Context, preset: &BootstrapPreset, message: Message) -> Result<Self, CliError> {
        let t = Instant::now();
        let mut kg = match preset.secret {
            SecretForm::DenseEncapsulated => KeyGenerator::new(ctx),
            SecretForm::Sparse => {
                KeyGenerator::new_sparse(ctx, preset.hamming_weight).map_err(ckks_err)?
            }
        };
        let keys = BootstrapKeys::generate(&mut kg, preset).map_err(ckks_err)?;
        let pk = kg.create_public_key();
        let keygen_s = t.elapsed().as_secs_f64();
        let enc = CkksEncoder::new(ctx);
        let slots = preset.slots;
        // A sparse message repeated over every slot.
        let values = message.values(slots);
        let x: Vec<Complex64> = (0..enc.slot_count()).map(|j| values[j % slots]).collect();
        let scale = 2f64.powi(preset.compute_bits as i32);
        let ct = Encryptor::new(ctx, &pk)
            .map_err(ckks_err)?
            .encrypt(
                &enc.encode_complex_at_level(&x, scale, ctx.last_context_data())
                    .map_err(ckks_err)?,
            )
            .map_err(ckks_err)?;
        Ok(Setup {
            kg,
            keys,
            keygen_s,
            x,
            scale,
            ct,
        })
    }
}

/// What a timed run reads: the arguments, the context, the keys, the preset and the input.
struct Job<'a> {
    a: &'a BootstrapArgs,
    ctx: &'a Context,
    keys: &'a BootstrapKeys,
    preset: &'a BootstrapPreset,
    ct: &'a Ciphertext,
}

pub fn run(a: &BootstrapArgs) -> Result<(), CliError> {
    let preset = preset_for(a)?;
    if let Some(k) = a.batch {
        let max = super::throughput::MAX_BATCH;
        if !(1..=max).contains(&k) {
            return Err(UsageError(format!("--batch {k}: use 1 to {max} bootstraps")).into());
        }
        if a.dev.backend == Some(BackendArg::Host) {
            return Err(UsageError(
                "--batch spreads bootstraps over device tiles: --backend host has none".into(),
            )
            .into());
        }
    }
    let json = OutputFile::create_opt(a.json.as_deref())?;
    let profile = crate::cli::output::ProfileDir::create_opt(a.profile.as_deref())?;
    let security = if a.insecure {
        SecurityLevel::None
    } else {
        preset.security
    };
    let ctx: Context = preset.context(security).map_err(ckks_err)?;
    let setup = Setup::new(&ctx, &preset, a.message)?;
    let host = Evaluator::new(&ctx);
    let job = Job {
        a,
        ctx: &ctx,
        keys: &setup.keys,
        preset: &preset,
        ct: &setup.ct,
    };
    if let Some(k) = a.batch {
        return batch_run(&job, &setup, &host, k, json);
    }
    let (backend, result, timing) = if a.dev.backend == Some(BackendArg::Host) {
        host_run(&job, &host)?
    } else {
        device_run(&job, &host, profile)?
    };
    let report = report(&job, &setup, backend, &result, timing)?;
    print_report(&report);
    if let Some(j) = json {
        j.write_json(&report)?;
    }
    verdict(&report)
}

/// The report of one run: the preset, the timing, the levels left and the precision of the
/// decrypted result against the input.
fn report(
    job: &Job<'_>,
    setup: &Setup<'_>,
    backend: String,
    result: &Ciphertext,
    timing: Timing,
) -> Result<Report, CliError> {
    let (ctx, preset) = (job.ctx, job.preset);
    let dec = Decryptor::new(ctx, setup.kg.secret_key()).map_err(ckks_err)?;
    let back = CkksEncoder::new(ctx)
        .decode_complex(&dec.decrypt(result).map_err(ckks_err)?)
        .map_err(ckks_err)?;
    let p = precision(&back, &setup.x);
    Ok(Report {
        backend,
        preset: PresetReport {
            name: preset.name,
            degree: preset.degree(),
            slots: preset.slots,
            bits: preset.bit_sizes().map_err(ckks_err)?,
            total_bits: preset.total_bits().map_err(ckks_err)?,
            special_primes: preset.special_primes,
            hamming_weight: preset.hamming_weight,
            k_bound: preset.k_bound,
            message_ratio_bits: preset.message_ratio(),
            double_angle: preset.double_angle,
            cosine_degree: preset.cosine_degree,
            coeff_to_slot_levels: preset.coeff_to_slot_levels,
            slot_to_coeff_levels: preset.slot_to_coeff_levels,
            input_scale_bits: setup.scale.log2(),
        },
        reps: job.a.reps,
        timing,
        levels_left: ctx
            .get_context_data(result.parms_id())
            .map_or(0, |d| d.chain_index()),
        precision_bits_mean: p.mean,
        precision_bits_min: p.min,
        precision_bits_of_mean_error: p.of_mean_error,
        message: job.a.message,
        log2_qp: ctx.key_context_data().total_coeff_modulus_bit_count(),
        secret: preset.secret_description(),
        word_bits: u64::BITS,
        keygen_s: setup.keygen_s,
    })
}

/// Prints the report's four lines.
fn print_report(r: &Report) {
    let p = &r.preset;
    outln!(
        "# Bootstrap, preset {} (N = {}, {} slots, h = {}, {} bits with {} special primes, message ratio 2^{}), {}",
        p.name,
        p.degree,
        p.slots,
        p.hamming_weight,
        p.total_bits,
        p.special_primes,
        p.message_ratio_bits,
        r.backend
    );
    outln!(
        "ms (median of {}): {:.2}   enqueued in {}   span {}   kernels {}   profiled wall {}   launches {}",
        r.reps,
        r.timing.ms,
        opt(r.timing.enqueue_ms),
        opt(r.timing.span_ms),
        opt(r.timing.kernel_ms),
        opt(r.timing.profiled_ms),
        r.timing.launches.map_or("-".into(), |l| l.to_string())
    );
    outln!(
        "levels left {}   precision bits mean {:.1} min {:.1} (of the mean error {:.1}, {} message)   rotations {}   device = host {}",
        r.levels_left,
        r.precision_bits_mean,
        r.precision_bits_min,
        r.precision_bits_of_mean_error,
        serde_json::to_value(r.message).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default(),
        r.timing.rotations,
        r.timing
            .device_equals_host
            .map_or("-".into(), |e| e.to_string())
    );
    outln!(
        "key generation {:.1} s, setup (encoding the transforms) {:.1} s",
        r.keygen_s,
        r.timing.setup_s
    );
}

/// The run fails when the device differs from the host or the precision is too low.
fn verdict(r: &Report) -> Result<(), CliError> {
    if r.timing.device_equals_host == Some(false) {
        return Err(CliError::CheckFailed(
            "the device's bootstrap differs from the host's".into(),
        ));
    }
    let min = r.precision_bits_min;
    if min < 10.0 {
        return Err(CliError::CheckFailed(format!(
            "precision {min:.1} bits: below the 10 bits any preset keeps"
        )));
    }
    Ok(())
}

fn opt(v: Option<f64>) -> String {
    v.map_or("-".into(), |v| format!("{v:.2} ms"))
}

#[derive(Default, Serialize)]
struct Timing {
    /// Median wall time of one bootstrap and its wait, ms (unprofiled on a device).
    ms: f64,
    /// Median device span (first kernel start to last kernel end) and kernel sum of one
    /// bootstrap on the profiled device, ms.
    span_ms: Option<f64>,
    kernel_ms: Option<f64>,
    /// Profiled wall time, ms.
    profiled_ms: Option<f64>,
    /// Median host time for `bootstrap` to return (everything enqueued, nothing waited for),
    /// unprofiled, ms: near `ms` means the host, not the device, sets the pace.
    enqueue_ms: Option<f64>,
    launches: Option<usize>,
    rotations: usize,
    /// Whether the device's words equal the host's bootstrap (None on the host).
    device_equals_host: Option<bool>,
    setup_s: f64,
}

/// Bootstraps on the host: a warm-up, then the timed calls.
fn host_run(job: &Job<'_>, host: &Evaluator<'_>) -> Result<(String, Ciphertext, Timing), CliError> {
    let t = Instant::now();
    let b = Bootstrapper::new(host, job.keys, job.preset).map_err(ckks_err)?;
    let setup_s = t.elapsed().as_secs_f64();
    // The first call is a warm-up, not timed.
    let mut out = b.bootstrap(job.ct).map_err(ckks_err)?;
    let mut walls = Vec::new();
    for _ in 0..job.a.reps {
        let t = Instant::now();
        out = b.bootstrap(job.ct).map_err(ckks_err)?;
        walls.push(t.elapsed().as_secs_f64() * 1e3);
    }
    let timing = Timing {
        ms: median(walls),
        setup_s,
        rotations: b.rotation_count(),
        ..Timing::default()
    };
    Ok(("host".to_string(), out, timing))
}

/// Profiled runs (span, kernels, the check against the host), then unprofiled ones (wall).
fn device_run(
    job: &Job<'_>,
    host: &Evaluator<'_>,
    profile: Option<crate::cli::output::ProfileDir>,
) -> Result<(String, Ciphertext, Timing), CliError> {
    let want = Bootstrapper::new(host, job.keys, job.preset)
        .and_then(|b| b.bootstrap(job.ct))
        .map_err(ckks_err)?;
    let mut timing = Timing::default();
    let profiled = device_pass(job, &want, true, &mut timing)?;
    let quiet = device_pass(job, &want, false, &mut timing)?;
    if let Some(dir) = profile {
        let (records, wall_ns) = profiled.last_records;
        dir.write(&DataProcessor::with_wall(records, wall_ns))?;
    }
    Ok((quiet.name, quiet.result.cpu().map_err(ckks_err)?, timing))
}

/// One pass on a device opening: its name, its last result (still on the device) and the
/// launch records of its last call with that call's wall time in ns.
struct Pass {
    name: String,
    result: Ciphertext,
    last_records: (Vec<LaunchRecord>, u64),
}

/// Opens the device (profiled or not), sets the bootstrapper up there, checks a warm-up
/// bootstrap against the host's `want`, then times `--reps` bootstraps into `timing`.
fn device_pass(
    job: &Job<'_>,
    want: &Ciphertext,
    profiled: bool,
    timing: &mut Timing,
) -> Result<Pass, CliError> {
    let backend = if profiled {
        job.a.dev.open_profiled()?
    } else {
        job.a.dev.open()?
    };
    let ctx = job.ctx;
    let dev = Evaluator::with_device(
        ctx,
        DeviceContext::new(ctx, backend.clone(), 0).map_err(ckks_err)?,
    )
    .map_err(ckks_err)?;
    job.keys.upload(&dev).map_err(ckks_err)?;
    let t = Instant::now();
    let b = Bootstrapper::new(&dev, job.keys, job.preset).map_err(ckks_err)?;
    timing.setup_s = t.elapsed().as_secs_f64();
    timing.rotations = b.rotation_count();
    let input = job.ct.clone().gpu();
    // Warm-up: uploads the transforms' plaintexts; checked against the host.
    let mut result = b.bootstrap(&input).map_err(ckks_err)?;
    let equal = result.data().map_err(ckks_err)? == want.data().map_err(ckks_err)?;
    timing.device_equals_host = Some(timing.device_equals_host.unwrap_or(true) && equal);
    let mut s = Samples::default();
    for _ in 0..job.a.reps {
        result = s.time(backend.as_ref(), profiled, || b.bootstrap(&input))?;
    }
    Ok(Pass {
        name: backend.device_name(),
        result,
        last_records: s.into_timing(profiled, timing),
    })
}

/// Per-call figures of one pass: wall and enqueue times, and on the profiled opening span,
/// kernel sum, launches and the last call's records.
#[derive(Default)]
struct Samples {
    walls: Vec<f64>,
    enqueues: Vec<f64>,
    spans: Vec<f64>,
    kernels: Vec<f64>,
    launches: usize,
    last_records: (Vec<LaunchRecord>, u64),
}

impl Samples {
    /// Times one call of `f` and its wait, ms.
    fn time(
        &mut self,
        backend: &dyn Backend,
        profiled: bool,
        f: impl FnOnce() -> CkksResult<Ciphertext>,
    ) -> Result<Ciphertext, CliError> {
        backend.wait(0).map_err(err)?;
        backend.profiler().clear();
        let t = Instant::now();
        let out = f().map_err(ckks_err)?;
        self.enqueues.push(t.elapsed().as_secs_f64() * 1e3);
        backend.wait(0).map_err(err)?;
        self.walls.push(t.elapsed().as_secs_f64() * 1e3);
        if profiled {
            let records = backend.profiler().records();
            self.last_records = (records.clone(), t.elapsed().as_nanos() as u64);
            let (s, k) = span(&records);
            self.spans.push(s / 1e3);
            self.kernels.push(k / 1e3);
            self.launches = records.len();
        }
        Ok(out)
    }

    /// The medians into `timing` (the profiled pass's span, kernels and wall, or the
    /// unprofiled pass's wall and enqueue time); the last call's records.
    fn into_timing(self, profiled: bool, timing: &mut Timing) -> (Vec<LaunchRecord>, u64) {
        if profiled {
            timing.span_ms = Some(median(self.spans));
            timing.kernel_ms = Some(median(self.kernels));
            timing.profiled_ms = Some(median(self.walls));
            timing.launches = Some(self.launches);
        } else {
            timing.ms = median(self.walls);
            timing.enqueue_ms = Some(median(self.enqueues));
        }
        self.last_records
    }
}

/// `--batch`'s report: the preset, the pool's devices, the throughput and the precision of the
/// (host-equal) result.
#[derive(Serialize)]
struct BatchReport {
    preset: &'static str,
    degree: usize,
    slots: usize,
    devices: Vec<String>,
    levels_left: usize,
    precision_bits_mean: f64,
    precision_bits_min: f64,
    #[serde(flatten)]
    throughput: super::throughput::Throughput,
}

/// `--batch K`: bootstraps per second over the device pool. Each tile holds the bootstrapping
/// keys, a bootstrapper (its transforms' plaintexts) and a copy of the input.
fn batch_run(
    job: &Job<'_>,
    setup: &Setup<'_>,
    host: &Evaluator<'_>,
    batch: usize,
    json: Option<OutputFile>,
) -> Result<(), CliError> {
    let devices = job.a.dev.open_pool(false)?;
    let want = Bootstrapper::new(host, job.keys, job.preset)
        .and_then(|b| b.bootstrap(job.ct))
        .map_err(ckks_err)?;
    let pool = EvaluatorPool::new(job.ctx, &devices).map_err(ckks_err)?;
    pool.on_every_tile(|e| job.keys.upload(e))
        .map_err(ckks_err)?;
    let bootstrappers = pool
        .tiles()
        .iter()
        .map(|t| Bootstrapper::new(&t.evaluator, job.keys, job.preset))
        .collect::<CkksResult<Vec<_>>>()
        .map_err(ckks_err)?;
    let inputs: Vec<Ciphertext> = pool.tiles().iter().map(|_| job.ct.clone().gpu()).collect();
    let ids: Vec<String> = devices.devices().iter().map(|d| d.id.to_string()).collect();
    outln!(
        "# Bootstrap throughput, preset {} (N = {}, {} slots), devices {}",
        job.preset.name,
        job.preset.degree(),
        job.preset.slots,
        ids.join(",")
    );
    let want_words = want.data().map_err(ckks_err)?;
    let t = super::throughput::measure(
        &pool,
        "bootstrap",
        batch,
        &|tile, _, _| bootstrappers[tile].bootstrap(&inputs[tile]),
        &|i, c| {
            if c.data().map_err(ckks_err)? == want_words {
                Ok(())
            } else {
                Err(CliError::CheckFailed(format!(
                    "the device's bootstrap {i} differs from the host's"
                )))
            }
        },
    )?;
    super::throughput::print(&t);
    let dec = Decryptor::new(job.ctx, setup.kg.secret_key()).map_err(ckks_err)?;
    let back = CkksEncoder::new(job.ctx)
        .decode_complex(&dec.decrypt(&want).map_err(ckks_err)?)
        .map_err(ckks_err)?;
    let Precision { mean, min, .. } = precision(&back, &setup.x);
    let levels_left = job
        .ctx
        .get_context_data(want.parms_id())
        .map_or(0, |d| d.chain_index());
    outln!("levels left {levels_left}   precision bits mean {mean:.1} min {min:.1}");
    if let Some(file) = json {
        file.write_json(&BatchReport {
            preset: job.preset.name,
            degree: job.preset.degree(),
            slots: job.preset.slots,
            devices: ids,
            levels_left,
            precision_bits_mean: mean,
            precision_bits_min: min,
            throughput: t,
        })?;
    }
    if min < 10.0 {
        return Err(CliError::CheckFailed(format!(
            "precision {min:.1} bits: below the 10 bits any preset keeps"
        )));
    }
    Ok(())
}
