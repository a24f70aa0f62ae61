//! Coefficient-wise operations on RNS polynomial arrays held on a device: the host side of
//! kernels-cl/poly_elementwise.cl. Every call checks shapes, buffer sizes and tiles first and
//! enqueues one kernel; results stay on the device.
//!
//! ```
//! use xehe::arith::Modulus;
//! use xehe::device_ops::poly::{self, DeviceModuli};
//! use xehe::rns::RnsShape;
//! use xehe::runtime::{open, BackendChoice, OpenOptions};
//! let dev = open(&OpenOptions { backend: BackendChoice::CpuSim, ..Default::default() })?;
//! let q = [Modulus::new(97).unwrap(), Modulus::new(193).unwrap()];
//! let shape = RnsShape::new(4, 2, 1)?;
//! let moduli = DeviceModuli::upload(&dev, 0, &q)?;
//! let a = poly::upload(dev.as_ref(), 0, shape, &moduli, &[1, 2, 3, 96, 1, 2, 3, 192])?;
//! let out = dev.alloc(0, shape.words())?;
//! poly::negate(dev.as_ref(), shape, &a, &out, &moduli)?;
//! let mut host = vec![0; 8];
//! dev.read(&out, 0, &mut host)?;
//! assert_eq!(host, [96, 95, 94, 1, 192, 191, 190, 1]);
//! # Ok::<(), xehe::runtime::RuntimeError>(())
//! ```

use crate::arith::Modulus;
use crate::device_ops::words;
use crate::exec::WordKernel;
use crate::exec::WordSize;
use crate::kernels::poly_elementwise::{self as k, BinaryArgs, MadArgs, UnaryArgs};
use crate::runtime::owned::OwnedBuffer;
use crate::runtime::{Backend, DeviceBuffer, NdRange};
use crate::runtime::{RuntimeError, RuntimeResult};
use std::sync::Arc;

use crate::rns::RnsShape;

/// The launch range of a coefficient-wise kernel over `s`: (coefficient, component,
/// polynomial).
fn range(s: RnsShape) -> NdRange {
    NdRange::new([s.n, s.rns_count, s.poly_count])
}

/// The device table of the moduli of an RNS base (q and its Barrett constants per component),
/// in the word size of the kernels that read it.
#[derive(Debug)]
pub struct DeviceModuli {
    buffer: OwnedBuffer,
    moduli: Vec<Modulus>,
    word: WordSize,
}

impl DeviceModuli {
    /// Uploads the 64-bit table to `tile` (freed when the table is dropped).
    pub fn upload(
        backend: &Arc<dyn Backend>,
        tile: usize,
        moduli: &[Modulus],
    ) -> RuntimeResult<Self> {
        Self::upload_word(backend, tile, moduli, WordSize::W64)
    }

    /// Uploads the table of `word`-sized kernels, refusing a prime too wide for the word
    /// ([`RuntimeError::ModulusTooWide`]).
    pub fn upload_word(
        backend: &Arc<dyn Backend>,
        tile: usize,
        moduli: &[Modulus],
        word: WordSize,
    ) -> RuntimeResult<Self> {
        if moduli.is_empty() {
            return Err(RuntimeError::InvalidShape(
                "an RNS base needs at least one modulus".into(),
            ));
        }
        for q in moduli {
            words::check_modulus(q, word)?;
        }
        Ok(DeviceModuli {
            buffer: OwnedBuffer::upload(backend, tile, &words::moduli_rows(word, moduli))?,
            moduli: moduli.to_vec(),
            word,
        })
    }

    pub fn moduli(&self) -> &[Modulus] {
        &self.moduli
    }

    pub fn buffer(&self) -> &DeviceBuffer {
        &self.buffer
    }

    /// The word size of the table, and of the data uploaded with it.
    pub fn word(&self) -> WordSize {
        self.word
    }
}

