//! Intel's own Level Zero driver (NEO, Debian's intel-opencl-icd, through libze1's loader) in
//! AUB-capture mode, which shows a Data Center GPU Max (pvc) or Arc (dg2) without the hardware
//! (docs/level-zero.md, "Intel's driver in AUB mode"): the Level Zero backend finds the device and
//! its 2 tiles, creates one immediate command list and event pool per tile, allocates on each tile,
//! builds every shipped module from SPIR-V and creates every kernel with its declared argument
//! count, and records launches into regular command lists that it executes. Kernels do not execute
//! in this mode, so nothing here checks what a launch or a copy computes.
//!
//! Its own test binary because NEO reads the debug keys that put it in AUB mode when the driver
//! loads, so they must be set before the process's first Level Zero call, and every device test
//! after that would get an emulated GPU that never executes a kernel. One product per process:
//! `cargo test --test intel_neo_level_zero` runs pvc; `XEHE_NEO_PRODUCT=dg2` runs the binary
//! again for Arc.

mod common;

use xehe::runtime::level_zero::{discover, LevelZeroBackend, LevelZeroOptions, ModuleSource};
use xehe::runtime::{Backend, BackendKind, RuntimeError};

/// ocloc's binary of one module for `product`, then a backend that finds it in its native folder
/// beside the other product's binary (which it must not take: the driver would).
fn native_binaries_load_before_the_spirv(product: &str) {
    let ocloc_ok = std::process::Command::new("ocloc")
        .arg("--help")
        .output()
        .is_ok();
    if !ocloc_ok {
        assert!(
            !common::in_ci(),
            "CI=true: ocloc (intel-opencl-icd) must be installed"
        );
        common::skip("the native-binary check", "no ocloc (intel-opencl-icd)");
        return;
    }
    let dir = std::env::temp_dir().join(format!("xehe-ze-native-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spv = dir.join("copy_u64.spv");
    std::fs::write(&spv, xehe::kernels::copy_u64::MODULE.spirv).unwrap();
    let other = if product == "pvc" { "dg2" } else { "pvc" };
    for target in [other, product] {
        let out = std::process::Command::new("ocloc")
            .args(["compile", "-spirv_input", "-file"])
            .arg(&spv)
            .args(["-device", target, "-output", "copy_u64", "-out_dir"])
            .arg(&dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "ocloc {target}: {}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
    let ze = LevelZeroBackend::open(&LevelZeroOptions {
        native_dir: Some(dir.clone()),
        native_target: Some(product.into()),
        ..Default::default()
    })
    .unwrap();
    ze.create_kernel(&xehe::kernels::copy_u64::COPY_U64)
        .unwrap();
    for tile in 0..2 {
        match ze.module_source(tile, "copy_u64").unwrap() {
            Some(ModuleSource::Native(p)) => {
                let name = p.file_name().unwrap().to_str().unwrap().to_string();
                assert!(name.ends_with(&format!("{product}.bin")), "{name}");
            }
            other => panic!("tile {tile}: {other:?}"),
        }
    }
    drop(ze);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn neo_emulated_gpu_has_two_tiles_and_builds_every_module_through_level_zero() {
    let product = std::env::var("XEHE_NEO_PRODUCT").unwrap_or_else(|_| "pvc".into());
    // The emulated device has no thread counts, so NEO derives a maximum work-group size of 0
    // and zeKernelCreate's default group size fails with INVALID_GROUP_SIZE_DIMENSION.
    // The loader's validation layer checks every call's parameters and handle (Debian's loader
    // 1.8.12 does not refuse out-of-order destroys, which newer layers do; the order is kept by
    // ownership instead). destroy_failures() below must stay empty.
    // A kernel cache of this process's own (the settings are read once, at the first open),
    // so that the first backend builds every module from SPIR-V.
    let cache = tempfile::tempdir().unwrap();
    let cache_dir = cache.path().join("kernels");
    std::env::set_var("XEHE_KERNEL_CACHE", &cache_dir);
    let aub = common::neo_env(
        &product,
        &[
            ("OverrideMaxWorkgroupSize", "1024"),
            ("ZE_ENABLE_VALIDATION_LAYER", "1"),
            ("ZE_ENABLE_PARAMETER_VALIDATION", "1"),
            ("ZE_ENABLE_HANDLE_LIFETIME", "1"),
        ],
    );
    let roots = match discover::root_devices() {
        Ok(r) if !r.is_empty() => r,
        other => {
            assert!(
                !common::in_ci(),
                "CI=true: Intel's Level Zero driver must show an emulated {product}: {other:?}"
            );
            common::skip(
                "neo Level Zero",
                &format!("no Level Zero GPU ({other:?}); install libze1 and intel-opencl-icd"),
            );
            return;
        }
    };
    assert_eq!(roots[0].sub_devices, 2, "{product}: {:?}", roots[0]);
    let ze = LevelZeroBackend::open(&LevelZeroOptions::default()).unwrap();
    assert_eq!(ze.kind(), BackendKind::LevelZero);
    assert_eq!(
        ze.tile_count(),
        2,
        "{product} with CreateMultipleSubDevices=2 has 2 tiles"
    );
    for tile in 0..2 {
        let info = ze.tile_info(tile).unwrap();
        assert!(info.local_mem_bytes >= 64 * 1024, "{info:?}");
        // 12000048 Hz from the 1.2 properties: 83.333 ns, not the 1.0 field's whole 83.
        assert!(
            (info.timer_ns - 1e9 / 12_000_048.0).abs() < 1e-6,
            "{info:?}"
        );
        assert_eq!(info.kernel_timestamp_bits, 32, "{info:?}");
        let b = ze.alloc(tile, 1 << 16).unwrap();
        ze.free(b).unwrap();
    }
    assert_eq!(ze.memcache_stats(1).unwrap().device_allocations, 1);
    let skipped = ze.build_all().unwrap();
    // pvc has no SIMD8: the SIMD(8,8) module is left out there and refused with a typed error;
    // dg2 (Arc) has no double precision, which device encoding and decoding need (both words).
    let expect_skipped: &[&str] = if product == "pvc" {
        &["ntt_subgroup8"]
    } else {
        &["encode", "decode", "encode_w32", "decode_w32"]
    };
    assert_eq!(skipped, expect_skipped, "{product}: {:?}", ze.limits());
    for k in xehe::kernels::all() {
        // NEO 22.43 (Debian's) aborts the process ("Abort was called at 751 line in file
        // level_zero/core/source/kernel/kernel_imp.cpp") creating a dg2 kernel that takes a
        // __local argument in AUB mode; its OpenCL side creates the same kernels
        // (tests/intel_neo_opencl.rs), and pvc's Level Zero side does too.
        match ze.create_kernel(k) {
            Err(RuntimeError::Unavailable { .. }) if skipped.contains(&k.module.name) => {}
            r => r.unwrap_or_else(|e| panic!("{}: {e}", k.name)),
        }
    }
    // A kernel on a buffer of the other tile is refused before anything is enqueued.
    let b = ze.alloc(1, 64).unwrap();
    // SAFETY: work-item i copies word i of a 64-word buffer; the tile check refuses it anyway.
    let e = unsafe {
        ze.launch(
            0,
            &xehe::kernels::copy_u64::COPY_U64,
            &xehe::runtime::NdRange::new([64, 1, 1]),
            &[
                xehe::runtime::KernelArg::Buffer(&b),
                xehe::runtime::KernelArg::Buffer(&b),
            ],
        )
    }
    .unwrap_err();
    assert!(matches!(e, RuntimeError::WrongTile { .. }), "{e}");
    ze.free(b).unwrap();
    // Built from SPIR-V on tile 0; tile 1 takes tile 0's native binary from the kernel cache
    // where the tiles share a key (NEO 22.43 gives both sub-devices one UUID), else builds too.
    assert_eq!(
        ze.module_source(0, "copy_u64").unwrap(),
        Some(ModuleSource::SpirV)
    );
    assert!(matches!(
        ze.module_source(1, "copy_u64").unwrap(),
        Some(ModuleSource::SpirV | ModuleSource::Cached)
    ));
    a_second_backend_takes_every_module_from_the_kernel_cache(&ze, &cache_dir, &skipped);
    let held = copies_go_through_host_staging(&ze);
    recordings_are_regular_command_lists(&ze);
    kernels_keep_their_arrays_in_registers(&ze, &product, &skipped);
    let g = ze
        .suggested_group_size(0, &xehe::kernels::copy_u64::COPY_U64, [4096, 1, 1])
        .unwrap();
    assert!(
        g.iter().all(|&s| s > 0) && 4096 % g[0] == 0 && g[1] == 1 && g[2] == 1,
        "{g:?}"
    );
    assert!(g[0] as usize <= ze.limits().max_work_group_size, "{g:?}");
    drop(ze);
    // The events handed out outlive the backend: their pools, then the context, go last.
    drop(held);
    assert_eq!(
        xehe::runtime::level_zero::destroy_failures(),
        Vec::<String>::new()
    );
    native_binaries_load_before_the_spirv(&product);
    let _ = std::fs::remove_file(aub);
}

/// The kernel cache (`XEHE_KERNEL_CACHE`) in Intel's driver: the first backend built every
/// module from SPIR-V on both tiles and stored `zeModuleGetNativeBinary`'s binaries; a second
/// backend creates every module from those (`ZE_MODULE_FORMAT_NATIVE`) and builds none, and
/// every kernel has the argument count and footprint it had from SPIR-V. A damaged entry is
/// built again and replaced. What the cached kernels compute is not checked (nothing executes
/// here); that it saves time needs an Intel GPU.
fn a_second_backend_takes_every_module_from_the_kernel_cache(
    first: &LevelZeroBackend,
    dir: &std::path::Path,
    skipped: &[&str],
) {
    let modules = 2 * (xehe::kernels::MODULES.len() - skipped.len());
    let s = first.kernel_cache_stats();
    assert_eq!(first.kernel_cache_dir(), Some(dir));
    // Tiles that share a key (the same UUID) share an entry: the second tile loads the first's.
    assert_eq!((s.built + s.loaded, s.rejected), (modules, 0), "{s:?}");
    assert_eq!(s.stored, s.built, "{s:?}");
    let entries = || {
        let mut v: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        v.sort();
        v
    };
    let stored = entries();
    assert_eq!(stored.len(), s.stored, "{stored:?}");
    let warm = LevelZeroBackend::open(&LevelZeroOptions::default()).unwrap();
    assert_eq!(warm.build_all().unwrap(), skipped);
    let s = warm.kernel_cache_stats();
    assert_eq!(
        (s.loaded, s.built, s.stored, s.rejected),
        (modules, 0, 0, 0),
        "{s:?}"
    );
    for k in xehe::kernels::all() {
        if skipped.contains(&k.module.name) {
            continue;
        }
        warm.create_kernel(k)
            .unwrap_or_else(|e| panic!("{}: {e}", k.name));
        for tile in 0..2 {
            assert_eq!(
                warm.module_source(tile, k.module.name).unwrap(),
                Some(ModuleSource::Cached)
            );
            assert_eq!(
                warm.kernel_footprint(tile, k).unwrap(),
                first.kernel_footprint(tile, k).unwrap(),
                "{} on tile {tile}",
                k.name
            );
        }
    }
    drop(warm);
    assert_eq!(
        entries(),
        stored,
        "nothing written by a backend that built nothing"
    );
    // One entry with a bit flipped in its middle: that module is built again and its entry
    // replaced; the others load.
    let original = std::fs::read(&stored[0]).unwrap();
    let mut damaged = original.clone();
    damaged[original.len() / 2] ^= 0x04;
    std::fs::write(&stored[0], damaged).unwrap();
    let again = LevelZeroBackend::open(&LevelZeroOptions::default()).unwrap();
    again.build_all().unwrap();
    let s = again.kernel_cache_stats();
    assert_eq!(
        (s.loaded, s.built, s.stored, s.rejected),
        (modules - 1, 1, 1, 1),
        "{s:?}"
    );
    assert_eq!(std::fs::read(&stored[0]).unwrap().len(), original.len());
}

/// Writes and reads on both tiles, whole and at an offset, through host staging memory that is
/// allocated once and then reused; returns the write events, still held. What the copies move
/// is not checked: NEO in AUB mode performs copies of pageable memory on the CPU, but those of
/// host memory from zeMemAllocHost are left to the GPU, which does not run here.
fn copies_go_through_host_staging(ze: &LevelZeroBackend) -> Vec<xehe::runtime::Event> {
    let data: Vec<u64> = (0..1000u64).collect();
    let mut held = Vec::new();
    for tile in 0..2 {
        let b = ze.alloc(tile, data.len()).unwrap();
        held.push(ze.write(&b, 0, &data).unwrap());
        let mut back = vec![0u64; data.len()];
        ze.read(&b, 0, &mut back).unwrap();
        held.push(ze.write(&b, 500, &data[..10]).unwrap());
        let mut part = vec![0u64; 20];
        ze.read(&b, 495, &mut part).unwrap();
        ze.free(b).unwrap();
    }
    let s = ze.staging_stats();
    // The first write's buffer is still pending when the first read needs one; every later
    // copy reuses those two.
    assert_eq!((s.device_allocations, s.reuses), (2, 6), "{s:?}");
    held
}

/// A recording is a regular command list (appended, closed, then executed on the tile's command
/// queue between the immediate list's commands), checked call by call by the loader's
/// validation layer; what the launches compute is not checked (kernels do not run here).
/// Copies, a second recording and replays are refused while a tile records, with typed errors.
fn recordings_are_regular_command_lists(ze: &LevelZeroBackend) {
    use xehe::runtime::{KernelArg, NdRange};
    let copy = &xehe::kernels::copy_u64::COPY_U64;
    let (a, b) = (ze.alloc(1, 4096).unwrap(), ze.alloc(1, 4096).unwrap());
    // SAFETY: work-item i copies word i between two 4096-word buffers, which stay allocated
    // until after the last replay below.
    let launch = |from, to| unsafe {
        ze.launch(
            1,
            copy,
            &NdRange::new([4096, 1, 1]),
            &[KernelArg::Buffer(from), KernelArg::Buffer(to)],
        )
    };
    // SAFETY: the recordings' buffers `a` and `b` are freed after the last replay.
    let replay = |r: &xehe::runtime::Recording| unsafe { ze.replay(r) };
    let first = {
        ze.begin_recording(1).unwrap();
        launch(&a, &b).unwrap();
        ze.end_recording(1).unwrap()
    };
    ze.begin_recording(1).unwrap();
    launch(&a, &b).unwrap();
    launch(&b, &a).unwrap();
    for e in [
        ze.begin_recording(1).unwrap_err(),
        ze.write(&a, 0, &[1, 2, 3]).unwrap_err(),
        replay(&first).unwrap_err(),
    ] {
        assert!(matches!(e, RuntimeError::Recording(_)), "{e}");
    }
    let rec = ze.end_recording(1).unwrap();
    assert!(rec.is_native() && first.is_native(), "{rec:?}");
    assert_eq!((rec.tile(), rec.launches(), first.launches()), (1, 2, 1));
    let e = ze.end_recording(1).unwrap_err();
    assert!(matches!(e, RuntimeError::Recording(_)), "{e}");
    // Replays of two lists interleaved, each after the other's (the gates and the immediate
    // list's barriers order them), and a replay of a list whose Recording is dropped at once.
    for r in [&rec, &first, &rec, &rec] {
        replay(r).unwrap();
    }
    drop(first);
    ze.wait(1).unwrap();
    replay(&rec).unwrap();
    drop(rec);
    ze.free(a).unwrap();
    ze.free(b).unwrap();
}

/// No kernel keeps an array in private memory (which also made NEO 22.43 abort creating the
/// `__local` kernels on dg2); register spills are listed, and the large register file
/// (pvc) leaves fewer.
fn kernels_keep_their_arrays_in_registers(ze: &LevelZeroBackend, product: &str, skipped: &[&str]) {
    let large = (product == "pvc").then(|| {
        LevelZeroBackend::open(&LevelZeroOptions {
            large_grf: true,
            ..Default::default()
        })
        .unwrap()
    });
    let (mut spilled, mut spilled_large) = (0u64, 0u64);
    for k in xehe::kernels::all() {
        if skipped.contains(&k.module.name) {
            continue;
        }
        let f = ze.kernel_footprint(0, k).unwrap();
        assert_eq!(f.private_bytes, 0, "{product} {}: {f:?}", k.name);
        let l = large.as_ref().map(|b| b.kernel_footprint(0, k).unwrap());
        if f.spill_bytes > 0 || l.is_some_and(|l| l.spill_bytes > 0) {
            eprintln!(
                "{product} {}: {} bytes spilled per thread ({} with the large register file)",
                k.name,
                f.spill_bytes,
                l.map_or("-".into(), |l| l.spill_bytes.to_string())
            );
        }
        spilled += u64::from(f.spill_bytes);
        spilled_large += l.map_or(0, |l| u64::from(l.spill_bytes));
    }
    if large.is_some() && spilled > 0 {
        assert!(spilled_large < spilled, "{spilled_large} >= {spilled}");
    }
    // The build flags are part of the kernel cache's key: the large register file's builds
    // never take the default builds' binaries, which the cache holds by now.
    if let Some(large) = &large {
        let s = large.kernel_cache_stats();
        assert!(s.loaded == 0 && s.built > 0, "{s:?}");
    }
}
