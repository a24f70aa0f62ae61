//! `EncryptionParameters` and `Context`: SEAL's parameters and context, and the device the
//! context evaluates on (`backend=`, `device=`, else the `XEHE_*` settings).

use crate::errors::{detached, error, Kind, XResult};
use crate::serial::load_bytes;
use crate::values;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::sync::{Arc, Mutex};
use xehe::arith::Modulus;
use xehe::ckks::device::DeviceContext;
use xehe::ckks::{ContextData, EncryptionParameters, ParmsId};
use xehe::primes::SecurityLevel;
use xehe::runtime::{open_explained, Backend, BackendChoice, OpenOptions};

/// SEAL's `EncryptionParameters` for CKKS: the polynomial degree and the coefficient modulus
/// (its last prime, or last `special_primes` primes, for key switching).
#[pyclass(module = "xehe", name = "EncryptionParameters", frozen)]
pub struct PyParams {
    pub inner: EncryptionParameters,
}

#[pymethods]
impl PyParams {
    /// Parameters with SEAL's primes for `coeff_mod_bit_sizes` (`CoeffModulus::Create`).
    #[new]
    #[pyo3(signature = (poly_modulus_degree, coeff_mod_bit_sizes, special_primes = 1))]
    fn new(
        poly_modulus_degree: usize,
        coeff_mod_bit_sizes: &Bound<'_, PyAny>,
        special_primes: usize,
    ) -> XResult<Self> {
        let bits = values::bounded(coeff_mod_bit_sizes, "coeff_mod_bit_sizes", 61)?;
        let bits: Vec<u32> = bits.into_iter().map(|b| b as u32).collect();
        let inner = EncryptionParameters::with_bit_sizes(poly_modulus_degree, &bits)?
            .with_special_primes(special_primes);
        Ok(PyParams { inner })
    }

    /// Parameters with the given primes.
    #[staticmethod]
    #[pyo3(signature = (poly_modulus_degree, coeff_modulus, special_primes = 1))]
    fn from_primes(
        poly_modulus_degree: usize,
        coeff_modulus: &Bound<'_, PyAny>,
        special_primes: usize,
    ) -> XResult<Self> {
        let primes = values::bounded(coeff_modulus, "coeff_modulus", u64::MAX)?
            .into_iter()
            .map(Modulus::new)
            .collect::<Result<Vec<_>, _>>()
            .map_err(xehe::ckks::CkksError::from)?;
        Ok(PyParams {
            inner: EncryptionParameters::new(poly_modulus_degree, primes)
                .with_special_primes(special_primes),
        })
    }

    #[getter]
    fn poly_modulus_degree(&self) -> usize {
        self.inner.poly_modulus_degree()
    }

    /// The primes, special primes last.
    #[getter]
    fn coeff_modulus(&self) -> Vec<u64> {
        self.inner
            .coeff_modulus()
            .iter()
            .map(|m| m.value())
            .collect()
    }

    #[getter]
    fn special_primes(&self) -> usize {
        self.inner.special_prime_count()
    }

    /// SEAL's parms_id (four 64-bit words).
    #[getter]
    fn parms_id(&self) -> [u64; 4] {
        self.inner.parms_id().0
    }

    /// SEAL's bytes (`EncryptionParameters::save`).
    #[pyo3(signature = (compression = "zstd", level = None))]
    fn save<'py>(
        &self,
        py: Python<'py>,
        compression: &str,
        level: Option<i32>,
    ) -> XResult<Bound<'py, PyBytes>> {
        let mode = crate::serial::save_options(compression, level)?;
        let mut out = Vec::new();
        self.inner.save(&mut out, mode)?;
        Ok(PyBytes::new(py, &out))
    }

    /// Parameters from SEAL's bytes.
    #[staticmethod]
    fn load(data: &Bound<'_, PyAny>) -> XResult<Self> {
        let bytes = load_bytes(data)?;
        Ok(PyParams {
            inner: EncryptionParameters::load(&mut &bytes[..])?,
        })
    }

    fn __eq__(&self, other: &Self) -> bool {
        self.inner.parms_id() == other.inner.parms_id()
            && self.inner.special_prime_count() == other.inner.special_prime_count()
    }

    fn __repr__(&self) -> String {
        let bits: Vec<String> = self
            .inner
            .coeff_modulus()
            .iter()
            .map(|m| (64 - m.value().leading_zeros()).to_string())
            .collect();
        format!(
            "EncryptionParameters(poly_modulus_degree={}, coeff_mod_bit_sizes=[{}], special_primes={})",
            self.inner.poly_modulus_degree(),
            bits.join(", "),
            self.inner.special_prime_count()
        )
    }
}

