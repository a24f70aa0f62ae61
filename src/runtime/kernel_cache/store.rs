//! Built kernels kept on disk between processes, one file per device, driver, build options
//! and module: for OpenCL what `clGetProgramInfo(CL_PROGRAM_BINARIES)` gives after a build,
//! handed back to `clCreateProgramWithBinary` by the next process (Intel's CPU runtime compiles
//! every module again in every process, 1–3 s, and keeps no cache of its own); for Level Zero
//! what `zeModuleGetNativeBinary` gives after a SPIR-V build, handed back to `zeModuleCreate`
//! as `ZE_MODULE_FORMAT_NATIVE`.
//!
//! An entry is found by a hash of everything the binary depends on ([`CacheKey`]) and carries
//! that key and a checksum of its bytes: a damaged, truncated or foreign file is ignored (the
//! module is built and the entry written again), never an error and never a wrong kernel.
//! Entries are written to a temporary file and renamed into place, so that a reader sees a
//! whole entry or none. A directory that cannot be made or written turns the cache off for the
//! backend, silently: the cache only saves time.
//!
//! A cached binary runs in the process (on a CPU runtime as native code, beside the secret key),
//! and its checksum proves only that it is whole, not who wrote it. So on Unix the directory is
//! made 0700, and an entry is read only from a directory and a file that are not symbolic links,
//! belong to the effective user and are writable by no one else; anything else is ignored as a
//! miss (and a directory refused on those grounds is said once on stderr). Entries larger than
//! [`MAX_ENTRY_BYTES`] are ignored too.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The entries' format; a change makes every older entry foreign.
const MAGIC: &[u8; 8] = b"XEHEKC01";
/// The largest entry read: far above any module's binaries for a few devices (PoCL's largest is
/// under 2 MB), so that a planted or damaged file cannot make a load read without bound.
pub(crate) const MAX_ENTRY_BYTES: u64 = 256 << 20;

/// Whether `path` is one this user alone controls: not a symbolic link, owned by the effective
/// user, writable by no one else (Unix), and of the expected kind.
#[cfg(unix)]
fn owned_by_us(path: &Path, dir: bool) -> bool {
    use std::os::unix::fs::MetadataExt;
    let Ok(m) = fs::symlink_metadata(path) else {
        return false;
    };
    // SAFETY: geteuid has no preconditions and cannot fail.
    let euid = unsafe { libc::geteuid() };
    let kind = if dir { m.is_dir() } else { m.is_file() };
    kind && m.uid() == euid && m.mode() & 0o022 == 0
}

/// Elsewhere (Windows) the user's profile directories are private by default.
#[cfg(not(unix))]
fn owned_by_us(path: &Path, dir: bool) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| if dir { m.is_dir() } else { m.is_file() })
}

/// Makes `dir` (and its missing parents) with mode 0700 on Unix.
fn make_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut b = fs::DirBuilder::new();
    b.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut b, 0o700);
    b.create(dir)
}
/// Bytes of a key and of a checksum.
const HASH: usize = 32;

fn hash(parts: &[&[u8]]) -> [u8; HASH] {
    let mut state = blake2b_simd::Params::new().hash_length(HASH).to_state();
    for p in parts {
        // Length-prefixed, so that no two different lists of parts hash the same bytes.
        state.update(&(p.len() as u64).to_le_bytes());
        state.update(p);
    }
    let mut out = [0; HASH];
    out.copy_from_slice(state.finalize().as_bytes());
    out
}

/// What a built kernel binary depends on, as each backend names it: the platform or driver and
/// its version, the device, the devices it was built for, the build options and the module's
/// bytes as handed to the driver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CacheKey([u8; HASH]);

impl CacheKey {
    /// The key of `parts`, each a (what, bytes) pair; `what` keeps the parts apart.
    pub(crate) fn new(parts: &[(&str, &[u8])]) -> Self {
        let flat: Vec<&[u8]> = parts
            .iter()
            .flat_map(|(what, bytes)| [what.as_bytes(), *bytes])
            .collect();
        CacheKey(hash(&flat))
    }

    fn file_name(&self) -> String {
        let hex: String = self.0.iter().map(|b| format!("{b:02x}")).collect();
        format!("{hex}.bin")
    }
}

/// What a backend's cache did, for tests and `xehe devices`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct KernelCacheStats {
    /// Modules whose binaries came from the cache (OpenCL: one per module; Level Zero: one per
    /// module and tile).
    pub loaded: usize,
    /// Modules built from SPIR-V or OpenCL C (cache misses, or no cache).
    pub built: usize,
    /// Entries written.
    pub stored: usize,
    /// Entries found but ignored: damaged, foreign, or refused by the driver.
    pub rejected: usize,
}

