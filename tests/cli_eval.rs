//! `xehe eval` as a pipeline: several `--op` in one process give the same ciphertext, word for
//! word, as one process per op, and decrypt to the f64 computation; every op kind on the host
//! and on cpu-sim; bad op lists refused with one line naming the op, before keys or devices.
//!
//! Parameters: N = 4096, data primes of 35 and 25 bits and a 49-bit special prime (109 bits,
//! the 128-bit bound), scale 2^25, keys from `xehe keygen`; and SEAL's own files
//! (tests/data/seal/io) where SEAL's keys are the point.

mod common;

use common::fixtures::seal_values;
use std::process::{Command, Output};
use xehe::ckks::serialize::SaveOptions;
use xehe::ckks::{Ciphertext, Context, EncryptionParameters, Evaluator};
use xehe::primes::SecurityLevel;

const PARAMS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/seal/io/parms.seal");
/// SEAL's Galois keys for SEAL's parameters: rotation by 1 and conjugation only.
const SEAL_GALOIS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/seal/io/galois.key");
const SLOTS: usize = 2048;
/// Every decrypted slot within this of the f64 computation. The fixture's worst slot comes to
/// about 2^-12 (a rescale's rounding at scale 2^25, summed over four slots by sum:4; the
/// 49-bit special prime keeps key switching below that), eight times inside the bound; SEAL's
/// files, whose 39-bit special prime is smaller than their 40-bit first prime, come to
/// 2^-11.4 after three key switches (their words are fixed, so that does not vary).
const BOUND: f64 = 1.0 / 512.0;

fn xehe(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xehe"))
        .args(args)
        .output()
        .expect("the xehe binary runs")
}

/// Runs xehe, which must succeed; its stderr.
fn ok(args: &[&str]) -> String {
    let out = xehe(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "xehe {args:?}: {err}");
    err
}

/// Runs xehe, which must fail with exit status 2 and one line on stderr saying `says`.
fn fails(args: &[&str], says: &str) {
    let out = xehe(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "xehe {args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(
        err.contains(says),
        "xehe {args:?} should say {says:?}: {err}"
    );
}

/// Keys, inputs and operand files in a temporary directory.
struct Fixture {
    dir: tempfile::TempDir,
    params: String,
    x: Vec<f64>,
    y: Vec<f64>,
    w: Vec<f64>,
}

