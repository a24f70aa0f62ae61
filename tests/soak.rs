//! Endurance and concurrency: `xehe soak` (thousands of mixed operations from several threads
//! on two tiles, each result equal to the host evaluator's, memory caches back at their
//! baseline) on cpu-sim and on OpenCL (PoCL), under a watchdog: a deadlock fails the test
//! instead of hanging it.

mod common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Generous: the runs take seconds; only a stall comes near it.
const WATCHDOG: Duration = Duration::from_secs(900);

fn soak(backend: &str, ops: usize) {
    let json =
        std::env::temp_dir().join(format!("xehe-soak-{backend}-{}.json", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_xehe"))
        .args([
            "soak",
            "--backend",
            backend,
            "--tiles",
            "2",
            "--threads",
            "4",
        ])
        .args(["--ops", &ops.to_string(), "--json"])
        .arg(&json)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if started.elapsed() > WATCHDOG {
            child.kill().unwrap();
            panic!("{backend}: the soak stalled for {WATCHDOG:?} (deadlock?)");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let out = child.wait_with_output().unwrap();
    assert!(
        status.success(),
        "{backend}: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(v["ops"], ops, "{v}");
    assert!(
        v["per_op"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p[1].as_u64().unwrap() > 0),
        "{v}"
    );
    let tiles = v["tiles"].as_array().unwrap();
    assert_eq!(tiles.len(), 2);
    for t in tiles {
        assert_eq!(t["final_active"], t["baseline_active"], "{t}");
        // The cache serves the steady state: far more reuses than new device allocations.
        let (allocs, reuses) = (
            t["allocations_during_soak"].as_u64().unwrap(),
            t["reuses_during_soak"].as_u64().unwrap(),
        );
        assert!(reuses > 10 * allocs, "{t}");
    }
    let _ = std::fs::remove_file(&json);
}

#[test]
fn cpu_sim_soak_on_two_tiles() {
    soak("cpu-sim", 1500);
}

#[test]
fn opencl_soak_on_two_tiles() {
    if common::opencl(Some(2)).is_none() {
        return;
    }
    soak("opencl", 1500);
}
