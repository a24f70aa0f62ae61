//! The Level Zero side of the kernel cache (`runtime/kernel_cache`): what a module's native
//! binary depends on ([`ModuleKey`]), the driver's identity that goes into it, and reading the
//! binary back after a SPIR-V build (`zeModuleGetNativeBinary`). The decision (an entry of this
//! key handed to `zeModuleCreate` as `ZE_MODULE_FORMAT_NATIVE`, else a SPIR-V build that is then
//! stored) is the shared `kernel_cache::load_or_build`, called from `module.rs`.

use super::discover::Ze;
use crate::runtime::kernel_cache::{CacheKey, MAX_ENTRY_BYTES};
use level_zero_sys as ze;

/// The entries' layout for Level Zero: one native binary, from `zeModuleGetNativeBinary` after
/// a SPIR-V build. A change makes every older entry foreign.
const FORMAT: &str = "level-zero native from SPIR-V, 1";

/// The driver a binary was built by: `zeDriverGetProperties`'s UUID and version (NEO encodes
/// its build number in both).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct DriverIdentity {
    pub(super) uuid: [u8; 16],
    pub(super) version: u32,
}

impl DriverIdentity {
    /// `driver`'s identity; None where the driver cannot say (then nothing is cached: a binary
    /// of an unknown compiler could be taken by the next one).
    pub(super) fn query(l: &Ze, driver: ze::ze_driver_handle_t) -> Option<Self> {
        if l.0.zeDriverGetProperties.is_err() {
            return None;
        }
        let mut p = ze::ze_driver_properties_t {
            stype: ze::ZE_STRUCTURE_TYPE_DRIVER_PROPERTIES,
            ..Default::default()
        };
        let r = unsafe { l.0.zeDriverGetProperties(driver, &mut p) };
        (r == ze::ZE_RESULT_SUCCESS).then_some(DriverIdentity {
            uuid: p.uuid.id,
            version: p.driverVersion,
        })
    }
}

/// Everything a module's native binary depends on: the driver, the device it was built on
/// (a tile: its name, ids and UUID), the build flags and the SPIR-V as handed to the driver.
#[derive(Clone, Copy, Debug)]
pub(super) struct ModuleKey<'a> {
    pub(super) driver: DriverIdentity,
    pub(super) device_name: &'a str,
    pub(super) vendor_id: u32,
    pub(super) device_id: u32,
    pub(super) device_uuid: [u8; 16],
    /// `pBuildFlags` of the SPIR-V build (`-ze-opt-large-register-file`, or none).
    pub(super) flags: &'a str,
    pub(super) module: &'a str,
    pub(super) spirv: &'a [u8],
}

impl ModuleKey<'_> {
    pub(super) fn key(&self) -> CacheKey {
        CacheKey::new(&[
            ("api", b"level-zero"),
            ("format", FORMAT.as_bytes()),
            ("driver uuid", &self.driver.uuid),
            ("driver version", &self.driver.version.to_le_bytes()),
            ("device", self.device_name.as_bytes()),
            ("vendor id", &self.vendor_id.to_le_bytes()),
            ("device id", &self.device_id.to_le_bytes()),
            ("device uuid", &self.device_uuid),
            ("flags", self.flags.as_bytes()),
            ("module", self.module.as_bytes()),
            ("input", self.spirv),
        ])
    }
}

