//! The `xehe` binary: output formats and one-line errors with exit status 2.

use std::process::{Command, Output};

fn xehe(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xehe"))
        .args(args)
        .output()
        .expect("the xehe binary runs")
}

#[test]
fn primes_plain_and_json() {
    let out = xehe(&["primes", "--degree", "8192", "--bits", "60,40,40,60"]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "1152921504606748673\n1099510890497\n1099511480321\n1152921504606830593\n"
    );
    let out = xehe(&[
        "primes",
        "--degree",
        "8192",
        "--bits",
        "60, 40,40,60",
        "--json",
    ]);
    assert!(out.status.success());
    let v: Vec<u64> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v,
        [
            1152921504606748673,
            1099510890497,
            1099511480321,
            1152921504606830593
        ]
    );
}

#[test]
fn impossible_requests_fail_with_one_line_and_status_2() {
    for (args, needle) in [
        (vec!["--degree", "1000", "--bits", "40"], "power of two"),
        (vec!["--degree", "8192", "--bits", "61"], "bit size 61"),
        (vec!["--degree", "8192", "--bits", "1"], "bit size 1"),
        (
            vec!["--degree", "8192", "--bits", "14"],
            "not enough primes",
        ),
        (
            vec![
                "--degree",
                "4096",
                "--bits",
                "20,20,20,20,20,20,20,20,20,20,20,20",
            ],
            "not enough primes",
        ),
        (
            vec!["--degree", "8192", "--bits", "40,x"],
            "'x' is not a bit size",
        ),
        (vec!["--degree", "8192", "--bits", ""], "is not a bit size"),
    ] {
        let mut full = vec!["primes"];
        full.extend(args.iter());
        let out = xehe(&full);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn missing_arguments_are_usage_errors() {
    let out = xehe(&["primes", "--degree", "8192"]);
    assert_eq!(out.status.code(), Some(2));
}

fn xehe_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xehe"))
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("the xehe binary runs")
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

#[test]
fn devices_lists_cpu_sim_and_opencl() {
    let out = xehe(&["devices"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("cpu-sim: available"), "{text}");
    assert!(text.contains("auto selects: "), "{text}");
    let out = xehe(&["devices", "--json"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["cpu_sim"]["threads"].as_u64().unwrap() >= 1);
    match v["opencl"].get("Ok") {
        Some(devs) => {
            let devs = devs.as_array().unwrap();
            assert!(!devs.is_empty());
            for d in devs {
                let format = d["kernel_format"].as_str().unwrap();
                // SPIR-V exactly where the device reports a SPIR-V IL version.
                let il = d["il_version"].as_str().unwrap_or("");
                assert_eq!(format == "spir-v", il.contains("SPIR-V"), "{d}");
                assert!(d["tiles"]["Ok"].as_u64().unwrap() >= 1, "{d}");
                assert!(d["local_mem_bytes"].as_u64().unwrap() > 0);
                assert!(d["max_work_group_size"].as_u64().unwrap() > 0);
            }
        }
        None => assert!(
            !in_ci(),
            "CI=true needs an OpenCL platform: {}",
            v["opencl"]
        ),
    }
}

#[test]
fn devices_without_opencl_still_lists_cpu_sim() {
    // An empty vendor directory: the ICD loader finds no platform.
    let empty = std::env::temp_dir().join("xehe-no-icd-vendors");
    std::fs::create_dir_all(&empty).unwrap();
    let out = xehe_env(
        &["devices"],
        &[
            ("OCL_ICD_VENDORS", empty.to_str().unwrap()),
            ("OCL_ICD_FILENAMES", ""),
        ],
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("cpu-sim: available"), "{text}");
    assert!(
        text.contains("opencl: not available: no OpenCL runtime"),
        "{text}"
    );
    assert!(text.contains("auto selects: cpu-sim"), "{text}");
}

#[test]
fn devices_honours_xehe_tiles() {
    let out = xehe_env(&["devices", "--json"], &[("XEHE_TILES", "2")]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["cpu_sim"]["tiles"], 2);
    if let Some(devs) = v["opencl"].get("Ok") {
        let d = &devs[0];
        // PoCL splits equally into 2; a device that cannot says why.
        if d["partition_types"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p == "equally")
        {
            assert_eq!(d["tiles"]["Ok"], 2, "{d}");
        } else {
            assert!(
                d["tiles"]["Err"].as_str().unwrap().contains("cannot split"),
                "{d}"
            );
        }
    }
    let out = xehe_env(&["devices"], &[("XEHE_TILES", "two")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("invalid tile count"));
}

#[test]
fn bench_kernels_checks_and_times_on_cpu_sim() {
    let dir = std::env::temp_dir().join(format!("xehe-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let json = dir.join("k.json");
    let out = xehe(&[
        "bench",
        "kernels",
        "--backend",
        "cpu-sim",
        "--degree",
        "1024",
        "--moduli",
        "2",
        "--polys",
        "2",
        "--reps",
        "3",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let rows = v["rows"].as_array().unwrap();
    let kernels: Vec<&str> = rows.iter().map(|r| r["kernel"].as_str().unwrap()).collect();
    assert_eq!(kernels, ["copy_u64", "poly_mad", "poly_mul", "poly_add"]);
    assert_eq!(rows[0]["percent_of_copy"], 100.0);
    let out = xehe(&["bench", "kernels", "--backend", "nope"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn bench_ntt_checks_every_variant_on_cpu_sim() {
    let dir = std::env::temp_dir().join(format!("xehe-bench-ntt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let json = dir.join("ntt.json");
    for mode in ["forward", "inverse", "multiply"] {
        let mut args = vec![
            "bench",
            "ntt",
            "--backend",
            "cpu-sim",
            "--degree",
            "1024",
            "--batch",
            "2",
            "--moduli",
            "2",
            "--reps",
            "2",
            "--json",
            json.to_str().unwrap(),
        ];
        if mode != "forward" {
            args.push(if mode == "inverse" {
                "--inverse"
            } else {
                "--multiply"
            });
        }
        let out = xehe(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
        let rows = v["rows"].as_array().unwrap();
        // Every variant (and for products the fused sequence first), each checked bit for bit
        // against the CPU before it is timed; cpu-sim runs every one of them.
        let fused = usize::from(mode == "multiply");
        assert_eq!(
            rows.len(),
            xehe::runtime::ntt::NttVariant::ALL.len() + fused
        );
        if fused == 1 {
            assert_eq!(rows[0]["variant"], "fused");
        }
        assert!(rows
            .iter()
            .all(|r| r.get("unavailable").is_none() && r["median_us"].as_f64().unwrap() > 0.0));
        assert_eq!(v["direction"], mode);
    }
    let out = xehe(&["bench", "ntt", "--backend", "cpu-sim", "--degree", "1000"]);
    assert_eq!(out.status.code(), Some(2));
    let out = xehe(&[
        "bench",
        "ntt",
        "--backend",
        "cpu-sim",
        "--degree",
        "1024",
        "--variant",
        "radix3",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("unknown NTT variant"));
}

#[test]
fn demo_checks_every_workload_and_writes_the_profile() {
    let dir = std::env::temp_dir().join(format!("xehe-demo-{}", std::process::id()));
    let out = xehe(&[
        "demo",
        "--backend",
        "cpu-sim",
        "--quick",
        "--profile",
        dir.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}\n{}",
        stdout,
        String::from_utf8_lossy(&out.stderr)
    );
    for want in [
        "matMul 10×4×1",
        "matMul 4×3×2",
        "logistic regression",
        "## Operation `relinearize`",
    ] {
        assert!(stdout.contains(want), "missing {want:?} in:\n{stdout}");
    }
    assert!(!stdout.contains("FAILED"));
    for file in ["profile.md", "profile.json", "profile.csv", "trace.json"] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        assert!(
            text.contains("ks_mac"),
            "{file} lists the key-switching kernel"
        );
    }
    let trace: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("trace.json")).unwrap()).unwrap();
    assert!(trace.is_object() || trace.is_array());
    let _ = std::fs::remove_dir_all(&dir);
    let out = xehe(&["demo", "--backend", "nope"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn bench_ckks_checks_every_routine_on_cpu_sim() {
    let dir = std::env::temp_dir().join(format!("xehe-bench-ckks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let json = dir.join("c.json");
    let out = xehe(&[
        "bench",
        "ckks",
        "--backend",
        "cpu-sim",
        "--degree",
        "4096",
        "--moduli",
        "40,30,36",
        "--reps",
        "2",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(v["checked"], true);
    let names: Vec<&str> = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["routine"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "MulLin",
            "MulLinRS",
            "SqrLinRS",
            "MulLinRSModSwAdd",
            "Rotate",
            "add",
            "multiply_plain",
            "rescale"
        ]
    );
    assert_eq!(v["fusion"].as_array().unwrap().len(), 6);
    for (args, what) in [
        (vec!["--moduli", "40,x"], "--moduli"),
        (
            vec!["--moduli", "40,30,36", "--routines", "Nope"],
            "unknown routine",
        ),
        (
            vec!["--moduli", "40,30,36", "--degree", "1000"],
            "power of two",
        ),
    ] {
        let mut all = vec!["bench", "ckks", "--backend", "cpu-sim"];
        all.extend(args);
        let out = xehe(&all);
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains(what));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
