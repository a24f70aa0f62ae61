//! `Plaintext` and `Ciphertext`: the library's objects with the context they belong to (for
//! their level in `repr` and for loading).

use crate::context::PyContext;
use crate::errors::{detached, XResult};
use crate::serial::load_bytes;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use xehe::ckks::{Ciphertext, Plaintext};

/// An encoded CKKS plaintext (NTT form, at one level of the chain).
#[pyclass(module = "xehe", name = "Plaintext")]
pub struct PyPlaintext {
    pub pt: Plaintext,
    pub context: Py<PyContext>,
}

/// A CKKS ciphertext. On a context with a device, it lives there: operations leave their
/// results on the device, and reading it (decryption, `save`) waits for them.
#[pyclass(module = "xehe", name = "Ciphertext")]
pub struct PyCiphertext {
    pub ct: Ciphertext,
    pub context: Py<PyContext>,
}

/// `2^k` when the scale is a power of two, else the number.
fn scale_text(scale: f64) -> String {
    let log = scale.log2();
    if log.fract() == 0.0 {
        format!("2^{log}")
    } else {
        format!("{scale} (2^{log:.3})")
    }
}

fn level_of(context: &Py<PyContext>, parms_id: xehe::ckks::ParmsId) -> String {
    context
        .get()
        .chain_index(parms_id)
        .map(|l| l.to_string())
        .unwrap_or_else(|| "?".into())
}

/// Another reference to the context (the GIL is held wherever results are wrapped).
fn share(context: &Py<PyContext>) -> Py<PyContext> {
    Python::attach(|py| context.clone_ref(py))
}

impl PyCiphertext {
    /// A result of `context`, marked for the context's device where it has one.
    pub fn wrap(context: &Py<PyContext>, ct: Ciphertext) -> Self {
        let ct = if context.get().device.is_some() && !ct.is_gpu() {
            ct.gpu()
        } else {
            ct
        };
        PyCiphertext {
            ct,
            context: share(context),
        }
    }
}

impl PyPlaintext {
    pub fn wrap(context: &Py<PyContext>, pt: Plaintext) -> Self {
        PyPlaintext {
            pt,
            context: share(context),
        }
    }
}

#[pymethods]
impl PyPlaintext {
    /// The chain index of its level (0: the last data level).
    #[getter]
    fn level(&self) -> Option<usize> {
        self.context.get().chain_index(self.pt.parms_id())
    }

    #[getter]
    fn scale(&self) -> f64 {
        self.pt.scale()
    }

    #[getter]
    fn parms_id(&self) -> [u64; 4] {
        self.pt.parms_id().0
    }

    /// SEAL's bytes (`Plaintext::save`).
    #[pyo3(signature = (compression = "zstd", level = None))]
    fn save<'py>(
        &self,
        py: Python<'py>,
        compression: &str,
        level: Option<i32>,
    ) -> XResult<Bound<'py, PyBytes>> {
        let mode = crate::serial::save_options(compression, level)?;
        let pt = &self.pt;
        let mut out = Vec::new();
        detached(py, || pt.save(&mut out, mode))?;
        Ok(PyBytes::new(py, &out))
    }

    #[staticmethod]
    fn load(py: Python<'_>, context: Py<PyContext>, data: &Bound<'_, PyAny>) -> XResult<Self> {
        let bytes = load_bytes(data)?;
        let ctx = &context.get().ctx;
        let pt = detached(py, || Plaintext::load(ctx, &mut &bytes[..]))?;
        Ok(PyPlaintext::wrap(&context, pt))
    }

    fn __repr__(&self) -> String {
        format!(
            "Plaintext(level={}, scale={})",
            level_of(&self.context, self.pt.parms_id()),
            scale_text(self.pt.scale())
        )
    }
}

#[pymethods]
impl PyCiphertext {
    /// The chain index of its level (0: the last data level).
    #[getter]
    fn level(&self) -> Option<usize> {
        self.context.get().chain_index(self.ct.parms_id())
    }

    /// The scale; settable (SEAL's `scale()` reference), as TenSEAL does after a rescale.
    #[getter]
    fn get_scale(&self) -> f64 {
        self.ct.scale()
    }

    #[setter]
    fn set_scale(&mut self, scale: f64) -> XResult<()> {
        Ok(self.ct.set_scale(scale)?)
    }

    /// Polynomials: 2 fresh, 3 after a multiplication before relinearization.
    #[getter]
    fn size(&self) -> usize {
        self.ct.size()
    }

    #[getter]
    fn parms_id(&self) -> [u64; 4] {
        self.ct.parms_id().0
    }

    /// Whether a device copy exists.
    #[getter]
    fn on_device(&self) -> bool {
        self.ct.is_on_device()
    }

    /// A copy (on the device, a device copy).
    fn copy(&self) -> Self {
        PyCiphertext {
            ct: self.ct.clone(),
            context: share(&self.context),
        }
    }

    fn __copy__(&self) -> Self {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.copy()
    }

    /// SEAL's bytes (`Ciphertext::save`); waits for the operations that produce it.
    #[pyo3(signature = (compression = "zstd", level = None))]
    fn save<'py>(
        &self,
        py: Python<'py>,
        compression: &str,
        level: Option<i32>,
    ) -> XResult<Bound<'py, PyBytes>> {
        let mode = crate::serial::save_options(compression, level)?;
        let ct = &self.ct;
        let mut out = Vec::new();
        detached(py, || ct.save(&mut out, mode))?;
        Ok(PyBytes::new(py, &out))
    }

    /// A ciphertext from SEAL's bytes, for `context`.
    #[staticmethod]
    fn load(py: Python<'_>, context: Py<PyContext>, data: &Bound<'_, PyAny>) -> XResult<Self> {
        let bytes = load_bytes(data)?;
        let ctx = &context.get().ctx;
        let ct = detached(py, || Ciphertext::load(ctx, &mut &bytes[..]))?;
        Ok(PyCiphertext::wrap(&context, ct))
    }

    fn __repr__(&self) -> String {
        format!(
            "Ciphertext(level={}, scale={}, size={}, backend={:?})",
            level_of(&self.context, self.ct.parms_id()),
            scale_text(self.ct.scale()),
            self.ct.size(),
            if self.ct.is_gpu() {
                self.context.get().device_backend()
            } else {
                "host"
            }
        )
    }
}
