//! Keys and `KeyGenerator`. Each key is shared (`Arc`) between the Python objects that use
//! it, so the device copy a key keeps of itself is uploaded once.

use crate::context::PyContext;
use crate::errors::{detached, XResult};
use crate::serial::{load_bytes, saved};
use crate::values;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::sync::Arc;
use xehe::ckks::{GaloisKeys, KeyGenerator, PublicKey, RelinKeys, SecretKey};
use zeroize::Zeroizing;

/// The secret key. Its `repr` shows no key material; `save` gives SEAL's bytes (secret:
/// keep them so).
#[pyclass(module = "xehe", name = "SecretKey", frozen)]
pub struct PySecretKey {
    pub key: Arc<SecretKey>,
}

/// The public key.
#[pyclass(module = "xehe", name = "PublicKey", frozen)]
pub struct PyPublicKey {
    pub key: Arc<PublicKey>,
}

/// Relinearization keys.
#[pyclass(module = "xehe", name = "RelinKeys", frozen)]
pub struct PyRelinKeys {
    pub key: Arc<RelinKeys>,
}

/// Galois keys (rotations and conjugation).
#[pyclass(module = "xehe", name = "GaloisKeys", frozen)]
pub struct PyGaloisKeys {
    pub key: Arc<GaloisKeys>,
}

#[pymethods]
impl PySecretKey {
    /// SEAL's bytes. They are the secret: whoever holds them decrypts.
    #[pyo3(signature = (compression = "zstd", level = None))]
    fn save<'py>(
        &self,
        py: Python<'py>,
        compression: &str,
        level: Option<i32>,
    ) -> XResult<Bound<'py, PyBytes>> {
        let mode = crate::serial::save_options(compression, level)?;
        let mut out = Zeroizing::new(Vec::new());
        self.key.save(&mut *out, mode)?;
        Ok(PyBytes::new(py, &out))
    }

    #[staticmethod]
    fn load(context: &PyContext, data: &Bound<'_, PyAny>) -> XResult<Self> {
        let bytes = Zeroizing::new(load_bytes(data)?);
        Ok(PySecretKey {
            key: Arc::new(SecretKey::load(&context.ctx, &mut &bytes[..])?),
        })
    }

    fn __repr__(&self) -> String {
        "SecretKey(<secret>)".into()
    }
}

#[pymethods]
impl PyPublicKey {
    #[pyo3(signature = (compression = "zstd", level = None))]
    fn save<'py>(
        &self,
        py: Python<'py>,
        compression: &str,
        level: Option<i32>,
    ) -> XResult<Bound<'py, PyBytes>> {
        let mode = crate::serial::save_options(compression, level)?;
        saved(py, |w| self.key.save(w, mode))
    }

    #[staticmethod]
    fn load(py: Python<'_>, context: &PyContext, data: &Bound<'_, PyAny>) -> XResult<Self> {
        let bytes = load_bytes(data)?;
        let key = detached(py, || PublicKey::load(&context.ctx, &mut &bytes[..]))?;
        Ok(PyPublicKey { key: Arc::new(key) })
    }

    fn __repr__(&self) -> String {
        format!("PublicKey(parms_id={})", self.key.parms_id())
    }
}

#[pymethods]
impl PyRelinKeys {
    #[pyo3(signature = (compression = "zstd", level = None))]
    fn save<'py>(
        &self,
        py: Python<'py>,
        compression: &str,
        level: Option<i32>,
    ) -> XResult<Bound<'py, PyBytes>> {
        let mode = crate::serial::save_options(compression, level)?;
        saved(py, |w| self.key.save(w, mode))
    }

    #[staticmethod]
    fn load(py: Python<'_>, context: &PyContext, data: &Bound<'_, PyAny>) -> XResult<Self> {
        let bytes = load_bytes(data)?;
        let key = detached(py, || RelinKeys::load(&context.ctx, &mut &bytes[..]))?;
        Ok(PyRelinKeys { key: Arc::new(key) })
    }

    fn __repr__(&self) -> String {
        format!("RelinKeys(parms_id={})", self.key.key().parms_id())
    }
}

#[pymethods]
impl PyGaloisKeys {
    /// Whether there is a key for Galois element `galois_elt`.
    fn has_key(&self, galois_elt: u64) -> bool {
        self.key.has_key(galois_elt)
    }

    /// The Galois elements with a key, in increasing order.
    fn elements(&self) -> Vec<u64> {
        let mut e: Vec<u64> = self.key.elements().collect();
        e.sort_unstable();
        e
    }

