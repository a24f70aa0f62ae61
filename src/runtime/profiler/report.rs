//! DataProcessor: statistics and dumps over a set of launch records.

use super::collector::{EventCollector, LaunchRecord};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// Per-kernel statistics over all launches of one kernel name.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KernelStats {
    pub kernel: String,
    pub launches: u64,
    pub total_ns: u64,
    pub mean_ns: f64,
    pub min_ns: u64,
    pub max_ns: u64,
    /// Share of all recorded kernel time, in percent.
    pub share_pct: f64,
}

/// One kernel's part in an operation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KernelShare {
    pub kernel: String,
    pub launches: u64,
    pub total_ns: u64,
    /// Share of the operation's kernel time, in percent.
    pub share_pct: f64,
}

/// Per-operation table: all invocations of one named operation.
///
/// Invocations overlap in time: while one runs on the device the next ones already sit in the
/// queue, and two tiles run at once. Summing each invocation's time would count those overlaps
/// several times (a 5 s run once reported a 643 s multiply), so every total here is the length of
/// a *union* of time intervals and never exceeds the profiled run's wall time:
///
/// - `device_span_ns`: the union of each invocation's device span, from its first kernel's start
///   to its last kernel's end;
/// - `kernel_ns`: the union of its kernels' execution intervals (on one tile this is the plain sum
///   of kernel times, since an in-order queue never overlaps two kernels);
/// - `queue_wait_ns`: the union of each invocation's wait before the device began it, from its
///   first launch's `queued` to its first kernel's start.
///
/// The `mean_*` figures are per invocation (sums divided by `invocations`), and the per-kernel
/// rows are plain sums of execution time.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OperationStats {
    pub operation: String,
    pub invocations: u64,
    pub device_span_ns: u64,
    pub kernel_ns: u64,
    pub queue_wait_ns: u64,
    pub mean_device_span_ns: f64,
    pub mean_queue_wait_ns: f64,
    pub kernels: Vec<KernelShare>,
}

/// The profiled window: the host's wall time from the collector's start (or last clear) to the
/// report, and the device-clock window from the earliest `queued` to the latest `end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RunWindow {
    pub wall_ns: Option<u64>,
    pub device_window_ns: u64,
}

/// Length of the union of half-open intervals `[a, b)`.
pub fn union_ns(mut intervals: Vec<(u64, u64)>) -> u64 {
    intervals.retain(|(a, b)| b > a);
    intervals.sort_unstable();
    let mut total = 0;
    let mut current: Option<(u64, u64)> = None;
    for (a, b) in intervals {
        current = match current {
            Some((ca, cb)) if a <= cb => Some((ca, cb.max(b))),
            Some((ca, cb)) => {
                total += cb - ca;
                Some((a, b))
            }
            None => Some((a, b)),
        };
    }
    total + current.map_or(0, |(a, b)| b - a)
}

/// Statistics and dumps over a set of records.
///
/// Thread safety: `Send + Sync`; an immutable snapshot of records.
#[derive(Clone, Debug)]
pub struct DataProcessor {
    records: Vec<LaunchRecord>,
    wall_ns: Option<u64>,
}

