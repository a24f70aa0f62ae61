//! `xehe bench ckks`: XeHE's CKKS routines (MulLin, MulLinRS, SqrLinRS, MulLinRSModSwAdd,
//! Rotate) and single operations (add, multiply_plain, rescale) on a device, each first checked
//! word for word against the host evaluator, then timed: the device span of a call (first
//! kernel's start to last kernel's end, device events), the sum of its kernel times, and the
//! host wall time of the call and a wait. Medians over the repetitions after two warm-up calls.
//! A fusion section times the fused kernels against the launches they replace. The `*_many`
//! rows encode, encrypt, decrypt and decode 16 vectors per call of the library's `*_many`
//! forms (figures per vector; launches per call).

use super::calls::{measure, Row, Slots, Words};
use super::codec_batch;
use crate::cli::ckks_params::{context_with_specials, parse_bits, scale_for};
use crate::cli::error::ckks_err;
use crate::cli::error::{CliError, UsageError};
use crate::cli::output::{OutputFile, ProfileDir};
use crate::cli::stdout::outln;
use clap::Args;
use rand::{Rng, SeedableRng};
use serde::Serialize;
use xehe::ckks::device::DeviceContext;
use xehe::ckks::{
    Ciphertext, CkksEncoder, CkksResult, Decryptor, Encryptor, Evaluator, GaloisKeys, KeyGenerator,
    Plaintext, RelinKeys,
};
use xehe::runtime::profiler::{DataProcessor, LaunchRecord};
use xehe::runtime::Backend;

#[derive(Args)]
pub struct CkksArgs {
    #[command(flatten)]
    dev: crate::cli::device_args::DeviceArgs,
    /// Degree N (2^12 … 2^16).
    #[arg(long, default_value_t = 16384)]
    degree: usize,
    /// Prime bit sizes, the special primes last (Phantom's sets: 60,40x6,60 at 2^14;
    /// 60,40x7,60 at 2^15; 60,40x31,60 at 2^16; with --special-primes 4, 60,40x35,60x4 at
    /// 2^16). "60,40x6,60" repeats 40 six times.
    #[arg(long, default_value = "60,40x6,60")]
    moduli: String,
    /// How many of the last primes are special (hybrid key switching with digits of that many
    /// primes; 1 is SEAL's layout).
    #[arg(long, default_value_t = 1, value_name = "K")]
    special_primes: usize,
    /// Routines to run (comma-separated), default all.
    #[arg(long)]
    routines: Option<String>,
    /// Timed repetitions per routine (after 2 warm-up calls).
    #[arg(long, default_value_t = 20)]
    reps: usize,
    /// Also time K calls of each routine queued back to back with one wait at the end (each
    /// result dropped as the next is queued): wall time and device span per call.
    #[arg(long, value_name = "K")]
    pipelined: Option<usize>,
    /// Skip the word-for-word check against the host evaluator.
    #[arg(long)]
    no_check: bool,
    /// Also write the results as JSON to this file.
    #[arg(long)]
    json: Option<std::path::PathBuf>,
    /// Also write the per-operation profile of the timed calls (profile.md, profile.json,
    /// profile.csv, trace.json) into this directory, made if missing and checked before any work.
    #[arg(long)]
    profile: Option<std::path::PathBuf>,
}

struct Inputs {
    a: Ciphertext,
    b: Ciphertext,
    c: Ciphertext,
    p: Plaintext,
    rk: RelinKeys,
    gk: GaloisKeys,
}

/// The rows that move a message between the host and the device, after [`ROUTINES`].
const CODEC: [&str; 5] = [
    "encode",
    "encrypt",
    "encrypt_symmetric",
    "decrypt",
    "decode",
];

/// The most calls `--pipelined` queues per batch.
const MAX_PIPELINED: usize = 10_000;

