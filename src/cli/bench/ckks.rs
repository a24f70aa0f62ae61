//! `xehe bench ckks`: XeHE's CKKS routines (MulLin, MulLinRS, SqrLinRS, MulLinRSModSwAdd,
//! Rotate) and single operations (add, multiply_plain, rescale) on a device, each first checked
//! word for word against the host evaluator, then timed: the device span of a call (first
//! kernel's start to last kernel's end, device events), the sum of its kernel times, and the
//! host wall time of the call and a wait. Medians over the repetitions after two warm-up calls.
//! A fusion section times the fused kernels against the launches they replace. The `*_many`
//! rows encode, encrypt, decrypt and decode 16 vectors per call of the library's `*_many`
//! forms (figures per vector; launches per call). `--batch K` times instead the throughput of
//! K independent calls of one routine over every tile of the device pool (`--devices`).

use super::calls::{checked_row, Check, Measured, Row, Sides, Slots, Timed, Timer, Words};
use super::codec_batch;
use crate::cli::ckks_params::{context_with_specials, parse_bits, scale_for};
use crate::cli::error::{ckks_err, CliError, UsageError};
use crate::cli::output::{OutputFile, ProfileDir};
use crate::cli::stdout::outln;
use clap::Args;
use rand::{Rng, SeedableRng};
use serde::Serialize;
use std::sync::Arc;
use xehe::ckks::device::DeviceContext;
use xehe::ckks::pool::EvaluatorPool;
use xehe::ckks::{
    Ciphertext, CkksEncoder, CkksResult, Context, ContextData, Decryptor, Encryptor, Evaluator,
    GaloisKeys, KeyGenerator, Plaintext, PublicKey, RelinKeys,
};
use xehe::runtime::profiler::DataProcessor;
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
    /// 2^16). "60,40x6,60" repeats 40 six times. Default 60,40x6,60; 64-bit words only.
    #[arg(long)]
    moduli: Option<String>,
    /// The residues' word: 64 (SEAL's primes, from --moduli) or 32 (a 32-bit-tier family,
    /// from --family; N must be the family's).
    #[arg(long, default_value_t = 64, value_parser = parse_word_bits)]
    word_bits: u32,
    /// With --word-bits 32, the family: n16-w32-s40, n15-w32-s40 or insecure-n12-w32-s40.
    #[arg(long)]
    family: Option<String>,
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
    /// Throughput instead: K independent calls of one routine (--routines, default MulLin)
    /// spread over every tile of the device pool (--devices), and the same K calls on its
    /// first tile alone; jobs per second overall and per tile, every result checked against
    /// the host. The batch is timed once: --reps does not apply.
    #[arg(long, value_name = "K", conflicts_with_all = ["pipelined", "no_check", "profile", "reps"])]
    batch: Option<usize>,
    /// Also write the results as JSON to this file.
    #[arg(long)]
    json: Option<std::path::PathBuf>,
    /// Also write the per-operation profile of the timed calls (profile.md, profile.json,
    /// profile.csv, trace.json) into this directory, made if missing and checked before any work.
    #[arg(long)]
    profile: Option<std::path::PathBuf>,
}

/// The operands of every routine: three ciphertexts, a plaintext and the keys.
struct Inputs {
    a: Ciphertext,
    b: Ciphertext,
    c: Ciphertext,
    p: Plaintext,
    /// Shared by every copy of the inputs: a key is placed once per tile.
    rk: Arc<RelinKeys>,
    gk: Arc<GaloisKeys>,
}

impl Inputs {
    /// Copies marked for the device (uploaded at first use, then kept there).
    fn for_device(&self) -> Inputs {
        Inputs {
            a: self.a.clone().gpu(),
            b: self.b.clone().gpu(),
            c: self.c.clone().gpu(),
            p: self.p.clone().gpu(),
            rk: self.rk.clone(),
            gk: self.gk.clone(),
        }
    }
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

/// The rows a 32-bit-tier context runs on a device: modulus switching is SEAL chains' only, and
/// public-key encryption there has no device form yet (nor the `*_many` rows, which encrypt
/// with the public key).
const TIER32_ROWS: [&str; 13] = [
    "MulLin",
    "MulLinRS",
    "SqrLinRS",
    "Rotate",
    "add",
    "multiply_plain",
    "rescale",
    "Rotate8Hoisted",
    "Rotate8",
    "encode",
    "encrypt_symmetric",
    "decrypt",
    "decode",
];

/// The arguments once checked: the prime sizes (the key level's, special primes last), the
/// 32-bit-tier family where asked, and the rows asked for (every row when `wanted` is `None`).
struct Plan<'a> {
    bits: Vec<u32>,
    family: Option<xehe::primes::LevelFamily>,
    wanted: Option<Vec<&'a str>>,
}

