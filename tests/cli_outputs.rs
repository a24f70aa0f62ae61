//! How the `xehe` file commands write: whole files or none (a failure mid-way leaves nothing,
//! a replaced file untouched), secret keys and plaintexts readable by their owner only, an
//! existing file replaced only with `--force` (and then by a new file of this run, not the old
//! one's owner and mode). The children run under a fixed umask (022) and, where a test says,
//! a file-size limit.
#![cfg(unix)]

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use xehe::ckks::serialize::ComprMode;
use xehe::ckks::EncryptionParameters;

const SEAL_IO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/seal/io/");

/// Runs xehe with umask 022 and, when given, a file-size limit of `fsize` bytes.
fn xehe_with(args: &[&str], fsize: Option<u64>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_xehe"));
    cmd.args(args);
    // SAFETY: umask and setrlimit are async-signal-safe, as pre_exec requires.
    unsafe {
        cmd.pre_exec(move || {
            libc::umask(0o022);
            if let Some(bytes) = fsize {
                let limit = libc::rlimit {
                    rlim_cur: bytes,
                    rlim_max: bytes,
                };
                if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    cmd.output().expect("the xehe binary runs")
}

fn xehe(args: &[&str]) -> Output {
    xehe_with(args, None)
}

fn ok(args: &[&str]) {
    let out = xehe(args);
    assert!(
        out.status.success(),
        "xehe {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Exit status 2 with one line on stderr, which it returns.
fn refused(out: &Output, what: &str) -> String {
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{what}: {err}");
    assert_eq!(err.lines().count(), 1, "{what}: one line: {err}");
    err
}

fn mode(p: &Path) -> u32 {
    std::fs::metadata(p).unwrap().permissions().mode() & 0o777
}

fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Parameters at N = 4096 (three primes), saved as SEAL saves them.
fn params(dir: &Path) -> PathBuf {
    let path = dir.join("parms.seal");
    let parms = EncryptionParameters::with_bit_sizes(4096, &[36, 36, 37]).unwrap();
    let mut f = std::fs::File::create(&path).unwrap();
    parms.save(&mut f, ComprMode::None).unwrap();
    path
}

const KEYS: [&str; 4] = ["galois.key", "public.key", "relin.key", "secret.key"];

#[test]
fn keygen_makes_a_private_secret_key_and_replaces_keys_only_with_force() {
    let tmp = tempfile::tempdir().unwrap();
    let p = params(tmp.path());
    let keys = tmp.path().join("new/keys");
    ok(&["keygen", "--params", s(&p), "--out-dir", s(&keys)]);
    assert_eq!(entries(&keys), KEYS);
    assert_eq!(mode(&keys.join("secret.key")), 0o600);
    for public in ["public.key", "relin.key", "galois.key"] {
        assert_eq!(mode(&keys.join(public)), 0o644, "{public}");
    }
    assert_eq!(mode(&keys), 0o700, "a directory keygen makes is private");

    // A second run refuses, naming the file and --force, and changes nothing.
    let before: Vec<Vec<u8>> = KEYS
        .iter()
        .map(|k| std::fs::read(keys.join(k)).unwrap())
        .collect();
    let err = refused(
        &xehe(&["keygen", "--params", s(&p), "--out-dir", s(&keys)]),
        "keygen over existing keys",
    );
    assert!(
        err.contains("secret.key") && err.contains("--force"),
        "{err}"
    );
    for (k, old) in KEYS.iter().zip(&before) {
        assert_eq!(&std::fs::read(keys.join(k)).unwrap(), old, "{k}");
    }

    // With --force: new keys, and the secret key a new private file even where the old one
    // was open to everyone (it is not truncated and rewritten in place).
    let secret = keys.join("secret.key");
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o666)).unwrap();
    let old_inode = std::fs::metadata(&secret).unwrap().ino();
    ok(&[
        "keygen",
        "--params",
        s(&p),
        "--out-dir",
        s(&keys),
        "--force",
    ]);
    assert_eq!(entries(&keys), KEYS, "no temporary file left");
    assert_eq!(mode(&secret), 0o600);
    assert_ne!(std::fs::metadata(&secret).unwrap().ino(), old_inode);
    for (k, old) in KEYS.iter().zip(&before) {
        assert_ne!(&std::fs::read(keys.join(k)).unwrap(), old, "{k} is new");
    }
    let out = xehe(&["inspect", s(&secret), "--params", s(&p), "--json"]);
    let info: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(info["kind"], "SecretKey");
    // Written uncompressed whatever --compression says: no codec state ever holds it.
    assert_eq!(info["compression"], "none", "{info}");
}

/// A key directory others may write is refused before any key is made: they could swap
/// public.key for their own afterwards.
#[test]
fn keygen_refuses_a_directory_others_may_write() {
    let tmp = tempfile::tempdir().unwrap();
    let p = params(tmp.path());
    let shared = tmp.path().join("shared");
    std::fs::create_dir(&shared).unwrap();
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o777)).unwrap();
    let err = refused(
        &xehe(&["keygen", "--params", s(&p), "--out-dir", s(&shared)]),
        "keygen into a directory everyone may write",
    );
    assert!(err.contains("others may write"), "{err}");
    assert!(entries(&shared).is_empty(), "nothing written");
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o755)).unwrap();
    ok(&["keygen", "--params", s(&p), "--out-dir", s(&shared)]);
    assert_eq!(entries(&shared), KEYS);
}

