//! Profiler: statistics add up, operation totals count overlapping invocations once, and every
//! dump format parses.

use xehe::runtime::profiler::{union_ns, DataProcessor, EventCollector, LaunchTimes};

fn t(queued: u64, start: u64, end: u64) -> LaunchTimes {
    LaunchTimes {
        queued,
        submit: queued + 1,
        start,
        end,
    }
}

/// Two `multiply` invocations (ntt 40 + mad 10, then ntt 30 + mad 20), one `rescale`
/// (ntt 25 on tile 1), and a copy outside any operation.
fn sample() -> EventCollector {
    let c = EventCollector::default();
    {
        let _op = c.operation("multiply");
        c.record("ntt", 0, t(0, 10, 50));
        c.record("mad_mod", 0, t(5, 50, 60));
    }
    {
        let _op = c.operation("multiply");
        c.record("ntt", 0, t(100, 100, 130));
        c.record("mad_mod", 0, t(101, 140, 160));
    }
    {
        let _op = c.operation("rescale");
        c.record("ntt", 1, t(200, 205, 230));
    }
    c.record("copy", 1, t(300, 300, 305));
    c
}

#[test]
fn kernel_statistics_add_up() {
    let p = DataProcessor::new(sample().records());
    let k = p.kernel_stats();
    assert_eq!(k[0].kernel, "ntt");
    assert_eq!(
        (k[0].launches, k[0].total_ns, k[0].min_ns, k[0].max_ns),
        (3, 95, 25, 40)
    );
    assert!((k[0].mean_ns - 95.0 / 3.0).abs() < 1e-9);
    let total: u64 = k.iter().map(|s| s.total_ns).sum();
    assert_eq!(total, 40 + 10 + 30 + 20 + 25 + 5);
    let share: f64 = k.iter().map(|s| s.share_pct).sum();
    assert!((share - 100.0).abs() < 1e-9);
}

#[test]
fn operation_tables_split_device_span_kernels_and_queue_wait() {
    let p = DataProcessor::new(sample().records());
    let ops = p.operation_stats();
    assert_eq!(ops.len(), 2);
    let m = &ops[0];
    assert_eq!(m.operation, "multiply");
    assert_eq!(m.invocations, 2);
    // Device spans 10..60 and 100..160; waits 0..10 and none; kernels 40+10 and 30+20.
    assert_eq!(
        (m.device_span_ns, m.kernel_ns, m.queue_wait_ns),
        (110, 100, 10)
    );
    assert_eq!((m.mean_device_span_ns, m.mean_queue_wait_ns), (55.0, 5.0));
    assert_eq!(m.kernels[0].kernel, "ntt");
    assert!((m.kernels[0].share_pct - 70.0).abs() < 1e-9);
    assert!((m.kernels.iter().map(|k| k.share_pct).sum::<f64>() - 100.0).abs() < 1e-9);
    let r = &ops[1];
    assert_eq!(
        (
            r.operation.as_str(),
            r.device_span_ns,
            r.kernel_ns,
            r.queue_wait_ns
        ),
        ("rescale", 25, 25, 5)
    );
    assert_eq!(p.window().device_window_ns, 305);
    assert_eq!(p.window().wall_ns, None);
}

/// Invocations queued together and run one after another: summing their waits or spans would
/// count the same nanoseconds several times (a 5 s demo once reported a 643 s multiply).
#[test]
fn overlapping_invocations_count_once() {
    let c = EventCollector::default();
    for k in 1..=3u64 {
        let _op = c.operation("multiply");
        c.record("mad_mod", 0, t(0, 10 * k, 10 * k + 10));
    }
    // The same operation on a second tile, at the same time as the first.
    {
        let _op = c.operation("multiply");
        c.record("mad_mod", 1, t(0, 10, 40));
    }
    let p = DataProcessor::with_wall(c.records(), 40);
    let m = &p.operation_stats()[0];
    assert_eq!(m.invocations, 4);
    assert_eq!(
        (m.device_span_ns, m.kernel_ns, m.queue_wait_ns),
        (30, 30, 30)
    );
    assert_eq!(m.mean_queue_wait_ns, (10 + 20 + 30 + 10) as f64 / 4.0);
    assert_eq!(m.kernels[0].total_ns, 60, "per-kernel rows stay plain sums");
    assert!(m.device_span_ns <= p.window().wall_ns.unwrap());
    assert_eq!(union_ns(vec![(5, 9), (0, 3), (2, 4), (9, 9), (8, 12)]), 11);
}

