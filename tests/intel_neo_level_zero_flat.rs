//! The FLAT device hierarchy on Intel's Level Zero driver in AUB mode (docs/level-zero.md, "Intel's
//! driver in AUB mode"). Recent drivers list each tile of a Data Center GPU Max as a device of its
//! own; Debian's NEO 22.43 predates `ZE_FLAT_DEVICE_HIERARCHY` but lists tiles the same way under
//! its debug key `ReturnSubDevicesAsApiDevices` (each flagged as a sub-device, no sub-devices of
//! its own, the GPU's UUID, no PCI address in AUB mode). Two emulated 2-tile GPUs here: xehe must
//! show two GPUs of two tiles each, and open either with both tiles. The COMPOSITE hierarchy is
//! tests/intel_neo_level_zero.rs.
//!
//! Its own test binary because NEO reads its debug keys (AUB mode, two root devices, tiles
//! listed as devices) when the driver loads, so they must be set before the process's first
//! Level Zero call, and they differ from tests/intel_neo_level_zero.rs's.

mod common;

use xehe::runtime::level_zero::hierarchy::Hierarchy;
use xehe::runtime::level_zero::{discover, LevelZeroBackend, LevelZeroOptions};
use xehe::runtime::{Backend, RuntimeError};

#[test]
fn tiles_listed_as_devices_are_grouped_into_their_gpus() {
    let aub = common::neo_env(
        "pvc",
        &[
            ("OverrideMaxWorkgroupSize", "1024"),
            ("CreateMultipleRootDevices", "2"),
            ("ReturnSubDevicesAsApiDevices", "1"),
        ],
    );
    let gpus = match discover::root_devices() {
        Ok(r) if !r.is_empty() => r,
        other => {
            assert!(
                !common::in_ci(),
                "CI=true: Intel's Level Zero driver must show an emulated pvc: {other:?}"
            );
            common::skip(
                "neo Level Zero FLAT",
                &format!("no Level Zero GPU ({other:?}); install libze1 and intel-opencl-icd"),
            );
            return;
        }
    };
    assert_eq!(gpus.len(), 2, "{gpus:?}");
    for (i, g) in gpus.iter().enumerate() {
        assert_eq!(
            (g.index, g.hierarchy, g.sub_devices),
            (i, Hierarchy::Flat, 2),
            "{g:?}"
        );
        let tiles = discover::tile_devices(g).unwrap();
        assert_eq!(tiles.len(), 2);
    }
    for device in 0..2 {
        let ze = LevelZeroBackend::open(&LevelZeroOptions {
            device,
            ..Default::default()
        })
        .unwrap();
        assert_eq!(
            ze.tile_count(),
            2,
            "GPU {device}: both tiles, not half the GPU"
        );
        for tile in 0..2 {
            let b = ze.alloc(tile, 64).unwrap();
            ze.write(&b, 0, &[tile as u64; 64]).unwrap();
            let mut back = vec![0; 64];
            ze.read(&b, 0, &mut back).unwrap();
            ze.free(b).unwrap();
        }
        ze.create_kernel(&xehe::kernels::copy_u64::COPY_U64)
            .unwrap();
    }
    let one = LevelZeroBackend::open(&LevelZeroOptions {
        device: 1,
        tiles: Some(1),
        ..Default::default()
    })
    .unwrap();
    assert_eq!(one.tile_count(), 1);
    drop(one);
    let e = LevelZeroBackend::open(&LevelZeroOptions {
        tiles: Some(3),
        ..Default::default()
    })
    .err()
    .expect("a 2-tile GPU refuses 3 tiles");
    assert!(
        matches!(&e, RuntimeError::TilePartition { reason, .. } if reason.contains("FLAT")),
        "{e}"
    );
    assert_eq!(
        xehe::runtime::level_zero::destroy_failures(),
        Vec::<String>::new()
    );
    let _ = std::fs::remove_file(aub);
}
