//! Built kernels kept between processes, for the OpenCL and Level Zero backends
//! (`XEHE_KERNEL_CACHE`): the disk cache ([`store`]), the stderr line that says why a first run
//! is slow ([`notice`]), and the decision both backends follow ([`load_or_build`]): an entry of
//! this build's key is handed to the driver; one the driver refuses, or none, means a build from
//! SPIR-V or OpenCL C, timed by the notice, whose binaries are then stored under the key.
//!
//! The backends import this module; it imports neither of them. What goes into a key, how a
//! binary is handed to the driver and how it is read back after a build are theirs
//! (`opencl/program.rs`, `level_zero/module_cache.rs`).

mod notice;
mod store;

pub(crate) use notice::{BuildNotice, NOTICE_AFTER};
pub use store::KernelCacheStats;
pub(crate) use store::{CacheKey, KernelCache, MAX_ENTRY_BYTES};

use std::path::PathBuf;

/// The cache directory the settings give (`XEHE_KERNEL_CACHE`: a directory, `off`, or by
/// default xehe's cache directory); None: off, or no home to put it in. A malformed setting
/// is reported by the entry points that read the settings first.
pub(crate) fn configured_dir() -> Option<PathBuf> {
    crate::runtime::settings::Settings::global()
        .ok()
        .and_then(|s| s.kernel_cache_dir())
}

/// Where [`load_or_build`]'s result came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// The cache's entry, which the driver took.
    Cache,
    /// A build (then stored, where the cache is on and the driver gave its binaries).
    Built,
}

