//! The memory cache: reuse, first fit by capacity, compute frames, flush, deactivation, typed
//! errors, and concurrent allocation and release with nothing lost or released twice.

use rand::{Rng, SeedableRng};
use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use xehe::runtime::memcache::{Memcache, MemcacheError, RawAllocator};

/// A fake device that records every live buffer and fails the test on a double release.
#[derive(Default)]
struct CountingDevice {
    live: Mutex<HashSet<u64>>,
    next: AtomicU64,
    released: AtomicU64,
    fail_above: Option<usize>,
}

impl RawAllocator for &CountingDevice {
    type Handle = u64;
    fn allocate(&self, bytes: usize) -> Result<u64, MemcacheError> {
        if self.fail_above.is_some_and(|max| bytes > max) {
            return Err(MemcacheError::AllocationFailed {
                bytes,
                reason: "out of device memory".into(),
            });
        }
        let h = self.next.fetch_add(1, Ordering::SeqCst) + 1;
        self.live.lock().unwrap().insert(h);
        Ok(h)
    }
    fn release(&self, h: u64) {
        assert!(
            self.live.lock().unwrap().remove(&h),
            "buffer {h} released twice or never allocated"
        );
        self.released.fetch_add(1, Ordering::SeqCst);
    }
}

#[test]
fn reuse_is_first_fit_by_capacity() {
    let dev = CountingDevice::default();
    let cache = Memcache::new(&dev);
    let small = cache.alloc(100).unwrap();
    let big = cache.alloc(1000).unwrap();
    let mid = cache.alloc(500).unwrap();
    for b in [small, big, mid] {
        cache.free(b.handle).unwrap();
    }
    // Free pool in order: 100, 1000, 500. A 400-byte request takes the first that fits: 1000.
    let r = cache.alloc(400).unwrap();
    assert_eq!((r.handle, r.capacity), (big.handle, 1000));
    let r2 = cache.alloc(400).unwrap();
    assert_eq!(r2.handle, mid.handle);
    let r3 = cache.alloc(400).unwrap(); // nothing fits: new device buffer
    assert_eq!(r3.capacity, 400);
    let s = cache.stats();
    assert_eq!(
        (s.device_allocations, s.reuses, s.active, s.free),
        (4, 2, 3, 1)
    );
    assert_eq!(s.held_bytes, 100 + 1000 + 500 + 400);
}

#[test]
fn frames_defer_frees_until_the_end() {
    let dev = CountingDevice::default();
    let cache = Memcache::new(&dev);
    let before = cache.alloc(64).unwrap();
    cache.start_frame();
    assert!(cache.in_frame());
    let inside = cache.alloc(64).unwrap();
    cache.free(before.handle).unwrap();
    cache.free(inside.handle).unwrap();
    // Both still belong to in-flight work: not reusable.
    assert_eq!(cache.stats().free, 0);
    assert_eq!(cache.stats().active, 2);
    let third = cache.alloc(64).unwrap();
    assert!(third.handle != before.handle && third.handle != inside.handle);
    // Freeing a buffer twice inside the frame is still an error.
    assert!(matches!(
        cache.free(before.handle),
        Err(MemcacheError::UnknownBuffer(_))
    ));
    cache.end_frame();
    assert!(!cache.in_frame());
    let s = cache.stats();
    assert_eq!((s.active, s.free), (1, 2));
    // After the frame, frees go straight to the free pool.
    cache.free(third.handle).unwrap();
    assert_eq!(cache.stats().free, 3);
}

#[test]
fn flush_deactivate_and_drop_release_everything() {
    let dev = CountingDevice::default();
    {
        let cache = Memcache::new(&dev);
        let a = cache.alloc(10).unwrap();
        let b = cache.alloc(20).unwrap();
        let kept = cache.alloc(30).unwrap();
        cache.free(a.handle).unwrap();
        cache.free(b.handle).unwrap();
        cache.flush();
        assert_eq!(dev.live.lock().unwrap().len(), 1);
        assert_eq!(cache.stats().device_releases, 2);
        let c = cache.alloc(40).unwrap();
        cache.deactivate();
        cache.free(c.handle).unwrap(); // a real release now
        assert_eq!(dev.live.lock().unwrap().len(), 1);
        let d = cache.alloc(40).unwrap();
        assert_eq!(cache.stats().reuses, 0);
        let _ = (kept, d);
    }
    assert!(
        dev.live.lock().unwrap().is_empty(),
        "drop released every buffer"
    );
}

#[test]
fn uncached_buffers_bypass_the_pool() {
    let dev = CountingDevice::default();
    let cache = Memcache::new(&dev);
    let u = cache.alloc_uncached(128).unwrap();
    cache.free(u.handle).unwrap();
    assert_eq!(cache.stats().free, 0);
    assert!(dev.live.lock().unwrap().is_empty());
}

#[test]
fn bad_requests_are_typed_errors() {
    let dev = CountingDevice {
        fail_above: Some(1 << 20),
        ..Default::default()
    };
    let cache = Memcache::new(&dev);
    assert_eq!(cache.alloc(0), Err(MemcacheError::ZeroSize));
    assert!(
        matches!(cache.alloc(1 << 21), Err(MemcacheError::AllocationFailed { bytes, .. }) if bytes == 1 << 21)
    );
    assert!(matches!(
        cache.free(12345),
        Err(MemcacheError::UnknownBuffer(_))
    ));
    let a = cache.alloc(8).unwrap();
    cache.free(a.handle).unwrap();
    assert!(
        matches!(cache.free(a.handle), Err(MemcacheError::UnknownBuffer(_))),
        "double free"
    );
    assert_eq!(cache.stats().active, 0);
}

#[test]
fn concurrent_threads_lose_nothing() {
    let dev = CountingDevice::default();
    let cache = Memcache::new(&dev);
    let handed_out = Mutex::new(HashSet::new());
    std::thread::scope(|s| {
        for t in 0..8u64 {
            let (cache, handed_out) = (&cache, &handed_out);
            s.spawn(move || {
                let mut rng = rand::rngs::StdRng::seed_from_u64(t);
                let mut mine = Vec::new();
                for i in 0..4000 {
                    if mine.is_empty() || rng.gen_bool(0.55) {
                        let b = cache.alloc(rng.gen_range(1..8) * 1024).unwrap();
                        // No buffer is ever handed to two owners at once.
                        assert!(
                            handed_out.lock().unwrap().insert(b.handle),
                            "buffer handed out twice"
                        );
                        mine.push(b.handle);
                    } else {
                        let h = mine.swap_remove(rng.gen_range(0..mine.len()));
                        assert!(handed_out.lock().unwrap().remove(&h));
                        cache.free(h).unwrap();
                    }
                    if t == 0 && i % 500 == 0 {
                        cache.flush();
                    }
                }
                for h in mine {
                    assert!(handed_out.lock().unwrap().remove(&h));
                    cache.free(h).unwrap();
                }
            });
        }
    });
    let s = cache.stats();
    assert_eq!(s.active, 0);
    assert_eq!(s.free as u64 + s.device_releases, s.device_allocations);
    assert!(s.reuses > 0);
    assert_eq!(dev.live.lock().unwrap().len(), s.free);
    drop(cache);
    assert!(dev.live.lock().unwrap().is_empty());
}
