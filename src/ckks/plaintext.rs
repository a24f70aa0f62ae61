//! `Plaintext`: an encoded CKKS message, one residue polynomial per prime of its level, in NTT
//! form as SEAL keeps CKKS plaintexts.

use super::{CkksError, CkksResult, Context, ParmsId};

/// A CKKS plaintext: `[rns][coeff]` residues in NTT form (SEAL's bit-reversed order) at one
/// level of a context's chain, with the scale its values were multiplied by.
#[derive(Clone, Debug, PartialEq)]
pub struct Plaintext {
    pub(crate) parms_id: ParmsId,
    pub(crate) scale: f64,
    pub(crate) n: usize,
    pub(crate) data: Vec<u64>,
}

impl Plaintext {
    /// The level it is encoded at.
    pub fn parms_id(&self) -> ParmsId {
        self.parms_id
    }
    pub fn scale(&self) -> f64 {
        self.scale
    }
    /// Coefficients per residue polynomial (the degree N).
    pub fn coeff_count(&self) -> usize {
        self.n
    }
    /// Number of residue polynomials (primes of its level).
    pub fn rns_count(&self) -> usize {
        self.data.len() / self.n
    }
    /// The residues, `[rns][coeff]`.
    pub fn data(&self) -> &[u64] {
        &self.data
    }
}

impl Plaintext {
    /// A plaintext from `[rns][coeff]` residues already in NTT form at level `parms_id` of
    /// `context` (e.g. the product of two plaintexts), checked for shape and reduction.
    pub fn from_ntt_residues(
        context: &Context,
        parms_id: ParmsId,
        scale: f64,
        data: Vec<u64>,
    ) -> CkksResult<Self> {
        let level = context
            .get_context_data(parms_id)
            .ok_or(CkksError::ForeignParameters { what: "plaintext" })?;
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
        Ok(Plaintext {
            parms_id,
            scale,
            n,
            data,
        })
    }
}
