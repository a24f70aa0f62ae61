//! Finding Level Zero: the loader (opened at run time), its drivers, their GPU root devices and
//! each device's sub-devices (tiles), for [`super::LevelZeroBackend`] and `xehe devices`.

use super::hierarchy::{self, Hierarchy, Listed};
use crate::runtime::error::{DriverApi, RuntimeError, RuntimeResult};
use crate::runtime::toolkit::DriverHandle;
use level_zero_sys as ze;
use std::sync::{Arc, OnceLock};

/// The opened loader. Level Zero's entry points are thread-safe except where the spec says
/// otherwise (a kernel's arguments, a command list's appends: guarded by the backend).
pub struct Ze(pub ze::ZeLoader);
unsafe impl Send for Ze {}
unsafe impl Sync for Ze {}

/// The first entry point xehe calls that the loader lacks (bindgen's loader keeps each as a
/// `Result` field).
macro_rules! first_missing {
    ($l:expr, $($f:ident),* $(,)?) => {
        [$((stringify!($f), $l.$f.is_ok())),*].into_iter().find(|(_, ok)| !ok).map(|(n, _)| n)
    };
}

fn missing(l: &ze::ZeLoader) -> Option<&'static str> {
    first_missing!(
        l,
        zeInit,
        zeDriverGet,
        zeDeviceGet,
        zeDeviceGetSubDevices,
        zeDeviceGetProperties,
        zeDeviceGetComputeProperties,
        zeDeviceGetCommandQueueGroupProperties,
        zeContextCreate,
        zeContextDestroy,
        zeCommandListCreateImmediate,
        zeCommandListDestroy,
        zeCommandListAppendLaunchKernel,
        zeCommandListAppendMemoryCopy,
        zeMemAllocDevice,
        zeMemFree,
        zeModuleCreate,
        zeModuleDestroy,
        zeModuleBuildLogGetString,
        zeModuleBuildLogDestroy,
        zeKernelCreate,
        zeKernelDestroy,
        zeKernelGetProperties,
        zeKernelSetGroupSize,
        zeKernelSetArgumentValue,
        zeEventPoolCreate,
        zeEventPoolDestroy,
        zeEventCreate,
        zeEventDestroy,
        zeEventHostSynchronize,
        zeEventHostReset,
        zeEventQueryKernelTimestamp,
    )
}

/// The loader, opened and initialised once per process (zeInit for GPUs).
pub fn loader() -> RuntimeResult<Arc<Ze>> {
    static LOADER: OnceLock<Result<Arc<Ze>, String>> = OnceLock::new();
    LOADER
        .get_or_init(|| {
            let l = ze::load().map_err(|e| e.to_string())?;
            if let Some(name) = missing(&l) {
                return Err(format!("the Level Zero loader has no {name}"));
            }
            let r = unsafe { l.zeInit(ze::ZE_INIT_FLAG_GPU_ONLY) };
            if r != ze::ZE_RESULT_SUCCESS {
                return Err(format!("zeInit answered {}", result_name(r)));
            }
            Ok(Arc::new(Ze(l)))
        })
        .clone()
        .map_err(RuntimeError::NoLevelZero)
}

