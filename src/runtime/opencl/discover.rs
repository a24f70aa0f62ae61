//! OpenCL platform and device discovery, and what `xehe devices` reports per device.

use crate::runtime::backend::{DeviceLimits, Shuffles};
use crate::runtime::error::{RuntimeError, RuntimeResult};
pub use crate::runtime::settings::KernelFormat;
use crate::runtime::toolkit::lock;
use cl3::info_type::InfoType;
use opencl3::device::{
    Device, CL_DEVICE_TYPE_ACCELERATOR, CL_DEVICE_TYPE_ALL, CL_DEVICE_TYPE_CPU, CL_DEVICE_TYPE_GPU,
};
use opencl3::error_codes::{
    CL_PLATFORM_NOT_FOUND_KHR, DLOPEN_FUNCTION_NOT_AVAILABLE, DLOPEN_RUNTIME_LOAD_FAILED,
};
use opencl3::platform::get_platforms;
use opencl3::types::cl_device_id;
use serde::Serialize;
use std::sync::Mutex;

/// `CL_DEVICE_SUB_GROUP_SIZES_INTEL` (cl_intel_required_subgroup_size).
const CL_DEVICE_SUB_GROUP_SIZES_INTEL: u32 = 0x4108;

/// One OpenCL root device as `xehe devices` shows it.
#[derive(Clone, Debug, Serialize)]
pub struct ClDeviceInfo {
    /// Index among all OpenCL root devices (the `--device` number).
    pub index: usize,
    pub platform: String,
    pub platform_version: String,
    pub name: String,
    pub vendor: String,
    pub device_type: String,
    pub version: String,
    /// `CL_DRIVER_VERSION` (part of the kernel cache's key).
    pub driver_version: String,
    /// `CL_DEVICE_IL_VERSION`, when the device ingests SPIR-V.
    pub il_version: Option<String>,
    /// `CL_DEVICE_SUB_GROUP_SIZES_INTEL`, or empty where the device reports none.
    pub sub_group_sizes: Vec<usize>,
    pub max_sub_groups: u32,
    /// How the device runs sub-group shuffles (from its vendor, extensions and sizes).
    pub shuffles: Shuffles,
    pub local_mem_bytes: u64,
    pub global_mem_bytes: u64,
    pub max_work_group_size: usize,
    pub compute_units: u32,
    /// Double precision in kernels (`cl_khr_fp64`).
    pub fp64: bool,
    /// Partition types the device supports (`CL_DEVICE_PARTITION_PROPERTIES`).
    pub partition_types: Vec<String>,
    /// The format [`super::OpenClBackend`] would load kernels in.
    pub kernel_format: KernelFormat,
    /// `CL_DEVICE_UUID_KHR` where the device has `cl_khr_device_uuid` (Intel's GPUs share it
    /// with their Level Zero device).
    #[serde(skip)]
    pub uuid: Option<[u8; 16]>,
    #[serde(skip)]
    pub(crate) id: usize,
}

impl ClDeviceInfo {
    pub(crate) fn device_id(&self) -> cl_device_id {
        self.id as cl_device_id
    }
}

fn no_opencl(code: i32) -> RuntimeError {
    match code {
        DLOPEN_RUNTIME_LOAD_FAILED => {
            RuntimeError::NoOpenCl("the OpenCL ICD loader (libOpenCL.so.1) is not installed".into())
        }
        DLOPEN_FUNCTION_NOT_AVAILABLE => {
            RuntimeError::NoOpenCl("the OpenCL loader lacks clGetPlatformIDs".into())
        }
        CL_PLATFORM_NOT_FOUND_KHR => {
            RuntimeError::NoOpenCl("the ICD loader found no OpenCL platform".into())
        }
        c => RuntimeError::NoOpenCl(format!(
            "clGetPlatformIDs failed with {c} ({})",
            opencl3::error_codes::error_text(c)
        )),
    }
}

fn type_name(t: u64) -> &'static str {
    if t & CL_DEVICE_TYPE_GPU != 0 {
        "GPU"
    } else if t & CL_DEVICE_TYPE_CPU != 0 {
        "CPU"
    } else if t & CL_DEVICE_TYPE_ACCELERATOR != 0 {
        "accelerator"
    } else {
        "other"
    }
}