type Routine = fn(&Evaluator<'_>, &Inputs) -> CkksResult<Ciphertext>;

/// Routines with several results (checked and timed as one call).
type ManyRoutine = fn(&Evaluator<'_>, &Inputs) -> CkksResult<Vec<Ciphertext>>;

/// The steps of the rotation rows: eight, each with its own Galois key.
const EIGHT_STEPS: [i64; 8] = [1, 2, 3, 4, 5, 6, 7, 8];

/// Eight rotations of one ciphertext: hoisted (one decomposition shared by all) and one by one.
const ROTATIONS: &[(&str, ManyRoutine)] = &[
    ("Rotate8Hoisted", |e, i| {
        e.rotate_many(&i.a, &EIGHT_STEPS, &i.gk)
    }),
    ("Rotate8", |e, i| {
        EIGHT_STEPS
            .iter()
            .map(|&s| e.rotate_vector(&i.a, s, &i.gk))
            .collect()
    }),
];

/// XeHE's routines, then the single operations peers' tables list (benches/quoted).
const ROUTINES: &[(&str, Routine)] = &[
    ("MulLin", |e, i| {
        e.relinearize(&e.multiply(&i.a, &i.b)?, &i.rk)
    }),
    ("MulLinRS", |e, i| {
        e.rescale_to_next(&e.relinearize(&e.multiply(&i.a, &i.b)?, &i.rk)?)
    }),
    ("SqrLinRS", |e, i| {
        e.rescale_to_next(&e.relinearize(&e.square(&i.a)?, &i.rk)?)
    }),
    ("MulLinRSModSwAdd", |e, i| {
        let x = e.rescale_to_next(&e.relinearize(&e.multiply(&i.a, &i.b)?, &i.rk)?)?;
        let mut c = e.mod_switch_to_next(&i.c)?;
        c.set_scale(x.scale())?;
        e.add(&x, &c)
    }),
    ("Rotate", |e, i| e.rotate_vector(&i.a, 1, &i.gk)),
    ("add", |e, i| e.add(&i.a, &i.b)),
    ("multiply_plain", |e, i| e.multiply_plain(&i.a, &i.p)),
    ("rescale", |e, i| e.rescale_to_next(&i.a)),
];

/// Where a routine runs: the profiled device, the host evaluator it is checked against, and the
/// unprofiled opening of `--pipelined`.
struct Sides<'s, 'c> {
    eval: &'s Evaluator<'c>,
    gpu: &'s Inputs,
    host: &'s Evaluator<'c>,
    host_inputs: &'s Inputs,
    quiet: Option<(&'s dyn Backend, &'s Evaluator<'c>, &'s Inputs)>,
}

/// Checks `routine` word for word against the host evaluator (unless `--no-check`), then times
/// it on the device.
fn check_and_measure<T: Words>(
    b: &dyn Backend,
    a: &CkksArgs,
    s: &Sides<'_, '_>,
    name: &str,
    routine: fn(&Evaluator<'_>, &Inputs) -> CkksResult<T>,
) -> Result<(Row, Vec<LaunchRecord>, u64), CliError> {
    let mut expect = None;
    if !a.no_check {
        let d = routine(s.eval, s.gpu).map_err(ckks_err)?;
        let h = routine(s.host, s.host_inputs).map_err(ckks_err)?;
        let h = h.words().map_err(ckks_err)?.into_owned();
        if *d.words().map_err(ckks_err)? != *h {
            return Err(CliError::CheckFailed(format!(
                "{name}: device result differs from the host evaluator"
            )));
        }
        expect = Some(h);
    }
    let quiet_run = s
        .quiet
        .map(|(q, qeval, qin)| (q, move || routine(qeval, qin)));
    measure(
        b,
        name,
        a.reps,
        a.pipelined,
        expect.as_deref(),
        || routine(s.eval, s.gpu),
        quiet_run,
        true,
    )
}

#[derive(Serialize)]
struct Report {
    device: String,
    backend: String,
    degree: usize,
    bits: Vec<u32>,
    special_primes: usize,
    reps: usize,
    checked: bool,
    rows: Vec<Row>,
    fusion: Vec<super::measure::FusionRow>,
    /// Peers' figures for exactly these parameters, quoted (not measured by this run).
    quoted: Vec<crate::cli::quoted::QuotedSet>,
}

pub fn run(a: &CkksArgs) -> Result<(), CliError> {
    if a.reps == 0 {
        return Err(UsageError("--reps must be at least 1".into()).into());
    }
    if let Some(k) = a.pipelined {
        if !(1..=MAX_PIPELINED).contains(&k) {
            return Err(UsageError(format!(
                "--pipelined {k}: use 1 to {MAX_PIPELINED} calls per batch"
            ))
            .into());
        }
    }
    let bits = parse_bits(&a.moduli)?;
    let wanted: Option<Vec<&str>> = a.routines.as_deref().map(|s| s.split(',').collect());
    if let Some(w) = &wanted {
        let known = |n: &str| {
            CODEC.contains(&n)
                || codec_batch::NAMES.contains(&n)
                || ROUTINES.iter().any(|r| r.0 == n)
                || ROTATIONS.iter().any(|r| r.0 == n)
        };
        if let Some(bad) = w.iter().find(|n| !known(n)) {
            let mut names: Vec<&str> = ROUTINES.iter().map(|r| r.0).collect();
            names.extend(ROTATIONS.iter().map(|r| r.0));
            names.extend(CODEC);
            names.extend(codec_batch::NAMES);
            return Err(
                UsageError(format!("unknown routine {bad:?}: use {}", names.join(", "))).into(),
            );
        }
    }
    let json = OutputFile::create_opt(a.json.as_deref())?;
    let profile = ProfileDir::create_opt(a.profile.as_deref())?;
    let dev = a.dev.open_profiled()?;
    let ctx = context_with_specials(a.degree, &bits, a.special_primes)?;
    eprintln!(
        "keys and inputs for N = {}, {} primes ({} special) ...",
        a.degree,
        bits.len(),
        a.special_primes
    );
    let mut kg = KeyGenerator::new(&ctx);
    let pk = kg.create_public_key();
    let rk = kg.create_relin_keys().map_err(ckks_err)?;
    // Keys for the eight rotation steps only where their rows run (each key is as large as
    // the relinearization key).
    let wants_rotations = ROTATIONS
        .iter()
        .any(|r| wanted.as_ref().is_none_or(|w| w.contains(&r.0)));
    let steps: &[i64] = if wants_rotations { &EIGHT_STEPS } else { &[1] };
    let gk = kg
        .create_galois_keys_for_steps(steps, false)
        .map_err(ckks_err)?;
    let encoder = CkksEncoder::new(&ctx);
    let encryptor = Encryptor::new(&ctx, &pk).map_err(ckks_err)?;
    let level = ctx.first_context_data();
    let scale = scale_for(level);
    let mut rng = rand::rngs::StdRng::seed_from_u64(3);
    let mut message = || -> Vec<f64> {
        (0..encoder.slot_count())
            .map(|_| rng.gen_range(-1.0..1.0))
            .collect()
    };
    let (ma, mb, mc, mp) = (message(), message(), message(), message());
    let enc = |m: &[f64]| -> Result<Ciphertext, UsageError> {
        let pt = encoder.encode_at_level(m, scale, level).map_err(ckks_err)?;
        encryptor.encrypt(&pt).map_err(ckks_err)
    };
    let host_inputs = Inputs {
        a: enc(&ma)?,
        b: enc(&mb)?,
        c: enc(&mc)?,
        p: encoder
            .encode_at_level(&mp, scale, level)
            .map_err(ckks_err)?,
        rk,
        gk,
    };
    let device = DeviceContext::new(&ctx, dev.clone(), 0).map_err(ckks_err)?;
    let eval = Evaluator::with_device(&ctx, device.clone()).map_err(ckks_err)?;
    let host = Evaluator::new(&ctx);
    let gpu = Inputs {
        a: host_inputs.a.clone().gpu(),
        b: host_inputs.b.clone().gpu(),
        c: host_inputs.c.clone().gpu(),
        p: host_inputs.p.clone().gpu(),
        rk: host_inputs.rk.clone(),
        gk: host_inputs.gk.clone(),
    };
    // Wall times without profiling come from a second opening of the device, whose launches
    // ask for no events (its profiler stays empty unless XEHE_PROFILE=1 turns it on).
    let quiet = match a.pipelined {
        Some(_) => {
            let q = a.dev.open()?;
            let d = DeviceContext::new(&ctx, q.clone(), 0).map_err(ckks_err)?;
            let inputs = Inputs {
                a: host_inputs.a.clone().gpu(),
                b: host_inputs.b.clone().gpu(),
                c: host_inputs.c.clone().gpu(),
                p: host_inputs.p.clone().gpu(),
                rk: host_inputs.rk.clone(),
                gk: host_inputs.gk.clone(),
            };
            Some((
                q,
                Evaluator::with_device(&ctx, d).map_err(ckks_err)?,
                inputs,
            ))
        }
        None => None,
    };
    let b = dev.as_ref();
    let mut rows = Vec::new();
    let (mut records, mut profiled_wall_ns) = (Vec::new(), 0u64);
    let sides = Sides {
        eval: &eval,
        gpu: &gpu,
        host: &host,
        host_inputs: &host_inputs,
        quiet: quiet
            .as_ref()
            .map(|(q, qeval, qin)| (q.as_ref(), qeval, qin)),
    };
    let single = ROUTINES
        .iter()
        .filter(|(name, _)| wanted.as_ref().is_none_or(|w| w.contains(name)))
        .map(|&(name, routine)| check_and_measure(b, a, &sides, name, routine));
    let several = ROTATIONS
        .iter()
        .filter(|(name, _)| wanted.as_ref().is_none_or(|w| w.contains(name)))
        .map(|&(name, routine)| check_and_measure(b, a, &sides, name, routine));
    for measured in single.chain(several) {
        let (row, recs, wall_ns) = measured?;
        profiled_wall_ns += wall_ns;
        rows.push(row);
        records.extend(recs);
    }
    // Encoding on the device: the values cross the bus, the words are the host encoder's.
    if wanted.as_ref().is_none_or(|w| w.contains(&"encode")) {
        let expect = encoder
            .encode_at_level(&mp, scale, level)
            .map_err(ckks_err)?;
        let expect = expect.data().map_err(ckks_err)?.into_owned();
        let got = encoder
            .encode_at_level_on(&device, &mp, scale, level)
            .map_err(ckks_err)?;
        if !a.no_check && *got.data().map_err(ckks_err)? != *expect {
            return Err(CliError::CheckFailed(
                "encode: the device encoding differs from the host encoder".into(),
            ));
        }
        let quiet_dev = quiet
            .as_ref()
            .map(|(_, qeval, _)| qeval.device().expect("a device evaluator").clone());
        let quiet_run = quiet
            .as_ref()
            .zip(quiet_dev.as_ref())
            .map(|((q, _, _), d)| {
                (q.as_ref(), || {
                    encoder.encode_at_level_on(d, &mp, scale, level)
                })
            });
        let (row, recs, wall_ns) = measure(
            b,
            "encode",
            a.reps,
            a.pipelined,
            (!a.no_check).then_some(&expect[..]),
            || encoder.encode_at_level_on(&device, &mp, scale, level),
            quiet_run,
            false,
        )?;
        profiled_wall_ns += wall_ns;
        rows.push(row);
        records.extend(recs);
    }
    // Encryption on the device of a plaintext already there (the device's work: the draws, the
    // transforms, the division by the extra prime for the public key; SEAL's seeded uniform
    // draw for the secret key), checked by decryption: fresh randomness gives other words than
    // the host's (tests compare both for one key).
    for (name, symmetric) in [("encrypt", false), ("encrypt_symmetric", true)] {
        if wanted.as_ref().is_some_and(|w| !w.contains(&name)) {
            continue;
        }
        let make = |on: std::sync::Arc<DeviceContext>| {
            let e = if symmetric {
                Encryptor::symmetric(&ctx, kg.secret_key())
            } else {
                Encryptor::new(&ctx, &pk)
            };
            e.and_then(|e| e.on_device(on)).map_err(ckks_err)
        };
        let dev_enc = make(device.clone())?;
        let decryptor = Decryptor::new(&ctx, kg.secret_key()).map_err(ckks_err)?;
        let ct = dev_enc.encrypt(&gpu.p).map_err(ckks_err)?;
        let got = encoder
            .decode(&decryptor.decrypt(&ct).map_err(ckks_err)?)
            .map_err(ckks_err)?;
        let err = got
            .iter()
            .zip(&mp)
            .map(|(g, w)| (g - w).abs())
            .fold(0.0, f64::max);
        if !a.no_check && err > crate::cli::ckks_params::fresh_error_bound(&ctx, scale) {
            return Err(CliError::CheckFailed(format!(
                "{name}: the device encryption decrypts {err:.3e} away from the message"
            )));
        }
        let quiet_enc = match &quiet {
            Some((_, qeval, qin)) => Some((
                make(qeval.device().expect("a device evaluator").clone())?,
                qin,
            )),
            None => None,
        };
        let quiet_run = quiet
            .as_ref()
            .zip(quiet_enc.as_ref())
            .map(|((q, _, _), (e, qin))| (q.as_ref(), move || e.encrypt(&qin.p)));
        let (row, recs, wall_ns) = measure(
            b,
            name,
            a.reps,
            a.pipelined,
            None,
            || dev_enc.encrypt(&gpu.p),
            quiet_run,
            false,
        )?;
        profiled_wall_ns += wall_ns;
        rows.push(row);
        records.extend(recs);
    }
    // Decryption on the device (the secret key uploaded by `Decryptor::on_device`) of a
    // ciphertext already there, and decoding there of its result: the host's words and bits.
    let wants = |n: &str| wanted.as_ref().is_none_or(|w| w.contains(&n));
    if wants("decrypt") || wants("decode") {
        let host_dec = Decryptor::new(&ctx, kg.secret_key()).map_err(ckks_err)?;
        let dev_dec = Decryptor::new(&ctx, kg.secret_key())
            .and_then(|d| d.on_device(device.clone()))
            .map_err(ckks_err)?;
        let host_pt = host_dec.decrypt(&host_inputs.a).map_err(ckks_err)?;
        let expect_pt = host_pt.data().map_err(ckks_err)?.into_owned();
        let expect_slots = Slots(encoder.decode(&host_pt).map_err(ckks_err)?)
            .words()
            .map_err(ckks_err)?
            .into_owned();
        let quiet_dec = match &quiet {
            Some((_, qeval, qin)) => {
                let qdev = qeval.device().expect("a device evaluator").clone();
                let d = Decryptor::new(&ctx, kg.secret_key())
                    .and_then(|d| d.on_device(qdev.clone()))
                    .map_err(ckks_err)?;
                let pt = d.decrypt(&qin.a).map_err(ckks_err)?;
                Some((d, qdev, qin, pt))
            }
            None => None,
        };
        if wants("decrypt") {
            let quiet_run = quiet
                .as_ref()
                .zip(quiet_dec.as_ref())
                .map(|((q, _, _), (d, _, qin, _))| (q.as_ref(), move || d.decrypt(&qin.a)));
            let (row, recs, wall_ns) = measure(
                b,
                "decrypt",
                a.reps,
                a.pipelined,
                (!a.no_check).then_some(&expect_pt[..]),
                || dev_dec.decrypt(&gpu.a),
                quiet_run,
                true,
            )?;
            profiled_wall_ns += wall_ns;
            rows.push(row);
            records.extend(recs);
        }
        if wants("decode") {
            let pt = dev_dec.decrypt(&gpu.a).map_err(ckks_err)?;
            let encoder = &encoder;
            let quiet_run =
                quiet
                    .as_ref()
                    .zip(quiet_dec.as_ref())
                    .map(|((q, _, _), (_, qdev, _, qpt))| {
                        (q.as_ref(), move || encoder.decode_on(qdev, qpt).map(Slots))
                    });
            let (row, recs, wall_ns) = measure(
                b,
                "decode",
                a.reps,
                a.pipelined,
                (!a.no_check).then_some(&expect_slots[..]),
                || encoder.decode_on(&device, &pt).map(Slots),
                quiet_run,
                false,
            )?;
            profiled_wall_ns += wall_ns;
            rows.push(row);
            records.extend(recs);
        }
    }
    let setup = codec_batch::Setup {
        ctx: &ctx,
        level,
        scale,
        pk: &pk,
        sk: kg.secret_key(),
        message: &mp,
        reps: a.reps,
        pipelined: a.pipelined,
        check: !a.no_check,
    };
    let quiet_device = quiet.as_ref().map(|(q, qeval, _)| {
        let d = qeval.device().expect("a device evaluator").clone();
        (q.as_ref(), d)
    });
    let (batch_rows, recs, wall_ns) = codec_batch::rows(&setup, b, &device, quiet_device, wants)?;
    profiled_wall_ns += wall_ns;
    rows.extend(batch_rows);
    records.extend(recs);
    let fusion = super::fusion::run(&dev, &ctx, a.reps)?;
    let report = Report {
        device: b.device_name(),
        backend: b.kind().name().to_string(),
        degree: a.degree,
        bits: bits.clone(),
        special_primes: a.special_primes,
        reps: a.reps,
        checked: !a.no_check,
        rows,
        fusion,
        quoted: crate::cli::quoted::ckks_sets(a.degree, &bits, a.special_primes),
    };
    print_report(&report);
    if let Some(file) = json {
        file.write_json(&report)?;
    }
    if let Some(dir) = profile {
        dir.write(&DataProcessor::with_wall(records, profiled_wall_ns))?;
    }
    Ok(())
}

/// "97x", or "0.57x" below 10.
fn ratio(r: f64) -> String {
    if r < 10.0 {
        format!("{r:.2}x")
    } else {
        format!("{r:.0}x")
    }
}

fn print_report(r: &Report) {
    outln!(
        "# CKKS on {} ({}), N = {}, primes {:?} ({} special), {} reps{}",
        r.device,
        r.backend,
        r.degree,
        r.bits,
        r.special_primes,
        r.reps,
        if r.checked {
            ", every routine checked against the host evaluator"
        } else {
            ""
        }
    );
    outln!();
    outln!("| routine | launches | device span µs | kernel sum µs | wall µs |");
    outln!("| --- | --- | --- | --- | --- |");
    for row in &r.rows {
        outln!(
            "| {} | {} | {:.1} | {:.1} | {:.1} |",
            row.routine,
            row.launches,
            row.span_us,
            row.kernel_us,
            row.wall_us,
        );
    }
    if r.rows.iter().any(|row| row.routine.ends_with("_many")) {
        outln!();
        outln!(
            "`*_many`: {} vectors a call (one launch sequence for encode, encrypt and decode; one \
             launch each for decrypt); µs per vector, launches per call.",
            codec_batch::BATCH
        );
    }
    outln!();
    if r.rows.iter().any(|row| row.pipelined.is_some()) {
        outln!(
            "K calls queued back to back, one wait; µs per call (medians). Profiled: the device \
             opened with an event per launch; unprofiled: a second opening without."
        );
        outln!();
        outln!("| routine | K | queued wall, unprofiled | queued wall, profiled | queued span | one call's wall, unprofiled | one call's wall, profiled | one call's span | wall − span, one call unprofiled | replayed recording, unprofiled |");
        outln!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
        for row in &r.rows {
            if let Some(p) = &row.pipelined {
                let (uq, u1) = row
                    .unprofiled
                    .as_ref()
                    .map_or((f64::NAN, f64::NAN), |u| (u.pipelined_wall_us, u.wall_us));
                let replayed = match row
                    .unprofiled
                    .as_ref()
                    .and_then(|u| u.recorded_wall_us.zip(u.recorded_native))
                {
                    Some((us, native)) => {
                        format!(
                            "{us:.1} ({})",
                            if native { "command buffer" } else { "list" }
                        )
                    }
                    None => "—".to_string(),
                };
                outln!(
                    "| {} | {} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {} |",
                    row.routine,
                    p.k,
                    uq,
                    p.wall_us,
                    p.span_us,
                    u1,
                    row.wall_us,
                    row.span_us,
                    u1 - row.span_us,
                    replayed,
                );
            }
        }
        outln!();
    }
    for q in &r.quoted {
        outln!(
            "Quoted, not measured by this run: {} on {}, {} (same N and primes):",
            q.source,
            q.machine,
            q.date
        );
        outln!();
        outln!("| routine | quoted µs | this run's span µs | quoted / span |");
        outln!("| --- | --- | --- | --- |");
        for row in &r.rows {
            if let Some(&us) = q.us.get(&row.routine) {
                outln!(
                    "| {} | {us:.1} | {:.1} | {} |",
                    row.routine,
                    row.span_us,
                    ratio(us / row.span_us)
                );
            }
        }
        outln!();
    }
    outln!(
        "Fusion (same shapes and inputs, word-for-word equal results; medians in µs of device \
         kernel time and of device span, which adds the gaps between launches):"
    );
    outln!();
    outln!(
        "| fused | kernels | span | replaces | kernels | span | saved (kernels) | saved (span) |"
    );
    outln!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for f in &r.fusion {
        outln!(
            "| {} | {:.1} | {:.1} | {} | {:.1} | {:.1} | {:.0}% | {:.0}% |",
            f.fused,
            f.fused_us,
            f.fused_span_us,
            f.unfused,
            f.unfused_us,
            f.unfused_span_us,
            100.0 * (1.0 - f.fused_us / f.unfused_us),
            100.0 * (1.0 - f.fused_span_us / f.unfused_span_us)
        );
    }
}
