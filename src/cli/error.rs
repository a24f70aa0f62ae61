//! How a command fails: bad input (exit status 2), a result that failed its check (3), or
//! standard output that cannot be written (4).

use xehe::ckks::CkksError;
use xehe::runtime::RuntimeError;

/// Bad input, usage or environment (arguments, files, settings, a device that cannot hold the
/// work): printed as one line, exit status 2.
pub struct UsageError(pub String);

/// Every way a command fails, each with its own exit status.
pub enum CliError {
    /// Exit status 2: see [`UsageError`].
    Usage(String),
    /// Exit status 3: the work ran, but a result was outside its stated bound or differed from
    /// its reference.
    CheckFailed(String),
}

impl From<UsageError> for CliError {
    fn from(e: UsageError) -> Self {
        CliError::Usage(e.0)
    }
}

/// Exit status for bad input, usage or environment.
pub const EXIT_USAGE: u8 = 2;
/// Exit status for a result outside its bound.
pub const EXIT_CHECK_FAILED: u8 = 3;
/// Exit status when standard output cannot be written (a full disk; a closed pipe is success).
pub const EXIT_OUTPUT: u8 = 4;

/// A runtime (or mathematical) error met while setting up or running a command, as bad input
/// or environment.
pub fn err(e: impl Into<RuntimeError>) -> UsageError {
    let e: RuntimeError = e.into();
    UsageError(e.to_string())
}

/// A CKKS error met while setting up or running a command, as bad input or environment.
pub fn ckks_err(e: CkksError) -> UsageError {
    UsageError(e.to_string())
}
