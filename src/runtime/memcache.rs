//! The per-queue GPU memory cache of XeHE (book §"GPU Memory Cache" and §"Buffer Lifetime
//! Control"): freed device buffers go to a free pool and are handed out again, first fit by
//! capacity, so that the steady state of an HE pipeline performs no device allocations.
//!
//! - **alloc pool**: buffers handed out, each with `retained` and `ready_to_free` bits;
//! - **free pool**: buffers kept allocated for reuse;
//! - **compute frames**: between [`Memcache::start_frame`] and [`Memcache::end_frame`] every
//!   active buffer is retained, so a buffer freed by the host while asynchronous kernels may still
//!   use it is only marked `ready_to_free` and reaches the free pool at the end of the frame. The
//!   caller synchronises the queue before starting or ending a frame (the runtime's queue does).
//! - [`Memcache::flush`] releases the free pool; [`Memcache::deactivate`] flushes and turns the
//!   cache off, after which frees are real releases.
//!
//! One mutex guards both pools (XeHE uses two, always taken together on the paths that touch
//! both); the device allocator itself is called outside the lock, so a slow allocation does not
//! block other threads' reuse.

use crate::runtime::toolkit::lock;
use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;
use std::sync::Mutex;

pub use crate::runtime::memcache_error::MemcacheError;

/// What the cache needs from a device: allocate and release raw buffers.
pub trait RawAllocator: Send + Sync {
    /// A device buffer: a pointer, a `cl_mem`, an index into simulated memory.
    type Handle: Copy + Eq + Hash + Debug + Send;
    /// Allocates at least `bytes` bytes.
    fn allocate(&self, bytes: usize) -> Result<Self::Handle, MemcacheError>;
    /// Releases a buffer this allocator returned.
    fn release(&self, handle: Self::Handle);
}

/// A buffer handed out by the cache; its capacity may exceed the request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CachedBuffer<H> {
    pub handle: H,
    pub capacity: usize,
}

/// Counters, for tests and the profiler.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemcacheStats {
    /// Allocations that reached the device.
    pub device_allocations: u64,
    /// Requests served from the free pool.
    pub reuses: u64,
    /// Buffers released to the device.
    pub device_releases: u64,
    /// Buffers handed out now (alloc pool size).
    pub active: usize,
    /// Buffers waiting in the free pool.
    pub free: usize,
    /// Bytes held by the device on behalf of the cache (both pools).
    pub held_bytes: usize,
}

#[derive(Clone, Copy, Debug)]
struct AllocEntry {
    capacity: usize,
    retained: bool,
    ready_to_free: bool,
    uncached: bool,
}

#[derive(Debug)]
struct Pools<H> {
    active: bool,
    retain_buffers: bool,
    free_pool: Vec<CachedBuffer<H>>,
    alloc_pool: HashMap<H, AllocEntry>,
    /// Buffers freed inside the current frame, in the order they were freed.
    frame_freed: Vec<H>,
    stats: MemcacheStats,
    /// Bytes the cache may hold at most (the tile's share of device memory), if known.
    limit: Option<u64>,
}

/// The memory cache of one queue.
///
/// ```
/// use xehe::runtime::memcache::{Memcache, HostAllocator};
/// let cache = Memcache::new(HostAllocator::default());
/// let a = cache.alloc(4096)?;
/// cache.free(a.handle)?;
/// let b = cache.alloc(1000)?; // served from the free pool: same buffer, capacity 4096
/// assert_eq!((b.handle, b.capacity), (a.handle, 4096));
/// assert_eq!(cache.stats().device_allocations, 1);
/// # Ok::<(), xehe::runtime::memcache::MemcacheError>(())
/// ```
///
/// Thread safety: `Send + Sync`; every method takes `&self` and locks the pools, so one cache serves all threads on its queue.
pub struct Memcache<A: RawAllocator> {
    allocator: A,
    pools: Mutex<Pools<A::Handle>>,
}

impl<A: RawAllocator> Memcache<A> {
    pub fn new(allocator: A) -> Self {
        Self {
            allocator,
            pools: Mutex::new(Pools {
                active: true,
                retain_buffers: false,
                free_pool: Vec::new(),
                alloc_pool: HashMap::new(),
                frame_freed: Vec::new(),
                stats: MemcacheStats::default(),
                limit: None,
            }),
        }
    }

