//! Intel's own OpenCL driver (NEO, Debian's intel-opencl-icd) in AUB-capture mode, which shows a
//! Data Center GPU Max (pvc) or Arc (dg2) without the hardware (docs/level-zero.md, "Intel's
//! driver in AUB mode"): the device is found, splits into its 2 tiles by affinity domain, takes
//! SPIR-V, and every shipped module builds from SPIR-V with every kernel created. Kernels do not
//! execute in this mode, so nothing here waits on a kernel.
//!
//! Its own test binary because NEO reads the debug keys that put it in AUB mode when the driver
//! loads, so they must be set before the process's first OpenCL call, and every OpenCL test
//! after that would get an emulated GPU that never executes a kernel. One test per product,
//! each in its own process: `cargo test --test intel_neo_opencl` runs pvc; the dg2 case runs
//! the binary again.

mod common;

use xehe::runtime::opencl::discover::{root_devices, KernelFormat};
use xehe::runtime::opencl::{OpenClBackend, OpenClOptions};
use xehe::runtime::Backend;
use xehe::runtime::RuntimeError;

fn neo_device() -> Option<usize> {
    match root_devices() {
        Ok(devs) => devs
            .iter()
            .find(|d| d.platform.contains("Intel") && d.device_type == "GPU")
            .map(|d| d.index),
        Err(_) => None,
    }
}

#[test]
fn neo_emulated_gpu_has_two_tiles_and_builds_every_module_from_spirv() {
    let product = std::env::var("XEHE_NEO_PRODUCT").unwrap_or_else(|_| "pvc".into());
    let aub = common::neo_env(&product, &[]);
    let Some(device) = neo_device() else {
        assert!(
            !common::in_ci(),
            "CI=true: Intel's OpenCL driver (intel-opencl-icd) must show an emulated {product}"
        );
        common::skip(
            "neo OpenCL",
            "no Intel OpenCL platform (install intel-opencl-icd)",
        );
        return;
    };
    let cl = OpenClBackend::open(&OpenClOptions {
        device,
        tiles: None,
        kernel_format: None,
        profile: false,
    })
    .unwrap();
    assert_eq!(cl.kernel_format(), KernelFormat::SpirV);
    assert!(cl
        .info()
        .il_version
        .as_deref()
        .unwrap_or("")
        .contains("SPIR-V"));
    assert_eq!(
        cl.tile_count(),
        2,
        "{product} with CreateMultipleSubDevices=2 has 2 tiles"
    );
    // pvc has no SIMD8, so the SIMD(8,8) module is left out there (and refused with a typed
    // error); dg2 runs all three sub-group sizes, but has no double precision (device encoding and
    // decoding, in both words).
    let skipped = cl.build_all().unwrap();
    let expect_skipped: &[&str] = if product == "pvc" {
        &["ntt_subgroup8"]
    } else {
        &["encode", "decode", "encode_w32", "decode_w32"]
    };
    assert_eq!(
        skipped,
        expect_skipped,
        "{product}: {:?}",
        cl.info().shuffles
    );
    for k in xehe::kernels::all() {
        match cl.create_kernel(k) {
            Err(RuntimeError::Unavailable { .. }) if skipped.contains(&k.module.name) => {}
            r => r.unwrap_or_else(|e| panic!("{}: {e}", k.name)),
        }
    }
    drop(cl);
    let _ = std::fs::remove_file(aub);
}
