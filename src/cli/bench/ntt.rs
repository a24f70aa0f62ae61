//! `xehe bench ntt`: the device NTT per variant, timed with device events, against a copy kernel
//! over the same data in the same run. Each variant's output is first checked bit for bit
//! against the CPU NTT.
//!
//! `--word-bits 32` runs the 32-bit builds of the kernels (`ntt_forward_w32`,
//! `ntt_inverse_w32`, `ntt_fused_w32`) over 32-bit tables and data, primes of at most 30 bits;
//! the host's NTT is the same and the device's words are widened before the comparison.
//!
//! Per call: from the first kernel's start to the last kernel's end (device clock), median over
//! the repetitions after warm-up. "GB/s" counts one read and one write of the batch, the least
//! any NTT must move, so "% of copy" is how close the whole NTT comes to a single copy pass.

use super::measure::words_equal;
use crate::cli::error::err;
use crate::cli::error::{CliError, UsageError};
use crate::cli::output::OutputFile;
use crate::cli::stdout::outln;
use clap::Args;
use rand::{Rng, SeedableRng};
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;
use xehe::arith::Modulus;
use xehe::device_ops::ntt::{self, DeviceNttTables, NttPlan, NttVariant};
use xehe::device_ops::{poly, words};
use xehe::exec::WordSize;
use xehe::kernels::copy_u64::{CopyArgs, COPY_U64};
use xehe::ntt::{negacyclic_multiply, NttTables};
use xehe::primes::CoeffModulus;
use xehe::rns::RnsShape;
use xehe::runtime::{Backend, DeviceBuffer, NdRange, RuntimeError};

#[derive(Args)]
pub struct NttArgs {
    #[command(flatten)]
    dev: crate::cli::device_args::DeviceArgs,
    /// Degree N (a power of two, 2^10 … 2^17).
    #[arg(long, default_value_t = 65536)]
    degree: usize,
    /// RNS prime bit sizes per polynomial, with repeats (60x4: four 60-bit primes), each prime
    /// with its own tables (default 60x1, or 30x1 with --word-bits 32).
    #[arg(long)]
    moduli: Option<String>,
    /// Word size of the device's tables, data and kernels: 64 (SEAL's tier) or 32 (primes of
    /// at most 30 bits).
    #[arg(long, default_value_t = 64)]
    word_bits: u32,
    /// Polynomials in the batch.
    #[arg(long, default_value_t = 64)]
    batch: usize,
    /// A variant name, "all", or "auto" (the plan `NttPlan::auto` picks for this shape).
    #[arg(long, default_value = "all")]
    variant: String,
    /// Local-memory block in words (default: from the device's local memory, at most 4096).
    #[arg(long)]
    local_block: Option<usize>,
    /// Work-items per group of the local-memory kernels.
    #[arg(long)]
    group_size: Option<usize>,
    /// Time the inverse NTT instead of the forward one.
    #[arg(long)]
    inverse: bool,
    /// Time negacyclic products instead: the fused kernel sequence (`fused`), and per variant
    /// forward(a), forward(b), the Hadamard product, inverse.
    #[arg(long, conflicts_with = "inverse")]
    multiply: bool,
    /// Timed repetitions (after 3 warm-up calls).
    #[arg(long, default_value_t = 30)]
    reps: usize,
    /// Also write the results as JSON to this file.
    #[arg(long)]
    json: Option<std::path::PathBuf>,
}

#[derive(Serialize)]
struct Row {
    variant: &'static str,
    /// Why the device cannot run it (then nothing was timed).
    #[serde(skip_serializing_if = "Option::is_none")]
    unavailable: Option<String>,
    launches: Vec<&'static str>,
    median_us: f64,
    min_us: f64,
    us_per_ntt: f64,
    gb_per_s: f64,
    percent_of_copy: f64,
}

#[derive(Serialize)]
struct Report {
    device: String,
    backend: String,
    direction: &'static str,
    word_bits: u32,
    degree: usize,
    moduli: usize,
    bits: Vec<u32>,
    batch: usize,
    local_block: usize,
    group_size: usize,
    reps: usize,
    copy_us: f64,
    copy_gb_per_s: f64,
    rows: Vec<Row>,
}