impl Plan<'_> {
    /// Whether the row `name` runs.
    fn wants(&self, name: &str) -> bool {
        let tier = self.family.is_none() || TIER32_ROWS.contains(&name);
        tier && self.wanted.as_ref().is_none_or(|w| w.contains(&name))
    }

    /// The context: SEAL's primes with `specials` special, or the family's chain; 128-bit
    /// security where the HE standard allows it, otherwise without (said on stderr).
    fn context(&self, degree: usize, specials: usize) -> Result<Context, CliError> {
        let Some(f) = &self.family else {
            return Ok(context_with_specials(degree, &self.bits, specials)?);
        };
        match Context::from_family(f, xehe::primes::SecurityLevel::Tc128) {
            Err(xehe::ckks::CkksError::Insecure { reason }) => {
                eprintln!("note: {reason}; benchmarking without a security level");
                Ok(Context::from_family(f, xehe::primes::SecurityLevel::None).map_err(ckks_err)?)
            }
            other => Ok(other.map_err(ckks_err)?),
        }
    }

    /// The special primes: the family's, or `--special-primes`.
    fn specials(&self, a: &CkksArgs) -> usize {
        self.family
            .as_ref()
            .map_or(a.special_primes, |f| f.specials().len())
    }
}

/// `--word-bits`: 32 or 64.
fn parse_word_bits(s: &str) -> Result<u32, String> {
    match s {
        "32" => Ok(32),
        "64" => Ok(64),
        _ => Err(format!("{s:?}: use 32 or 64")),
    }
}

/// The 32-bit-tier family `--family` names, checked against the other arguments.
fn tier32_family(a: &CkksArgs) -> Result<xehe::primes::LevelFamily, CliError> {
    if a.moduli.is_some() {
        return Err(UsageError(
            "--moduli is for 64-bit words; --word-bits 32 takes its primes from --family".into(),
        )
        .into());
    }
    let names = || {
        xehe::primes::FamilyPreset::ALL
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let Some(name) = &a.family else {
        return Err(
            UsageError(format!("--word-bits 32 needs --family: one of {}", names())).into(),
        );
    };
    let preset = xehe::primes::FamilyPreset::from_name(name).ok_or_else(|| {
        UsageError(format!(
            "--family {name:?} is unknown; use one of {}",
            names()
        ))
    })?;
    let family = preset
        .family()
        .map_err(|e| UsageError(format!("--family {name}: {e}")))?;
    if family.degree() as usize != a.degree {
        return Err(UsageError(format!(
            "--family {name} is for N = {}; pass --degree {}",
            family.degree(),
            family.degree()
        ))
        .into());
    }
    Ok(family)
}

/// Checks the arguments before any file, device or key is made. The parameters' own checks
/// come with the context, made after the device opens so that its security note (stderr)
/// never comes before a refusal's one line.
fn check(a: &CkksArgs) -> Result<Plan<'_>, CliError> {
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
    let (bits, family) = match a.word_bits {
        32 => {
            let f = tier32_family(a)?;
            let bits = f.key_primes().iter().map(|q| q.bit_count()).collect();
            (bits, Some(f))
        }
        _ => {
            if a.family.is_some() {
                return Err(UsageError(
                    "--family is for --word-bits 32; 64-bit words take --moduli".into(),
                )
                .into());
            }
            (
                parse_bits(a.moduli.as_deref().unwrap_or("60,40x6,60"))?,
                None,
            )
        }
    };
    let wanted: Option<Vec<&str>> = a.routines.as_deref().map(|s| s.split(',').collect());
    let known = |n: &str| {
        CODEC.contains(&n)
            || codec_batch::NAMES.contains(&n)
            || ROUTINES.iter().any(|r| r.0 == n)
            || ROTATIONS.iter().any(|r| r.0 == n)
    };
    if let Some(bad) = wanted.iter().flatten().find(|n| !known(n)) {
        let mut names: Vec<&str> = ROUTINES.iter().map(|r| r.0).collect();
        names.extend(ROTATIONS.iter().map(|r| r.0));
        names.extend(CODEC);
        names.extend(codec_batch::NAMES);
        return Err(
            UsageError(format!("unknown routine {bad:?}: use {}", names.join(", "))).into(),
        );
    }
    if family.is_some() {
        if let Some(bad) = wanted.iter().flatten().find(|n| !TIER32_ROWS.contains(n)) {
            return Err(UsageError(format!(
                "routine {bad:?} does not run on a device with 32-bit words yet; use {}",
                TIER32_ROWS.join(", ")
            ))
            .into());
        }
    }
    Ok(Plan {
        bits,
        family,
        wanted,
    })
}