/// A Level Zero result code's name.
pub fn result_name(r: ze::ze_result_t) -> String {
    let known: &[(ze::ze_result_t, &str)] = &[
        (ze::ZE_RESULT_SUCCESS, "ZE_RESULT_SUCCESS"),
        (ze::ZE_RESULT_NOT_READY, "ZE_RESULT_NOT_READY"),
        (
            ze::ZE_RESULT_ERROR_DEVICE_LOST,
            "ZE_RESULT_ERROR_DEVICE_LOST",
        ),
        (
            ze::ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY,
            "ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY",
        ),
        (
            ze::ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY,
            "ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY",
        ),
        (
            ze::ZE_RESULT_ERROR_MODULE_BUILD_FAILURE,
            "ZE_RESULT_ERROR_MODULE_BUILD_FAILURE",
        ),
        (
            ze::ZE_RESULT_ERROR_MODULE_LINK_FAILURE,
            "ZE_RESULT_ERROR_MODULE_LINK_FAILURE",
        ),
        (
            ze::ZE_RESULT_ERROR_UNINITIALIZED,
            "ZE_RESULT_ERROR_UNINITIALIZED",
        ),
        (
            ze::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
            "ZE_RESULT_ERROR_UNSUPPORTED_FEATURE",
        ),
        (
            ze::ZE_RESULT_ERROR_INVALID_ARGUMENT,
            "ZE_RESULT_ERROR_INVALID_ARGUMENT",
        ),
        (
            ze::ZE_RESULT_ERROR_INVALID_KERNEL_NAME,
            "ZE_RESULT_ERROR_INVALID_KERNEL_NAME",
        ),
        (
            ze::ZE_RESULT_ERROR_INVALID_MODULE_UNLINKED,
            "ZE_RESULT_ERROR_INVALID_MODULE_UNLINKED",
        ),
        (
            ze::ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION,
            "ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION",
        ),
        (
            ze::ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE,
            "ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE",
        ),
        (
            ze::ZE_RESULT_ERROR_INVALID_NATIVE_BINARY,
            "ZE_RESULT_ERROR_INVALID_NATIVE_BINARY",
        ),
        (ze::ZE_RESULT_ERROR_UNKNOWN, "ZE_RESULT_ERROR_UNKNOWN"),
    ];
    known
        .iter()
        .find(|(c, _)| *c == r)
        .map_or_else(|| format!("0x{r:x}"), |(_, n)| n.to_string())
}

/// Turns a result code into `Ok` or [`RuntimeError::Driver`].
pub(crate) fn check(call: &'static str, r: ze::ze_result_t) -> RuntimeResult<()> {
    if r == ze::ZE_RESULT_SUCCESS {
        Ok(())
    } else {
        Err(RuntimeError::Driver {
            api: DriverApi::LevelZero,
            call,
            code: r.into(),
            name: result_name(r),
        })
    }
}

/// More handles than any count-then-fill query has a reason to return; a larger count is a
/// driver fault, refused before it becomes an allocation.
pub(crate) const MAX_HANDLES: u32 = 4096;

/// Handles returned by a count-then-fill query. The second call may report a different count
/// (devices can appear between the calls): only the handles that fit the array, and that the
/// driver says it wrote, are kept.
pub(crate) fn list<H>(
    call: &'static str,
    f: impl Fn(*mut u32, *mut *mut H) -> ze::ze_result_t,
) -> RuntimeResult<Vec<*mut H>> {
    let mut count = 0u32;
    check(call, f(&mut count, std::ptr::null_mut()))?;
    if count > MAX_HANDLES {
        return Err(RuntimeError::Driver {
            api: DriverApi::LevelZero,
            call,
            code: ze::ZE_RESULT_ERROR_UNKNOWN.into(),
            name: format!("a count of {count} handles (at most {MAX_HANDLES} expected)"),
        });
    }
    let capacity = count;
    let mut v: Vec<*mut H> = vec![std::ptr::null_mut(); capacity as usize];
    check(call, f(&mut count, v.as_mut_ptr()))?;
    v.truncate(count.min(capacity) as usize);
    // A driver that reported fewer than it filled leaves nulls behind: never hand those out.
    v.retain(|h| !h.is_null());
    Ok(v)
}

/// A GPU as xehe opens it: a root device with its sub-devices, or (FLAT hierarchy) the tiles
/// that the driver lists as devices, grouped back (see [`super::hierarchy`]).
#[derive(Clone, Debug, serde::Serialize)]
pub struct ZeDeviceInfo {
    /// Index among [`root_devices`].
    pub index: usize,
    pub driver: usize,
    pub name: String,
    pub vendor_id: u32,
    pub device_id: u32,
    /// Tiles: sub-devices (COMPOSITE) or the grouped devices (FLAT); 0 when the device is one
    /// tile.
    pub sub_devices: usize,
    /// How the tiles were found.
    pub hierarchy: Hierarchy,
    pub compute_units: usize,
    pub max_group_size: usize,
    pub local_mem_bytes: u64,
    pub sub_group_sizes: Vec<usize>,
    /// Nanoseconds per timestamp tick, from the timer frequency (API 1.2 properties; whole
    /// nanoseconds from the 1.0 properties where the driver has no 1.2).
    pub timer_ns: f64,
    /// Valid bits of kernel timestamps (they wrap after 2^bits ticks).
    pub kernel_timestamp_bits: u32,
    /// Double precision in kernels (`ZE_DEVICE_MODULE_FLAG_FP64`; Arc has none).
    pub fp64: bool,
    #[serde(skip)]
    pub(crate) handle: DriverHandle<ze::ze_device_handle_t>,
    #[serde(skip)]
    pub(crate) driver_handle: DriverHandle<ze::ze_driver_handle_t>,
    /// FLAT: the tiles, in sub-device order (`handle` is the first).
    #[serde(skip)]
    pub(crate) flat_tiles: Vec<ZeDeviceInfo>,
    #[serde(skip)]
    pub(crate) listed: Listed,
}

