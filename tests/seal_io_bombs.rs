//! Decompression bombs and load limits: every loader and `inspect` refuse the bombs of
//! tests/data/seal/hostile (made by tests/tools/make_hostile_fixtures.py) with a typed error,
//! and the heap they take on the way stays within what the limits let a body reach; `inspect`
//! passes over a body of any size in a few KiB. This test binary has a global allocator of its
//! own that counts the bytes each thread holds.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use xehe::ckks::serialize::{inspect, LoadError, LoadLimits};
use xehe::ckks::{
    Ciphertext, CkksError, Context, EncryptionParameters, GaloisKeys, Plaintext, PublicKey,
    RelinKeys, SecretKey,
};
use xehe::primes::SecurityLevel;

struct Counting;

thread_local! {
    static LIVE: Cell<i64> = const { Cell::new(0) };
    static PEAK: Cell<i64> = const { Cell::new(0) };
}

fn note(delta: i64) {
    let _ = LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            note(layout.size() as i64);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            note(layout.size() as i64);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        note(-(layout.size() as i64));
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            note(new_size as i64 - layout.size() as i64);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// What `f` returns, and the most heap bytes this thread held during it beyond what it held
/// before.
fn peak_during<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let out = f();
    (out, (PEAK.with(Cell::get) - base).max(0) as u64)
}

const IO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/seal/io/");
const HOSTILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/seal/hostile/");
const BOMBS: [&str; 3] = ["bomb-zstd.seal", "bomb-zstd-sized.seal", "bomb-zlib.seal"];

fn io_file(name: &str) -> Vec<u8> {
    std::fs::read(format!("{IO}{name}")).unwrap()
}

fn hostile(name: &str) -> Vec<u8> {
    std::fs::read(format!("{HOSTILE}{name}")).unwrap()
}

fn context() -> Context {
    let parms = EncryptionParameters::load(&mut &io_file("parms.seal")[..]).unwrap();
    Context::new(&parms, SecurityLevel::Tc128).unwrap()
}

/// Every reader of a SEAL file.
#[derive(Clone, Copy, Debug)]
enum Reader {
    Parameters,
    Secret,
    Public,
    Relin,
    Galois,
    Plain,
    Cipher,
    Inspect,
    InspectWithoutParameters,
}

const READERS: [Reader; 9] = [
    Reader::Parameters,
    Reader::Secret,
    Reader::Public,
    Reader::Relin,
    Reader::Galois,
    Reader::Plain,
    Reader::Cipher,
    Reader::Inspect,
    Reader::InspectWithoutParameters,
];

fn read(ctx: &Context, reader: Reader, bytes: &[u8], limits: &LoadLimits) -> Result<(), CkksError> {
    let r = &mut &bytes[..];
    match reader {
        Reader::Parameters => EncryptionParameters::load_with_limits(r, limits).map(drop),
        Reader::Secret => SecretKey::load_with_limits(ctx, r, limits).map(drop),
        Reader::Public => PublicKey::load_with_limits(ctx, r, limits).map(drop),
        Reader::Relin => RelinKeys::load_with_limits(ctx, r, limits).map(drop),
        Reader::Galois => GaloisKeys::load_with_limits(ctx, r, limits).map(drop),
        Reader::Plain => Plaintext::load_with_limits(ctx, r, limits).map(drop),
        Reader::Cipher => Ciphertext::load_with_limits(ctx, r, limits).map(drop),
        Reader::Inspect => inspect(r, limits, Some(ctx)).map(drop),
        Reader::InspectWithoutParameters => inspect(r, limits, None).map(drop),
    }
}

fn load_error(r: Result<(), CkksError>) -> LoadError {
    match r {
        Err(CkksError::Load(e)) => e,
        other => panic!("expected a load error, got {other:?}"),
    }
}

/// Two copies of the most a body may reach (a buffer moving into a larger one), the file, and
/// 1 MiB for everything else.
fn heap_bound(compressed: u64, floor: u64) -> u64 {
    2 * (LoadLimits::DEFAULT_MAX_RATIO * compressed).max(floor) + compressed + (1 << 20)
}

