//! A built OpenCL program as the backend holds it: the handle, released when the last user drops
//! it. Apart from `program.rs` (which builds programs) so that the backend's device, which keeps
//! them, and the builder need not import each other.

use crate::runtime::toolkit::DriverHandle;
use opencl3::types::cl_program;

/// A program of the backend's context, built for all its tiles.
pub struct ClProgram(pub(super) DriverHandle<cl_program>);

impl ClProgram {
    pub(super) fn raw(&self) -> cl_program {
        self.0 .0
    }
}

impl Drop for ClProgram {
    fn drop(&mut self) {
        // Release fails only for an invalid program, which this handle cannot be.
        // SAFETY: the handle is a program this value owns; nothing uses it after the drop.
        let _ = unsafe { cl3::program::release_program(self.0 .0) };
    }
}
