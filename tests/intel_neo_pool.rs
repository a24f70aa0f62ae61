//! `XEHE_DEVICES=all` on Intel's driver in AUB mode (docs/level-zero.md): the emulated Data
//! Center GPU Max shows through Level Zero and through OpenCL with one UUID, and the device pool
//! opens it once, through Level Zero, with its two tiles, beside the process's other OpenCL
//! devices. Device opening, tiles and queues are real there; no kernel runs (AUB mode).
//!
//! Its own test binary because NEO reads its debug keys when the driver loads, before the
//! process's first OpenCL or Level Zero call.

mod common;

use xehe::runtime::level_zero::discover as ze_discover;
use xehe::runtime::opencl::discover as cl_discover;
use xehe::runtime::pool::{DevicePool, DeviceSelection, PoolOptions};
use xehe::runtime::sim::SimOptions;
use xehe::runtime::BackendKind;

#[test]
fn a_gpu_seen_through_level_zero_and_opencl_is_opened_once() {
    let aub = common::neo_env("pvc", &[("OverrideMaxWorkgroupSize", "1024")]);
    let gpus = match ze_discover::root_devices() {
        Ok(r) if !r.is_empty() => r,
        other => {
            assert!(
                !common::in_ci(),
                "CI=true: Intel's Level Zero driver must show an emulated pvc: {other:?}"
            );
            common::skip(
                "neo device pool",
                &format!("no Level Zero GPU ({other:?}); install libze1 and intel-opencl-icd"),
            );
            return;
        }
    };
    assert_eq!(gpus.len(), 1, "{gpus:?}");
    let cl = cl_discover::root_devices().unwrap();
    let intel_gpu = cl
        .iter()
        .find(|d| d.device_type == "GPU" && d.platform.contains("Intel"))
        .expect("NEO's OpenCL shows the emulated GPU too");
    assert!(intel_gpu.uuid.is_some(), "NEO reports cl_khr_device_uuid");
    let pool = DevicePool::open(&PoolOptions {
        devices: DeviceSelection::All,
        tiles: None,
        kernel_format: None,
        sim: SimOptions::default(),
        profile: false,
    })
    .unwrap();
    let ids: Vec<String> = pool.devices().iter().map(|d| d.id.to_string()).collect();
    assert_eq!(ids[0], "level-zero:0", "{ids:?}");
    assert!(
        !ids.contains(&format!("opencl:{}", intel_gpu.index)),
        "the GPU is opened once: {ids:?}"
    );
    // Every other OpenCL device is there (PoCL's CPU device where it is installed).
    let others = cl.iter().filter(|d| d.index != intel_gpu.index).count();
    let opened_cl = pool
        .devices()
        .iter()
        .filter(|d| d.id.backend == BackendKind::OpenCl)
        .count();
    assert_eq!(opened_cl, others, "{ids:?}");
    assert_eq!(pool.devices()[0].backend.tile_count(), 2);
    // all-gpu: the GPU alone, once.
    let gpu_pool = DevicePool::open(&PoolOptions {
        devices: DeviceSelection::AllGpu,
        tiles: None,
        kernel_format: None,
        sim: SimOptions::default(),
        profile: false,
    })
    .unwrap();
    let ids: Vec<String> = gpu_pool
        .devices()
        .iter()
        .map(|d| d.id.to_string())
        .collect();
    assert_eq!(ids, ["level-zero:0"]);
    assert_eq!(gpu_pool.tiles().len(), 2);
    let _ = std::fs::remove_file(aub);
}