/// A built module's native binary through `get(size, buffer)`, the driver's count-then-fill
/// call (`zeModuleGetNativeBinary`): None where the driver fails, gives nothing, or gives more
/// than a cache entry may hold.
pub(super) fn native_binary(
    mut get: impl FnMut(&mut usize, *mut u8) -> ze::ze_result_t,
) -> Option<Vec<u8>> {
    let mut size = 0usize;
    if get(&mut size, std::ptr::null_mut()) != ze::ZE_RESULT_SUCCESS
        || size == 0
        || size as u64 > MAX_ENTRY_BYTES
    {
        return None;
    }
    let mut buf = vec![0u8; size];
    let mut written = size;
    if get(&mut written, buf.as_mut_ptr()) != ze::ZE_RESULT_SUCCESS || written != size {
        return None;
    }
    Some(buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> ModuleKey<'static> {
        ModuleKey {
            driver: DriverIdentity {
                uuid: [7; 16],
                version: 0x0102_0304,
            },
            device_name: "Intel(R) Data Center GPU Max 1550",
            vendor_id: 0x8086,
            device_id: 0x0bd5,
            device_uuid: [1; 16],
            flags: "",
            module: "ntt_local",
            spirv: b"\x03\x02\x23\x07 spirv words",
        }
    }

    /// The same inputs give the same key (a second process finds the entry), and each input
    /// on its own gives another (a binary is never taken by a build it was not made by).
    #[test]
    fn every_input_of_a_native_binary_is_in_its_key() {
        let k = base().key();
        assert_eq!(k, base().key());
        let changed: Vec<ModuleKey> = vec![
            ModuleKey {
                driver: DriverIdentity {
                    version: 0x0102_0305,
                    ..base().driver
                },
                ..base()
            },
            ModuleKey {
                driver: DriverIdentity {
                    uuid: [8; 16],
                    ..base().driver
                },
                ..base()
            },
            ModuleKey {
                device_name: "Intel(R) Arc(TM) A770 Graphics",
                ..base()
            },
            ModuleKey {
                vendor_id: 0x10de,
                ..base()
            },
            ModuleKey {
                device_id: 0x56a0,
                ..base()
            },
            ModuleKey {
                device_uuid: [2; 16],
                ..base()
            },
            ModuleKey {
                flags: "-ze-opt-large-register-file",
                ..base()
            },
            ModuleKey {
                module: "ntt_global",
                ..base()
            },
            ModuleKey {
                spirv: b"\x03\x02\x23\x07 spirv wordz",
                ..base()
            },
        ];
        let mut keys = vec![k];
        for c in &changed {
            let ck = c.key();
            assert!(!keys.contains(&ck), "{c:?} shares a key");
            keys.push(ck);
        }
        // Not an OpenCL key of the same bytes either: the API and format are parts of it.
        assert_ne!(
            k,
            CacheKey::new(&[("module", b"ntt_local"), ("input", base().spirv)])
        );
    }

    /// A fake `zeModuleGetNativeBinary`: reports `size`, then writes `data` (at most the size
    /// it is given) and reports `second` as written, answering `result` to each call.
    fn fake(
        size: usize,
        data: &'static [u8],
        second: usize,
        result: ze::ze_result_t,
    ) -> impl FnMut(&mut usize, *mut u8) -> ze::ze_result_t {
        move |n, buf| {
            if buf.is_null() {
                *n = size;
            } else {
                let len = data.len().min(*n);
                // SAFETY: `buf` holds `*n` bytes (native_binary's buffer of the first size).
                unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), buf, len) };
                *n = second;
            }
            result
        }
    }

    #[test]
    fn a_native_binary_is_read_whole_or_not_at_all() {
        assert_eq!(
            native_binary(fake(4, b"zebi", 4, ze::ZE_RESULT_SUCCESS)),
            Some(b"zebi".to_vec())
        );
        // The driver fails, gives nothing, changes its mind, or reports an absurd size.
        assert_eq!(
            native_binary(fake(4, b"zebi", 4, ze::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE)),
            None
        );
        assert_eq!(native_binary(fake(0, b"", 0, ze::ZE_RESULT_SUCCESS)), None);
        assert_eq!(
            native_binary(fake(4, b"zeb", 3, ze::ZE_RESULT_SUCCESS)),
            None
        );
        assert_eq!(
            native_binary(fake(usize::MAX, b"", 0, ze::ZE_RESULT_SUCCESS)),
            None
        );
    }
}
