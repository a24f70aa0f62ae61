//! `xehe demo`: encrypted workloads end to end on the best available backend, each result
//! decrypted and checked against the same computation in f64:
//!
//! 1. XeHE's polynomial matrix products at N = 8192: C = A·B over matrices of ciphertexts
//!    (each a vector of 4096 slots), 100×10 by 10×1 and 10×9 by 9×8. Each output is the sum of
//!    size-3 products, relinearized and rescaled once.
//! 2. Encrypted logistic-regression inference at N = 16384: a model trained here in f64 on a
//!    generated two-class data set (seeded, 8 features), applied to encrypted feature columns
//!    (one ciphertext per feature, one sample per slot): z = w·x + b, then the degree-3 sigmoid
//!    approximation σ(z) ≈ 0.5 + z·(0.197 − 0.004·z²) (Kim et al.), four levels deep.
//!
//! Prints progress, a summary (each workload's time from its first input to its last check,
//! which with the contexts and keys add up to the total), the wall time split into phases, how
//! busy the device was and a one-line device profile; `--profile DIR` prints the per-operation
//! profile (Markdown) and writes it to profile.md, profile.json, profile.csv and trace.json
//! (Chrome trace); `--no-profile` runs without device events (and so without the last two).

use super::error::ckks_err;
use super::error::{CliError, UsageError};
use super::output::ProfileDir;
use crate::cli::stdout::outln;
use clap::Args;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::io::Write;
use std::sync::Arc;
use std::time::Instant;
use xehe::ckks::device::DeviceContext;
use xehe::ckks::pool::EvaluatorPool;
use xehe::ckks::{
    Ciphertext, CkksEncoder, Context, Decryptor, EncryptionParameters, Encryptor, Evaluator,
    KeyGenerator, RelinKeys,
};
use xehe::primes::SecurityLevel;
use xehe::runtime::pool::DevicePool;
use xehe::runtime::profiler::DataProcessor;
use xehe::runtime::Backend;

#[derive(Args)]
pub struct DemoArgs {
    #[command(flatten)]
    dev: crate::cli::device_args::DeviceArgs,
    /// Print the per-operation device profile and write it (profile.md, profile.json,
    /// profile.csv, trace.json) into this directory, made if missing and checked before any
    /// work.
    #[arg(long)]
    profile: Option<std::path::PathBuf>,
    /// Run without the device profile: launches ask for no events (on NVIDIA's OpenCL an event
    /// costs each launch about 7 µs of host time), so neither the profile nor how busy the
    /// device was is reported.
    #[arg(long, conflicts_with = "profile")]
    no_profile: bool,
    /// Smaller workloads (matMul 10×4×1 and 4×3×2, 256 samples): a quick check.
    #[arg(long)]
    quick: bool,
}

/// One workload's outcome.
struct Outcome {
    name: String,
    results: usize,
    max_error: f64,
    bound: f64,
    /// From generating its inputs to checking its results (set by [`timed`]).
    seconds: f64,
}

/// Runs a workload, its outcome's time the whole of its wall time.
fn timed<T>(
    f: impl FnOnce() -> Result<(Outcome, T), UsageError>,
) -> Result<(Outcome, T), UsageError> {
    let t = Instant::now();
    let (mut outcome, more) = f()?;
    outcome.seconds = t.elapsed().as_secs_f64();
    Ok((outcome, more))
}

/// `what: done/total`: redrawn in place on a terminal, otherwise one line per quarter.
fn progress(what: &str, done: usize, total: usize) {
    use std::io::IsTerminal;
    let mut err = std::io::stderr();
    if err.is_terminal() {
        let _ = write!(err, "\r{what}: {done}/{total}   ");
        if done == total {
            let _ = writeln!(err);
        }
        let _ = err.flush();
    } else if done == total || (done * 4 / total) != ((done - 1) * 4 / total) {
        let _ = writeln!(err, "{what}: {done}/{total}");
    }
}

