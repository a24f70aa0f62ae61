//! What the host allows, met by `xehe` with a one-line error and exit status 2 rather than an
//! abort: an address-space limit (`ulimit -v`) too small for keygen, a key file larger than the
//! memory to load it, more threads than can be started, and a values file without end
//! (/dev/zero, a FIFO that keeps writing). Sweeps of address-space limits over `eval` and
//! `keygen` find no limit where the program dies of a failed allocation, and `inspect` reads a
//! file of 4 GiB under 1 GiB.
#![cfg(unix)]

use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};
use xehe::ckks::serialize::ComprMode;
use xehe::ckks::{CkksEncoder, Context, EncryptionParameters, Encryptor, KeyGenerator};
use xehe::primes::SecurityLevel;

const MIB: u64 = 1 << 20;

const SEAL_IO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/seal/io/");

/// xehe under an address-space limit of `bytes` when given.
fn command(args: &[&str], address_space: Option<u64>) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_xehe"));
    cmd.args(args);
    if let Some(bytes) = address_space {
        // SAFETY: setrlimit is async-signal-safe, as pre_exec requires.
        unsafe {
            cmd.pre_exec(move || {
                let limit = libc::rlimit {
                    rlim_cur: bytes,
                    rlim_max: bytes,
                };
                if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    cmd
}

/// Waits for `child` at most `limit`; a child still running then is killed and the test fails
/// (a read without bound never ends).
fn finish(mut child: Child, limit: Duration, what: &str) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn spawn(mut cmd: Command) -> Child {
    cmd.stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the xehe binary runs")
}

/// Exit status 2 (not a signal) with one line on stderr, which it returns.
fn refused(out: &Output, what: &str) -> String {
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{what}: {err}");
    let lines: Vec<&str> = err.lines().filter(|l| !l.starts_with("note: ")).collect();
    assert_eq!(lines.len(), 1, "{what}: one line: {err}");
    lines[0].to_string()
}

#[test]
fn keygen_beyond_the_address_space_limit_is_refused_before_it_starts() {
    // N = 2^15 with 16 primes: SEAL's default Galois set alone is several GiB.
    let tmp = tempfile::tempdir().unwrap();
    let params = tmp.path().join("parms.seal");
    let mut bits = vec![60];
    bits.extend([40; 14]);
    bits.push(60);
    let parms = EncryptionParameters::with_bit_sizes(32768, &bits).unwrap();
    parms
        .save(
            &mut std::fs::File::create(&params).unwrap(),
            ComprMode::None,
        )
        .unwrap();
    let keys = tmp.path().join("keys");
    let args = [
        "keygen",
        "--params",
        params.to_str().unwrap(),
        "--out-dir",
        keys.to_str().unwrap(),
    ];
    let out = finish(
        spawn(command(&args, Some(1 << 30))),
        Duration::from_secs(120),
        "keygen under ulimit -v",
    );
    let err = refused(&out, "keygen under ulimit -v 1 GiB");
    assert!(
        err.contains("out of host memory") && err.contains("ulimit -v") && err.contains("GiB"),
        "{err}"
    );
    assert!(!keys.exists(), "nothing made before the refusal");
}

#[test]
fn soak_threads_are_bounded_and_a_thread_that_cannot_start_is_an_error() {
    let args = |threads: &'static str| {
        [
            "soak",
            "--backend",
            "cpu-sim",
            "--threads",
            threads,
            "--ops",
            "1000",
        ]
    };
    let out = command(&args("3000"), None).output().unwrap();
    let err = refused(&out, "3000 threads");
    assert!(err.contains("at most 1024"), "{err}");
    // 1000 stacks of 2 MiB cannot fit in 1 GiB of address space: some thread cannot start.
    let out = finish(
        spawn(command(&args("1000"), Some(1 << 30))),
        Duration::from_secs(120),
        "soak under ulimit -v",
    );
    let err = refused(&out, "1000 threads in 1 GiB");
    assert!(err.contains("cannot start soak thread"), "{err}");
    assert!(out.stdout.is_empty(), "no operations ran");
}

fn encode_values(values: &str, out: &std::path::Path) -> Command {
    let params = format!("{SEAL_IO}parms.seal");
    command(
        &[
            "encode",
            "--params",
            &params,
            "--values",
            values,
            "--scale",
            "2^30",
            "--out",
            out.to_str().unwrap(),
        ],
        None,
    )
}

#[test]
fn a_values_file_is_read_up_to_its_limit_and_no_further() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("x.pt");
    // /dev/zero reports no length and never ends.
    let done = finish(
        spawn(encode_values("@/dev/zero", &out)),
        Duration::from_secs(60),
        "--values @/dev/zero",
    );
    let err = refused(&done, "--values @/dev/zero");
    assert!(
        err.contains("/dev/zero") && err.contains("at most"),
        "{err}"
    );
    // A FIFO whose writer would go on for 1 GiB: the reader stops past 64 MiB.
    let fifo = tmp.path().join("values.fifo");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let child = spawn(encode_values(&format!("@{}", fifo.display()), &out));
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            use std::io::Write;
            let mut w = std::fs::OpenOptions::new().write(true).open(fifo).unwrap();
            let chunk = vec![b' '; 1 << 20];
            let mut written = 0u64;
            // Ends when the reader closes its end (EPIPE) or after 1 GiB.
            while written < 1 << 30 && w.write_all(&chunk).is_ok() {
                written += chunk.len() as u64;
            }
            written
        })
    };
    let done = finish(child, Duration::from_secs(60), "--values @FIFO");
    let written = writer.join().unwrap();
    let err = refused(&done, "--values @FIFO");
    assert!(
        err.contains("values.fifo") && err.contains("at most"),
        "{err}"
    );
    assert!(
        written < 1 << 30,
        "the reader stopped early ({written} bytes)"
    );
    assert!(!out.exists());
}

