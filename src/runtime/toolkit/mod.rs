//! What every backend is built from: the poison-tolerant lock, driver handles that may cross
//! threads, and the id → handle table behind each memory cache (with `runtime::pending`, the
//! launches kept pending for their timestamps). Written once so that cpu-sim, OpenCL and Level
//! Zero differ only in the driver calls.

mod handles;
mod sync;

pub(crate) use handles::{DriverHandle, HandleTable};
pub(crate) use sync::lock;