/// The kernel format for a device: SPIR-V when it reports a SPIR-V IL version.
pub(crate) fn preferred_format(il_version: Option<&str>) -> KernelFormat {
    match il_version {
        Some(v) if v.contains("SPIR-V") => KernelFormat::SpirV,
        _ => KernelFormat::OpenClC,
    }
}

/// The format kernels load in on a device with `il_version`: `forced` when the device can take
/// it (SPIR-V needs a SPIR-V IL version; forcing it elsewhere is refused before any build), else
/// the format a device with that IL version prefers.
///
/// ```
/// use xehe::runtime::opencl::discover::{kernel_format_for, KernelFormat};
/// assert_eq!(kernel_format_for("PoCL", Some("SPIR-V_1.2"), None)?, KernelFormat::SpirV);
/// assert!(kernel_format_for("old GPU", None, Some(KernelFormat::SpirV)).is_err());
/// # Ok::<(), xehe::runtime::RuntimeError>(())
/// ```
pub fn kernel_format_for(
    device: &str,
    il_version: Option<&str>,
    forced: Option<KernelFormat>,
) -> RuntimeResult<KernelFormat> {
    let preferred = preferred_format(il_version);
    match forced {
        Some(KernelFormat::SpirV) if preferred != KernelFormat::SpirV => {
            Err(RuntimeError::Unavailable {
                what: "SPIR-V kernels".into(),
                device: device.to_string(),
                why: format!(
                    "the device reports no SPIR-V IL version ({}); use XEHE_KERNEL_FORMAT=opencl-c",
                    il_version.unwrap_or("none")
                ),
            })
        }
        Some(f) => Ok(f),
        None => Ok(preferred),
    }
}

/// `CL_DEVICE_SUB_GROUP_SIZES_INTEL`: cl3 does not know this query and hands back raw bytes
/// (`size_t` values); devices without the extension answer an error, read as none.
fn sub_group_sizes(id: cl_device_id) -> Vec<usize> {
    match opencl3::device::get_device_info(id, CL_DEVICE_SUB_GROUP_SIZES_INTEL) {
        Ok(InfoType::VecSize(v)) => v,
        Ok(InfoType::VecUchar(bytes)) => bytes
            .chunks_exact(std::mem::size_of::<usize>())
            .map(|c| usize::from_ne_bytes(c.try_into().unwrap_or_default()))
            .collect(),
        _ => Vec::new(),
    }
}

fn partition_name(p: isize) -> String {
    match p as u32 {
        0x1086 => "equally".into(),
        0x1087 => "by-counts".into(),
        0x1088 => "by-affinity-domain".into(),
        other => format!("0x{other:x}"),
    }
}

/// Every OpenCL root device of every platform, GPUs first (the default order of selection),
/// in platform order otherwise.
pub fn root_devices() -> RuntimeResult<Vec<ClDeviceInfo>> {
    // PoCL 3.1 initialises its devices lazily and without a lock: a clGetDeviceIDs racing with
    // another thread's first call can see zero devices (seen here with parallel tests).
    static DISCOVERY: Mutex<()> = Mutex::new(());
    let _guard = lock(&DISCOVERY);
    let platforms = get_platforms().map_err(|e| no_opencl(e.0))?;
    if platforms.is_empty() {
        return Err(no_opencl(CL_PLATFORM_NOT_FOUND_KHR));
    }
    let mut out = Vec::new();
    for p in &platforms {
        let platform = p.name().unwrap_or_default();
        let platform_version = p.version().unwrap_or_default();
        // A platform with no devices answers CL_DEVICE_NOT_FOUND: that is an empty list.
        let ids = p.get_devices(CL_DEVICE_TYPE_ALL).unwrap_or_default();
        for id in ids {
            let d = Device::new(id);
            let il_version = d
                .il_version()
                .ok()
                .map(|s| s.trim_end_matches('\0').trim().to_string())
                .filter(|s| !s.is_empty());
            let sub_group_sizes = sub_group_sizes(id);
            let vendor = d.vendor().unwrap_or_default();
            let extensions = d.extensions().unwrap_or_default();
            let shuffles = shuffles(&platform, &vendor, &extensions, &sub_group_sizes);
            let fp64 = extensions.split_whitespace().any(|e| e == "cl_khr_fp64");
            let uuid = extensions
                .split_whitespace()
                .any(|e| e == "cl_khr_device_uuid")
                .then(|| d.uuid_khr().ok())
                .flatten();
            out.push(ClDeviceInfo {
                index: 0,
                platform: platform.clone(),
                platform_version: platform_version.clone(),
                name: d.name().unwrap_or_default(),
                vendor,
                shuffles,
                device_type: type_name(d.dev_type().unwrap_or(0)).into(),
                version: d.version().unwrap_or_default(),
                driver_version: d.driver_version().unwrap_or_default(),
                kernel_format: preferred_format(il_version.as_deref()),
                il_version,
                sub_group_sizes,
                max_sub_groups: d.max_num_sub_groups().unwrap_or(0),
                local_mem_bytes: d.local_mem_size().unwrap_or(0),
                global_mem_bytes: d.global_mem_size().unwrap_or(0),
                max_work_group_size: d.max_work_group_size().unwrap_or(0),
                compute_units: d.max_compute_units().unwrap_or(0),
                fp64,
                partition_types: d
                    .partition_properties()
                    .unwrap_or_default()
                    .into_iter()
                    .filter(|&p| p != 0)
                    .map(partition_name)
                    .collect(),
                uuid,
                id: id as usize,
            });
        }
    }
    out.sort_by_key(|d| d.device_type != "GPU");
    for (i, d) in out.iter_mut().enumerate() {
        d.index = i;
    }
    Ok(out)
}