/// `d`'s properties; `driver` is its driver's index and handle.
fn device_info(
    l: &Ze,
    index: usize,
    driver: (usize, ze::ze_driver_handle_t),
    d: ze::ze_device_handle_t,
) -> RuntimeResult<ZeDeviceInfo> {
    let mut p = ze::ze_device_properties_t {
        stype: ze::ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES,
        ..Default::default()
    };
    check("zeDeviceGetProperties", unsafe {
        l.0.zeDeviceGetProperties(d, &mut p)
    })?;
    // The 1.2 properties give timerResolution in cycles per second (NEO: 12000048 on pvc, where
    // the 1.0 field says 83 for 83.33 ns).
    let mut p12 = ze::ze_device_properties_t {
        stype: ze::ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2,
        ..Default::default()
    };
    let r12 = unsafe { l.0.zeDeviceGetProperties(d, &mut p12) };
    let timer_ns = if r12 == ze::ZE_RESULT_SUCCESS && p12.timerResolution > 0 {
        1e9 / p12.timerResolution as f64
    } else {
        p.timerResolution.max(1) as f64
    };
    let mut c = ze::ze_device_compute_properties_t {
        stype: ze::ZE_STRUCTURE_TYPE_DEVICE_COMPUTE_PROPERTIES,
        ..Default::default()
    };
    check("zeDeviceGetComputeProperties", unsafe {
        l.0.zeDeviceGetComputeProperties(d, &mut c)
    })?;
    let subs = list("zeDeviceGetSubDevices", |n, v| unsafe {
        l.0.zeDeviceGetSubDevices(d, n, v)
    })?;
    let mut pci = ze::ze_pci_ext_properties_t {
        stype: ze::ZE_STRUCTURE_TYPE_PCI_EXT_PROPERTIES,
        ..Default::default()
    };
    // Optional: NEO in AUB mode has no PCI address (ZE_RESULT_ERROR_UNINITIALIZED).
    let pci = (l.0.zeDevicePciGetPropertiesExt.is_ok()
        && unsafe { l.0.zeDevicePciGetPropertiesExt(d, &mut pci) } == ze::ZE_RESULT_SUCCESS)
        .then_some([
            pci.address.domain,
            pci.address.bus,
            pci.address.device,
            pci.address.function,
        ]);
    let mut module = ze::ze_device_module_properties_t {
        stype: ze::ZE_STRUCTURE_TYPE_DEVICE_MODULE_PROPERTIES,
        ..Default::default()
    };
    // Optional query: a driver that cannot answer gets no double-precision modules.
    let fp64 = l.0.zeDeviceGetModuleProperties.is_ok()
        && unsafe { l.0.zeDeviceGetModuleProperties(d, &mut module) } == ze::ZE_RESULT_SUCCESS
        && module.flags & ze::ZE_DEVICE_MODULE_FLAG_FP64 != 0;
    let name: Vec<u8> = p
        .name
        .iter()
        .take_while(|&&c| c != 0)
        .map(|&c| c as u8)
        .collect();
    Ok(ZeDeviceInfo {
        index,
        driver: driver.0,
        name: String::from_utf8_lossy(&name).into_owned(),
        vendor_id: p.vendorId,
        device_id: p.deviceId,
        sub_devices: subs.len(),
        hierarchy: Hierarchy::Composite,
        compute_units: (p.numSlices * p.numSubslicesPerSlice) as usize,
        max_group_size: c.maxTotalGroupSize as usize,
        local_mem_bytes: c.maxSharedLocalMemory as u64,
        sub_group_sizes: c.subGroupSizes[..(c.numSubGroupSizes as usize).min(8)]
            .iter()
            .map(|&s| s as usize)
            .collect(),
        timer_ns,
        kernel_timestamp_bits: p.kernelTimestampValidBits,
        fp64,
        handle: DriverHandle(d),
        driver_handle: DriverHandle(driver.1),
        flat_tiles: Vec::new(),
        listed: Listed {
            driver: driver.0,
            is_gpu: p.type_ == ze::ZE_DEVICE_TYPE_GPU,
            is_sub_device: p.flags & ze::ZE_DEVICE_PROPERTY_FLAG_SUBDEVICE != 0,
            sub_device_id: p.subdeviceId,
            uuid: p.uuid.id,
            pci,
        },
    })
}

