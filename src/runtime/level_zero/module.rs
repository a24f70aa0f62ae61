//! Modules (a native binary of the native folder where one matches, else the kernel cache's
//! binary of an earlier SPIR-V build, else the shipped SPIR-V) and kernels.

use super::device::{KernelFootprint, LevelZeroBackend, TileState, ZeKernel, ZeTile};
use super::discover::{self, check};
use super::module_cache::{self, ModuleKey};
use super::options::ModuleSource;
use super::owned;
use crate::kernels::reflect::ReflectError;
use crate::kernels::{KernelModule, KernelSpec};
use crate::runtime::error::{RuntimeError, RuntimeResult};
use crate::runtime::kernel_cache::{self, Origin};
use crate::runtime::toolkit::lock;
use level_zero_sys as ze;
use std::collections::HashMap;
use std::ffi::CString;
use std::path::PathBuf;

impl LevelZeroBackend {
    /// Builds every shipped module on every tile (no launch); returns the modules left out
    /// because the device lacks their sub-group size or double precision.
    pub fn build_all(&self) -> RuntimeResult<Vec<&'static str>> {
        let shuffles = self.shuffles();
        let mut skipped = Vec::new();
        for m in crate::kernels::MODULES {
            match m.shuffle_size {
                Some(size) if !shuffles.supports(size) => skipped.push(m.name),
                _ if m.fp64 && !self.root.fp64 => skipped.push(m.name),
                _ => {
                    for t in &self.tiles {
                        self.module(t, &mut lock(&t.state), m)?;
                    }
                }
            }
        }
        Ok(skipped)
    }

    /// Creates `kernel` on every tile, checking the argument count the driver reports against
    /// the declaration (no launch).
    pub fn create_kernel(&self, kernel: &'static KernelSpec) -> RuntimeResult<()> {
        for t in &self.tiles {
            self.kernel(t, &mut lock(&t.state), kernel)?;
        }
        Ok(())
    }

    pub(super) fn module(
        &self,
        t: &ZeTile,
        st: &mut TileState,
        m: &'static KernelModule,
    ) -> RuntimeResult<ze::ze_module_handle_t> {
        if let Some((h, _)) = st.modules.get(m.name) {
            return Ok(h.get());
        }
        if let Some(size) = m.shuffle_size {
            if !self.shuffles().supports(size) {
                return Err(RuntimeError::Unavailable {
                    what: format!("kernel module {}", m.name),
                    device: self.root.name.clone(),
                    why: format!(
                        "no sub-groups of {size} (sizes {:?})",
                        self.root.sub_group_sizes
                    ),
                });
            }
        }
        if m.fp64 && !self.root.fp64 {
            return Err(RuntimeError::Unavailable {
                what: format!("kernel module {} (double precision)", m.name),
                device: self.root.name.clone(),
                why: "the device has no fp64 (ZE_DEVICE_MODULE_FLAG_FP64)".into(),
            });
        }
        let (module, source) = match self.native_module(t, m) {
            Some((h, path)) => (h, ModuleSource::Native(path)),
            None => self.cached_or_built(t, m)?,
        };
        st.modules
            .insert(m.name, (owned::module(&self.ze, module), source));
        Ok(module)
    }

    /// Where `module` was built from on `tile`, once built.
    pub fn module_source(&self, tile: usize, module: &str) -> RuntimeResult<Option<ModuleSource>> {
        let t = self.tile(tile)?;
        Ok(lock(&t.state).modules.get(module).map(|(_, s)| s.clone()))
    }

    /// A module from a native binary of the folder that the device accepts, if any.
    pub(super) fn native_module(
        &self,
        t: &ZeTile,
        m: &'static KernelModule,
    ) -> Option<(ze::ze_module_handle_t, PathBuf)> {
        let dir = self.native_dir.as_ref()?;
        let prefix = format!("{}_", m.name);
        let suffix = format!("{}.bin", self.native_target.as_ref()?);
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .ok()?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with(&prefix) && n.ends_with(&suffix))
            })
            .collect();
        files.sort();
        files.into_iter().find_map(|p| {
            let bytes = std::fs::read(&p).ok()?;
            self.create_module(t, m, ze::ZE_MODULE_FORMAT_NATIVE, &bytes)
                .ok()
                .map(|h| (h, p))
        })
    }

    /// `m` on `t` from the kernel cache's native binary of an earlier SPIR-V build of the same
    /// driver, device, flags and module; else built from SPIR-V (timed by the build notice),
    /// and its native binary stored for the next process. A cached binary the driver refuses
    /// is a SPIR-V build, and its entry is replaced.
    fn cached_or_built(
        &self,
        t: &ZeTile,
        m: &'static KernelModule,
    ) -> RuntimeResult<(ze::ze_module_handle_t, ModuleSource)> {
        let key = ModuleKey {
            // Without the driver's identity the cache is off, and the key unused.
            driver: self.driver.unwrap_or_default(),
            device_name: &t.info.name,
            vendor_id: t.info.vendor_id,
            device_id: t.info.device_id,
            device_uuid: t.info.listed.uuid,
            flags: self.spirv_flags(),
            module: m.name,
            spirv: m.spirv,
        }
        .key();
        let (module, origin) = kernel_cache::load_or_build(
            &self.kernel_cache,
            &self.build_notice,
            &key,
            1,
            |entry| {
                self.create_module(t, m, ze::ZE_MODULE_FORMAT_NATIVE, &entry[0])
                    .ok()
            },
            || self.create_module(t, m, ze::ZE_MODULE_FORMAT_IL_SPIRV, m.spirv),
            |&built| {
                // SAFETY: `built` is the module just created; `bytes` is null (a size query) or
                // holds `*size` bytes (native_binary's buffer).
                module_cache::native_binary(|size, bytes| unsafe {
                    self.ze.0.zeModuleGetNativeBinary(built, size, bytes)
                })
                .map(|b| vec![b])
            },
        )?;
        let source = match origin {
            Origin::Cache => ModuleSource::Cached,
            Origin::Built => ModuleSource::SpirV,
        };
        Ok((module, source))
    }

    /// The build flags of SPIR-V builds.
    fn spirv_flags(&self) -> &'static str {
        if self.large_grf {
            "-ze-opt-large-register-file"
        } else {
            ""
        }
    }

    pub(super) fn create_module(
        &self,
        t: &ZeTile,
        m: &'static KernelModule,
        format: ze::ze_module_format_t,
        bytes: &[u8],
    ) -> RuntimeResult<ze::ze_module_handle_t> {
        // Native binaries carry their own register-file choice.
        let flags = if format == ze::ZE_MODULE_FORMAT_IL_SPIRV {
            self.spirv_flags()
        } else {
            ""
        };
        let flags = CString::new(flags).expect("no interior NUL");
        let desc = ze::ze_module_desc_t {
            stype: ze::ZE_STRUCTURE_TYPE_MODULE_DESC,
            format,
            inputSize: bytes.len(),
            pInputModule: bytes.as_ptr(),
            pBuildFlags: flags.as_ptr(),
            ..Default::default()
        };
        let mut module = std::ptr::null_mut();
        let mut log = std::ptr::null_mut();
        let r = unsafe {
            self.ze.0.zeModuleCreate(
                self.context.get(),
                t.info.handle.0,
                &desc,
                &mut module,
                &mut log,
            )
        };
        let text = self.build_log(log);
        if r != ze::ZE_RESULT_SUCCESS {
            return Err(RuntimeError::KernelBuild {
                module: m.name,
                device: t.info.name.clone(),
                format: if format == ze::ZE_MODULE_FORMAT_NATIVE {
                    "native binary"
                } else {
                    "SPIR-V"
                },
                log: format!("{}\n{text}", discover::result_name(r)),
            });
        }
        Ok(module)
    }

    /// The build log's text; the log is destroyed.
    pub(super) fn build_log(&self, log: ze::ze_module_build_log_handle_t) -> String {
        if log.is_null() {
            return String::new();
        }
        let mut size = 0usize;
        let mut text = String::new();
        unsafe {
            if self
                .ze
                .0
                .zeModuleBuildLogGetString(log, &mut size, std::ptr::null_mut())
                == ze::ZE_RESULT_SUCCESS
                && size > 0
            {
                let mut buf = vec![0u8; size];
                if self.ze.0.zeModuleBuildLogGetString(
                    log,
                    &mut size,
                    buf.as_mut_ptr() as *mut std::os::raw::c_char,
                ) == ze::ZE_RESULT_SUCCESS
                {
                    let end = buf.iter().position(|&c| c == 0).unwrap_or(buf.len());
                    text = String::from_utf8_lossy(&buf[..end]).into_owned();
                }
            }
            let _ = self.ze.0.zeModuleBuildLogDestroy(log);
        }
        text
    }

    pub(super) fn kernel<'a>(
        &self,
        t: &ZeTile,
        st: &'a mut TileState,
        kernel: &'static KernelSpec,
    ) -> RuntimeResult<&'a mut ZeKernel> {
        // Not `if let Some(k) = get_mut(..) { return Ok(k) }`: the borrow checker keeps that
        // borrow alive over the creation below.
        let key = (kernel.module.name, kernel.name);
        if st.kernels.contains_key(&key) {
            return Ok(st.kernels.get_mut(&key).expect("just found"));
        }
        let module = self.module(t, st, kernel.module)?;
        let name = CString::new(kernel.name).expect("kernel names have no NUL");
        let desc = ze::ze_kernel_desc_t {
            stype: ze::ZE_STRUCTURE_TYPE_KERNEL_DESC,
            pKernelName: name.as_ptr(),
            ..Default::default()
        };
        let mut k = std::ptr::null_mut();
        check("zeKernelCreate", unsafe {
            self.ze.0.zeKernelCreate(module, &desc, &mut k)
        })?;
        let mut props = ze::ze_kernel_properties_t {
            stype: ze::ZE_STRUCTURE_TYPE_KERNEL_PROPERTIES,
            ..Default::default()
        };
        let r = check("zeKernelGetProperties", unsafe {
            self.ze.0.zeKernelGetProperties(k, &mut props)
        });
        let args = props.numKernelArgs as usize;
        if r.is_err() || args != kernel.args.len() {
            let _ = unsafe { self.ze.0.zeKernelDestroy(k) };
            r?;
            return Err(ReflectError::Signature {
                module: kernel.module.name,
                kernel: kernel.name,
                problem: format!(
                    "has {args} arguments on {}, {} declared",
                    t.info.name,
                    kernel.args.len()
                ),
            }
            .into());
        }
        let required = [
            props.requiredGroupSizeX,
            props.requiredGroupSizeY,
            props.requiredGroupSizeZ,
        ];
        st.kernels.insert(
            key,
            ZeKernel {
                handle: owned::kernel(&self.ze, k),
                footprint: KernelFootprint {
                    private_bytes: props.privateMemSize,
                    spill_bytes: props.spillMemSize,
                    local_bytes: props.localMemSize,
                    required_group_size: (required != [0, 0, 0]).then_some(required),
                },
                group_size: None,
                suggested: HashMap::new(),
            },
        );
        Ok(st.kernels.get_mut(&key).expect("just inserted"))
    }
}
