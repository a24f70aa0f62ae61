//! Intel's own Level Zero driver (NEO, Debian's intel-opencl-icd, through libze1's loader) in
//! AUB-capture mode, which shows a Data Center GPU Max (pvc) or Arc (dg2) without the hardware
//! (DESIGN.md §4): the Level Zero backend finds the device and its 2 tiles, creates one
//! immediate command list and event pool per tile, allocates on each tile, builds every shipped
//! module from SPIR-V and creates every kernel with its declared argument count. Kernels do not
//! execute in this mode, so nothing here launches, copies or waits.
//!
//! One product per process (the NEO debug keys are read when the driver loads): `cargo test
//! --test intel_neo_level_zero` runs pvc; `XEHE_NEO_PRODUCT=dg2` runs the binary again for Arc.

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
    let aub = common::neo_env(&product, &[("OverrideMaxWorkgroupSize", "1024")]);
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
        let b = ze.alloc(tile, 1 << 16).unwrap();
        ze.free(b).unwrap();
    }
    assert_eq!(ze.memcache_stats(1).unwrap().device_allocations, 1);
    let skipped = ze.build_all().unwrap();
    // pvc has no SIMD8: the SIMD(8,8) module is left out there and refused with a typed error.
    let expect_skipped: &[&str] = if product == "pvc" {
        &["ntt_subgroup8"]
    } else {
        &[]
    };
    assert_eq!(skipped, expect_skipped, "{product}: {:?}", ze.limits());
    for k in xehe::kernels::ALL {
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
    let e = ze
        .launch(
            0,
            &xehe::kernels::copy_u64::COPY_U64,
            &xehe::runtime::NdRange::new([64, 1, 1]),
            &[
                xehe::runtime::KernelArg::Buffer(&b),
                xehe::runtime::KernelArg::Buffer(&b),
            ],
        )
        .unwrap_err();
    assert!(matches!(e, RuntimeError::WrongTile { .. }), "{e}");
    ze.free(b).unwrap();
    for tile in 0..2 {
        assert_eq!(
            ze.module_source(tile, "copy_u64").unwrap(),
            Some(ModuleSource::SpirV)
        );
    }
    drop(ze);
    native_binaries_load_before_the_spirv(&product);
    let _ = std::fs::remove_file(aub);
}
