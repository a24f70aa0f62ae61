//! The profiler: [`EventCollector`] records every kernel launch; [`DataProcessor`] turns the
//! records into per-kernel statistics and per-operation tables, and dumps them as Markdown, CSV,
//! JSON and a Chrome trace-event timeline (one track per tile; opens in Perfetto).

mod collector;
mod report;

pub use collector::{EventCollector, LaunchRecord, LaunchTimes, OperationScope};
pub use report::{union_ns, DataProcessor, KernelShare, KernelStats, OperationStats, RunWindow};
