//! `xehe bench kernels`: the coefficient-wise kernels against a copy kernel, in one run, timed
//! with device events (median of the repetitions after warm-up). Every kernel's output is first
//! checked bit for bit against `xehe::arith`.

use super::measure::{device_equals, gbs};
use crate::cli::error::{err, CliError, UsageError};
use crate::cli::output::OutputFile;
use crate::cli::stdout::outln;
use clap::Args;
use rand::{Rng, SeedableRng};
use serde::Serialize;
use std::sync::Arc;
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

/// The arguments once checked: the primes and the arrays' shape.
struct Params {
    bits: Vec<u32>,
    shape: RnsShape,
    q: Vec<Modulus>,
}

/// Checks the arguments, before any file or device is opened.
fn check_args(a: &KernelsArgs) -> Result<Params, CliError> {
    if a.reps == 0 {
        return Err(UsageError("--reps must be at least 1".into()).into());
    }
    if !a.degree.is_power_of_two() || !(2..=131072).contains(&a.degree) {
        return Err(UsageError(format!(
            "--degree {}: use a power of two from 2 to 131072",
            a.degree
        ))
        .into());
    }
    let bits = crate::cli::moduli::parse_list("--moduli", &a.moduli)?;
    let shape = RnsShape::new(a.degree, bits.len(), a.polys).map_err(err)?;
    let q = CoeffModulus::create(a.degree as u64, &bits)
        .map_err(|e| UsageError(format!("--moduli {}: {e}", a.moduli)))?;
    Ok(Params { bits, shape, q })
}

/// The three random inputs on the host and on the device, the device's output array and its
/// table of moduli.
struct Arrays {
    x: Vec<u64>,
    y: Vec<u64>,
    z: Vec<u64>,
    bx: DeviceBuffer,
    by: DeviceBuffer,
    bz: DeviceBuffer,
    out: DeviceBuffer,
    moduli: DeviceModuli,
}

impl Arrays {
    fn upload(dev: &Arc<dyn Backend>, p: &Params) -> Result<Self, CliError> {
        let (b, shape) = (dev.as_ref(), p.shape);
        let moduli = DeviceModuli::upload(dev, 0, &p.q).map_err(err)?;
        let (x, y, z) = (
            random(shape, &p.q, 1),
            random(shape, &p.q, 2),
            random(shape, &p.q, 3),
        );
        let up = |d: &[u64]| poly::upload(b, 0, shape, &moduli, d).map_err(err);
        let (bx, by, bz) = (up(&x)?, up(&y)?, up(&z)?);
        let out = b.alloc(0, shape.words()).map_err(err)?;
        Ok(Arrays {
            x,
            y,
            z,
            bx,
            by,
            bz,
            out,
            moduli,
        })
    }

    fn free(self, b: &dyn Backend) -> Result<(), CliError> {
        for buf in [self.bx, self.by, self.bz, self.out] {
            b.free(buf).map_err(err)?;
        }
        drop(self.moduli);
        Ok(())
    }
}

pub fn run(a: &KernelsArgs) -> Result<(), CliError> {
    let p = check_args(a)?;
    let json = OutputFile::create_opt(a.json.as_deref())?;
    let dev = a.dev.open_profiled()?;
    let b = dev.as_ref();
    // Sizes first, before any allocation: five host arrays (three inputs, the expected and the
    // read-back output) and four device arrays.
    crate::cli::memory::check(b, "bench kernels", p.shape.words(), 5, 4)?;
    let arrays = Arrays::upload(&dev, &p)?;
    check_kernels(b, &p, &arrays)?;
    let rows = time_kernels(a, b, p.shape, &arrays)?;
    let report = Report {
        device: b.device_name(),
        backend: b.kind().to_string(),
        degree: a.degree,
        moduli: p.bits.len(),
        bits: p.bits,
        polys: a.polys,
        words: p.shape.words(),
        reps: a.reps,
        local: a.local,
        rows,
    };
    print_report(&report);
    if let Some(file) = json {
        file.write_json(&report)?;
    }
    arrays.free(b)
}

/// Every kernel's output against `xehe::arith`'s, word for word.
fn check_kernels(b: &dyn Backend, p: &Params, r: &Arrays) -> Result<(), CliError> {
    let (shape, moduli) = (p.shape, &r.moduli);
    let (x, y, z) = (&r.x, &r.y, &r.z);
    let m = |i: usize| &p.q[(i / shape.n) % shape.rns_count];
    let expect = |f: &dyn Fn(usize) -> u64| (0..x.len()).map(f).collect::<Vec<_>>();
    poly::mad(b, shape, &r.bx, &r.by, &r.bz, &r.out, moduli).map_err(err)?;
    let mad = expect(&|i| m(i).mad_mod(x[i], y[i], z[i]));
    device_equals(b, &r.out, &mad, "poly_mad")?;
    poly::mul(b, shape, &r.bx, &r.by, &r.out, moduli).map_err(err)?;
    device_equals(
        b,
        &r.out,
        &expect(&|i| m(i).mul_mod(x[i], y[i])),
        "poly_mul",
    )?;
    poly::add(b, shape, &r.bx, &r.by, &r.out, moduli).map_err(err)?;
    device_equals(
        b,
        &r.out,
        &expect(&|i| m(i).add_mod(x[i], y[i])),
        "poly_add",
    )?;
    let copy = CopyArgs {
        src: &r.bx,
        dst: &r.out,
    };
    let range = NdRange::new([shape.words(), 1, 1]);
    // SAFETY: work-item i copies word i; `bx` and `out` both hold shape.words().
    unsafe { COPY_U64.launch(b, 0, &range, copy) }.map_err(err)?;
    device_equals(b, &r.out, x, "copy_u64")
}

