//! The profiler's dumps of a real run (`xehe demo --quick --profile DIR` on cpu-sim, and on
//! OpenCL where a platform exists): the Markdown, JSON and CSV reports and the Chrome trace agree
//! with each other, every operation total is recomputed from the per-launch rows, and no total
//! exceeds the run's wall time.

mod common;

use std::collections::BTreeMap;
use std::process::Command;
use std::time::Instant;

/// Per operation: (device span, kernels, queue wait) recomputed from launch intervals.
type Totals = BTreeMap<String, (u64, u64, u64)>;
type Intervals = Vec<(u64, u64)>;
/// Launches of one invocation: (queued, start, end).
type Launches = Vec<(u64, u64, u64)>;

fn union(mut v: Vec<(u64, u64)>) -> u64 {
    xehe::runtime::profiler::union_ns(std::mem::take(&mut v))
}

/// (operation, invocation, queued, start, end) → the three unions per operation.
fn totals(rows: &[(String, u64, u64, u64, u64)]) -> Totals {
    let mut inv: BTreeMap<(String, u64), Launches> = BTreeMap::new();
    for (op, id, q, s, e) in rows {
        inv.entry((op.clone(), *id)).or_default().push((*q, *s, *e));
    }
    let mut per_op: BTreeMap<String, (Intervals, Intervals, Intervals)> = BTreeMap::new();
    for ((op, _), ls) in inv {
        let start = ls.iter().map(|l| l.1).min().unwrap();
        let end = ls.iter().map(|l| l.2).max().unwrap();
        let queued = ls.iter().map(|l| l.0).min().unwrap().min(start);
        let e = per_op.entry(op).or_default();
        e.0.push((start, end));
        e.2.push((queued, start));
        e.1.extend(ls.iter().map(|l| (l.1, l.2)));
    }
    per_op
        .into_iter()
        .map(|(op, (s, k, w))| (op, (union(s), union(k), union(w))))
        .collect()
}

fn check_run(backend: &str) {
    let dir = std::env::temp_dir().join(format!("xehe-profile-{backend}-{}", std::process::id()));
    let t = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_xehe"))
        .args(["demo", "--quick", "--backend", backend, "--profile"])
        .arg(&dir)
        .output()
        .unwrap();
    let wall_ns = t.elapsed().as_nanos() as u64;
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let read = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap();

    // JSON: the reference figures.
    let json: serde_json::Value = serde_json::from_str(&read("profile.json")).unwrap();
    let reported_wall = json["window"]["wall_ns"]
        .as_u64()
        .expect("wall time measured");
    assert!(reported_wall <= wall_ns, "{reported_wall} > {wall_ns}");
    assert!(json["window"]["device_window_ns"].as_u64().unwrap() <= reported_wall);
    let ops = json["operations"].as_array().unwrap();
    assert!(ops.len() >= 5, "{ops:?}");
    let mut from_json = Totals::new();
    for op in ops {
        let f = |k: &str| op[k].as_u64().unwrap();
        let (span, kernels, wait) = (f("device_span_ns"), f("kernel_ns"), f("queue_wait_ns"));
        assert!(kernels <= span && span <= reported_wall && wait <= reported_wall);
        let shares: u64 = op["kernels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| k["total_ns"].as_u64().unwrap())
            .sum();
        // One tile: the kernel union is the plain sum of the operation's kernel times.
        assert_eq!(shares, kernels, "{op}");
        from_json.insert(
            op["operation"].as_str().unwrap().into(),
            (span, kernels, wait),
        );
    }

    // CSV: recompute every total from the per-launch rows.
    let csv = read("profile.csv");
    let mut rows = Vec::new();
    let mut kernel_sums: BTreeMap<String, u64> = BTreeMap::new();
    for line in csv.lines().skip(1) {
        let c: Vec<&str> = line.split(',').collect();
        let n = |i: usize| c[i].parse::<u64>().unwrap();
        *kernel_sums.entry(c[0].into()).or_default() += n(8);
        assert_eq!(n(8), n(7) - n(6));
        if !c[2].is_empty() {
            rows.push((c[2].to_string(), n(3), n(4), n(6), n(7)));
        }
    }
    assert_eq!(totals(&rows), from_json, "CSV against JSON");
    for k in json["kernels"].as_array().unwrap() {
        assert_eq!(
            kernel_sums[k["kernel"].as_str().unwrap()],
            k["total_ns"].as_u64().unwrap()
        );
    }

    // Chrome trace: µs floats relative to the first start; kernel unions within rounding.
    let trace: serde_json::Value = serde_json::from_str(&read("trace.json")).unwrap();
    let mut per_op: BTreeMap<String, Vec<(u64, u64)>> = BTreeMap::new();
    let events = trace["traceEvents"].as_array().unwrap();
    let launches = events.iter().filter(|e| e["ph"] == "X").count();
    assert_eq!(launches, csv.lines().count() - 1);
    for e in events.iter().filter(|e| e["ph"] == "X") {
        if let Some(op) = e["args"]["operation"].as_str() {
            let ts = (e["ts"].as_f64().unwrap() * 1000.0).round() as u64;
            let dur = (e["dur"].as_f64().unwrap() * 1000.0).round() as u64;
            per_op.entry(op.into()).or_default().push((ts, ts + dur));
        }
    }
    for (op, intervals) in per_op {
        let got = union(intervals) as f64;
        let want = from_json[&op].1 as f64;
        assert!(
            (got - want).abs() <= 1.0 + want * 1e-9,
            "{op}: trace {got} JSON {want}"
        );
    }

    // Markdown: the operations table shows the same figures in µs.
    let md = read("profile.md");
    assert!(stdout.contains(&md), "stdout carries the Markdown report");
    let mut seen = 0;
    for line in md.lines().filter(|l| l.starts_with("| ")) {
        let c: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        if c.len() == 7 {
            if let Some(&(span, kernels, wait)) = from_json.get(c[0]) {
                let us = |ns: u64| format!("{:.3}", ns as f64 / 1000.0);
                assert_eq!(
                    (c[2], c[3], c[4]),
                    (&*us(span), &*us(kernels), &*us(wait)),
                    "{line}"
                );
                seen += 1;
            }
        }
    }
    assert_eq!(seen, from_json.len(), "every operation has a Markdown row");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cpu_sim_profile_reports_agree_and_fit_in_the_wall_time() {
    check_run("cpu-sim");
}

#[test]
fn opencl_profile_reports_agree_and_fit_in_the_wall_time() {
    if common::opencl(None).is_none() {
        return;
    }
    check_run("opencl");
}
