//! Python values in, Rust vectors out: lists, tuples, any iterable of numbers, and NumPy
//! arrays (read through `tolist()`, one C-level conversion, so NumPy stays optional).

use crate::errors::{error, Kind};
use num_complex::Complex64;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

/// The values of `obj` as a flat list object: `tolist()` where the object has one (NumPy
/// arrays and scalars), else the object itself.
fn as_list<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    if obj.is_instance_of::<PyList>() {
        return Ok(obj.clone());
    }
    if obj.is_instance_of::<PyString>() {
        return Err(error(Kind::InvalidType, "expected numbers, got a string"));
    }
    match obj.getattr("tolist") {
        Ok(tolist) => tolist.call0(),
        Err(_) => Ok(obj.clone()),
    }
}

fn not_numbers(obj: &Bound<'_, PyAny>, what: &str) -> PyErr {
    let ty = obj
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into());
    error(
        Kind::InvalidType,
        format!("{what}: expected a sequence (or NumPy array) of real numbers, got {ty}"),
    )
}

/// A one-dimensional sequence of real numbers.
pub fn reals(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<f64>> {
    let list = as_list(obj)?;
    if let Ok(list) = list.cast::<PyList>() {
        let mut out = Vec::with_capacity(list.len());
        for item in list.iter() {
            out.push(item.extract::<f64>().map_err(|_| not_numbers(obj, what))?);
        }
        return Ok(out);
    }
    let iter = list.try_iter().map_err(|_| not_numbers(obj, what))?;
    iter.map(|item| item.and_then(|v| v.extract::<f64>()))
        .collect::<PyResult<Vec<f64>>>()
        .map_err(|_| not_numbers(obj, what))
}

/// A one-dimensional sequence of complex (or real) numbers.
pub fn complexes(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Complex64>> {
    let list = as_list(obj)?;
    let iter = list.try_iter().map_err(|_| not_numbers(obj, what))?;
    iter.map(|item| item.and_then(|v| v.extract::<Complex64>()))
        .collect::<PyResult<Vec<Complex64>>>()
        .map_err(|_| {
            error(
                Kind::InvalidType,
                format!("{what}: expected a sequence (or NumPy array) of complex numbers"),
            )
        })
}

/// A sequence of integers (steps, Galois elements, bit sizes).
pub fn integers(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<i64>> {
    let bad = || {
        error(
            Kind::InvalidType,
            format!("{what}: expected a sequence of integers (each within 64 bits)"),
        )
    };
    let list = as_list(obj)?;
    let iter = list.try_iter().map_err(|_| bad())?;
    iter.map(|item| item.and_then(|v| v.extract::<i64>()))
        .collect::<PyResult<Vec<i64>>>()
        .map_err(|_| bad())
}

/// `integers`, each in `0..=max`.
pub fn bounded(obj: &Bound<'_, PyAny>, what: &str, max: u64) -> PyResult<Vec<u64>> {
    integers(obj, what)?
        .into_iter()
        .map(|v| {
            u64::try_from(v)
                .ok()
                .filter(|&u| u <= max)
                .ok_or_else(|| error(Kind::Operand, format!("{what}: {v} is not in 0..={max}")))
        })
        .collect()
}