/// Checks that `data` has the shape's size and every word is reduced modulo its component's
/// prime, then uploads it to a new buffer on `tile`.
pub fn upload(
    backend: &dyn Backend,
    tile: usize,
    shape: RnsShape,
    moduli: &DeviceModuli,
    data: &[u64],
) -> RuntimeResult<DeviceBuffer> {
    let shape = checked_shape(shape)?;
    check_moduli(shape, moduli)?;
    if data.len() != shape.words() {
        return Err(RuntimeError::InvalidShape(format!(
            "{} words given for a {}×{}×{} array ({} words)",
            data.len(),
            shape.poly_count,
            shape.rns_count,
            shape.n,
            shape.words()
        )));
    }
    for (index, &value) in data.iter().enumerate() {
        let q = moduli.moduli[(index / shape.n) % shape.rns_count].value();
        if value >= q {
            return Err(RuntimeError::NotReduced {
                index,
                value,
                modulus: q,
            });
        }
    }
    // Every word is below its prime, which the table's word size takes: narrowing is exact.
    let stored = words::encode(moduli.word, data);
    let buffer = backend.alloc(tile, stored.len())?;
    backend.write(&buffer, 0, &stored)?;
    Ok(buffer)
}

/// The words of a `shape` array in `word`s read back from `buffer` (widened to u64): what
/// [`upload`] wrote, or a transform's result.
pub fn download(
    backend: &dyn Backend,
    buffer: &DeviceBuffer,
    shape: RnsShape,
    word: WordSize,
) -> RuntimeResult<Vec<u64>> {
    let shape = checked_shape(shape)?;
    let stored_words = word.storage_words(shape.words());
    if buffer.words() < stored_words {
        return Err(RuntimeError::BufferTooSmall {
            what: "downloaded array".into(),
            needed: stored_words,
            available: buffer.words(),
        });
    }
    let mut stored = vec![0; stored_words];
    backend.read(buffer, 0, &mut stored)?;
    Ok(words::decode(word, &stored, shape.words()))
}

/// `s` as [`RnsShape::new`] would have made it: its fields are public, and the launches index
/// with 32-bit `n` and `rns_count` over `s.words()` words, which must not overflow.
pub(crate) fn checked_shape(s: RnsShape) -> RuntimeResult<RnsShape> {
    Ok(RnsShape::new(s.n, s.rns_count, s.poly_count)?)
}

/// The first `rns_count` moduli of the table serve the data: a CKKS level is a prefix of its
/// context's primes.
fn check_moduli(shape: RnsShape, moduli: &DeviceModuli) -> RuntimeResult<()> {
    if moduli.moduli.len() < shape.rns_count {
        return Err(RuntimeError::InvalidShape(format!(
            "{} moduli for {} RNS components (at least as many needed)",
            moduli.moduli.len(),
            shape.rns_count
        )));
    }
    Ok(())
}

/// `b` holds at least `words` words, or the typed error naming it `name`.
pub(crate) fn check_buffer(name: &str, b: &DeviceBuffer, words: usize) -> RuntimeResult<()> {
    if b.words() < words {
        return Err(RuntimeError::BufferTooSmall {
            what: name.to_string(),
            needed: words,
            available: b.words(),
        });
    }
    Ok(())
}

/// Checks the moduli table, each input (name, buffer, words it must hold) and the output, in
/// the table's word size.
fn check(
    shape: RnsShape,
    inputs: &[(&str, &DeviceBuffer, usize)],
    out: &DeviceBuffer,
    moduli: &DeviceModuli,
) -> RuntimeResult<()> {
    check_moduli(shape, moduli)?;
    let stored = |words: usize| moduli.word.storage_words(words);
    for (name, b, words) in inputs {
        check_buffer(name, b, stored(*words))?;
    }
    check_buffer("out", out, stored(shape.words()))
}

