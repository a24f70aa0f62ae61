//! The one error the execution model itself finds: a launch that cannot run as asked.

use thiserror::Error;

/// A launch whose range or arguments do not fit the kernel's declaration.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("kernel {kernel}: {problem}")]
pub struct LaunchError {
    pub kernel: &'static str,
    pub problem: String,
}
