//! `--backend` and `--device`, shared by every command that runs on a device. An explicit flag
//! beats the `XEHE_*` environment, which beats `auto`; what cannot be honoured is refused, and
//! every fallback `auto` takes is said on stderr.

use super::error::UsageError;
use clap::Args;
use std::sync::Arc;
use xehe::runtime::{open_explained, Backend, BackendChoice, OpenOptions};

#[derive(Args, Clone, Debug, Default)]
pub struct DeviceArgs {
    /// cpu-sim, opencl, level-zero or auto (the first Level Zero GPU, else the first OpenCL
    /// device, GPUs first, else cpu-sim). Default: XEHE_BACKEND, else auto.
    #[arg(long)]
    pub backend: Option<String>,
    /// Root device index within the backend. Default: XEHE_DEVICE, else 0. An index the chosen
    /// backend lacks is an error, never a fallback.
    #[arg(long)]
    pub device: Option<usize>,
}

impl DeviceArgs {
    /// Opens the backend these flags and the environment choose.
    pub fn open(&self) -> Result<Arc<dyn Backend>, UsageError> {
        self.open_with_tiles(None)
    }

    /// [`DeviceArgs::open`] with an exact tile count when `tiles` is given (beating
    /// `XEHE_TILES`).
    pub fn open_with_tiles(&self, tiles: Option<usize>) -> Result<Arc<dyn Backend>, UsageError> {
        let mut options = OpenOptions::from_env().map_err(|e| UsageError(e.to_string()))?;
        if let Some(b) = &self.backend {
            options.backend = BackendChoice::parse(b).map_err(|e| UsageError(e.to_string()))?;
        }
        if let Some(d) = self.device {
            options.device = Some(d);
        }
        if tiles.is_some() {
            options.tiles = tiles;
        }
        let opened = open_explained(&options).map_err(|e| UsageError(e.to_string()))?;
        for line in &opened.fallbacks {
            eprintln!("xehe: {line}");
        }
        Ok(opened.backend)
    }
}
