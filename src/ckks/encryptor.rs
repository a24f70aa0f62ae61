//! `Ciphertext`, `Encryptor` (public-key and symmetric) and `Decryptor` on the host.
#![warn(missing_docs)]

use super::device::batch::{self, BatchLayout};
use super::device::decrypt as device_decrypt;
use super::device::encrypt as device_encrypt;
use super::device::DeviceContext;
use super::keys::{to_ntt, PublicKey, SecretKey, SecretRng};
use super::keyswitch::divide_round_by_tail;
use super::prng::{sample_poly_uniform, PrngInfo, SealPrng};
use super::validate;
use crate::ckks::ciphertext::Ciphertext;
use crate::ckks::context::{Context, ContextData};
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::params::ParmsId;
use crate::ckks::plaintext::Plaintext;
use crate::ckks::storage::DeviceCopy;
use crate::kernels::encrypt::{coefficient_draw, draw_residues};
use rand::{Rng, RngCore, SeedableRng};
use rayon::prelude::*;
use std::sync::Arc;
use zeroize::Zeroizing;

fn level_of<'c>(
    context: &'c Context,
    id: ParmsId,
    what: &'static str,
) -> CkksResult<&'c ContextData> {
    context
        .get_context_data(id)
        .ok_or(CkksError::ForeignParameters { what })
}

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
        level_of(context, public_key.parms_id, "public key")?;
        Ok(Encryptor {
            context,
            key: Key::Public(public_key),
            device: None,
        })
    }

    /// Symmetric encryption with the secret key.
    pub fn symmetric(context: &'a Context, secret_key: &'a SecretKey) -> CkksResult<Self> {
        level_of(context, secret_key.parms_id, "secret key")?;
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
            let cts = device_encrypt::encrypt_public(device, pk, (&key, stream), plain_dev, l, k)?;
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
    /// saves in SEAL's seeded form. As with [`Decryptor::on_device`], only put the secret key
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
            (Key::Public(pk), _, _) => {
                device_encrypt::encrypt_public(device, pk, (key, 0), &plain_dev, l, 1)?
            }
            (Key::Secret(_), Some(seed), Some(sk)) => {
                device_encrypt::encrypt_symmetric(device, sk, seed, key, &plain_dev, l)?
            }
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

    /// Host symmetric encryption: (e − a·s + m, a) with `a` SEAL's uniform draw from `seed`
    /// (kept with the ciphertext for SEAL's seeded form) and e the noise of `key`'s draws, one
    /// prime per core.
    fn encrypt_symmetric_with(
        &self,
        plain: &Plaintext,
        seed: &PrngInfo,
        key: &[u64; 4],
    ) -> CkksResult<Ciphertext> {
        let Key::Secret(sk) = self.key else {
            unreachable!("encrypt draws a seed for the secret key only")
        };
        let level = validate::plaintext(self.context, plain)?;
        let (n, q) = (plain.n, level.coeff_modulus());
        let a = sample_poly_uniform(&mut SealPrng::new(*seed), q, n);
        let d = draws(key, 0, n);
        let mut e = Zeroizing::new(vec![0u64; n * q.len()]);
        e.par_chunks_mut(n).zip(q).for_each(|(row, m)| {
            for (o, &draw) in row.iter_mut().zip(d.iter()) {
                *o = draw_residues(draw, m.value())[1];
            }
        });
        to_ntt(level, &mut e);
        let pd = plain.storage.read()?;
        let mut data = vec![0u64; 2 * n * q.len()];
        let (c0, c1) = data.split_at_mut(n * q.len());
        c1.copy_from_slice(&a);
        c0.par_chunks_mut(n)
            .zip(q)
            .enumerate()
            .for_each(|(k, (row, m))| {
                for (i, o) in row.iter_mut().enumerate() {
                    let j = k * n + i;
                    *o = m.add_mod(m.sub_mod(e[j], m.mul_mod(a[j], sk.data[j])), pd[j]);
                }
            });
        let mut ct = Ciphertext::from_host(plain.parms_id, plain.scale, n, q.len(), data);
        ct.seed = Some(*seed);
        Ok(ct)
    }

    /// Host public-key encryption with the randomness of stream `stream` of `key` (what
    /// [`Encryptor::encrypt`] does with a fresh key and stream 0; tests compare it with the
    /// device's).
    pub(crate) fn encrypt_public_with(
        &self,
        plain: &Plaintext,
        key: &[u64; 4],
        stream: u64,
    ) -> CkksResult<Ciphertext> {
        let Key::Public(pk) = self.key else {
            unreachable!("tests call this with a public key")
        };
        let level = validate::plaintext(self.context, plain)?;
        let (n, q) = (plain.n, level.coeff_modulus());
        let mut data = match self.context.prev_context_data(level) {
            Some(up) => {
                let zero = encrypt_zero_asymmetric(key, stream, pk, up);
                let moduli: Vec<_> = up.coeff_modulus().iter().collect();
                let tables: Vec<_> = up.ntt_tables().iter().collect();
                let w = up.coeff_modulus().len() * n;
                let mut out = Vec::with_capacity(2 * n * q.len());
                // The first level's encryption divides by every special prime.
                let tail = moduli.len() - q.len();
                for poly in zero.chunks(w) {
                    out.extend(divide_round_by_tail(poly, n, &moduli, &tables, tail)?);
                }
                out
            }
            None => encrypt_zero_asymmetric(key, stream, pk, level).to_vec(),
        };
        add_plain(&mut data, plain, level)?;
        Ok(Ciphertext::from_host(
            plain.parms_id,
            plain.scale,
            n,
            q.len(),
            data,
        ))
    }
}

