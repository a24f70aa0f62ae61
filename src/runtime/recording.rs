//! Recorded launch sequences: a tile's launches captured once (`Backend::begin_recording` …
//! `Backend::end_recording`) and replayed many times (`Backend::replay`) with the same buffers
//! and arguments. Where the driver records natively (`cl_khr_command_buffer` on Intel's OpenCL
//! runtime and PoCL) a replay is one enqueue; elsewhere the recording is the list of launches,
//! issued again one by one (today's path, without the work of the code that chose them).
//!
//! The buffers a recording names are the caller's: they must stay allocated (not freed to the
//! memory cache, where another owner would get them) while the recording may be replayed;
//! recording inside a compute frame (`Backend::start_frame`) keeps an operation's temporaries.
//! A replay repeats every argument, randomness included: never record an encryption, whose
//! draws would repeat.

use super::error::{RuntimeError, RuntimeResult};
use crate::exec::{DeviceBuffer, KernelArg, KernelSpec, NdRange};
use crate::runtime::toolkit::lock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// A launch with its arguments owned (buffers as handles of the same buffers).
pub(crate) struct RecordedLaunch {
    pub kernel: &'static KernelSpec,
    pub range: NdRange,
    args: Vec<OwnedArg>,
}

enum OwnedArg {
    Buffer(DeviceBuffer),
    U32(u32),
    U64(u64),
    Local(usize),
}

impl RecordedLaunch {
    pub fn new(kernel: &'static KernelSpec, range: &NdRange, args: &[KernelArg<'_>]) -> Self {
        let args = args
            .iter()
            .map(|a| match a {
                KernelArg::Buffer(b) => OwnedArg::Buffer(b.alias()),
                KernelArg::U32(v) => OwnedArg::U32(*v),
                KernelArg::U64(v) => OwnedArg::U64(*v),
                KernelArg::Local(w) => OwnedArg::Local(*w),
            })
            .collect();
        RecordedLaunch {
            kernel,
            range: *range,
            args,
        }
    }

    /// The arguments as a launch takes them.
    pub fn args(&self) -> Vec<KernelArg<'_>> {
        self.args
            .iter()
            .map(|a| match a {
                OwnedArg::Buffer(b) => KernelArg::Buffer(b),
                OwnedArg::U32(v) => KernelArg::U32(*v),
                OwnedArg::U64(v) => KernelArg::U64(*v),
                OwnedArg::Local(w) => KernelArg::Local(*w),
            })
            .collect()
    }
}

/// A recording the driver holds (a finalized OpenCL command buffer).
pub(crate) trait NativeRecording: Send + Sync {
    /// Enqueues the whole sequence on its queue; false when the driver cannot take it now (an
    /// earlier replay still pending on a driver without simultaneous use), so that the caller
    /// issues the launches instead.
    fn replay(&self) -> RuntimeResult<bool>;

    /// The recording itself, for a backend that replays its own kind through its tile (Level
    /// Zero's lists need the tile's immediate list and queue).
    fn as_any(&self) -> &dyn std::any::Any;
}

pub(crate) enum Recorded {
    Launches(Vec<RecordedLaunch>),
    /// The driver's recording, with the launches for when it cannot replay it.
    Native(Box<dyn NativeRecording>, Vec<RecordedLaunch>),
}

/// A recorded launch sequence of one tile of one opened backend.
///
/// Thread safety: `Send + Sync`; replays go to the tile's in-order queue.
pub struct Recording {
    pub(crate) backend: u64,
    pub(crate) tile: usize,
    pub(crate) launches: usize,
    pub(crate) recorded: Recorded,
}

impl Recording {
    /// The tile it replays on.
    pub fn tile(&self) -> usize {
        self.tile
    }
    /// How many launches it holds.
    pub fn launches(&self) -> usize {
        self.launches
    }
    /// Whether the driver holds it (one enqueue per replay) rather than xehe's list.
    pub fn is_native(&self) -> bool {
        matches!(self.recorded, Recorded::Native(..))
    }
}

