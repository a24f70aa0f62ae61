//! Programs (SPIR-V where the device takes it, else OpenCL C) and kernels, built once per
//! backend and kept between processes by the kernel cache where it is on
//! (`runtime/kernel_cache`).

use super::cl_program::ClProgram;
use super::device::OpenClBackend;
use super::discover::KernelFormat;
use crate::kernels::reflect::{self, ReflectError};
use crate::kernels::{KernelModule, KernelSpec, COMMON_HEADER};
use crate::runtime::backend::Shuffles;
use crate::runtime::error::{RuntimeError, RuntimeResult};
use crate::runtime::kernel_cache::{self, CacheKey};
use crate::runtime::toolkit::{lock, DriverHandle};
use cl3::program::{CL_PROGRAM_BINARIES, CL_PROGRAM_BUILD_LOG};
use opencl3::error_codes::{CL_SUCCESS, DLOPEN_FUNCTION_NOT_AVAILABLE};
use opencl3::kernel::Kernel;
use opencl3::types::{cl_device_id, cl_int};
use std::ffi::CString;
use std::sync::Arc;

/// Build options for OpenCL C sources (OpenCL C 1.2 is what NVIDIA, PoCL and NEO all accept).
pub(super) const SOURCE_BUILD_OPTIONS: &str = "-cl-std=CL1.2";
/// On NVIDIA, the sub-group kernels shuffle through inline PTX (kernels-cl/ntt_subgroup.cl).
pub(super) const SOURCE_BUILD_OPTIONS_PTX: &str = "-cl-std=CL1.2 -D XEHE_SHUFFLE_PTX";

/// What a module is built from: its bytes as handed to the driver and the build options.
struct ModuleInput {
    bytes: Vec<u8>,
    options: &'static str,
}

impl OpenClBackend {
    /// The built program of `module`, building it (for every tile) on first use: from the
    /// program cache when it holds this build, else from SPIR-V or OpenCL C (then stored).
    pub fn program(&self, module: &'static KernelModule) -> RuntimeResult<Arc<ClProgram>> {
        let mut programs = lock(&self.programs);
        if let Some(p) = programs.get(module.name) {
            return Ok(p.clone());
        }
        reflect::check_module(module)?;
        if let Some(size) = module.shuffle_size {
            if !self.info.shuffles.supports(size) {
                return Err(RuntimeError::Unavailable {
                    what: format!("module {} (sub-group shuffles of {size})", module.name),
                    device: self.info.name.clone(),
                    why: match &self.info.shuffles {
                        Shuffles::Unavailable(why) => why.clone(),
                        other => format!("shuffles: {other:?}"),
                    },
                });
            }
        }
        if module.fp64 && !self.info.fp64 {
            return Err(RuntimeError::Unavailable {
                what: format!("module {} (double precision)", module.name),
                device: self.info.name.clone(),
                why: "the device does not list cl_khr_fp64".into(),
            });
        }
        let input = self.input(module);
        let devices: Vec<cl_device_id> = self.tiles.iter().map(|t| t.device.0).collect();
        let key = self.cache_key(module, &input, devices.len());
        let (program, _) = kernel_cache::load_or_build(
            &self.program_cache,
            &self.build_notice,
            &key,
            devices.len(),
            |binaries| self.load_binaries(&devices, binaries, input.options).ok(),
            || self.compile(module, &devices, &input),
            |built| binaries(built, devices.len()),
        )?;
        let program = Arc::new(program);
        programs.insert(module.name, program.clone());
        Ok(program)
    }

    fn input(&self, module: &'static KernelModule) -> ModuleInput {
        match self.format {
            KernelFormat::SpirV => ModuleInput {
                bytes: module.spirv.to_vec(),
                options: "",
            },
            KernelFormat::OpenClC => ModuleInput {
                bytes: format!("{}{COMMON_HEADER}\n{}", module.prelude, module.source).into_bytes(),
                options: if self.info.shuffles == Shuffles::NvidiaPtx {
                    SOURCE_BUILD_OPTIONS_PTX
                } else {
                    SOURCE_BUILD_OPTIONS
                },
            },
        }
    }

    /// Everything a built program depends on.
    fn cache_key(&self, module: &KernelModule, input: &ModuleInput, devices: usize) -> CacheKey {
        let i = &self.info;
        CacheKey::new(&[
            ("platform", i.platform.as_bytes()),
            ("platform version", i.platform_version.as_bytes()),
            ("device", i.name.as_bytes()),
            ("device version", i.version.as_bytes()),
            ("driver", i.driver_version.as_bytes()),
            ("devices", &(devices as u64).to_le_bytes()),
            ("format", self.format.name().as_bytes()),
            ("options", input.options.as_bytes()),
            ("module", module.name.as_bytes()),
            ("input", &input.bytes),
        ])
    }