/// A kernel of a batch of `s`'s shape and a second operand (of the same shape, or of one scalar
/// per component where `scalars`) into a third.
fn binary(
    b: &dyn Backend,
    kernel: &'static WordKernel<BinaryArgs<'static>>,
    s: RnsShape,
    (x, y, scalars): (&DeviceBuffer, &DeviceBuffer, bool),
    out: &DeviceBuffer,
    m: &DeviceModuli,
) -> RuntimeResult<()> {
    let s = checked_shape(s)?;
    let y_words = if scalars { s.rns_count } else { s.words() };
    check(s, &[("a", x, s.words()), ("b", y, y_words)], out, m)?;
    let args = BinaryArgs {
        a: x,
        b: y,
        out,
        moduli: &*m.buffer,
        n: s.n as u32,
        rns_count: s.rns_count as u32,
    };
    // SAFETY: work-item (i, j, p) of the range touches word p·rns·n + j·n + i of `a` and
    // `out` (below s.words(), checked above), word j of a scalar operand (`y_words` is
    // rns_count then) or word i of `b`, and row j of the moduli table (rns_count rows checked).
    unsafe { kernel.word(m.word).launch(b, out.tile(), &range(s), args) }
}

/// out = a + b.
pub fn add(
    b: &dyn Backend,
    s: RnsShape,
    x: &DeviceBuffer,
    y: &DeviceBuffer,
    out: &DeviceBuffer,
    m: &DeviceModuli,
) -> RuntimeResult<()> {
    binary(b, &k::POLY_ADD, s, (x, y, false), out, m)
}

/// out = a − b.
pub fn sub(
    b: &dyn Backend,
    s: RnsShape,
    x: &DeviceBuffer,
    y: &DeviceBuffer,
    out: &DeviceBuffer,
    m: &DeviceModuli,
) -> RuntimeResult<()> {
    binary(b, &k::POLY_SUB, s, (x, y, false), out, m)
}

/// out = −a.
pub fn negate(
    b: &dyn Backend,
    s: RnsShape,
    x: &DeviceBuffer,
    out: &DeviceBuffer,
    m: &DeviceModuli,
) -> RuntimeResult<()> {
    let s = checked_shape(s)?;
    check(s, &[("a", x, s.words())], out, m)?;
    let args = UnaryArgs {
        a: x,
        out,
        moduli: &*m.buffer,
        n: s.n as u32,
        rns_count: s.rns_count as u32,
    };
    // SAFETY: work-item (i, j, p) touches word p·rns·n + j·n + i of `a` and `out` (below
    // s.words(), checked above) and row j of the moduli table (rns_count rows checked).
    unsafe {
        k::POLY_NEGATE
            .word(m.word)
            .launch(b, out.tile(), &range(s), args)
    }
}

/// out = a · b coefficient-wise.
pub fn mul(
    b: &dyn Backend,
    s: RnsShape,
    x: &DeviceBuffer,
    y: &DeviceBuffer,
    out: &DeviceBuffer,
    m: &DeviceModuli,
) -> RuntimeResult<()> {
    binary(b, &k::POLY_MUL, s, (x, y, false), out, m)
}

/// out = a · c with one scalar per RNS component (`scalars`, reduced, `rns_count` words).
pub fn mul_scalar(
    b: &dyn Backend,
    s: RnsShape,
    x: &DeviceBuffer,
    scalars: &DeviceBuffer,
    out: &DeviceBuffer,
    m: &DeviceModuli,
) -> RuntimeResult<()> {
    binary(b, &k::POLY_MUL_SCALAR, s, (x, scalars, true), out, m)
}

/// out = a · b + c with one reduction (fused `mad_mod`).
pub fn mad(
    b: &dyn Backend,
    s: RnsShape,
    x: &DeviceBuffer,
    y: &DeviceBuffer,
    c: &DeviceBuffer,
    out: &DeviceBuffer,
    m: &DeviceModuli,
) -> RuntimeResult<()> {
    let s = checked_shape(s)?;
    let w = s.words();
    check(s, &[("a", x, w), ("b", y, w), ("c", c, w)], out, m)?;
    let args = MadArgs {
        a: x,
        b: y,
        c,
        out,
        moduli: &*m.buffer,
        n: s.n as u32,
        rns_count: s.rns_count as u32,
    };
    // SAFETY: work-item (i, j, p) touches word p·rns·n + j·n + i of `a`, `b`, `c` and `out`
    // (below s.words(), checked above) and row j of the moduli table (rns_count rows checked).
    unsafe {
        k::POLY_MAD
            .word(m.word)
            .launch(b, out.tile(), &range(s), args)
    }
}