#[test]
fn a_key_file_larger_than_memory_allows_is_refused_before_it_is_read() {
    // A sparse file of 1 TiB: nothing on disk, but a load would read and expand all of it.
    let tmp = tempfile::tempdir().unwrap();
    let keys = tmp.path().join("galois.key");
    std::fs::File::create(&keys)
        .unwrap()
        .set_len(1 << 40)
        .unwrap();
    let out = tmp.path().join("rot.ct");
    let args = [
        "eval",
        "--params",
        &format!("{SEAL_IO}parms.seal"),
        "--backend",
        "host",
        "--galois-keys",
        keys.to_str().unwrap(),
        "--op",
        "rotate:1",
        "--in",
        &format!("{SEAL_IO}x.ct"),
        "--out",
        out.to_str().unwrap(),
    ];
    let done = finish(
        spawn(command(&args, None)),
        Duration::from_secs(60),
        "eval with a 1 TiB key file",
    );
    let err = refused(&done, "eval with a 1 TiB key file");
    assert!(
        err.contains("out of host memory: loading") && err.contains("galois.key (1.0 TiB)"),
        "{err}"
    );
    assert!(!out.exists());
}

/// The smallest address-space limit, in whole MiB, under which the binary starts: below it the
/// dynamic loader cannot map the binary and its libraries (exit status 127), before any line
/// of xehe runs. From it up, xehe answers every limit itself.
fn smallest_start() -> u64 {
    (4..512)
        .map(|mib| mib * MIB)
        .find(|&bytes| {
            let out = command(&["--version"], Some(bytes)).output().unwrap();
            matches!(out.status.code(), Some(0 | 2))
        })
        .expect("xehe --version starts under 512 MiB")
}

/// Runs `args` under address-space limits from the smallest that starts the binary up, by
/// `step`, at least up to `through` and then until it succeeds: every run must exit 0 or 2, and
/// a 2 must be one line about memory. Returns how many runs were refused and how many
/// succeeded. `reset` runs before each (removing the outputs of the last).
fn sweep(args: &[&str], step: u64, through: u64, reset: impl Fn()) -> (usize, usize) {
    let mut limit = smallest_start();
    let (mut refused, mut succeeded) = (0, 0);
    while limit <= through || succeeded == 0 {
        assert!(limit < 4 << 30, "{args:?} never succeeded below 4 GiB");
        reset();
        let out = finish(
            spawn(command(args, Some(limit))),
            Duration::from_secs(60),
            "a run of the sweep",
        );
        let err = String::from_utf8_lossy(&out.stderr);
        match out.status.code() {
            Some(0) => succeeded += 1,
            Some(2) => {
                let lines: Vec<&str> = err.lines().collect();
                assert!(
                    lines.len() == 1 && lines[0].contains("memory"),
                    "{args:?} under {} MiB: one line about memory: {err}",
                    limit / MIB
                );
                refused += 1;
            }
            other => panic!(
                "{args:?} under {} MiB of address space: status {other:?} ({:?}), {err}",
                limit / MIB,
                out.status
            ),
        }
        limit += step;
    }
    (refused, succeeded)
}

