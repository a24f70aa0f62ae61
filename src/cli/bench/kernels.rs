//! `xehe bench kernels`: the coefficient-wise kernels against a copy kernel, in one run, timed
//! with device events (median of the repetitions after warm-up). Every kernel's output is first
//! checked bit for bit against `xehe::arith`.

use super::measure::gbs;
use crate::cli::error::{err, CliError, UsageError};
use crate::cli::output::OutputFile;
use crate::cli::stdout::outln;
use clap::Args;
use rand::{Rng, SeedableRng};
use serde::Serialize;
use xehe::arith::Modulus;
use xehe::device_ops::poly::{self, DeviceModuli};
use xehe::kernels::copy_u64::{CopyArgs, COPY_U64};
use xehe::kernels::poly_elementwise::{self as k, BinaryArgs, MadArgs};
use xehe::primes::CoeffModulus;
use xehe::rns::RnsShape;
use xehe::runtime::{Backend, DeviceBuffer, NdRange, RuntimeError};

#[derive(Args)]
pub struct KernelsArgs {
    #[command(flatten)]
    dev: crate::cli::device_args::DeviceArgs,
    /// Coefficients per polynomial (a power of two, 2 … 131072).
    #[arg(long, default_value_t = 65536)]
    degree: usize,
    /// RNS prime bit sizes per polynomial, with repeats (60x32: 32 primes of 60 bits).
    #[arg(long, default_value = "60x32")]
    moduli: String,
    /// Polynomials.
    #[arg(long, default_value_t = 2)]
    polys: usize,
    /// Timed repetitions per kernel (after 3 warm-up runs).
    #[arg(long, default_value_t = 50)]
    reps: usize,
    /// Work-group size along the coefficient dimension (default: the driver's choice).
    #[arg(long)]
    local: Option<usize>,
    /// Also write the results as JSON to this file.
    #[arg(long)]
    json: Option<std::path::PathBuf>,
}

#[derive(Serialize)]
struct Row {
    kernel: &'static str,
    median_us: f64,
    min_us: f64,
    bytes: u64,
    gb_per_s: f64,
    percent_of_copy: f64,
}

#[derive(Serialize)]
struct Report {
    device: String,
    backend: String,
    degree: usize,
    moduli: usize,
    bits: Vec<u32>,
    polys: usize,
    words: usize,
    reps: usize,
    local: Option<usize>,
    rows: Vec<Row>,
}

fn time(
    backend: &dyn Backend,
    reps: usize,
    mut launch: impl FnMut() -> Result<(), RuntimeError>,
) -> Result<(f64, f64), UsageError> {
    for _ in 0..3 {
        launch().map_err(err)?;
    }
    backend.wait(0).map_err(err)?;
    backend.profiler().clear();
    for _ in 0..reps {
        launch().map_err(err)?;
    }
    backend.wait(0).map_err(err)?;
    let mut ns: Vec<u64> = backend
        .profiler()
        .records()
        .iter()
        .map(|r| r.duration_ns())
        .collect();
    if ns.len() != reps {
        return Err(UsageError(format!(
            "the profiler holds {} launches of {reps}: is profiling on?",
            ns.len()
        )));
    }
    ns.sort_unstable();
    Ok((ns[ns.len() / 2] as f64 / 1e3, ns[0] as f64 / 1e3))
}

fn random(shape: RnsShape, q: &[Modulus], seed: u64) -> Vec<u64> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    (0..shape.words())
        .map(|i| rng.gen_range(0..q[(i / shape.n) % shape.rns_count].value()))
        .collect()
}

fn check(
    backend: &dyn Backend,
    out: &DeviceBuffer,
    expect: &[u64],
    kernel: &str,
) -> Result<(), CliError> {
    let mut got = vec![0u64; expect.len()];
    backend.read(out, 0, &mut got).map_err(err)?;
    if let Some(i) = (0..expect.len()).find(|&i| got[i] != expect[i]) {
        return Err(CliError::CheckFailed(format!(
            "{kernel}: word {i} is {} on the device, {} on the host",
            got[i], expect[i]
        )));
    }
    Ok(())
}

