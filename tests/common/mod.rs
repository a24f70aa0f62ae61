//! Helpers shared by the device tests: opening backends, and the policy for a missing OpenCL
//! runtime (skip with a message on a developer machine; fail under CI=true, where PoCL is
//! installed by ci/install-deps.sh).
#![allow(dead_code)]

use std::sync::Arc;
use xehe::runtime::opencl::{OpenClBackend, OpenClOptions};
use xehe::runtime::sim::{SimBackend, SimOptions};
use xehe::runtime::{Backend, RuntimeError};

pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// The OpenCL device the tests use: `XEHE_DEVICE` (default 0, GPUs first).
pub fn opencl_device() -> usize {
    std::env::var("XEHE_DEVICE")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(0)
}

/// Opens the OpenCL test device with `tiles`, or None (with a message) where that cannot be
/// done outside CI: no OpenCL at all, or a device that cannot be split (NVIDIA has no
/// sub-devices). Under CI=true both are failures.
pub fn opencl(tiles: Option<usize>) -> Option<Arc<OpenClBackend>> {
    let opts = OpenClOptions {
        device: opencl_device(),
        tiles,
        kernel_format: None,
    };
    match OpenClBackend::open(&opts) {
        Ok(b) => Some(Arc::new(b)),
        Err(e @ (RuntimeError::NoOpenCl(_) | RuntimeError::TilePartition { .. })) if !in_ci() => {
            eprintln!("skipping OpenCL test: {e}");
            None
        }
        Err(e) => panic!("the OpenCL backend must open here (CI=true): {e}"),
    }
}

pub fn sim(tiles: usize, race_hunting: bool) -> Arc<dyn Backend> {
    Arc::new(
        SimBackend::new(SimOptions {
            tiles,
            race_hunting,
            ..Default::default()
        })
        .expect("cpu-sim opens"),
    )
}

/// Intel's driver (NEO) in AUB-capture mode emulating `product` (pvc, dg2) with 2 tiles, plus
/// `extra` debug keys; returns the capture file, kept out of the working directory. Must run
/// before the process's first OpenCL or Level Zero call (the keys are read when the driver
/// loads), so each file using it has one test.
pub fn neo_env(product: &str, extra: &[(&str, &str)]) -> std::path::PathBuf {
    let aub = std::env::temp_dir().join(format!("xehe-neo-{product}-{}.aub", std::process::id()));
    let base = [
        ("NEOReadDebugKeys", "1"),
        ("SetCommandStreamReceiver", "1"),
        ("ProductFamilyOverride", product),
        ("CreateMultipleSubDevices", "2"),
        ("AUBDumpCaptureFileName", aub.to_str().unwrap()),
    ];
    for (k, v) in base.iter().chain(extra) {
        std::env::set_var(k, v);
    }
    aub
}

/// A zstd SEAL file with its body uncompressed: what SEAL writes with compr_mode_type::none.
pub fn seal_uncompressed(seal: &[u8]) -> Vec<u8> {
    assert_eq!(seal[5], 2, "the fixtures are zstd");
    let body = zstd::decode_all(&seal[16..]).unwrap();
    let mut out = seal[..16].to_vec();
    out[5] = 0;
    out[8..16].copy_from_slice(&((16 + body.len()) as u64).to_le_bytes());
    out.extend(body);
    out
}