/// Median and minimum (µs) of the per-call spans recorded under operation `name`.
fn spans(b: &dyn Backend, name: &str) -> (f64, f64) {
    let mut calls: BTreeMap<u64, (u64, u64)> = BTreeMap::new();
    for r in b.profiler().records() {
        if let Some((op, id)) = &r.operation {
            if op == name {
                let e = calls.entry(*id).or_insert((u64::MAX, 0));
                e.0 = e.0.min(r.times.start);
                e.1 = e.1.max(r.times.end);
            }
        }
    }
    let mut v: Vec<u64> = calls.values().map(|(s, e)| e.saturating_sub(*s)).collect();
    v.sort_unstable();
    (v[v.len() / 2] as f64 / 1e3, v[0] as f64 / 1e3)
}

fn variants_named(a: &NttArgs) -> bool {
    a.variant != "all"
}

/// Which variants `--variant` asks for.
enum Which {
    All,
    /// The plan `NttPlan::auto` picks on the device.
    Auto,
    One(NttVariant),
}

/// The arguments once checked: the primes, the batch's shape and the variants asked for.
struct Params {
    word: WordSize,
    bits: Vec<u32>,
    shape: RnsShape,
    q: Vec<Modulus>,
    which: Which,
}

/// Checks the arguments, before any file or device is opened.
fn check(a: &NttArgs) -> Result<Params, CliError> {
    if a.reps == 0 {
        return Err(UsageError("--reps must be at least 1".into()).into());
    }
    let word = match a.word_bits {
        64 => WordSize::W64,
        32 => WordSize::W32,
        w => return Err(UsageError(format!("--word-bits {w}: expected 32 or 64")).into()),
    };
    let default_moduli = match word {
        WordSize::W64 => "60x1",
        WordSize::W32 => "30x1",
    };
    let moduli = a.moduli.as_deref().unwrap_or(default_moduli);
    let bits = crate::cli::moduli::parse_list("--moduli", moduli)?;
    let max_bits = words::max_modulus_bits(word);
    if let Some(&b) = bits.iter().find(|&&b| b > max_bits) {
        return Err(UsageError(format!(
            "--moduli {moduli}: {b}-bit primes do not fit --word-bits {} (primes of at most \
             {max_bits} bits, so that 4q stays below 2^{}): use e.g. --moduli {max_bits}x64, or \
             --word-bits 64",
            word.bits(),
            word.bits()
        ))
        .into());
    }
    if a.multiply && word != WordSize::W64 && a.variant != "all" {
        return Err(UsageError(format!(
            "--multiply --variant {} with --word-bits {}: the unfused product's Hadamard step \
             (kernel module poly_elementwise) has no 32-bit build yet; --variant all times the \
             fused product (ntt_fused_w32), or use --word-bits 64",
            a.variant,
            word.bits()
        ))
        .into());
    }
    let shape = RnsShape::new(a.degree, bits.len(), a.batch).map_err(err)?;
    let q = CoeffModulus::create(a.degree as u64, &bits).map_err(|e| UsageError(e.to_string()))?;
    let which = match a.variant.as_str() {
        "all" => Which::All,
        "auto" => Which::Auto,
        v => {
            let v = NttVariant::parse(v).map_err(err)?;
            // A named variant without a build for the word is refused before the device opens.
            ntt::check_word(v, word).map_err(err)?;
            Which::One(v)
        }
    };
    Ok(Params {
        word,
        bits,
        shape,
        q,
        which,
    })
}

/// The host's data: the batch, the product's second operand, and what the CPU makes of them.
struct HostData {
    input: Vec<u64>,
    /// `input` and `other` as the device's buffers hold them (two words per buffer word in 32
    /// bits).
    input_stored: Vec<u64>,
    other_stored: Vec<u64>,
    other: Vec<u64>,
    expect: Vec<u64>,
}

