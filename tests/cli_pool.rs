//! The device pool on the command line: `--devices` and `XEHE_DEVICES`, what `xehe devices`
//! says the pool opens, and refusals on one line with exit status 2.

mod common;

use std::process::{Command, Output};

fn xehe_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_xehe"));
    cmd.args(args);
    for var in ["XEHE_DEVICES", "XEHE_BACKEND", "XEHE_DEVICE", "XEHE_TILES"] {
        cmd.env_remove(var);
    }
    cmd.envs(env.iter().copied())
        .output()
        .expect("the xehe binary runs")
}

/// The one-line error of a refused command (exit status 2).
fn refused(args: &[&str], env: &[(&str, &str)]) -> String {
    let out = xehe_env(args, env);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    err
}

#[test]
fn devices_json_lists_what_the_pool_opens() {
    let out = xehe_env(
        &["devices", "--json", "--devices", "cpu-sim:0,cpu-sim:2"],
        &[("XEHE_TILES", "2")],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let pool = &v["pool"];
    assert_eq!(pool["selection"], "cpu-sim:0,cpu-sim:2");
    assert_eq!(pool["tiles"], 4);
    assert_eq!(pool["error"], serde_json::Value::Null);
    let ids: Vec<&str> = pool["devices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["device"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["cpu-sim:0", "cpu-sim:2"]);
    assert_eq!(pool["devices"][1]["backend"], "cpu-sim");
    assert_eq!(pool["devices"][1]["index"], 2);

    // From the environment, and the default: the one device the backend choice opens.
    let out = xehe_env(&["devices", "--json"], &[("XEHE_DEVICES", "cpu-sim:5")]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["pool"]["devices"][0]["device"], "cpu-sim:5");
    let out = xehe_env(&["devices", "--json"], &[("XEHE_BACKEND", "cpu-sim")]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["pool"]["selection"], "default");
    assert_eq!(v["pool"]["devices"][0]["device"], "cpu-sim:0");
    // A device that is not there is the pool's error, in the report.
    let out = xehe_env(&["devices", "--json", "--devices", "level-zero:63"], &[]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["pool"]["error"].is_string(), "{}", v["pool"]);
}

#[test]
fn malformed_or_conflicting_selections_are_refused_on_one_line() {
    let e = refused(&["devices", "--devices", "opencl:zero"], &[]);
    assert!(e.contains("not a number"), "{e}");
    let e = refused(&["devices"], &[("XEHE_DEVICES", "opencl:1,opencl:1")]);
    assert!(
        e.contains("XEHE_DEVICES") && e.contains("named twice"),
        "{e}"
    );
    let e = refused(
        &[
            "bench",
            "kernels",
            "--devices",
            "cpu-sim:0",
            "--backend",
            "cpu-sim",
        ],
        &[],
    );
    assert!(e.contains("--backend"), "{e}");
    // A command of one device refuses a selection of several, naming them.
    let e = refused(
        &["bench", "kernels", "--devices", "cpu-sim:0,cpu-sim:1"],
        &[],
    );
    assert!(
        e.contains("one root device") && e.contains("cpu-sim:1"),
        "{e}"
    );
    let e = refused(
        &["bench", "kernels"],
        &[("XEHE_DEVICES", "cpu-sim:0"), ("XEHE_BACKEND", "cpu-sim")],
    );
    assert!(e.contains("XEHE_BACKEND"), "{e}");
    // A batch is timed once: --reps beside --batch is refused, not ignored.
    for bench in ["ckks", "bootstrap"] {
        let e = refused(
            &[
                "bench",
                bench,
                "--devices",
                "cpu-sim:0",
                "--batch",
                "2",
                "--reps",
                "3",
            ],
            &[],
        );
        assert!(
            e.contains("--reps") && e.contains("--batch"),
            "{bench}: {e}"
        );
    }
}

/// `bench ckks --batch` on two simulated root devices: the JSON's `tiles` list, one object
/// per tile, whose jobs add up to the batch; every result checked (else the command fails).
#[test]
fn bench_ckks_batch_reports_every_tile() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("b.json");
    let out = xehe_env(
        &[
            "bench",
            "ckks",
            "--devices",
            "cpu-sim:0,cpu-sim:1",
            "--degree",
            "4096",
            "--moduli",
            "40,30,36",
            "--batch",
            "6",
            "--json",
            json.to_str().unwrap(),
        ],
        &[],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("every result equals the host's"),
        "{stdout}"
    );
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(v["job"], "MulLin");
    assert_eq!(v["batch"], 6);
    // Two warm-up jobs, six on one tile, six on both.
    assert_eq!(v["checked"], 14);
    let tiles = v["tiles"].as_array().unwrap();
    let devices: Vec<&str> = tiles
        .iter()
        .map(|t| t["device"].as_str().unwrap())
        .collect();
    assert_eq!(devices, ["cpu-sim:0", "cpu-sim:1"]);
    assert_eq!(
        tiles
            .iter()
            .map(|t| t["jobs"].as_u64().unwrap())
            .sum::<u64>(),
        6
    );
    for t in tiles {
        assert_eq!(t["tile"], 0);
        assert!(
            t["jobs"].as_u64().unwrap() >= 1,
            "each tile runs its first job: {t}"
        );
        assert!(t["jobs_per_s"].as_f64().unwrap() > 0.0);
    }
    assert!(v["scaling"].as_f64().unwrap() > 0.0);

    for (args, needle) in [
        (vec!["--batch", "0"], "--batch 0"),
        (
            vec!["--batch", "2", "--routines", "MulLin,add"],
            "one routine",
        ),
        (
            vec!["--batch", "2", "--routines", "Rotate8"],
            "--batch times one of",
        ),
    ] {
        let mut all = vec![
            "bench",
            "ckks",
            "--devices",
            "cpu-sim:0",
            "--degree",
            "4096",
            "--moduli",
            "40,30,36",
        ];
        all.extend(args);
        let e = refused(&all, &[]);
        assert!(e.contains(needle), "{e}");
    }
}

#[test]
fn bench_bootstrap_batch_checks_every_bootstrap() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("b.json");
    let out = xehe_env(
        &[
            "bench",
            "bootstrap",
            "--degree",
            "4096",
            "--insecure",
            "--devices",
            "cpu-sim:0,cpu-sim:1",
            "--batch",
            "2",
            "--json",
            json.to_str().unwrap(),
        ],
        &[],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(
        (v["job"].as_str(), v["batch"].as_u64()),
        (Some("bootstrap"), Some(2))
    );
    assert_eq!(v["checked"], 6);
    let tiles = v["tiles"].as_array().unwrap();
    assert_eq!(tiles.len(), 2);
    assert!(tiles.iter().all(|t| t["jobs"] == 1), "{tiles:?}");
    let e = refused(
        &[
            "bench",
            "bootstrap",
            "--degree",
            "4096",
            "--insecure",
            "--backend",
            "host",
            "--batch",
            "2",
        ],
        &[],
    );
    assert!(e.contains("--backend host"), "{e}");
}

#[test]
fn the_demo_spreads_the_matrix_products_over_the_pool_and_says_so() {
    let out = xehe_env(
        &["demo", "--quick", "--devices", "cpu-sim:0,cpu-sim:1"],
        &[("XEHE_TILES", "2")],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("device pool of 4 tiles"), "{stdout}");
    let line = stdout
        .lines()
        .find(|l| l.starts_with("- matMul 10×4×1"))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(
        line.contains("10 outputs as independent jobs over 4 tiles"),
        "{line}"
    );
    for tile in [
        "cpu-sim:0 tile 0",
        "cpu-sim:0 tile 1",
        "cpu-sim:1 tile 0",
        "cpu-sim:1 tile 1",
    ] {
        assert!(line.contains(tile), "{line}");
    }
    assert!(!stdout.contains("FAILED"), "{stdout}");
    let dir = tempfile::tempdir().unwrap();
    let e = refused(
        &[
            "demo",
            "--quick",
            "--devices",
            "cpu-sim:0,cpu-sim:1",
            "--profile",
            dir.path().to_str().unwrap(),
        ],
        &[],
    );
    assert!(e.contains("several root devices"), "{e}");
}
