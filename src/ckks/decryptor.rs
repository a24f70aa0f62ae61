//! `Decryptor`: decryption with the secret key, on the host or on a device tile
//! ([`Decryptor::on_device`]). The host's words are `ckks::reference`'s, the device's launches
//! `ckks::device::decrypt`'s.
#![warn(missing_docs)]

use super::device::copy::DeviceCopy;
use super::device::decrypt as device_decrypt;
use super::device::DeviceContext;
use super::keys::SecretKey;
use super::reference::decrypt as host;
use super::validate;
use crate::ckks::ciphertext::Ciphertext;
use crate::ckks::context::Context;
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::plaintext::Plaintext;
use rayon::prelude::*;
use std::sync::Arc;

/// Decrypts with the secret key: c0 + c1·s (+ c2·s² for size-3 ciphertexts).
///
/// Thread safety: `Send + Sync`; `decrypt` takes `&self`.
pub struct Decryptor<'a> {
    context: &'a Context,
    secret: &'a SecretKey,
    /// The device that decrypts, and the secret key's copy on it ([`Decryptor::on_device`]).
    device: Option<(Arc<DeviceContext>, Arc<DeviceCopy>)>,
}

impl<'a> Decryptor<'a> {
    /// A decryptor with `secret_key`, a key of `context` (SEAL's `Decryptor(context,
    /// secret_key)`); it decrypts on the host until [`Decryptor::on_device`].
    pub fn new(context: &'a Context, secret_key: &'a SecretKey) -> CkksResult<Self> {
        validate::key_level(context, secret_key.parms_id, "secret key")?;
        Ok(Decryptor {
            context,
            secret: secret_key,
            device: None,
        })
    }