impl Fixture {
    fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let gen = |a: usize, b: usize| -> Vec<f64> {
            (0..SLOTS)
                .map(|k| ((k * a + b) % 101) as f64 / 50.0 - 1.0)
                .collect()
        };
        let params = dir.path().join("params.seal").to_str().unwrap().to_string();
        let mut bytes = Vec::new();
        EncryptionParameters::with_bit_sizes(4096, &[35, 25, 49])
            .unwrap()
            .save(&mut bytes, SaveOptions::default())
            .unwrap();
        std::fs::write(&params, bytes).unwrap();
        let f = Fixture {
            dir,
            params,
            x: gen(37, 5),
            y: gen(61, 17),
            w: gen(29, 3),
        };
        ok(&[
            "keygen",
            "--params",
            &f.params,
            "--out-dir",
            &f.path("keys"),
        ]);
        for (name, v) in [("x", &f.x), ("y", &f.y), ("w", &f.w)] {
            let json = f.path(&format!("{name}.json"));
            std::fs::write(&json, serde_json::to_string(v).unwrap()).unwrap();
            let values = format!("@{json}");
            let common = [
                "--params", &f.params, "--values", &values, "--scale", "2^25",
            ];
            let ct = f.path(&format!("{name}.ct"));
            let pk = f.path("keys/public.key");
            ok(&[
                &["encrypt", "--public-key", &pk][..],
                &common,
                &["--out", &ct],
            ]
            .concat());
            let pt = f.path(&format!("{name}.pt"));
            ok(&[&["encode"][..], &common, &["--out", &pt]].concat());
        }
        f
    }

    fn path(&self, name: &str) -> String {
        self.dir.path().join(name).to_str().unwrap().to_string()
    }

    /// `xehe eval` with the fixture's keys on `backend`; its stderr.
    fn eval(&self, backend: &str, ops: &[&str], inputs: &[&str], out: &str) -> String {
        let (rk, gk) = (self.path("keys/relin.key"), self.path("keys/galois.key"));
        let mut args = vec![
            "eval",
            "--params",
            &self.params,
            "--backend",
            backend,
            "--relin-keys",
            &rk,
            "--galois-keys",
            &gk,
            "--out",
            out,
        ];
        for op in ops {
            args.extend(["--op", op]);
        }
        for i in inputs {
            args.extend(["--in", i]);
        }
        ok(&args)
    }

    fn decrypt(&self, ct: &str) -> Vec<f64> {
        let out = xehe(&[
            "decrypt",
            "--params",
            &self.params,
            "--secret-key",
            &self.path("keys/secret.key"),
            "--ciphertext",
            ct,
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    }

    /// Runs `ops` (with the input file names `inputs`) as one pipeline and as one process
    /// per op on `backend`; asserts the two results are the same bytes and returns the
    /// pipeline's file and stderr.
    fn both_ways(
        &self,
        backend: &str,
        tag: &str,
        ops: &[&str],
        inputs: &[&str],
    ) -> (String, String) {
        let inputs: Vec<String> = inputs.iter().map(|i| self.path(i)).collect();
        let one = self.path(&format!("{tag}-{backend}.ct"));
        let stderr = self.eval(
            backend,
            ops,
            &inputs.iter().map(String::as_str).collect::<Vec<_>>(),
            &one,
        );
        let (mut current, mut next_input) = (inputs[0].clone(), 1);
        for (k, op) in ops.iter().enumerate() {
            let mut args = vec![current.as_str()];
            if matches!(*op, "add" | "sub" | "multiply") {
                args.push(&inputs[next_input]);
                next_input += 1;
            }
            let out = self.path(&format!("{tag}-{backend}-step{k}.ct"));
            self.eval(backend, &[op], &args, &out);
            current = out;
        }
        assert_eq!(
            std::fs::read(&one).unwrap(),
            std::fs::read(&current).unwrap(),
            "{tag} on {backend}: the pipeline and one process per op differ"
        );
        (one, stderr)
    }
}

/// Slot i of a left rotation by `s` is slot i + s.
fn rotate(v: &[f64], s: i64) -> Vec<f64> {
    let n = v.len() as i64;
    (0..n).map(|i| v[(i + s).rem_euclid(n) as usize]).collect()
}

/// `sum:K`: slot i becomes slots i .. i + K summed (cyclically).
fn sum(v: &[f64], k: usize) -> Vec<f64> {
    (0..v.len())
        .map(|i| (0..k).map(|j| v[(i + j) % v.len()]).sum())
        .collect()
}

fn zip(a: &[f64], b: &[f64], f: impl Fn(f64, f64) -> f64) -> Vec<f64> {
    a.iter().zip(b).map(|(&x, &y)| f(x, y)).collect()
}

fn padded(v: &[f64]) -> Vec<f64> {
    let mut p = v.to_vec();
    p.resize(SLOTS, 0.0);
    p
}

fn assert_close(tag: &str, got: &[f64], want: &[f64]) {
    assert_eq!(got.len(), want.len(), "{tag}");
    let worst = zip(got, want, |g, w| (g - w).abs())
        .into_iter()
        .fold(0.0, f64::max);
    assert!(worst < BOUND, "{tag}: off by {worst} (bound {BOUND})");
}

#[test]
fn pipelines_equal_one_process_per_op_and_the_f64_computation() {
    let f = Fixture::new();
    let c = [0.25, -0.5, 0.125];
    let c_json = serde_json::to_string(&c).unwrap();
    let (add_c, sub_c) = (format!("add-plain:{c_json}"), format!("sub-plain:{c_json}"));
    let w_file = format!("multiply-plain:@{}", f.path("w.json"));
    let w_pt = format!("multiply-plain:pt={}", f.path("w.pt"));
    let x_pt = format!("add-plain:pt={}", f.path("x.pt"));
    let v = [0.5, -1.0, 0.75];
    let v_file = f.path("v.json");
    std::fs::write(&v_file, serde_json::to_string(&v).unwrap()).unwrap();
    let dot = format!("dot:@{v_file}");
    let (x, y, w, c) = (&f.x, &f.y, &f.w, padded(&c));
    type Want = Vec<f64>;
    let cases: Vec<(&str, Vec<&str>, Vec<&str>, Want)> = vec![
        (
            "add-multiply-plain-sum",
            vec!["add", &w_file, "rescale", &add_c, "sum:4", "negate"],
            vec!["x.ct", "y.ct"],
            sum(
                &zip(
                    &zip(&zip(x, y, |a, b| a + b), w, |a, b| a * b),
                    &c,
                    |a, b| a + b,
                ),
                4,
            )
            .iter()
            .map(|s| -s)
            .collect(),
        ),
        (
            "square-rotate-conjugate",
            vec!["square", "rescale", "rotate:3", "conjugate", &sub_c],
            vec!["x.ct"],
            zip(&rotate(&zip(x, x, |a, b| a * b), 3), &c, |a, b| a - b),
        ),
        (
            "plaintext-file-dot",
            vec![&x_pt, &dot, "rescale"],
            vec!["x.ct"],
            sum(&zip(&zip(x, x, |a, b| a + b), &padded(&v), |a, b| a * b), 4),
        ),
        (
            "mod-switch-rotate-right",
            vec!["mod-switch", &add_c, "rotate:-2"],
            vec!["x.ct"],
            rotate(&zip(x, &c, |a, b| a + b), -2),
        ),
        (
            "sub-multiply-plain-file",
            vec!["sub", &w_pt, "rescale"],
            vec!["x.ct", "y.ct"],
            zip(&zip(x, y, |a, b| a - b), w, |a, b| a * b),
        ),
        (
            "multiply",
            vec!["multiply", "rescale"],
            vec!["x.ct", "y.ct"],
            zip(x, y, |a, b| a * b),
        ),
    ];
    for (tag, ops, inputs, want) in &cases {
        let mut results = Vec::new();
        for backend in ["host", "cpu-sim"] {
            let (ct, stderr) = f.both_ways(backend, tag, ops, inputs);
            assert_close(&format!("{tag} on {backend}"), &f.decrypt(&ct), want);
            results.push((std::fs::read(&ct).unwrap(), stderr));
        }
        assert_eq!(results[0].0, results[1].0, "{tag}: host and cpu-sim differ");
        // Only the Galois keys the ops use are kept, out of keygen's 22 (±2^k, where ±1024 are one element, and conjugation).
        let kept = match *tag {
            "add-multiply-plain-sum" | "plaintext-file-dot" => Some(2), // steps 1 and 2
            "square-rotate-conjugate" => Some(3), // 3 = 4 − 1, and conjugation
            "mod-switch-rotate-right" => Some(1),
            _ => None,
        };
        for (_, stderr) in &results {
            match kept {
                Some(k) => assert!(
                    stderr.contains(&format!(": {k} of the 22 Galois keys")),
                    "{tag}: {stderr}"
                ),
                None => assert!(!stderr.contains("Galois"), "{tag}: {stderr}"),
            }
        }
    }
}

#[test]
fn relinearize_takes_a_product_saved_unrelinearized() {
    let f = Fixture::new();
    // The size-3 product, as a client that multiplies without relinearizing saves it.
    let parms = EncryptionParameters::load(&mut std::fs::File::open(&f.params).unwrap()).unwrap();
    let ctx = Context::new(&parms, SecurityLevel::Tc128).unwrap();
    let load =
        |p: &str| Ciphertext::load(&ctx, &mut std::fs::File::open(f.path(p)).unwrap()).unwrap();
    let product = Evaluator::new(&ctx)
        .multiply(&load("x.ct"), &load("y.ct"))
        .unwrap();
    assert_eq!(product.size(), 3);
    let mut bytes = Vec::new();
    product.save(&mut bytes, SaveOptions::default()).unwrap();
    std::fs::write(f.path("xy3.ct"), bytes).unwrap();
    for backend in ["host", "cpu-sim"] {
        let (relin, _) = f.both_ways(backend, "relin", &["relinearize", "rescale"], &["xy3.ct"]);
        let (multiply, _) =
            f.both_ways(backend, "mul", &["multiply", "rescale"], &["x.ct", "y.ct"]);
        assert_eq!(
            std::fs::read(&relin).unwrap(),
            std::fs::read(&multiply).unwrap(),
            "{backend}: relinearize of the saved product differs from multiply"
        );
        assert_close(backend, &f.decrypt(&relin), &zip(&f.x, &f.y, |a, b| a * b));
    }
}

/// `xehe eval` arguments: `ops` on `inputs`, with `keys` (the parameters, keys and backend).
fn eval_args<'a>(keys: &[&'a str], ops: &[&'a str], inputs: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["eval", "--out", "/nonexistent/never-written.ct"];
    args.extend(keys);
    for op in ops {
        args.extend(["--op", op]);
    }
    for i in inputs {
        args.extend(["--in", i]);
    }
    args
}