    /// Caps what the cache holds at `limit` bytes: a request past it first releases the free
    /// pool, then fails with [`MemcacheError::OutOfMemory`] before reaching the driver.
    pub fn set_limit(&self, limit: Option<u64>) {
        self.pools().limit = limit;
    }

    /// The device allocator underneath.
    pub fn allocator(&self) -> &A {
        &self.allocator
    }

    fn pools(&self) -> std::sync::MutexGuard<'_, Pools<A::Handle>> {
        // A panic while holding the lock cannot leave the pools half-updated (every critical
        // section is a few infallible collection operations), so a poisoned lock is still usable.
        lock(&self.pools)
    }

    /// A buffer of at least `bytes` bytes: the first free-pool buffer large enough, else a new
    /// device allocation.
    pub fn alloc(&self, bytes: usize) -> Result<CachedBuffer<A::Handle>, MemcacheError> {
        self.alloc_with(bytes, false)
    }

    /// A buffer that bypasses the cache: it is released to the device when freed.
    pub fn alloc_uncached(&self, bytes: usize) -> Result<CachedBuffer<A::Handle>, MemcacheError> {
        self.alloc_with(bytes, true)
    }

    fn alloc_with(
        &self,
        bytes: usize,
        uncached: bool,
    ) -> Result<CachedBuffer<A::Handle>, MemcacheError> {
        if bytes == 0 {
            return Err(MemcacheError::ZeroSize);
        }
        {
            let mut p = self.pools();
            let uncached = uncached || !p.active;
            if !uncached {
                if let Some(i) = p.free_pool.iter().position(|b| b.capacity >= bytes) {
                    let buf = p.free_pool.remove(i);
                    let retained = p.retain_buffers;
                    p.alloc_pool.insert(
                        buf.handle,
                        AllocEntry {
                            capacity: buf.capacity,
                            retained,
                            ready_to_free: false,
                            uncached: false,
                        },
                    );
                    p.stats.reuses += 1;
                    return Ok(buf);
                }
            }
        }
        self.make_room(bytes)?;
        let handle = self.allocator.allocate(bytes)?;
        let mut p = self.pools();
        let retained = p.retain_buffers;
        let uncached = uncached || !p.active;
        p.alloc_pool.insert(
            handle,
            AllocEntry {
                capacity: bytes,
                retained,
                ready_to_free: false,
                uncached,
            },
        );
        p.stats.device_allocations += 1;
        p.stats.held_bytes += bytes;
        Ok(CachedBuffer {
            handle,
            capacity: bytes,
        })
    }

    /// Within the limit: releases the free pool when the request would pass it, and refuses
    /// when it still would.
    fn make_room(&self, bytes: usize) -> Result<(), MemcacheError> {
        let over = |p: &Pools<A::Handle>| {
            p.limit
                .is_some_and(|l| (p.stats.held_bytes as u128 + bytes as u128) > l as u128)
        };
        if !over(&self.pools()) {
            return Ok(());
        }
        self.flush();
        let p = self.pools();
        if over(&p) {
            return Err(MemcacheError::OutOfMemory {
                bytes,
                held: p.stats.held_bytes,
                limit: p.limit,
                reason: "past the device memory of this tile".into(),
            });
        }
        Ok(())
    }

    /// Returns a buffer. Inside a compute frame a retained buffer is only marked
    /// `ready_to_free`; otherwise it joins the free pool (or goes back to the device when
    /// uncached or the cache is inactive).
    pub fn free(&self, handle: A::Handle) -> Result<(), MemcacheError> {
        let release = {
            let mut p = self.pools();
            let entry = match p.alloc_pool.get_mut(&handle) {
                Some(e) if !e.ready_to_free => e,
                _ => return Err(MemcacheError::UnknownBuffer(format!("{handle:?}"))),
            };
            if entry.retained {
                entry.ready_to_free = true;
                p.frame_freed.push(handle);
                return Ok(());
            }
            let entry = p.alloc_pool.remove(&handle).expect("entry found above");
            Self::retire(&mut p, handle, entry)
        };
        if let Some(h) = release {
            self.allocator.release(h);
        }
        Ok(())
    }

    /// Moves a finished buffer to the free pool, or returns it for release to the device.
    fn retire(p: &mut Pools<A::Handle>, handle: A::Handle, entry: AllocEntry) -> Option<A::Handle> {
        if entry.uncached || !p.active {
            p.stats.device_releases += 1;
            p.stats.held_bytes -= entry.capacity;
            Some(handle)
        } else {
            p.free_pool.push(CachedBuffer {
                handle,
                capacity: entry.capacity,
            });
            None
        }
    }

    /// Starts a compute frame: every active buffer, and every buffer allocated until
    /// [`Memcache::end_frame`], is retained.
    pub fn start_frame(&self) {
        let mut p = self.pools();
        p.retain_buffers = true;
        p.alloc_pool.values_mut().for_each(|e| e.retained = true);
    }

    /// Ends a compute frame: clears every retained bit and moves the buffers freed during the
    /// frame to the free pool.
    pub fn end_frame(&self) {
        let released: Vec<A::Handle> = {
            let mut p = self.pools();
            p.retain_buffers = false;
            // In the order they were freed, as outside a frame: the free pool's order decides
            // which buffer a later request reuses.
            let done: Vec<(A::Handle, AllocEntry)> = std::mem::take(&mut p.frame_freed)
                .into_iter()
                .filter_map(|h| p.alloc_pool.get(&h).map(|e| (h, *e)))
                .collect();
            p.alloc_pool.values_mut().for_each(|e| e.retained = false);
            done.into_iter()
                .filter_map(|(h, e)| {
                    p.alloc_pool.remove(&h);
                    Self::retire(&mut p, h, e)
                })
                .collect()
        };
        released.into_iter().for_each(|h| self.allocator.release(h));
    }

    /// Whether a compute frame is open.
    pub fn in_frame(&self) -> bool {
        self.pools().retain_buffers
    }

    /// Releases every buffer of the free pool to the device.
    pub fn flush(&self) {
        let drained: Vec<CachedBuffer<A::Handle>> = {
            let mut p = self.pools();
            let drained: Vec<_> = p.free_pool.drain(..).collect();
            p.stats.device_releases += drained.len() as u64;
            p.stats.held_bytes -= drained.iter().map(|b| b.capacity).sum::<usize>();
            drained
        };
        drained
            .into_iter()
            .for_each(|b| self.allocator.release(b.handle));
    }

    /// Flushes and turns caching off: from now on every free is a device release.
    pub fn deactivate(&self) {
        self.pools().active = false;
        self.flush();
    }

    /// Current counters.
    pub fn stats(&self) -> MemcacheStats {
        let p = self.pools();
        MemcacheStats {
            active: p.alloc_pool.len(),
            free: p.free_pool.len(),
            ..p.stats
        }
    }
}

