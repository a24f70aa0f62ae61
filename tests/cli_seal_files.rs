//! The file-level commands on SEAL files (tests/data/seal/io): keygen, encode, encrypt, eval,
//! decrypt and inspect end to end on cpu-sim and the host, and bad input answered with one
//! line and exit status 2.

mod common;

use common::fixtures::seal_values;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/seal/io/");

fn xehe(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xehe"))
        .args(args)
        .output()
        .expect("the xehe binary runs")
}

fn ok(args: &[&str]) -> String {
    let out = xehe(args);
    assert!(
        out.status.success(),
        "xehe {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn fails(args: &[&str], says: &str) {
    let out = xehe(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "xehe {args:?}: {err}");
    // clap's own argument errors add a blank line and a pointer to --help.
    let lines = err
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with("For more information"))
        .count();
    assert_eq!(lines, 1, "one line: {err}");
    assert!(
        err.contains(says),
        "xehe {args:?} should say {says:?}: {err}"
    );
}

fn seal(name: &str) -> String {
    format!("{DIR}{name}")
}

fn tmp(dir: &Path, name: &str) -> String {
    dir.join(name).to_str().unwrap().to_string()
}

fn temp_dir() -> PathBuf {
    let d = std::env::temp_dir().join(format!("xehe-cli-seal-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn decrypt(params: &str, sk: &str, ct: &str, slots: &str) -> Vec<f64> {
    serde_json::from_str(&ok(&[
        "decrypt",
        "--params",
        params,
        "--secret-key",
        sk,
        "--ciphertext",
        ct,
        "--slots",
        slots,
    ]))
    .unwrap()
}

#[test]
fn keygen_encrypt_eval_decrypt_on_cpu_sim_and_host() {
    let d = temp_dir();
    let p = seal("parms.seal");
    let keys = tmp(&d, "keys");
    ok(&["keygen", "--params", &p, "--out-dir", &keys]);
    let key = |n: &str| format!("{keys}/{n}");
    let values = tmp(&d, "v.json");
    std::fs::write(&values, "[0.5, -1.25, 3, 0.125]").unwrap();
    let a = tmp(&d, "a.ct");
    ok(&[
        "encrypt",
        "--params",
        &p,
        "--public-key",
        &key("public.key"),
        "--values",
        &format!("@{values}"),
        "--scale",
        "2^30",
        "--out",
        &a,
    ]);
    for backend in ["cpu-sim", "host"] {
        let (sq, rs, rot, neg) = (
            tmp(&d, &format!("{backend}-sq.ct")),
            tmp(&d, &format!("{backend}-rs.ct")),
            tmp(&d, &format!("{backend}-rot.ct")),
            tmp(&d, &format!("{backend}-neg.ct")),
        );
        let ev = |op: &str, input: &str, out: &str| {
            ok(&[
                "eval",
                "--params",
                &p,
                "--backend",
                backend,
                "--relin-keys",
                &key("relin.key"),
                "--galois-keys",
                &key("galois.key"),
                "--op",
                op,
                "--in",
                input,
                "--out",
                out,
                "--compression",
                "zlib",
            ]);
        };
        ev("square", &a, &sq);
        ev("rescale", &sq, &rs);
        ev("rotate:1", &rs, &rot);
        ev("negate", &rot, &neg);
        let got = decrypt(&p, &key("secret.key"), &neg, "3");
        // Stated bound for scale 2^30 at N = 4096 after a square, rescale and rotation: 2^-9.
        for (g, w) in got.iter().zip([-1.5625, -9.0, -0.015625]) {
            assert!((g - w).abs() < 2f64.powi(-9), "{backend}: {got:?}");
        }
    }
    // SEAL's ciphertexts decrypt with SEAL's key to SEAL's own doubles (the manifest's).
    let got = decrypt(&p, &seal("secret.key"), &seal("x.ct"), "2");
    let m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(seal("manifest.json")).unwrap()).unwrap();
    assert_eq!(got[0], m["seal_decrypts"]["x.ct"][0].as_f64().unwrap());
    // encode writes SEAL's plaintext for the same values.
    let pt = tmp(&d, "x.pt");
    let x = seal_values(11, 2048);
    std::fs::write(&values, serde_json::to_string(&x).unwrap()).unwrap();
    ok(&[
        "encode",
        "--params",
        &p,
        "--values",
        &format!("@{values}"),
        "--scale",
        "1073741824",
        "--out",
        &pt,
    ]);
    assert_eq!(
        std::fs::read(&pt).unwrap(),
        std::fs::read(seal("x.pt")).unwrap()
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn inspect_names_every_kind() {
    let p = seal("parms.seal");
    for (file, kind) in [
        ("parms.seal", "EncryptionParameters"),
        ("secret.key", "SecretKey"),
        ("public.key", "PublicKey"),
        ("relin.key", "RelinKeys"),
        ("galois.key", "GaloisKeys"),
        ("x.pt", "Plaintext"),
        ("x.ct", "Ciphertext"),
    ] {
        let out = ok(&["inspect", &seal(file), "--params", &p, "--json"]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["kind"], kind, "{file}");
        assert_eq!(v["seal_version"], "4.3");
        assert_eq!(v["compression"], "zstd");
    }
    let out = ok(&["inspect", &seal("symmetric.ct")]);
    assert!(
        out.contains("CiphertextOrPublicKey") && out.contains("seeded:      1"),
        "{out}"
    );
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    let p = seal("parms.seal");
    let ct = seal("x.ct");
    // An output path nothing else uses: these runs fail before they would write it.
    let tmp = tempfile::tempdir().unwrap();
    let x = tmp.path().join("x").to_str().unwrap().to_string();
    let x = x.as_str();
    fails(&["inspect", "/nonexistent/file"], "/nonexistent/file");
    fails(&["inspect", &seal("manifest.json")], "not a SEAL object");
    fails(
        &[
            "decrypt",
            "--params",
            &ct,
            "--secret-key",
            &seal("secret.key"),
            "--ciphertext",
            &ct,
        ],
        "this is a Ciphertext or PublicKey (N = 4096, 2 primes, scale 2^30.0), expected EncryptionParameters",
    );
    fails(
        &[
            "decrypt",
            "--params",
            &p,
            "--secret-key",
            &ct,
            "--ciphertext",
            &ct,
        ],
        "this is a Ciphertext (N = 4096, 2 primes, level 1, scale 2^30.0), expected SecretKey",
    );
    fails(
        &[
            "decrypt",
            "--params",
            &p,
            "--secret-key",
            &seal("secret.key"),
            "--ciphertext",
            &ct,
            "--slots",
            "4096",
        ],
        "2048 slots",
    );
    fails(
        &[
            "eval", "--params", &p, "--op", "multiply", "--in", &ct, "--in", &ct, "--out", x,
        ],
        "--relin-keys",
    );
    fails(
        &[
            "eval", "--params", &p, "--op", "rotate:x", "--in", &ct, "--out", x,
        ],
        "rotate:K",
    );
    fails(
        &[
            "eval", "--params", &p, "--op", "add", "--in", &ct, "--out", x,
        ],
        "takes 2",
    );
    fails(
        &[
            "eval",
            "--params",
            &p,
            "--backend",
            "bogus",
            "--op",
            "negate",
            "--in",
            &ct,
            "--out",
            x,
        ],
        "bogus",
    );
    fails(
        &[
            "encrypt",
            "--params",
            &p,
            "--public-key",
            &seal("public.key"),
            "--values",
            "[1,",
            "--scale",
            "2^30",
            "--out",
            x,
        ],
        "JSON array",
    );
    fails(
        &[
            "encrypt",
            "--params",
            &p,
            "--public-key",
            &seal("public.key"),
            "--values",
            "[1]",
            "--scale=-3",
            "--out",
            x,
        ],
        "--scale",
    );
    fails(
        &[
            "encrypt",
            "--params",
            &p,
            "--public-key",
            &seal("public.key"),
            "--values",
            "[1]",
            "--scale",
            "2^300",
            "--out",
            x,
        ],
        "scale",
    );
    fails(
        &[
            "encrypt",
            "--params",
            &p,
            "--public-key",
            &seal("public.key"),
            "--values",
            "@/nonexistent",
            "--scale",
            "2^30",
            "--out",
            x,
        ],
        "/nonexistent",
    );
    fails(
        &[
            "encode",
            "--params",
            &p,
            "--values",
            "[1]",
            "--scale",
            "2^30",
            "--out",
            "/nonexistent/dir/x.pt",
        ],
        "/nonexistent/dir/x.pt",
    );
    fails(
        &["keygen", "--params", &p, "--out-dir", "/proc/xehe-cannot"],
        "/proc/xehe-cannot",
    );
    fails(
        &[
            "encode",
            "--params",
            &p,
            "--values",
            "[1]",
            "--scale",
            "2^30",
            "--out",
            x,
            "--compression",
            "lz4",
        ],
        "none, zlib or zstd",
    );
}

#[test]
fn a_file_of_another_kind_or_of_other_parameters_is_named_as_such() {
    let p = seal("parms.seal");
    let decrypt_with = |sk: &str, ct: &str| {
        vec![
            "decrypt".to_string(),
            "--params".into(),
            p.clone(),
            "--secret-key".into(),
            sk.into(),
            "--ciphertext".into(),
            ct.into(),
        ]
    };
    let run = |args: Vec<String>, says: &str| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        fails(&args, says);
    };
    run(
        decrypt_with(&seal("secret.key"), &seal("public.key")),
        "public.key: this is a PublicKey (N = 4096, 3 primes, level 2), expected Ciphertext",
    );
    run(
        decrypt_with(&seal("secret.key"), &seal("x.pt")),
        "x.pt: this is a Plaintext (N = 4096, 2 primes, level 1, scale 2^30.0), expected Ciphertext",
    );
    run(
        decrypt_with(&seal("galois.key"), &seal("x.ct")),
        "galois.key: this is a GaloisKeys (N = 4096, 3 primes, 2 Galois elements), expected SecretKey",
    );
    // Keys made under other parameters (same N, other primes).
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("other.seal");
    xehe::ckks::EncryptionParameters::with_bit_sizes(4096, &[36, 36, 37])
        .unwrap()
        .save(
            &mut std::fs::File::create(&other).unwrap(),
            xehe::ckks::serialize::ComprMode::None,
        )
        .unwrap();
    let keys = dir.path().join("keys");
    ok(&[
        "keygen",
        "--params",
        other.to_str().unwrap(),
        "--out-dir",
        keys.to_str().unwrap(),
    ]);
    let key = |n: &str| keys.join(n).to_str().unwrap().to_string();
    run(
        decrypt_with(&key("secret.key"), &seal("x.ct")),
        "secret.key: Plaintext or SecretKey of other parameters",
    );
    run(
        decrypt_with(&key("secret.key"), &seal("x.ct")),
        "--params has N = 4096, 3 primes",
    );
    fails(
        &[
            "encrypt",
            "--params",
            &p,
            "--public-key",
            &key("public.key"),
            "--values",
            "[1]",
            "--scale",
            "2^30",
            "--out",
            &tmp(dir.path(), "x.ct"),
        ],
        "public.key: Ciphertext or PublicKey of other parameters (N = 4096, 3 primes",
    );
}

#[test]
fn scales_below_one_are_refused_and_never_decrypt_to_null() {
    let p = seal("parms.seal");
    let d = tempfile::tempdir().unwrap();
    let out = tmp(d.path(), "x.pt");
    for scale in ["1e-300", "0.5", "2^-10", "0", "inf", "NaN"] {
        fails(
            &[
                "encode", "--params", &p, "--values", "[1]", "--scale", scale, "--out", &out,
            ],
            "--scale",
        );
    }
    // A ciphertext whose file says scale 1e-300 (another tool's, or edited): refused, and
    // nothing printed where `[null, null]` once was.
    let ct = tmp(d.path(), "x.ct");
    ok(&[
        "encrypt",
        "--params",
        &p,
        "--public-key",
        &seal("public.key"),
        "--values",
        "[1, 2]",
        "--scale",
        "2^30",
        "--out",
        &ct,
        "--compression",
        "none",
    ]);
    let mut bytes = std::fs::read(&ct).unwrap();
    let was = 2f64.powi(30).to_le_bytes();
    let at: Vec<usize> = (0..200).filter(|&i| bytes[i..i + 8] == was).collect();
    assert_eq!(at.len(), 1, "one scale field in the metadata");
    bytes[at[0]..at[0] + 8].copy_from_slice(&1e-300f64.to_le_bytes());
    std::fs::write(&ct, &bytes).unwrap();
    let out = xehe(&[
        "decrypt",
        "--params",
        &p,
        "--secret-key",
        &seal("secret.key"),
        "--ciphertext",
        &ct,
        "--slots",
        "2",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("scale"), "{err}");
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}
