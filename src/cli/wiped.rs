//! A buffered writer whose buffer is wiped each time it is passed on and when it is dropped:
//! secret-key bytes pass through it on their way to a file, and `std::io::BufWriter` would
//! leave them in freed memory. The buffer never grows (a reallocation would leave a copy
//! behind): writes at least its size go straight through.

use std::io::{self, Write};
use zeroize::{Zeroize, Zeroizing};

/// Bytes held before they are passed on.
const CAPACITY: usize = 64 << 10;

/// See the module's documentation.
pub struct WipedWriter<W: Write> {
    inner: W,
    buf: Zeroizing<Vec<u8>>,
}

impl<W: Write> WipedWriter<W> {
    pub fn new(inner: W) -> Self {
        Self {
            inner,
            buf: Zeroizing::new(Vec::with_capacity(CAPACITY)),
        }
    }

    fn pass_on(&mut self) -> io::Result<()> {
        self.inner.write_all(&self.buf)?;
        // Zeroes the whole capacity and empties the buffer, which keeps its allocation.
        self.buf.zeroize();
        Ok(())
    }
}

impl<W: Write> Write for WipedWriter<W> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        if self.buf.len() + data.len() > CAPACITY {
            self.pass_on()?;
        }
        if data.len() >= CAPACITY {
            return self.inner.write(data);
        }
        self.buf.extend_from_slice(data);
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.pass_on()?;
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passes_everything_on_in_order_without_growing() {
        let mut w = WipedWriter::new(Vec::new());
        let capacity = w.buf.capacity();
        let big = vec![7u8; CAPACITY + 5];
        w.write_all(b"head").unwrap();
        w.write_all(&big).unwrap();
        w.write_all(&[1; 100]).unwrap();
        assert_eq!(w.buf.capacity(), capacity);
        w.flush().unwrap();
        // SAFETY: the buffer's allocation holds `capacity` bytes, all written (zeroed) by flush.
        let left = unsafe { std::slice::from_raw_parts(w.buf.as_ptr(), capacity) };
        assert!(
            left.iter().all(|&b| b == 0),
            "nothing left behind after passing it on"
        );
        let mut want = b"head".to_vec();
        want.extend_from_slice(&big);
        want.extend_from_slice(&[1; 100]);
        assert_eq!(w.inner, want);
    }
}
