//! A byte buffer that leaves no copy of its bytes in freed memory.
//!
//! A `Vec` that grows hands its old allocation back with the bytes still in it; for a secret
//! key's body (read, decompressed, built or compressed) that is a stray copy of the key. This
//! buffer grows by moving into a fresh allocation and wiping the old one, and wipes itself when
//! dropped. Every object's body goes through it, so the secret key's path is the one every
//! load and save takes; wiping public bytes costs a memset next to parsing them.

use std::io::Read;
use zeroize::Zeroize;

/// The least a buffer grows by, so that small reads and writes do not regrow it each time.
const MIN_GROWTH: usize = 64 << 10;

#[derive(Default)]
pub(crate) struct WipeBuf {
    /// Zero beyond `len`; its length is the capacity in use.
    mem: Vec<u8>,
    len: usize,
}

impl WipeBuf {
    pub(crate) fn as_slice(&self) -> &[u8] {
        &self.mem[..self.len]
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// At least `want` writable bytes after the data (zeros), growing the buffer to at most
    /// `limit` bytes in all: shorter only where `limit` leaves less. [`WipeBuf::commit`] keeps
    /// what was written into them.
    pub(crate) fn spare(&mut self, want: usize, limit: usize) -> &mut [u8] {
        let need = self.len.saturating_add(want).min(limit);
        if need > self.mem.len() {
            let size = need
                .max(self.mem.len().saturating_mul(2))
                .max(MIN_GROWTH)
                .min(limit);
            let mut mem = vec![0u8; size];
            mem[..self.len].copy_from_slice(&self.mem[..self.len]);
            std::mem::swap(&mut mem, &mut self.mem);
            mem.zeroize();
        }
        &mut self.mem[self.len..]
    }

    /// Keeps `n` bytes written into the last [`WipeBuf::spare`] slice.
    pub(crate) fn commit(&mut self, n: usize) {
        assert!(
            self.len + n <= self.mem.len(),
            "commit past the spare bytes"
        );
        self.len += n;
    }

    pub(crate) fn extend_from_slice(&mut self, bytes: &[u8]) {
        self.spare(bytes.len(), usize::MAX)[..bytes.len()].copy_from_slice(bytes);
        self.len += bytes.len();
    }

    /// Overwrites bytes already held, from `at`.
    pub(crate) fn overwrite(&mut self, at: usize, bytes: &[u8]) {
        self.mem[..self.len][at..at + bytes.len()].copy_from_slice(bytes);
    }

    /// Reads from `r` until it ends or `limit` bytes are held; the caller tells a short read.
    pub(crate) fn read_from(r: &mut impl Read, limit: u64) -> std::io::Result<WipeBuf> {
        let limit = usize::try_from(limit).unwrap_or(usize::MAX);
        let mut buf = WipeBuf::default();
        while buf.len < limit {
            let room = buf.spare(MIN_GROWTH, limit);
            match r.read(room) {
                Ok(0) => break,
                Ok(n) => buf.commit(n),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(buf)
    }
}

impl Drop for WipeBuf {
    fn drop(&mut self) {
        self.mem.zeroize();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growing_keeps_the_bytes_and_stops_at_the_limit() {
        let mut b = WipeBuf::default();
        let data: Vec<u8> = (0..300_000u32).map(|i| (i * 7) as u8).collect();
        for chunk in data.chunks(1000) {
            b.extend_from_slice(chunk);
        }
        assert_eq!(b.as_slice(), &data[..]);
        b.overwrite(5, &[1, 2, 3]);
        assert_eq!(&b.as_slice()[4..9], &[data[4], 1, 2, 3, data[8]]);
        let r = WipeBuf::read_from(&mut &data[..], 100_001).unwrap();
        assert_eq!(r.as_slice(), &data[..100_001]);
        let all = WipeBuf::read_from(&mut &data[..], u64::MAX).unwrap();
        assert_eq!(all.as_slice(), &data[..]);
        let mut s = WipeBuf::default();
        assert_eq!(s.spare(10, 4).len(), 4);
    }
}