/// Where the demo's wall time goes, in seconds.
#[derive(Default)]
struct Phases {
    /// Contexts, their device tables, secret, public and relinearization keys.
    keys: f64,
    /// Encoding and encrypting the inputs (device), until the device has finished.
    encrypt: f64,
    /// Evaluation until the device has finished.
    compute: f64,
    /// Reading results back, decrypting and decoding them.
    decrypt: f64,
}

impl Phases {
    /// Runs `f`, adding its wall time to the phase `pick` chooses.
    fn time<R>(&mut self, pick: fn(&mut Phases) -> &mut f64, f: impl FnOnce() -> R) -> R {
        let t = Instant::now();
        let r = f();
        *pick(self) += t.elapsed().as_secs_f64();
        r
    }
}

/// The time the device spent running kernels: the union of the recorded launch intervals (a
/// kernel overlapping another counts once), in seconds.
fn kernel_seconds(records: &[xehe::runtime::profiler::LaunchRecord]) -> f64 {
    let mut spans: Vec<(u64, u64)> = records
        .iter()
        .map(|r| (r.times.start, r.times.end))
        .collect();
    spans.sort_unstable();
    let (mut total, mut open): (u64, Option<(u64, u64)>) = (0, None);
    for (s, e) in spans {
        open = match open {
            Some((os, oe)) if s <= oe => Some((os, oe.max(e))),
            Some((os, oe)) => {
                total += oe - os;
                Some((s, e))
            }
            None => Some((s, e)),
        };
    }
    if let Some((os, oe)) = open {
        total += oe - os;
    }
    total as f64 / 1e9
}

/// One context on the device with its keys and the objects every workload uses.
struct Session<'a> {
    dev: &'a Arc<dyn Backend>,
    /// Every tile's evaluator, when the device pool has more than one tile: independent
    /// outputs are spread over them.
    pool: Option<EvaluatorPool<'a>>,
    /// How each workload's work was spread over the tiles, a line each.
    spread: &'a mut Vec<String>,
    phases: &'a mut Phases,
    ctx: &'a Context,
    rk: &'a RelinKeys,
    encoder: CkksEncoder,
    encryptor: Encryptor<'a>,
    decryptor: Decryptor<'a>,
    eval: Evaluator<'a>,
    /// Where encoding and decoding run: the device where it has double precision, else the
    /// host (Arc has none).
    codec: Codec,
}

/// Encoding and decoding on the device when it has double precision, else on the host.
struct Codec(Option<Arc<DeviceContext>>);

impl Codec {
    fn encode(
        &self,
        encoder: &CkksEncoder,
        values: &[f64],
        scale: f64,
        level: &xehe::ckks::ContextData,
    ) -> xehe::ckks::CkksResult<xehe::ckks::Plaintext> {
        match &self.0 {
            Some(device) => encoder.encode_at_level_on(device, values, scale, level),
            None => encoder.encode_at_level(values, scale, level),
        }
    }

    fn decode(
        &self,
        encoder: &CkksEncoder,
        pt: &xehe::ckks::Plaintext,
    ) -> xehe::ckks::CkksResult<Vec<f64>> {
        match &self.0 {
            Some(device) => encoder.decode_on(device, pt),
            None => encoder.decode(pt),
        }
    }

    /// Many vectors: one launch sequence on the device (the batched form).
    fn encode_many(
        &self,
        encoder: &CkksEncoder,
        values: &[&Vec<f64>],
        scale: f64,
        level: &xehe::ckks::ContextData,
    ) -> xehe::ckks::CkksResult<Vec<xehe::ckks::Plaintext>> {
        match &self.0 {
            Some(device) => encoder.encode_many_at_level_on(device, values, scale, level),
            None => values
                .iter()
                .map(|v| encoder.encode_at_level(v, scale, level))
                .collect(),
        }
    }

