//! NTT tables of an RNS base on one tile.

use super::super::poly::{DeviceModuli, RnsShape};
use crate::arith::{Modulus, ShoupOperand};
use crate::ntt::NttTables;
use crate::runtime::backend::{Backend, DeviceBuffer};
use crate::runtime::error::{RuntimeError, RuntimeResult};
use crate::runtime::owned::OwnedBuffer;
use std::sync::Arc;

/// NTT tables of an RNS base on one tile: SEAL's root powers and inverse root powers with their
/// Shoup quotients (`[rns][n]`), and per component n^-1 and n^-1 · inv_root_powers[n-1].
#[derive(Debug)]
pub struct DeviceNttTables {
    n: usize,
    moduli: DeviceModuli,
    pub(in crate::runtime) roots: OwnedBuffer,
    pub(in crate::runtime) roots_shoup: OwnedBuffer,
    pub(in crate::runtime) inv_roots: OwnedBuffer,
    pub(in crate::runtime) inv_roots_shoup: OwnedBuffer,
    pub(in crate::runtime) consts: OwnedBuffer,
}

impl DeviceNttTables {
    /// Builds the tables for degree `n` (a power of two, 2 … 2^17) and NTT-friendly `moduli`
    /// (q ≡ 1 mod 2n) and uploads them to `tile` (freed when the tables are dropped).
    pub fn upload(
        backend: &Arc<dyn Backend>,
        tile: usize,
        n: usize,
        moduli: &[Modulus],
    ) -> RuntimeResult<Self> {
        let tables = moduli
            .iter()
            .map(|q| NttTables::new(n as u64, q))
            .collect::<Result<Vec<_>, _>>()?;
        let flat =
            |f: &dyn Fn(&NttTables) -> Vec<u64>| tables.iter().flat_map(f).collect::<Vec<u64>>();
        let op = |v: &[ShoupOperand]| v.iter().map(|s| s.operand).collect::<Vec<_>>();
        let quo = |v: &[ShoupOperand]| v.iter().map(|s| s.quotient).collect::<Vec<_>>();
        let consts = flat(&|t| {
            let q = t.modulus();
            let inv_n = t.inv_degree();
            let scaled = ShoupOperand::new(inv_n.mul_mod(t.inv_root_powers()[n - 1].operand, q), q);
            vec![
                inv_n.operand,
                inv_n.quotient,
                scaled.operand,
                scaled.quotient,
            ]
        });
        let up = |words: &[u64]| OwnedBuffer::upload(backend, tile, words);
        Ok(DeviceNttTables {
            n,
            moduli: DeviceModuli::upload(backend, tile, moduli)?,
            roots: up(&flat(&|t| op(t.root_powers())))?,
            roots_shoup: up(&flat(&|t| quo(t.root_powers())))?,
            inv_roots: up(&flat(&|t| op(t.inv_root_powers())))?,
            inv_roots_shoup: up(&flat(&|t| quo(t.inv_root_powers())))?,
            consts: up(&consts)?,
        })
    }

    pub fn degree(&self) -> usize {
        self.n
    }

    /// The moduli table (for [`crate::runtime::poly::upload`] and the coefficient-wise kernels).
    pub fn moduli(&self) -> &DeviceModuli {
        &self.moduli
    }

    pub(in crate::runtime) fn check(
        &self,
        shape: RnsShape,
        data: &DeviceBuffer,
    ) -> RuntimeResult<()> {
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
        if data.words() < shape.words() {
            return Err(RuntimeError::BufferTooSmall {
                what: "NTT data".into(),
                needed: shape.words(),
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