/// The report files asked for, started before any work.
struct Outputs {
    json: Option<OutputFile>,
    profile: Option<ProfileDir>,
}

impl Outputs {
    fn create(a: &CkksArgs) -> Result<Self, CliError> {
        Ok(Outputs {
            json: OutputFile::create_opt(a.json.as_deref())?,
            profile: ProfileDir::create_opt(a.profile.as_deref())?,
        })
    }
}

/// The host side every row starts from: keys, encoder, operands, and the host evaluator the
/// device is checked against.
struct Host<'c> {
    ctx: &'c Context,
    kg: KeyGenerator<'c>,
    pk: PublicKey,
    encoder: CkksEncoder,
    level: &'c ContextData,
    scale: f64,
    /// The plaintext operand's message, also what the codec rows encode and encrypt.
    message: Vec<f64>,
    inputs: Inputs,
    eval: Evaluator<'c>,
}

impl<'c> Host<'c> {
    /// Keys (for the eight rotation steps only where their rows run: each key is as large as
    /// the relinearization key), four random messages and the operands made of them.
    fn new(a: &CkksArgs, plan: &Plan<'_>, ctx: &'c Context) -> Result<Self, CliError> {
        eprintln!(
            "keys and inputs for N = {}, {} primes ({} special) ...",
            a.degree,
            plan.bits.len(),
            plan.specials(a)
        );
        let mut kg = KeyGenerator::new(ctx);
        let pk = kg.create_public_key();
        let rk = kg.create_relin_keys().map_err(ckks_err)?;
        let rotations = ROTATIONS.iter().any(|r| plan.wants(r.0));
        let steps: &[i64] = if rotations { &EIGHT_STEPS } else { &[1] };
        let gk = kg
            .create_galois_keys_for_steps(steps, false)
            .map_err(ckks_err)?;
        let encoder = CkksEncoder::new(ctx);
        let level = ctx.first_context_data();
        // A 32-bit-tier level's default scale lands a rescaled product on the next level's.
        let scale = ctx
            .default_scale(level.chain_index())
            .unwrap_or_else(|| scale_for(level));
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let mut message = || -> Vec<f64> {
            (0..encoder.slot_count())
                .map(|_| rng.gen_range(-1.0..1.0))
                .collect()
        };
        let (ma, mb, mc, mp) = (message(), message(), message(), message());
        let inputs = {
            let encryptor = Encryptor::new(ctx, &pk).map_err(ckks_err)?;
            let enc = |m: &[f64]| -> Result<Ciphertext, UsageError> {
                let pt = encoder.encode_at_level(m, scale, level).map_err(ckks_err)?;
                encryptor.encrypt(&pt).map_err(ckks_err)
            };
            Inputs {
                a: enc(&ma)?,
                b: enc(&mb)?,
                c: enc(&mc)?,
                p: encoder
                    .encode_at_level(&mp, scale, level)
                    .map_err(ckks_err)?,
                rk: Arc::new(rk),
                gk: Arc::new(gk),
            }
        };
        Ok(Host {
            ctx,
            kg,
            pk,
            encoder,
            level,
            scale,
            message: mp,
            inputs,
            eval: Evaluator::new(ctx),
        })
    }