    fn decode_many(
        &self,
        encoder: &CkksEncoder,
        pts: &[xehe::ckks::Plaintext],
    ) -> xehe::ckks::CkksResult<Vec<Vec<f64>>> {
        match &self.0 {
            Some(device) => encoder.decode_many_on(device, pts),
            None => pts.iter().map(|p| encoder.decode(p)).collect(),
        }
    }
}

/// Inputs encoded and encrypted (and results decrypted and decoded) this many at a time: one
/// launch sequence each on the device, and few plaintexts alive at once.
const BATCH: usize = 16;

/// Builds the context for degree `n` and primes `bits` on `dev`'s first tile, fresh keys, and
/// runs `f` with the session.
/// The devices a demo runs on: the pool, and its first tile's device, where encryption and
/// decryption run.
struct Devices<'p> {
    pool: &'p DevicePool,
    first: Arc<dyn Backend>,
}

fn with_session<R>(
    devices: &Devices<'_>,
    phases: &mut Phases,
    spread: &mut Vec<String>,
    n: usize,
    bits: &[u32],
    f: impl FnOnce(&mut Session<'_>) -> Result<R, UsageError>,
) -> Result<R, UsageError> {
    let dev = &devices.first;
    let made = Instant::now();
    let parms = EncryptionParameters::with_bit_sizes(n, bits).map_err(ckks_err)?;
    let ctx = Context::new(&parms, SecurityLevel::Tc128).map_err(ckks_err)?;
    let (pool, device) = if devices.pool.tiles().len() > 1 {
        let pool = EvaluatorPool::new(&ctx, devices.pool).map_err(ckks_err)?;
        let first = pool.tiles()[0].evaluator.device().cloned();
        (
            Some(pool),
            first.expect("a pool's evaluators have a device"),
        )
    } else {
        (
            None,
            DeviceContext::new(&ctx, dev.clone(), 0).map_err(ckks_err)?,
        )
    };
    let mut kg = KeyGenerator::new(&ctx);
    let (pk, rk) = (
        kg.create_public_key(),
        kg.create_relin_keys().map_err(ckks_err)?,
    );
    phases.keys += made.elapsed().as_secs_f64();
    let mut session = Session {
        dev,
        pool,
        spread,
        phases,
        ctx: &ctx,
        rk: &rk,
        encoder: CkksEncoder::new(&ctx),
        // Encryption on the device: a plaintext crosses the bus (half a ciphertext), the
        // randomness and the transforms stay there.
        encryptor: Encryptor::new(&ctx, &pk)
            .and_then(|e| e.on_device(device.clone()))
            .map_err(ckks_err)?,
        // Decryption on the device too: the demo plays the key's owner on its own GPU.
        decryptor: Decryptor::new(&ctx, kg.secret_key())
            .and_then(|d| d.on_device(device.clone()))
            .map_err(ckks_err)?,
        eval: Evaluator::with_device(&ctx, device.clone()).map_err(ckks_err)?,
        codec: Codec(dev.limits().fp64.then(|| device.clone())),
    };
    f(&mut session)
}

/// C = A·B for an m×k matrix A and a k×p matrix B of encrypted vectors.
fn mat_mul(s: &mut Session<'_>, m: usize, k: usize, p: usize) -> Result<Outcome, UsageError> {
    let name = format!("matMul {m}×{k}×{p}");
    let Session {
        dev,
        pool,
        spread,
        phases,
        ctx,
        rk,
        encoder,
        encryptor,
        decryptor,
        eval,
        codec,
    } = s;
    let (ctx, rk) = (*ctx, *rk);
    let slots = encoder.slot_count();
    let scale = 2f64.powi(40);
    // Each entry from its own seed, so that every core generates its share.
    let matrix = |id: u64, rows: usize, cols: usize| -> Vec<Vec<Vec<f64>>> {
        (0..rows)
            .into_par_iter()
            .map(|r| {
                (0..cols)
                    .map(|c| {
                        let seed = 42 + (id << 40) + ((r as u64) << 20) + c as u64;
                        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
                        (0..slots).map(|_| rng.gen_range(-1.0..1.0)).collect()
                    })
                    .collect()
            })
            .collect()
    };
    let (a, b) = (matrix(0, m, k), matrix(1, k, p));
    let level = ctx.first_context_data();
    let total = m * k + k * p;
    // Every input encoded and encrypted on the device in batches, each batch's plaintexts
    // dropped at once so that the next batch reuses their buffers: only the values cross the
    // bus.
    let flat: Vec<&Vec<f64>> = a.iter().chain(&b).flatten().collect();
    let mut cts = phases
        .time(
            |p| &mut p.encrypt,
            || -> Result<Vec<Ciphertext>, UsageError> {
                let mut cts = Vec::with_capacity(flat.len());
                for batch in flat.chunks(BATCH) {
                    let pts = codec
                        .encode_many(encoder, batch, scale, level)
                        .map_err(ckks_err)?;
                    cts.extend(encryptor.encrypt_many(&pts).map_err(ckks_err)?);
                }
                // The work runs on the device: its time is this phase's.
                dev.wait(0).map_err(|e| UsageError(e.to_string()))?;
                Ok(cts)
            },
        )?
        .into_iter();
    progress(&format!("{name}: encrypting inputs"), total, total);
    let mut rows = |rows: usize, cols: usize| -> Vec<Vec<Ciphertext>> {
        (0..rows)
            .map(|_| cts.by_ref().take(cols).collect())
            .collect()
    };
    let (ea, eb) = (rows(m, k), rows(k, p));
    let computing = Instant::now();
    if let Some(pool) = pool {
        let out = mat_mul_on_pool(pool, rk, &ea, &eb, p, &name, spread)?;
        phases.compute += computing.elapsed().as_secs_f64();
        return check_products(phases, codec, encoder, decryptor, &out, (&a, &b), name);
    }
    let mut out = Vec::with_capacity(m * p);
    for (i, row) in ea.iter().enumerate() {
        for j in 0..p {
            // Σ_t A[i][t]·B[t][j] as size-3 products, relinearized and rescaled once.
            let mut acc = eval.multiply(&row[0], &eb[0][j]).map_err(ckks_err)?;
            for (a_it, b_row) in row.iter().zip(&eb).skip(1) {
                let prod = eval.multiply(a_it, &b_row[j]).map_err(ckks_err)?;
                eval.add_inplace(&mut acc, &prod).map_err(ckks_err)?;
            }
            let c = eval
                .rescale_to_next(&eval.relinearize(&acc, rk).map_err(ckks_err)?)
                .map_err(ckks_err)?;
            out.push(c);
        }
        progress(&format!("{name}: outputs computed"), (i + 1) * p, m * p);
    }
    dev.wait(0).map_err(|e| UsageError(e.to_string()))?;
    phases.compute += computing.elapsed().as_secs_f64();
    check_products(phases, codec, encoder, decryptor, &out, (&a, &b), name)
}

/// The input matrices' values, `[row][column][slot]`.
type Matrix = Vec<Vec<Vec<f64>>>;

/// An encrypted matrix, `[row][column]`.
type EncryptedMatrix = Vec<Vec<Ciphertext>>;

/// Decrypts and decodes the products and checks them against A·B in f64.
fn check_products(
    phases: &mut Phases,
    codec: &Codec,
    encoder: &CkksEncoder,
    decryptor: &Decryptor<'_>,
    out: &[Ciphertext],
    (a, b): (&Matrix, &Matrix),
    name: String,
) -> Result<Outcome, UsageError> {
    let (m, k, p) = (a.len(), b.len(), b[0].len());
    let slots = encoder.slot_count();
    // The time counts everything until the results are read and decoded.
    let decoded = phases.time(
        |p| &mut p.decrypt,
        || -> Result<Vec<Vec<f64>>, UsageError> {
            // A batch at a time: one launch sequence to decrypt it, one to decode it.
            let mut all = Vec::with_capacity(out.len());
            for batch in out.chunks(BATCH) {
                let pts = decryptor.decrypt_many(batch).map_err(ckks_err)?;
                all.extend(codec.decode_many(encoder, &pts).map_err(ckks_err)?);
            }
            Ok(all)
        },
    )?;
    let mut max_error = 0f64;
    for (idx, got) in decoded.iter().enumerate() {
        let (i, j) = (idx / p, idx % p);
        for s in 0..slots {
            let want: f64 = (0..k).map(|t| a[i][t][s] * b[t][j][s]).sum();
            max_error = max_error.max((got[s] - want).abs());
        }
    }
    Ok(Outcome {
        name,
        results: m * p,
        max_error,
        // Each of the k products within 2^-20 (the evaluator's stated bound), summed.
        bound: k as f64 * 2f64.powi(-20),
        seconds: 0.0,
    })
}

/// The products' outputs C[i][j] as independent jobs over every tile of the pool. Each tile
/// takes its own copies of the encrypted inputs (moved there from the first tile once, at
/// their first use), so that no input moves back and forth between tiles.
fn mat_mul_on_pool(
    pool: &EvaluatorPool<'_>,
    rk: &RelinKeys,
    ea: &[Vec<Ciphertext>],
    eb: &[Vec<Ciphertext>],
    p: usize,
    name: &str,
    spread: &mut Vec<String>,
) -> Result<Vec<Ciphertext>, UsageError> {
    let copies: Vec<(EncryptedMatrix, EncryptedMatrix)> = pool
        .tiles()
        .iter()
        .map(|_| (ea.to_vec(), eb.to_vec()))
        .collect();
    let outputs = (0..ea.len()).flat_map(|i| (0..p).map(move |j| (i, j)));
    let batch = pool.batch(outputs, |tile, eval, (i, j)| {
        let (ea, eb) = &copies[tile];
        let mut acc = eval.multiply(&ea[i][0], &eb[0][j])?;
        for (a_it, b_row) in ea[i].iter().zip(eb).skip(1) {
            let prod = eval.multiply(a_it, &b_row[j])?;
            eval.add_inplace(&mut acc, &prod)?;
        }
        eval.rescale_to_next(&eval.relinearize(&acc, rk)?)
    });
    let total = ea.len() * p;
    progress(&format!("{name}: outputs computed"), total, total);
    pool.wait().map_err(ckks_err)?;
    let shares: Vec<String> = batch
        .tiles
        .iter()
        .map(|t| format!("{} tile {}: {}", t.device, t.tile, t.jobs))
        .collect();
    spread.push(format!(
        "{name}: {total} outputs as independent jobs over {} tiles ({})",
        shares.len(),
        shares.join(", ")
    ));
    batch
        .results
        .into_iter()
        .collect::<Result<Vec<_>, _>>()
        .map_err(ckks_err)
}

/// A seeded two-class data set: `count` samples of 8 features, class means ±0.35 per feature
/// (alternating signs), spread 0.3; returns features and labels.
fn data_set(count: usize) -> (Vec<[f64; 8]>, Vec<bool>) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(2026);
    let mut xs = Vec::with_capacity(count);
    let mut ys = Vec::with_capacity(count);
    for i in 0..count {
        let label = i % 2 == 0;
        let mut x = [0f64; 8];
        for (f, v) in x.iter_mut().enumerate() {
            let mean = if (f % 2 == 0) == label { 0.35 } else { -0.35 };
            // Sum of uniforms: a bell-shaped spread without another dependency.
            let noise: f64 = (0..4).map(|_| rng.gen_range(-0.3..0.3)).sum::<f64>() / 2.0;
            *v = (mean + noise).clamp(-1.0, 1.0);
        }
        xs.push(x);
        ys.push(label);
    }
    (xs, ys)
}