fn security(name: &str) -> PyResult<SecurityLevel> {
    match name.to_ascii_lowercase().as_str() {
        "tc128" | "128" => Ok(SecurityLevel::Tc128),
        "tc192" | "192" => Ok(SecurityLevel::Tc192),
        "tc256" | "256" => Ok(SecurityLevel::Tc256),
        "none" => Ok(SecurityLevel::None),
        _ => Err(error(
            Kind::Parameter,
            format!("security {name:?}: expected \"tc128\", \"tc192\", \"tc256\" or \"none\""),
        )),
    }
}

fn security_name(level: SecurityLevel) -> &'static str {
    match level {
        SecurityLevel::None => "none",
        SecurityLevel::Tc128 => "tc128",
        SecurityLevel::Tc192 => "tc192",
        SecurityLevel::Tc256 => "tc256",
    }
}

/// Backends opened in this process, shared by every context that asks for the same one: a
/// device opens (and builds or loads its kernels) once.
static OPENED: Mutex<Vec<(OpenOptions, Arc<dyn Backend>)>> = Mutex::new(Vec::new());

fn open_backend(options: &OpenOptions) -> XResult<Arc<dyn Backend>> {
    let mut opened = OPENED.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((_, b)) = opened.iter().find(|(o, _)| o == options) {
        return Ok(b.clone());
    }
    let o = open_explained(options)?;
    for line in &o.fallbacks {
        eprintln!("xehe: {line}");
    }
    opened.push((options.clone(), o.backend.clone()));
    Ok(o.backend)
}

/// Which device a context evaluates on: `backend` ("auto", "cpu-sim", "opencl", "level-zero",
/// or "host" for none) and `device` override the `XEHE_*` settings.
fn device_for(
    context: &xehe::ckks::Context,
    backend: Option<&str>,
    device: Option<usize>,
) -> XResult<Option<Arc<DeviceContext>>> {
    // "host" is the Python package's own choice (no device), so XEHE_BACKEND=host runs an
    // unchanged TenSEAL program on the host's cores; the runtime's settings do not know it.
    let from_env = std::env::var("XEHE_BACKEND").ok();
    if backend.or(from_env.as_deref()) == Some("host") {
        return Ok(None);
    }
    let mut options = OpenOptions::from_env()?;
    if let Some(name) = backend {
        options.backend = BackendChoice::parse(name)?;
    }
    if device.is_some() {
        options.device = device;
    }
    let b = open_backend(&options)?;
    Ok(Some(DeviceContext::new(context, b, 0)?))
}

/// SEAL's `SEALContext`: validated parameters, the modulus-switching chain, and the device
/// operations run on.
///
/// `backend`: "auto" (a Level Zero GPU, else an OpenCL GPU, else any OpenCL device, else
/// cpu-sim), "level-zero", "opencl", "cpu-sim", or "host" (no device: every operation on the
/// host's cores). `device`: the root device's index within the backend. Both default to the
/// `XEHE_BACKEND` / `XEHE_DEVICE` settings (and the other `XEHE_*` settings apply; here
/// `XEHE_BACKEND` may also say "host"), else "auto" and 0.
#[pyclass(module = "xehe", name = "Context", frozen)]
pub struct PyContext {
    pub ctx: xehe::ckks::Context,
    pub device: Option<Arc<DeviceContext>>,
    pub parms: EncryptionParameters,
}

impl PyContext {
    /// The level's context data, or an error naming `what`.
    pub fn level(&self, parms_id: ParmsId, what: &'static str) -> PyResult<&ContextData> {
        self.ctx.get_context_data(parms_id).ok_or_else(|| {
            error(
                Kind::Operand,
                format!("the {what} does not belong to this context"),
            )
        })
    }