#[test]
fn every_reader_refuses_the_bombs_in_bounded_memory() {
    let ctx = context();
    // The largest plaintext of the context: N = 4096, 3 primes.
    let floor = 48 + 16 + 8 + 4096 * 3 * 8;
    for name in BOMBS {
        let bytes = hostile(name);
        for reader in READERS {
            let (r, peak) = peak_during(|| read(&ctx, reader, &bytes, &LoadLimits::default()));
            let e = load_error(r);
            assert!(
                matches!(
                    e,
                    LoadError::TooLarge { .. } | LoadError::OverExpansionLimit { .. }
                ),
                "{name} as {reader:?}: {e}"
            );
            let floor = match reader {
                Reader::InspectWithoutParameters => LoadLimits::FLOOR_WITHOUT_PARAMETERS,
                _ => floor,
            };
            let bound = heap_bound(bytes.len() as u64, floor);
            eprintln!("{name} as {reader:?}: {e}; {peak} bytes of heap at the peak");
            assert!(
                peak <= bound,
                "{name} as {reader:?}: {peak} bytes of heap at the peak, more than {bound}"
            );
        }
    }
}

#[test]
fn a_callers_limit_bounds_what_a_bomb_takes() {
    let ctx = context();
    let limits = LoadLimits {
        max_bytes: 1 << 20,
        ..LoadLimits::default()
    };
    for name in BOMBS {
        let bytes = hostile(name);
        for reader in [Reader::Galois, Reader::InspectWithoutParameters] {
            let (r, peak) = peak_during(|| read(&ctx, reader, &bytes, &limits));
            assert_eq!(
                load_error(r),
                LoadError::OverSizeLimit {
                    what: match reader {
                        Reader::Galois => "Galois keys",
                        _ => "SEAL object",
                    },
                    limit: 1 << 20
                },
                "{name} as {reader:?}"
            );
            let bound = 2 * (1 << 20) + bytes.len() as u64 + (1 << 20);
            assert!(
                peak <= bound,
                "{name} as {reader:?}: {peak} bytes at the peak"
            );
        }
    }
}

#[test]
fn seals_files_load_within_their_own_expansion_and_size() {
    let ctx = context();
    // SEAL's files at 30- to 40-bit primes expand less than twice.
    let twice = LoadLimits {
        max_ratio: 2,
        ..LoadLimits::default()
    };
    for (name, reader) in [
        ("parms.seal", Reader::Parameters),
        ("secret.key", Reader::Secret),
        ("public.key", Reader::Public),
        ("relin.key", Reader::Relin),
        ("galois.key", Reader::Galois),
        ("x.pt", Reader::Plain),
        ("x.ct", Reader::Cipher),
        ("symmetric.ct", Reader::Cipher),
        ("galois.key", Reader::Inspect),
        ("galois.key", Reader::InspectWithoutParameters),
    ] {
        read(&ctx, reader, &io_file(name), &twice).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    // Galois keys expand 1.54 times, past the largest plaintext (98 KB): a ratio of 1 refuses
    // them, saying why.
    let galois = io_file("galois.key");
    let e = load_error(read(
        &ctx,
        Reader::Galois,
        &galois,
        &LoadLimits {
            max_ratio: 1,
            ..LoadLimits::default()
        },
    ));
    assert_eq!(
        e,
        LoadError::OverExpansionLimit {
            what: "Galois keys",
            compressed: galois.len() as u64 - 16,
            limit: galois.len() as u64 - 16
        }
    );
    // max_bytes is exact, compressed or not: the body is 426 800 bytes.
    let plain = common::seal_uncompressed(&galois);
    let body = plain.len() as u64 - 16;
    assert_eq!(body, 426_800);
    for bytes in [&galois, &plain] {
        let at = |max_bytes| {
            read(
                &ctx,
                Reader::Galois,
                bytes,
                &LoadLimits {
                    max_bytes,
                    ..LoadLimits::default()
                },
            )
        };
        at(body).unwrap();
        assert_eq!(
            load_error(at(body - 1)),
            LoadError::OverSizeLimit {
                what: "Galois keys",
                limit: body - 1
            }
        );
    }
}

/// A zstd frame holding `body` in raw blocks, with a window of 2^`window_log` bytes and no
/// content size.
fn zstd_frame(body: &[u8], window_log: u8) -> Vec<u8> {
    let mut out = 0xFD2F_B528u32.to_le_bytes().to_vec();
    out.extend([0x00, (window_log - 10) << 3]);
    let chunks: Vec<&[u8]> = body.chunks(128 << 10).collect();
    for (i, c) in chunks.iter().enumerate() {
        let last = u32::from(i + 1 == chunks.len());
        out.extend(&(((c.len() as u32) << 3) | last).to_le_bytes()[..3]);
        out.extend(*c);
    }
    let mut file = vec![0x5e, 0xa1, 16, 4, 3, 2, 0, 0];
    file.extend((16 + out.len() as u64).to_le_bytes());
    file.extend(out);
    file
}

#[test]
fn a_zstd_window_larger_than_the_body_may_reach_is_refused() {
    let ctx = context();
    let body = common::seal_uncompressed(&io_file("x.pt"))[16..].to_vec();
    let want = Plaintext::load(&ctx, &mut &io_file("x.pt")[..]).unwrap();
    // 8 MiB, what zstd's levels up to 19 use, is always accepted.
    let pt = Plaintext::load(&ctx, &mut &zstd_frame(&body, 23)[..]).unwrap();
    assert_eq!(pt.data().unwrap(), want.data().unwrap());
    // A 64 MiB window for a 64 KiB plaintext would make the decoder allocate 64 MiB.
    let e = load_error(Plaintext::load(&ctx, &mut &zstd_frame(&body, 26)[..]).map(drop));
    assert!(
        matches!(e, LoadError::Decompress { mode: "zstd", .. }),
        "{e}"
    );
}

/// A SEAL file of `size` bytes made on the fly, never held: an uncompressed header announcing
/// all of them, `body`, then zeros. Counts how far it was read.
struct Sparse {
    head: Vec<u8>,
    size: u64,
    at: u64,
}

impl Sparse {
    fn new(size: u64, body: &[u8]) -> Sparse {
        let mut head = vec![0x5e, 0xa1, 16, 4, 3, 0, 0, 0];
        head.extend(size.to_le_bytes());
        head.extend(body);
        Sparse { head, size, at: 0 }
    }
}

impl std::io::Read for Sparse {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min((self.size - self.at) as usize);
        buf[..n].fill(0);
        let from = self.at as usize;
        if from < self.head.len() {
            let k = n.min(self.head.len() - from);
            buf[..k].copy_from_slice(&self.head[from..from + k]);
        }
        self.at += n as u64;
        Ok(n)
    }
}