impl std::fmt::Debug for Recording {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Recording(tile {}, {} launches, {})",
            self.tile,
            self.launches,
            if self.is_native() { "native" } else { "list" }
        )
    }
}

/// A fresh identity for an opened backend: recordings replay only on the backend that made
/// them.
fn next_backend_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// One opened backend's recordings in progress, per tile, as lists of launches (backends
/// without a native recording, and the launches a native one keeps), with the identity its
/// recordings carry.
pub(crate) struct RecordingSlots {
    backend: u64,
    slots: Mutex<Vec<Option<Vec<RecordedLaunch>>>>,
}

impl RecordingSlots {
    pub fn new(tiles: usize) -> Self {
        RecordingSlots {
            backend: next_backend_id(),
            slots: Mutex::new((0..tiles).map(|_| None).collect()),
        }
    }

    /// The identity of the backend these slots belong to.
    pub fn backend(&self) -> u64 {
        self.backend
    }

    pub fn begin(&self, tile: usize) -> RuntimeResult<()> {
        let mut s = lock(&self.slots);
        let available = s.len();
        let slot = s.get_mut(tile).ok_or(RuntimeError::NoSuchTile {
            index: tile,
            available,
        })?;
        if slot.is_some() {
            return Err(RuntimeError::Recording(format!(
                "tile {tile} is already recording"
            )));
        }
        *slot = Some(Vec::new());
        Ok(())
    }

    pub fn is_recording(&self, tile: usize) -> bool {
        lock(&self.slots).get(tile).is_some_and(|s| s.is_some())
    }

    /// Captures the launch when `tile` is recording (true), else leaves it to run (false).
    pub fn capture(
        &self,
        tile: usize,
        kernel: &'static KernelSpec,
        range: &NdRange,
        args: &[KernelArg<'_>],
    ) -> bool {
        match lock(&self.slots).get_mut(tile) {
            Some(Some(list)) => {
                list.push(RecordedLaunch::new(kernel, range, args));
                true
            }
            _ => false,
        }
    }

    /// Ends `tile`'s recording: the list of its launches.
    pub fn end(&self, tile: usize) -> RuntimeResult<Recording> {
        let list = lock(&self.slots)
            .get_mut(tile)
            .and_then(Option::take)
            .ok_or_else(|| RuntimeError::Recording(format!("tile {tile} is not recording")))?;
        Ok(Recording {
            backend: self.backend,
            tile,
            launches: list.len(),
            recorded: Recorded::Launches(list),
        })
    }

    /// Refuses a copy on a recording tile: copies are not recorded, and running one in the
    /// middle of a recording would be out of order with the launches around it.
    pub fn refuse_copy(&self, tile: usize, what: &str) -> RuntimeResult<()> {
        if self.is_recording(tile) {
            return Err(RuntimeError::Recording(format!(
                "a {what} on tile {tile} while it records: recordings hold launches only"
            )));
        }
        Ok(())
    }

    /// Checks that `rec` was made by this backend, on one of its tiles.
    pub fn check_owner(&self, rec: &Recording) -> RuntimeResult<()> {
        if rec.backend != self.backend {
            return Err(RuntimeError::Recording(
                "a recording replays only on the opened backend that made it".into(),
            ));
        }
        let tiles = lock(&self.slots).len();
        if rec.tile >= tiles {
            return Err(RuntimeError::NoSuchTile {
                index: rec.tile,
                available: tiles,
            });
        }
        Ok(())
    }
}

/// Replays a list recording through `launch` (the backend's own launch path).
pub(crate) fn replay_list(
    rec: &Recording,
    mut launch: impl FnMut(&RecordedLaunch) -> RuntimeResult<()>,
) -> RuntimeResult<()> {
    match &rec.recorded {
        Recorded::Launches(list) => list.iter().try_for_each(&mut launch),
        Recorded::Native(native, list) => {
            if !native.replay()? {
                list.iter().try_for_each(&mut launch)?;
            }
            Ok(())
        }
    }
}
