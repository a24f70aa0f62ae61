//! The `xehe` binary: output formats and one-line errors with exit status 2.

mod common;

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
            "cannot read \"x\"",
        ),
        (vec!["--degree", "8192", "--bits", ""], "cannot read \"\""),
        (vec!["--degree", "8192", "--moduli", "40x0"], "use 1 to 64"),
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
fn negative_numbers_are_named_as_values() {
    // Once reported as "unexpected argument '-8'".
    let out = xehe(&["primes", "--degree", "-8192", "--moduli", "40"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("invalid value '-8192' for '--degree"), "{err}");
}

#[test]
fn primes_tier_32_prints_each_level() {
    let out = xehe(&["primes", "--tier", "32", "--preset", "insecure-n12-w32-s40"]);
    assert_ok(&out);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().filter(|l| l.starts_with("level ")).count(), 7);
    assert!(text.contains("level 1 (3, 0)"), "{text}");
    assert!(text.contains("INSECURE: over tc128's 109"), "{text}");
    let out = xehe(&[
        "primes",
        "--tier",
        "32",
        "--degree",
        "8192",
        "--scale-bits",
        "40",
        "--layout",
        "ladder40:4",
        "--special-primes",
        "2",
        "--json",
    ]);
    assert_ok(&out);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let levels = v["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 5);
    for l in &levels[1..] {
        let s = l["scale_log2"].as_f64().unwrap();
        assert!((s - 40.0).abs() <= xehe::primes::TIER32_SCALE_BOUND_BITS);
    }
    assert_eq!(levels[1]["primes"].as_array().unwrap().len(), 3);
    assert_eq!(v["special_primes"].as_array().unwrap().len(), 2);
    let explicit = xehe(&[
        "primes",
        "--tier",
        "32",
        "--degree",
        "8192",
        "--scale-bits",
        "40",
        "--layout",
        "0:2,3:0,1:4,4:2,7:0",
        "--special-primes",
        "2",
        "--json",
    ]);
    assert_eq!(explicit.stdout, out.stdout);
    for (args, needle) in [
        (vec!["--tier", "32", "--preset", "n99"], "is unknown"),
        (
            vec!["--tier", "16", "--degree", "8192", "--moduli", "40"],
            "use 64 or 32",
        ),
        (vec!["--tier", "32", "--degree", "8192"], "--tier 32 needs"),
        (vec!["--preset", "n15-w32-s40"], "need --tier 32"),
        (
            vec![
                "--tier",
                "32",
                "--degree",
                "8192",
                "--scale-bits",
                "40",
                "--layout",
                "0:2,x",
                "--special-primes",
                "1",
            ],
            "cannot read \"x\"",
        ),
        (
            vec![
                "--tier",
                "32",
                "--degree",
                "8192",
                "--scale-bits",
                "40",
                "--layout",
                "0:2,2:2",
                "--special-primes",
                "1",
            ],
            "cannot get a scale near 2^40",
        ),
    ] {
        let mut full = vec!["primes"];
        full.extend(args.iter());
        let out = xehe(&full);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
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

/// The run succeeded; its standard error is the failure message otherwise.
fn assert_ok(out: &Output) {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn xehe_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xehe"))
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("the xehe binary runs")
}

/// [`xehe_env`] where the ICD loader finds no OpenCL platform (an empty vendor directory).
fn xehe_without_opencl(args: &[&str], env: &[(&str, &str)]) -> Output {
    let empty = std::env::temp_dir().join("xehe-no-icd-vendors");
    std::fs::create_dir_all(&empty).unwrap();
    let mut all = vec![
        ("OCL_ICD_VENDORS", empty.to_str().unwrap()),
        ("OCL_ICD_FILENAMES", ""),
    ];
    all.extend_from_slice(env);
    xehe_env(args, &all)
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
    assert_eq!(v["schema"], 1);
    assert!(v["cpu_sim"]["threads"].as_u64().unwrap() >= 1);
    assert_eq!(v["cpu_sim"]["tiles"]["count"], 1);
    for backend in ["level_zero", "opencl"] {
        let b = &v[backend];
        assert!(b["available"].is_boolean(), "{b}");
        // Exactly one of a device list and an error.
        assert_eq!(b["error"].is_null(), b["available"] == true, "{b}");
    }
    let text = serde_json::to_string(&v).unwrap();
    for wrapper in ["\"Ok\"", "\"Err\"", "open-cl-c", "spir-v"] {
        assert!(!text.contains(wrapper), "{wrapper} in {text}");
    }
    if v["opencl"]["available"] == true {
        for d in v["opencl"]["devices"].as_array().unwrap() {
            let format = d["kernel_format"].as_str().unwrap();
            // SPIR-V exactly where the device reports a SPIR-V IL version.
            let il = d["il_version"].as_str().unwrap_or("");
            assert_eq!(format == "spirv", il.contains("SPIR-V"), "{d}");
            assert!(format == "spirv" || format == "opencl-c", "{d}");
            assert!(d["tiles"]["count"].as_u64().unwrap() >= 1, "{d}");
            assert!(d["local_mem_bytes"].as_u64().unwrap() > 0);
            assert!(d["max_work_group_size"].as_u64().unwrap() > 0);
            let kind = d["shuffles"]["kind"].as_str().unwrap();
            assert!(
                ["sub-groups", "nvidia-ptx", "unavailable"].contains(&kind),
                "{d}"
            );
            assert_eq!(d["ntt"].as_array().unwrap().len(), 3, "{d}");
        }
    } else {
        common::skip(
            "devices_lists_cpu_sim_and_opencl (OpenCL part)",
            &format!("no OpenCL platform: {}", v["opencl"]["error"]),
        );
    }
}

/// A reader that stops early (`xehe devices | grep -q ..` under `pipefail`) must not turn into a
/// panic and a failed pipeline: the pipe here is closed before xehe writes its first line.
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    for args in [
        &["devices"][..],
        &["primes", "--degree", "4096", "--moduli", "60x8"],
    ] {
        let (reader, writer) = os_pipe::pipe().expect("a pipe");
        drop(reader);
        let out = Command::new(env!("CARGO_BIN_EXE_xehe"))
            .args(args)
            .stdout(writer)
            .output()
            .expect("the xehe binary runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {:?}\n{stderr}", out.status);
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
    }
    // A report file started before the output stopped is not left half made (nor its
    // temporary file): the run ended before it was complete.
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("kernels.json");
    let (reader, writer) = os_pipe::pipe().expect("a pipe");
    drop(reader);
    let out = Command::new(env!("CARGO_BIN_EXE_xehe"))
        .args([
            "bench",
            "kernels",
            "--backend",
            "cpu-sim",
            "--degree",
            "1024",
        ])
        .args(["--moduli", "60x1", "--reps", "1", "--json"])
        .arg(&json)
        .stdout(writer)
        .output()
        .expect("the xehe binary runs");
    assert!(out.status.success(), "{:?}", out.status);
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn devices_without_opencl_still_lists_cpu_sim() {
    let out = xehe_without_opencl(&["devices"], &[]);
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
fn a_misspelt_setting_is_named_once_with_the_closest_known_one() {
    // No OpenCL platform, so that the command is quick and the same on every machine.
    let out = xehe_without_opencl(
        &["devices"],
        &[("XEHE_BAKEND", "x"), ("XEHE_QWERTYUIOPASDFGHJ", "1")],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let warnings: Vec<&str> = err.lines().filter(|l| l.contains("warning")).collect();
    assert_eq!(warnings.len(), 2, "each unknown variable once: {err}");
    assert!(
        warnings.contains(
            &"xehe: warning: XEHE_BAKEND is not an xehe setting and is ignored (did you mean XEHE_BACKEND?)"
        ),
        "{err}"
    );
    assert!(
        warnings.iter().any(|w| w.starts_with(
            "xehe: warning: XEHE_QWERTYUIOPASDFGHJ is not an xehe setting and is ignored (the closest is XEHE_"
        )),
        "{err}"
    );
}

#[test]
fn devices_honours_xehe_tiles() {
    let out = xehe_env(&["devices", "--json"], &[("XEHE_TILES", "2")]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["cpu_sim"]["tiles"]["count"], 2);
    if v["opencl"]["available"] == true {
        let d = &v["opencl"]["devices"][0];
        // PoCL splits equally into 2; a device that cannot says why.
        if d["partition_types"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p == "equally")
        {
            assert_eq!(d["tiles"]["count"], 2, "{d}");
        } else {
            assert!(
                d["tiles"]["error"]
                    .as_str()
                    .unwrap()
                    .contains("cannot split"),
                "{d}"
            );
        }
    } else {
        common::skip(
            "devices_honours_xehe_tiles (OpenCL part)",
            "no OpenCL platform",
        );
    }
    for bad in ["two", "0", "999"] {
        let out = xehe_env(&["devices"], &[("XEHE_TILES", bad)]);
        assert_eq!(out.status.code(), Some(2), "XEHE_TILES={bad}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("XEHE_TILES") && err.contains("1 to 64"),
            "{err}"
        );
    }
}

/// Exit status and one-line message of `xehe args` with `env`.
fn refused(args: &[&str], env: &[(&str, &str)]) -> String {
    let out = xehe_env(args, env);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?} {env:?}: {err}");
    assert!(
        out.stdout.is_empty(),
        "{args:?} {env:?}: no work before the refusal"
    );
    err.lines()
        .find(|l| l.starts_with("xehe: error: "))
        .unwrap_or_else(|| panic!("no error line in {err}"))
        .to_string()
}

#[test]
fn explicit_choices_are_honoured_or_refused() {
    let demo = ["demo", "--quick"];
    let with = |extra: &[&'static str]| -> Vec<&'static str> {
        demo.iter().chain(extra).copied().collect()
    };
    // An index no backend has: refused whatever auto lands on, never replaced by cpu-sim.
    let e = refused(&with(&["--device", "99"]), &[]);
    assert!(e.contains("device 99 requested"), "{e}");
    let e = refused(&with(&["--backend", "cpu-sim", "--device", "1"]), &[]);
    assert!(
        e.contains("device 1 requested but the cpu-sim backend has 1"),
        "{e}"
    );
    let e = refused(&demo, &[("XEHE_DEVICE", "99")]);
    assert!(e.contains("device 99 requested"), "{e}");
    // Malformed settings are named with their value and what they take, before any work.
    for (name, value) in [
        ("XEHE_DEVICE", "abc"),
        ("XEHE_BACKEND", "garbage"),
        ("XEHE_NTT_VARIANT", "bogus"),
        ("XEHE_KERNEL_FORMAT", "bogus"),
        ("XEHE_SIM_RACE", "yes"),
        ("XEHE_ZE_LARGE_GRF", "on"),
        ("XEHE_PROFILE", "yes"),
        ("XEHE_TILES", "999"),
        ("XEHE_NTT_BLOCK", "1000"),
        ("XEHE_NTT_BLOCK", "131072"),
        ("XEHE_NTT_GROUP", "0"),
        ("XEHE_NTT_GROUP", "2048"),
    ] {
        for args in [&demo[..], &["devices"][..]] {
            let e = refused(args, &[(name, value)]);
            assert!(e.contains(&format!("{name}=\"{value}\": expected")), "{e}");
        }
    }
    // A kernel format is an OpenCL choice: refused on cpu-sim rather than ignored.
    let e = refused(
        &with(&["--backend", "cpu-sim"]),
        &[("XEHE_KERNEL_FORMAT", "spirv")],
    );
    assert!(
        e.contains("kernel format spirv is unavailable on cpu-sim"),
        "{e}"
    );
    // The environment is honoured where no flag is given, and a flag beats it.
    let out = xehe_env(
        &[
            "bench", "kernels", "--degree", "1024", "--moduli", "60x1", "--reps", "1",
        ],
        &[("XEHE_BACKEND", "cpu-sim")],
    );
    assert_ok(&out);
    assert!(String::from_utf8_lossy(&out.stdout).contains("[cpu-sim]"));
    let out = xehe_env(
        &[
            "bench",
            "kernels",
            "--backend",
            "cpu-sim",
            "--degree",
            "1024",
            "--moduli",
            "60x1",
            "--reps",
            "1",
        ],
        &[("XEHE_BACKEND", "level-zero")],
    );
    assert_ok(&out);
}

#[test]
fn outputs_are_checked_before_the_work() {
    let dir = std::env::temp_dir().join(format!("xehe-outputs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    let missing = dir.join("no/such/dir/out.json");
    let (f, m) = (file.to_str().unwrap(), missing.to_str().unwrap());
    for (args, needle) in [
        (
            vec![
                "demo",
                "--quick",
                "--backend",
                "cpu-sim",
                "--profile",
                "/proc/x",
            ],
            "/proc/x",
        ),
        (
            vec!["demo", "--quick", "--backend", "cpu-sim", "--profile", f],
            "not a directory",
        ),
        (
            vec![
                "bench",
                "ckks",
                "--backend",
                "cpu-sim",
                "--degree",
                "4096",
                "--moduli",
                "40,30,36",
                "--profile",
                f,
            ],
            "not a directory",
        ),
        (
            vec![
                "bench",
                "ckks",
                "--backend",
                "cpu-sim",
                "--degree",
                "4096",
                "--moduli",
                "40,30,36",
                "--json",
                m,
            ],
            "no/such/dir",
        ),
        (
            vec!["bench", "kernels", "--backend", "cpu-sim", "--json", m],
            "no/such/dir",
        ),
        (
            vec![
                "bench",
                "ntt",
                "--backend",
                "cpu-sim",
                "--json",
                dir.to_str().unwrap(),
            ],
            "is a directory",
        ),
    ] {
        // `refused` also checks that nothing was printed: no workload ran.
        let e = refused(&args, &[]);
        assert!(e.contains(needle), "{args:?}: {e}");
    }
    let _ = std::fs::remove_dir_all(&dir);
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
        "60x2",
        "--polys",
        "2",
        "--reps",
        "3",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_ok(&out);
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let rows = v["rows"].as_array().unwrap();
    let kernels: Vec<&str> = rows.iter().map(|r| r["kernel"].as_str().unwrap()).collect();
    assert_eq!(kernels, ["copy_u64", "poly_mad", "poly_mul", "poly_add"]);
    assert_eq!(v["bits"], serde_json::json!([60, 60]));
    // Each row's figures follow from its timing and the arrays it moves: copy reads one array
    // and writes one, mad reads three, mul and add two; 1024 × 2 × 2 words of 8 bytes.
    let words = 1024 * 2 * 2;
    let copy_gbs = rows[0]["gb_per_s"].as_f64().unwrap();
    for (r, arrays) in rows.iter().zip([2u64, 4, 3, 3]) {
        let f = |k: &str| r[k].as_f64().unwrap();
        assert_eq!(r["bytes"].as_u64().unwrap(), arrays * words * 8, "{r}");
        assert!(f("min_us") > 0.0 && f("min_us") <= f("median_us"), "{r}");
        let gbs = (arrays * words * 8) as f64 / (f("median_us") * 1e3);
        assert!((f("gb_per_s") - gbs).abs() <= 1e-9 * gbs, "{r}");
        let pct = 100.0 * f("gb_per_s") / copy_gbs;
        assert!((f("percent_of_copy") - pct).abs() <= 1e-9 * pct, "{r}");
    }
    // The old count form is refused rather than read as one 32-bit prime.
    let out = xehe(&["bench", "kernels", "--backend", "cpu-sim", "--moduli", "32"]);
    assert_eq!(out.status.code(), Some(2));
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
            "60x2",
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
        assert_ok(&out);
        let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
        let rows = v["rows"].as_array().unwrap();
        // Every variant (and for products the fused sequence first), each checked bit for bit
        // against the CPU before it is timed; cpu-sim runs every one of them.
        let fused = usize::from(mode == "multiply");
        assert_eq!(
            rows.len(),
            xehe::device_ops::ntt::NttVariant::ALL.len() + fused
        );
        if fused == 1 {
            assert_eq!(rows[0]["variant"], "fused");
        }
        // cpu-sim runs every variant; each row's per-NTT time and bandwidth follow from its
        // median, and its launches are the plan's kernels.
        let per_call = (2 * 2) as f64; // moduli × batch
                                       // The batch read and written once (a product reads its operand too: 1.5 times).
        let bytes = (1024 * 2 * 2 * 8 * 2) as f64 * if mode == "multiply" { 1.5 } else { 1.0 };
        for r in rows {
            assert!(r.get("unavailable").is_none(), "{r}");
            let f = |k: &str| r[k].as_f64().unwrap();
            assert!(f("min_us") > 0.0 && f("min_us") <= f("median_us"), "{r}");
            assert!(
                (f("us_per_ntt") - f("median_us") / per_call).abs() < 1e-9 * f("median_us"),
                "{r}"
            );
            assert!(!r["launches"].as_array().unwrap().is_empty(), "{r}");
            let gbs = bytes / (f("median_us") * 1e3);
            assert!((f("gb_per_s") - gbs).abs() <= 1e-9 * gbs, "{r}");
        }
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
fn bench_ntt_in_32_bit_words_checks_and_refuses_wide_primes() {
    let dir = std::env::temp_dir().join(format!("xehe-bench-ntt32-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let json = dir.join("ntt.json");
    for (word, inverse) in [("32", false), ("32", true), ("64", false)] {
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
            "30,28,25",
            "--reps",
            "2",
            "--word-bits",
            word,
            "--json",
            json.to_str().unwrap(),
        ];
        if inverse {
            args.push("--inverse");
        }
        let out = xehe(&args);
        assert_ok(&out);
        let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
        assert_eq!(v["word_bits"], word.parse::<u32>().unwrap());
        // Every variant with a build for the word ran (checked word for word first); in 32
        // bits the sub-group ones are listed with the reason.
        for r in v["rows"].as_array().unwrap() {
            let sub_group = r["variant"].as_str().unwrap().starts_with("subgroup");
            match r.get("unavailable") {
                Some(why) => {
                    assert!(word == "32" && sub_group, "{r}");
                    assert!(why.as_str().unwrap().contains("no 32-bit build"), "{r}");
                }
                None => assert!(r["median_us"].as_f64().unwrap() > 0.0, "{r}"),
            }
        }
    }
    // A prime too wide for 32-bit words: exit 2, saying what to change, before any device.
    let out = xehe(&[
        "bench",
        "ntt",
        "--backend",
        "cpu-sim",
        "--degree",
        "1024",
        "--moduli",
        "31x64",
        "--word-bits",
        "32",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("31-bit primes do not fit --word-bits 32") && stderr.contains("30x64"),
        "{stderr}"
    );
    // Products in 32 bits: the fused sequence (ntt_fused_w32) runs and is checked; the unfused
    // rows need poly_mul, which has no 32-bit build, and say so.
    let out = xehe(&[
        "bench",
        "ntt",
        "--backend",
        "cpu-sim",
        "--degree",
        "1024",
        "--batch",
        "2",
        "--moduli",
        "30,25",
        "--reps",
        "2",
        "--word-bits",
        "32",
        "--multiply",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_ok(&out);
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows[0]["variant"], "fused");
    assert!(rows[0].get("unavailable").is_none(), "{}", rows[0]);
    for r in &rows[1..] {
        assert!(
            r["unavailable"]
                .as_str()
                .unwrap()
                .contains("no 32-bit build"),
            "{r}"
        );
    }
    let out = xehe(&[
        "bench",
        "ntt",
        "--backend",
        "cpu-sim",
        "--word-bits",
        "32",
        "--multiply",
        "--variant",
        "four-step",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("poly_elementwise"), "{stderr}");
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
        "### Operation `relinearize`",
    ] {
        assert!(stdout.contains(want), "missing {want:?} in:\n{stdout}");
    }
    assert!(!stdout.contains("FAILED"));
    // The wall time is split into phases that fit in it, and the busy share is a share.
    let number = |line: &str, after: &str| -> f64 {
        let rest = &line[line.find(after).unwrap() + after.len()..];
        rest.split_whitespace()
            .next()
            .unwrap()
            .trim_end_matches('%')
            .parse()
            .unwrap()
    };
    let line = |start: &str| stdout.lines().find(|l| l.starts_with(start)).unwrap();
    let total = number(line("Total "), "Total ");
    let split = line("Wall time split:");
    let phases: f64 = ["contexts ", "encrypt ", "compute ", "decode ", "data) "]
        .iter()
        .map(|k| number(split, k))
        .sum();
    assert!(
        phases <= total + 0.02 && phases >= total - 0.02,
        "{split} / {total}"
    );
    let busy = number(line("Device busy:"), "ms, ");
    assert!(busy > 0.0 && busy <= 100.0, "{stdout}");
    assert!(!stdout.contains("GPU"), "cpu-sim is no GPU: {stdout}");
    // Without device events: the same checks, no profile, and the busy share not guessed.
    let out = xehe(&["demo", "--backend", "cpu-sim", "--quick", "--no-profile"]);
    assert!(out.status.success());
    let quiet = String::from_utf8_lossy(&out.stdout);
    assert!(
        quiet.contains("Device busy: not measured") && !quiet.contains("FAILED"),
        "{quiet}"
    );
    assert!(!quiet.contains("# Per-operation device profile"), "{quiet}");
    for file in ["profile.md", "profile.json", "profile.csv", "trace.json"] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        assert!(
            text.contains("ks_mac"),
            "{file} lists the key-switching kernel"
        );
    }
    // The reports' figures are checked against each other in tests/profile_reports.rs.
    let _ = std::fs::remove_dir_all(&dir);
    times_add_up(&stdout);
    let out = xehe(&["demo", "--backend", "nope"]);
    assert_eq!(out.status.code(), Some(2));
}

/// The workloads' seconds (the summary's fifth column) add up to the total line's, and with
/// the contexts' and keys' and the rest to the total, each within the rounding of the figures
/// printed (two decimals).
fn times_add_up(stdout: &str) {
    let rows: Vec<f64> = stdout
        .lines()
        .filter(|l| l.starts_with("| matMul") || l.starts_with("| logistic"))
        .map(|l| l.split('|').nth(5).unwrap().trim().parse().unwrap())
        .collect();
    assert_eq!(rows.len(), 3, "{stdout}");
    let total_line = stdout.lines().find(|l| l.starts_with("Total ")).unwrap();
    let figures: Vec<f64> = total_line
        .split_whitespace()
        .filter_map(|w| w.trim_end_matches([',', ':', '.']).parse().ok())
        .collect();
    let [total, keys, workloads, rest] = figures[..] else {
        panic!("total, contexts and keys, workloads, rest: {total_line}")
    };
    let summed: f64 = rows.iter().sum();
    assert!(
        (summed - workloads).abs() <= 0.016,
        "{rows:?} vs {total_line}"
    );
    assert!(
        (keys + workloads + rest - total).abs() <= 0.016,
        "{total_line}"
    );
    // Encryption is part of each workload: the workloads are most of the run.
    assert!(workloads > rest && workloads > 0.0, "{total_line}");
}

#[test]
fn demo_prints_a_one_line_profile_by_default_and_times_that_add_up() {
    let out = xehe(&["demo", "--backend", "cpu-sim", "--quick"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !stdout.contains("# Per-operation device profile"),
        "{stdout}"
    );
    assert!(!stdout.contains("### Operation"), "{stdout}");
    let summary: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("Device profile: "))
        .collect();
    assert_eq!(summary.len(), 1, "{stdout}");
    assert!(summary[0].contains("kernel launches"), "{}", summary[0]);
    times_add_up(&stdout);
}

#[test]
fn unknown_values_are_refused_on_one_line() {
    for (args, says) in [
        (
            vec!["eval", "--backend", "foo"],
            "invalid value 'foo' for '--backend <BACKEND>'",
        ),
        (
            vec!["encode", "--compression", "foo"],
            "unknown compression \"foo\": use none, zlib or zstd",
        ),
        (vec!["primes", "--bogus"], "unexpected argument '--bogus'"),
        (
            vec!["keygen"],
            "the following required arguments were not provided: --params <PARAMS> --out-dir <OUT_DIR>",
        ),
    ] {
        let out = xehe(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("xehe: error: "), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    // Help is still help.
    let out = xehe(&["keygen", "--help"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("--force"));
}

/// Hybrid key switching from the command line: two special primes, every key-switching routine
/// checked word for word against the host evaluator on cpu-sim; a count the primes cannot hold
/// is a usage error (exit 2), not a panic.
#[test]
fn bench_ckks_with_special_primes_checks_on_cpu_sim() {
    let bench = |special: &str, routines: &str| {
        xehe(&[
            "bench",
            "ckks",
            "--backend",
            "cpu-sim",
            "--degree",
            "4096",
            "--moduli",
            "30x4,40x2",
            "--special-primes",
            special,
            "--reps",
            "1",
            "--routines",
            routines,
        ])
    };
    let out = bench("2", "MulLin,Rotate,Rotate8Hoisted,Rotate8,encrypt");
    assert_ok(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("(2 special)"), "{text}");
    assert!(text.contains("every routine checked"), "{text}");
    for row in [
        "| MulLin |",
        "| Rotate8Hoisted |",
        "| Rotate8 |",
        "| encrypt |",
    ] {
        assert!(text.contains(row), "{row} missing: {text}");
    }
    for bad in ["0", "6", "17"] {
        let out = bench(bad, "add");
        assert_eq!(out.status.code(), Some(2), "--special-primes {bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("special primes"), "{err}");
    }
}

/// `bench ckks --word-bits 32` runs a 32-bit-tier family's routines on cpu-sim, each checked
/// against the host, reports its word in the JSON, and refuses what it cannot honour with one
/// line and status 2.
#[test]
fn bench_ckks_in_32_bit_words_checks_on_cpu_sim_and_refuses_bad_requests() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("w32.json");
    let out = xehe(&[
        "bench",
        "ckks",
        "--backend",
        "cpu-sim",
        "--degree",
        "4096",
        "--word-bits",
        "32",
        "--family",
        "insecure-n12-w32-s40",
        "--reps",
        "1",
        "--routines",
        "MulLinRS,Rotate8Hoisted,rescale,encode,encrypt_symmetric,decrypt,decode",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_ok(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("32-bit words"), "{text}");
    assert!(text.contains("every routine checked"), "{text}");
    for row in [
        "| MulLinRS |",
        "| Rotate8Hoisted |",
        "| rescale |",
        "| encode |",
        "| encrypt_symmetric |",
        "| decrypt |",
        "| decode |",
    ] {
        assert!(text.contains(row), "{row} missing: {text}");
    }
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(v["word_bits"], 32);
    let base = ["bench", "ckks", "--backend", "cpu-sim", "--reps", "1"];
    for (extra, why) in [
        (
            vec!["--degree", "4096", "--word-bits", "32"],
            "needs --family",
        ),
        (
            vec!["--degree", "4096", "--word-bits", "32", "--family", "n99"],
            "is unknown",
        ),
        (
            vec![
                "--degree",
                "8192",
                "--word-bits",
                "32",
                "--family",
                "insecure-n12-w32-s40",
            ],
            "pass --degree 4096",
        ),
        (
            vec![
                "--degree",
                "4096",
                "--word-bits",
                "32",
                "--family",
                "insecure-n12-w32-s40",
                "--moduli",
                "30x4",
            ],
            "--moduli is for 64-bit words",
        ),
        (
            vec!["--degree", "4096", "--family", "insecure-n12-w32-s40"],
            "--family is for --word-bits 32",
        ),
        (
            vec![
                "--degree",
                "4096",
                "--word-bits",
                "32",
                "--family",
                "insecure-n12-w32-s40",
                "--routines",
                "encrypt",
            ],
            "does not run on a device with 32-bit words",
        ),
        (
            vec!["--degree", "4096", "--word-bits", "48"],
            "use 32 or 64",
        ),
    ] {
        let args: Vec<&str> = base.iter().copied().chain(extra.iter().copied()).collect();
        let out = xehe(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(why), "{args:?}: {err}");
    }
}

/// A small scale (2^25, fresh noise near 1e-4 in the slots) still passes the fresh-encryption
/// check, whose bound follows the scale: a fixed bound rejected correct encryptions there.
#[test]
fn bench_ckks_fresh_check_follows_the_scale() {
    let out = xehe(&[
        "bench",
        "ckks",
        "--backend",
        "cpu-sim",
        "--degree",
        "4096",
        "--moduli",
        "40,25,25,50",
        "--reps",
        "1",
        "--routines",
        "encrypt,encrypt_many",
    ]);
    assert_ok(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("| encrypt_many |"), "{text}");
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
        "--pipelined",
        "3",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_ok(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("| routine | K | queued wall, unprofiled |"),
        "{text}"
    );
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(v["checked"], true);
    for r in v["rows"].as_array().unwrap() {
        // Three calls queued, one wait: the last result was checked word for word.
        let p = &r["pipelined"];
        assert_eq!(p["k"], 3, "{r}");
        assert!(p["wall_us"].as_f64().unwrap() > 0.0, "{r}");
        assert!(p["span_us"].as_f64().unwrap() > 0.0, "{r}");
        // The same calls on a second, unprofiled opening, also checked word for word.
        let u = &r["unprofiled"];
        assert!(u["wall_us"].as_f64().unwrap() > 0.0, "{r}");
        assert!(u["pipelined_wall_us"].as_f64().unwrap() > 0.0, "{r}");
    }
    // No peer measured these parameters: nothing is quoted.
    assert_eq!(v["quoted"], serde_json::json!([]));
    for r in v["rows"].as_array().unwrap() {
        let f = |k: &str| r[k].as_f64().unwrap();
        // Kernel time fits in the device span, which fits in the wall time of a call.
        assert!(r["launches"].as_u64().unwrap() >= 1, "{r}");
        assert!(
            f("kernel_us") <= f("span_us") * (1.0 + 1e-9) && f("span_us") <= f("wall_us"),
            "{r}"
        );
    }
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
            "rescale",
            "Rotate8Hoisted",
            "Rotate8",
            "encode",
            "encrypt",
            "encrypt_symmetric",
            "decrypt",
            "decode",
            "encode_many",
            "encrypt_many",
            "decrypt_many",
            "decode_many"
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
        (
            vec!["--moduli", "40,30,36", "--pipelined", "0"],
            "--pipelined 0: use 1 to 10000",
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

/// `xehe bench host` at 4096 with `extra` arguments, its JSON report written to `json`.
fn bench_host(json: &std::path::Path, extra: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "bench", "host", "--degree", "4096", "--moduli", "40,30,36", "--reps", "1", "--json",
    ];
    args.push(json.to_str().unwrap());
    args.extend(extra);
    assert_ok(&xehe(&args));
    serde_json::from_slice(&std::fs::read(json).unwrap()).unwrap()
}

fn routine_names(v: &serde_json::Value) -> Vec<String> {
    v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["routine"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn bench_host_times_every_row_and_refuses_bad_arguments() {
    let dir = std::env::temp_dir().join(format!("xehe-bench-host-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let json = dir.join("h.json");
    let v = bench_host(&json, &["--threads", "2"]);
    assert_eq!(v["threads"], 2);
    let names = routine_names(&v);
    for want in [
        "encode",
        "decode",
        "relinearize",
        "rotate 1",
        "create_relin_keys",
    ] {
        assert!(names.iter().any(|n| n == want), "{names:?}");
    }
    let rows = v["rows"].as_array().unwrap();
    assert!(rows.iter().all(|r| r["us"].as_f64().unwrap() > 0.0));
    // --only times the rows it names and no other.
    let v = bench_host(&json, &["--only", "decrypt,rescale"]);
    assert_eq!(routine_names(&v), ["decrypt", "rescale"]);
    for (args, what) in [
        (vec!["--threads", "0"], "--threads 0"),
        (vec!["--reps", "0"], "--reps must be at least 1"),
        (vec!["--moduli", "40,x"], "--moduli"),
        (
            vec!["--only", "decrypt,bogus"],
            "--only \"bogus\": not a row",
        ),
    ] {
        let mut all = vec!["bench", "host", "--degree", "4096"];
        all.extend(args);
        let out = xehe(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(what),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bench_bootstrap_reports_precision_and_levels_on_cpu_sim_and_refuses_bad_requests() {
    let dir = std::env::temp_dir().join(format!("xehe-bench-bootstrap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let json = dir.join("bootstrap.json");
    let out = xehe(&[
        "bench",
        "bootstrap",
        "--backend",
        "cpu-sim",
        "--degree",
        "4096",
        "--insecure",
        "--reps",
        "1",
        "--message",
        "uniform",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_ok(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("device = host true"), "{text}");
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(v["levels_left"], 2);
    assert_eq!(v["preset"]["name"], "insecure-n12");
    assert_eq!(v["device_equals_host"], true);
    // The tests' stated bound (tests/bootstrap.rs): min ≥ 16 bits, mean ≥ 18.
    let (mean, min) = (
        v["precision_bits_mean"].as_f64().unwrap(),
        v["precision_bits_min"].as_f64().unwrap(),
    );
    assert!(mean >= 18.0 && min >= 16.0, "{mean} {min}");
    // −log2 of the mean error lies between the worst slot's bits and the mean of the slots'
    // bits (Jensen: −log2 is convex).
    assert_eq!(v["message"], "uniform");
    let of_mean = v["precision_bits_of_mean_error"].as_f64().unwrap();
    assert!(min <= of_mean && of_mean <= mean, "{min} {of_mean} {mean}");
    let ms = v["ms"].as_f64().unwrap();
    let (span, kernels) = (
        v["span_ms"].as_f64().unwrap(),
        v["kernel_ms"].as_f64().unwrap(),
    );
    assert!(ms > 0.0 && kernels > 0.0 && kernels <= span * 1.0001, "{v}");
    // The preset's primes (insecure-n12) add up to the key level's bits, and the rest of the
    // comparison fields are there.
    assert_eq!(v["log2_qp"], v["preset"]["total_bits"], "{v}");
    assert_eq!(v["word_bits"], 64);
    assert!(
        v["secret"]
            .as_str()
            .unwrap()
            .starts_with("dense ternary, encapsulated to sparse h = 32"),
        "{v}"
    );
    assert!(v["launches"].as_u64().unwrap() > 0, "{v}");
    let _ = std::fs::remove_dir_all(&dir);
    for (args, needle) in [
        (vec!["--degree", "4096"], "--insecure"),
        (vec!["--degree", "1000", "--insecure"], "presets"),
        (
            vec!["--degree", "4096", "--insecure", "--slots", "100"],
            "power of two",
        ),
        (
            vec!["--degree", "4096", "--insecure", "--slots", "4"],
            "levels",
        ),
        (
            vec!["--degree", "4096", "--insecure", "--reps", "0"],
            "--reps",
        ),
        // The message ratio: below 6, above the preset's own 10, not a number.
        (
            vec!["--degree", "4096", "--insecure", "--message-ratio", "5"],
            "--message-ratio 5",
        ),
        (
            vec!["--degree", "4096", "--insecure", "--message-ratio", "11"],
            "--message-ratio 11",
        ),
        (
            vec!["--degree", "4096", "--insecure", "--message-ratio", "x"],
            "--message-ratio",
        ),
    ] {
        let mut full = vec!["bench", "bootstrap", "--backend", "host"];
        full.extend(args.iter().copied());
        let out = xehe(&full);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
