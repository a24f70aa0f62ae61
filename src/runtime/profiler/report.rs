//! DataProcessor: statistics and dumps over a set of launch records.

use super::collector::LaunchRecord;
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
/// An invocation's span runs from the first `queued` to the last `end` of its kernels; the
/// external time is the span not covered by its kernels' execution (launch latency, host work,
/// gaps), so `kernel_ns + external_ns == span_ns`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OperationStats {
    pub operation: String,
    pub invocations: u64,
    pub span_ns: u64,
    pub kernel_ns: u64,
    pub external_ns: u64,
    pub kernels: Vec<KernelShare>,
}

/// Statistics and dumps over a set of records.
#[derive(Clone, Debug)]
pub struct DataProcessor {
    records: Vec<LaunchRecord>,
}

fn pct(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

impl DataProcessor {
    pub fn new(records: Vec<LaunchRecord>) -> Self {
        Self { records }
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
                let mut span_ns = 0;
                let mut count = 0;
                let mut kernels: BTreeMap<&str, (u64, u64)> = BTreeMap::new();
                for ((_, _), rs) in invocations.range((name, 0)..=(name, u64::MAX)) {
                    count += 1;
                    let first = rs.iter().map(|r| r.times.queued).min().unwrap_or(0);
                    let last = rs.iter().map(|r| r.times.end).max().unwrap_or(0);
                    span_ns += last.saturating_sub(first);
                    for r in rs {
                        let e = kernels.entry(&r.kernel).or_default();
                        e.0 += 1;
                        e.1 += r.duration_ns();
                    }
                }
                let kernel_ns: u64 = kernels.values().map(|k| k.1).sum();
                let mut shares: Vec<KernelShare> = kernels
                    .into_iter()
                    .map(|(k, (n, t))| KernelShare {
                        kernel: k.to_string(),
                        launches: n,
                        total_ns: t,
                        share_pct: pct(t, kernel_ns),
                    })
                    .collect();
                shares.sort_by(|a, b| b.total_ns.cmp(&a.total_ns).then(a.kernel.cmp(&b.kernel)));
                // Kernels of one invocation run on in-order queues, so their execution times do
                // not overlap within a tile and fit inside the span.
                let span_ns = span_ns.max(kernel_ns);
                OperationStats {
                    operation: name.to_string(),
                    invocations: count,
                    span_ns,
                    kernel_ns,
                    external_ns: span_ns - kernel_ns,
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
        for op in self.operation_stats() {
            let _ = write!(
                s,
                "\n## Operation `{}`\n\n{} invocations, span {:.3} µs, kernels {:.3} µs, external {:.3} µs\n\n| kernel | launches | total µs | share % |\n| --- | --- | --- | --- |\n",
                op.operation,
                op.invocations,
                us(op.span_ns),
                us(op.kernel_ns),
                us(op.external_ns)
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