impl<A: RawAllocator> Drop for Memcache<A> {
    /// End of life: every buffer still held, free or active, goes back to the device.
    fn drop(&mut self) {
        let p = self.pools.get_mut().unwrap_or_else(|p| p.into_inner());
        let handles: Vec<A::Handle> = p
            .free_pool
            .drain(..)
            .map(|b| b.handle)
            .chain(p.alloc_pool.drain().map(|(h, _)| h))
            .collect();
        handles.into_iter().for_each(|h| self.allocator.release(h));
    }
}

/// Host memory as a "device": backs the cpu-sim backend and the cache's own tests.
#[derive(Debug, Default)]
pub struct HostAllocator {
    buffers: Mutex<HashMap<u64, Vec<u8>>>,
    next: std::sync::atomic::AtomicU64,
}

impl HostAllocator {
    /// Number of live buffers.
    pub fn live(&self) -> usize {
        lock(&self.buffers).len()
    }
}

impl RawAllocator for HostAllocator {
    type Handle = u64;

    fn allocate(&self, bytes: usize) -> Result<u64, MemcacheError> {
        let mut v = Vec::new();
        v.try_reserve_exact(bytes)
            .map_err(|e| MemcacheError::AllocationFailed {
                bytes,
                reason: e.to_string(),
            })?;
        v.resize(bytes, 0);
        let id = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        lock(&self.buffers).insert(id, v);
        Ok(id)
    }

    fn release(&self, handle: u64) {
        let removed = lock(&self.buffers).remove(&handle);
        debug_assert!(removed.is_some(), "host buffer {handle} released twice");
    }
}