pub fn run(a: &KernelsArgs) -> Result<(), CliError> {
    if a.reps == 0 {
        return Err(UsageError("--reps must be at least 1".into()).into());
    }
    let json = OutputFile::create_opt(a.json.as_deref())?;
    let dev = a.dev.open_profiled()?;
    let b = dev.as_ref();
    if !a.degree.is_power_of_two() || !(2..=131072).contains(&a.degree) {
        return Err(UsageError(format!(
            "--degree {}: use a power of two from 2 to 131072",
            a.degree
        ))
        .into());
    }
    let bits = crate::cli::moduli::parse_list("--moduli", &a.moduli)?;
    let shape = RnsShape::new(a.degree, bits.len(), a.polys).map_err(err)?;
    // Sizes first, before any allocation: five host arrays (three inputs, the expected and the
    // read-back output) and four device arrays.
    crate::cli::memory::check(b, "bench kernels", shape.words(), 5, 4)?;
    let q = CoeffModulus::create(a.degree as u64, &bits)
        .map_err(|e| UsageError(format!("--moduli {}: {e}", a.moduli)))?;
    let moduli = DeviceModuli::upload(&dev, 0, &q).map_err(err)?;
    let (x, y, z) = (
        random(shape, &q, 1),
        random(shape, &q, 2),
        random(shape, &q, 3),
    );
    let up = |d: &[u64]| poly::upload(b, 0, shape, &moduli, d).map_err(err);
    let (bx, by, bz) = (up(&x)?, up(&y)?, up(&z)?);
    let out = b.alloc(0, shape.words()).map_err(err)?;
    let m = |i: usize| &q[(i / shape.n) % shape.rns_count];

    poly::mad(b, shape, &bx, &by, &bz, &out, &moduli).map_err(err)?;
    check(
        b,
        &out,
        &(0..x.len())
            .map(|i| m(i).mad_mod(x[i], y[i], z[i]))
            .collect::<Vec<_>>(),
        "poly_mad",
    )?;
    poly::mul(b, shape, &bx, &by, &out, &moduli).map_err(err)?;
    check(
        b,
        &out,
        &(0..x.len())
            .map(|i| m(i).mul_mod(x[i], y[i]))
            .collect::<Vec<_>>(),
        "poly_mul",
    )?;
    poly::add(b, shape, &bx, &by, &out, &moduli).map_err(err)?;
    check(
        b,
        &out,
        &(0..x.len())
            .map(|i| m(i).add_mod(x[i], y[i]))
            .collect::<Vec<_>>(),
        "poly_add",
    )?;
    let words = shape.words();
    let copy = || CopyArgs {
        src: &bx,
        dst: &out,
    };
    // SAFETY: work-item i copies word i; `bx` and `out` both hold shape.words().
    unsafe { COPY_U64.launch(b, 0, &NdRange::new([words, 1, 1]), copy()) }.map_err(err)?;
    check(b, &out, &x, "copy_u64")?;

    let bytes = |arrays: u64| arrays * words as u64 * 8;
    let mut rows = Vec::new();
    let mut push = |kernel: &'static str, arrays: u64, t: (f64, f64)| {
        let gbs = bytes(arrays) as f64 / (t.0 * 1e3);
        rows.push(Row {
            kernel,
            median_us: t.0,
            min_us: t.1,
            bytes: bytes(arrays),
            gb_per_s: gbs,
            percent_of_copy: 0.0,
        });
    };
    let local = a.local.map(|l| [l, 1, 1]);
    let copy_range = NdRange {
        global: [words, 1, 1],
        local,
    };
    let poly_range = NdRange {
        global: [shape.n, shape.rns_count, shape.poly_count],
        local,
    };
    let (n, rns_count, m) = (shape.n as u32, shape.rns_count as u32, moduli.buffer());
    let binary = || BinaryArgs {
        a: &bx,
        b: &by,
        out: &out,
        moduli: m,
        n,
        rns_count,
    };
    push(
        "copy_u64",
        2,
        // SAFETY: as the copy above.
        time(b, a.reps, || unsafe {
            COPY_U64.launch(b, 0, &copy_range, copy())
        })?,
    );
    push(
        "poly_mad",
        4,
        time(b, a.reps, || {
            let args = MadArgs {
                a: &bx,
                b: &by,
                c: &bz,
                out: &out,
                moduli: m,
                n,
                rns_count,
            };
            // SAFETY: work-item (t, i, p) touches word (p·rns + i)·n + t of four arrays of
            // shape.words() and moduli row i < rns_count (the table of the shape's moduli).
            unsafe { k::POLY_MAD.launch(b, 0, &poly_range, args) }
        })?,
    );
    push(
        "poly_mul",
        3,
        time(b, a.reps, || {
            // SAFETY: as poly_mad above, with three arrays.
            unsafe { k::POLY_MUL.launch(b, 0, &poly_range, binary()) }
        })?,
    );
    push(
        "poly_add",
        3,
        time(b, a.reps, || {
            // SAFETY: as poly_mad above, with three arrays.
            unsafe { k::POLY_ADD.launch(b, 0, &poly_range, binary()) }
        })?,
    );
    let copy_gbs = rows[0].gb_per_s;
    for r in &mut rows {
        r.percent_of_copy = 100.0 * r.gb_per_s / copy_gbs;
    }
    let report = Report {
        device: b.device_name(),
        backend: b.kind().to_string(),
        degree: a.degree,
        moduli: bits.len(),
        bits: bits.clone(),
        polys: a.polys,
        words,
        reps: a.reps,
        local: a.local,
        rows,
    };
    outln!("device: {} [{}]", report.device, report.backend);
    outln!("shape: {} polys × {} moduli × {} coefficients = {} words ({} MiB per array); median of {} runs; work-group size {}", a.polys, bits.len(), a.degree, words, (words * 8) >> 20, a.reps, a.local.map_or("driver default".to_string(), |l| l.to_string()));
    outln!("| kernel | median µs | min µs | MB moved | GB/s | % of copy |");
    outln!("| --- | ---: | ---: | ---: | ---: | ---: |");
    for r in &report.rows {
        outln!(
            "| {} | {:.1} | {:.1} | {:.1} | {} | {:.1} |",
            r.kernel,
            r.median_us,
            r.min_us,
            r.bytes as f64 / 1e6,
            gbs(r.gb_per_s),
            r.percent_of_copy
        );
    }
    if let Some(file) = json {
        file.write_json(&report)?;
    }
    for buf in [bx, by, bz, out] {
        b.free(buf).map_err(err)?;
    }
    drop(moduli);
    Ok(())
}
