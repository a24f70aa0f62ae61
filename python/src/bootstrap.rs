//! Bootstrapping: the presets, their keys, and a bootstrapper that keeps its precomputed
//! transforms between calls.

use crate::ciphertext::PyCiphertext;
use crate::context::{PyContext, PyParams};
use crate::errors::{detached, error, Kind, XResult};
use crate::keys::{PyGaloisKeys, PyKeyGenerator, PyRelinKeys};
use crate::values;
use pyo3::prelude::*;
use self_cell::self_cell;
use std::sync::Arc;
use xehe::ckks::bootstrap::{BootstrapKeys, BootstrapPreset, Bootstrapper};
use xehe::ckks::device::DeviceContext;
use xehe::ckks::{Context, Evaluator, KeyGenerator};

/// A bootstrapping preset by name: "insecure-n12", "insecure-n13" (test sizes, refused unless
/// the context's security is "none"), "n15", "n16". `slots` packs fewer values (a power of
/// two up to N/2); `message_ratio` (bits) trades precision for a larger message range.
#[pyclass(module = "xehe", name = "BootstrapPreset", frozen)]
pub struct PyPreset {
    preset: BootstrapPreset,
}

#[pymethods]
impl PyPreset {
    #[new]
    #[pyo3(signature = (name, slots = None, message_ratio = None))]
    fn new(name: &str, slots: Option<usize>, message_ratio: Option<u32>) -> XResult<Self> {
        let mut preset = BootstrapPreset::by_name(name).ok_or_else(|| {
            error(
                Kind::Parameter,
                format!(
                    "bootstrapping preset {name:?}: expected \"insecure-n12\", \"insecure-n13\", \"n15\" or \"n16\""
                ),
            )
        })?;
        if let Some(s) = slots {
            preset = preset.with_slots(s);
        }
        if let Some(b) = message_ratio {
            preset = preset.with_message_ratio(b);
        }
        preset.encryption_parameters()?;
        Ok(PyPreset { preset })
    }

    #[getter]
    fn name(&self) -> &'static str {
        self.preset.name
    }

    #[getter]
    fn poly_modulus_degree(&self) -> usize {
        self.preset.degree()
    }

    #[getter]
    fn slots(&self) -> usize {
        self.preset.slots
    }

    /// Levels left for computation after a bootstrap.
    #[getter]
    fn compute_levels(&self) -> usize {
        self.preset.compute_levels
    }

    /// Bits of each computation prime: the scale a bootstrapped ciphertext is meant to have.
    #[getter]
    fn compute_bits(&self) -> u32 {
        self.preset.compute_bits
    }

    /// The preset's whole chain.
    fn encryption_parameters(&self) -> XResult<PyParams> {
        Ok(PyParams {
            inner: self.preset.encryption_parameters()?,
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "BootstrapPreset(name={:?}, poly_modulus_degree={}, slots={}, compute_levels={}, secret={:?})",
            self.preset.name,
            self.preset.degree(),
            self.preset.slots,
            self.preset.compute_levels,
            self.preset.secret_description()
        )
    }
}

/// The keys a bootstrap needs: relinearization, the transforms' Galois keys (plus keys for
/// `extra_steps`), and for a dense secret the sparse-secret encapsulation's two switching keys
/// (those have no SEAL file form; the relinearization and Galois keys save as SEAL's).
#[pyclass(module = "xehe", name = "BootstrapKeys", frozen)]
pub struct PyBootstrapKeys {
    keys: Arc<BootstrapKeys>,
}

