//! `Evaluator`: every operation of the library's evaluator, on the context's device for its
//! ciphertexts (they are marked for it), else on the host; the GIL is released while each runs.

use crate::ciphertext::{PyCiphertext, PyPlaintext};
use crate::context::PyContext;
use crate::errors::detached;
use crate::keys::{PyGaloisKeys, PyRelinKeys};
use crate::values;
use pyo3::prelude::*;
use xehe::ckks::{Ciphertext, CkksResult, Evaluator, Plaintext};

/// SEAL's `Evaluator`. Operations return new ciphertexts; the `_inplace` forms replace their
/// first argument. Results on a device stay there until read.
#[pyclass(module = "xehe", name = "Evaluator", frozen)]
pub struct PyEvaluator {
    context: Py<PyContext>,
}

impl PyEvaluator {
    /// Runs `op` with the GIL released on an evaluator of this context.
    fn run<T: Send>(
        &self,
        py: Python<'_>,
        op: impl FnOnce(&Evaluator<'_>) -> CkksResult<T> + Send,
    ) -> PyResult<T> {
        let c = self.context.get();
        detached(py, || {
            let eval = match &c.device {
                Some(d) => Evaluator::with_device(&c.ctx, d.clone())?,
                None => Evaluator::new(&c.ctx),
            };
            op(&eval)
        })
    }

    fn out(&self, ct: Ciphertext) -> PyCiphertext {
        PyCiphertext::wrap(&self.context, ct)
    }

    /// `op` on `a` and `b`, its result replacing `a` (which may be `b` itself).
    fn replace_with(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyCiphertext>,
        b: &Bound<'_, PyCiphertext>,
        op: impl FnOnce(&Evaluator<'_>, &Ciphertext, &Ciphertext) -> CkksResult<Ciphertext> + Send,
    ) -> PyResult<()> {
        let result = if a.is(b) {
            let a_ref = a.try_borrow()?;
            let x = &a_ref.ct;
            self.run(py, |e| op(e, x, x))?
        } else {
            let (a_ref, b_ref) = (a.try_borrow()?, b.try_borrow()?);
            let (x, y) = (&a_ref.ct, &b_ref.ct);
            self.run(py, |e| op(e, x, y))?
        };
        a.try_borrow_mut()?.ct = result;
        Ok(())
    }

    /// `op` on `a`, its result replacing `a`.
    fn replace(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyCiphertext>,
        op: impl FnOnce(&Evaluator<'_>, &Ciphertext) -> CkksResult<Ciphertext> + Send,
    ) -> PyResult<()> {
        let result = {
            let a_ref = a.try_borrow()?;
            let x = &a_ref.ct;
            self.run(py, |e| op(e, x))?
        };
        a.try_borrow_mut()?.ct = result;
        Ok(())
    }

    fn parms_at(&self, level: usize) -> PyResult<xehe::ckks::ParmsId> {
        Ok(self.context.get().at_level(level)?.parms_id())
    }
}

#[pymethods]
impl PyEvaluator {
    #[new]
    fn new(context: Py<PyContext>) -> Self {
        PyEvaluator { context }
    }

    /// Puts the keys on the device now (checking they fit), so that the first operation that
    /// needs them uploads nothing. Nothing without a device.
    #[pyo3(signature = (relin_keys = None, galois_keys = None))]
    fn upload_keys(
        &self,
        py: Python<'_>,
        relin_keys: Option<&PyRelinKeys>,
        galois_keys: Option<&PyGaloisKeys>,
    ) -> PyResult<()> {
        let (r, g) = (relin_keys.map(|k| &*k.key), galois_keys.map(|k| &*k.key));
        self.run(py, |e| e.upload_keys(r, g))
    }

    fn add(&self, py: Python<'_>, a: &PyCiphertext, b: &PyCiphertext) -> PyResult<PyCiphertext> {
        let (a, b) = (&a.ct, &b.ct);
        Ok(self.out(self.run(py, |e| e.add(a, b))?))
    }

    fn sub(&self, py: Python<'_>, a: &PyCiphertext, b: &PyCiphertext) -> PyResult<PyCiphertext> {
        let (a, b) = (&a.ct, &b.ct);
        Ok(self.out(self.run(py, |e| e.sub(a, b))?))
    }

    fn multiply(
        &self,
        py: Python<'_>,
        a: &PyCiphertext,
        b: &PyCiphertext,
    ) -> PyResult<PyCiphertext> {
        let (a, b) = (&a.ct, &b.ct);
        Ok(self.out(self.run(py, |e| e.multiply(a, b))?))
    }

    fn negate(&self, py: Python<'_>, a: &PyCiphertext) -> PyResult<PyCiphertext> {
        let a = &a.ct;
        Ok(self.out(self.run(py, |e| e.negate(a))?))
    }

    fn square(&self, py: Python<'_>, a: &PyCiphertext) -> PyResult<PyCiphertext> {
        let a = &a.ct;
        Ok(self.out(self.run(py, |e| e.square(a))?))
    }

    /// The sum of a non-empty sequence of ciphertexts.
    fn add_many(
        &self,
        py: Python<'_>,
        cts: Vec<PyRef<'_, PyCiphertext>>,
    ) -> PyResult<PyCiphertext> {
        let all: Vec<Ciphertext> = cts.iter().map(|c| c.ct.clone()).collect();
        Ok(self.out(self.run(py, |e| e.add_many(&all))?))
    }

    fn add_plain(
        &self,
        py: Python<'_>,
        a: &PyCiphertext,
        p: &PyPlaintext,
    ) -> PyResult<PyCiphertext> {
        let (a, p) = (&a.ct, &p.pt);
        Ok(self.out(self.run(py, |e| e.add_plain(a, p))?))
    }

    fn sub_plain(
        &self,
        py: Python<'_>,
        a: &PyCiphertext,
        p: &PyPlaintext,
    ) -> PyResult<PyCiphertext> {
        let (a, p) = (&a.ct, &p.pt);
        Ok(self.out(self.run(py, |e| e.sub_plain(a, p))?))
    }

    fn multiply_plain(
        &self,
        py: Python<'_>,
        a: &PyCiphertext,
        p: &PyPlaintext,
    ) -> PyResult<PyCiphertext> {
        let (a, p) = (&a.ct, &p.pt);
        Ok(self.out(self.run(py, |e| e.multiply_plain(a, p))?))
    }

    /// Σ a_t·p_t over a sequence of (ciphertext, plaintext) pairs.
    fn multiply_plain_sum(
        &self,
        py: Python<'_>,
        terms: Vec<(PyRef<'_, PyCiphertext>, PyRef<'_, PyPlaintext>)>,
    ) -> PyResult<PyCiphertext> {
        let pairs: Vec<(&Ciphertext, &Plaintext)> =
            terms.iter().map(|(c, p)| (&c.ct, &p.pt)).collect();
        Ok(self.out(self.run(py, |e| e.multiply_plain_sum(&pairs))?))
    }

    /// a·value, the constant encoded at `scale` (the product's scale is a's times `scale`).
    fn multiply_const(
        &self,
        py: Python<'_>,
        a: &PyCiphertext,
        value: f64,
        scale: f64,
    ) -> PyResult<PyCiphertext> {
        let a = &a.ct;
        Ok(self.out(self.run(py, |e| e.multiply_const(a, value, scale))?))
    }

    /// Σ a_t·value_t over (ciphertext, value, scale) triples, at chain index `level`.
    fn multiply_const_sum(
        &self,
        py: Python<'_>,
        terms: Vec<(PyRef<'_, PyCiphertext>, f64, f64)>,
        level: usize,
    ) -> PyResult<PyCiphertext> {
        let target = self.parms_at(level)?;
        let triples: Vec<(&Ciphertext, f64, f64)> =
            terms.iter().map(|(c, v, s)| (&c.ct, *v, *s)).collect();
        Ok(self.out(self.run(py, |e| e.multiply_const_sum(&triples, target))?))
    }

    fn relinearize(
        &self,
        py: Python<'_>,
        a: &PyCiphertext,
        relin_keys: &PyRelinKeys,
    ) -> PyResult<PyCiphertext> {
        let (a, k) = (&a.ct, &*relin_keys.key);
        Ok(self.out(self.run(py, |e| e.relinearize(a, k))?))
    }

    fn rescale_to_next(&self, py: Python<'_>, a: &PyCiphertext) -> PyResult<PyCiphertext> {
        let a = &a.ct;
        Ok(self.out(self.run(py, |e| e.rescale_to_next(a))?))
    }

    fn mod_switch_to_next(&self, py: Python<'_>, a: &PyCiphertext) -> PyResult<PyCiphertext> {
        let a = &a.ct;
        Ok(self.out(self.run(py, |e| e.mod_switch_to_next(a))?))
    }

    /// The plaintext one level down (its last prime dropped).
    fn mod_switch_plain_to_next(&self, py: Python<'_>, p: &PyPlaintext) -> PyResult<PyPlaintext> {
        let p = &p.pt;
        let out = self.run(py, |e| e.mod_switch_plain_to_next(p))?;
        Ok(PyPlaintext::wrap(&self.context, out))
    }

    /// Down the chain to chain index `level`.
    fn mod_switch_to(
        &self,
        py: Python<'_>,
        a: &PyCiphertext,
        level: usize,
    ) -> PyResult<PyCiphertext> {
        let target = self.parms_at(level)?;
        let a = &a.ct;
        Ok(self.out(self.run(py, |e| e.mod_switch_to(a, target))?))
    }

    /// Bootstrapping's ModRaise: a last-level ciphertext read at the first data level.
    fn mod_raise(&self, py: Python<'_>, a: &PyCiphertext) -> PyResult<PyCiphertext> {
        let a = &a.ct;
        Ok(self.out(self.run(py, |e| e.mod_raise(a))?))
    }

    /// Rotates the slots left by `steps` (right when negative).
    fn rotate_vector(
        &self,
        py: Python<'_>,
        a: &PyCiphertext,
        steps: i64,
        galois_keys: &PyGaloisKeys,
    ) -> PyResult<PyCiphertext> {
        let (a, k) = (&a.ct, &*galois_keys.key);
        Ok(self.out(self.run(py, |e| e.rotate_vector(a, steps, k))?))
    }

    /// Hoisted rotations: one decomposition shared by every step.
    fn rotate_many(
        &self,
        py: Python<'_>,
        a: &PyCiphertext,
        steps: &Bound<'_, PyAny>,
        galois_keys: &PyGaloisKeys,
    ) -> PyResult<Vec<PyCiphertext>> {
        let steps = values::integers(steps, "steps")?;
        let (a, k) = (&a.ct, &*galois_keys.key);
        let out = self.run(py, |e| e.rotate_many(a, &steps, k))?;
        Ok(out.into_iter().map(|c| self.out(c)).collect())
    }

    /// Sums `count` (a power of two) consecutive slots into each slot.
    fn rotate_and_sum(
        &self,
        py: Python<'_>,
        a: &PyCiphertext,
        count: usize,
        galois_keys: &PyGaloisKeys,
    ) -> PyResult<PyCiphertext> {
        let (a, k) = (&a.ct, &*galois_keys.key);
        Ok(self.out(self.run(py, |e| e.rotate_and_sum(a, count, k))?))
    }

    fn apply_galois(
        &self,
        py: Python<'_>,
        a: &PyCiphertext,
        galois_elt: u64,
        galois_keys: &PyGaloisKeys,
    ) -> PyResult<PyCiphertext> {
        let (a, k) = (&a.ct, &*galois_keys.key);
        Ok(self.out(self.run(py, |e| e.apply_galois(a, galois_elt, k))?))
    }

    /// Hoisted Galois automorphisms.
    fn apply_galois_many(
        &self,
        py: Python<'_>,
        a: &PyCiphertext,
        elements: &Bound<'_, PyAny>,
        galois_keys: &PyGaloisKeys,
    ) -> PyResult<Vec<PyCiphertext>> {
        let elements = values::bounded(elements, "elements", u64::MAX)?;
        let (a, k) = (&a.ct, &*galois_keys.key);
        let out = self.run(py, |e| e.apply_galois_many(a, &elements, k))?;
        Ok(out.into_iter().map(|c| self.out(c)).collect())
    }

    /// Σ galois_t(a_t) over (ciphertext, Galois element) pairs.
    fn apply_galois_sum(
        &self,
        py: Python<'_>,
        terms: Vec<(PyRef<'_, PyCiphertext>, u64)>,
        galois_keys: &PyGaloisKeys,
    ) -> PyResult<PyCiphertext> {
        let pairs: Vec<(&Ciphertext, u64)> = terms.iter().map(|(c, g)| (&c.ct, *g)).collect();
        let k = &*galois_keys.key;
        Ok(self.out(self.run(py, |e| e.apply_galois_sum(&pairs, k))?))
    }

    fn complex_conjugate(
        &self,
        py: Python<'_>,
        a: &PyCiphertext,
        galois_keys: &PyGaloisKeys,
    ) -> PyResult<PyCiphertext> {
        let (a, k) = (&a.ct, &*galois_keys.key);
        Ok(self.out(self.run(py, |e| e.complex_conjugate(a, k))?))
    }

    fn add_inplace(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyCiphertext>,
        b: &Bound<'_, PyCiphertext>,
    ) -> PyResult<()> {
        self.replace_with(py, a, b, |e, x, y| e.add(x, y))
    }

    fn sub_inplace(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyCiphertext>,
        b: &Bound<'_, PyCiphertext>,
    ) -> PyResult<()> {
        self.replace_with(py, a, b, |e, x, y| e.sub(x, y))
    }

    fn multiply_inplace(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyCiphertext>,
        b: &Bound<'_, PyCiphertext>,
    ) -> PyResult<()> {
        self.replace_with(py, a, b, |e, x, y| e.multiply(x, y))
    }

    fn negate_inplace(&self, py: Python<'_>, a: &Bound<'_, PyCiphertext>) -> PyResult<()> {
        self.replace(py, a, |e, x| e.negate(x))
    }

    fn square_inplace(&self, py: Python<'_>, a: &Bound<'_, PyCiphertext>) -> PyResult<()> {
        self.replace(py, a, |e, x| e.square(x))
    }

    fn add_plain_inplace(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyCiphertext>,
        p: &PyPlaintext,
    ) -> PyResult<()> {
        let p = &p.pt;
        self.replace(py, a, |e, x| e.add_plain(x, p))
    }

    fn sub_plain_inplace(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyCiphertext>,
        p: &PyPlaintext,
    ) -> PyResult<()> {
        let p = &p.pt;
        self.replace(py, a, |e, x| e.sub_plain(x, p))
    }

    fn multiply_plain_inplace(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyCiphertext>,
        p: &PyPlaintext,
    ) -> PyResult<()> {
        let p = &p.pt;
        self.replace(py, a, |e, x| e.multiply_plain(x, p))
    }

    fn multiply_const_inplace(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyCiphertext>,
        value: f64,
        scale: f64,
    ) -> PyResult<()> {
        self.replace(py, a, |e, x| e.multiply_const(x, value, scale))
    }

    fn relinearize_inplace(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyCiphertext>,
        relin_keys: &PyRelinKeys,
    ) -> PyResult<()> {
        let k = &*relin_keys.key;
        self.replace(py, a, |e, x| e.relinearize(x, k))
    }

    fn rescale_to_next_inplace(&self, py: Python<'_>, a: &Bound<'_, PyCiphertext>) -> PyResult<()> {
        self.replace(py, a, |e, x| e.rescale_to_next(x))
    }

    fn mod_switch_to_next_inplace(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyCiphertext>,
    ) -> PyResult<()> {
        self.replace(py, a, |e, x| e.mod_switch_to_next(x))
    }

    fn mod_switch_to_inplace(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyCiphertext>,
        level: usize,
    ) -> PyResult<()> {
        let target = self.parms_at(level)?;
        self.replace(py, a, |e, x| e.mod_switch_to(x, target))
    }

    fn mod_switch_plain_to_next_inplace(
        &self,
        py: Python<'_>,
        p: &Bound<'_, PyPlaintext>,
    ) -> PyResult<()> {
        let out = {
            let p_ref = p.try_borrow()?;
            let x = &p_ref.pt;
            self.run(py, |e| e.mod_switch_plain_to_next(x))?
        };
        p.try_borrow_mut()?.pt = out;
        Ok(())
    }

    fn rotate_vector_inplace(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyCiphertext>,
        steps: i64,
        galois_keys: &PyGaloisKeys,
    ) -> PyResult<()> {
        let k = &*galois_keys.key;
        self.replace(py, a, |e, x| e.rotate_vector(x, steps, k))
    }

    fn complex_conjugate_inplace(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyCiphertext>,
        galois_keys: &PyGaloisKeys,
    ) -> PyResult<()> {
        let k = &*galois_keys.key;
        self.replace(py, a, |e, x| e.complex_conjugate(x, k))
    }

    fn __repr__(&self) -> String {
        format!(
            "Evaluator(backend={:?})",
            self.context.get().device_backend()
        )
    }
}
