//! `Encryptor`: public-key and symmetric encryption, on the host or on a device tile
//! ([`Encryptor::on_device`]), one plaintext or a batch. The host's words are
//! `ckks::reference`'s, the device's launches `ckks::device::encrypt`'s.
#![warn(missing_docs)]

use super::device::batch::{self, BatchLayout};
use super::device::copy::DeviceCopy;
use super::device::encrypt as device_encrypt;
use super::device::DeviceContext;
use super::keys::{PublicKey, SecretKey, SecretRng};
use super::prng::PrngInfo;
use super::reference::encrypt as host;
use super::validate;
use crate::ckks::ciphertext::Ciphertext;
use crate::ckks::context::Context;
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::plaintext::Plaintext;
use rand::RngCore;
use rayon::prelude::*;
use std::sync::Arc;
use zeroize::Zeroizing;

#[derive(Clone, Copy)]
enum Key<'k> {
    Public(&'k PublicKey),
    Secret(&'k SecretKey),
}

/// Encrypts plaintexts with a public key or (smaller noise, same security) the secret key.
///
/// Every encryption draws fresh OS-seeded randomness (u, e0, e1, or the seed of `a` and e),
/// wiped after use: no generator state outlives a call, and a forked process does not repeat
/// its parent's draws.
///
/// Thread safety: `Send` and `Sync`; `encrypt` takes `&self`, and [`Encryptor::encrypt_many`]
/// encrypts a batch on every core.
pub struct Encryptor<'a> {
    context: &'a Context,
    key: Key<'a>,
    /// The device that encrypts ([`Encryptor::on_device`]), with the secret key's copy there
    /// for symmetric encryption.
    device: Option<(Arc<DeviceContext>, Option<Arc<DeviceCopy>>)>,
}

impl<'a> Encryptor<'a> {
    /// Public-key encryption.
    pub fn new(context: &'a Context, public_key: &'a PublicKey) -> CkksResult<Self> {
        validate::key_level(context, public_key.parms_id, "public key")?;
        Ok(Encryptor {
            context,
            key: Key::Public(public_key),
            device: None,
        })
    }

    /// Symmetric encryption with the secret key.
    pub fn symmetric(context: &'a Context, secret_key: &'a SecretKey) -> CkksResult<Self> {
        validate::key_level(context, secret_key.parms_id, "secret key")?;
        Ok(Encryptor {
            context,
            key: Key::Secret(secret_key),
            device: None,
        })
    }

    /// Encrypts `plain` at its level.
    ///
    /// With the public key this is SEAL's procedure: the zero encryption (pk0·u + e0, pk1·u + e1)
    /// is made one level up (with one more prime: the special prime for a plaintext at the first
    /// data level) and that prime is divided out with rounding, which divides the encryption
    /// noise by it. With the secret key, (−a·s + e, a) at the plaintext's level, `a` drawn from
    /// a seed kept with the ciphertext (saved in SEAL's seeded form).
    ///
    /// The plaintext is checked first as SEAL's `is_valid_for` does: a data level of this
    /// context (never the key level), a scale within bounds, every word below its prime.
    pub fn encrypt(&self, plain: &Plaintext) -> CkksResult<Ciphertext> {
        let mut rng = SecretRng::from_entropy();
        let key = draw_key(&mut rng);
        let seed = match self.key {
            Key::Public(_) => None,
            Key::Secret(_) => Some(PrngInfo::random(&mut rng)),
        };
        self.encrypt_with(plain, seed.as_ref(), &key)
    }

    /// [`Encryptor::encrypt`] with given randomness: `key` for u and e (ChaCha20 by coefficient
    /// index), `seed` for the symmetric `a`, on the device where one is set.
    fn encrypt_with(
        &self,
        plain: &Plaintext,
        seed: Option<&PrngInfo>,
        key: &[u64; 4],
    ) -> CkksResult<Ciphertext> {
        match (&self.device, seed) {
            (Some((device, secret)), _) => {
                self.encrypt_on_with(device, secret.as_deref(), plain, seed, key)
            }
            (None, None) => self.encrypt_public_with(plain, key, 0),
            (None, Some(seed)) => self.encrypt_symmetric_with(plain, seed, key),
        }
    }