#[derive(Default)]
struct Counters {
    loaded: AtomicUsize,
    built: AtomicUsize,
    stored: AtomicUsize,
    rejected: AtomicUsize,
}

/// One backend's kernel cache: a directory, or none.
pub(crate) struct KernelCache {
    dir: Option<PathBuf>,
    counters: Counters,
}

impl KernelCache {
    /// A cache in `dir` (None: no cache).
    pub(crate) fn new(dir: Option<PathBuf>) -> Self {
        // An existing directory someone else controls is refused, once said: its entries would
        // run in this process.
        let dir = dir.filter(|d| {
            let trusted = !d.exists() || owned_by_us(d, true);
            if !trusted {
                static SAID: std::sync::Once = std::sync::Once::new();
                SAID.call_once(|| {
                    eprintln!(
                        "xehe: kernel cache {} is not a private directory of this user (a link, another owner, or writable by others): not used",
                        d.display()
                    )
                });
            }
            trusted
        });
        KernelCache {
            dir,
            counters: Counters::default(),
        }
    }

    /// Whether built kernels are kept.
    pub(crate) fn enabled(&self) -> bool {
        self.dir.is_some()
    }

    pub(crate) fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    pub(crate) fn stats(&self) -> KernelCacheStats {
        let c = &self.counters;
        KernelCacheStats {
            loaded: c.loaded.load(Ordering::Relaxed),
            built: c.built.load(Ordering::Relaxed),
            stored: c.stored.load(Ordering::Relaxed),
            rejected: c.rejected.load(Ordering::Relaxed),
        }
    }