impl ClDeviceInfo {
    /// What kernels may use on the device.
    pub fn limits(&self) -> DeviceLimits {
        DeviceLimits {
            local_mem_bytes: self.local_mem_bytes,
            max_work_group_size: self.max_work_group_size,
            sub_group_sizes: self.sub_group_sizes.clone(),
            shuffles: self.shuffles.clone(),
            compute_units: self.compute_units as usize,
            global_mem_bytes: (self.global_mem_bytes > 0).then_some(self.global_mem_bytes),
            fp64: self.fp64,
        }
    }
}

/// NVIDIA's OpenCL reports no sub-groups, but its warps are 32 consecutive work-items and its
/// compiler takes inline PTX; other devices need the shuffle extensions and a size to require.
fn shuffles(platform: &str, vendor: &str, extensions: &str, sizes: &[usize]) -> Shuffles {
    if vendor.contains("NVIDIA") {
        return Shuffles::NvidiaPtx;
    }
    // PoCL 5.0 advertises sub-group shuffles, but its compiler aborts the whole process on the
    // sub-group kernels (WorkitemLoops.cc: "Cannot add context restore for a PHI node at the
    // region entry", seen on the H100 host), so they are never offered there.
    if platform.contains("Portable Computing Language") {
        return Shuffles::Unavailable(
            "PoCL's kernel compiler aborts on the sub-group kernels".into(),
        );
    }
    let has = |e: &str| extensions.split_whitespace().any(|x| x == e);
    if !has("cl_khr_subgroup_shuffle") && !has("cl_intel_subgroups") {
        return Shuffles::Unavailable("no cl_khr_subgroup_shuffle or cl_intel_subgroups".into());
    }
    let usable: Vec<usize> = sizes
        .iter()
        .copied()
        .filter(|s| matches!(s, 8 | 16 | 32))
        .collect();
    if usable.is_empty() {
        return Shuffles::Unavailable(format!(
            "no sub-group size of 8, 16 or 32 (reports {sizes:?})"
        ));
    }
    Shuffles::SubGroups(usable)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shuffle_support_by_vendor_extensions_and_sizes() {
        assert_eq!(
            shuffles("NVIDIA CUDA", "NVIDIA Corporation", "", &[]),
            Shuffles::NvidiaPtx
        );
        let intel = "cl_khr_fp64 cl_khr_subgroups cl_khr_subgroup_shuffle cl_intel_subgroups";
        assert_eq!(
            shuffles(
                "Intel(R) OpenCL Graphics",
                "Intel(R) Corporation",
                intel,
                &[16, 32]
            ),
            Shuffles::SubGroups(vec![16, 32])
        );
        assert!(!shuffles(
            "Intel(R) OpenCL Graphics",
            "Intel(R) Corporation",
            intel,
            &[]
        )
        .supports(16));
        let pocl = "Portable Computing Language";
        assert!(!shuffles(pocl, "GenuineIntel", intel, &[8, 16, 32]).supports(8));
        assert!(!shuffles("Other", "Other", "cl_khr_fp64", &[8]).supports(8));
    }
}