    /// A fresh decryptor with the secret key, on the host.
    fn decryptor(&self) -> Result<Decryptor<'_>, CliError> {
        Ok(Decryptor::new(self.ctx, self.kg.secret_key()).map_err(ckks_err)?)
    }
}

/// One opening of the device: a device context on tile 0, an evaluator there and copies of
/// the operands marked for it.
struct Side<'c> {
    backend: Arc<dyn Backend>,
    device: Arc<DeviceContext>,
    eval: Evaluator<'c>,
    inputs: Inputs,
}

impl<'c> Side<'c> {
    fn new(ctx: &'c Context, backend: Arc<dyn Backend>, host: &Inputs) -> Result<Self, CliError> {
        let device = DeviceContext::new(ctx, backend.clone(), 0).map_err(ckks_err)?;
        Ok(Side {
            eval: Evaluator::with_device(ctx, device.clone()).map_err(ckks_err)?,
            inputs: host.for_device(),
            device,
            backend,
        })
    }
}

/// The profiled opening every row is timed on and, with `--pipelined`, a second opening for
/// the wall times without profiling: its launches ask for no events (its profiler stays empty
/// unless XEHE_PROFILE=1 turns it on).
struct Openings<'c> {
    main: Side<'c>,
    quiet: Option<Side<'c>>,
}

impl<'c> Openings<'c> {
    fn open(
        a: &CkksArgs,
        ctx: &'c Context,
        profiled: Arc<dyn Backend>,
        host: &Inputs,
    ) -> Result<Self, CliError> {
        let main = Side::new(ctx, profiled, host)?;
        let quiet = match a.pipelined {
            Some(_) => Some(Side::new(ctx, a.dev.open()?, host)?),
            None => None,
        };
        Ok(Openings { main, quiet })
    }

    /// How every row is timed on these openings.
    fn timer(&self, a: &CkksArgs) -> Timer<'_> {
        Timer {
            backend: self.main.backend.as_ref(),
            quiet: self.quiet.as_ref().map(|q| q.backend.as_ref()),
            reps: a.reps,
            pipelined: a.pipelined,
        }
    }

    /// The openings themselves, as the routines' states.
    fn sides(&self) -> Sides<&Side<'c>> {
        Sides {
            main: &self.main,
            quiet: self.quiet.as_ref(),
        }
    }

    /// A state made by `make` for each opening (an encryptor, a decryptor, a plaintext there).
    fn each<'s, S>(
        &'s self,
        make: impl Fn(&'s Side<'c>) -> Result<S, CliError>,
    ) -> Result<Sides<S>, CliError> {
        Ok(Sides {
            main: make(&self.main)?,
            quiet: self.quiet.as_ref().map(make).transpose()?,
        })
    }
}

/// What every measure step reads: the arguments, the host side, the device's openings and
/// how rows are timed.
struct Bench<'r, 'c> {
    a: &'r CkksArgs,
    plan: &'r Plan<'r>,
    host: &'r Host<'c>,
    dev: &'r Openings<'c>,
    timer: Timer<'r>,
}

pub fn run(a: &CkksArgs) -> Result<(), CliError> {
    let plan = check(a)?;
    if let Some(k) = a.batch {
        return batch_run(a, &plan, k);
    }
    let outputs = Outputs::create(a)?;
    let dev = a.dev.open_profiled()?;
    let ctx = plan.context(a.degree, plan.specials(a))?;
    let host = Host::new(a, &plan, &ctx)?;
    let openings = Openings::open(a, &ctx, dev.clone(), &host.inputs)?;
    let bench = Bench {
        a,
        plan: &plan,
        host: &host,
        dev: &openings,
        timer: openings.timer(a),
    };
    let mut measured = Measured::default();
    measure_routines(&bench, &mut measured)?;
    measure_encode(&bench, &mut measured)?;
    measure_encrypt(&bench, &mut measured)?;
    measure_decrypt(&bench, &mut measured)?;
    measure_decode(&bench, &mut measured)?;
    measured.extend(measure_batches(&bench)?);
    // The fusion section times SEAL-chain kernels against their unfused launches.
    let fusion = match plan.family {
        None => super::fusion::run(&dev, &ctx, a.reps)?,
        Some(_) => Vec::new(),
    };
    finish(a, &plan, dev.as_ref(), measured, fusion, outputs)
}

