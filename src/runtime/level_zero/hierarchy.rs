//! Which devices that Level Zero lists make one GPU. Under the COMPOSITE hierarchy a
//! Data Center GPU Max is one root device whose sub-devices are its tiles; under FLAT (the
//! default of recent drivers on Max, `ZE_FLAT_DEVICE_HIERARCHY`) `zeDeviceGet` lists the tiles
//! themselves, each flagged as a sub-device and with no sub-devices of its own. Opening one of
//! them would use half the GPU, so tiles listed that way are grouped back into their GPU: by PCI
//! address where the driver reports one, else by the device UUID that the tiles of one GPU
//! share on drivers without PCI properties (NEO 22.43 emulating a GPU in AUB mode).
//!
//! ```text
//! COMPOSITE   zeDeviceGet -> [GPU 0]           zeDeviceGetSubDevices(GPU 0) -> [tile 0, tile 1]
//! FLAT        zeDeviceGet -> [tile 0, tile 1]  zeDeviceGetSubDevices(tile) -> []
//! ```

/// How a GPU's tiles reached xehe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Hierarchy {
    /// A root device, with its sub-devices (if any) as tiles.
    Composite,
    /// Tiles listed as devices, grouped back into their GPU.
    Flat,
}

/// What grouping needs to know of one device that `zeDeviceGet` listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Listed {
    pub driver: usize,
    pub is_gpu: bool,
    /// `ZE_DEVICE_PROPERTY_FLAG_SUBDEVICE`.
    pub is_sub_device: bool,
    pub sub_device_id: u32,
    pub uuid: [u8; 16],
    /// Domain, bus, device, function; None where the driver does not say.
    pub pci: Option<[u32; 4]>,
}

/// One GPU: indices into the listed devices (its tiles in sub-device order under FLAT, the
/// root device alone under COMPOSITE).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Gpu {
    pub members: Vec<usize>,
    pub hierarchy: Hierarchy,
}

#[derive(PartialEq, Eq)]
enum Key {
    Pci(usize, [u32; 4]),
    Uuid(usize, [u8; 16]),
}

/// The GPUs among `listed`, in the order their first device was listed. Devices of other types
/// (an NPU that another part of the process initialised) are left out. Tiles are grouped only
/// when their key and their distinct sub-device ids say so; anything ambiguous stays a GPU of
/// its own, which can only under-use a GPU, never merge two.
pub(crate) fn group(listed: &[Listed]) -> Vec<Gpu> {
    let key = |d: &Listed| match d.pci {
        Some(p) => Key::Pci(d.driver, p),
        None => Key::Uuid(d.driver, d.uuid),
    };
    let mut gpus: Vec<Gpu> = Vec::new();
    let mut grouped = vec![false; listed.len()];
    for (i, d) in listed.iter().enumerate() {
        if !d.is_gpu || grouped[i] {
            continue;
        }
        if !d.is_sub_device {
            grouped[i] = true;
            gpus.push(Gpu {
                members: vec![i],
                hierarchy: Hierarchy::Composite,
            });
            continue;
        }
        let k = key(d);
        let mut members: Vec<usize> = (i..listed.len())
            .filter(|&j| {
                let e = &listed[j];
                e.is_gpu && e.is_sub_device && !grouped[j] && key(e) == k
            })
            .collect();
        members.sort_by_key(|&j| listed[j].sub_device_id);
        let distinct = members
            .windows(2)
            .all(|w| listed[w[0]].sub_device_id != listed[w[1]].sub_device_id);
        if !distinct {
            members = vec![i];
        }
        for &j in &members {
            grouped[j] = true;
        }
        gpus.push(Gpu {
            members,
            hierarchy: Hierarchy::Flat,
        });
    }
    gpus
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dev(sub: Option<u32>, uuid: u8, pci: Option<u32>) -> Listed {
        let mut id = [0u8; 16];
        id[8] = uuid;
        Listed {
            driver: 0,
            is_gpu: true,
            is_sub_device: sub.is_some(),
            sub_device_id: sub.unwrap_or(0),
            uuid: id,
            pci: pci.map(|bus| [0, bus, 0, 0]),
        }
    }

    #[test]
    fn composite_devices_stay_as_listed() {
        let g = group(&[dev(None, 0, Some(3)), dev(None, 1, Some(4))]);
        assert_eq!(g.len(), 2);
        assert_eq!(g[1].members, vec![1]);
        assert_eq!(g[1].hierarchy, Hierarchy::Composite);
    }

    #[test]
    fn flat_tiles_group_by_pci_address_in_tile_order() {
        // Two 2-tile GPUs, listed interleaved and with their tiles out of order.
        let g = group(&[
            dev(Some(1), 0, Some(3)),
            dev(Some(0), 1, Some(4)),
            dev(Some(0), 2, Some(3)),
            dev(Some(1), 3, Some(4)),
        ]);
        assert_eq!(
            g,
            vec![
                Gpu {
                    members: vec![2, 0],
                    hierarchy: Hierarchy::Flat
                },
                Gpu {
                    members: vec![1, 3],
                    hierarchy: Hierarchy::Flat
                },
            ]
        );
    }

    #[test]
    fn without_pci_addresses_the_shared_uuid_groups() {
        let g = group(&[
            dev(Some(0), 0, None),
            dev(Some(1), 0, None),
            dev(Some(0), 1, None),
            dev(Some(1), 1, None),
        ]);
        let members: Vec<_> = g.iter().map(|g| g.members.clone()).collect();
        assert_eq!(members, vec![vec![0, 1], vec![2, 3]]);
    }

    #[test]
    fn ambiguous_tiles_are_never_merged() {
        // Same key, same tile id: two GPUs the driver cannot tell apart.
        let g = group(&[dev(Some(0), 0, None), dev(Some(0), 0, None)]);
        let members: Vec<_> = g.iter().map(|g| g.members.clone()).collect();
        assert_eq!(members, vec![vec![0], vec![1]]);
    }

    #[test]
    fn other_device_types_are_left_out() {
        let mut npu = dev(None, 9, Some(9));
        npu.is_gpu = false;
        let g = group(&[npu, dev(None, 0, Some(3))]);
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].members, vec![1]);
    }

    #[test]
    fn drivers_are_never_mixed() {
        let mut other = dev(Some(1), 0, Some(3));
        other.driver = 1;
        let g = group(&[dev(Some(0), 0, Some(3)), other]);
        assert_eq!(g.len(), 2);
    }
}