#[pymethods]
impl PyBootstrapKeys {
    #[new]
    #[pyo3(signature = (keygen, preset, extra_steps = None))]
    fn new(
        py: Python<'_>,
        keygen: &PyKeyGenerator,
        preset: &PyPreset,
        extra_steps: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let steps = match extra_steps {
            Some(s) => values::integers(s, "extra_steps")?,
            None => Vec::new(),
        };
        let (ctx, secret) = keygen.parts();
        let preset = &preset.preset;
        let keys = detached(py, || {
            let mut kg = KeyGenerator::from_secret_key(ctx, secret)?;
            BootstrapKeys::generate_with(&mut kg, preset, &steps)
        })?;
        Ok(PyBootstrapKeys {
            keys: Arc::new(keys),
        })
    }

    #[getter]
    fn relin_keys(&self) -> PyRelinKeys {
        PyRelinKeys {
            key: Arc::new(self.keys.relin.clone()),
        }
    }

    #[getter]
    fn galois_keys(&self) -> PyGaloisKeys {
        PyGaloisKeys {
            key: Arc::new(self.keys.galois.clone()),
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "BootstrapKeys({} Galois keys, encapsulation={})",
            self.keys.galois.elements().count(),
            self.keys.encapsulation.is_some()
        )
    }
}

/// What the evaluator borrows: the context, its device and the keys.
struct Owner {
    ctx: Context,
    device: Option<Arc<DeviceContext>>,
    keys: Arc<BootstrapKeys>,
}

self_cell!(
    struct EvalCell {
        owner: Owner,
        #[covariant]
        dependent: Evaluator,
    }
);

type Boot<'a> = Bootstrapper<'a, 'a>;

self_cell!(
    struct BootCell {
        owner: EvalCell,
        #[not_covariant]
        dependent: Boot,
    }
);

/// Bootstraps ciphertexts of one context with one preset: the transforms are encoded once,
/// here. `bootstrap` takes a ciphertext (any level; it is switched down to the base prime
/// first) and returns it `compute_levels` levels above the base, with the same scale.
#[pyclass(module = "xehe", name = "Bootstrapper", frozen)]
pub struct PyBootstrapper {
    cell: BootCell,
    context: Py<PyContext>,
}

#[pymethods]
impl PyBootstrapper {
    #[new]
    fn new(
        py: Python<'_>,
        context: Py<PyContext>,
        keys: &PyBootstrapKeys,
        preset: &PyPreset,
    ) -> XResult<Self> {
        let c = context.get();
        let owner = Owner {
            ctx: c.ctx.clone(),
            device: c.device.clone(),
            keys: keys.keys.clone(),
        };
        let preset = preset.preset.clone();
        let cell = detached(py, move || {
            let evals = EvalCell::try_new(owner, |o| match &o.device {
                Some(d) => Evaluator::with_device(&o.ctx, d.clone()),
                None => Ok(Evaluator::new(&o.ctx)),
            })?;
            let cell = BootCell::try_new(evals, |e| {
                let eval = e.borrow_dependent();
                e.borrow_owner().keys.upload(eval)?;
                Bootstrapper::new(eval, &e.borrow_owner().keys, &preset)
            })?;
            Ok(cell)
        })?;
        Ok(PyBootstrapper { cell, context })
    }

    /// Rotations one bootstrap takes.
    #[getter]
    fn rotation_count(&self) -> usize {
        self.cell.with_dependent(|_, b| b.rotation_count())
    }

    fn bootstrap(&self, py: Python<'_>, ct: &PyCiphertext) -> PyResult<PyCiphertext> {
        let x = &ct.ct;
        let cell = &self.cell;
        let out = detached(py, || cell.with_dependent(|_, b| b.bootstrap(x)))?;
        Ok(PyCiphertext::wrap(&self.context, out))
    }

    fn __repr__(&self) -> String {
        self.cell.with_dependent(|_, b| {
            format!(
                "Bootstrapper(preset={:?}, rotations={})",
                b.preset().name,
                b.rotation_count()
            )
        })
    }
}

/// Adds the bootstrapping classes.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPreset>()?;
    m.add_class::<PyBootstrapKeys>()?;
    m.add_class::<PyBootstrapper>()?;
    Ok(())
}
