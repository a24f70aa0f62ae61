//! Programs (SPIR-V where the device takes it, else OpenCL C) and kernels.

use super::device::OpenClBackend;
use super::discover::KernelFormat;
use crate::kernels::reflect::{self, ReflectError};
use crate::kernels::{KernelModule, KernelSpec, COMMON_HEADER};
use crate::runtime::backend::Shuffles;
use crate::runtime::error::{RuntimeError, RuntimeResult};
use crate::runtime::toolkit::lock;
use opencl3::kernel::Kernel;
use opencl3::program::Program;
use opencl3::types::cl_device_id;
use std::sync::Arc;

/// Build options for OpenCL C sources (OpenCL C 1.2 is what NVIDIA, PoCL and NEO all accept).
pub(super) const SOURCE_BUILD_OPTIONS: &str = "-cl-std=CL1.2";
/// On NVIDIA, the sub-group kernels shuffle through inline PTX (kernels-cl/ntt_subgroup.cl).
pub(super) const SOURCE_BUILD_OPTIONS_PTX: &str = "-cl-std=CL1.2 -D XEHE_SHUFFLE_PTX";
impl OpenClBackend {
    /// The built program of `module`, building it (for every tile) on first use.
    pub fn program(&self, module: &'static KernelModule) -> RuntimeResult<Arc<Program>> {
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
        let (created, options) = match self.format {
            KernelFormat::SpirV => (Program::create_from_il(&self.context, module.spirv), ""),
            // One string, not two: cl3 0.13's create_program_with_source passes a `&[&str]` as
            // `char**` and reads the second fat pointer's length as a pointer.
            KernelFormat::OpenClC => (
                Program::create_from_source(
                    &self.context,
                    &format!("{}{COMMON_HEADER}\n{}", module.prelude, module.source),
                ),
                if self.info.shuffles == Shuffles::NvidiaPtx {
                    SOURCE_BUILD_OPTIONS_PTX
                } else {
                    SOURCE_BUILD_OPTIONS
                },
            ),
        };
        let mut program = created.map_err(|e| RuntimeError::cl("clCreateProgram", e.0))?;
        let devices: Vec<cl_device_id> = self.tiles.iter().map(|t| t.device.0).collect();
        if let Err(e) = program.build(&devices, options) {
            let log = devices
                .iter()
                .map(|&d| program.get_build_log(d).unwrap_or_default())
                .collect::<Vec<_>>()
                .join("\n");
            return Err(RuntimeError::KernelBuild {
                module: module.name,
                device: self.info.name.clone(),
                format: self.format.name(),
                log: format!(
                    "{} ({})\n{}",
                    e.0,
                    opencl3::error_codes::error_text(e.0),
                    log.trim()
                ),
            });
        }
        let program = Arc::new(program);
        programs.insert(module.name, program.clone());
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
        let k = Kernel::create(&program, kernel.name)
            .map_err(|e| RuntimeError::cl("clCreateKernel", e.0))?;
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