/// The timed rows: the copy first, then the kernels, each against the copy's bandwidth.
fn time_kernels(
    a: &KernelsArgs,
    b: &dyn Backend,
    shape: RnsShape,
    r: &Arrays,
) -> Result<Vec<Row>, CliError> {
    let words = shape.words();
    let local = a.local.map(|l| [l, 1, 1]);
    let copy_range = NdRange {
        global: [words, 1, 1],
        local,
    };
    let poly_range = NdRange {
        global: [shape.n, shape.rns_count, shape.poly_count],
        local,
    };
    let (n, rns_count, m) = (shape.n as u32, shape.rns_count as u32, r.moduli.buffer());
    let binary = || BinaryArgs {
        a: &r.bx,
        b: &r.by,
        out: &r.out,
        moduli: m,
        n,
        rns_count,
    };
    let copy = || {
        let args = CopyArgs {
            src: &r.bx,
            dst: &r.out,
        };
        // SAFETY: work-item i copies word i; `bx` and `out` both hold shape.words().
        unsafe { COPY_U64.launch(b, 0, &copy_range, args) }
    };
    let mad = || {
        let args = MadArgs {
            a: &r.bx,
            b: &r.by,
            c: &r.bz,
            out: &r.out,
            moduli: m,
            n,
            rns_count,
        };
        // SAFETY: work-item (t, i, p) touches word (p·rns + i)·n + t of four arrays of
        // shape.words() and moduli row i < rns_count (the table of the shape's moduli).
        unsafe { k::POLY_MAD.launch(b, 0, &poly_range, args) }
    };
    // SAFETY: as poly_mad above, with three arrays.
    let mul = || unsafe { k::POLY_MUL.launch(b, 0, &poly_range, binary()) };
    // SAFETY: as poly_mad above, with three arrays.
    let add = || unsafe { k::POLY_ADD.launch(b, 0, &poly_range, binary()) };
    let mut rows = vec![
        row(words, "copy_u64", 2, time(b, a.reps, copy)?),
        row(words, "poly_mad", 4, time(b, a.reps, mad)?),
        row(words, "poly_mul", 3, time(b, a.reps, mul)?),
        row(words, "poly_add", 3, time(b, a.reps, add)?),
    ];
    let copy_gbs = rows[0].gb_per_s;
    for r in &mut rows {
        r.percent_of_copy = 100.0 * r.gb_per_s / copy_gbs;
    }
    Ok(rows)
}

/// The row of a kernel that moves `arrays` arrays of `words` words, from its (median, min) µs.
fn row(words: usize, kernel: &'static str, arrays: u64, t: (f64, f64)) -> Row {
    let bytes = arrays * words as u64 * 8;
    Row {
        kernel,
        median_us: t.0,
        min_us: t.1,
        bytes,
        gb_per_s: bytes as f64 / (t.0 * 1e3),
        percent_of_copy: 0.0,
    }
}

/// Prints the heading and one row per kernel.
fn print_report(report: &Report) {
    outln!("device: {} [{}]", report.device, report.backend);
    outln!("shape: {} polys × {} moduli × {} coefficients = {} words ({} MiB per array); median of {} runs; work-group size {}", report.polys, report.moduli, report.degree, report.words, (report.words * 8) >> 20, report.reps, report.local.map_or("driver default".to_string(), |l| l.to_string()));
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cmd {
        #[command(flatten)]
        a: KernelsArgs,
    }

    fn checked(args: &[&str]) -> Result<Params, String> {
        let cmd = Cmd::try_parse_from(std::iter::once("kernels").chain(args.iter().copied()))
            .map_err(|e| e.to_string())?;
        check_args(&cmd.a).map_err(|e| match e {
            CliError::Usage(m) | CliError::CheckFailed(m) => m,
        })
    }

    #[test]
    fn the_arguments_are_checked_without_a_device() {
        let p = checked(&["--degree", "64", "--moduli", "50x3", "--polys", "2"]).unwrap();
        assert_eq!(p.bits, [50, 50, 50]);
        assert_eq!(p.shape.words(), 64 * 3 * 2);
        assert_eq!(p.q.len(), 3);
        for (args, says) in [
            (
                vec!["--degree", "3"],
                "--degree 3: use a power of two from 2 to 131072",
            ),
            (vec!["--degree", "262144"], "--degree 262144"),
            (vec!["--reps", "0"], "--reps must be at least 1"),
            (vec!["--moduli", "32"], "give bit sizes with repeats"),
        ] {
            let e = checked(&args).err().unwrap_or_default();
            assert!(e.contains(says), "{args:?}: {e}");
        }
    }

    #[test]
    fn each_row_follows_from_its_timing_and_the_arrays_it_moves() {
        let r = row(1000, "poly_mad", 4, (2.0, 1.5));
        assert_eq!(r.bytes, 4 * 1000 * 8);
        assert_eq!((r.median_us, r.min_us), (2.0, 1.5));
        // 32 000 bytes in 2 µs: 16 GB/s.
        assert!((r.gb_per_s - 16.0).abs() < 1e-12, "{}", r.gb_per_s);
    }
}