#[test]
fn a_keygen_that_fails_midway_leaves_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let p = params(tmp.path());
    // 1 MB: the secret, public and relinearization keys fit, the Galois keys (3 MB) do not.
    let keys = tmp.path().join("made/by/keygen");
    let err = refused(
        &xehe_with(
            &["keygen", "--params", s(&p), "--out-dir", s(&keys)],
            Some(1 << 20),
        ),
        "keygen past the file-size limit",
    );
    assert!(err.contains("galois.key"), "{err}");
    assert!(
        !tmp.path().join("made").exists(),
        "the directories keygen made are gone"
    );
    // Into a directory that exists: it stays, empty.
    let existing = tmp.path().join("existing");
    std::fs::create_dir(&existing).unwrap();
    refused(
        &xehe_with(
            &["keygen", "--params", s(&p), "--out-dir", s(&existing)],
            Some(1 << 20),
        ),
        "keygen past the file-size limit",
    );
    assert!(entries(&existing).is_empty(), "{:?}", entries(&existing));
}

#[test]
fn a_failed_eval_leaves_no_partial_ciphertext_and_keeps_the_old_one() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("neg.ct");
    let eval = |fsize: Option<u64>, force: bool| {
        let mut args = vec![
            "eval".to_string(),
            "--params".into(),
            format!("{SEAL_IO}parms.seal"),
            "--backend".into(),
            "host".into(),
            "--op".into(),
            "negate".into(),
            "--in".into(),
            format!("{SEAL_IO}x.ct"),
            "--out".into(),
            s(&out).into(),
            "--compression".into(),
            "none".into(),
        ];
        if force {
            args.push("--force".into());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        xehe_with(&args, fsize)
    };
    // An uncompressed ciphertext at N = 4096 is 128 KiB: a 20 KB limit stops it mid-write.
    let err = refused(&eval(Some(20_000), false), "eval past the file-size limit");
    assert!(err.contains("neg.ct"), "{err}");
    assert!(entries(tmp.path()).is_empty(), "{:?}", entries(tmp.path()));
    // A complete result, then a failed --force run over it: the first stays whole.
    assert!(eval(None, false).status.success());
    let first = std::fs::read(&out).unwrap();
    refused(&eval(Some(20_000), true), "eval --force past the limit");
    assert_eq!(std::fs::read(&out).unwrap(), first);
    assert_eq!(entries(tmp.path()), ["neg.ct"]);
    // Without --force an existing result is refused; with it, replaced.
    let err = refused(&eval(None, false), "eval over an existing output");
    assert!(err.contains("neg.ct") && err.contains("--force"), "{err}");
    std::fs::write(&out, b"old").unwrap();
    assert!(eval(None, true).status.success());
    assert_eq!(
        std::fs::read(&out).unwrap(),
        first,
        "negation is deterministic"
    );
}

#[test]
fn encode_and_encrypt_refuse_existing_outputs_and_keep_plaintexts_private() {
    let tmp = tempfile::tempdir().unwrap();
    let (pt, ct) = (tmp.path().join("x.pt"), tmp.path().join("x.ct"));
    let params = format!("{SEAL_IO}parms.seal");
    let public = format!("{SEAL_IO}public.key");
    let encode = |force: bool| {
        let mut args = vec![
            "encode", "--params", &params, "--values", "[1, 2]", "--scale", "2^30", "--out",
        ];
        args.push(s(&pt));
        if force {
            args.push("--force");
        }
        xehe(&args)
    };
    let encrypt = |force: bool| {
        let mut args = vec![
            "encrypt",
            "--params",
            &params,
            "--public-key",
            &public,
            "--values",
            "[1, 2]",
            "--scale",
            "2^30",
            "--out",
        ];
        args.push(s(&ct));
        if force {
            args.push("--force");
        }
        xehe(&args)
    };
    assert!(encode(false).status.success());
    assert!(encrypt(false).status.success());
    // The plaintext holds the values unencrypted; the ciphertext is for anyone.
    assert_eq!(mode(&pt), 0o600);
    assert_eq!(mode(&ct), 0o644);
    for (out, what) in [(encode(false), "encode"), (encrypt(false), "encrypt")] {
        let err = refused(&out, what);
        assert!(err.contains("--force"), "{what}: {err}");
    }
    let old = std::fs::read(&ct).unwrap();
    assert!(encode(true).status.success());
    assert!(encrypt(true).status.success());
    assert_ne!(std::fs::read(&ct).unwrap(), old, "a fresh encryption");
    assert_eq!(entries(tmp.path()), ["x.ct", "x.pt"]);
}
