//! NTT tables of an RNS base on one tile, in the word size of the kernels that read them.

use crate::arith::Modulus;
use crate::device_ops::poly::DeviceModuli;
use crate::device_ops::words;
use crate::exec::WordSize;
use crate::ntt::NttTables;
use crate::rns::RnsShape;
use crate::runtime::owned::OwnedBuffer;
use crate::runtime::{Backend, DeviceBuffer};
use crate::runtime::{RuntimeError, RuntimeResult};
use std::sync::Arc;

/// NTT tables of an RNS base on one tile: SEAL's root powers and inverse root powers with their
/// Shoup quotients (`[rns][n]`), and per component n^-1 and n^-1 · inv_root_powers[n-1]. In
/// 32-bit words (two per buffer word) the operands are the same residues and the quotients are
/// ⌊w · 2^32 / q⌋, what the `_w32` kernels read.
#[derive(Debug)]
pub struct DeviceNttTables {
    n: usize,
    word: WordSize,
    moduli: DeviceModuli,
    pub(in crate::device_ops) roots: OwnedBuffer,
    pub(in crate::device_ops) roots_shoup: OwnedBuffer,
    pub(in crate::device_ops) inv_roots: OwnedBuffer,
    pub(in crate::device_ops) inv_roots_shoup: OwnedBuffer,
    pub(in crate::device_ops) consts: OwnedBuffer,
    /// Per component, n^-1 and n^-1 · inv_root_powers[n-1] (the operands of `consts`), kept on
    /// the host for [`DeviceNttTables::scaled_inverse_consts`].
    last_round: Vec<[u64; 2]>,
}

/// `[n^-1, its Shoup quotient, n^-1 · w, its quotient]` per component (`XEHE_NTT_CONST_WORDS`),
/// each operand multiplied by the component's scale where there are scales, quotients for
/// `word`-sized kernels (not yet encoded).
fn last_round_consts(
    word: WordSize,
    moduli: &[Modulus],
    ops: &[[u64; 2]],
    scales: Option<&[u64]>,
) -> Vec<u64> {
    moduli
        .iter()
        .zip(ops)
        .enumerate()
        .flat_map(|(i, (q, ops))| {
            ops.iter().flat_map(move |&op| {
                let v = scales.map_or(op, |s| q.mul_mod(op, s[i]));
                [v, words::shoup_quotient(word, v, q)]
            })
        })
        .collect()
}

impl DeviceNttTables {
    /// Builds the 64-bit tables for degree `n` (a power of two, 2 … 2^17) and NTT-friendly
    /// `moduli` (q ≡ 1 mod 2n) and uploads them to `tile` (freed when the tables are dropped).
    pub fn upload(
        backend: &Arc<dyn Backend>,
        tile: usize,
        n: usize,
        moduli: &[Modulus],
    ) -> RuntimeResult<Self> {
        Self::upload_word(backend, tile, n, moduli, WordSize::W64)
    }

    /// [`DeviceNttTables::upload`] for `word`-sized kernels: 32-bit words take primes of at
    /// most 30 bits ([`RuntimeError::ModulusTooWide`] otherwise). The sub-group variants and
    /// the unfused sequences ([`crate::device_ops::ntt::unfused`]) have no 32-bit build and
    /// answer [`RuntimeError::NoWordBuild`]; the rest runs in either word.
    pub fn upload_word(
        backend: &Arc<dyn Backend>,
        tile: usize,
        n: usize,
        moduli: &[Modulus],
        word: WordSize,
    ) -> RuntimeResult<Self> {
        let device_moduli = DeviceModuli::upload_word(backend, tile, moduli, word)?;
        let tables = moduli
            .iter()
            .map(|q| NttTables::new(n as u64, q))
            .collect::<Result<Vec<_>, _>>()?;
        let flat =
            |f: &dyn Fn(&NttTables) -> Vec<u64>| tables.iter().flat_map(f).collect::<Vec<u64>>();
        let op = |t: &NttTables, inverse: bool| {
            let p = if inverse {
                t.inv_root_powers()
            } else {
                t.root_powers()
            };
            p.iter().map(|s| s.operand).collect::<Vec<_>>()
        };
        // The 64-bit quotients are the host tables' own; 32-bit ones are derived per operand.
        let quo = |t: &NttTables, inverse: bool| {
            let p = if inverse {
                t.inv_root_powers()
            } else {
                t.root_powers()
            };
            match word {
                WordSize::W64 => p.iter().map(|s| s.quotient).collect::<Vec<_>>(),
                WordSize::W32 => p
                    .iter()
                    .map(|s| words::shoup_quotient(word, s.operand, t.modulus()))
                    .collect(),
            }
        };
        let last_round: Vec<[u64; 2]> = tables
            .iter()
            .map(|t| {
                let inv_n = t.inv_degree();
                let w = inv_n.mul_mod(t.inv_root_powers()[n - 1].operand, t.modulus());
                [inv_n.operand, w]
            })
            .collect();
        let consts = last_round_consts(word, moduli, &last_round, None);
        let up = |values: &[u64]| OwnedBuffer::upload(backend, tile, &words::encode(word, values));
        Ok(DeviceNttTables {
            n,
            word,
            moduli: device_moduli,
            roots: up(&flat(&|t| op(t, false)))?,
            roots_shoup: up(&flat(&|t| quo(t, false)))?,
            inv_roots: up(&flat(&|t| op(t, true)))?,
            inv_roots_shoup: up(&flat(&|t| quo(t, true)))?,
            consts: up(&consts)?,
            last_round,
        })
    }

