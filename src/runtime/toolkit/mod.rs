//! What every backend is built from: the poison-tolerant lock, driver handles that may cross
//! threads, the id → handle table behind each memory cache, and the launches kept pending for
//! their timestamps. Written once here so that cpu-sim, OpenCL and Level Zero differ only in
//! the driver calls.

mod handles;
mod pending;
mod sync;

pub(crate) use handles::{DriverHandle, HandleTable};
pub(crate) use pending::{Pending, PendingLaunches};
pub(crate) use sync::lock;
