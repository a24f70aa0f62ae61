//! TenSEAL's protobuf messages (`tenseal/proto/tensealcontext.proto` and `tensors.proto` in
//! TenSEAL 0.3): a context and a CKKS vector, each wrapping SEAL's bytes. Declared with prost's
//! derive (field numbers and types as TenSEAL declares them), so encoding and decoding are
//! prost's; `xehe.tenseal` builds its objects from the SEAL bytes inside.

use crate::errors::{error, Kind};
use crate::serial::load_bytes;
use prost::Message;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

/// `tenseal.TenSEALPrivateProto`.
#[derive(Clone, PartialEq, Message)]
struct PrivateProto {
    #[prost(bytes = "vec", tag = "1")]
    secret_key: Vec<u8>,
    #[prost(bool, tag = "2")]
    relin_keys_generated: bool,
    #[prost(bool, tag = "3")]
    galois_keys_generated: bool,
}

/// `tenseal.TenSEALPublicProto`.
#[derive(Clone, PartialEq, Message)]
struct PublicProto {
    #[prost(bytes = "vec", tag = "1")]
    public_key: Vec<u8>,
    #[prost(uint32, tag = "2")]
    auto_flags: u32,
    #[prost(double, tag = "3")]
    scale: f64,
    #[prost(bytes = "vec", tag = "4")]
    relin_keys: Vec<u8>,
    #[prost(bytes = "vec", tag = "5")]
    galois_keys: Vec<u8>,
}

/// `tenseal.TenSEALContextProto`.
#[derive(Clone, PartialEq, Message)]
struct ContextProto {
    #[prost(bytes = "vec", tag = "1")]
    encryption_parameters: Vec<u8>,
    #[prost(message, optional, tag = "2")]
    public_context: Option<PublicProto>,
    #[prost(message, optional, tag = "3")]
    private_context: Option<PrivateProto>,
    #[prost(uint32, tag = "4")]
    encryption_type: u32,
}

/// `tenseal.CKKSVectorProto`.
#[derive(Clone, PartialEq, Message)]
struct CkksVectorProto {
    #[prost(uint32, repeated, tag = "1")]
    sizes: Vec<u32>,
    #[prost(bytes = "vec", repeated, tag = "2")]
    ciphertexts: Vec<Vec<u8>>,
    #[prost(double, tag = "3")]
    scale: f64,
}

fn malformed(what: &str, e: prost::DecodeError) -> PyErr {
    error(Kind::Load, format!("not a TenSEAL {what} (protobuf): {e}"))
}

/// The fields of a serialized TenSEAL context, as a dict: `encryption_parameters`,
/// `encryption_type` (0 public key, 1 symmetric), `auto_flags`, `scale`, `public_key`,
/// `relin_keys`, `galois_keys` (SEAL's bytes, empty when absent), and `private` (None, or a
/// dict of `secret_key`, `relin_keys_generated`, `galois_keys_generated`).
#[pyfunction]
fn parse_context<'py>(py: Python<'py>, data: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    let bytes = load_bytes(data)?;
    let m = ContextProto::decode(&bytes[..]).map_err(|e| malformed("context", e))?;
    let d = PyDict::new(py);
    d.set_item(
        "encryption_parameters",
        PyBytes::new(py, &m.encryption_parameters),
    )?;
    d.set_item("encryption_type", m.encryption_type)?;
    let public = m.public_context.unwrap_or_default();
    d.set_item("auto_flags", public.auto_flags)?;
    d.set_item("scale", public.scale)?;
    d.set_item("public_key", PyBytes::new(py, &public.public_key))?;
    d.set_item("relin_keys", PyBytes::new(py, &public.relin_keys))?;
    d.set_item("galois_keys", PyBytes::new(py, &public.galois_keys))?;
    match m.private_context {
        None => d.set_item("private", py.None())?,
        Some(p) => {
            let pd = PyDict::new(py);
            pd.set_item("secret_key", PyBytes::new(py, &p.secret_key))?;
            pd.set_item("relin_keys_generated", p.relin_keys_generated)?;
            pd.set_item("galois_keys_generated", p.galois_keys_generated)?;
            d.set_item("private", pd)?;
        }
    }
    Ok(d)
}

/// A TenSEAL context message from its fields (as `parse_context` returns them; `private`
/// None leaves the private part out, as TenSEAL does for a public context).
#[pyfunction]
#[pyo3(signature = (encryption_parameters, encryption_type, auto_flags, scale, public_key, relin_keys, galois_keys, private = None))]
#[allow(clippy::too_many_arguments)]
fn serialize_context<'py>(
    py: Python<'py>,
    encryption_parameters: &Bound<'py, PyAny>,
    encryption_type: u32,
    auto_flags: u32,
    scale: f64,
    public_key: &Bound<'py, PyAny>,
    relin_keys: &Bound<'py, PyAny>,
    galois_keys: &Bound<'py, PyAny>,
    private: Option<(Bound<'py, PyAny>, bool, bool)>,
) -> PyResult<Bound<'py, PyBytes>> {
    let m = ContextProto {
        encryption_parameters: load_bytes(encryption_parameters)?,
        public_context: Some(PublicProto {
            public_key: load_bytes(public_key)?,
            auto_flags,
            scale,
            relin_keys: load_bytes(relin_keys)?,
            galois_keys: load_bytes(galois_keys)?,
        }),
        private_context: match private {
            None => None,
            Some((secret_key, relin, galois)) => Some(PrivateProto {
                secret_key: load_bytes(&secret_key)?,
                relin_keys_generated: relin,
                galois_keys_generated: galois,
            }),
        },
        encryption_type,
    };
    Ok(PyBytes::new(py, &m.encode_to_vec()))
}

/// The fields of a serialized TenSEAL CKKS vector: (sizes, ciphertexts as SEAL's bytes, scale).
#[pyfunction]
fn parse_ckks_vector<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyAny>,
) -> PyResult<(Vec<u32>, Vec<Bound<'py, PyBytes>>, f64)> {
    let bytes = load_bytes(data)?;
    let m = CkksVectorProto::decode(&bytes[..]).map_err(|e| malformed("CKKS vector", e))?;
    let cts = m.ciphertexts.iter().map(|c| PyBytes::new(py, c)).collect();
    Ok((m.sizes, cts, m.scale))
}

/// A TenSEAL CKKS vector message.
#[pyfunction]
fn serialize_ckks_vector<'py>(
    py: Python<'py>,
    sizes: Vec<u32>,
    ciphertexts: Vec<Bound<'py, PyAny>>,
    scale: f64,
) -> PyResult<Bound<'py, PyBytes>> {
    let m = CkksVectorProto {
        sizes,
        ciphertexts: ciphertexts
            .iter()
            .map(load_bytes)
            .collect::<PyResult<Vec<_>>>()?,
        scale,
    };
    Ok(PyBytes::new(py, &m.encode_to_vec()))
}

/// Adds the `tenseal_proto` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let sub = PyModule::new(m.py(), "tenseal_proto")?;
    sub.add_function(wrap_pyfunction!(parse_context, &sub)?)?;
    sub.add_function(wrap_pyfunction!(serialize_context, &sub)?)?;
    sub.add_function(wrap_pyfunction!(parse_ckks_vector, &sub)?)?;
    sub.add_function(wrap_pyfunction!(serialize_ckks_vector, &sub)?)?;
    m.add_submodule(&sub)?;
    Ok(())
}
