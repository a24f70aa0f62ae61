//! A kernel object with the arguments last set on it, so that a launch sets only the ones
//! that changed (the moduli tables, degree and prime counts of a pipeline seldom do).

use crate::runtime::backend::KernelArg;
use crate::runtime::error::{RuntimeError, RuntimeResult};
use crate::runtime::memcache::MemcacheError;
use crate::runtime::toolkit::DriverHandle;
use opencl3::kernel::Kernel;
use opencl3::types::cl_mem;

/// One argument's value as the driver takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ArgValue {
    Mem(DriverHandle<cl_mem>),
    U32(u32),
    U64(u64),
    /// `__local` memory of this many bytes.
    Local(usize),
}

impl ArgValue {
    /// The values of `args`, buffers resolved by `mem` (None: a buffer this tile never gave
    /// out); `__local` sizes count words of `word_bytes` bytes.
    pub(super) fn of(
        args: &[KernelArg<'_>],
        word_bytes: usize,
        mem: &dyn Fn(u64) -> Option<DriverHandle<cl_mem>>,
    ) -> RuntimeResult<Vec<ArgValue>> {
        args.iter()
            .map(|a| {
                Ok(match a {
                    KernelArg::Buffer(b) => ArgValue::Mem(mem(b.id).ok_or_else(|| {
                        RuntimeError::from(MemcacheError::UnknownBuffer(format!(
                            "opencl #{}",
                            b.id
                        )))
                    })?),
                    KernelArg::U32(v) => ArgValue::U32(*v),
                    KernelArg::U64(v) => ArgValue::U64(*v),
                    KernelArg::Local(w) => ArgValue::Local(w * word_bytes),
                })
            })
            .collect()
    }
}

/// A kernel object and what its arguments hold now (None: never set).
pub(super) struct ClKernel {
    pub(super) kernel: Kernel,
    set: Vec<Option<ArgValue>>,
    /// The tile's buffer-release count when the buffer arguments were set.
    releases: u64,
}

impl ClKernel {
    pub(super) fn new(kernel: Kernel, args: usize) -> Self {
        ClKernel {
            kernel,
            set: vec![None; args],
            releases: 0,
        }
    }

    /// Sets the arguments whose value differs from the last launch's. A `cl_mem` is compared
    /// by handle, which is only sound while no buffer has been released since it was set: a
    /// driver may turn the handle into a device address at set time and hand the same handle
    /// to a later buffer at another address. `releases` is the tile's count of released
    /// buffers; when it moved, every buffer argument is set again.
    pub(super) fn set_args(&mut self, values: &[ArgValue], releases: u64) -> RuntimeResult<()> {
        if releases != self.releases {
            for last in &mut self.set {
                if matches!(last, Some(ArgValue::Mem(_))) {
                    *last = None;
                }
            }
            self.releases = releases;
        }
        for (i, (v, last)) in values.iter().zip(self.set.iter_mut()).enumerate() {
            if *last == Some(*v) {
                continue;
            }
            let i = i as u32;
            let k = &self.kernel;
            let r = unsafe {
                match v {
                    ArgValue::Mem(m) => k.set_arg(i, &m.0),
                    ArgValue::U32(x) => k.set_arg(i, x),
                    ArgValue::U64(x) => k.set_arg(i, x),
                    ArgValue::Local(bytes) => k.set_arg_local_buffer(i, *bytes),
                }
            };
            // A refused argument leaves the kernel's value unknown: set it again next time.
            *last = None;
            r.map_err(|e| RuntimeError::cl("clSetKernelArg", e.0))?;
            *last = Some(*v);
        }
        Ok(())
    }
}
