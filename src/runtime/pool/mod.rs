//! The device pool: every root device the user names (`XEHE_DEVICES`, `--devices`) or all of
//! them, across OpenCL platforms, Level Zero and cpu-sim, each split into its tiles
//! ([`DevicePool`]); and the work-stealing scheduler that spreads independent jobs over
//! workers, one per tile ([`run_batch`]). What a job is, and what each tile holds for it, is
//! the layers' above (`ckks::pool`).

mod device_pool;
mod schedule;
mod selection;

pub use device_pool::{DevicePool, PoolDevice, PoolOptions, PoolTile};
pub use schedule::{run_batch, Batch, DeviceFault, JobError, WorkerStats};
pub use selection::{DeviceId, DeviceSelection, MAX_DEVICES};
