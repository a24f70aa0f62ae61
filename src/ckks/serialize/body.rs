//! Reading and writing the little-endian fields of a body, and the nested objects inside it
//! (each with its own uncompressed header, as SEAL writes them).

use super::header::{SealHeader, HEADER_SIZE};
use super::object_io::SaveOptions;
use super::wipe_buf::WipeBuf;
use crate::ckks::load_error::LoadError;
use crate::ckks::params::ParmsId;
use zeroize::Zeroizing;

/// A cursor over a body; every read checks what is left.
pub(crate) struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(data: &'a [u8]) -> Self {
        Reader { data, pos: 0 }
    }

    pub(crate) fn remaining(&self) -> usize {
        self.data.len() - self.pos
    }

    pub(crate) fn bytes(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], LoadError> {
        if n > self.remaining() {
            return Err(LoadError::Truncated {
                what,
                needed: n as u64,
                available: self.remaining() as u64,
            });
        }
        let out = &self.data[self.pos..self.pos + n];
        self.pos += n;
        Ok(out)
    }

    pub(crate) fn u8(&mut self, what: &'static str) -> Result<u8, LoadError> {
        Ok(self.bytes(1, what)?[0])
    }

    pub(crate) fn u64(&mut self, what: &'static str) -> Result<u64, LoadError> {
        Ok(u64::from_le_bytes(
            self.bytes(8, what)?.try_into().expect("8 bytes"),
        ))
    }

    pub(crate) fn f64(&mut self, what: &'static str) -> Result<f64, LoadError> {
        Ok(f64::from_bits(self.u64(what)?))
    }

    pub(crate) fn parms_id(&mut self, what: &'static str) -> Result<ParmsId, LoadError> {
        let mut id = [0u64; 4];
        for w in id.iter_mut() {
            *w = self.u64(what)?;
        }
        Ok(ParmsId(id))
    }

    /// `count` words, allocated only once the body is known to hold them, and wiped unless
    /// taken out (a secret key's words, when a later check refuses them).
    pub(crate) fn words(
        &mut self,
        count: usize,
        what: &'static str,
    ) -> Result<Zeroizing<Vec<u64>>, LoadError> {
        let bytes = self.bytes(count.saturating_mul(8), what)?;
        Ok(Zeroizing::new(
            bytes
                .chunks_exact(8)
                .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
                .collect(),
        ))
    }

    /// A nested object: an uncompressed header whose size covers exactly the nested body,
    /// which `f` must read whole.
    pub(crate) fn nested<T>(
        &mut self,
        what: &'static str,
        f: impl FnOnce(&mut Reader<'a>) -> Result<T, LoadError>,
    ) -> Result<T, LoadError> {
        let h: [u8; HEADER_SIZE] = self.bytes(HEADER_SIZE, what)?.try_into().expect("16 bytes");
        let header = SealHeader::parse(&h, (HEADER_SIZE + self.remaining()) as u64)
            .map_err(|e| nested_error(what, e))?;
        if header.compression != crate::ckks::serialize::header::ComprMode::None {
            return Err(LoadError::Invalid {
                what,
                reason: format!(
                    "a nested object is {}-compressed; SEAL writes them uncompressed",
                    header.compression.name()
                ),
            });
        }
        let len = header.size as usize - HEADER_SIZE;
        let mut inner = Reader::new(self.bytes(len, what)?);
        let out = f(&mut inner)?;
        inner.finish(what)?;
        Ok(out)
    }

    /// Checks that the body was read to its end.
    pub(crate) fn finish(&self, what: &'static str) -> Result<(), LoadError> {
        if self.remaining() != 0 {
            return Err(LoadError::TrailingBytes {
                what,
                extra: self.remaining() as u64,
            });
        }
        Ok(())
    }
}

pub(super) fn nested_error(what: &'static str, e: LoadError) -> LoadError {
    match e {
        LoadError::TooLarge { claimed, max, .. } => LoadError::Invalid {
            what,
            reason: format!("its header claims {claimed} bytes, only {max} remain"),
        },
        LoadError::BadMagic { found } => LoadError::Invalid {
            what,
            reason: format!("no SEAL header where one belongs (magic 0x{found:04X})"),
        },
        other => other,
    }
}

/// Builds a body (in a [`WipeBuf`]: a secret key's body leaves no copy behind as it grows).
#[derive(Default)]
pub(crate) struct Writer {
    out: WipeBuf,
}

impl Writer {
    pub(crate) fn u8(&mut self, v: u8) {
        self.out.extend_from_slice(&[v]);
    }
    pub(crate) fn u64(&mut self, v: u64) {
        self.out.extend_from_slice(&v.to_le_bytes());
    }
    pub(crate) fn f64(&mut self, v: f64) {
        self.u64(v.to_bits());
    }
    pub(crate) fn parms_id(&mut self, id: ParmsId) {
        for w in id.0 {
            self.u64(w);
        }
    }
    pub(crate) fn words(&mut self, words: &[u64]) {
        let n = words.len() * 8;
        let room = &mut self.out.spare(n, usize::MAX)[..n];
        for (b, w) in room.chunks_exact_mut(8).zip(words) {
            b.copy_from_slice(&w.to_le_bytes());
        }
        self.out.commit(n);
    }

    /// A nested object written by `f`, behind its own uncompressed header.
    pub(crate) fn nested(&mut self, opts: SaveOptions, f: impl FnOnce(&mut Writer)) {
        let start = self.out.len();
        self.out.extend_from_slice(&[0u8; HEADER_SIZE]);
        f(self);
        let header = SealHeader {
            version: opts.version(),
            compression: crate::ckks::serialize::header::ComprMode::None,
            size: (self.out.len() - start) as u64,
        };
        self.out.overwrite(start, &header.to_bytes());
    }

    pub(crate) fn bytes(&self) -> &[u8] {
        self.out.as_slice()
    }
}