    /// [`Encryptor::encrypt`] of every plaintext, on every core (rayon), in order; each draws
    /// its own fresh randomness.
    ///
    /// ```
    /// use xehe::ckks::{CkksEncoder, Context, EncryptionParameters, Encryptor, KeyGenerator};
    /// use xehe::primes::SecurityLevel;
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[36, 36, 36])?, SecurityLevel::Tc128)?;
    /// let mut kg = KeyGenerator::new(&ctx);
    /// let pk = kg.create_public_key();
    /// let enc = CkksEncoder::new(&ctx);
    /// let plains = (0..4)
    ///     .map(|i| enc.encode(&[i as f64], 2f64.powi(30)))
    ///     .collect::<Result<Vec<_>, _>>()?;
    /// let cts = Encryptor::new(&ctx, &pk)?.encrypt_many(&plains)?;
    /// assert_eq!(cts.len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn encrypt_many(&self, plains: &[Plaintext]) -> CkksResult<Vec<Ciphertext>> {
        match (&self.device, self.key) {
            (Some((device, _)), Key::Public(_)) => {
                let mut rng = SecretRng::from_entropy();
                self.encrypt_batches_on(device, plains, |_| (draw_key(&mut rng), 0))
            }
            // Symmetric encryption draws each `a` from a seed of its own (kept with the
            // ciphertext), one launch sequence each; the words are checked on every core first.
            (Some(_), Key::Secret(_)) => {
                plains
                    .par_iter()
                    .filter(|p| p.storage.host_current())
                    .try_for_each(|p| validate::plaintext(self.context, p).map(|_| ()))?;
                plains.iter().map(|p| self.encrypt(p)).collect()
            }
            (None, _) => plains.par_iter().map(|p| self.encrypt(p)).collect(),
        }
    }

    /// Public-key encryption of `plains` on `device`, batch by batch: runs of plaintexts at one
    /// level, at most [`device_encrypt::MAX_ENCRYPT_BATCH`] each, one launch sequence a run;
    /// `keys` gives each run (its range of `plains`) a key and first stream (its ciphertext b
    /// draws from stream first + b).
    fn encrypt_batches_on(
        &self,
        device: &Arc<DeviceContext>,
        plains: &[Plaintext],
        mut keys: impl FnMut(std::ops::Range<usize>) -> (Zeroizing<[u64; 4]>, u64),
    ) -> CkksResult<Vec<Ciphertext>> {
        let Key::Public(pk) = self.key else {
            unreachable!("callers batch public-key encryption only")
        };
        // Host words are checked before they travel (on every core); words only a device
        // holds were made by this crate's kernels.
        let levels = plains
            .par_iter()
            .map(|p| {
                let level = validate::plaintext_for_device(self.context, p)?;
                Ok(level.coeff_modulus().len())
            })
            .collect::<CkksResult<Vec<usize>>>()?;
        let mut out = Vec::with_capacity(plains.len());
        for run in batch::runs(&levels, device_encrypt::MAX_ENCRYPT_BATCH) {
            let (l, k) = (levels[run.start], run.len());
            let (key, stream) = keys(run.clone());
            let _op = device.backend().profiler().operation("encrypt_batch");
            let on = plains[run.clone()]
                .iter()
                .map(|p| p.storage.on(device))
                .collect::<CkksResult<Vec<_>>>()?;
            let n = device.n();
            let words = if k == 1 {
                None
            } else {
                let items: Vec<&DeviceCopy> = on.iter().map(|c| c.as_ref()).collect();
                let layout = BatchLayout {
                    count: k,
                    words: l * n,
                    stride: 2 * l * n,
                };
                Some(batch::gather(device, &items, layout, true)?)
            };
            let plain_dev = words.as_ref().unwrap_or(&on[0]);
            let pk_dev = pk.on(device)?;
            let cts =
                device_encrypt::encrypt_public(device, &pk_dev, (&key, stream), plain_dev, l, k)?;
            let copies = if k == 1 {
                vec![cts]
            } else {
                batch::scatter(device, &cts, BatchLayout::packed(k, 2 * l * n), false)?
            };
            for (p, copy) in plains[run].iter().zip(copies) {
                let mut ct =
                    Ciphertext::from_device(p.parms_id, p.scale, p.n, l, 2, Arc::new(copy));
                ct.storage.set_gpu(true);
                out.push(ct);
            }
        }
        Ok(out)
    }

    /// [`Encryptor::encrypt_many`] with the randomness of one given key: plaintext i draws from
    /// stream i of `key` (on the host and in the device's batches alike), for tests that
    /// compare the device's batches with the host's words. Public key only. Anyone who knows
    /// the key can strip the encryption, so it exists only with the
    /// `insecure-deterministic-keys` feature.
    #[cfg(feature = "insecure-deterministic-keys")]
    pub fn insecure_encrypt_many_with_key(
        &self,
        plains: &[Plaintext],
        key: [u64; 4],
    ) -> CkksResult<Vec<Ciphertext>> {
        if let Key::Secret(_) = self.key {
            return Err(CkksError::Unsupported {
                what: "deterministic batches of symmetric encryptions",
            });
        }
        match &self.device {
            Some((device, _)) => self.encrypt_batches_on(device, plains, |run| {
                (Zeroizing::new(key), run.start as u64)
            }),
            None => plains
                .iter()
                .enumerate()
                .map(|(i, p)| self.encrypt_public_with(p, &key, i as u64))
                .collect(),
        }
    }

    /// Encrypts on the device from now on: plaintexts are uploaded where they are not on its
    /// tile yet, and each ciphertext stays there (marked for the device, as the evaluator's
    /// results are) until read. The words are those the host path gives for the same
    /// randomness (the tests draw both from one key).
    ///
    /// With the secret key ([`Encryptor::symmetric`]) the key is uploaded now (zeroed on the
    /// device when this encryptor drops) and `a` is SEAL's uniform draw from a fresh seed,
    /// generated on the device (BLAKE2Xb and SEAL's rejection order), so the ciphertext still
    /// saves in SEAL's seeded form. As with
    /// [`Decryptor::on_device`](crate::ckks::Decryptor::on_device), only put the secret key
    /// on a GPU its owner controls.
    ///
    /// ```
    /// use xehe::ckks::device::DeviceContext;
    /// use xehe::ckks::{CkksEncoder, Context, Decryptor, EncryptionParameters, Encryptor, KeyGenerator};
    /// use xehe::primes::SecurityLevel;
    /// use xehe::runtime::{open, BackendChoice, OpenOptions};
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[36, 36, 36])?, SecurityLevel::Tc128)?;
    /// let dev = open(&OpenOptions { backend: BackendChoice::CpuSim, ..Default::default() })?;
    /// let mut kg = KeyGenerator::new(&ctx);
    /// let pk = kg.create_public_key();
    /// let enc = CkksEncoder::new(&ctx);
    /// let pt = enc.encode(&[0.25, -1.5], 2f64.powi(30))?;
    /// let encryptor = Encryptor::new(&ctx, &pk)?.on_device(DeviceContext::new(&ctx, dev, 0)?)?;
    /// let ct = encryptor.encrypt(&pt)?;
    /// assert!(ct.is_on_device() && !ct.is_on_host());
    /// let back = enc.decode(&Decryptor::new(&ctx, kg.secret_key())?.decrypt(&ct)?)?;
    /// // Fresh noise over a scale of 2^30 reaches a few 1e-6 for some keys: bound 1e-4.
    /// assert!((back[0] - 0.25).abs() < 1e-4 && (back[1] + 1.5).abs() < 1e-4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn on_device(mut self, device: Arc<DeviceContext>) -> CkksResult<Self> {
        if matches!(self.key, Key::Public(_)) {
            device.require_w64(
                "public-key encryption on a device for a 32-bit-tier chain (its zero encryption at the key level and the exact rescale to the plaintext's window are not built for the device): encrypt on the host and mark the ciphertext gpu(), or encrypt with the secret key on the device",
            )?;
        }
        if !device.serves(self.context) {
            return Err(CkksError::ForeignParameters {
                what: "device context",
            });
        }
        let secret = match self.key {
            Key::Secret(sk) => {
                let copy = DeviceCopy::upload(&device, &sk.data)?;
                copy.wipe_on_drop();
                Some(copy)
            }
            Key::Public(_) => None,
        };
        self.device = Some((device, secret));
        Ok(self)
    }

    /// [`Encryptor::encrypt`] on `device` with the randomness of `key` (and `seed`, for the
    /// secret key).
    fn encrypt_on_with(
        &self,
        device: &Arc<DeviceContext>,
        secret: Option<&DeviceCopy>,
        plain: &Plaintext,
        seed: Option<&PrngInfo>,
        key: &[u64; 4],
    ) -> CkksResult<Ciphertext> {
        // Host words are checked before they travel; words only a device holds were made by
        // this crate's kernels.
        let level = validate::plaintext_for_device(self.context, plain)?;
        let l = level.coeff_modulus().len();
        let _op = device.backend().profiler().operation("encrypt");
        let plain_dev = plain.storage.on(device)?;
        let out = match (self.key, seed, secret) {
            (Key::Public(pk), _, _) => device_encrypt::encrypt_public(
                device,
                &*pk.on(device)?,
                (key, 0),
                &plain_dev,
                l,
                1,
            )?,
            (Key::Secret(_), Some(seed), Some(sk)) => device_encrypt::encrypt_symmetric(
                device.for_level(level)?,
                sk,
                seed,
                key,
                &plain_dev,
                l,
            )?,
            (Key::Secret(_), _, _) => {
                unreachable!("on_device uploads the secret key; encrypt draws a seed")
            }
        };
        let mut ct =
            Ciphertext::from_device(plain.parms_id, plain.scale, plain.n, l, 2, Arc::new(out));
        ct.storage.set_gpu(true);
        ct.seed = seed.copied();
        Ok(ct)
    }

    /// Encryption (on the device when [`Encryptor::on_device`] set one) with the randomness of
    /// a given 256-bit key instead of a fresh one: for tests that compare the device's words
    /// with the host's. For the secret key, the seed of `a` is derived from the key too (the
    /// ChaCha20 block 2^63, far from the blocks the noise uses). Anyone who knows the key can
    /// strip the encryption, so it exists only with the `insecure-deterministic-keys` feature.
    #[cfg(feature = "insecure-deterministic-keys")]
    pub fn insecure_encrypt_with_key(
        &self,
        plain: &Plaintext,
        key: [u64; 4],
    ) -> CkksResult<Ciphertext> {
        let seed = match self.key {
            Key::Public(_) => None,
            Key::Secret(_) => {
                let block = crate::kernels::encrypt::chacha20_block(key, 0, 1 << 63);
                Some(PrngInfo {
                    kind: crate::ckks::prng::PrngType::Blake2xb,
                    seed: std::array::from_fn(|j| {
                        u64::from(block[2 * j]) | (u64::from(block[2 * j + 1]) << 32)
                    }),
                })
            }
        };
        self.encrypt_with(plain, seed.as_ref(), &key)
    }

    /// Host symmetric encryption with `seed` for `a` and `key`'s draws for e.
    fn encrypt_symmetric_with(
        &self,
        plain: &Plaintext,
        seed: &PrngInfo,
        key: &[u64; 4],
    ) -> CkksResult<Ciphertext> {
        let Key::Secret(sk) = self.key else {
            unreachable!("encrypt draws a seed for the secret key only")
        };
        host::encrypt_symmetric(self.context, sk, plain, seed, key)
    }

    /// Host public-key encryption with the randomness of stream `stream` of `key` (what
    /// [`Encryptor::encrypt`] does with a fresh key and stream 0; tests compare it with the
    /// device's).
    fn encrypt_public_with(
        &self,
        plain: &Plaintext,
        key: &[u64; 4],
        stream: u64,
    ) -> CkksResult<Ciphertext> {
        let Key::Public(pk) = self.key else {
            unreachable!("tests call this with a public key")
        };
        host::encrypt_public(self.context, pk, plain, key, stream)
    }
}

/// A fresh 256-bit key for one encryption's draws.
fn draw_key(rng: &mut SecretRng) -> Zeroizing<[u64; 4]> {
    let mut key = Zeroizing::new([0u64; 4]);
    for w in key.iter_mut() {
        *w = rng.next_u64();
    }
    key
}
