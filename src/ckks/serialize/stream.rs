//! A body read as a stream, for `inspect`: fields and nested headers are read, everything else
//! (the words) is passed over in fixed-size pieces and never kept, so describing a file takes a
//! few KiB whatever its size (and the zstd decoder's window, itself bounded by the body's cap).
//! A load needs the whole body in memory; a description needs its structure alone.

use super::header::{ComprMode, SealHeader, HEADER_SIZE};
use super::limits::Cap;
use crate::ckks::load_error::LoadError;
use std::io::{BufRead, BufReader, Read};

/// How much is read or decoded at a time.
const PIECE: usize = 64 << 10;

/// zstd windows as a load accepts them (`codec.rs`): 8 MiB always, larger only as far as the
/// body may reach, never past 2^27.
const ZSTD_WINDOW_LOG_MIN: u32 = 23;
const ZSTD_WINDOW_LOG_MAX: u32 = 27;

/// A failure of the reader under the decoder, told apart from the decoder's own errors when
/// it comes back through it.
#[derive(Debug)]
struct SourceError(std::io::Error);

impl std::fmt::Display for SourceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for SourceError {}

/// The stored bytes of a body: at most `left` more from `r`, counted.
struct Stored<'r> {
    r: &'r mut dyn Read,
    left: u64,
    read: u64,
    /// The reader ended before the size the header announces.
    short: bool,
}

impl Read for Stored<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let room = buf
            .len()
            .min(usize::try_from(self.left).unwrap_or(usize::MAX));
        if room == 0 {
            return Ok(0);
        }
        loop {
            match self.r.read(&mut buf[..room]) {
                Ok(0) => {
                    self.short = true;
                    return Ok(0);
                }
                Ok(k) => {
                    self.left -= k as u64;
                    self.read += k as u64;
                    return Ok(k);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(std::io::Error::new(e.kind(), SourceError(e))),
            }
        }
    }
}

/// The body's bytes as they come out of the codec.
enum Decoded<'r> {
    Plain(Stored<'r>),
    Zlib(flate2::bufread::ZlibDecoder<BufReader<Stored<'r>>>),
    Zstd(zstd::stream::read::Decoder<'static, BufReader<Stored<'r>>>),
}

impl<'r> Decoded<'r> {
    fn stored(&self) -> &Stored<'r> {
        match self {
            Decoded::Plain(s) => s,
            Decoded::Zlib(d) => d.get_ref().get_ref(),
            Decoded::Zstd(d) => d.get_ref().get_ref(),
        }
    }
}

impl Read for Decoded<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self {
            Decoded::Plain(s) => s.read(buf),
            Decoded::Zlib(d) => d.read(buf),
            Decoded::Zstd(d) => d.read(buf),
        }
    }
}

/// One object's body, read in order. Reads stop at the end of the innermost nested object, and
/// a compressed body is refused as soon as it passes its cap.
pub(super) struct BodyStream<'r> {
    src: Decoded<'r>,
    mode: ComprMode,
    /// Stored bytes the header announces.
    want: u64,
    cap: Cap,
    what: &'static str,
    /// Body bytes consumed.
    pos: u64,
    /// Bytes read from the codec ahead of `pos` (the first ones, for telling the kinds apart).
    ahead: Vec<u8>,
    /// Where each open nested object ends, the innermost last.
    ends: Vec<u64>,
    piece: Vec<u8>,
}

impl<'r> BodyStream<'r> {
    /// The body after `header` (already read from `r`), decoded within `cap`.
    pub(super) fn new(
        r: &'r mut dyn Read,
        header: SealHeader,
        cap: Cap,
        what: &'static str,
    ) -> Result<Self, LoadError> {
        let want = header.size - HEADER_SIZE as u64;
        let stored = Stored {
            r,
            left: want,
            read: 0,
            short: false,
        };
        let fail = |e: std::io::Error| LoadError::Decompress {
            mode: header.compression.name(),
            reason: e.to_string(),
        };
        let src = match header.compression {
            ComprMode::None => Decoded::Plain(stored),
            ComprMode::Zlib => Decoded::Zlib(flate2::bufread::ZlibDecoder::new(
                BufReader::with_capacity(PIECE, stored),
            )),
            ComprMode::Zstd => {
                let mut input = BufReader::with_capacity(PIECE, stored);
                // A frame that names its size is refused before anything is decoded.
                let head = input.fill_buf().map_err(|e| io_error(e, "zstd"))?;
                if let Ok(Some(claimed)) = zstd::zstd_safe::get_frame_content_size(head) {
                    if claimed > cap.bytes {
                        return Err(cap.exceeded(what, claimed));
                    }
                }
                let mut d = zstd::stream::read::Decoder::with_buffer(input).map_err(fail)?;
                let window_log = (64 - cap.bytes.leading_zeros())
                    .clamp(ZSTD_WINDOW_LOG_MIN, ZSTD_WINDOW_LOG_MAX);
                d.window_log_max(window_log).map_err(fail)?;
                Decoded::Zstd(d)
            }
        };
        Ok(BodyStream {
            src,
            mode: header.compression,
            want,
            cap,
            what,
            pos: 0,
            ahead: Vec::new(),
            ends: Vec::new(),
            piece: Vec::new(),
        })
    }