impl HostData {
    /// Random words below each prime, and the CPU's NTT (or product) of them.
    fn new(a: &NttArgs, p: &Params) -> Result<Self, CliError> {
        let shape = p.shape;
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let mut random = || -> Vec<u64> {
            (0..shape.words())
                .map(|i| rng.gen_range(0..p.q[(i / shape.n) % shape.rns_count].value()))
                .collect()
        };
        let (input, other) = (random(), random());
        let mut expect = input.clone();
        let cpu: Vec<NttTables> =
            p.q.iter()
                .map(|m| NttTables::new(a.degree as u64, m))
                .collect::<Result<_, _>>()
                .map_err(|e| UsageError(e.to_string()))?;
        for (k, chunk) in expect.chunks_mut(shape.n).enumerate() {
            let t = &cpu[k % shape.rns_count];
            let done = if a.multiply {
                let o = &other[k * shape.n..(k + 1) * shape.n];
                negacyclic_multiply(chunk, o, t).map(|p| chunk.copy_from_slice(&p))
            } else if a.inverse {
                t.inverse(chunk)
            } else {
                t.forward(chunk)
            };
            done.map_err(|e| UsageError(e.to_string()))?;
        }
        Ok(HostData {
            input_stored: words::encode(p.word, &input),
            other_stored: words::encode(p.word, &other),
            input,
            other,
            expect,
        })
    }
}

/// The device's side: the tables, the batch, the operand (as uploaded and as transformed in
/// a product) and a scratch array for the copy.
struct DeviceData {
    tables: DeviceNttTables,
    data: DeviceBuffer,
    operand: DeviceBuffer,
    operand_ntt: DeviceBuffer,
    scratch: DeviceBuffer,
}

impl DeviceData {
    fn upload(dev: &Arc<dyn Backend>, p: &Params, host: &HostData) -> Result<Self, CliError> {
        let b = dev.as_ref();
        let tables = DeviceNttTables::upload_word(dev, 0, p.shape.n, &p.q, p.word).map_err(err)?;
        let data = poly::upload(b, 0, p.shape, tables.moduli(), &host.input).map_err(err)?;
        let operand = poly::upload(b, 0, p.shape, tables.moduli(), &host.other).map_err(err)?;
        let stored = p.word.storage_words(p.shape.words());
        Ok(DeviceData {
            operand_ntt: b.alloc(0, stored).map_err(err)?,
            scratch: b.alloc(0, stored).map_err(err)?,
            tables,
            data,
            operand,
        })
    }

    fn free(self, b: &dyn Backend) -> Result<(), CliError> {
        b.free(self.data).map_err(err)?;
        b.free(self.scratch).map_err(err)?;
        b.free(self.operand).map_err(err)?;
        b.free(self.operand_ntt).map_err(err)?;
        drop(self.tables);
        Ok(())
    }
}

/// The plans: `--variant auto`'s (or the device's default), and the block and group every
/// variant runs with.
struct Plans {
    default: NttPlan,
    variants: Vec<NttVariant>,
    block: usize,
    group: usize,
}

impl Plans {
    fn new(a: &NttArgs, b: &dyn Backend, p: &Params) -> Result<Self, CliError> {
        let default = match p.which {
            Which::Auto => NttPlan::auto_for(b, p.shape, p.word).map_err(err)?,
            _ => NttPlan::for_device(b, NttVariant::LocalRadix8),
        };
        let variants = match p.which {
            Which::All => NttVariant::ALL.to_vec(),
            Which::Auto => vec![default.variant],
            Which::One(v) => vec![v],
        };
        Ok(Plans {
            default,
            variants,
            block: a.local_block.unwrap_or(default.local_block),
            group: a.group_size.unwrap_or(default.group_size),
        })
    }
}

/// Medians over the repetitions of the copy kernel over the batch: the bandwidth every row
/// is set against.
struct Copy {
    us: f64,
    bytes: f64,
}

/// Times a copy of the batch (one read and one write), after 3 warm-up launches.
fn time_copy(
    a: &NttArgs,
    b: &dyn Backend,
    d: &DeviceData,
    shape: RnsShape,
) -> Result<Copy, CliError> {
    // The batch's buffer words: half as many in 32-bit words.
    let words = d.tables.word().storage_words(shape.words());
    let copy_range = NdRange::new([words, 1, 1]);
    b.profiler().clear();
    for i in 0..a.reps + 3 {
        let _op = (i >= 3).then(|| b.profiler().operation("copy"));
        let args = CopyArgs {
            src: &d.data,
            dst: &d.scratch,
        };
        // SAFETY: work-item i copies word i; `data` and `scratch` both hold shape.words().
        unsafe { COPY_U64.launch(b, 0, &copy_range, args) }.map_err(err)?;
    }
    b.wait(0).map_err(err)?;
    Ok(Copy {
        us: spans(b, "copy").0,
        bytes: 2.0 * words as f64 * 8.0,
    })
}

