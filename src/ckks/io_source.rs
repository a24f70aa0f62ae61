//! The I/O error under a failed load or save, kept whole.

use std::error::Error;
use std::sync::Arc;
use std::{fmt, io};

/// The `std::io::Error` under [`LoadError::Io`](crate::ckks::serialize::LoadError::Io) and
/// [`CkksError::Save`](crate::ckks::CkksError::Save). It is shared, so that those errors stay
/// `Clone` (an `io::Error` is not), and two compare equal when their kinds and messages do (an
/// `io::Error` is not `PartialEq`). It displays as the `io::Error` does, and its
/// [`source`](Error::source) is that `io::Error`, so a walk down the sources finds it.
///
/// ```
/// use std::error::Error;
/// use std::io::{self, ErrorKind};
/// use xehe::ckks::serialize::{IoSource, LoadError};
/// let e = LoadError::Io(IoSource::from(io::Error::new(ErrorKind::PermissionDenied, "locked")));
/// assert_eq!(e.to_string(), "reading failed: locked");
/// let io = std::iter::successors(e.source(), |&s| s.source())
///     .find_map(|s| s.downcast_ref::<io::Error>());
/// assert_eq!(io.map(io::Error::kind), Some(ErrorKind::PermissionDenied));
/// ```
#[derive(Clone, Debug)]
pub struct IoSource(Arc<io::Error>);

impl IoSource {
    /// The I/O error.
    pub fn get_ref(&self) -> &io::Error {
        &self.0
    }

    /// The I/O error's kind.
    pub fn kind(&self) -> io::ErrorKind {
        self.0.kind()
    }
}

impl From<io::Error> for IoSource {
    fn from(e: io::Error) -> Self {
        IoSource(Arc::new(e))
    }
}

impl PartialEq for IoSource {
    fn eq(&self, other: &Self) -> bool {
        self.0.kind() == other.0.kind() && self.0.to_string() == other.0.to_string()
    }
}

impl fmt::Display for IoSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Error for IoSource {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        Some(&*self.0)
    }
}
