//! The `xehe.Error` hierarchy, and the conversion of the library's typed errors into it.
//!
//! Each class also derives from the built-in exception Python code would expect
//! (`ValueError`, `TypeError`, `RuntimeError`, `NotImplementedError`), so `except ValueError`
//! keeps working; pyo3's `create_exception!` takes one base only, so the classes are made with
//! `type(name, bases, namespace)` when the module loads.

use pyo3::exceptions::{
    PyException, PyNotImplementedError, PyRuntimeError, PyTypeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};
use xehe::ckks::CkksError;
use xehe::runtime::RuntimeError;

/// The exception classes, made once per interpreter.
struct Classes {
    error: Py<PyType>,
    parameter: Py<PyType>,
    operand: Py<PyType>,
    missing_key: Py<PyType>,
    load: Py<PyType>,
    invalid_type: Py<PyType>,
    device: Py<PyType>,
    unsupported: Py<PyType>,
    internal: Py<PyType>,
}

static CLASSES: PyOnceLock<Classes> = PyOnceLock::new();

/// The kinds of error, one class each.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// Anything else the library reports.
    Error,
    /// Encryption parameters, security level, bootstrapping preset, backend choice.
    Parameter,
    /// An operand or argument that does not fit: level, scale, size, foreign parameters.
    Operand,
    /// A key the operation needs is not there.
    MissingKey,
    /// Bytes that are not a valid object of this context.
    Load,
    /// An argument of the wrong type.
    InvalidType,
    /// The device or its driver failed, or no device is there.
    Device,
    /// Something xehe does not provide.
    Unsupported,
    /// A bug in xehe (a Rust panic, caught before it reached Python).
    Internal,
}

const DOCS: [(&str, &str); 9] = [
    (
        "Error",
        "Every error xehe raises; the message is the library's own.",
    ),
    (
        "ParameterError",
        "Invalid encryption parameters, security level, preset or backend choice.",
    ),
    (
        "OperandError",
        "An operand that does not fit the operation: level, scale, size or another context.",
    ),
    (
        "MissingKeyError",
        "The operation needs a key the caller did not provide.",
    ),
    (
        "LoadError",
        "Bytes that are not a valid object for this context.",
    ),
    ("InvalidTypeError", "An argument of the wrong type."),
    (
        "DeviceError",
        "The device or its driver failed, or no device is available.",
    ),
    ("UnsupportedError", "Something xehe does not provide."),
    (
        "InternalError",
        "A bug in xehe: please report it with the message.",
    ),
];

fn make(
    py: Python<'_>,
    name: &str,
    bases: Vec<Bound<'_, PyAny>>,
    doc: &str,
) -> PyResult<Py<PyType>> {
    let namespace = PyDict::new(py);
    namespace.set_item("__doc__", doc)?;
    namespace.set_item("__module__", "xehe")?;
    let ty = py
        .get_type::<PyType>()
        .call1((name, PyTuple::new(py, bases)?, namespace))?;
    Ok(ty.cast_into::<PyType>()?.unbind())
}

fn classes(py: Python<'_>) -> PyResult<&Classes> {
    CLASSES.get_or_try_init(py, || {
        let base = make(
            py,
            DOCS[0].0,
            vec![py.get_type::<PyException>().into_any()],
            DOCS[0].1,
        )?;
        let with = |i: usize, builtin: Bound<'_, PyType>| {
            make(
                py,
                DOCS[i].0,
                vec![base.bind(py).clone().into_any(), builtin.into_any()],
                DOCS[i].1,
            )
        };
        let value = || py.get_type::<PyValueError>();
        let runtime = || py.get_type::<PyRuntimeError>();
        Ok(Classes {
            parameter: with(1, value())?,
            operand: with(2, value())?,
            missing_key: with(3, value())?,
            load: with(4, value())?,
            invalid_type: with(5, py.get_type::<PyTypeError>())?,
            device: with(6, runtime())?,
            unsupported: with(7, py.get_type::<PyNotImplementedError>())?,
            internal: with(8, runtime())?,
            error: base,
        })
    })
}

/// Adds the classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let c = classes(py)?;
    for (ty, (name, _)) in [
        &c.error,
        &c.parameter,
        &c.operand,
        &c.missing_key,
        &c.load,
        &c.invalid_type,
        &c.device,
        &c.unsupported,
        &c.internal,
    ]
    .into_iter()
    .zip(DOCS)
    {
        m.add(name, ty.clone_ref(py))?;
    }
    Ok(())
}

/// An exception of `kind` with `message`.
pub fn error(kind: Kind, message: impl Into<String>) -> PyErr {
    let message = message.into();
    Python::attach(|py| match classes(py) {
        Ok(c) => {
            let ty = match kind {
                Kind::Error => &c.error,
                Kind::Parameter => &c.parameter,
                Kind::Operand => &c.operand,
                Kind::MissingKey => &c.missing_key,
                Kind::Load => &c.load,
                Kind::InvalidType => &c.invalid_type,
                Kind::Device => &c.device,
                Kind::Unsupported => &c.unsupported,
                Kind::Internal => &c.internal,
            };
            PyErr::from_type(ty.bind(py).clone(), message)
        }
        Err(e) => e,
    })
}

/// The kind of a CKKS error.
fn ckks_kind(e: &CkksError) -> Kind {
    use CkksError::*;
    match e {
        InvalidDegree { .. }
        | InvalidModulusCount { .. }
        | InvalidPrime { .. }
        | RepeatedPrime { .. }
        | Insecure { .. }
        | InvalidHammingWeight { .. }
        | InvalidBootstrap { .. }
        | InvalidSpecialPrimeCount { .. }
        | NoSpecialPrime
        | Math(_) => Kind::Parameter,
        MissingGaloisKey { .. } => Kind::MissingKey,
        Load(_) => Kind::Load,
        Device(e) => runtime_kind(e),
        NoDevice { .. } => Kind::Device,
        Unsupported { .. } => Kind::Unsupported,
        Save(_) => Kind::Error,
        _ => Kind::Operand,
    }
}

fn runtime_kind(e: &RuntimeError) -> Kind {
    match e {
        RuntimeError::Config(_) => Kind::Parameter,
        _ => Kind::Device,
    }
}

/// Converts the library's errors into exceptions (`?` on a `CkksResult` in a `PyResult` function).
pub struct Failure(PyErr);

impl From<CkksError> for Failure {
    fn from(e: CkksError) -> Self {
        Failure(error(ckks_kind(&e), e.to_string()))
    }
}

impl From<RuntimeError> for Failure {
    fn from(e: RuntimeError) -> Self {
        Failure(error(runtime_kind(&e), e.to_string()))
    }
}

impl From<PyErr> for Failure {
    fn from(e: PyErr) -> Self {
        Failure(e)
    }
}

impl From<Failure> for PyErr {
    fn from(f: Failure) -> Self {
        f.0
    }
}

/// The result of work that may fail in the library or in Python.
pub type XResult<T> = Result<T, Failure>;

/// Runs `work` with the GIL released (device work and long host work), turning a panic into
/// `xehe.InternalError` rather than letting it cross into Python.
pub fn detached<T: Send>(
    py: Python<'_>,
    work: impl FnOnce() -> Result<T, CkksError> + Send,
) -> PyResult<T> {
    let outcome = py.detach(|| std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)));
    match outcome {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(Failure::from(e).into()),
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            Err(error(Kind::Internal, format!("internal error: {what}")))
        }
    }
}
