//! What `save`/`load` share: the compression name and level, and bytes-like input.

use crate::errors::{error, Kind};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};
use xehe::ckks::serialize::{ComprMode, SaveOptions};

/// SEAL's compression by name: "zstd" (SEAL's and TenSEAL's default), "zlib" or "none".
pub fn compression(name: &str) -> PyResult<ComprMode> {
    name.parse::<ComprMode>().map_err(|_| {
        error(
            Kind::Operand,
            format!("compression {name:?}: expected \"zstd\", \"zlib\" or \"none\""),
        )
    })
}

/// zstd levels `save` takes: its fast levels down to -7, and 1 … 22.
const ZSTD_LEVELS: std::ops::RangeInclusive<i32> = -7..=22;

/// `save`'s options: the compression by name and, for zstd, a level other than SEAL's 3 (a
/// level only changes the bytes and the time, never what loads: 1 is faster than 3 and no
/// larger on ciphertexts).
pub fn save_options(name: &str, level: Option<i32>) -> PyResult<SaveOptions> {
    let compression = compression(name)?;
    if let Some(l) = level {
        if compression != ComprMode::Zstd {
            return Err(error(
                Kind::Operand,
                format!("a compression level is zstd's; {name:?} takes none"),
            ));
        }
        if l == 0 || !ZSTD_LEVELS.contains(&l) {
            return Err(error(
                Kind::Operand,
                format!("zstd level {l}: expected -7 … -1 or 1 … 22"),
            ));
        }
    }
    Ok(SaveOptions {
        compression,
        zstd_level: level,
        ..Default::default()
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