    /// Where the innermost open object ends; an uncompressed body's own end is known, a
    /// compressed one's only when it comes.
    fn end(&self) -> u64 {
        match (self.ends.last(), self.mode) {
            (Some(&e), _) => e,
            (None, ComprMode::None) => self.want,
            (None, _) => u64::MAX,
        }
    }

    /// Bytes left in the innermost nested object (in the whole body where it is known).
    pub(super) fn remaining(&self) -> u64 {
        self.end() - self.pos
    }

    /// Reads up to `buf.len()` bytes from the codec, counting them against the cap.
    fn pull(&mut self, buf: &mut [u8]) -> Result<usize, LoadError> {
        let k = loop {
            match self.src.read(buf) {
                Ok(k) => break k,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(self.failed(e)),
            }
        };
        let reached = self.pos + self.ahead.len() as u64 + k as u64;
        if reached > self.cap.bytes {
            return Err(self.cap.exceeded(self.what, reached));
        }
        Ok(k)
    }

    /// The error for `e` from the codec: a file shorter than its header says is truncated,
    /// whatever the decoder made of it; a failing reader is an I/O error; anything else the
    /// decoder's.
    fn failed(&self, e: std::io::Error) -> LoadError {
        if let Some(t) = self.short_file() {
            return t;
        }
        io_error(e, self.mode.name())
    }

    fn short_file(&self) -> Option<LoadError> {
        let s = self.src.stored();
        s.short.then_some(LoadError::Truncated {
            what: "the object the header announces",
            needed: self.want,
            available: s.read,
        })
    }

    /// The body ended after `got` of the `needed` bytes `what` needs.
    fn ended(&self, what: &'static str, needed: u64, got: u64) -> LoadError {
        self.short_file().unwrap_or(LoadError::Truncated {
            what,
            needed,
            available: got,
        })
    }

    /// Makes at least `n` bytes ahead of `pos` available (fewer where the body ends first).
    fn look(&mut self, n: usize) -> Result<&[u8], LoadError> {
        let mut buf = [0u8; 128];
        while self.ahead.len() < n {
            let want = (n - self.ahead.len()).min(buf.len());
            let k = self.pull(&mut buf[..want])?;
            if k == 0 {
                break;
            }
            self.ahead.extend_from_slice(&buf[..k]);
        }
        Ok(&self.ahead[..n.min(self.ahead.len())])
    }

    /// The first `n` bytes of what follows, without consuming them (fewer where the body ends).
    pub(super) fn peek(&mut self, n: usize) -> Result<Vec<u8>, LoadError> {
        let limit = usize::try_from(self.remaining()).unwrap_or(usize::MAX);
        self.look(n.min(limit)).map(<[u8]>::to_vec)
    }

    /// Whether the innermost object (or the body) has nothing more.
    pub(super) fn at_end(&mut self) -> Result<bool, LoadError> {
        if self.remaining() == 0 {
            return Ok(true);
        }
        Ok(self.look(1)?.is_empty())
    }

    /// Consumes `n` bytes, handing each piece to `f`.
    fn consume(
        &mut self,
        n: u64,
        what: &'static str,
        mut f: impl FnMut(&[u8]),
    ) -> Result<(), LoadError> {
        if n > self.remaining() {
            return Err(LoadError::Truncated {
                what,
                needed: n,
                available: self.remaining(),
            });
        }
        let from_ahead = usize::try_from(n)
            .unwrap_or(usize::MAX)
            .min(self.ahead.len());
        f(&self.ahead[..from_ahead]);
        self.ahead.drain(..from_ahead);
        self.pos += from_ahead as u64;
        let mut done = from_ahead as u64;
        if done < n && self.piece.is_empty() {
            self.piece = vec![0u8; PIECE];
        }
        let mut piece = std::mem::take(&mut self.piece);
        while done < n {
            let want = usize::try_from(n - done).unwrap_or(usize::MAX).min(PIECE);
            let k = match self.pull(&mut piece[..want]) {
                Ok(k) => k,
                Err(e) => {
                    self.piece = piece;
                    return Err(e);
                }
            };
            if k == 0 {
                self.piece = piece;
                return Err(self.ended(what, n, done));
            }
            f(&piece[..k]);
            done += k as u64;
            self.pos += k as u64;
        }
        self.piece = piece;
        Ok(())
    }

