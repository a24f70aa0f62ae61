//! What `save`/`load` share: the compression name, and bytes-like input.

use crate::errors::{error, Kind};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};
use xehe::ckks::serialize::ComprMode;

/// SEAL's compression by name: "zstd" (SEAL's and TenSEAL's default), "zlib" or "none".
pub fn compression(name: &str) -> PyResult<ComprMode> {
    name.parse::<ComprMode>().map_err(|_| {
        error(
            Kind::Operand,
            format!("compression {name:?}: expected \"zstd\", \"zlib\" or \"none\""),
        )
    })
}

/// The bytes of a `bytes`, `bytearray` or `memoryview` argument.
pub fn load_bytes(data: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(b) = data.cast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    if let Ok(b) = data.cast::<PyByteArray>() {
        return Ok(b.to_vec());
    }
    if let Ok(b) = data.call_method0("tobytes") {
        if let Ok(b) = b.cast::<PyBytes>() {
            return Ok(b.as_bytes().to_vec());
        }
    }
    Err(error(
        Kind::InvalidType,
        "expected bytes, bytearray or memoryview",
    ))
}

/// Saves with `save` into a new `bytes` object.
pub fn saved<'py>(
    py: Python<'py>,
    save: impl FnOnce(&mut Vec<u8>) -> xehe::ckks::CkksResult<u64>,
) -> Result<Bound<'py, PyBytes>, crate::errors::Failure> {
    let mut out = Vec::new();
    save(&mut out)?;
    Ok(PyBytes::new(py, &out))
}