/// c0 += the plaintext, prime by prime.
fn add_plain(data: &mut [u64], plain: &Plaintext, level: &ContextData) -> CkksResult<()> {
    let n = plain.n;
    let pd = plain.storage.read()?;
    for (k, m) in level.coeff_modulus().iter().enumerate() {
        for i in 0..n {
            let j = k * n + i;
            data[j] = m.add_mod(data[j], pd[j]);
        }
    }
    Ok(())
}

/// A fresh 256-bit key for one encryption's draws.
fn draw_key(rng: &mut SecretRng) -> Zeroizing<[u64; 4]> {
    let mut key = Zeroizing::new([0u64; 4]);
    for w in key.iter_mut() {
        *w = rng.next_u64();
    }
    key
}

/// u, e0 and e1 of every coefficient from `key` (`kernels::encrypt`'s draws: ChaCha20 block i/2
/// of `stream`, six words per coefficient), read through rand_chacha's fast stream.
fn draws(key: &[u64; 4], stream: u64, n: usize) -> Zeroizing<Vec<(u64, i64, i64)>> {
    let mut seed = Zeroizing::new([0u8; 32]);
    for (j, w) in key.iter().enumerate() {
        seed[8 * j..8 * j + 8].copy_from_slice(&w.to_le_bytes());
    }
    let mut rng = rand_chacha::ChaCha20Rng::from_seed(*seed);
    rng.set_stream(stream);
    let mut bytes = Zeroizing::new(vec![0u8; n.div_ceil(2) * 64]);
    rng.fill_bytes(&mut bytes);
    let mut words = Zeroizing::new([0u32; 16]);
    let mut out = Zeroizing::new(Vec::with_capacity(n));
    for (b, block) in bytes.chunks_exact(64).enumerate() {
        for (w, c) in words.iter_mut().zip(block.chunks_exact(4)) {
            *w = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        }
        for first in [0, 6] {
            if 2 * b + first / 6 < n {
                out.push(coefficient_draw(&words[first..first + 6]));
            }
        }
    }
    out
}