/// Plain gradient descent on the logistic loss.
fn train(xs: &[[f64; 8]], ys: &[bool]) -> ([f64; 8], f64) {
    let (mut w, mut b) = ([0f64; 8], 0f64);
    let sigmoid = |z: f64| 1.0 / (1.0 + (-z).exp());
    for _ in 0..300 {
        let (mut gw, mut gb) = ([0f64; 8], 0f64);
        for (x, &y) in xs.iter().zip(ys) {
            let z = b + x.iter().zip(&w).map(|(a, c)| a * c).sum::<f64>();
            let d = sigmoid(z) - if y { 1.0 } else { 0.0 };
            for f in 0..8 {
                gw[f] += d * x[f];
            }
            gb += d;
        }
        let lr = 0.5 / xs.len() as f64;
        for f in 0..8 {
            w[f] -= lr * gw[f];
        }
        b -= lr * gb;
    }
    (w, b)
}

fn sigmoid3(z: f64) -> f64 {
    0.5 + z * (0.197 - 0.004 * z * z)
}

fn logistic_regression(
    s: &mut Session<'_>,
    samples: usize,
) -> Result<(Outcome, f64, f64), UsageError> {
    let name = format!("logistic regression, {samples} samples × 8 features");
    let Session {
        dev,
        pool,
        spread,
        phases,
        ctx,
        rk,
        encoder,
        encryptor,
        decryptor,
        eval,
        codec,
    } = s;
    let (ctx, rk) = (*ctx, *rk);
    if let Some(pool) = pool {
        spread.push(format!(
            "{name}: one chain of dependent operations, on {}",
            pool.tiles()[0].tile
        ));
    }
    let (xs, ys) = data_set(samples);
    let (w, bias) = train(&xs, &ys);
    let scale = 2f64.powi(40);
    progress(&format!("{name}: encrypting feature columns"), 1, 1);
    let columns = phases.time(
        |p| &mut p.encrypt,
        || -> Result<Vec<Ciphertext>, UsageError> {
            let cts = (0..8)
                .map(|f| {
                    let col: Vec<f64> = xs.iter().map(|x| x[f]).collect();
                    let pt = codec.encode(encoder, &col, scale, ctx.first_context_data())?;
                    encryptor.encrypt(&pt)
                })
                .collect::<Result<Vec<_>, _>>()
                .map_err(ckks_err)?;
            dev.wait(0).map_err(|e| UsageError(e.to_string()))?;
            Ok(cts)
        },
    )?;
    let computing = Instant::now();
    let e = |r: xehe::ckks::CkksResult<Ciphertext>| r.map_err(ckks_err);
    // z = Σ w_f·x_f + b (the weights as constants at the scale of the next prime, so the
    // rescale brings the scale back to about 2^40).
    let weighted = columns
        .iter()
        .zip(&w)
        .map(|(c, &wf)| eval.multiply_const(c, wf, scale))
        .collect::<Result<Vec<_>, _>>()
        .map_err(ckks_err)?;
    let z = e(eval.rescale_to_next(&e(eval.add_many(&weighted))?))?;
    let bias_pt = encoder
        .encode_at_level(
            &vec![bias; samples],
            z.scale(),
            ctx.get_context_data(z.parms_id()).expect("chain level"),
        )
        .map_err(ckks_err)?;
    let z = e(eval.add_plain(&z, &bias_pt))?;
    // u = 0.197 − 0.004·z², then σ ≈ 0.5 + z·u.
    let z2 = e(eval.rescale_to_next(&e(eval.relinearize(&e(eval.square(&z))?, rk))?))?;
    let t = e(eval.rescale_to_next(&e(eval.multiply_const(&z2, -0.004, scale))?))?;
    let level_t = ctx.get_context_data(t.parms_id()).expect("chain level");
    let c197 = encoder
        .encode_at_level(&vec![0.197; samples], t.scale(), level_t)
        .map_err(ckks_err)?;
    let u = e(eval.add_plain(&t, &c197))?;
    let zl = e(eval.mod_switch_to(&z, u.parms_id()))?;
    let zu = e(eval.rescale_to_next(&e(eval.relinearize(&e(eval.multiply(&zl, &u))?, rk))?))?;
    let half = encoder
        .encode_at_level(
            &vec![0.5; samples],
            zu.scale(),
            ctx.get_context_data(zu.parms_id()).expect("chain level"),
        )
        .map_err(ckks_err)?;
    let prob = e(eval.add_plain(&zu, &half))?;
    dev.wait(0).map_err(|e| UsageError(e.to_string()))?;
    phases.compute += computing.elapsed().as_secs_f64();
    let got = phases.time(
        |p| &mut p.decrypt,
        || -> Result<Vec<f64>, UsageError> {
            codec
                .decode(encoder, &decryptor.decrypt(&prob).map_err(ckks_err)?)
                .map_err(ckks_err)
        },
    )?;
    let mut max_error = 0f64;
    let (mut agree, mut correct) = (0usize, 0usize);
    for (i, x) in xs.iter().enumerate() {
        let zf = bias + x.iter().zip(&w).map(|(a, c)| a * c).sum::<f64>();
        let want = sigmoid3(zf);
        max_error = max_error.max((got[i] - want).abs());
        agree += ((got[i] > 0.5) == (want > 0.5)) as usize;
        correct += ((got[i] > 0.5) == ys[i]) as usize;
    }
    Ok((
        Outcome {
            name,
            results: samples,
            max_error,
            bound: 2f64.powi(-15),
            seconds: 0.0,
        },
        agree as f64 / samples as f64,
        correct as f64 / samples as f64,
    ))
}

