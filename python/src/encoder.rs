//! `CKKSEncoder`: values to plaintexts and back, on the context's device where it has one.

use crate::ciphertext::PyPlaintext;
use crate::context::PyContext;
use crate::errors::{detached, error, Kind, XResult};
use crate::values;
use num_complex::Complex64;
use pyo3::prelude::*;
use pyo3::types::{PyComplex, PyString};
use xehe::ckks::CkksEncoder;

/// SEAL's `CKKSEncoder`. `encode` takes a sequence (list, tuple, NumPy array) of up to
/// `slot_count` real or complex numbers (the rest of the slots are 0), or one number for
/// every slot.
#[pyclass(module = "xehe", name = "CKKSEncoder", frozen)]
pub struct PyEncoder {
    context: Py<PyContext>,
    enc: CkksEncoder,
}

enum Values {
    Real(Vec<f64>),
    Complex(Vec<Complex64>),
}

fn read_values(obj: &Bound<'_, PyAny>, slots: usize) -> PyResult<Values> {
    // One number (Python's or NumPy's) fills every slot, as SEAL's encode(double) does.
    if !obj.is_instance_of::<PyString>() {
        if let Ok(v) = obj.extract::<f64>() {
            return Ok(Values::Real(vec![v; slots]));
        }
        if obj.is_instance_of::<PyComplex>() || obj.hasattr("__complex__")? {
            if let Ok(z) = obj.extract::<Complex64>() {
                return Ok(Values::Complex(vec![z; slots]));
            }
        }
    }
    match values::reals(obj, "values") {
        Ok(v) => Ok(Values::Real(v)),
        Err(_) => Ok(Values::Complex(values::complexes(obj, "values")?)),
    }
}

#[pymethods]
impl PyEncoder {
    #[new]
    fn new(context: Py<PyContext>) -> Self {
        let enc = CkksEncoder::new(&context.get().ctx);
        PyEncoder { context, enc }
    }

    #[getter]
    fn slot_count(&self) -> usize {
        self.enc.slot_count()
    }

    /// Encodes at `scale`, at chain index `level` (default: the first data level).
    #[pyo3(signature = (values, scale, level = None))]
    fn encode(
        &self,
        py: Python<'_>,
        values: &Bound<'_, PyAny>,
        scale: f64,
        level: Option<usize>,
    ) -> XResult<PyPlaintext> {
        let c = self.context.get();
        let at = match level {
            Some(l) => c.at_level(l)?,
            None => c.ctx.first_context_data(),
        };
        let v = read_values(values, self.enc.slot_count())?;
        let enc = &self.enc;
        let pt = detached(py, || match (&c.device, v) {
            (Some(d), Values::Real(v)) => enc.encode_at_level_on(d, &v, scale, at),
            (Some(d), Values::Complex(v)) => enc.encode_complex_at_level_on(d, &v, scale, at),
            (None, Values::Real(v)) => enc.encode_at_level(&v, scale, at),
            (None, Values::Complex(v)) => enc.encode_complex_at_level(&v, scale, at),
        })?;
        Ok(PyPlaintext::wrap(&self.context, pt))
    }

    /// The real parts of every slot.
    fn decode(&self, py: Python<'_>, plain: &PyPlaintext) -> XResult<Vec<f64>> {
        self.check(plain)?;
        let (enc, pt) = (&self.enc, &plain.pt);
        Ok(detached(py, || enc.decode(pt))?)
    }

    /// Every slot, complex.
    fn decode_complex(&self, py: Python<'_>, plain: &PyPlaintext) -> XResult<Vec<Complex64>> {
        self.check(plain)?;
        let (enc, pt) = (&self.enc, &plain.pt);
        Ok(detached(py, || enc.decode_complex(pt))?)
    }

    fn __repr__(&self) -> String {
        format!("CKKSEncoder(slot_count={})", self.enc.slot_count())
    }
}

impl PyEncoder {
    fn check(&self, plain: &PyPlaintext) -> PyResult<()> {
        if !plain.context.is(&self.context)
            && plain.context.get().ctx.key_context_data().parms_id()
                != self.context.get().ctx.key_context_data().parms_id()
        {
            return Err(error(
                Kind::Operand,
                "the plaintext belongs to another context",
            ));
        }
        Ok(())
    }
}