/// What every variant's row reads.
struct Bench<'a> {
    a: &'a NttArgs,
    b: &'a dyn Backend,
    shape: RnsShape,
    host: &'a HostData,
    dev: &'a DeviceData,
    plans: &'a Plans,
    copy: &'a Copy,
}

/// `xehe bench ntt`: the arguments checked, the data and plans made, every variant's row
/// checked and timed, then the report.
pub fn run(a: &NttArgs) -> Result<(), CliError> {
    let params = check(a)?;
    let json = OutputFile::create_opt(a.json.as_deref())?;
    let dev = a.dev.open_profiled()?;
    let b = dev.as_ref();
    // Sizes first, before any allocation: input, operand, expected, read-back and the CPU
    // reference's copies on the host; data, scratch and two operands on the device.
    crate::cli::memory::check(b, "bench ntt", params.shape.words(), 6, 4)?;
    let host = HostData::new(a, &params)?;
    let data = DeviceData::upload(&dev, &params, &host)?;
    let plans = Plans::new(a, b, &params)?;
    let copy = time_copy(a, b, &data, params.shape)?;
    let bench = Bench {
        a,
        b,
        shape: params.shape,
        host: &host,
        dev: &data,
        plans: &plans,
        copy: &copy,
    };
    let rows = measure_rows(&bench)?;
    report(&bench, params, rows, json)?;
    data.free(b)
}

/// Every variant's row, checked then timed; with --multiply the fused sequence comes first,
/// under the name "fused".
fn measure_rows(bench: &Bench<'_>) -> Result<Vec<Row>, CliError> {
    let fused = bench.a.multiply.then_some(None);
    let order = fused
        .into_iter()
        .chain(bench.plans.variants.iter().map(|&v| Some(v)));
    order.map(|v| variant_row(bench, v)).collect()
}

/// The report of `rows`, printed and, with --json, written to `json`.
fn report(
    bench: &Bench<'_>,
    params: Params,
    rows: Vec<Row>,
    json: Option<OutputFile>,
) -> Result<(), CliError> {
    let (a, b, plans, copy) = (bench.a, bench.b, bench.plans, bench.copy);
    let report = Report {
        device: b.device_name(),
        backend: b.kind().to_string(),
        direction: if a.multiply {
            "multiply"
        } else if a.inverse {
            "inverse"
        } else {
            "forward"
        },
        word_bits: params.word.bits(),
        degree: a.degree,
        moduli: params.shape.rns_count,
        bits: params.bits,
        batch: a.batch,
        local_block: plans.block.min(a.degree),
        group_size: plans.group,
        reps: a.reps,
        copy_us: copy.us,
        copy_gb_per_s: copy.bytes / (copy.us * 1e3),
        rows,
    };
    print_report(a, &report);
    if let Some(file) = json {
        file.write_json(&report)?;
    }
    Ok(())
}

/// The plan of variant `v` (`None`: the fused product) and the name its row goes by.
fn plan_for(bench: &Bench<'_>, v: Option<NttVariant>) -> Result<(NttPlan, &'static str), CliError> {
    let (a, plans) = (bench.a, bench.plans);
    let mut plan = NttPlan::new(
        v.unwrap_or(NttVariant::LocalRadix8),
        plans.block,
        plans.group,
    )
    .map_err(err)?;
    if a.variant == "auto" && v.is_some() {
        // The automatic plan, inverse variant included (block and group as overridden).
        plan.inverse_variant = plans.default.inverse_variant;
    }
    let name = match v {
        None => "fused",
        Some(_) if a.inverse => plan.inverse_variant.unwrap_or(plan.variant).name(),
        Some(v) => v.name(),
    };
    Ok((plan, name))
}