/// The routines' rows, then the rotations': each checked word for word against the host
/// evaluator, then timed.
fn measure_routines(b: &Bench<'_, '_>, out: &mut Measured) -> Result<(), CliError> {
    for &(name, routine) in ROUTINES.iter().filter(|r| b.plan.wants(r.0)) {
        out.push(routine_row(b, name, routine)?);
    }
    for &(name, routine) in ROTATIONS.iter().filter(|r| b.plan.wants(r.0)) {
        out.push(routine_row(b, name, routine)?);
    }
    Ok(())
}

/// One routine's row.
fn routine_row<T: Words>(
    b: &Bench<'_, '_>,
    name: &str,
    routine: fn(&Evaluator<'_>, &Inputs) -> CkksResult<T>,
) -> Result<Timed, CliError> {
    let check = Check::equal_if(
        !b.a.no_check,
        || {
            let h = routine(&b.host.eval, &b.host.inputs).map_err(ckks_err)?;
            Ok(h.words().map_err(ckks_err)?.into_owned())
        },
        format!("{name}: device result differs from the host evaluator"),
    )?;
    checked_row(&b.timer, name, check, true, &b.dev.sides(), |s| {
        routine(&s.eval, &s.inputs)
    })
}

/// Encoding on the device: the values cross the bus, the words are the host encoder's.
fn measure_encode(b: &Bench<'_, '_>, out: &mut Measured) -> Result<(), CliError> {
    if !b.plan.wants("encode") {
        return Ok(());
    }
    let h = b.host;
    let check = Check::equal_if(
        !b.a.no_check,
        || {
            let expect = h
                .encoder
                .encode_at_level(&h.message, h.scale, h.level)
                .map_err(ckks_err)?;
            Ok(expect.data().map_err(ckks_err)?.into_owned())
        },
        "encode: the device encoding differs from the host encoder",
    )?;
    out.push(checked_row(
        &b.timer,
        "encode",
        check,
        false,
        &b.dev.sides(),
        |s| {
            h.encoder
                .encode_at_level_on(&s.device, &h.message, h.scale, h.level)
        },
    )?);
    Ok(())
}

/// Encryption on the device of a plaintext already there (the device's work: the draws, the
/// transforms, the division by the extra prime for the public key; SEAL's seeded uniform draw
/// for the secret key), checked by decryption: fresh randomness gives other words than the
/// host's (tests compare both for one key).
fn measure_encrypt(b: &Bench<'_, '_>, out: &mut Measured) -> Result<(), CliError> {
    let h = b.host;
    for (name, symmetric) in [("encrypt", false), ("encrypt_symmetric", true)] {
        if !b.plan.wants(name) {
            continue;
        }
        let encryptors = b.dev.each(|s| {
            let e = if symmetric {
                Encryptor::symmetric(h.ctx, h.kg.secret_key())
            } else {
                Encryptor::new(h.ctx, &h.pk)
            };
            let e = e.and_then(|e| e.on_device(s.device.clone()));
            Ok((e.map_err(ckks_err)?, s))
        })?;
        let check = match b.a.no_check {
            true => Check::Skip,
            false => Check::Test(Box::new(|ct: &Ciphertext| decrypts_near(h, name, ct))),
        };
        out.push(checked_row(
            &b.timer,
            name,
            check,
            false,
            &encryptors,
            |(e, s)| e.encrypt(&s.inputs.p),
        )?);
    }
    Ok(())
}

/// Whether `ct` decrypts to the host's message within the bound of a fresh encryption.
fn decrypts_near(h: &Host<'_>, name: &str, ct: &Ciphertext) -> Result<(), CliError> {
    let got = h
        .encoder
        .decode(&h.decryptor()?.decrypt(ct).map_err(ckks_err)?)
        .map_err(ckks_err)?;
    let err = got
        .iter()
        .zip(&h.message)
        .map(|(g, w)| (g - w).abs())
        .fold(0.0, f64::max);
    if err > crate::cli::ckks_params::fresh_error_bound(h.ctx, h.scale) {
        return Err(CliError::CheckFailed(format!(
            "{name}: the device encryption decrypts {err:.3e} away from the message"
        )));
    }
    Ok(())
}

/// A decryptor with the secret key uploaded to `s`'s device (`Decryptor::on_device`).
fn device_decryptor<'h>(h: &'h Host<'_>, s: &Side<'_>) -> Result<Decryptor<'h>, CliError> {
    let d = h.decryptor()?.on_device(s.device.clone());
    Ok(d.map_err(ckks_err)?)
}

