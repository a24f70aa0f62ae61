//! Saving and loading a secret key leaves no copy of it in freed memory: not the body, not its
//! compressed form, not the words of a key the loader refuses. This test binary has a global
//! allocator of its own that, while a thread watches, looks in every block that thread frees
//! (a `Vec` that grows frees its old block) for 32-byte pieces of the key.
//!
//! zlib is left out: its codec (miniz_oxide) keeps a dictionary of the last 32 KiB it saw in a
//! block of its own, which xehe cannot wipe; zstd's context lives in C memory, outside this
//! allocator, with the same caveat (the library's documentation says so).

mod common;

use common::fixtures::context;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use xehe::ckks::serialize::{ComprMode, LoadError};
use xehe::ckks::{CkksError, KeyGenerator, SecretKey};

const NEEDLE: usize = 32;
const MAX_NEEDLES: usize = 8;

/// The pieces looked for, as words (statics an allocator can read without allocating).
static NEEDLES: [[AtomicU64; NEEDLE / 8]; MAX_NEEDLES] =
    [const { [const { AtomicU64::new(0) }; NEEDLE / 8] }; MAX_NEEDLES];
static NEEDLE_COUNT: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static WATCHING: Cell<bool> = const { Cell::new(false) };
    static FOUND: Cell<usize> = const { Cell::new(0) };
}

fn needle(i: usize) -> [u8; NEEDLE] {
    let mut out = [0u8; NEEDLE];
    for (chunk, w) in out.chunks_exact_mut(8).zip(&NEEDLES[i]) {
        chunk.copy_from_slice(&w.load(Ordering::Relaxed).to_le_bytes());
    }
    out
}

struct Scanning;

unsafe impl GlobalAlloc for Scanning {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        unsafe { System.alloc(layout) }
    }
    // No realloc of its own: the default moves through alloc and dealloc, so a block a `Vec`
    // grows out of is looked in as it is freed.
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if WATCHING.try_with(Cell::get).unwrap_or(false) {
            let block = unsafe { std::slice::from_raw_parts(ptr, layout.size()) };
            for i in 0..NEEDLE_COUNT.load(Ordering::Relaxed) {
                let n = needle(i);
                if block.windows(NEEDLE).any(|w| w == n) {
                    let _ = FOUND.try_with(|f| f.set(f.get() + 1));
                }
            }
        }
        unsafe { System.dealloc(ptr, layout) };
    }
}

#[global_allocator]
static ALLOCATOR: Scanning = Scanning;

/// Looks for pieces of `secret` (at spread offsets) in what this thread frees during `f`, and
/// returns what `f` returns and how many freed blocks held one.
fn copies_freed_during<T>(secret: &[u8], f: impl FnOnce() -> T) -> (T, usize) {
    let count = MAX_NEEDLES.min(secret.len() / NEEDLE);
    let step = (secret.len() - NEEDLE) / (count - 1).max(1);
    for (i, needle) in NEEDLES.iter().enumerate().take(count) {
        let at = step * i;
        for (w, chunk) in needle.iter().zip(secret[at..at + NEEDLE].chunks_exact(8)) {
            w.store(
                u64::from_le_bytes(chunk.try_into().unwrap()),
                Ordering::Relaxed,
            );
        }
    }
    NEEDLE_COUNT.store(count, Ordering::Relaxed);
    FOUND.with(|f| f.set(0));
    WATCHING.with(|w| w.set(true));
    let out = f();
    WATCHING.with(|w| w.set(false));
    (out, FOUND.with(Cell::get))
}

fn le_bytes(words: &[u64]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// The test's own buffers stay out of the watch: sized beforehand, they never grow.
fn save(key: &SecretKey, mode: ComprMode) -> Vec<u8> {
    let mut out = Vec::with_capacity(1 << 20);
    key.save(&mut out, mode).unwrap();
    out
}

#[test]
fn the_scanner_sees_a_copy_left_behind() {
    let secret: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    let (_, found) = copies_freed_during(&secret, || drop(secret.clone()));
    assert!(found >= 1, "a freed copy went unseen");
    let (grown, found) = copies_freed_during(&secret, || {
        let mut v = Vec::with_capacity(1024);
        v.extend_from_slice(&secret[..1024]);
        // Growing moves the bytes and frees the old block with them.
        v.extend_from_slice(&secret[1024..]);
        v
    });
    assert_eq!(grown, secret);
    assert!(found >= 1, "a Vec's growth went unseen");
}

#[test]
fn saving_and_loading_a_secret_key_leave_no_copy() {
    let ctx = context(4096, &[40, 30, 39]);
    let keygen = KeyGenerator::new(&ctx);
    let sk = keygen.secret_key();
    let words = le_bytes(sk.data());
    for mode in [ComprMode::None, ComprMode::Zstd] {
        // Pieces of the key and of the file (the compressed form is as secret as the key).
        let expected = save(sk, mode);
        let mut secret = words.clone();
        secret.extend(&expected[expected.len() / 2..]);
        let (file, found) = copies_freed_during(&secret, || save(sk, mode));
        assert_eq!(file, expected);
        assert_eq!(
            found, 0,
            "{mode:?}: a save freed {found} blocks holding the key"
        );
        let (loaded, found) = copies_freed_during(&secret, || {
            let key = SecretKey::load(&ctx, &mut &file[..]).unwrap();
            let same = key.data() == sk.data();
            drop(key);
            same
        });
        assert!(loaded);
        assert_eq!(
            found, 0,
            "{mode:?}: a load freed {found} blocks holding the key"
        );
    }
}

#[test]
fn the_words_of_a_refused_key_are_wiped() {
    let ctx = context(4096, &[40, 30, 39]);
    let keygen = KeyGenerator::new(&ctx);
    let sk = keygen.secret_key();
    let good = save(sk, ComprMode::None);
    let n = sk.data().len();
    let words_at = good.len() - 8 * n;
    // One word changed but still below its prime: not ternary. One word at its prime's
    // maximum: not reduced. Both refused after all the words were read.
    let mut not_ternary = good.clone();
    not_ternary[words_at] ^= 1;
    let mut not_reduced = good.clone();
    not_reduced[good.len() - 8..].copy_from_slice(&u64::MAX.to_le_bytes());
    for (bytes, says) in [
        (not_ternary, "−1, 0 or 1"),
        (not_reduced, "not below its prime"),
    ] {
        // The damaged key's words, away from the damage.
        let secret = bytes[words_at + 8 * 8..bytes.len() - 8 * 8].to_vec();
        for mode in [ComprMode::None, ComprMode::Zstd] {
            let file = match mode {
                ComprMode::None => bytes.clone(),
                _ => {
                    let z = zstd::bulk::compress(&bytes[16..], 3).unwrap();
                    let mut f = bytes[..16].to_vec();
                    f[5] = 2;
                    f[8..16].copy_from_slice(&(16 + z.len() as u64).to_le_bytes());
                    f.extend(z);
                    f
                }
            };
            let (r, found) =
                copies_freed_during(&secret, || SecretKey::load(&ctx, &mut &file[..]).map(drop));
            match r {
                Err(CkksError::Load(e @ LoadError::Invalid { .. })) => {
                    assert!(e.to_string().contains(says), "{e}")
                }
                other => panic!("expected the key refused, got {other:?}"),
            }
            assert_eq!(
                found, 0,
                "{says}, {mode:?}: {found} freed blocks hold its words"
            );
        }
    }
}
