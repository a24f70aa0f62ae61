//! `xehe._xehe`, the Rust extension of the `xehe` Python package: SEAL's CKKS vocabulary over
//! the xehe library (parameters, context with its device, keys, encoder, encryptor,
//! decryptor, evaluator, bootstrapping, SEAL's bytes), and TenSEAL's protobuf messages for
//! `xehe.tenseal`.

mod bootstrap;
mod ciphertext;
mod context;
mod encoder;
mod encryptor;
mod errors;
mod evaluator;
mod keys;
mod serial;
mod tenseal_proto;
mod values;

use pyo3::prelude::*;

#[pymodule]
fn _xehe(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<context::PyParams>()?;
    m.add_class::<context::PyContext>()?;
    m.add_class::<keys::PySecretKey>()?;
    m.add_class::<keys::PyPublicKey>()?;
    m.add_class::<keys::PyRelinKeys>()?;
    m.add_class::<keys::PyGaloisKeys>()?;
    m.add_class::<keys::PyKeyGenerator>()?;
    m.add_class::<ciphertext::PyPlaintext>()?;
    m.add_class::<ciphertext::PyCiphertext>()?;
    m.add_class::<encoder::PyEncoder>()?;
    m.add_class::<encryptor::PyEncryptor>()?;
    m.add_class::<encryptor::PyDecryptor>()?;
    m.add_class::<evaluator::PyEvaluator>()?;
    bootstrap::register(m)?;
    tenseal_proto::register(m)?;
    Ok(())
}