/// Decryption on the device of a ciphertext already there: the host decryptor's words.
fn measure_decrypt(b: &Bench<'_, '_>, out: &mut Measured) -> Result<(), CliError> {
    if !b.plan.wants("decrypt") {
        return Ok(());
    }
    let h = b.host;
    let check = Check::equal_if(
        !b.a.no_check,
        || {
            let pt = h.decryptor()?.decrypt(&h.inputs.a).map_err(ckks_err)?;
            Ok(pt.data().map_err(ckks_err)?.into_owned())
        },
        "decrypt: the device decryption differs from the host decryptor",
    )?;
    let decryptors = b.dev.each(|s| Ok((device_decryptor(h, s)?, s)))?;
    out.push(checked_row(
        &b.timer,
        "decrypt",
        check,
        true,
        &decryptors,
        |(d, s)| d.decrypt(&s.inputs.a),
    )?);
    Ok(())
}

/// Decoding on the device of a decryption there: the host decoder's bits.
fn measure_decode(b: &Bench<'_, '_>, out: &mut Measured) -> Result<(), CliError> {
    if !b.plan.wants("decode") {
        return Ok(());
    }
    let h = b.host;
    let check = Check::equal_if(
        !b.a.no_check,
        || {
            let pt = h.decryptor()?.decrypt(&h.inputs.a).map_err(ckks_err)?;
            let slots = Slots(h.encoder.decode(&pt).map_err(ckks_err)?);
            Ok(slots.words().map_err(ckks_err)?.into_owned())
        },
        "decode: the device decoding differs from the host decoder",
    )?;
    let decrypted = b.dev.each(|s| {
        let pt = device_decryptor(h, s)?
            .decrypt(&s.inputs.a)
            .map_err(ckks_err)?;
        Ok((s.device.clone(), pt))
    })?;
    out.push(checked_row(
        &b.timer,
        "decode",
        check,
        false,
        &decrypted,
        |(device, pt)| h.encoder.decode_on(device, pt).map(Slots),
    )?);
    Ok(())
}

/// The `*_many` rows ([`codec_batch`]).
fn measure_batches(b: &Bench<'_, '_>) -> Result<Measured, CliError> {
    let h = b.host;
    let setup = codec_batch::Setup {
        ctx: h.ctx,
        level: h.level,
        scale: h.scale,
        pk: &h.pk,
        sk: h.kg.secret_key(),
        message: &h.message,
        check: !b.a.no_check,
    };
    let devices = b.dev.each(|s| Ok(s.device.clone()))?;
    codec_batch::rows(&setup, &b.timer, &devices, |n| b.plan.wants(n))
}

#[derive(Serialize)]
struct Report {
    device: String,
    backend: String,
    degree: usize,
    bits: Vec<u32>,
    special_primes: usize,
    /// The residues' word on the device.
    word_bits: u32,
    reps: usize,
    checked: bool,
    rows: Vec<Row>,
    fusion: Vec<super::measure::FusionRow>,
    /// Peers' figures for exactly these parameters, quoted (not measured by this run).
    quoted: Vec<crate::cli::quoted::QuotedSet>,
}

