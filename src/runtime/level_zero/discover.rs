//! Finding Level Zero: the loader (opened at run time), its drivers, their GPU root devices and
//! each device's sub-devices (tiles), for [`super::LevelZeroBackend`] and `xehe devices`.

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

/// Handles returned by a count-then-fill query.
pub(crate) fn list<T: Copy>(
    call: &'static str,
    f: impl Fn(*mut u32, *mut T) -> ze::ze_result_t,
) -> RuntimeResult<Vec<T>> {
    let mut count = 0u32;
    check(call, f(&mut count, std::ptr::null_mut()))?;
    let mut v: Vec<T> = Vec::with_capacity(count as usize);
    check(call, f(&mut count, v.as_mut_ptr()))?;
    // The driver wrote `count` handles.
    unsafe { v.set_len(count as usize) };
    Ok(v)
}

/// A root GPU device as Level Zero shows it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ZeDeviceInfo {
    /// Index among [`root_devices`].
    pub index: usize,
    pub driver: usize,
    pub name: String,
    pub vendor_id: u32,
    pub device_id: u32,
    /// Sub-devices (tiles); 0 when the device is not partitioned.
    pub sub_devices: usize,
    pub compute_units: usize,
    pub max_group_size: usize,
    pub local_mem_bytes: u64,
    pub sub_group_sizes: Vec<usize>,
    /// Nanoseconds per timestamp tick.
    #[serde(skip)]
    pub(crate) timer_ns: f64,
    #[serde(skip)]
    pub(crate) timestamp_bits: u32,
    #[serde(skip)]
    pub(crate) handle: DriverHandle<ze::ze_device_handle_t>,
    #[serde(skip)]
    pub(crate) driver_handle: DriverHandle<ze::ze_driver_handle_t>,
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
        compute_units: (p.numSlices * p.numSubslicesPerSlice) as usize,
        max_group_size: c.maxTotalGroupSize as usize,
        local_mem_bytes: c.maxSharedLocalMemory as u64,
        sub_group_sizes: c.subGroupSizes[..(c.numSubGroupSizes as usize).min(8)]
            .iter()
            .map(|&s| s as usize)
            .collect(),
        // API 1.0 properties: timerResolution is nanoseconds per tick.
        timer_ns: p.timerResolution.max(1) as f64,
        timestamp_bits: p.kernelTimestampValidBits,
        handle: DriverHandle(d),
        driver_handle: DriverHandle(driver.1),
    })
}

/// Every GPU root device of every driver, in driver order.
pub fn root_devices() -> RuntimeResult<Vec<ZeDeviceInfo>> {
    let l = loader()?;
    let drivers = list("zeDriverGet", |n, v| unsafe { l.0.zeDriverGet(n, v) })?;
    let mut out = Vec::new();
    for (k, &drv) in drivers.iter().enumerate() {
        let devices = list("zeDeviceGet", |n, v| unsafe { l.0.zeDeviceGet(drv, n, v) })?;
        for d in devices {
            let info = device_info(&l, out.len(), (k, drv), d)?;
            out.push(info);
        }
    }
    Ok(out)
}

/// The tiles of a root device: its sub-devices, or the device itself.
pub(crate) fn tiles(l: &Ze, root: &ZeDeviceInfo) -> RuntimeResult<Vec<ZeDeviceInfo>> {
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