/// (pk0·u + e0, pk1·u + e1) at `level`, NTT form, with the key's residues for its primes, from
/// the draws of `key`. Before the division by the extra prime it carries more of u and e than
/// the result: zeroized when dropped, like u and e themselves.
fn encrypt_zero_asymmetric(
    key: &[u64; 4],
    stream: u64,
    pk: &PublicKey,
    level: &ContextData,
) -> Zeroizing<Vec<u64>> {
    let n = level.parms().poly_modulus_degree();
    let q = level.coeff_modulus();
    let key_r = pk.data.len() / (2 * n);
    let d = draws(key, stream, n);
    let mut uee: [Zeroizing<Vec<u64>>; 3] =
        std::array::from_fn(|_| Zeroizing::new(vec![0u64; n * q.len()]));
    for (k, m) in q.iter().enumerate() {
        for (i, &draw) in d.iter().enumerate() {
            let r = draw_residues(draw, m.value());
            for p in 0..3 {
                uee[p][k * n + i] = r[p];
            }
        }
    }
    for poly in uee.iter_mut() {
        to_ntt(level, poly);
    }
    let mut out = Zeroizing::new(Vec::with_capacity(2 * n * q.len()));
    for p in 0..2 {
        for (k, m) in q.iter().enumerate() {
            for i in 0..n {
                let key = pk.data[(p * key_r + k) * n + i];
                out.push(m.add_mod(m.mul_mod(key, uee[0][k * n + i]), uee[1 + p][k * n + i]));
            }
        }
    }
    out
}

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
        level_of(context, secret_key.parms_id, "secret key")?;
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
    /// for every one it saves (measured on the H100: 23 µs a ciphertext queued in batches of
    /// 16 against 10 µs one at a time, benches/results/h100-2026-11-24-batch).
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
            .map(|c| {
                Ok(validate::ciphertext_for_device(self.context, c)?
                    .coeff_modulus()
                    .len())
            })
            .collect::<CkksResult<Vec<_>>>()?;
        ciphers
            .iter()
            .zip(levels)
            .map(|(c, l)| {
                let _op = device.backend().profiler().operation("decrypt");
                let ct = c.storage.on(device)?;
                let out = device_decrypt::decrypt(device, key, &ct, c.size(), l)?;
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
        let (n, q) = (cipher.n, level.coeff_modulus());
        let r = q.len();
        let cd = cipher.storage.read()?;
        let mut out = vec![0u64; n * r];
        let size = cipher.size();
        // One prime per core. Horner from the top polynomial, ((c_{size-1}·s + c_{size-2})·s
        // + …)·s + c0, one fused multiply-add and reduction per step: size − 1 reductions a
        // word, where starting from zero would spend one more on 0·s.
        out.par_chunks_mut(n)
            .zip(&q[..r])
            .enumerate()
            .for_each(|(k, (out, m))| {
                let row = |p: usize| &cd[(p * r + k) * n..(p * r + k + 1) * n];
                let s = &self.secret.data[k * n..(k + 1) * n];
                out.copy_from_slice(row(size - 1));
                for p in (0..size - 1).rev() {
                    for ((o, &s), &c) in out.iter_mut().zip(s).zip(row(p)) {
                        *o = m.mad_mod(*o, s, c);
                    }
                }
            });
        Ok(Plaintext::from_host(cipher.parms_id, cipher.scale, n, out))
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
        let (n, q) = (cipher.n, level.coeff_modulus());
        let bound = 1i64 << flood_bits;
        let mut rng = SecretRng::from_entropy();
        let mut f = Zeroizing::new(vec![0u64; n * q.len()]);
        for i in 0..n {
            let v = rng.gen_range(-bound..=bound);
            let sign = (v >> 63) as u64;
            for (k, m) in q.iter().enumerate() {
                f[k * n + i] = m.reduce((v as u64).wrapping_add(sign & m.value()));
            }
        }
        to_ntt(level, &mut f);
        let data = pt.storage.host_mut()?;
        for (k, m) in q.iter().enumerate() {
            for i in 0..n {
                data[k * n + i] = m.add_mod(data[k * n + i], f[k * n + i]);
            }
        }
        Ok(pt)
    }
}
