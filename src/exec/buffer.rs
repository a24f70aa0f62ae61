//! The handle of a device buffer, as kernels take it and backends hand it out.

/// A buffer of 64-bit words on one tile. Dropping the handle does not free it: pass it to the
/// backend's `free`, which returns it to the tile's memory cache.
///
/// Thread safety: `Send + Sync`; a handle (tile, id, size), used through its backend.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct DeviceBuffer {
    pub(crate) tile: usize,
    pub(crate) id: u64,
    pub(crate) words: usize,
}

impl DeviceBuffer {
    /// The tile the buffer lives on.
    pub fn tile(&self) -> usize {
        self.tile
    }
    /// Usable length in 64-bit words (the request; the cache may hold more behind it).
    pub fn words(&self) -> usize {
        self.words
    }
    /// A second handle to the same buffer, for owners that free it exactly once themselves
    /// (a CKKS device copy frees its buffer when dropped).
    pub(crate) fn alias(&self) -> DeviceBuffer {
        DeviceBuffer {
            tile: self.tile,
            id: self.id,
            words: self.words,
        }
    }
}