/// Every GPU of every driver, in driver order: root devices, and tiles listed as devices
/// (FLAT hierarchy) grouped into their GPU. Devices of other types are left out.
pub fn root_devices() -> RuntimeResult<Vec<ZeDeviceInfo>> {
    let l = loader()?;
    let drivers = list("zeDriverGet", |n, v| unsafe { l.0.zeDriverGet(n, v) })?;
    let mut listed = Vec::new();
    for (k, &drv) in drivers.iter().enumerate() {
        let devices = list("zeDeviceGet", |n, v| unsafe { l.0.zeDeviceGet(drv, n, v) })?;
        for d in devices {
            listed.push(device_info(&l, listed.len(), (k, drv), d)?);
        }
    }
    let keys: Vec<Listed> = listed.iter().map(|d| d.listed.clone()).collect();
    Ok(hierarchy::group(&keys)
        .into_iter()
        .enumerate()
        .map(|(index, gpu)| {
            let mut first = listed[gpu.members[0]].clone();
            first.index = index;
            if gpu.hierarchy == Hierarchy::Flat {
                first.flat_tiles = gpu
                    .members
                    .iter()
                    .enumerate()
                    .map(|(tile, &m)| ZeDeviceInfo {
                        index: tile,
                        ..listed[m].clone()
                    })
                    .collect();
                first.hierarchy = Hierarchy::Flat;
                first.sub_devices = if gpu.members.len() > 1 {
                    gpu.members.len()
                } else {
                    0
                };
                first.compute_units *= gpu.members.len();
            }
            first
        })
        .collect())
}

/// The tiles of a root device: its sub-devices, the grouped devices of a FLAT GPU, or the
/// device itself.
pub(crate) fn tiles(l: &Ze, root: &ZeDeviceInfo) -> RuntimeResult<Vec<ZeDeviceInfo>> {
    if !root.flat_tiles.is_empty() {
        return Ok(root.flat_tiles.clone());
    }
    let subs = list("zeDeviceGetSubDevices", |n, v| unsafe {
        l.0.zeDeviceGetSubDevices(root.handle.0, n, v)
    })?;
    if subs.is_empty() {
        return Ok(vec![root.clone()]);
    }
    subs.into_iter()
        .enumerate()
        .map(|(i, d)| device_info(l, i, (root.driver, root.driver_handle.0), d))
        .collect()
}

/// The tiles of a root device of [`root_devices`].
pub fn tile_devices(root: &ZeDeviceInfo) -> RuntimeResult<Vec<ZeDeviceInfo>> {
    tiles(&*loader()?, root)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A query whose count changes between its two calls, as devices appear or vanish.
    fn query(first: u32, second: u32, written: u32) -> impl Fn(*mut u32, *mut *mut u8) -> u32 {
        move |n, v| unsafe {
            if v.is_null() {
                *n = first;
            } else {
                for i in 0..written.min(*n) {
                    *v.add(i as usize) = (i as usize + 1) as *mut u8;
                }
                *n = second;
            }
            ze::ZE_RESULT_SUCCESS
        }
    }

    #[test]
    fn a_count_that_grows_keeps_only_what_fits() {
        let v = list("zeDeviceGet", query(2, 5, 2)).unwrap();
        assert_eq!(v.len(), 2);
    }

    #[test]
    fn a_count_that_shrinks_keeps_only_what_was_written() {
        let v = list("zeDeviceGet", query(4, 3, 3)).unwrap();
        assert_eq!(v.len(), 3);
        // Said 4, wrote 3: the unwritten entry is never handed out.
        let v = list("zeDeviceGet", query(4, 4, 3)).unwrap();
        assert_eq!(v.len(), 3);
    }

    #[test]
    fn an_absurd_count_is_a_typed_error_not_an_allocation() {
        let e = list("zeDeviceGet", query(u32::MAX, 0, 0)).unwrap_err();
        assert!(e.to_string().contains("4294967295"), "{e}");
    }
}
