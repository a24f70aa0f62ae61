//! The events a command hands out: waits and profiling timestamps.

use crate::runtime::backend::EventSource;
use crate::runtime::error::{RuntimeError, RuntimeResult};
use crate::runtime::profiler::LaunchTimes;
use opencl3::event::Event as ClEvent;

pub(super) struct ClEventSource(pub(super) ClEvent);

impl EventSource for ClEventSource {
    fn wait(&self) -> RuntimeResult<()> {
        self.0
            .wait()
            .map_err(|e| RuntimeError::cl("clWaitForEvents", e.0))
    }
    fn times(&self) -> RuntimeResult<LaunchTimes> {
        self.wait()?;
        event_times(&self.0)
    }
}

pub(super) fn event_times(e: &ClEvent) -> RuntimeResult<LaunchTimes> {
    let f = |r: Result<u64, opencl3::error_codes::ClError>| {
        r.map_err(|e| RuntimeError::cl("clGetEventProfilingInfo", e.0))
    };
    Ok(LaunchTimes {
        queued: f(e.profiling_command_queued())?,
        submit: f(e.profiling_command_submit())?,
        start: f(e.profiling_command_start())?,
        end: f(e.profiling_command_end())?,
    })
}