pub fn run(a: &DemoArgs) -> Result<(), CliError> {
    let profile = ProfileDir::create_opt(a.profile.as_deref())?;
    let pool = a.dev.open_pool(!a.no_profile)?;
    if profile.is_some() && pool.devices().len() > 1 {
        return Err(UsageError(
            "--profile writes one device's profile: the device pool has several root devices"
                .into(),
        )
        .into());
    }
    let devices = Devices {
        pool: &pool,
        first: pool.devices()[0].backend.clone(),
    };
    let dev = devices.first.clone();
    if pool.tiles().len() > 1 {
        let names: Vec<String> = pool
            .devices()
            .iter()
            .map(|d| {
                format!(
                    "{} ({}, {} tiles)",
                    d.id,
                    d.backend.device_name(),
                    d.backend.tile_count()
                )
            })
            .collect();
        outln!(
            "# xehe demo on a device pool of {} tiles: {}",
            pool.tiles().len(),
            names.join("; ")
        );
    } else {
        outln!("# xehe demo on {} ({})", dev.device_name(), dev.kind());
    }
    outln!();
    let started = Instant::now();
    dev.profiler().clear();
    let shapes: &[(usize, usize, usize)] = if a.quick {
        &[(10, 4, 1), (4, 3, 2)]
    } else {
        &[(100, 10, 1), (10, 9, 8)]
    };
    let mut outcomes = Vec::new();
    let mut phases = Phases::default();
    let mut spread = Vec::new();
    for d in pool.devices() {
        d.backend.profiler().clear();
    }
    // Both products share one N = 8192 context, its device tables and keys.
    with_session(
        &devices,
        &mut phases,
        &mut spread,
        8192,
        &[60, 40, 40, 60],
        |s| {
            for &(m, k, p) in shapes {
                outcomes.push(timed(|| Ok((mat_mul(s, m, k, p)?, ())))?.0);
            }
            Ok(())
        },
    )?;
    let samples = if a.quick { 256 } else { 8192 };
    let (lr, (agree, accuracy)) = with_session(
        &devices,
        &mut phases,
        &mut spread,
        16384,
        &[60, 40, 40, 40, 40, 60],
        |s| {
            timed(|| {
                logistic_regression(s, samples).map(|(o, agree, accuracy)| (o, (agree, accuracy)))
            })
        },
    )?;
    outcomes.push(lr);
    outln!(
        "| workload | results checked | max error | bound | seconds (encrypt to check) | verdict |"
    );
    outln!("| --- | --- | --- | --- | --- | --- |");
    let mut failed = Vec::new();
    for o in &outcomes {
        let ok = o.max_error <= o.bound;
        if !ok {
            failed.push(o.name.clone());
        }
        outln!(
            "| {} | {} | {:.3e} | {:.3e} | {:.2} | {} |",
            o.name,
            o.results,
            o.max_error,
            o.bound,
            o.seconds,
            if ok { "ok" } else { "FAILED" }
        );
    }
    outln!();
    outln!(
        "Logistic regression: the encrypted classifier agrees with the f64 one on {:.1}% of the samples; {:.1}% of its labels are right.",
        100.0 * agree,
        100.0 * accuracy
    );
    let wall = started.elapsed().as_secs_f64();
    let workloads: f64 = outcomes.iter().map(|o| o.seconds).sum();
    outln!(
        "Total {wall:.2} s: contexts and keys {:.2} s, the workloads {:.2} s, the rest \
         (releasing the contexts) {:.2} s.",
        phases.keys,
        workloads,
        (wall - phases.keys - workloads).max(0.0)
    );
    let records = dev.profiler().records();
    let kernels = kernel_seconds(&records);
    let named = phases.keys + phases.encrypt + phases.compute + phases.decrypt;
    outln!(
        "Wall time split: keys and contexts {:.2} s, encode + encrypt {:.2} s, compute {:.2} s, \
         decrypt + decode {:.2} s, the rest (checks, data) {:.2} s.",
        phases.keys,
        phases.encrypt,
        phases.compute,
        phases.decrypt,
        (wall - named).max(0.0)
    );
    if !spread.is_empty() {
        outln!(
            "Work spread (encryption and decryption on {}):",
            pool.tiles()[0]
        );
        for line in &spread {
            outln!("- {line}");
        }
    }
    outln!(
        "Encryption and decryption ran on the device; encoding and decoding {}.",
        if dev.limits().fp64 {
            "too"
        } else {
            "on the host (the device has no double precision)"
        }
    );
    if !dev.profiler().enabled() {
        outln!("Device busy: not measured (--no-profile: no device events).");
        outln!();
    } else {
        let first = match pool.devices() {
            [_] => String::new(),
            [d, ..] => format!(" ({})", d.id),
            [] => unreachable!("a pool has a device"),
        };
        outln!(
            "Device busy{first}: kernels ran {:.1} ms, {:.1}% of the wall time.",
            kernels * 1e3,
            100.0 * kernels / wall,
        );
        // Each device keeps its own clock: its busy time is its own.
        for d in pool.devices().iter().skip(1) {
            let k = kernel_seconds(&d.backend.profiler().records());
            outln!(
                "Device busy ({}): kernels ran {:.1} ms, {:.1}% of the wall time.",
                d.id,
                k * 1e3,
                100.0 * k / wall,
            );
        }
        let report = DataProcessor::from_collector(dev.profiler());
        match profile {
            Some(dir) => {
                outln!();
                outln!("# Per-operation device profile\n\n{}", report.to_markdown());
                dir.write(&report)?;
            }
            None => {
                outln!(
                    "Device profile{first}: {} kernel launches in {} kinds of operation \
                     (--profile DIR prints and writes the per-operation profile).",
                    records.len(),
                    report.operation_stats().len()
                );
                outln!();
            }
        }
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(CliError::CheckFailed(format!(
            "results outside their bounds: {}",
            failed.join(", ")
        )))
    }
}