    /// Decrypts on the device from now on: ciphertexts are uploaded where they are not on its
    /// tile yet, and each plaintext stays there (marked for the device, wiped when its buffer
    /// is recycled) until read; [`CkksEncoder::decode_on`](crate::ckks::CkksEncoder::decode_on)
    /// then brings back only the slots. The words are the host decryptor's.
    ///
    /// This puts the secret key on the device, which the rest of the crate never does: do it
    /// on a GPU the key's owner controls (a client's own machine), not on a server that
    /// evaluates for others. The device copy is uploaded now and zeroed on the device when
    /// this decryptor is dropped; the pinned host memory it travelled through is zeroed once
    /// the copy has finished.
    ///
    /// ```
    /// use xehe::ckks::device::DeviceContext;
    /// use xehe::ckks::{CkksEncoder, Context, Decryptor, EncryptionParameters, Encryptor, KeyGenerator};
    /// use xehe::primes::SecurityLevel;
    /// use xehe::runtime::{open, BackendChoice, OpenOptions};
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[36, 36, 36])?, SecurityLevel::Tc128)?;
    /// let dev = DeviceContext::new(&ctx, open(&OpenOptions { backend: BackendChoice::CpuSim, ..Default::default() })?, 0)?;
    /// let mut kg = KeyGenerator::new(&ctx);
    /// let pk = kg.create_public_key();
    /// let enc = CkksEncoder::new(&ctx);
    /// let pt = enc.encode(&[0.25, -1.5], 2f64.powi(30))?;
    /// let ct = Encryptor::new(&ctx, &pk)?.encrypt(&pt)?;
    /// let decryptor = Decryptor::new(&ctx, kg.secret_key())?.on_device(dev.clone())?;
    /// let back = enc.decode_on(&dev, &decryptor.decrypt(&ct)?)?;
    /// // Fresh noise over a scale of 2^30 reaches a few 1e-6 for some keys: bound 1e-4.
    /// assert!((back[0] - 0.25).abs() < 1e-4 && (back[1] + 1.5).abs() < 1e-4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn on_device(mut self, device: Arc<DeviceContext>) -> CkksResult<Self> {
        if !device.serves(self.context) {
            return Err(CkksError::ForeignParameters {
                what: "device context",
            });
        }
        let key = DeviceCopy::upload(&device, &self.secret.data)?;
        key.wipe_on_drop();
        self.device = Some((device, key));
        Ok(self)
    }

    /// Decryption of `ciphers` on `device`: one `decrypt_horner` launch each. A batch would
    /// need the ciphertexts copied together and the plaintexts copied apart, three launches
    /// for every one it saves, which measured slower per ciphertext on the H100 than one
    /// launch each.
    fn decrypt_all_on(
        &self,
        device: &Arc<DeviceContext>,
        key: &DeviceCopy,
        ciphers: &[Ciphertext],
    ) -> CkksResult<Vec<Plaintext>> {
        // Host words are checked before they travel (on every core); words only a device
        // holds were made by this crate's kernels.
        let levels = ciphers
            .par_iter()
            .map(|c| validate::ciphertext_for_device(self.context, c))
            .collect::<CkksResult<Vec<_>>>()?;
        ciphers
            .iter()
            .zip(levels)
            .map(|(c, level)| {
                let _op = device.backend().profiler().operation("decrypt");
                let ct = c.storage.on(device)?;
                let l = level.coeff_modulus().len();
                let set = device.for_level(level)?;
                let out = device_decrypt::decrypt(set, key, &ct, c.size(), l)?;
                let mut pt = Plaintext::from_device(c.parms_id, c.scale, c.n, l, Arc::new(out));
                pt.storage.set_gpu(true);
                Ok(pt)
            })
            .collect()
    }

    /// c0 + c1·s (+ …), after checking the ciphertext as SEAL's `is_valid_for` does: a data
    /// level of this context, shape, size 2 to 16, a positive finite scale within the level's
    /// bounds, every word below its prime.
    ///
    /// What decryption reveals: the result is the message *plus the ciphertext's noise*, and
    /// the noise is a function of the secret key. Decryptions of ciphertexts an adversary chose
    /// or evaluated give key recovery (Li and Micciancio, Eurocrypt 2021; e.g. (0, 1) decrypts to
    /// s itself). Where a decrypted result leaves the trust boundary, use
    /// [`Decryptor::decrypt_flooded`].
    pub fn decrypt(&self, cipher: &Ciphertext) -> CkksResult<Plaintext> {
        if let Some((device, key)) = &self.device {
            let mut one = self.decrypt_all_on(device, key, std::slice::from_ref(cipher))?;
            return Ok(one.pop().expect("one plaintext per ciphertext"));
        }
        let level = validate::ciphertext(self.context, cipher)?;
        host::decrypt(level, self.secret, cipher)
    }

    /// [`Decryptor::decrypt`] of every ciphertext, in order: on every core (rayon) on the
    /// host; on the device ([`Decryptor::on_device`]) one launch each, queued without a wait,
    /// after checking every ciphertext on every core.
    pub fn decrypt_many(&self, ciphers: &[Ciphertext]) -> CkksResult<Vec<Plaintext>> {
        match &self.device {
            Some((device, key)) => self.decrypt_all_on(device, key, ciphers),
            None => ciphers.par_iter().map(|c| self.decrypt(c)).collect(),
        }
    }

    /// [`Decryptor::decrypt`] with noise flooding: adds a fresh polynomial whose coefficients
    /// are uniform in [−2^`flood_bits`, 2^`flood_bits`] (the same integer modulo every prime),
    /// so that the decrypted noise no longer depends on the secret. The flooding must exceed
    /// the ciphertext's noise by the statistical security wanted (2^40 times: `flood_bits` ≥
    /// noise bits + 40), and it lowers the precision to about 2^`flood_bits` / scale, so the
    /// scale must be larger by as much again. `flood_bits` must be below 62 and leave the
    /// level's modulus room: at least 2 bits above it.
    pub fn decrypt_flooded(&self, cipher: &Ciphertext, flood_bits: u32) -> CkksResult<Plaintext> {
        let level = validate::ciphertext(self.context, cipher)?;
        let bits = level.total_coeff_modulus_bit_count();
        if flood_bits >= 62 || flood_bits + 2 >= bits {
            return Err(CkksError::InvalidFlooding {
                flood_bits,
                modulus_bits: bits,
            });
        }
        let mut pt = self.decrypt(cipher)?;
        host::flood(level, &mut pt, flood_bits)?;
        Ok(pt)
    }
}