#[test]
fn eval_under_every_address_space_limit_succeeds_or_is_refused() {
    // The audit's case: N = 2^14 with 8 primes, square, rescale, square on the host, which
    // aborted under 150 MiB (glibc's per-thread arenas reserved the address space the size
    // checks counted on).
    let tmp = tempfile::tempdir().unwrap();
    let path = |name: &str| tmp.path().join(name).to_str().unwrap().to_string();
    let parms =
        EncryptionParameters::with_bit_sizes(16384, &[60, 40, 40, 40, 40, 40, 40, 60]).unwrap();
    parms
        .save(
            &mut std::fs::File::create(path("p.seal")).unwrap(),
            ComprMode::None,
        )
        .unwrap();
    let ctx = Context::new(&parms, SecurityLevel::Tc128).unwrap();
    let mut keygen = KeyGenerator::new(&ctx);
    let rk = keygen.create_relin_keys().unwrap();
    rk.save(
        &mut std::fs::File::create(path("relin.key")).unwrap(),
        ComprMode::Zstd,
    )
    .unwrap();
    let pk = keygen.create_public_key();
    let pt = CkksEncoder::new(&ctx)
        .encode(&[0.5, -1.25, 2.0], 2f64.powi(40))
        .unwrap();
    let ct = Encryptor::new(&ctx, &pk).unwrap().encrypt(&pt).unwrap();
    ct.save(
        &mut std::fs::File::create(path("x.ct")).unwrap(),
        ComprMode::Zstd,
    )
    .unwrap();
    let (params, relin, x, out) = (
        path("p.seal"),
        path("relin.key"),
        path("x.ct"),
        path("o.ct"),
    );
    let args = [
        "eval",
        "--params",
        &params,
        "--backend",
        "host",
        "--relin-keys",
        &relin,
        "--op",
        "square",
        "--op",
        "rescale",
        "--op",
        "square",
        "--in",
        &x,
        "--out",
        &out,
    ];
    let (refused, succeeded) = sweep(&args, 6 * MIB, 160 * MIB, || {
        let _ = std::fs::remove_file(&out);
    });
    assert!(
        refused > 0 && succeeded > 0,
        "{refused} refused, {succeeded} succeeded"
    );
}

#[test]
fn keygen_under_every_address_space_limit_succeeds_or_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let keys = tmp.path().join("keys");
    let params = format!("{SEAL_IO}parms.seal");
    let args = [
        "keygen",
        "--params",
        &params,
        "--out-dir",
        keys.to_str().unwrap(),
    ];
    let (refused, succeeded) = sweep(&args, 4 * MIB, 64 * MIB, || {
        let _ = std::fs::remove_dir_all(&keys);
    });
    assert!(
        refused > 0 && succeeded > 0,
        "{refused} refused, {succeeded} succeeded"
    );
}

/// A sparse file of `size` bytes whose SEAL header (uncompressed) announces all of them, and
/// whose body starts with `body` (zeros after it, on no disk).
fn sparse_seal_file(path: &std::path::Path, size: u64, body: &[u8]) {
    let mut bytes = vec![0x5e, 0xa1, 16, 4, 3, 0, 0, 0];
    bytes.extend(size.to_le_bytes());
    bytes.extend(body);
    std::fs::write(path, &bytes).unwrap();
    std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .unwrap()
        .set_len(size)
        .unwrap();
}

#[test]
fn inspect_reads_a_file_of_4_gib_in_bounded_memory() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("big.seal");
    let inspect = |path: &std::path::Path| {
        finish(
            spawn(command(&["inspect", path.to_str().unwrap()], Some(1 << 30))),
            Duration::from_secs(120),
            "inspect of 4 GiB under ulimit -v 1 GiB",
        )
    };
    // Zeros after the header: the layout of an empty key set (a zero parms_id, no slots), then
    // 4 GiB that belong to nothing. Refused without being read.
    sparse_seal_file(&file, 4 << 30, &[]);
    let err = refused(&inspect(&file), "a header and 4 GiB of zeros");
    assert!(err.contains("bytes follow the end"), "{err}");
    // A ciphertext whose word array claims the 4 GiB: its structure holds, so it is described,
    // the words passed over in pieces.
    let words = (4u64 << 30) - 16 - 73;
    let mut body = vec![0u8; 32]; // parms_id
    body.push(1); // NTT form
    body.extend(2u64.to_le_bytes()); // size
    body.extend(4096u64.to_le_bytes()); // degree
    body.extend(3u64.to_le_bytes()); // primes
    body.extend(2f64.powi(30).to_le_bytes()); // scale
    body.extend(1u64.to_le_bytes()); // correction factor
    body.extend([0x5e, 0xa1, 16, 4, 3, 0, 0, 0]);
    body.extend(words.to_le_bytes());
    body.extend(((words - 24) / 8).to_le_bytes()); // word count
    sparse_seal_file(&file, 4 << 30, &body);
    let out = inspect(&file);
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        said.contains("CiphertextOrPublicKey") && said.contains("4294967280 uncompressed body"),
        "{said}"
    );
}