    pub(crate) fn note_loaded(&self) {
        self.counters.loaded.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn note_built(&self) {
        self.counters.built.fetch_add(1, Ordering::Relaxed);
    }

    /// An entry the driver refused to take back (its build failed).
    pub(crate) fn note_rejected(&self) {
        self.counters.rejected.fetch_add(1, Ordering::Relaxed);
    }

    /// The binaries stored under `key`, one per device of `devices`; None when there is no
    /// entry or it is not a whole, intact entry of this key for that many devices.
    pub(crate) fn load(&self, key: &CacheKey, devices: usize) -> Option<Vec<Vec<u8>>> {
        let dir = self.dir.as_ref()?;
        if !owned_by_us(dir, true) {
            return None;
        }
        let path = dir.join(key.file_name());
        if !fs::symlink_metadata(&path).is_ok_and(|m| m.len() <= MAX_ENTRY_BYTES) {
            return None;
        }
        if !owned_by_us(&path, false) {
            self.note_rejected();
            return None;
        }
        let mut bytes = Vec::new();
        std::io::Read::take(fs::File::open(&path).ok()?, MAX_ENTRY_BYTES + 1)
            .read_to_end(&mut bytes)
            .ok()?;
        let found = decode(&bytes, key).filter(|b| b.len() == devices);
        if found.is_none() {
            self.note_rejected();
        }
        found
    }

    /// Stores `binaries` under `key`; failures are ignored (the next process builds again).
    pub(crate) fn store(&self, key: &CacheKey, binaries: &[Vec<u8>]) {
        let Some(dir) = &self.dir else {
            return;
        };
        let write = || -> std::io::Result<()> {
            make_private_dir(dir)?;
            if !owned_by_us(dir, true) {
                return Err(std::io::Error::other("not a private directory"));
            }
            let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
            tmp.write_all(&encode(key, binaries))?;
            tmp.as_file().sync_all()?;
            tmp.persist(dir.join(key.file_name()))?;
            Ok(())
        };
        if write().is_ok() {
            self.counters.stored.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// `MAGIC | key | count (u32) | (length (u64) | bytes) per binary | checksum of all before`.
fn encode(key: &CacheKey, binaries: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::with_capacity(
        MAGIC.len() + 2 * HASH + 4 + binaries.iter().map(|b| 8 + b.len()).sum::<usize>(),
    );
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&key.0);
    out.extend_from_slice(&(binaries.len() as u32).to_le_bytes());
    for b in binaries {
        out.extend_from_slice(&(b.len() as u64).to_le_bytes());
        out.extend_from_slice(b);
    }
    let sum = hash(&[&out]);
    out.extend_from_slice(&sum);
    out
}

/// The binaries of an entry of `key`, or None for anything else.
fn decode(bytes: &[u8], key: &CacheKey) -> Option<Vec<Vec<u8>>> {
    let (body, sum) = bytes.split_at_checked(bytes.len().checked_sub(HASH)?)?;
    if hash(&[body]) != sum {
        return None;
    }
    let rest = body.strip_prefix(MAGIC)?.strip_prefix(&key.0)?;
    let (count, mut rest) = rest.split_first_chunk::<4>()?;
    let count = u32::from_le_bytes(*count) as usize;
    let mut binaries = Vec::new();
    for _ in 0..count {
        let (len, after) = rest.split_first_chunk::<8>()?;
        let len = usize::try_from(u64::from_le_bytes(*len)).ok()?;
        let (binary, after) = after.split_at_checked(len)?;
        binaries.push(binary.to_vec());
        rest = after;
    }
    (rest.is_empty() && binaries.iter().all(|b| !b.is_empty())).then_some(binaries)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(s: &str) -> CacheKey {
        CacheKey::new(&[("module", s.as_bytes())])
    }

    #[test]
    fn entries_round_trip_and_anything_else_is_ignored() {
        let k = key("a");
        let bins = vec![vec![1u8, 2, 3], vec![4u8; 100]];
        let bytes = encode(&k, &bins);
        assert_eq!(decode(&bytes, &k), Some(bins.clone()));
        // Another key's entry (a foreign file under this name).
        assert_eq!(decode(&bytes, &key("b")), None);
        // Every single flipped bit and every truncation is caught.
        for i in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[i] ^= 0x10;
            assert_eq!(decode(&bad, &k), None, "byte {i}");
            assert_eq!(decode(&bytes[..i], &k), None, "{i} bytes");
        }
        // Parts are kept apart: ("ab", "") is not ("a", "b").
        assert_ne!(
            CacheKey::new(&[("x", b"ab"), ("y", b"")]),
            CacheKey::new(&[("x", b"a"), ("y", b"b")])
        );
    }

    #[test]
    fn a_cache_stores_loads_and_rejects_on_disk() {
        let dir = tempfile::tempdir().unwrap();
        let cache = KernelCache::new(Some(dir.path().join("kernels")));
        let k = key("m");
        assert_eq!(cache.load(&k, 1), None);
        cache.store(&k, &[vec![9u8; 10]]);
        assert_eq!(cache.load(&k, 1), Some(vec![vec![9u8; 10]]));
        // An entry for another number of devices is not taken.
        assert_eq!(cache.load(&k, 2), None);
        let path = dir.path().join("kernels").join(k.file_name());
        let mut bytes = fs::read(&path).unwrap();
        bytes[20] ^= 1;
        fs::write(&path, bytes).unwrap();
        assert_eq!(cache.load(&k, 1), None);
        assert_eq!(
            cache.stats(),
            KernelCacheStats {
                loaded: 0,
                built: 0,
                stored: 1,
                rejected: 2,
            }
        );
        // A directory that cannot be made (a file stands in its way): nothing stored, no error.
        let blocked = dir.path().join("file");
        fs::write(&blocked, b"x").unwrap();
        let cache = KernelCache::new(Some(blocked.join("kernels")));
        cache.store(&k, &[vec![1]]);
        assert_eq!(cache.stats().stored, 0);
        assert_eq!(cache.load(&k, 1), None);
    }

    /// Entries only from a private directory and private files: a planted entry (a link, or a
    /// file in a directory others may write) is a miss, however intact.
    #[cfg(unix)]
    #[test]
    fn entries_others_could_have_written_are_not_read() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let kernels = dir.path().join("kernels");
        let cache = KernelCache::new(Some(kernels.clone()));
        let k = key("a");
        cache.store(&k, &[vec![9u8; 10]]);
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&kernels), 0o700, "the directory is made private");
        assert_eq!(cache.load(&k, 1), Some(vec![vec![9u8; 10]]));
        // The entry made writable by others.
        let entry = kernels.join(k.file_name());
        fs::set_permissions(&entry, fs::Permissions::from_mode(0o666)).unwrap();
        assert_eq!(cache.load(&k, 1), None);
        fs::set_permissions(&entry, fs::Permissions::from_mode(0o600)).unwrap();
        assert!(cache.load(&k, 1).is_some());
        // The entry replaced by a link to an intact copy elsewhere.
        let elsewhere = dir.path().join("copy.bin");
        fs::rename(&entry, &elsewhere).unwrap();
        std::os::unix::fs::symlink(&elsewhere, &entry).unwrap();
        assert_eq!(cache.load(&k, 1), None);
        fs::remove_file(&entry).unwrap();
        fs::rename(&elsewhere, &entry).unwrap();
        // The directory opened to others: nothing read from it, and a new cache refuses it.
        fs::set_permissions(&kernels, fs::Permissions::from_mode(0o777)).unwrap();
        assert_eq!(cache.load(&k, 1), None);
        assert!(!KernelCache::new(Some(kernels.clone())).enabled());
        cache.store(&key("b"), &[vec![1]]);
        assert!(!kernels.join(key("b").file_name()).exists());
    }
}