/// Prints the report, then writes the JSON and the profile asked for.
fn finish(
    a: &CkksArgs,
    plan: &Plan<'_>,
    b: &dyn Backend,
    measured: Measured,
    fusion: Vec<super::measure::FusionRow>,
    outputs: Outputs,
) -> Result<(), CliError> {
    let Measured {
        rows,
        records,
        wall_ns,
    } = measured;
    let report = Report {
        device: b.device_name(),
        backend: b.kind().name().to_string(),
        degree: a.degree,
        bits: plan.bits.clone(),
        special_primes: plan.specials(a),
        word_bits: a.word_bits,
        reps: a.reps,
        checked: !a.no_check,
        rows,
        fusion,
        quoted: match plan.family {
            None => crate::cli::quoted::ckks_sets(a.degree, &plan.bits, a.special_primes),
            Some(_) => Vec::new(),
        },
    };
    print_report(&report);
    if let Some(file) = outputs.json {
        file.write_json(&report)?;
    }
    if let Some(dir) = outputs.profile {
        dir.write(&DataProcessor::with_wall(records, wall_ns))?;
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

/// Prints every table of the report.
fn print_report(r: &Report) {
    print_rows(r);
    if r.rows.iter().any(|row| row.pipelined.is_some()) {
        print_pipelined(r);
    }
    print_quoted(r);
    print_fusion(r);
}

/// The heading and one row per routine.
fn print_rows(r: &Report) {
    outln!(
        "# CKKS on {} ({}), N = {}, {}-bit words, primes {:?} ({} special), {} reps{}",
        r.device,
        r.backend,
        r.degree,
        r.word_bits,
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
}

/// The queued and unprofiled figures of `--pipelined`.
fn print_pipelined(r: &Report) {
    outln!(
        "K calls queued back to back, one wait; µs per call (medians). Profiled: the device \
         opened with an event per launch; unprofiled: a second opening without."
    );
    outln!();
    outln!("| routine | K | queued wall, unprofiled | queued wall, profiled | queued span | one call's wall, unprofiled | one call's wall, profiled | one call's span | wall − span, one call unprofiled | replayed recording, unprofiled |");
    outln!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for row in &r.rows {
        let Some(p) = &row.pipelined else { continue };
        let (uq, u1) = row
            .unprofiled
            .as_ref()
            .map_or((f64::NAN, f64::NAN), |u| (u.pipelined_wall_us, u.wall_us));
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
            replayed(row),
        );
    }
    outln!();
}

/// The replayed recording's wall time and kind, or "—" where none was timed.
fn replayed(row: &Row) -> String {
    let timed = row
        .unprofiled
        .as_ref()
        .and_then(|u| u.recorded_wall_us.zip(u.recorded_native));
    match timed {
        Some((us, native)) => {
            format!(
                "{us:.1} ({})",
                if native { "command buffer" } else { "list" }
            )
        }
        None => "—".to_string(),
    }
}

/// Peers' quoted figures for these parameters beside this run's spans.
fn print_quoted(r: &Report) {
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
}

/// The fused kernels against the launches they replace.
fn print_fusion(r: &Report) {
    // A 32-bit-tier run has no fusion section (its kernels are the SEAL chain's).
    if r.fusion.is_empty() {
        return;
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cmd {
        #[command(flatten)]
        a: CkksArgs,
    }

    fn args(args: &[&str]) -> CkksArgs {
        match Cmd::try_parse_from(std::iter::once("ckks").chain(args.iter().copied())) {
            Ok(cmd) => cmd.a,
            Err(e) => panic!("{e}"),
        }
    }

    fn refusal(a: &CkksArgs) -> String {
        match check(a) {
            Ok(_) => String::new(),
            Err(CliError::Usage(m) | CliError::CheckFailed(m)) => m,
        }
    }

    #[test]
    fn the_rows_asked_for_are_known_and_checked_without_a_device() {
        let a = args(&[
            "--moduli",
            "40x2,50",
            "--routines",
            "add,encode_many,Rotate8",
        ]);
        let Ok(plan) = check(&a) else {
            panic!("known rows are accepted")
        };
        assert_eq!(plan.bits, [40, 40, 50]);
        for (row, wanted) in [
            ("add", true),
            ("encode_many", true),
            ("Rotate8", true),
            ("MulLin", false),
            ("decode", false),
        ] {
            assert_eq!(plan.wants(row), wanted, "{row}");
        }
        let every = args(&[]);
        let Ok(all) = check(&every) else {
            panic!("the defaults are accepted")
        };
        assert!(ROUTINES.iter().all(|r| all.wants(r.0)));
        assert!(ROTATIONS.iter().all(|r| all.wants(r.0)));
        assert!(CODEC
            .iter()
            .chain(&codec_batch::NAMES)
            .all(|n| all.wants(n)));
        let e = refusal(&args(&["--routines", "add,Nope"]));
        assert!(
            e.starts_with("unknown routine \"Nope\": use MulLin, "),
            "{e}"
        );
        assert!(e.ends_with("decode_many"), "every row is named: {e}");
        for (flags, says) in [
            (vec!["--reps", "0"], "--reps must be at least 1"),
            (vec!["--pipelined", "0"], "--pipelined 0: use 1 to 10000"),
            (vec!["--pipelined", "10001"], "--pipelined 10001"),
            (vec!["--moduli", "40,x"], "--moduli"),
        ] {
            let e = refusal(&args(&flags));
            assert!(e.contains(says), "{flags:?}: {e}");
        }
    }
}

/// `--batch`'s report: the parameters, the pool's devices and the throughput.
#[derive(Serialize)]
struct BatchReport {
    devices: Vec<String>,
    degree: usize,
    bits: Vec<u32>,
    special_primes: usize,
    word_bits: u32,
    #[serde(flatten)]
    throughput: super::throughput::Throughput,
}

/// `--batch K`: one routine's throughput over the device pool. Each tile holds its own copy
/// of the operands (uploaded by its warm-up job) and every key once.
fn batch_run(a: &CkksArgs, plan: &Plan<'_>, batch: usize) -> Result<(), CliError> {
    use super::throughput::{self, MAX_BATCH};
    if !(1..=MAX_BATCH).contains(&batch) {
        return Err(UsageError(format!("--batch {batch}: use 1 to {MAX_BATCH} jobs")).into());
    }
    let name = match plan.wanted.as_deref() {
        None => "MulLin",
        Some([one]) => one,
        Some(_) => {
            return Err(UsageError(
                "--batch times one routine per run: name one with --routines".into(),
            )
            .into())
        }
    };
    let Some(&(name, routine)) = ROUTINES.iter().find(|r| r.0 == name) else {
        let names: Vec<&str> = ROUTINES.iter().map(|r| r.0).collect();
        return Err(UsageError(format!(
            "--batch times one of {}, not {name}",
            names.join(", ")
        ))
        .into());
    };
    let json = OutputFile::create_opt(a.json.as_deref())?;
    let devices = a.dev.open_pool(false)?;
    let ctx = plan.context(a.degree, plan.specials(a))?;
    let host = Host::new(a, plan, &ctx)?;
    let want = routine(&host.eval, &host.inputs).map_err(ckks_err)?;
    let want = want.data().map_err(ckks_err)?;
    let pool = EvaluatorPool::new(&ctx, &devices).map_err(ckks_err)?;
    pool.upload_keys(Some(&host.inputs.rk), Some(&host.inputs.gk))
        .map_err(ckks_err)?;
    let operands: Vec<Inputs> = pool
        .tiles()
        .iter()
        .map(|_| host.inputs.for_device())
        .collect();
    let ids: Vec<String> = devices.devices().iter().map(|d| d.id.to_string()).collect();
    outln!(
        "# {name} throughput, N = {}, {} primes ({} special), devices {}",
        a.degree,
        plan.bits.len(),
        plan.specials(a),
        ids.join(",")
    );
    let t = throughput::measure(
        &pool,
        name,
        batch,
        &|tile, e, _| routine(e, &operands[tile]),
        &|i, c| {
            if c.data().map_err(ckks_err)? == want {
                Ok(())
            } else {
                Err(CliError::CheckFailed(format!(
                    "{name}: the result of job {i} differs from the host evaluator's"
                )))
            }
        },
    )?;
    throughput::print(&t);
    if let Some(file) = json {
        file.write_json(&BatchReport {
            devices: ids,
            degree: a.degree,
            bits: plan.bits.clone(),
            special_primes: plan.specials(a),
            word_bits: a.word_bits,
            throughput: t,
        })?;
    }
    Ok(())
}
