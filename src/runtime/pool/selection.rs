//! Which root devices a pool opens: `all`, `all-gpu`, or a list such as
//! `opencl:0,opencl:1,level-zero:0` (`XEHE_DEVICES`, `--devices`).

#![warn(missing_docs)]

use crate::runtime::backend::BackendKind;
use crate::runtime::error::{ConfigError, RuntimeResult};
use std::fmt;

/// One root device: a backend and the device's index among that backend's root devices (the
/// index `xehe devices` prints; on cpu-sim, a simulated root device of its own).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct DeviceId {
    /// The backend that opens it.
    pub backend: BackendKind,
    /// Its index among that backend's root devices.
    pub index: usize,
}

impl fmt::Display for DeviceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.backend, self.index)
    }
}

/// The most root devices one list may name (cpu-sim indices stay below it too).
pub const MAX_DEVICES: usize = 64;

/// What a device pool opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeviceSelection {
    /// Every root device of every backend (Level Zero GPUs, then every OpenCL device of every
    /// platform, CPUs included), an OpenCL device that is also a Level Zero GPU once.
    All,
    /// [`DeviceSelection::All`]'s GPUs only.
    AllGpu,
    /// These root devices, in this order, each once.
    List(Vec<DeviceId>),
}

impl DeviceSelection {
    /// Parses `all`, `all-gpu`, or comma-separated `BACKEND:INDEX` entries (backends `cpu-sim`,
    /// `opencl`, `level-zero`; spaces around entries are ignored).
    ///
    /// ```
    /// use xehe::runtime::pool::{DeviceId, DeviceSelection};
    /// use xehe::runtime::BackendKind;
    /// let list = DeviceSelection::parse("opencl:0, level-zero:1")?;
    /// assert_eq!(list, DeviceSelection::List(vec![
    ///     DeviceId { backend: BackendKind::OpenCl, index: 0 },
    ///     DeviceId { backend: BackendKind::LevelZero, index: 1 },
    /// ]));
    /// assert_eq!(DeviceSelection::parse("all-gpu")?, DeviceSelection::AllGpu);
    /// assert!(DeviceSelection::parse("opencl:0,opencl:0").is_err());
    /// assert!(DeviceSelection::parse("cuda:0").is_err());
    /// # Ok::<(), xehe::runtime::RuntimeError>(())
    /// ```
    pub fn parse(s: &str) -> RuntimeResult<Self> {
        let bad = |problem: String| -> crate::runtime::RuntimeError {
            ConfigError::BadDeviceList {
                given: s.to_string(),
                problem,
            }
            .into()
        };
        match s.trim() {
            "all" => return Ok(DeviceSelection::All),
            "all-gpu" => return Ok(DeviceSelection::AllGpu),
            "" => return Err(bad("empty".into())),
            _ => {}
        }
        let mut list: Vec<DeviceId> = Vec::new();
        for entry in s.split(',').map(str::trim) {
            let (backend, index) = entry
                .split_once(':')
                .ok_or_else(|| bad(format!("entry {entry:?} is not BACKEND:INDEX")))?;
            let backend = match backend.trim() {
                "cpu-sim" | "sim" => BackendKind::CpuSim,
                "opencl" => BackendKind::OpenCl,
                "level-zero" | "ze" => BackendKind::LevelZero,
                other => return Err(bad(format!("unknown backend {other:?}"))),
            };
            let index: usize = index
                .trim()
                .parse()
                .map_err(|_| bad(format!("entry {entry:?}: the index is not a number")))?;
            if index >= MAX_DEVICES {
                return Err(bad(format!(
                    "entry {entry:?}: indices go up to {}",
                    MAX_DEVICES - 1
                )));
            }
            let id = DeviceId { backend, index };
            if list.contains(&id) {
                return Err(bad(format!("{id} is named twice")));
            }
            list.push(id);
        }
        Ok(DeviceSelection::List(list))
    }
}

impl fmt::Display for DeviceSelection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeviceSelection::All => f.write_str("all"),
            DeviceSelection::AllGpu => f.write_str("all-gpu"),
            DeviceSelection::List(ids) => {
                let names: Vec<String> = ids.iter().map(DeviceId::to_string).collect();
                f.write_str(&names.join(","))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_lists_are_typed_errors_that_say_what_is_wrong() {
        for (given, problem) in [
            ("", "empty"),
            ("opencl", "not BACKEND:INDEX"),
            ("opencl:x", "not a number"),
            ("opencl:-1", "not a number"),
            ("vulkan:0", "unknown backend"),
            ("opencl:0,,opencl:1", "not BACKEND:INDEX"),
            ("cpu-sim:1,sim:1", "named twice"),
            ("opencl:64", "up to 63"),
            ("all,opencl:0", "not BACKEND:INDEX"),
        ] {
            let e = DeviceSelection::parse(given).unwrap_err();
            assert!(
                matches!(
                    e,
                    crate::runtime::RuntimeError::Config(ConfigError::BadDeviceList { .. })
                ),
                "{given:?}: {e:?}"
            );
            assert!(e.to_string().contains(problem), "{given:?}: {e}");
        }
    }

    #[test]
    fn a_selection_prints_as_it_parses() {
        for s in ["all", "all-gpu", "opencl:0,level-zero:1,cpu-sim:3"] {
            assert_eq!(DeviceSelection::parse(s).unwrap().to_string(), s);
        }
    }
}
