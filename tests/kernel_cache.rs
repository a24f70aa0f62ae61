//! Built OpenCL programs kept between processes (`XEHE_KERNEL_CACHE`): a second process loads
//! every module from the cache and builds none; damaged, truncated or foreign entries are
//! built again and replaced, never used; a cache directory that cannot be written leaves the
//! backend working without one. Each step runs in a process of its own (the settings are read
//! once per process), and this parent process never opens OpenCL itself: beside a child
//! process, PoCL 3.1's worker thread in the parent has crashed (see opencl_build_log.rs).

mod common;

use std::path::Path;
use std::process::Output;
use xehe::device_ops::ntt::{self, DeviceNttTables, NttPlan};
use xehe::device_ops::poly;
use xehe::primes::CoeffModulus;
use xehe::rns::RnsShape;
use xehe::runtime::opencl::KernelCacheStats;
use xehe::runtime::Backend;

/// Runs `test` of this binary again in a child process with `XEHE_KERNEL_CACHE=cache` and
/// `XEHE_CACHE_STEP=step`, and returns its output once it has passed; None inside the child.
fn step(test: &str, step: &str, cache: &Path) -> Option<Output> {
    if std::env::var_os("XEHE_CACHE_STEP").is_some() {
        return None;
    }
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([test, "--exact", "--nocapture", "--test-threads=1"])
        .env("XEHE_KERNEL_CACHE", cache)
        .env("XEHE_CACHE_STEP", step)
        .output()
        .expect("the test binary runs again");
    let text = format!(
        "{test} step {step}:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{text}");
    // A child that found no OpenCL device skipped (outside CI): so does the parent, visibly.
    if text.contains("SKIPPED") {
        common::skip(test, "the child process found no OpenCL device");
        return None;
    }
    Some(out)
}

/// Inside a child: opens the test device, builds every module it can run, checks that kernels
/// of two modules compute the right words, and returns the cache's counters and the number
/// of modules built or loaded. None where no OpenCL device is available (a skip, outside CI).
fn open_and_build(tiles: Option<usize>) -> Option<(KernelCacheStats, usize, String)> {
    let cl = common::opencl(tiles)?;
    let modules = xehe::kernels::MODULES.len() - cl.build_all().unwrap().len();
    let dev: std::sync::Arc<dyn Backend> = cl.clone();
    let b = dev.as_ref();
    let n = 64;
    let q = CoeffModulus::create(n as u64, &[30, 30]).unwrap();
    let tile = b.tile_count() - 1;
    let tables = DeviceNttTables::upload(&dev, tile, n, &q).unwrap();
    let shape = RnsShape::new(n, 2, 1).unwrap();
    let input: Vec<u64> = (0..2 * n as u64).collect();
    let data = poly::upload(b, tile, shape, tables.moduli(), &input).unwrap();
    let sum = b.alloc(tile, shape.words()).unwrap();
    poly::add(b, shape, &data, &data, &sum, tables.moduli()).unwrap();
    let plan = NttPlan::auto(b, shape).unwrap();
    ntt::forward(b, &tables, shape, &data, &plan).unwrap();
    ntt::inverse(b, &tables, shape, &data, &plan).unwrap();
    let mut back = vec![0; shape.words()];
    b.read(&data, 0, &mut back).unwrap();
    assert_eq!(back, input, "NTT round trip");
    b.read(&sum, 0, &mut back).unwrap();
    let doubled: Vec<u64> = input.iter().map(|v| 2 * v).collect();
    assert_eq!(back, doubled, "poly_add");
    Some((cl.kernel_cache_stats(), modules, cl.info().platform.clone()))
}

fn entries(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "bin"))
        .collect();
    v.sort();
    v
}