    /// The context data at chain index `level` (0: the last data level).
    pub fn at_level(&self, level: usize) -> PyResult<&ContextData> {
        let top = self.ctx.first_context_data().chain_index();
        self.ctx
            .chain()
            .find(|d| d.chain_index() == level && level <= top)
            .ok_or_else(|| {
                error(
                    Kind::Operand,
                    format!("level {level} is not a data level of this context (0 to {top})"),
                )
            })
    }

    /// The backend's name, "host" without a device.
    pub fn device_backend(&self) -> &'static str {
        match &self.device {
            None => "host",
            Some(d) => d.backend().kind().name(),
        }
    }

    pub fn chain_index(&self, parms_id: ParmsId) -> Option<usize> {
        self.ctx.get_context_data(parms_id).map(|d| d.chain_index())
    }
}

#[pymethods]
impl PyContext {
    #[new]
    #[pyo3(signature = (parms, security = "tc128", backend = None, device = None))]
    fn new(
        py: Python<'_>,
        parms: &PyParams,
        security: &str,
        backend: Option<&str>,
        device: Option<usize>,
    ) -> XResult<Self> {
        let level = self::security(security)?;
        let p = parms.inner.clone();
        let ctx = detached(py, || xehe::ckks::Context::new(&p, level))?;
        let dev = py.detach(|| device_for(&ctx, backend, device))?;
        Ok(PyContext {
            ctx,
            device: dev,
            parms: parms.inner.clone(),
        })
    }

    #[getter]
    fn parms(&self) -> PyParams {
        PyParams {
            inner: self.parms.clone(),
        }
    }

    #[getter]
    fn poly_modulus_degree(&self) -> usize {
        self.parms.poly_modulus_degree()
    }

    /// Slots of a CKKS plaintext: half the degree.
    #[getter]
    fn slot_count(&self) -> usize {
        self.parms.poly_modulus_degree() / 2
    }

    /// The chain index of the first data level (fresh ciphertexts); the last is 0.
    #[getter]
    fn max_level(&self) -> usize {
        self.ctx.first_context_data().chain_index()
    }

    #[getter]
    fn security(&self) -> &'static str {
        security_name(self.ctx.security_level())
    }

    /// The backend operations run on: "host", "cpu-sim", "opencl" or "level-zero".
    #[getter]
    fn backend(&self) -> &'static str {
        self.device_backend()
    }

    /// The device's name ("host" without one).
    #[getter]
    fn device_name(&self) -> String {
        match &self.device {
            None => "host".into(),
            Some(d) => d.backend().device_name(),
        }
    }

    /// The primes of chain index `level`.
    fn coeff_modulus_at(&self, level: usize) -> PyResult<Vec<u64>> {
        Ok(self
            .at_level(level)?
            .coeff_modulus()
            .iter()
            .map(|m| m.value())
            .collect())
    }

    /// The parms_id of chain index `level`.
    fn parms_id_at(&self, level: usize) -> PyResult<[u64; 4]> {
        Ok(self.at_level(level)?.parms_id().0)
    }

    /// Waits for every operation queued on the device (nothing on the host).
    fn synchronize(&self, py: Python<'_>) -> PyResult<()> {
        if let Some(d) = &self.device {
            let b = d.backend().clone();
            let tile = d.tile();
            detached(py, move || b.wait(tile).map_err(Into::into))?;
        }
        Ok(())
    }

    fn __repr__(&self) -> String {
        let bits: Vec<String> = self
            .parms
            .coeff_modulus()
            .iter()
            .map(|m| (64 - m.value().leading_zeros()).to_string())
            .collect();
        format!(
            "Context(poly_modulus_degree={}, coeff_mod_bit_sizes=[{}], special_primes={}, max_level={}, security={:?}, backend={:?}, device={:?})",
            self.parms.poly_modulus_degree(),
            bits.join(", "),
            self.parms.special_prime_count(),
            self.ctx.first_context_data().chain_index(),
            self.security(),
            self.backend(),
            self.device_name()
        )
    }
}