#[test]
fn bad_op_lists_are_one_line_naming_the_op_before_keys_or_devices() {
    let f = Fixture::new();
    let (x, y) = (f.path("x.ct"), f.path("y.ct"));
    let (rk, gk) = (f.path("keys/relin.key"), f.path("keys/galois.key"));
    let keys = [
        "--params",
        &f.params,
        "--relin-keys",
        &rk,
        "--galois-keys",
        &gk,
        "--backend",
        "cpu-sim",
    ];
    let run =
        |ops: &[&str], inputs: &[&str], says: &str| fails(&eval_args(&keys, ops, inputs), says);
    // Grammar.
    run(&["mul"], &[&x], "--op mul: use add, sub");
    run(
        &["negate", "sum:3"],
        &[&x],
        "--op #2 sum:3: sum:K takes a power of two",
    );
    run(
        &["negate", "add-plain:[1,"],
        &[&x],
        "--op #2 add-plain:[1,: not a JSON array",
    );
    run(
        &["multiply-plain:7"],
        &[&x],
        "--op multiply-plain:7: multiply-plain:X takes",
    );
    run(
        &["dot:pt=x.pt"],
        &[&x],
        "--op dot:pt=x.pt: dot:V takes values",
    );
    run(
        &["add", "multiply"],
        &[&x, &y],
        "the --op list takes 3 --in",
    );
    // Too many values, inline and from a file.
    let many = serde_json::to_string(&vec![0.5; SLOTS + 1]).unwrap();
    run(
        &[&format!("add-plain:{many}")],
        &[&x],
        "2049 values, but these parameters have 2048 slots",
    );
    let many_file = f.path("many.json");
    std::fs::write(&many_file, &many).unwrap();
    run(
        &["negate", &format!("dot:@{many_file}")],
        &[&x],
        "--op #2 dot:@",
    );
    run(
        &["sum:4096"],
        &[&x],
        "--op sum:4096: these parameters have 2048 slots",
    );
    // Plaintexts at the wrong level, of the wrong scale, of other parameters.
    let x_pt = format!("add-plain:pt={}", f.path("x.pt"));
    run(
        &["rescale", &x_pt],
        &[&x],
        "the ciphertext has 1 prime here",
    );
    run(&["rescale", &x_pt], &[&x], "--op #2 add-plain:pt=");
    run(
        &["multiply-plain:[2]", &x_pt],
        &[&x],
        "encode it at the ciphertext's scale",
    );
    let other = f.path("other.seal");
    let mut bytes = Vec::new();
    EncryptionParameters::with_bit_sizes(8192, &[40, 30, 39])
        .unwrap()
        .save(&mut bytes, SaveOptions::default())
        .unwrap();
    std::fs::write(&other, bytes).unwrap();
    let other_pt = f.path("other.pt");
    ok(&[
        "encode", "--params", &other, "--values", "[1]", "--scale", "2^30", "--out", &other_pt,
    ]);
    run(
        &[&format!("multiply-plain:pt={other_pt}")],
        &[&x],
        "--op multiply-plain:pt=",
    );
    // Sizes, levels and scales through the list.
    run(
        &["relinearize"],
        &[&x],
        "relinearize takes a size-3 ciphertext",
    );
    run(
        &["rescale", "rescale"],
        &[&x],
        "--op #2 rescale: the ciphertext is at the last level",
    );
    run(&["rescale", "add"], &[&x, &y], "--op #2 add: --in");
    // A rescale that would leave a scale below 1, refused in the plan as the evaluator would.
    let small = f.path("scale2.ct");
    ok(&[
        "encrypt",
        "--public-key",
        &f.path("keys/public.key"),
        "--params",
        &f.params,
        "--values",
        "[0.5]",
        "--scale",
        "2",
        "--out",
        &small,
    ]);
    run(
        &["rescale"],
        &[&small],
        "--op rescale: rescaling would leave a scale",
    );
    run(
        &["square", "square"],
        &[&x],
        "--op #2 square: the product's scale",
    );
    // Keys: not given, or not holding what the ops need.
    let no_keys = ["--params", &f.params, "--backend", "host"];
    fails(
        &eval_args(&no_keys, &["negate", "square"], &[&x]),
        "--op #2 square relinearizes: give --relin-keys",
    );
    fails(
        &eval_args(&no_keys, &["sum:4"], &[&x]),
        "--op sum:4 needs --galois-keys",
    );
    // SEAL's keys, with SEAL's parameters and ciphertext.
    let seal_x = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/seal/io/x.ct");
    let seal_keys = [
        "--params",
        PARAMS,
        "--galois-keys",
        SEAL_GALOIS,
        "--backend",
        "host",
    ];
    fails(
        &eval_args(&seal_keys, &["rotate:1", "sum:4"], &[seal_x]),
        "--op #2 sum:4: ",
    );
    fails(
        &eval_args(&seal_keys, &["sum:4"], &[seal_x]),
        "no key for a rotation by 2 (Galois element",
    );
    fails(
        &eval_args(&seal_keys, &["rotate:3"], &[seal_x]),
        "no key for a rotation by -1 (Galois element",
    );
    // A bad op list is refused before the keys are read or a device opened.
    let unreadable = [
        "--params",
        &f.params,
        "--relin-keys",
        "/nonexistent/relin.key",
        "--backend",
        "opencl",
        "--device",
        "999",
    ];
    fails(
        &eval_args(&unreadable, &["square", "rescale", "rescale"], &[&x]),
        "--op #3 rescale",
    );
    fails(
        &eval_args(&unreadable, &["square", &x_pt], &[&x]),
        "--op #2 add-plain:pt=",
    );
}

