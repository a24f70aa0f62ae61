//! Residues as a device stores them in either word size. The host keeps u64 words for both
//! tiers (every 32-bit-tier residue fits one); device buffers stay arrays of 64-bit words, and
//! in the 32-bit tier each holds two residues ([`crate::exec::word::pack_u32`]). Uploads narrow
//! and downloads widen here, so that the rest of `device_ops` never sees the packing.
//!
//! ```
//! use xehe::arith::Modulus;
//! use xehe::device_ops::words;
//! use xehe::exec::WordSize;
//! let q = Modulus::new(998_244_353)?;
//! assert!(words::check_modulus(&q, WordSize::W32).is_ok());
//! let stored = words::encode(WordSize::W32, &[1, 2, 3]);
//! assert_eq!(stored, [1 | 2 << 32, 3]);
//! assert_eq!(words::decode(WordSize::W32, &stored, 3), [1, 2, 3]);
//! assert!(words::check_modulus(&Modulus::new((1 << 61) - 1)?, WordSize::W32).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::arith::{Modulus, ShoupOperand, Word};
use crate::exec::word::{pack_u32, unpack_u32};
use crate::exec::WordSize;
use crate::runtime::{RuntimeError, RuntimeResult};

/// The widest prime a word size takes ([`Word::MAX_MODULUS_BITS`]: 4q must fit a word for the
/// lazy NTT butterflies, q² + q a double word for the products).
pub const fn max_modulus_bits(word: WordSize) -> u32 {
    match word {
        WordSize::W32 => <u32 as Word>::MAX_MODULUS_BITS,
        WordSize::W64 => <u64 as Word>::MAX_MODULUS_BITS,
    }
}

/// Refuses a prime wider than `word` takes ([`RuntimeError::ModulusTooWide`]).
pub fn check_modulus(q: &Modulus, word: WordSize) -> RuntimeResult<()> {
    let max_bits = max_modulus_bits(word);
    if q.bit_count() > max_bits {
        return Err(RuntimeError::ModulusTooWide {
            modulus: q.value(),
            bits: q.bit_count(),
            word_bits: word.bits(),
            max_bits,
        });
    }
    Ok(())
}

/// `values` as a buffer of `word`s holds them: as they are for 64 bits, two per 64-bit word for
/// 32 bits. Callers have checked that every value fits the word (a residue of a prime that
/// [`check_modulus`] accepted).
pub fn encode(word: WordSize, values: &[u64]) -> Vec<u64> {
    match word {
        WordSize::W64 => values.to_vec(),
        WordSize::W32 => {
            debug_assert!(values.iter().all(|&v| v <= u32::MAX as u64));
            pack_u32(&values.iter().map(|&v| v as u32).collect::<Vec<_>>())
        }
    }
}

/// The `count` values a buffer of `word`s holds in `stored`, widened to u64.
pub fn decode(word: WordSize, stored: &[u64], count: usize) -> Vec<u64> {
    match word {
        WordSize::W64 => stored[..count].to_vec(),
        WordSize::W32 => unpack_u32(stored, count)
            .into_iter()
            .map(u64::from)
            .collect(),
    }
}

/// The device moduli table of `moduli` in `word`s (`XEHE_MODULUS_WORDS` per row), encoded.
pub fn moduli_rows(word: WordSize, moduli: &[Modulus]) -> Vec<u64> {
    match word {
        WordSize::W64 => crate::kernels::mod_arith::moduli_table(moduli),
        WordSize::W32 => pack_u32(
            &moduli
                .iter()
                .flat_map(<u32 as Word>::modulus_row)
                .collect::<Vec<_>>(),
        ),
    }
}

/// Shoup's quotient of the operand w < q as `word`-sized kernels read it: ⌊w · 2^bits / q⌋.
pub fn shoup_quotient(word: WordSize, w: u64, q: &Modulus) -> u64 {
    match word {
        WordSize::W64 => ShoupOperand::new(w, q).quotient,
        WordSize::W32 => <u32 as Word>::shoup(w, q) as u64,
    }
}