    #[pyo3(signature = (compression = "zstd", level = None))]
    fn save<'py>(
        &self,
        py: Python<'py>,
        compression: &str,
        level: Option<i32>,
    ) -> XResult<Bound<'py, PyBytes>> {
        let mode = crate::serial::save_options(compression, level)?;
        saved(py, |w| self.key.save(w, mode))
    }

    #[staticmethod]
    fn load(py: Python<'_>, context: &PyContext, data: &Bound<'_, PyAny>) -> XResult<Self> {
        let bytes = load_bytes(data)?;
        let key = detached(py, || GaloisKeys::load(&context.ctx, &mut &bytes[..]))?;
        Ok(PyGaloisKeys { key: Arc::new(key) })
    }

    fn __len__(&self) -> usize {
        self.key.elements().count()
    }

    fn __repr__(&self) -> String {
        format!("GaloisKeys({} elements)", self.key.elements().count())
    }
}

/// SEAL's `KeyGenerator`: a fresh secret key, or `secret_key`'s, and the keys derived from it.
#[pyclass(module = "xehe", name = "KeyGenerator", frozen)]
pub struct PyKeyGenerator {
    context: Py<PyContext>,
    secret: Arc<SecretKey>,
}

impl PyKeyGenerator {
    /// The context and the secret key, for generators the library makes itself.
    pub fn parts(&self) -> (&xehe::ckks::Context, &SecretKey) {
        (&self.context.get().ctx, &self.secret)
    }

    fn with<T: Send>(
        &self,
        py: Python<'_>,
        make: impl FnOnce(&mut KeyGenerator<'_>) -> xehe::ckks::CkksResult<T> + Send,
    ) -> PyResult<T> {
        let ctx = &self.context.get().ctx;
        let secret = &*self.secret;
        detached(py, || {
            make(&mut KeyGenerator::from_secret_key(ctx, secret)?)
        })
    }
}

#[pymethods]
impl PyKeyGenerator {
    /// A generator with a fresh uniform ternary secret key, or with `secret_key`.
    #[new]
    #[pyo3(signature = (context, secret_key = None))]
    fn new(
        py: Python<'_>,
        context: Py<PyContext>,
        secret_key: Option<&PySecretKey>,
    ) -> XResult<Self> {
        let secret = match secret_key {
            Some(k) => {
                // Checked against the context now rather than at the first key.
                KeyGenerator::from_secret_key(&context.get().ctx, &k.key)?;
                k.key.clone()
            }
            None => {
                let ctx = &context.get().ctx;
                Arc::new(py.detach(|| KeyGenerator::new(ctx).into_secret_key()))
            }
        };
        Ok(PyKeyGenerator { context, secret })
    }

    fn secret_key(&self) -> PySecretKey {
        PySecretKey {
            key: self.secret.clone(),
        }
    }

    fn create_public_key(&self, py: Python<'_>) -> PyResult<PyPublicKey> {
        let key = self.with(py, |kg| Ok(kg.create_public_key()))?;
        Ok(PyPublicKey { key: Arc::new(key) })
    }

    fn create_relin_keys(&self, py: Python<'_>) -> PyResult<PyRelinKeys> {
        let key = self.with(py, |kg| kg.create_relin_keys())?;
        Ok(PyRelinKeys { key: Arc::new(key) })
    }

    /// SEAL's default set (every power-of-two step both ways and the conjugation), or keys for
    /// the rotation `steps` given (and the conjugation when `conjugate`).
    #[pyo3(signature = (steps = None, conjugate = false))]
    fn create_galois_keys(
        &self,
        py: Python<'_>,
        steps: Option<&Bound<'_, PyAny>>,
        conjugate: bool,
    ) -> PyResult<PyGaloisKeys> {
        let key = match steps {
            None => self.with(py, |kg| kg.create_galois_keys())?,
            Some(s) => {
                let steps = values::integers(s, "steps")?;
                self.with(py, move |kg| {
                    kg.create_galois_keys_for_steps(&steps, conjugate)
                })?
            }
        };
        Ok(PyGaloisKeys { key: Arc::new(key) })
    }

    /// Keys for the given Galois elements.
    fn create_galois_keys_for_elements(
        &self,
        py: Python<'_>,
        elements: &Bound<'_, PyAny>,
    ) -> PyResult<PyGaloisKeys> {
        let elements = values::bounded(elements, "elements", u64::MAX)?;
        let key = self.with(py, move |kg| kg.create_galois_keys_for_elements(&elements))?;
        Ok(PyGaloisKeys { key: Arc::new(key) })
    }

    fn __repr__(&self) -> String {
        format!(
            "KeyGenerator(poly_modulus_degree={}, secret_key=<secret>)",
            self.context.get().parms.poly_modulus_degree()
        )
    }
}