/// The kernels one call of variant `v` launches, in order.
fn launches(a: &NttArgs, v: Option<NttVariant>, plan: &NttPlan) -> Vec<&'static str> {
    match (v, a.multiply, a.inverse) {
        (None, ..) => ntt::multiply_launches(a.degree, plan),
        (Some(_), true, _) => {
            let mut l = ntt::forward_launches(a.degree, plan);
            l.extend(ntt::forward_launches(a.degree, plan));
            l.push("poly_mul");
            l.extend(ntt::inverse_launches(a.degree, plan));
            l
        }
        (Some(_), false, true) => ntt::inverse_launches(a.degree, plan),
        (Some(_), false, false) => ntt::forward_launches(a.degree, plan),
    }
}

/// One call of variant `v` on the batch: the transform, or the product.
fn call(bench: &Bench<'_>, v: Option<NttVariant>, plan: &NttPlan) -> Result<(), RuntimeError> {
    let (b, shape, d) = (bench.b, bench.shape, bench.dev);
    let t = &d.tables;
    match (v, bench.a.multiply) {
        (None, _) => ntt::multiply(b, t, shape, &d.data, &d.operand, plan),
        (Some(_), true) => {
            b.write(&d.operand_ntt, 0, &bench.host.other_stored)?;
            ntt::forward(b, t, shape, &d.data, plan)?;
            ntt::forward(b, t, shape, &d.operand_ntt, plan)?;
            poly::mul(b, shape, &d.data, &d.operand_ntt, &d.data, t.moduli())?;
            ntt::inverse(b, t, shape, &d.data, plan)
        }
        (Some(_), false) if bench.a.inverse => ntt::inverse(b, t, shape, &d.data, plan),
        (Some(_), false) => ntt::forward(b, t, shape, &d.data, plan),
    }
}

impl Row {
    /// The row of a variant the device cannot run: nothing of it ran, no launches.
    fn unavailable(variant: &'static str, e: RuntimeError) -> Self {
        Row {
            variant,
            unavailable: Some(e.to_string()),
            launches: Vec::new(),
            median_us: f64::NAN,
            min_us: f64::NAN,
            us_per_ntt: f64::NAN,
            gb_per_s: f64::NAN,
            percent_of_copy: f64::NAN,
        }
    }
}

/// One variant's row (`None`: the fused product): checked bit for bit against the CPU, then
/// timed after 3 warm-up calls. In a comparison of all of them, a variant the device cannot
/// run or the driver cannot build (e.g. its inline PTX) is reported, not fatal.
fn variant_row(bench: &Bench<'_>, v: Option<NttVariant>) -> Result<Row, CliError> {
    let (a, b) = (bench.a, bench.b);
    let (plan, name) = plan_for(bench, v)?;
    let launches = launches(a, v, &plan);
    let word = bench.dev.tables.word();
    let inverse_variant = plan.inverse_variant.unwrap_or(plan.variant);
    let mut built = ntt::check_word(plan.variant, word).and(ntt::check_word(inverse_variant, word));
    if a.multiply && v.is_some() && word != WordSize::W64 {
        built = built.and(Err(RuntimeError::NoWordBuild {
            what: "the unfused product's Hadamard step (kernel module poly_elementwise)".into(),
            bits: word.bits(),
        }));
    }
    if let Err(e) = built.and_then(|()| plan.check_available(b, a.degree)) {
        if variants_named(a) {
            return Err(err(e).into());
        }
        return Ok(Row::unavailable(name, e));
    }
    b.write(&bench.dev.data, 0, &bench.host.input_stored)
        .map_err(err)?;
    match call(bench, v, &plan) {
        Err(e @ RuntimeError::KernelBuild { .. }) if !variants_named(a) => {
            return Ok(Row::unavailable(name, e));
        }
        r => r.map_err(err)?,
    }
    let got = poly::download(b, &bench.dev.data, bench.shape, word).map_err(err)?;
    words_equal(&got, &bench.host.expect, name)?;
    b.profiler().clear();
    for i in 0..a.reps + 3 {
        let _op = (i >= 3).then(|| b.profiler().operation("ntt"));
        call(bench, v, &plan).map_err(err)?;
    }
    b.wait(0).map_err(err)?;
    let (median, min) = spans(b, "ntt");
    // The least any call must move: read and write the batch (a product also reads b).
    let bytes = if a.multiply { 1.5 } else { 1.0 } * bench.copy.bytes;
    Ok(Row {
        variant: name,
        unavailable: None,
        launches,
        median_us: median,
        min_us: min,
        us_per_ntt: median / (bench.shape.rns_count * a.batch) as f64,
        gb_per_s: bytes / (median * 1e3),
        percent_of_copy: 100.0 * (bytes / median) / (bench.copy.bytes / bench.copy.us),
    })
}

