//! The check that what a device computation freed holds only zeros before the memory cache hands
//! it out again (secrets must not outlive their buffers).

use xehe::runtime::Backend;

/// Takes every free buffer of tile 0 back from the memory cache, reads it and asserts that it
/// holds only zeros; returns how many it read. `sizes` (descending, in words) are the
/// requests: free buffers are taken at the first size until a request needs a new allocation
/// (set aside unread), then at the next, so a buffer is read at the largest of `sizes` it
/// serves (all of it, where the sizes are the buffers' own). Every free buffer must be read,
/// and all go back to the pool at the end.
pub fn free_buffers_hold_zeros(b: &dyn Backend, sizes: &[usize]) -> usize {
    b.wait(0).unwrap();
    let free = b.memcache_stats(0).unwrap().free;
    let (mut read, mut fresh) = (Vec::new(), Vec::new());
    for &words in sizes {
        // Once every free buffer is read, a request could only allocate: none is made.
        while read.len() < free {
            let allocations = b.memcache_stats(0).unwrap().device_allocations;
            let buf = b.alloc(0, words).unwrap();
            if b.memcache_stats(0).unwrap().device_allocations != allocations {
                fresh.push(buf);
                break;
            }
            let mut w = vec![0u64; words];
            b.read(&buf, 0, &mut w).unwrap();
            assert!(
                w.iter().all(|&x| x == 0),
                "a recycled buffer of at least {words} words still holds words"
            );
            // Kept out of the pool: the next request takes another free buffer.
            read.push(buf);
        }
    }
    assert_eq!(read.len(), free, "every free buffer read");
    for buf in read.into_iter().chain(fresh) {
        b.free(buf).unwrap();
    }
    free
}