    /// Builds `module` from SPIR-V or OpenCL C; a failed build carries the driver's log.
    fn compile(
        &self,
        module: &'static KernelModule,
        devices: &[cl_device_id],
        input: &ModuleInput,
    ) -> RuntimeResult<ClProgram> {
        let created = match self.format {
            KernelFormat::SpirV => {
                cl3::program::create_program_with_il(self.context.get(), &input.bytes)
            }
            // One string, not two: cl3 0.13's create_program_with_source passes a `&[&str]` as
            // `char**` and reads the second fat pointer's length as a pointer.
            KernelFormat::OpenClC => {
                let source = std::str::from_utf8(&input.bytes).unwrap_or_default();
                cl3::program::create_program_with_source(self.context.get(), &[source])
            }
        };
        let program = ClProgram(DriverHandle(
            created.map_err(|e| RuntimeError::cl("clCreateProgram", e))?,
        ));
        if let Err(e) = build(&program, devices, input.options) {
            let log = devices
                .iter()
                .map(|&d| {
                    cl3::program::get_program_build_info(program.raw(), d, CL_PROGRAM_BUILD_LOG)
                        .map(String::from)
                        .unwrap_or_default()
                })
                .collect::<Vec<_>>()
                .join("\n");
            return Err(RuntimeError::KernelBuild {
                module: module.name,
                device: self.info.name.clone(),
                format: self.format.name(),
                log: format!(
                    "{e} ({})\n{}",
                    opencl3::error_codes::error_text(e),
                    log.trim()
                ),
            });
        }
        Ok(program)
    }

    /// A program from the binaries a build of this driver gave before, one per device, built.
    fn load_binaries(
        &self,
        devices: &[cl_device_id],
        binaries: &[Vec<u8>],
        options: &str,
    ) -> Result<ClProgram, cl_int> {
        let cl = cl3::load_library()
            .as_ref()
            .map_err(|_| DLOPEN_FUNCTION_NOT_AVAILABLE)?;
        // Thin pointers, one per device: cl3 0.13's create_program_with_binary casts a slice
        // of slices to `unsigned char**`, which reads the second device's pointer from the
        // first binary's length.
        // The driver reads devices.len() lengths and pointers, and lengths[i] bytes behind each
        // pointer (the binaries outlive the call): one binary per device, or no call at all.
        if binaries.len() != devices.len() {
            return Err(opencl3::error_codes::CL_INVALID_VALUE);
        }
        let lengths: Vec<usize> = binaries.iter().map(Vec::len).collect();
        let pointers: Vec<*const u8> = binaries.iter().map(|b| b.as_ptr()).collect();
        let mut statuses: Vec<cl_int> = vec![0; devices.len()];
        let mut status: cl_int = 0;
        let raw = cl
            .clCreateProgramWithBinary(
                self.context.get(),
                devices.len() as u32,
                devices.as_ptr(),
                lengths.as_ptr(),
                pointers.as_ptr(),
                statuses.as_mut_ptr(),
                &mut status,
            )
            .ok_or(DLOPEN_FUNCTION_NOT_AVAILABLE)?;
        if status != CL_SUCCESS {
            return Err(status);
        }
        let program = ClProgram(DriverHandle(raw));
        if let Some(&bad) = statuses.iter().find(|&&s| s != CL_SUCCESS) {
            return Err(bad);
        }
        build(&program, devices, options)?;
        Ok(program)
    }

    /// Builds every shipped module the device can run (what the tests use): all but the
    /// sub-group modules whose shuffles it lacks. Returns the names of those left out.
    pub fn build_all(&self) -> RuntimeResult<Vec<&'static str>> {
        let mut skipped = Vec::new();
        for m in crate::kernels::MODULES {
            match m.shuffle_size {
                Some(size) if !self.info.shuffles.supports(size) => skipped.push(m.name),
                _ if m.fp64 && !self.info.fp64 => skipped.push(m.name),
                _ => drop(self.program(m)?),
            }
        }
        Ok(skipped)
    }

    /// Builds `kernel`'s module if needed and creates the kernel object, checking the argument
    /// count the driver reports against the declaration (no launch).
    pub fn create_kernel(&self, kernel: &'static KernelSpec) -> RuntimeResult<()> {
        self.new_kernel(kernel).map(drop)
    }

    /// A kernel object of `kernel`, its argument count checked against the declaration.
    pub(super) fn new_kernel(&self, kernel: &'static KernelSpec) -> RuntimeResult<Kernel> {
        let program = self.program(kernel.module)?;
        let name = CString::new(kernel.name).map_err(|_| RuntimeError::BadLaunch {
            kernel: kernel.name,
            problem: "the entry point's name holds a NUL byte".into(),
        })?;
        let k = Kernel::new(
            cl3::kernel::create_kernel(program.raw(), &name)
                .map_err(|e| RuntimeError::cl("clCreateKernel", e))?,
        );
        let args = k
            .num_args()
            .map_err(|e| RuntimeError::cl("clGetKernelInfo", e.0))? as usize;
        if args != kernel.args.len() {
            return Err(ReflectError::Signature {
                module: kernel.module.name,
                kernel: kernel.name,
                problem: format!(
                    "the driver reports {args} arguments, the Rust side declares {}",
                    kernel.args.len()
                ),
            }
            .into());
        }
        Ok(k)
    }
}

/// `clBuildProgram` for `devices`.
fn build(program: &ClProgram, devices: &[cl_device_id], options: &str) -> Result<(), cl_int> {
    let options = CString::new(options).map_err(|_| cl3::program::CL_INVALID_VALUE)?;
    cl3::program::build_program(program.raw(), devices, &options, None, std::ptr::null_mut())
}

/// The binaries of a built program, one per device (None where the driver gives none, or
/// fewer: PoCL 3.1 gives one for a program of two sub-devices, so its tiles go uncached).
fn binaries(program: &ClProgram, devices: usize) -> Option<Vec<Vec<u8>>> {
    let binaries: Vec<Vec<u8>> = cl3::program::get_program_info(program.raw(), CL_PROGRAM_BINARIES)
        .ok()?
        .into();
    (binaries.len() == devices && binaries.iter().all(|b| !b.is_empty())).then_some(binaries)
}
