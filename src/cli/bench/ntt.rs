//! `xehe bench ntt`: the device NTT per variant, timed with device events, against a copy kernel
//! over the same data in the same run. Each variant's output is first checked bit for bit
//! against the CPU NTT.
//!
//! Per call: from the first kernel's start to the last kernel's end (device clock), median over
//! the repetitions after warm-up. "GB/s" counts one read and one write of the batch, the least
//! any NTT must move, so "% of copy" is how close the whole NTT comes to a single copy pass.

use crate::cli::error::err;
use crate::cli::error::{CliError, UsageError};
use crate::cli::output::OutputFile;
use crate::cli::stdout::outln;
use clap::Args;
use rand::{Rng, SeedableRng};
use serde::Serialize;
use std::collections::BTreeMap;
use xehe::device_ops::ntt::{self, DeviceNttTables, NttPlan, NttVariant};
use xehe::device_ops::poly;
use xehe::kernels::copy_u64::{CopyArgs, COPY_U64};
use xehe::ntt::{negacyclic_multiply, NttTables};
use xehe::primes::CoeffModulus;
use xehe::rns::RnsShape;
use xehe::runtime::{Backend, NdRange};

#[derive(Args)]
pub struct NttArgs {
    #[command(flatten)]
    dev: crate::cli::device_args::DeviceArgs,
    /// Degree N (a power of two, 2^10 … 2^17).
    #[arg(long, default_value_t = 65536)]
    degree: usize,
    /// RNS prime bit sizes per polynomial, with repeats (60x4: four 60-bit primes), each prime
    /// with its own tables.
    #[arg(long, default_value = "60x1")]
    moduli: String,
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

pub fn run(a: &NttArgs) -> Result<(), CliError> {
    if a.reps == 0 {
        return Err(UsageError("--reps must be at least 1".into()).into());
    }
    let json = OutputFile::create_opt(a.json.as_deref())?;
    let dev = a.dev.open_profiled()?;
    let b = dev.as_ref();
    let bits = crate::cli::moduli::parse_list("--moduli", &a.moduli)?;
    let rns = bits.len();
    let shape = RnsShape::new(a.degree, rns, a.batch).map_err(err)?;
    // Sizes first, before any allocation: input, operand, expected, read-back and the CPU
    // reference's copies on the host; data, scratch and two operands on the device.
    crate::cli::memory::check(b, "bench ntt", shape.words(), 6, 4)?;
    let q = CoeffModulus::create(a.degree as u64, &bits).map_err(|e| UsageError(e.to_string()))?;
    let tables = DeviceNttTables::upload(&dev, 0, a.degree, &q).map_err(err)?;
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let input: Vec<u64> = (0..shape.words())
        .map(|i| rng.gen_range(0..q[(i / shape.n) % shape.rns_count].value()))
        .collect();
    let other: Vec<u64> = (0..shape.words())
        .map(|i| rng.gen_range(0..q[(i / shape.n) % shape.rns_count].value()))
        .collect();
    let mut expect = input.clone();
    let cpu: Vec<NttTables> = q
        .iter()
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
    let data = poly::upload(b, 0, shape, tables.moduli(), &input).map_err(err)?;
    let operand = poly::upload(b, 0, shape, tables.moduli(), &other).map_err(err)?;
    let operand_ntt = b.alloc(0, shape.words()).map_err(err)?;
    let scratch = b.alloc(0, shape.words()).map_err(err)?;
    let default = if a.variant == "auto" {
        NttPlan::auto(b, shape).map_err(err)?
    } else {
        NttPlan::for_device(b, NttVariant::LocalRadix8)
    };
    let variants: Vec<NttVariant> = match a.variant.as_str() {
        "all" => NttVariant::ALL.to_vec(),
        "auto" => vec![default.variant],
        v => vec![NttVariant::parse(v).map_err(err)?],
    };
    let block = a.local_block.unwrap_or(default.local_block);
    let group = a.group_size.unwrap_or(default.group_size);

    let words = shape.words();
    let copy_range = NdRange::new([words, 1, 1]);
    b.profiler().clear();
    for i in 0..a.reps + 3 {
        let _op = (i >= 3).then(|| b.profiler().operation("copy"));
        let args = CopyArgs {
            src: &data,
            dst: &scratch,
        };
        // SAFETY: work-item i copies word i; `data` and `scratch` both hold shape.words().
        unsafe { COPY_U64.launch(b, 0, &copy_range, args) }.map_err(err)?;
    }
    b.wait(0).map_err(err)?;
    let (copy_us, _) = spans(b, "copy");
    let copy_bytes = 2.0 * words as f64 * 8.0;
    // The least any call must move: read and write the batch (a product also reads b).
    let bytes = if a.multiply { 1.5 } else { 1.0 } * copy_bytes;

    let mut rows = Vec::new();
    // With --multiply the fused sequence comes first, under the name "fused".
    let fused = a.multiply.then_some(None);
    for v in fused.into_iter().chain(variants.into_iter().map(Some)) {
        let mut plan =
            NttPlan::new(v.unwrap_or(NttVariant::LocalRadix8), block, group).map_err(err)?;
        if a.variant == "auto" && v.is_some() {
            // The automatic plan, inverse variant included (block and group as overridden).
            plan.inverse_variant = default.inverse_variant;
        }
        let name = match v {
            None => "fused",
            Some(_) if a.inverse => plan.inverse_variant.unwrap_or(plan.variant).name(),
            Some(v) => v.name(),
        };

        let launches = match (v, a.multiply, a.inverse) {
            (None, ..) => ntt::multiply_launches(a.degree, &plan),
            (Some(_), true, _) => {
                let mut l = ntt::forward_launches(a.degree, &plan);
                l.extend(ntt::forward_launches(a.degree, &plan));
                l.push("poly_mul");
                l.extend(ntt::inverse_launches(a.degree, &plan));
                l
            }
            (Some(_), false, true) => ntt::inverse_launches(a.degree, &plan),
            (Some(_), false, false) => ntt::forward_launches(a.degree, &plan),
        };
        // Nothing of an unavailable variant runs: no launches.
        let unavailable = |e: xehe::runtime::RuntimeError, _planned: Vec<&'static str>| Row {
            variant: name,
            unavailable: Some(e.to_string()),
            launches: Vec::new(),
            median_us: f64::NAN,
            min_us: f64::NAN,
            us_per_ntt: f64::NAN,
            gb_per_s: f64::NAN,
            percent_of_copy: f64::NAN,
        };
        if let Err(e) = plan.check_available(b, a.degree) {
            if variants_named(a) {
                return Err(err(e).into());
            }
            rows.push(unavailable(e, launches));
            continue;
        }
        let call = || -> Result<(), xehe::runtime::RuntimeError> {
            match (v, a.multiply) {
                (None, _) => ntt::multiply(b, &tables, shape, &data, &operand, &plan),
                (Some(_), true) => {
                    b.write(&operand_ntt, 0, &other)?;
                    ntt::forward(b, &tables, shape, &data, &plan)?;
                    ntt::forward(b, &tables, shape, &operand_ntt, &plan)?;
                    poly::mul(b, shape, &data, &operand_ntt, &data, tables.moduli())?;
                    ntt::inverse(b, &tables, shape, &data, &plan)
                }
                (Some(_), false) if a.inverse => ntt::inverse(b, &tables, shape, &data, &plan),
                (Some(_), false) => ntt::forward(b, &tables, shape, &data, &plan),
            }
        };
        b.write(&data, 0, &input).map_err(err)?;
        // A variant the driver cannot build (e.g. its inline PTX) is reported, not fatal, in a
        // comparison of all of them.
        match call() {
            Err(e @ xehe::runtime::RuntimeError::KernelBuild { .. }) if !variants_named(a) => {
                rows.push(unavailable(e, launches));
                continue;
            }
            r => r.map_err(err)?,
        }
        let mut got = vec![0u64; words];
        b.read(&data, 0, &mut got).map_err(err)?;
        if let Some(i) = (0..words).find(|&i| got[i] != expect[i]) {
            return Err(CliError::CheckFailed(format!(
                "{name}: word {i} is {} on the device, {} on the CPU",
                got[i], expect[i]
            )));
        }
        b.profiler().clear();
        for i in 0..a.reps + 3 {
            let _op = (i >= 3).then(|| b.profiler().operation("ntt"));
            call().map_err(err)?;
        }
        b.wait(0).map_err(err)?;
        let (median, min) = spans(b, "ntt");
        rows.push(Row {
            variant: name,
            unavailable: None,
            launches,
            median_us: median,
            min_us: min,
            us_per_ntt: median / (rns * a.batch) as f64,
            gb_per_s: bytes / (median * 1e3),
            percent_of_copy: 100.0 * (bytes / median) / (copy_bytes / copy_us),
        });
    }
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
        degree: a.degree,
        moduli: rns,
        bits: bits.clone(),
        batch: a.batch,
        local_block: block.min(a.degree),
        group_size: group,
        reps: a.reps,
        copy_us,
        copy_gb_per_s: copy_bytes / (copy_us * 1e3),
        rows,
    };
    outln!("device: {} [{}]", report.device, report.backend);
    outln!(
        "{}, N = {}, {} moduli × {} polynomials, local block {}, group {}; median of {} calls; copy of the batch: {:.1} µs ({} GB/s)",
        if a.multiply { "negacyclic product".to_string() } else { format!("{} NTT", report.direction) }, a.degree, rns, a.batch, report.local_block, group, a.reps, copy_us, super::measure::gbs(report.copy_gb_per_s)
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
    if let Some(file) = json {
        file.write_json(&report)?;
    }
    b.free(data).map_err(err)?;
    b.free(scratch).map_err(err)?;
    b.free(operand).map_err(err)?;
    b.free(operand_ntt).map_err(err)?;
    drop(tables);
    Ok(())
}