    /// Passes over `n` bytes.
    pub(super) fn skip(&mut self, n: u64, what: &'static str) -> Result<(), LoadError> {
        self.consume(n, what, |_| {})
    }

    fn array<const N: usize>(&mut self, what: &'static str) -> Result<[u8; N], LoadError> {
        let mut out = [0u8; N];
        let mut at = 0;
        self.consume(N as u64, what, |b| {
            out[at..at + b.len()].copy_from_slice(b);
            at += b.len();
        })?;
        Ok(out)
    }

    pub(super) fn u8(&mut self, what: &'static str) -> Result<u8, LoadError> {
        Ok(self.array::<1>(what)?[0])
    }

    pub(super) fn u64(&mut self, what: &'static str) -> Result<u64, LoadError> {
        Ok(u64::from_le_bytes(self.array(what)?))
    }

    pub(super) fn f64(&mut self, what: &'static str) -> Result<f64, LoadError> {
        Ok(f64::from_bits(self.u64(what)?))
    }

    pub(super) fn parms_id(
        &mut self,
        what: &'static str,
    ) -> Result<crate::ckks::params::ParmsId, LoadError> {
        let mut id = [0u64; 4];
        for w in id.iter_mut() {
            *w = self.u64(what)?;
        }
        Ok(crate::ckks::params::ParmsId(id))
    }

    /// A nested object, as [`super::body::Reader::nested`] reads one: an uncompressed header
    /// whose size covers exactly the nested body, which `f` must read whole.
    pub(super) fn nested<T>(
        &mut self,
        what: &'static str,
        f: impl FnOnce(&mut Self) -> Result<T, LoadError>,
    ) -> Result<T, LoadError> {
        let h: [u8; HEADER_SIZE] = self.array(what)?;
        let room = (HEADER_SIZE as u64).saturating_add(self.remaining());
        let header = SealHeader::parse(&h, room).map_err(|e| super::body::nested_error(what, e))?;
        if header.compression != ComprMode::None {
            return Err(LoadError::Invalid {
                what,
                reason: format!(
                    "a nested object is {}-compressed; SEAL writes them uncompressed",
                    header.compression.name()
                ),
            });
        }
        self.ends.push(self.pos + header.size - HEADER_SIZE as u64);
        let out = f(self)?;
        let left = self.remaining();
        self.ends.pop();
        if left != 0 {
            return Err(LoadError::TrailingBytes { what, extra: left });
        }
        Ok(out)
    }

    /// Checks that the body ends where its structure does, and returns its size: the rest of
    /// an uncompressed body is counted, not read; a compressed one is decoded to its end (within
    /// its cap) and its stream must fill the stored bytes.
    pub(super) fn finish(mut self) -> Result<u64, LoadError> {
        let extra = match self.mode {
            ComprMode::None => self.want - self.pos,
            _ => {
                let mut extra = self.ahead.len() as u64;
                let mut piece = vec![0u8; PIECE];
                loop {
                    let k = self.pull(&mut piece)?;
                    if k == 0 {
                        break;
                    }
                    extra += k as u64;
                    self.pos += k as u64;
                }
                extra
            }
        };
        if let Some(t) = self.short_file() {
            return Err(t);
        }
        if extra > 0 {
            return Err(LoadError::TrailingBytes {
                what: self.what,
                extra,
            });
        }
        if let Decoded::Zlib(d) = &self.src {
            let left = d.get_ref().buffer().len() as u64 + d.get_ref().get_ref().left;
            if left > 0 {
                return Err(LoadError::TrailingBytes {
                    what: "zlib stream",
                    extra: left,
                });
            }
        }
        Ok(self.pos)
    }
}

/// `e` from the codec: the reader's own failure as I/O, the codec's as its mode's.
fn io_error(e: std::io::Error, mode: &'static str) -> LoadError {
    let kind = e.kind();
    match e.into_inner().map(|inner| inner.downcast::<SourceError>()) {
        Some(Ok(source)) => LoadError::Io(source.0.into()),
        Some(Err(other)) => LoadError::Decompress {
            mode,
            reason: other.to_string(),
        },
        None => LoadError::Decompress {
            mode,
            reason: std::io::Error::from(kind).to_string(),
        },
    }
}