    /// The inverse transform's last-round constants with component i's outputs multiplied by
    /// `scales[i]` (below its prime), for the first `scales.len()` components, laid out as the
    /// tables' own ([`crate::device_ops::ntt::rns::inverse_rns_scaled`] takes them). The merged
    /// last round already multiplies by n^-1 with a Shoup product and reduces to [0, q), so a
    /// scaled n^-1 gives word for word the scaled transform at no cost.
    pub fn scaled_inverse_consts(&self, scales: &[u64]) -> RuntimeResult<Vec<u64>> {
        let moduli = self.moduli.moduli();
        if scales.len() > moduli.len() {
            return Err(RuntimeError::InvalidShape(format!(
                "{} scales for NTT tables of {} moduli",
                scales.len(),
                moduli.len()
            )));
        }
        if let Some((i, &s)) = scales
            .iter()
            .enumerate()
            .find(|&(i, &s)| s >= moduli[i].value())
        {
            return Err(RuntimeError::InvalidShape(format!(
                "scale {s} of component {i} is not below its modulus {}",
                moduli[i].value()
            )));
        }
        let n = scales.len();
        Ok(last_round_consts(
            self.word,
            &moduli[..n],
            &self.last_round[..n],
            Some(scales),
        ))
    }

    pub fn degree(&self) -> usize {
        self.n
    }

    /// The moduli table (for [`crate::device_ops::poly::upload`] and the coefficient-wise kernels).
    pub fn moduli(&self) -> &DeviceModuli {
        &self.moduli
    }

    /// The word size of the tables (and of the data they transform).
    pub fn word(&self) -> WordSize {
        self.word
    }

    /// Refuses 32-bit tables for `what`, whose kernels are built for 64-bit words only.
    pub(in crate::device_ops) fn require_w64(&self, what: &str) -> RuntimeResult<()> {
        match self.word {
            WordSize::W64 => Ok(()),
            w => Err(RuntimeError::NoWordBuild {
                what: what.into(),
                bits: w.bits(),
            }),
        }
    }

    /// [`DeviceNttTables::check_words`] for the 64-bit-only operations (the unfused sequences of
    /// [`crate::device_ops::ntt::unfused`], kept as the fused ones' reference).
    pub(in crate::device_ops) fn check(
        &self,
        shape: RnsShape,
        data: &DeviceBuffer,
    ) -> RuntimeResult<()> {
        self.require_w64("the unfused RNS sequences (device_ops::ntt::unfused)")?;
        self.check_words(shape, data)
    }

    /// Checks that `data` is a `shape` array these tables transform: the degree, at most as
    /// many components, room for the array in the tables' word size, the same tile.
    pub(in crate::device_ops) fn check_words(
        &self,
        shape: RnsShape,
        data: &DeviceBuffer,
    ) -> RuntimeResult<()> {
        crate::device_ops::poly::checked_shape(shape)?;
        // Data over the first rns_count moduli uses a prefix of the tables (a CKKS level).
        if shape.n != self.n || shape.rns_count > self.moduli.moduli().len() {
            return Err(RuntimeError::InvalidShape(format!(
                "NTT tables for n = {} and {} moduli, data of n = {} and {} moduli",
                self.n,
                self.moduli.moduli().len(),
                shape.n,
                shape.rns_count
            )));
        }
        let needed = self.word.storage_words(shape.words());
        if data.words() < needed {
            return Err(RuntimeError::BufferTooSmall {
                what: "NTT data".into(),
                needed,
                available: data.words(),
            });
        }
        if data.tile() != self.roots.tile() {
            return Err(RuntimeError::WrongTile {
                buffer_tile: data.tile(),
                tile: self.roots.tile(),
            });
        }
        Ok(())
    }
}
