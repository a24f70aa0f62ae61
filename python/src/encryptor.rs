//! `Encryptor` (public-key or symmetric) and `Decryptor`.

use crate::ciphertext::{PyCiphertext, PyPlaintext};
use crate::context::PyContext;
use crate::errors::{detached, error, Kind, XResult};
use crate::keys::{PyPublicKey, PySecretKey};
use pyo3::prelude::*;
use std::sync::Arc;
use xehe::ckks::{Decryptor, Encryptor, PublicKey, SecretKey};

enum Key {
    Public(Arc<PublicKey>),
    Secret(Arc<SecretKey>),
}

/// SEAL's `Encryptor`: with `public_key`, or symmetric with `secret_key` (its ciphertexts
/// save in SEAL's seeded form, half the size). Public-key encryption runs on the context's
/// device where it has one; symmetric encryption stays on the host, so the secret key never
/// goes to the device.
#[pyclass(module = "xehe", name = "Encryptor", frozen)]
pub struct PyEncryptor {
    context: Py<PyContext>,
    key: Key,
}

#[pymethods]
impl PyEncryptor {
    #[new]
    #[pyo3(signature = (context, public_key = None, secret_key = None))]
    fn new(
        context: Py<PyContext>,
        public_key: Option<&PyPublicKey>,
        secret_key: Option<&PySecretKey>,
    ) -> XResult<Self> {
        let ctx = &context.get().ctx;
        let key = match (public_key, secret_key) {
            (Some(pk), None) => {
                Encryptor::new(ctx, &pk.key)?;
                Key::Public(pk.key.clone())
            }
            (None, Some(sk)) => {
                Encryptor::symmetric(ctx, &sk.key)?;
                Key::Secret(sk.key.clone())
            }
            _ => {
                return Err(error(
                    Kind::MissingKey,
                    "Encryptor takes exactly one of public_key and secret_key",
                )
                .into())
            }
        };
        Ok(PyEncryptor { context, key })
    }

    /// Encrypts at the plaintext's level and scale.
    fn encrypt(&self, py: Python<'_>, plain: &PyPlaintext) -> XResult<PyCiphertext> {
        let c = self.context.get();
        let (ctx, pt) = (&c.ctx, &plain.pt);
        let ct = detached(py, || match (&self.key, &c.device) {
            (Key::Public(pk), Some(d)) => {
                Encryptor::new(ctx, pk)?.on_device(d.clone())?.encrypt(pt)
            }
            (Key::Public(pk), None) => Encryptor::new(ctx, pk)?.encrypt(pt),
            (Key::Secret(sk), _) => Encryptor::symmetric(ctx, sk)?.encrypt(pt),
        })?;
        Ok(PyCiphertext::wrap(&self.context, ct))
    }

    fn __repr__(&self) -> String {
        let kind = match self.key {
            Key::Public(_) => "public key",
            Key::Secret(_) => "symmetric",
        };
        format!("Encryptor({kind})")
    }
}

/// SEAL's `Decryptor`. Decryption runs on the host (the ciphertext is read back from the
/// device): the secret key never goes to the device.
#[pyclass(module = "xehe", name = "Decryptor", frozen)]
pub struct PyDecryptor {
    context: Py<PyContext>,
    secret: Arc<SecretKey>,
}

#[pymethods]
impl PyDecryptor {
    #[new]
    fn new(context: Py<PyContext>, secret_key: &PySecretKey) -> XResult<Self> {
        Decryptor::new(&context.get().ctx, &secret_key.key)?;
        Ok(PyDecryptor {
            context,
            secret: secret_key.key.clone(),
        })
    }

    fn decrypt(&self, py: Python<'_>, cipher: &PyCiphertext) -> XResult<PyPlaintext> {
        let (ctx, sk, ct) = (&self.context.get().ctx, &*self.secret, &cipher.ct);
        let pt = detached(py, || Decryptor::new(ctx, sk)?.decrypt(ct))?;
        Ok(PyPlaintext::wrap(&self.context, pt))
    }

    fn __repr__(&self) -> String {
        "Decryptor(secret_key=<secret>)".into()
    }
}