#[test]
fn the_collector_measures_its_wall_time_from_the_last_clear() {
    let c = EventCollector::default();
    std::thread::sleep(std::time::Duration::from_millis(20));
    assert!(c.wall_ns() >= 20_000_000);
    c.clear();
    assert!(c.wall_ns() < 20_000_000);
    let p = DataProcessor::from_collector(&c);
    assert!(p.window().wall_ns.is_some());
}

#[test]
fn nested_operations_and_threads() {
    let c = EventCollector::default();
    std::thread::scope(|s| {
        for tile in 0..4 {
            let c = &c;
            s.spawn(move || {
                let _outer = c.operation("outer");
                c.record("a", tile, t(0, 0, 1));
                {
                    let _inner = c.operation("inner");
                    c.record("b", tile, t(1, 1, 2));
                }
                c.record("c", tile, t(2, 2, 3));
            });
        }
    });
    let rs = c.records();
    assert_eq!(rs.len(), 12);
    for r in &rs {
        let op = &r.operation.as_ref().unwrap().0;
        assert_eq!(op, if r.kernel == "b" { "inner" } else { "outer" });
    }
    let ops = DataProcessor::new(rs).operation_stats();
    let outer = ops.iter().find(|o| o.operation == "outer").unwrap();
    assert_eq!(outer.invocations, 4);
    c.clear();
    assert!(c.records().is_empty());
}

#[test]
fn dumps_parse() {
    let p = DataProcessor::new(sample().records());
    let trace: serde_json::Value = serde_json::from_str(&p.to_chrome_trace()).unwrap();
    let events = trace["traceEvents"].as_array().unwrap();
    let tracks: Vec<&serde_json::Value> = events.iter().filter(|e| e["ph"] == "M").collect();
    assert_eq!(tracks.len(), 2, "one track per tile");
    let spans: Vec<&serde_json::Value> = events.iter().filter(|e| e["ph"] == "X").collect();
    assert_eq!(spans.len(), 6);
    assert_eq!(spans[0]["ts"], 0.0);
    assert!((spans[0]["dur"].as_f64().unwrap() - 0.040).abs() < 1e-12);
    assert_eq!(spans[4]["tid"], 1);

    let json: serde_json::Value = serde_json::from_str(&p.to_json()).unwrap();
    assert_eq!(json["records"].as_array().unwrap().len(), 6);
    assert_eq!(json["operations"][0]["queue_wait_ns"], 10);
    assert_eq!(json["window"]["device_window_ns"], 305);

    let csv = p.to_csv();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 7);
    assert!(lines[0].starts_with("kernel,tile,operation"));
    assert!(lines.iter().skip(1).all(|l| l.split(',').count() == 9));
    assert!(lines[6].starts_with("copy,1,,,"));

    let md = p.to_markdown();
    assert!(md.contains("| ntt | 3 | 0.095 |"));
    assert!(md.contains("### Operation `multiply`"));
    assert!(md.contains("| multiply | 2 | 0.110 | 0.100 | 0.010 | 0.055 | 0.005 |"));
}

#[test]
fn empty_report_is_well_formed() {
    let p = DataProcessor::new(vec![]);
    assert!(p.kernel_stats().is_empty());
    assert!(p.operation_stats().is_empty());
    let trace: serde_json::Value = serde_json::from_str(&p.to_chrome_trace()).unwrap();
    assert!(trace["traceEvents"].as_array().unwrap().is_empty());
}