/// Child steps: `cold` builds and stores every module; `warm` loads every one and builds none;
/// `damaged` finds three entries it must not use and builds those again. A step ending in
/// `-2` opens the device as two tiles (one binary per tile in each entry).
fn child_checks(step: &str) {
    let (step, tiles) = match step.strip_suffix("-2") {
        Some(s) => (s, Some(2)),
        None => (step, None),
    };
    let Some((stats, modules, platform)) = open_and_build(tiles) else {
        return;
    };
    // PoCL 3.1 gives one binary for a program of two sub-devices: nothing to store, every
    // process builds (with PoCL's own cache).
    let pocl_tiles = tiles.is_some() && platform.contains("Portable Computing Language");
    let step = if pocl_tiles { "uncached" } else { step };
    let expect = match step {
        "uncached" => KernelCacheStats {
            loaded: 0,
            built: modules,
            stored: 0,
            rejected: 0,
        },
        "cold" => KernelCacheStats {
            loaded: 0,
            built: modules,
            stored: modules,
            rejected: 0,
        },
        "warm" => KernelCacheStats {
            loaded: modules,
            built: 0,
            stored: 0,
            rejected: 0,
        },
        "damaged" => KernelCacheStats {
            loaded: modules - 3,
            built: 3,
            stored: 3,
            rejected: 3,
        },
        other => panic!("unknown step {other}"),
    };
    assert_eq!(stats, expect, "step {step}, tiles {tiles:?}");
}

#[test]
fn a_second_process_loads_every_module_from_the_cache() {
    let name = "a_second_process_loads_every_module_from_the_cache";
    if let Ok(s) = std::env::var("XEHE_CACHE_STEP") {
        return child_checks(&s);
    }
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("kernels");
    if step(name, "cold", &cache).is_none() {
        return;
    }
    let stored = entries(&cache);
    assert!(!stored.is_empty());
    let warm = step(name, "warm", &cache).unwrap();
    // Nothing was built, so nothing was said about building.
    let stderr = String::from_utf8_lossy(&warm.stderr);
    assert!(!stderr.contains("building kernels"), "{stderr}");
    assert_eq!(entries(&cache), stored, "the warm process wrote nothing");
    // The device as two tiles is another build (an entry of two binaries), stored and loaded
    // the same way beside the first (where the driver gives a binary per tile).
    step(name, "cold-2", &cache).unwrap();
    step(name, "warm-2", &cache).unwrap();
}

#[test]
fn damaged_truncated_and_foreign_entries_are_built_again() {
    let name = "damaged_truncated_and_foreign_entries_are_built_again";
    if let Ok(s) = std::env::var("XEHE_CACHE_STEP") {
        return child_checks(&s);
    }
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("kernels");
    if step(name, "cold", &cache).is_none() {
        return;
    }
    let stored = entries(&cache);
    assert!(stored.len() >= 4, "{stored:?}");
    let original: Vec<Vec<u8>> = stored.iter().map(|p| std::fs::read(p).unwrap()).collect();
    // One bit flipped in the middle of a binary, one entry cut short, one entry holding
    // another module's (valid) entry.
    let mut flipped = original[0].clone();
    let mid = flipped.len() / 2;
    flipped[mid] ^= 0x04;
    std::fs::write(&stored[0], flipped).unwrap();
    std::fs::write(&stored[1], &original[1][..original[1].len() - 7]).unwrap();
    std::fs::write(&stored[2], &original[3]).unwrap();
    step(name, "damaged", &cache).unwrap();
    // Replaced by whole entries: the next process loads everything.
    for (p, o) in stored.iter().zip(&original).take(3) {
        assert_eq!(std::fs::read(p).unwrap().len(), o.len(), "{p:?}");
    }
    step(name, "warm", &cache).unwrap();
}

/// A cache directory that cannot be made (a regular file stands where its parent should be),
/// and `off`: the backend builds and runs every module and stores nothing, without an error.
#[test]
fn an_unusable_or_disabled_cache_leaves_the_backend_working() {
    let name = "an_unusable_or_disabled_cache_leaves_the_backend_working";
    if let Ok(s) = std::env::var("XEHE_CACHE_STEP") {
        let Some((stats, modules, _)) = open_and_build(None) else {
            return;
        };
        assert_eq!(
            stats,
            KernelCacheStats {
                loaded: 0,
                built: modules,
                stored: 0,
                rejected: 0,
            },
            "step {s}"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, b"not a directory").unwrap();
    if step(name, "blocked", &file.join("kernels")).is_none() {
        return;
    }
    step(name, "off", Path::new("off")).unwrap();
    assert_eq!(std::fs::read(&file).unwrap(), b"not a directory");
}
