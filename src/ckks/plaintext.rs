//! `Plaintext`: an encoded CKKS message, one residue polynomial per prime of its level, in NTT
//! form as SEAL keeps CKKS plaintexts.
#![warn(missing_docs)]

use super::device::copy::DeviceCopy;
use super::storage::Storage;
use crate::ckks::context::Context;
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::params::ParmsId;
use std::sync::Arc;

/// A CKKS plaintext: `[rns][coeff]` residues in NTT form (SEAL's bit-reversed order) at one
/// level of a context's chain, with the scale its values were multiplied by. Like a
/// [`crate::ckks::ciphertext::Ciphertext`] it can be marked for the device ([`Plaintext::gpu`]); a plaintext used
/// in a device operation is uploaded once and its copy kept.
///
/// Thread safety: `Send + Sync`, as [`crate::ckks::ciphertext::Ciphertext`].
#[derive(Clone, Debug)]
pub struct Plaintext {
    pub(crate) parms_id: ParmsId,
    pub(crate) scale: f64,
    pub(crate) n: usize,
    pub(crate) storage: Storage,
}

impl Plaintext {
    pub(crate) fn from_host(parms_id: ParmsId, scale: f64, n: usize, data: Vec<u64>) -> Self {
        Plaintext {
            parms_id,
            scale,
            n,
            storage: Storage::host(data).sensitive(),
        }
    }
    pub(crate) fn from_device(
        parms_id: ParmsId,
        scale: f64,
        n: usize,
        rns_count: usize,
        copy: Arc<DeviceCopy>,
    ) -> Self {
        Plaintext {
            parms_id,
            scale,
            n,
            storage: Storage::device(copy, rns_count * n).sensitive(),
        }
    }
    offload_methods!("plaintext (`[rns][coeff]`, NTT form)");
}

impl Plaintext {
    /// The level it is encoded at.
    pub fn parms_id(&self) -> ParmsId {
        self.parms_id
    }
    /// The scale its values were multiplied by (SEAL's `scale()`).
    pub fn scale(&self) -> f64 {
        self.scale
    }
    /// Coefficients per residue polynomial (the degree N).
    pub fn coeff_count(&self) -> usize {
        self.n
    }
    /// Number of residue polynomials (primes of its level).
    pub fn rns_count(&self) -> usize {
        self.storage.words() / self.n
    }
}

impl Plaintext {
    /// A plaintext from `[rns][coeff]` residues already in NTT form at level `parms_id` of
    /// `context` (e.g. the product of two plaintexts), checked for level (not the key level),
    /// scale, shape and reduction.
    pub fn from_ntt_residues(
        context: &Context,
        parms_id: ParmsId,
        scale: f64,
        data: Vec<u64>,
    ) -> CkksResult<Self> {
        let level = context.data_level(parms_id, "plaintext")?;
        level.check_scale(scale)?;
        let n = level.parms().poly_modulus_degree();
        let q = level.coeff_modulus();
        if data.len() != n * q.len() {
            return Err(CkksError::WrongSize {
                what: "plaintext residues",
                expected: n * q.len(),
                given: data.len(),
            });
        }
        if let Some(i) = (0..data.len()).find(|&i| data[i] >= q[i / n].value()) {
            return Err(CkksError::NotReduced {
                index: i,
                value: data[i],
                modulus: q[i / n].value(),
            });
        }
        Ok(Plaintext::from_host(parms_id, scale, n, data))
    }
}