/// A module built once: from the cache's entry under `key` when there is a whole one of
/// `binaries` binaries and `from_cache` makes a module of it (None: the driver refused it),
/// else by `build`, timed by `notice`, after which `binaries_of` reads the built module's
/// binaries back and they are stored under `key`, replacing a refused entry. A build's error
/// is returned as it is; nothing about the cache is ever an error.
pub(crate) fn load_or_build<T, E>(
    cache: &KernelCache,
    notice: &BuildNotice,
    key: &CacheKey,
    binaries: usize,
    from_cache: impl FnOnce(&[Vec<u8>]) -> Option<T>,
    build: impl FnOnce() -> Result<T, E>,
    binaries_of: impl FnOnce(&T) -> Option<Vec<Vec<u8>>>,
) -> Result<(T, Origin), E> {
    let cached = cache.load(key, binaries).and_then(|entry| {
        let made = from_cache(&entry);
        if made.is_none() {
            // The driver no longer takes its own output (an update that kept its version
            // string): built again below, and the entry replaced.
            cache.note_rejected();
        }
        made
    });
    if let Some(made) = cached {
        cache.note_loaded();
        return Ok((made, Origin::Cache));
    }
    let (built, _) = notice.time(build);
    let built = built?;
    cache.note_built();
    if cache.enabled() {
        if let Some(b) = binaries_of(&built) {
            if b.len() == binaries && b.iter().all(|b| !b.is_empty()) {
                cache.store(key, &b);
            }
        }
    }
    Ok((built, Origin::Built))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::time::Duration;

    /// A driver stand-in: a "module" is the binary it was made from, tagged with where it came
    /// from; `refuse` makes it refuse cached binaries.
    #[derive(Debug, PartialEq)]
    enum Module {
        FromCache(Vec<u8>),
        Built(Vec<u8>),
    }

    struct Fake {
        from_cache: Cell<usize>,
        builds: Cell<usize>,
        reads: Cell<usize>,
    }

    impl Fake {
        fn new() -> Self {
            Fake {
                from_cache: Cell::new(0),
                builds: Cell::new(0),
                reads: Cell::new(0),
            }
        }

        /// One module through [`load_or_build`]: a build gives `native`; `refuse`: the driver
        /// refuses cached binaries; `fail`: the build fails.
        fn get(
            &self,
            cache: &KernelCache,
            key: &CacheKey,
            native: &[u8],
            refuse: bool,
            fail: bool,
        ) -> Result<(Module, Origin), &'static str> {
            let notice = BuildNotice::new("fake", cache.enabled(), Duration::from_secs(3600));
            load_or_build(
                cache,
                &notice,
                key,
                1,
                |entry| {
                    self.from_cache.set(self.from_cache.get() + 1);
                    assert_eq!(entry.len(), 1);
                    (!refuse).then(|| Module::FromCache(entry[0].clone()))
                },
                || {
                    self.builds.set(self.builds.get() + 1);
                    if fail {
                        Err("build failed")
                    } else {
                        Ok(Module::Built(native.to_vec()))
                    }
                },
                |m| {
                    self.reads.set(self.reads.get() + 1);
                    match m {
                        Module::Built(b) => Some(vec![b.clone()]),
                        Module::FromCache(_) => panic!("a cached module is not read back"),
                    }
                },
            )
        }

        fn calls(&self) -> (usize, usize, usize) {
            (self.from_cache.get(), self.builds.get(), self.reads.get())
        }
    }

    fn key(s: &str) -> CacheKey {
        CacheKey::new(&[("module", s.as_bytes())])
    }

    #[test]
    fn a_miss_builds_and_stores_and_the_next_backend_loads_without_building() {
        let dir = tempfile::tempdir().unwrap();
        let cache = KernelCache::new(Some(dir.path().join("k")));
        let f = Fake::new();
        let got = f.get(&cache, &key("m"), b"native-1", false, false);
        assert_eq!(
            got,
            Ok((Module::Built(b"native-1".to_vec()), Origin::Built))
        );
        assert_eq!(
            f.calls(),
            (0, 1, 1),
            "no entry: built, read back, not loaded"
        );
        assert_eq!(cache.load(&key("m"), 1), Some(vec![b"native-1".to_vec()]));
        // A later backend (a new cache over the same directory: the next process).
        let next = KernelCache::new(Some(dir.path().join("k")));
        let f = Fake::new();
        let got = f.get(&next, &key("m"), b"never built", false, false);
        assert_eq!(
            got,
            Ok((Module::FromCache(b"native-1".to_vec()), Origin::Cache))
        );
        assert_eq!(
            f.calls(),
            (1, 0, 0),
            "a hit builds nothing and stores nothing"
        );
        assert_eq!(
            next.stats(),
            KernelCacheStats {
                loaded: 1,
                built: 0,
                stored: 0,
                rejected: 0
            }
        );
        // Another key (another driver, device, flag or module) never gets this entry.
        let f = Fake::new();
        let got = f.get(&next, &key("other"), b"native-2", false, false);
        assert_eq!(got.unwrap().1, Origin::Built);
        assert_eq!(f.calls(), (0, 1, 1));
    }

    #[test]
    fn an_entry_the_driver_refuses_is_built_from_source_and_rewritten() {
        let dir = tempfile::tempdir().unwrap();
        let cache = KernelCache::new(Some(dir.path().join("k")));
        let k = key("m");
        cache.store(&k, &[b"stale".to_vec()]);
        let f = Fake::new();
        let got = f.get(&cache, &k, b"fresh", true, false);
        assert_eq!(got, Ok((Module::Built(b"fresh".to_vec()), Origin::Built)));
        assert_eq!(f.calls(), (1, 1, 1), "offered, refused, built, read back");
        assert_eq!(
            cache.load(&k, 1),
            Some(vec![b"fresh".to_vec()]),
            "the refused entry is replaced by the build's binary"
        );
        let s = cache.stats();
        assert_eq!((s.loaded, s.built, s.rejected, s.stored), (0, 1, 1, 2));
        // The next backend takes the rewritten entry.
        let f = Fake::new();
        let got = f.get(&cache, &k, b"unused", false, false);
        assert_eq!(
            got,
            Ok((Module::FromCache(b"fresh".to_vec()), Origin::Cache))
        );
    }

    #[test]
    fn a_damaged_entry_is_never_offered_to_the_driver() {
        let dir = tempfile::tempdir().unwrap();
        let cache = KernelCache::new(Some(dir.path().join("k")));
        let k = key("m");
        let f = Fake::new();
        f.get(&cache, &k, b"native", false, false).unwrap();
        let entry = std::fs::read_dir(dir.path().join("k"))
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        let mut bytes = std::fs::read(&entry).unwrap();
        let last = bytes.len() - 40;
        bytes[last] ^= 1;
        std::fs::write(&entry, bytes).unwrap();
        let f = Fake::new();
        let got = f.get(&cache, &k, b"native", false, false);
        assert_eq!(got.unwrap().1, Origin::Built);
        assert_eq!(
            f.calls(),
            (0, 1, 1),
            "built and stored again, never offered"
        );
        assert_eq!(cache.load(&k, 1), Some(vec![b"native".to_vec()]));
    }

    #[test]
    fn a_failed_build_is_the_error_and_stores_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let cache = KernelCache::new(Some(dir.path().join("k")));
        let f = Fake::new();
        assert_eq!(
            f.get(&cache, &key("m"), b"x", false, true),
            Err("build failed")
        );
        assert_eq!(f.calls(), (0, 1, 0));
        assert_eq!(cache.stats(), KernelCacheStats::default());
        assert_eq!(cache.load(&key("m"), 1), None);
    }

    #[test]
    fn without_a_cache_every_module_is_built_and_nothing_is_read_back() {
        let cache = KernelCache::new(None);
        let f = Fake::new();
        let got = f.get(&cache, &key("m"), b"x", false, false);
        assert_eq!(got.unwrap().1, Origin::Built);
        assert_eq!(f.calls(), (0, 1, 0));
        assert_eq!(cache.stats().built, 1);
    }

    #[test]
    fn binaries_of_the_wrong_count_or_empty_are_not_stored() {
        let dir = tempfile::tempdir().unwrap();
        let cache = KernelCache::new(Some(dir.path().join("k")));
        let notice = BuildNotice::new("fake", true, Duration::from_secs(3600));
        for given in [vec![], vec![vec![1u8], vec![2]], vec![Vec::new()]] {
            let r: Result<_, ()> = load_or_build(
                &cache,
                &notice,
                &key("m"),
                1,
                |_| Some(()),
                || Ok(()),
                |_| Some(given.clone()),
            );
            assert_eq!(r, Ok(((), Origin::Built)));
        }
        assert_eq!(cache.stats().stored, 0);
        assert_eq!(cache.stats().built, 3);
    }
}