#[test]
fn seal_galois_keys_serve_the_ops_they_cover() {
    // SEAL's keys (rotation by 1 and conjugation) on SEAL's ciphertext of x (salt 11).
    let seal = |name: &str| format!("{}/tests/data/seal/io/{name}", env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let ops = ["rotate:1", "conjugate", "sum:2"];
    let eval = |ops: &[&str], input: &str, out: &str| {
        let mut args = vec![
            "eval",
            "--params",
            PARAMS,
            "--backend",
            "host",
            "--galois-keys",
            SEAL_GALOIS,
            "--in",
            input,
            "--out",
            out,
        ];
        for op in ops {
            args.extend(["--op", op]);
        }
        ok(&args)
    };
    let stderr = eval(&ops, &seal("x.ct"), &path("r.ct"));
    assert!(stderr.contains(": 2 of the 2 Galois keys"), "{stderr}");
    let mut current = seal("x.ct");
    for (k, op) in ops.iter().enumerate() {
        let next = path(&format!("r{k}.ct"));
        eval(&[op], &current, &next);
        current = next;
    }
    assert_eq!(
        std::fs::read(path("r.ct")).unwrap(),
        std::fs::read(&current).unwrap()
    );
    let out = xehe(&[
        "decrypt",
        "--params",
        PARAMS,
        "--secret-key",
        &seal("secret.key"),
        "--ciphertext",
        &path("r.ct"),
    ]);
    let got: Vec<f64> = serde_json::from_slice(&out.stdout).unwrap();
    let x = seal_values(11, SLOTS);
    assert_close("SEAL's keys", &got, &sum(&rotate(&x, 1), 2));
}

#[test]
fn keys_no_op_needs_are_not_read() {
    let f = Fixture::new();
    let out = f.path("neg.ct");
    let stderr = ok(&[
        "eval",
        "--params",
        &f.params,
        "--backend",
        "host",
        "--relin-keys",
        "/nonexistent/relin.key",
        "--galois-keys",
        "/nonexistent/galois.key",
        "--op",
        "negate",
        "--op",
        "add-plain:[1]",
        "--in",
        &f.path("x.ct"),
        "--out",
        &out,
    ]);
    assert!(stderr.is_empty(), "{stderr}");
    let mut want: Vec<f64> = f.x.iter().map(|v| -v).collect();
    want[0] += 1.0;
    assert_close("negate, add-plain", &f.decrypt(&out), &want);
}