fn pct(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

impl DataProcessor {
    /// Statistics over `records` alone (no wall time known).
    pub fn new(records: Vec<LaunchRecord>) -> Self {
        Self {
            records,
            wall_ns: None,
        }
    }

    /// Statistics over `records`, made within `wall_ns` of host wall time.
    pub fn with_wall(records: Vec<LaunchRecord>, wall_ns: u64) -> Self {
        Self {
            records,
            wall_ns: Some(wall_ns),
        }
    }

    /// Statistics over everything `collector` recorded, with the wall time since it started or
    /// was last cleared.
    pub fn from_collector(collector: &EventCollector) -> Self {
        let wall_ns = collector.wall_ns();
        Self {
            records: collector.records(),
            wall_ns: Some(wall_ns),
        }
    }

    /// The profiled window.
    pub fn window(&self) -> RunWindow {
        let first = self.records.iter().map(|r| r.times.queued).min();
        let last = self.records.iter().map(|r| r.times.end).max();
        RunWindow {
            wall_ns: self.wall_ns,
            device_window_ns: match (first, last) {
                (Some(a), Some(b)) => b.saturating_sub(a),
                _ => 0,
            },
        }
    }

    /// Per-kernel statistics, largest total time first.
    pub fn kernel_stats(&self) -> Vec<KernelStats> {
        let total: u64 = self.records.iter().map(LaunchRecord::duration_ns).sum();
        let mut by_kernel: BTreeMap<&str, Vec<u64>> = BTreeMap::new();
        for r in &self.records {
            by_kernel
                .entry(&r.kernel)
                .or_default()
                .push(r.duration_ns());
        }
        let mut stats: Vec<KernelStats> = by_kernel
            .into_iter()
            .map(|(kernel, d)| {
                let sum: u64 = d.iter().sum();
                KernelStats {
                    kernel: kernel.to_string(),
                    launches: d.len() as u64,
                    total_ns: sum,
                    mean_ns: sum as f64 / d.len() as f64,
                    min_ns: *d.iter().min().expect("at least one launch"),
                    max_ns: *d.iter().max().expect("at least one launch"),
                    share_pct: pct(sum, total),
                }
            })
            .collect();
        stats.sort_by(|a, b| b.total_ns.cmp(&a.total_ns).then(a.kernel.cmp(&b.kernel)));
        stats
    }

    /// Per-operation tables, in order of first appearance of each operation name.
    pub fn operation_stats(&self) -> Vec<OperationStats> {
        let mut order: Vec<&str> = Vec::new();
        let mut invocations: BTreeMap<(&str, u64), Vec<&LaunchRecord>> = BTreeMap::new();
        for r in &self.records {
            if let Some((name, id)) = &r.operation {
                if !order.contains(&name.as_str()) {
                    order.push(name);
                }
                invocations.entry((name, *id)).or_default().push(r);
            }
        }
        order
            .into_iter()
            .map(|name| {
                let (mut spans, mut waits, mut execs) = (Vec::new(), Vec::new(), Vec::new());
                let (mut span_sum, mut wait_sum, mut count) = (0u64, 0u64, 0u64);
                let mut kernels: BTreeMap<&str, (u64, u64)> = BTreeMap::new();
                for rs in invocations
                    .range((name, 0)..=(name, u64::MAX))
                    .map(|(_, rs)| rs)
                {
                    count += 1;
                    let first_start = rs.iter().map(|r| r.times.start).min().unwrap_or(0);
                    let last_end = rs.iter().map(|r| r.times.end).max().unwrap_or(0);
                    let first_queued = rs.iter().map(|r| r.times.queued).min().unwrap_or(0);
                    let first_queued = first_queued.min(first_start);
                    spans.push((first_start, last_end));
                    waits.push((first_queued, first_start));
                    span_sum += last_end.saturating_sub(first_start);
                    wait_sum += first_start - first_queued;
                    for r in rs {
                        execs.push((r.times.start, r.times.end));
                        let e = kernels.entry(&r.kernel).or_default();
                        e.0 += 1;
                        e.1 += r.duration_ns();
                    }
                }
                let kernel_sum: u64 = kernels.values().map(|k| k.1).sum();
                let mut shares: Vec<KernelShare> = kernels
                    .into_iter()
                    .map(|(k, (n, t))| KernelShare {
                        kernel: k.to_string(),
                        launches: n,
                        total_ns: t,
                        share_pct: pct(t, kernel_sum),
                    })
                    .collect();
                shares.sort_by(|a, b| b.total_ns.cmp(&a.total_ns).then(a.kernel.cmp(&b.kernel)));
                OperationStats {
                    operation: name.to_string(),
                    invocations: count,
                    device_span_ns: union_ns(spans),
                    kernel_ns: union_ns(execs),
                    queue_wait_ns: union_ns(waits),
                    mean_device_span_ns: span_sum as f64 / count as f64,
                    mean_queue_wait_ns: wait_sum as f64 / count as f64,
                    kernels: shares,
                }
            })
            .collect()
    }

    /// Markdown report: the kernel table, then one table per operation.
    pub fn to_markdown(&self) -> String {
        let mut s = String::from("## Kernels\n\n| kernel | launches | total µs | mean µs | min µs | max µs | share % |\n| --- | --- | --- | --- | --- | --- | --- |\n");
        let us = |ns: u64| ns as f64 / 1000.0;
        for k in self.kernel_stats() {
            let _ = writeln!(
                s,
                "| {} | {} | {:.3} | {:.3} | {:.3} | {:.3} | {:.1} |",
                k.kernel,
                k.launches,
                us(k.total_ns),
                k.mean_ns / 1000.0,
                us(k.min_ns),
                us(k.max_ns),
                k.share_pct
            );
        }
        let ops = self.operation_stats();
        let w = self.window();
        let _ = write!(
            s,
            "\n## Operations\n\nProfiled run: wall {}, device window {:.3} µs. Totals are unions of time intervals (overlapping invocations count once), so none exceeds the wall time; means are per invocation.\n\n| operation | invocations | device span µs | kernels µs | queue wait µs | mean span µs | mean wait µs |\n| --- | --- | --- | --- | --- | --- | --- |\n",
            w.wall_ns
                .map_or("not measured".to_string(), |ns| format!("{:.3} µs", us(ns))),
            us(w.device_window_ns)
        );
        for op in &ops {
            let _ = writeln!(
                s,
                "| {} | {} | {:.3} | {:.3} | {:.3} | {:.3} | {:.3} |",
                op.operation,
                op.invocations,
                us(op.device_span_ns),
                us(op.kernel_ns),
                us(op.queue_wait_ns),
                op.mean_device_span_ns / 1000.0,
                op.mean_queue_wait_ns / 1000.0
            );
        }
        for op in &ops {
            let _ = write!(
                s,
                "\n### Operation `{}`\n\n| kernel | launches | total µs | share % |\n| --- | --- | --- | --- |\n",
                op.operation
            );
            for k in &op.kernels {
                let _ = writeln!(
                    s,
                    "| {} | {} | {:.3} | {:.1} |",
                    k.kernel,
                    k.launches,
                    us(k.total_ns),
                    k.share_pct
                );
            }
        }
        s
    }

    /// CSV: one row per launch.
    pub fn to_csv(&self) -> String {
        let mut s = String::from(
            "kernel,tile,operation,invocation,queued_ns,submit_ns,start_ns,end_ns,duration_ns\n",
        );
        for r in &self.records {
            let (op, id) = match &r.operation {
                Some((n, i)) => (n.as_str(), i.to_string()),
                None => ("", String::new()),
            };
            let _ = writeln!(
                s,
                "{},{},{},{},{},{},{},{},{}",
                csv_field(&r.kernel),
                r.tile,
                csv_field(op),
                id,
                r.times.queued,
                r.times.submit,
                r.times.start,
                r.times.end,
                r.duration_ns()
            );
        }
        s
    }

    /// JSON: the records, kernel statistics and operation tables.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&serde_json::json!({
            "window": self.window(),
            "records": self.records,
            "kernels": self.kernel_stats(),
            "operations": self.operation_stats(),
        }))
        .expect("plain data serializes")
    }

    /// Chrome trace-event JSON: a complete ("X") event per launch, one track (tid) per tile,
    /// timestamps in µs relative to the earliest start.
    pub fn to_chrome_trace(&self) -> String {
        let t0 = self
            .records
            .iter()
            .map(|r| r.times.start)
            .min()
            .unwrap_or(0);
        let tiles: BTreeSet<usize> = self.records.iter().map(|r| r.tile).collect();
        let mut events: Vec<serde_json::Value> = tiles
            .iter()
            .map(|t| {
                serde_json::json!({"ph": "M", "name": "thread_name", "pid": 0, "tid": t,
                                   "args": {"name": format!("tile {t}")}})
            })
            .collect();
        events.extend(self.records.iter().map(|r| {
            serde_json::json!({
                "ph": "X", "name": r.kernel, "cat": "kernel", "pid": 0, "tid": r.tile,
                "ts": (r.times.start - t0) as f64 / 1000.0,
                "dur": r.duration_ns() as f64 / 1000.0,
                "args": {"operation": r.operation.as_ref().map(|o| o.0.clone()),
                         "invocation": r.operation.as_ref().map(|o| o.1),
                         "queued_to_start_us": r.times.start.saturating_sub(r.times.queued) as f64 / 1000.0},
            })
        }));
        serde_json::to_string(&serde_json::json!({"traceEvents": events, "displayTimeUnit": "ns"}))
            .expect("plain data serializes")
    }
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}