/// The body of a size-2 ciphertext (N = 4096, 3 primes) whose word array fills `body_bytes`.
fn ciphertext_body(body_bytes: u64) -> Vec<u8> {
    let nested = body_bytes - 73;
    let mut b = vec![0u8; 32];
    b.push(1);
    for v in [2u64, 4096, 3] {
        b.extend(v.to_le_bytes());
    }
    b.extend(2f64.powi(30).to_le_bytes());
    b.extend(1u64.to_le_bytes());
    b.extend([0x5e, 0xa1, 16, 4, 3, 0, 0, 0]);
    b.extend(nested.to_le_bytes());
    b.extend(((nested - 24) / 8).to_le_bytes());
    b
}

#[test]
fn inspect_passes_over_a_large_body_in_bounded_memory() {
    // 1 GiB whose structure holds: described, its words read in pieces and dropped.
    let size = 1u64 << 30;
    let mut file = Sparse::new(size, &ciphertext_body(size - 16));
    let (info, peak) = peak_during(|| inspect(&mut file, &LoadLimits::default(), None));
    let info = info.unwrap();
    assert_eq!(info.kind, "CiphertextOrPublicKey");
    assert_eq!(info.body_bytes, size - 16);
    assert_eq!(file.at, size, "read to the end");
    assert!(peak < 1 << 20, "{peak} bytes of heap at the peak");
    // 1 GiB of zeros after the header: an empty key set and a body that goes on past it,
    // refused after the first bytes.
    let mut file = Sparse::new(size, &[]);
    let (r, peak) = peak_during(|| inspect(&mut file, &LoadLimits::default(), None));
    assert_eq!(
        load_error(r.map(drop)),
        LoadError::TrailingBytes {
            what: "SEAL object",
            extra: size - 16 - 40
        }
    );
    assert!(file.at < 1 << 20, "read {} bytes", file.at);
    assert!(peak < 1 << 20, "{peak} bytes of heap at the peak");
}
