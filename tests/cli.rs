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
