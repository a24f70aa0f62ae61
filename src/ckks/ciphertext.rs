//! The CKKS ciphertext.
#![warn(missing_docs)]

use super::device::copy::DeviceCopy;
use super::prng::PrngInfo;
use super::storage::Storage;
use crate::ckks::context::check_scale_value;
use crate::ckks::error::CkksResult;
use crate::ckks::params::ParmsId;
use std::sync::Arc;

/// A CKKS ciphertext: `size` polynomials (2 when fresh) `[poly][rns][coeff]` in NTT form at one
/// level, with the scale of the message it carries.
///
/// Its residues live on the host, the device, or both (XeHE's offload model): [`Ciphertext::gpu`]
/// marks it for the device, so the evaluator runs operations on it there, uploading it at first
/// use; results stay on the device until read. Clones share the device copy.
///
/// Thread safety: `Send + Sync`; reading (`data`, evaluator inputs) from several threads is fine, changing it (`data_mut`, `set_scale`) needs `&mut`. Clones share an immutable device copy.
#[derive(Clone, Debug)]
pub struct Ciphertext {
    pub(crate) parms_id: ParmsId,
    pub(crate) scale: f64,
    pub(crate) n: usize,
    pub(crate) rns_count: usize,
    pub(crate) size: usize,
    pub(crate) storage: Storage,
    /// For a fresh symmetric encryption: the seed its second polynomial was drawn from (SEAL's
    /// seeded form when saved); dropped when the words change.
    pub(crate) seed: Option<PrngInfo>,
}

impl Ciphertext {
    pub(crate) fn from_host(
        parms_id: ParmsId,
        scale: f64,
        n: usize,
        rns_count: usize,
        data: Vec<u64>,
    ) -> Self {
        Ciphertext {
            parms_id,
            scale,
            n,
            rns_count,
            size: data.len() / (n * rns_count),
            storage: Storage::host(data),
            seed: None,
        }
    }

    pub(crate) fn from_device(
        parms_id: ParmsId,
        scale: f64,
        n: usize,
        rns_count: usize,
        size: usize,
        copy: Arc<DeviceCopy>,
    ) -> Self {
        Ciphertext {
            parms_id,
            scale,
            n,
            rns_count,
            size,
            storage: Storage::device(copy, size * rns_count * n),
            seed: None,
        }
    }

    /// The same metadata with new host words (at the same level).
    pub(crate) fn with_host(&self, data: Vec<u64>) -> Self {
        Self::from_host(self.parms_id, self.scale, self.n, self.rns_count, data)
    }

    /// The level it is at (SEAL's `parms_id()`).
    pub fn parms_id(&self) -> ParmsId {
        self.parms_id
    }
    /// The scale of the message it carries (SEAL's `scale()`).
    pub fn scale(&self) -> f64 {
        self.scale
    }
    /// Reinterprets the message's scale (SEAL's `ciphertext.scale() = s`), e.g. to add a
    /// ciphertext whose scale differs from another's only by the rounding of a rescale. The
    /// scale must be a finite number of at least 1
    /// ([`crate::ckks::CkksError::InvalidScale`] otherwise; the level's upper bound is checked
    /// where the ciphertext is used).
    ///
    /// ```
    /// use xehe::ckks::{CkksEncoder, CkksError, Context, EncryptionParameters, Encryptor, KeyGenerator};
    /// use xehe::primes::SecurityLevel;
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[40, 30, 36])?, SecurityLevel::Tc128)?;
    /// let kg = KeyGenerator::new(&ctx);
    /// let pt = CkksEncoder::new(&ctx).encode(&[1.0], 2f64.powi(30))?;
    /// let mut ct = Encryptor::symmetric(&ctx, kg.secret_key())?.encrypt(&pt)?;
    /// ct.set_scale(2f64.powi(30) * (1.0 + 1e-12))?;
    /// assert!(matches!(ct.set_scale(f64::NAN), Err(CkksError::InvalidScale { .. })));
    /// # Ok::<(), CkksError>(())
    /// ```
    pub fn set_scale(&mut self, scale: f64) -> CkksResult<()> {
        check_scale_value(scale)?;
        self.scale = scale;
        Ok(())
    }
    /// Number of polynomials (2 fresh, 3 after a multiplication before relinearization):
    /// SEAL's `size()`.
    pub fn size(&self) -> usize {
        self.size
    }
    /// Coefficients per residue polynomial, the degree N (SEAL's `poly_modulus_degree()`).
    pub fn coeff_count(&self) -> usize {
        self.n
    }
    /// Residue polynomials per polynomial, the primes of its level (SEAL's
    /// `coeff_modulus_size()`).
    pub fn rns_count(&self) -> usize {
        self.rns_count
    }
    offload_methods!("ciphertext (`[poly][rns][coeff]`, NTT form)", clears seed);
}