/// Prints the heading and one row per variant.
fn print_report(a: &NttArgs, report: &Report) {
    outln!("device: {} [{}]", report.device, report.backend);
    outln!(
        "{}, N = {}, {} moduli × {} polynomials, local block {}, group {}; median of {} calls; copy of the batch: {:.1} µs ({} GB/s)",
        if a.multiply { "negacyclic product".to_string() } else { format!("{} NTT in {}-bit words", report.direction, report.word_bits) }, a.degree, report.moduli, a.batch, report.local_block, report.group_size, a.reps, report.copy_us, super::measure::gbs(report.copy_gb_per_s)
    );
    outln!(
        "| variant | launches | median µs | min µs | µs per {} | GB/s | % of copy |",
        if a.multiply { "product" } else { "NTT" }
    );
    outln!("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    for r in &report.rows {
        if let Some(why) = &r.unavailable {
            outln!("| {} | - | unavailable: {why} | | | | |", r.variant);
            continue;
        }
        outln!(
            "| {} | {} | {:.1} | {:.1} | {:.3} | {} | {:.1} |",
            r.variant,
            r.launches.len(),
            r.median_us,
            r.min_us,
            r.us_per_ntt,
            super::measure::gbs(r.gb_per_s),
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
        a: NttArgs,
    }

    fn checked(args: &[&str]) -> Result<Params, String> {
        let cmd = Cmd::try_parse_from(std::iter::once("ntt").chain(args.iter().copied()))
            .map_err(|e| e.to_string())?;
        check(&cmd.a).map_err(|e| match e {
            CliError::Usage(m) | CliError::CheckFailed(m) => m,
        })
    }

    #[test]
    fn the_arguments_are_checked_without_a_device() {
        let p = checked(&["--degree", "1024", "--moduli", "60x2", "--batch", "3"]).unwrap();
        assert_eq!(p.bits, [60, 60]);
        assert_eq!(
            (p.shape.n, p.shape.rns_count, p.shape.poly_count),
            (1024, 2, 3)
        );
        assert!(
            p.q.iter().all(|q| q.value() % 2048 == 1),
            "NTT-friendly primes"
        );
        assert!(matches!(p.which, Which::All));
        let p = checked(&["--degree", "1024", "--variant", "auto"]).unwrap();
        assert!(matches!(p.which, Which::Auto));
        let p = checked(&["--degree", "1024", "--variant", "radix2"]).unwrap();
        assert!(matches!(p.which, Which::One(NttVariant::Radix2)));
        // 32-bit words: 30-bit primes by default, 64 of them at 2^16 (the shape).
        let p = checked(&["--word-bits", "32", "--degree", "4096"]).unwrap();
        assert_eq!((p.word, p.bits.as_slice()), (WordSize::W32, &[30][..]));
        let p = checked(&["--word-bits", "32", "--moduli", "30x64"]).unwrap();
        assert_eq!(p.q.len(), 64);
        assert!(p
            .q
            .iter()
            .all(|q| q.value() < 1 << 30 && q.value() % (1 << 17) == 1));
        assert_eq!(checked(&[]).unwrap().word, WordSize::W64);
        for (args, says) in [
            (
                vec!["--word-bits", "32", "--moduli", "30,31"],
                "31-bit primes do not fit --word-bits 32",
            ),
            (
                vec!["--word-bits", "32", "--multiply", "--variant", "four-step"],
                "poly_elementwise",
            ),
            (
                vec!["--word-bits", "32", "--variant", "subgroup8"],
                "ntt_subgroup8",
            ),
            (vec!["--word-bits", "16"], "expected 32 or 64"),
            (vec!["--variant", "radix3"], "unknown NTT variant"),
            (vec!["--degree", "1000"], "power of two"),
            (vec!["--reps", "0"], "--reps must be at least 1"),
            (vec!["--moduli", "60,x"], "--moduli"),
        ] {
            let e = checked(&args).err().unwrap_or_default();
            assert!(e.contains(says), "{args:?}: {e}");
        }
    }
}
