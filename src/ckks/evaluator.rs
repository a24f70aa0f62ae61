//! `Evaluator`: SEAL's homomorphic operations, run on the device for operands marked with
//! `gpu()` (XeHE's offload model) and on the host otherwise.
//!
//! The device path launches kernels on the evaluator's tile through the kernel runtime
//! (cpu-sim, OpenCL or Level Zero) and leaves results there; each operation is one named profiler operation.
//! Both paths give the same words bit for bit (the host path is `ckks::reference`).
//!
//! ```
//! use xehe::ckks::{device::DeviceContext, CkksEncoder, Context, Decryptor, EncryptionParameters, Encryptor, Evaluator, KeyGenerator};
//! use xehe::primes::SecurityLevel;
//! use xehe::runtime::{open, BackendChoice, OpenOptions};
//! let context = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[40, 30, 36])?, SecurityLevel::Tc128)?;
//! let mut keygen = KeyGenerator::new(&context);
//! let (pk, rk) = (keygen.create_public_key(), keygen.create_relin_keys()?);
//! let encoder = CkksEncoder::new(&context);
//! let scale = 2f64.powi(30);
//! let pt = encoder.encode(&[1.5, -2.0, 0.25], scale)?;
//! let x = Encryptor::new(&context, &pk)?.encrypt(&pt)?.gpu();
//!
//! let dev = open(&OpenOptions { backend: BackendChoice::CpuSim, ..Default::default() })?;
//! let eval = Evaluator::with_device(&context, DeviceContext::new(&context, dev, 0)?)?;
//! let sq = eval.rescale_to_next(&eval.relinearize(&eval.square(&x)?, &rk)?)?;
//! assert!(sq.is_on_device() && !sq.is_on_host());
//!
//! let back = encoder.decode(&Decryptor::new(&context, keygen.secret_key())?.decrypt(&sq)?)?;
//! assert!((back[0] - 2.25).abs() < 1e-3 && (back[1] - 4.0).abs() < 1e-3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![warn(missing_docs)]

use super::device::copy::DeviceCopy;
use super::device::keyswitch::{self, AddTo, KeyRows, SwitchKey};
use super::device::ops::{self, Elementwise, PlainSign};
use super::device::DeviceContext;
use super::galois::{compose_rotation, rotate_many_with};
use super::keyswitch::KSwitchKeys;
use super::reference::{self as host, galois as host_galois};
use super::validate::{
    self, check_scales, next_level, next_level_of, product_scale, rescaled_scale, same_level,
    same_plain_level,
};
use crate::ckks::ciphertext::Ciphertext;
use crate::ckks::context::{Context, ContextData};
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::galois::GaloisKeys;
use crate::ckks::keyswitch::RelinKeys;
use crate::ckks::params::ParmsId;
use crate::ckks::plaintext::Plaintext;
use crate::rns::RnsShape;
use std::sync::Arc;

/// Whether `Evaluator::add_sub` adds or subtracts.
#[derive(Clone, Copy)]
enum AddSub {
    Add,
    Sub,
}

/// Runs homomorphic operations for one context, on a device tile when given one.
///
/// Thread safety: `Send + Sync`; every operation takes `&self`, so one evaluator may serve several threads, and several evaluators may share one [`DeviceContext`] (operations on one tile queue in order).
pub struct Evaluator<'a> {
    context: &'a Context,
    device: Option<Arc<DeviceContext>>,
}

impl<'a> Evaluator<'a> {
    /// An evaluator without a device: every operation runs on the host (SEAL's
    /// `Evaluator(context)`).
    pub fn new(context: &'a Context) -> Self {
        Evaluator {
            context,
            device: None,
        }
    }

    /// An evaluator that runs operations on `device`'s tile for operands marked `gpu()`, and
    /// on the host for the others. No SEAL counterpart (XeHE's offload model).
    pub fn with_device(context: &'a Context, device: Arc<DeviceContext>) -> CkksResult<Self> {
        if !device.serves(context) {
            return Err(CkksError::ForeignParameters {
                what: "device context",
            });
        }
        Ok(Evaluator {
            context,
            device: Some(device),
        })
    }

    /// The context it evaluates for.
    pub fn context(&self) -> &'a Context {
        self.context
    }

    /// Uploads `relin` and every Galois key of `galois` to the device now, after checking that
    /// they fit beside what the tile already holds: a server says "out of device memory" before
    /// it starts a workload, not halfway through at the first rotation. Without a device this
    /// does nothing.
    ///
    /// ```
    /// use xehe::ckks::{device::DeviceContext, Context, EncryptionParameters, Evaluator, KeyGenerator};
    /// use xehe::primes::SecurityLevel;
    /// use xehe::runtime::{open, BackendChoice, OpenOptions};
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[40, 30, 36])?, SecurityLevel::Tc128)?;
    /// let dev = open(&OpenOptions { backend: BackendChoice::CpuSim, ..Default::default() })?;
    /// let eval = Evaluator::with_device(&ctx, DeviceContext::new(&ctx, dev, 0)?)?;
    /// let mut kg = KeyGenerator::new(&ctx);
    /// eval.upload_keys(Some(&kg.create_relin_keys()?), Some(&kg.create_galois_keys_for_steps(&[1], false)?))?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn upload_keys(
        &self,
        relin: Option<&RelinKeys>,
        galois: Option<&crate::ckks::galois::GaloisKeys>,
    ) -> CkksResult<()> {
        let mut keys: Vec<&KSwitchKeys> = relin.map(|r| &r.0).into_iter().collect();
        if let Some(g) = galois {
            keys.extend(g.elements().filter_map(|e| g.key(e)));
        }
        self.upload_switching_keys(&keys)
    }

    /// [`Evaluator::upload_keys`] for any key-switching keys of this context, with the same
    /// memory check.
    pub(crate) fn upload_switching_keys(&self, keys: &[&KSwitchKeys]) -> CkksResult<()> {
        let Some(d) = &self.device else {
            return Ok(());
        };
        for k in keys {
            validate::switching_keys(self.context, k)?;
        }
        let words: u128 = keys
            .iter()
            .map(|k| k.keys.iter().map(|c| c.len() as u128).sum::<u128>())
            .sum();
        let b = d.backend();
        if let Some(memory) = b.limits().global_mem_bytes {
            let held = b.memcache_stats(d.tile())?.held_bytes as u128;
            if held + words * 8 > memory as u128 {
                return Err(crate::runtime::RuntimeError::out_of_memory(
                    "device",
                    &format!("{} key-switching keys", keys.len()),
                    words * 8,
                    Some((memory as u128).saturating_sub(held)),
                )
                .into());
            }
        }
        for k in keys {
            k.on(d)?;
        }
        Ok(())
    }
    /// The device it runs `gpu()` operands on, if any.
    pub fn device(&self) -> Option<&Arc<DeviceContext>> {
        self.device.as_ref()
    }

    /// The device to run on when an operand is marked for it: in a 32-bit-tier chain, the
    /// table set of the window of the level `at` (the operand's).
    fn place(
        &self,
        gpu: bool,
        what: &'static str,
        at: ParmsId,
    ) -> CkksResult<Option<&Arc<DeviceContext>>> {
        match (gpu, &self.device) {
            (false, _) => Ok(None),
            (true, Some(d)) if !self.context.is_tier32() => Ok(Some(d)),
            (true, Some(d)) => Ok(Some(d.for_level(self.context.data_level(at, what)?)?)),
            (true, None) => Err(CkksError::NoDevice { what }),
        }
    }

    fn level(&self, ct: &Ciphertext) -> CkksResult<&'a ContextData> {
        self.context.data_level(ct.parms_id, "ciphertext")
    }

    fn result(like: &Ciphertext, scale: f64, size: usize, copy: DeviceCopy) -> Ciphertext {
        Ciphertext::from_device(
            like.parms_id,
            scale,
            like.n,
            like.rns_count,
            size,
            Arc::new(copy),
        )
    }

    /// The `[poly][rns][coeff]` shape of `ct`'s words.
    fn shape(ct: &Ciphertext) -> CkksResult<RnsShape> {
        Ok(RnsShape::new(ct.n, ct.rns_count, ct.size)?)
    }

    /// a + b (same level, scale and size): SEAL's `add`.
    pub fn add(&self, a: &Ciphertext, b: &Ciphertext) -> CkksResult<Ciphertext> {
        self.add_sub(a, b, AddSub::Add)
    }

    /// a − b (same level, scale and size): SEAL's `sub`.
    pub fn sub(&self, a: &Ciphertext, b: &Ciphertext) -> CkksResult<Ciphertext> {
        self.add_sub(a, b, AddSub::Sub)
    }

    fn add_sub(&self, a: &Ciphertext, b: &Ciphertext, kind: AddSub) -> CkksResult<Ciphertext> {
        let Some(d) = self.place(a.is_gpu() || b.is_gpu(), "ciphertext", a.parms_id)? else {
            return match kind {
                AddSub::Add => host::add(self.context, a, b),
                AddSub::Sub => host::sub(self.context, a, b),
            };
        };
        let op = match kind {
            AddSub::Add => "add",
            AddSub::Sub => "sub",
        };
        same_level(self.context, a, b)?;
        check_scales(a.scale, b.scale)?;
        validate::sizes(op, a.size, &[b])?;
        let _op = d.backend().profiler().operation(op);
        let (a_dev, b_dev) = (a.storage.on(d)?, b.storage.on(d)?);
        let ew = match kind {
            AddSub::Add => Elementwise::Add(&b_dev),
            AddSub::Sub => Elementwise::Sub(&b_dev),
        };
        let out = ops::elementwise(d, &a_dev, ew, Self::shape(a)?)?;
        Ok(Self::result(a, a.scale, a.size, out))
    }

    /// −a: SEAL's `negate`.
    pub fn negate(&self, a: &Ciphertext) -> CkksResult<Ciphertext> {
        let Some(d) = self.place(a.is_gpu(), "ciphertext", a.parms_id)? else {
            return host::negate(self.context, a);
        };
        self.level(a)?;
        let _op = d.backend().profiler().operation("negate");
        let out = ops::elementwise(d, &*a.storage.on(d)?, Elementwise::Negate, Self::shape(a)?)?;
        Ok(Self::result(a, a.scale, a.size, out))
    }

    /// The sum of every ciphertext of `cts` (at least one, all at one level and scale): SEAL's
    /// `add_many`.
    pub fn add_many(&self, cts: &[Ciphertext]) -> CkksResult<Ciphertext> {
        let (first, rest) = cts.split_first().ok_or(CkksError::WrongSize {
            what: "number of ciphertexts to add",
            expected: 1,
            given: 0,
        })?;
        let mut acc = first.clone();
        for c in rest {
            acc = self.add(&acc, c)?;
        }
        Ok(acc)
    }

    /// a + p: the plaintext added to the first polynomial (same level and scale): SEAL's
    /// `add_plain`. A plaintext at another level is [`CkksError::PlaintextLevelMismatch`].
    pub fn add_plain(&self, a: &Ciphertext, p: &Plaintext) -> CkksResult<Ciphertext> {
        self.add_sub_plain(a, p, PlainSign::Add)
    }

    /// a − p (same level and scale): SEAL's `sub_plain`.
    pub fn sub_plain(&self, a: &Ciphertext, p: &Plaintext) -> CkksResult<Ciphertext> {
        self.add_sub_plain(a, p, PlainSign::Subtract)
    }

    fn add_sub_plain(
        &self,
        a: &Ciphertext,
        p: &Plaintext,
        sign: PlainSign,
    ) -> CkksResult<Ciphertext> {
        let Some(d) = self.place(a.is_gpu() || p.is_gpu(), "ciphertext", a.parms_id)? else {
            return match sign {
                PlainSign::Add => host::add_plain(self.context, a, p),
                PlainSign::Subtract => host::sub_plain(self.context, a, p),
            };
        };
        same_plain_level(self.context, a, p)?;
        check_scales(a.scale, p.scale)?;
        let op = match sign {
            PlainSign::Add => "add_plain",
            PlainSign::Subtract => "sub_plain",
        };
        let _op = d.backend().profiler().operation(op);
        let out = ops::add_plain(
            d,
            &*a.storage.on(d)?,
            &*p.storage.on(d)?,
            Self::shape(a)?,
            sign,
        )?;
        Ok(Self::result(a, a.scale, a.size, out))
    }

    /// a · p on every polynomial, at one level; the scales multiply: SEAL's `multiply_plain`.
    pub fn multiply_plain(&self, a: &Ciphertext, p: &Plaintext) -> CkksResult<Ciphertext> {
        let Some(d) = self.place(a.is_gpu() || p.is_gpu(), "ciphertext", a.parms_id)? else {
            return host::multiply_plain(self.context, a, p);
        };
        same_plain_level(self.context, a, p)?;
        let scale = product_scale(self.context, a, p.scale)?;
        let _op = d.backend().profiler().operation("multiply_plain");
        let out = ops::multiply_plain(d, &*a.storage.on(d)?, &*p.storage.on(d)?, Self::shape(a)?)?;
        Ok(Self::result(a, scale, a.size, out))
    }

    /// Σ a_t · p_t, the sum of plaintext products (every ciphertext at one level and size, each
    /// plaintext at its ciphertext's level, every product of one scale): the words of
    /// `multiply_plain` and `add` term by term, where a device reads each operand once and
    /// writes the sum once per eight terms. No SEAL counterpart; a linear transform's diagonals
    /// are such a sum.
    ///
    /// ```
    /// use xehe::ckks::{CkksEncoder, Context, Decryptor, EncryptionParameters, Encryptor, Evaluator, KeyGenerator};
    /// use xehe::primes::SecurityLevel;
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[40, 30, 38])?, SecurityLevel::Tc128)?;
    /// let mut kg = KeyGenerator::new(&ctx);
    /// let pk = kg.create_public_key();
    /// let enc = CkksEncoder::new(&ctx);
    /// let n = enc.slot_count();
    /// let encryptor = Encryptor::new(&ctx, &pk)?;
    /// let (x, y) = (vec![0.5; n], vec![0.25; n]);
    /// let cx = encryptor.encrypt(&enc.encode(&x, 2f64.powi(30))?)?;
    /// let cy = encryptor.encrypt(&enc.encode(&y, 2f64.powi(30))?)?;
    /// // Small plaintext scales keep the products' noise small against their scale (2^38).
    /// let (p2, p3) = (enc.encode(&vec![2.0; n], 2f64.powi(8))?, enc.encode(&vec![3.0; n], 2f64.powi(8))?);
    /// let sum = Evaluator::new(&ctx).multiply_plain_sum(&[(&cx, &p2), (&cy, &p3)])?;
    /// let back = enc.decode(&Decryptor::new(&ctx, kg.secret_key())?.decrypt(&sum)?)?;
    /// assert!((back[0] - 1.75).abs() < 1e-3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn multiply_plain_sum(
        &self,
        terms: &[(&Ciphertext, &Plaintext)],
    ) -> CkksResult<Ciphertext> {
        let gpu = terms.iter().any(|(a, p)| a.is_gpu() || p.is_gpu());
        let Some(d) = self.place(gpu, "ciphertext", first_level(terms.first().map(|t| t.0)))?
        else {
            return host::multiply_plain_sum(self.context, terms);
        };
        let scale = validate::plain_sum(self.context, terms)?;
        let _op = d.backend().profiler().operation("multiply_plain_sum");
        let copies = terms
            .iter()
            .map(|(a, p)| Ok((a.storage.on(d)?, p.storage.on(d)?)))
            .collect::<CkksResult<Vec<_>>>()?;
        let refs: Vec<(&DeviceCopy, &DeviceCopy)> =
            copies.iter().map(|(a, p)| (&**a, &**p)).collect();
        let first = terms[0].0;
        let out = ops::multiply_plain_sum(d, &refs, Self::shape(first)?)?;
        Ok(Self::result(first, scale, first.size, out))
    }

    /// a · round(value · scale): SEAL's `multiply_plain` by the constant `value` encoded at
    /// `scale` (SEAL's `CKKSEncoder::encode(value, parms_id, scale, destination)`), without
    /// the plaintext. The result's scale is a's times `scale`, which must be a finite number
    /// of at least 1.
    pub fn multiply_const(&self, a: &Ciphertext, value: f64, scale: f64) -> CkksResult<Ciphertext> {
        let scalars = host::encode_constant(value, scale, self.level(a)?)?;
        let Some(d) = self.place(a.is_gpu(), "ciphertext", a.parms_id)? else {
            return host::multiply_scalars(self.context, a, &scalars, scale);
        };
        let product = product_scale(self.context, a, scale)?;
        let _op = d.backend().profiler().operation("multiply_const");
        let out = ops::multiply_scalars(d, &*a.storage.on(d)?, &scalars, Self::shape(a)?)?;
        Ok(Self::result(a, product, a.size, out))
    }

    /// Σ a_t · round(v_t · s_t) over `terms` (a_t, v_t, s_t) at the level `target`, each a_t
    /// at that level or above and dropped to it as [`Evaluator::mod_switch_to`] drops it, every
    /// product's scale a_t.scale · s_t equal: the words of `mod_switch_to`, `multiply_const` and
    /// `add` term by term, where a device reads each operand once and writes the sum once per
    /// eight terms. No SEAL counterpart; a polynomial's terms in its powers are such a sum.
    ///
    /// ```
    /// use xehe::ckks::{CkksEncoder, Context, Decryptor, EncryptionParameters, Encryptor, Evaluator, KeyGenerator};
    /// use xehe::primes::SecurityLevel;
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[40, 30, 38])?, SecurityLevel::Tc128)?;
    /// let mut kg = KeyGenerator::new(&ctx);
    /// let pk = kg.create_public_key();
    /// let enc = CkksEncoder::new(&ctx);
    /// let n = enc.slot_count();
    /// let encryptor = Encryptor::new(&ctx, &pk)?;
    /// let cx = encryptor.encrypt(&enc.encode(&vec![0.5; n], 2f64.powi(30))?)?;
    /// let cy = encryptor.encrypt(&enc.encode(&vec![0.25; n], 2f64.powi(30))?)?;
    /// let eval = Evaluator::new(&ctx);
    /// // 2·x − 3·y at the level below, the constants at scale 2^8: products at 2^38.
    /// let below = eval.mod_switch_to_next(&cx)?.parms_id();
    /// let sum = eval.multiply_const_sum(&[(&cx, 2.0, 2f64.powi(8)), (&cy, -3.0, 2f64.powi(8))], below)?;
    /// let back = enc.decode(&Decryptor::new(&ctx, kg.secret_key())?.decrypt(&sum)?)?;
    /// assert!((back[0] - 0.25).abs() < 1e-3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn multiply_const_sum(
        &self,
        terms: &[(&Ciphertext, f64, f64)],
        target: crate::ckks::params::ParmsId,
    ) -> CkksResult<Ciphertext> {
        let gpu = terms.iter().any(|(a, _, _)| a.is_gpu());
        let Some(d) = self.place(gpu, "ciphertext", first_level(terms.first().map(|t| t.0)))?
        else {
            return host::multiply_const_sum(self.context, terms, target);
        };
        if self.context.is_tier32() && terms.iter().any(|t| t.0.parms_id != target) {
            host::seal_chain_only(self.context, "mod_switch_to_next")?;
        }
        let (level, scale) = validate::const_sum(self.context, terms, target)?;
        let _op = d.backend().profiler().operation("multiply_const_sum");
        let mut scalars = Vec::with_capacity(terms.len() * level.coeff_modulus().len());
        for &(_, v, s) in terms {
            scalars.extend(host::encode_constant(v, s, level)?);
        }
        let copies = terms
            .iter()
            .map(|(a, _, _)| a.storage.on(d))
            .collect::<CkksResult<Vec<_>>>()?;
        let refs: Vec<(&DeviceCopy, usize)> = copies
            .iter()
            .zip(terms)
            .map(|(c, (a, _, _))| (&**c, a.rns_count))
            .collect();
        let first = terms[0].0;
        let r = level.coeff_modulus().len();
        let shape = RnsShape::new(first.n, r, first.size)?;
        let out = ops::multiply_const_sum(d, &refs, &scalars, shape)?;
        Ok(Ciphertext::from_device(
            level.parms_id(),
            scale,
            first.n,
            r,
            first.size,
            Arc::new(out),
        ))
    }

    /// The size-3 product of two size-2 ciphertexts at one level; the scales multiply: SEAL's
    /// `multiply`.
    pub fn multiply(&self, a: &Ciphertext, b: &Ciphertext) -> CkksResult<Ciphertext> {
        let Some(d) = self.place(a.is_gpu() || b.is_gpu(), "ciphertext", a.parms_id)? else {
            return host::multiply(self.context, a, b);
        };
        same_level(self.context, a, b)?;
        validate::sizes("multiply", 2, &[a, b])?;
        let scale = product_scale(self.context, a, b.scale)?;
        let _op = d.backend().profiler().operation("multiply");
        let out = ops::tensor(d, &*a.storage.on(d)?, &*b.storage.on(d)?, a.rns_count)?;
        Ok(Self::result(a, scale, 3, out))
    }

    /// a · a, size 3: SEAL's `square`.
    pub fn square(&self, a: &Ciphertext) -> CkksResult<Ciphertext> {
        let Some(d) = self.place(a.is_gpu(), "ciphertext", a.parms_id)? else {
            return host::multiply(self.context, a, a);
        };
        self.level(a)?;
        validate::sizes("square", 2, &[a])?;
        let scale = product_scale(self.context, a, a.scale)?;
        let _op = d.backend().profiler().operation("square");
        let x = a.storage.on(d)?;
        let out = ops::tensor(d, &x, &x, a.rns_count)?;
        Ok(Self::result(a, scale, 3, out))
    }

    /// Size 3 → size 2 with the relinearization keys: SEAL's `relinearize`.
    pub fn relinearize(&self, ct: &Ciphertext, keys: &RelinKeys) -> CkksResult<Ciphertext> {
        let Some(d) = self.place(ct.is_gpu(), "ciphertext", ct.parms_id)? else {
            return host::relinearize(self.context, ct, keys);
        };
        self.level(ct)?;
        validate::sizes("relinearize", 3, &[ct])?;
        validate::switching_keys(self.context, &keys.0)?;
        let _op = d.backend().profiler().operation("relinearize");
        let l = ct.rns_count;
        let x = ct.storage.on(d)?;
        let key = keys.0.on(d)?;
        let out = keyswitch::switch_key(
            d,
            SwitchKey {
                ct: &x.buffer,
                target: 2,
                key: &key,
                key_rns: keys.0.rows(),
                add_to: AddTo::Both,
                level: l,
            },
        )?;
        Ok(Self::result(ct, ct.scale, 2, out))
    }

    /// `ct` (size 2) switched with `keys` to the secret they lead to, at the same level and
    /// scale: (c0 + ks0(c1), ks1(c1)). Keys made at a lower level
    /// ([`crate::ckks::KeyGenerator::create_base_switching_keys`]) switch ciphertexts of that
    /// level only ([`CkksError::LevelMismatch`] above it). No SEAL counterpart (SEAL keeps its
    /// `switch_key` private).
    pub fn switch_key(&self, ct: &Ciphertext, keys: &KSwitchKeys) -> CkksResult<Ciphertext> {
        let Some(d) = self.place(ct.is_gpu(), "ciphertext", ct.parms_id)? else {
            return host::switch_key(self.context, ct, keys);
        };
        self.level(ct)?;
        validate::sizes("switch_key", 2, &[ct])?;
        validate::switching_keys_at(self.context, keys, ct.rns_count)?;
        let _op = d.backend().profiler().operation("switch_key");
        let x = ct.storage.on(d)?;
        let key = keys.on(d)?;
        let out = keyswitch::switch_key(
            d,
            SwitchKey {
                ct: &x.buffer,
                target: 1,
                key: &key,
                key_rns: keys.rows(),
                add_to: AddTo::First,
                level: ct.rns_count,
            },
        )?;
        Ok(Self::result(ct, ct.scale, 2, out))
    }

    /// [`Evaluator::switch_key`] into `ct`.
    pub fn switch_key_inplace(&self, ct: &mut Ciphertext, keys: &KSwitchKeys) -> CkksResult<()> {
        *ct = self.switch_key(ct, keys)?;
        Ok(())
    }

    /// Divides by the level's last prime (rounded) and moves to the next level; the scale is
    /// divided by that prime, and a result below 1 is refused ([`CkksError::InvalidScale`]):
    /// SEAL's `rescale_to_next`.
    pub fn rescale_to_next(&self, ct: &Ciphertext) -> CkksResult<Ciphertext> {
        let Some(d) = self.place(ct.is_gpu(), "ciphertext", ct.parms_id)? else {
            return host::rescale_to_next(self.context, ct);
        };
        let next = next_level(self.context, ct)?;
        let scale = rescaled_scale(self.context, ct)?;
        let _op = d.backend().profiler().operation("rescale_to_next");
        if let (true, Some(root)) = (self.context.is_tier32(), &self.device) {
            let target = root.for_level(next)?;
            let (out, targets) =
                ops::rational_rescale(d, target, &*ct.storage.on(d)?, Self::shape(ct)?)?;
            return Ok(Ciphertext::from_device(
                next.parms_id(),
                scale,
                ct.n,
                targets,
                ct.size,
                Arc::new(out),
            ));
        }
        let l = ct.rns_count;
        let out = ops::rescale(d, &*ct.storage.on(d)?, Self::shape(ct)?)?;
        Ok(Ciphertext::from_device(
            next.parms_id(),
            scale,
            ct.n,
            l - 1,
            ct.size,
            Arc::new(out),
        ))
    }

    /// [`Evaluator::relinearize`] then [`Evaluator::rescale_to_next`], the same words, in
    /// one step: on a device with several special primes the rescale's division by the
    /// level's last prime is fused into relinearization's division by P, which saves the
    /// rescale's own forward transform. Errors as those two give.
    ///
    /// ```
    /// use xehe::ckks::{CkksEncoder, Decryptor, EncryptionParameters, Encryptor, Evaluator};
    /// use xehe::ckks::{Context, KeyGenerator};
    /// use xehe::primes::SecurityLevel;
    /// let parms = EncryptionParameters::with_bit_sizes(8192, &[60, 40, 40, 60])?;
    /// let ctx = Context::new(&parms, SecurityLevel::Tc128)?;
    /// let mut kg = KeyGenerator::new(&ctx);
    /// let (pk, rk) = (kg.create_public_key(), kg.create_relin_keys()?);
    /// let enc = CkksEncoder::new(&ctx);
    /// let x = enc.encode(&[1.5, -2.0], 2f64.powi(40))?;
    /// let ct = Encryptor::new(&ctx, &pk)?.encrypt(&x)?;
    /// let eval = Evaluator::new(&ctx);
    /// let sq = eval.relinearize_rescale(&eval.square(&ct)?, &rk)?;
    /// let two_steps = eval.rescale_to_next(&eval.relinearize(&eval.square(&ct)?, &rk)?)?;
    /// let dec = Decryptor::new(&ctx, kg.secret_key())?;
    /// let (a, b) = (enc.decode(&dec.decrypt(&sq)?)?, enc.decode(&dec.decrypt(&two_steps)?)?);
    /// assert_eq!(a, b);
    /// assert!((a[0] - 2.25).abs() < 1e-4 && (a[1] - 4.0).abs() < 1e-4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn relinearize_rescale(&self, ct: &Ciphertext, keys: &RelinKeys) -> CkksResult<Ciphertext> {
        let Some(d) = self.place(ct.is_gpu(), "ciphertext", ct.parms_id)? else {
            return host::rescale_to_next(
                self.context,
                &host::relinearize(self.context, ct, keys)?,
            );
        };
        if self.context.is_tier32() {
            // The rational rescale is not fused into ModDown yet.
            return self.rescale_to_next(&self.relinearize(ct, keys)?);
        }
        self.level(ct)?;
        validate::sizes("relinearize", 3, &[ct])?;
        validate::switching_keys(self.context, &keys.0)?;
        let next = next_level(self.context, ct)?;
        let scale = rescaled_scale(self.context, ct)?;
        let fused = {
            let _op = d.backend().profiler().operation("relinearize_rescale");
            let x = ct.storage.on(d)?;
            let key = keys.0.on(d)?;
            let rows = KeyRows {
                key: &key,
                rows: keys.0.rows(),
            };
            keyswitch::relinearize_rescale(d, &x.buffer, rows, ct.rns_count)?
        };
        match fused {
            Some(out) => Ok(Ciphertext::from_device(
                next.parms_id(),
                scale,
                ct.n,
                ct.rns_count - 1,
                2,
                Arc::new(out),
            )),
            None => self.rescale_to_next(&self.relinearize(ct, keys)?),
        }
    }

    /// Drops the level's last prime (message and scale unchanged): SEAL's
    /// `mod_switch_to_next` for a ciphertext.
    pub fn mod_switch_to_next(&self, ct: &Ciphertext) -> CkksResult<Ciphertext> {
        let Some(d) = self.place(ct.is_gpu(), "ciphertext", ct.parms_id)? else {
            return host::mod_switch_to_next(self.context, ct);
        };
        host::seal_chain_only(self.context, "mod_switch_to_next")?;
        let next = next_level(self.context, ct)?;
        let _op = d.backend().profiler().operation("mod_switch_to_next");
        let l = ct.rns_count;
        let out = ops::truncate(d, &*ct.storage.on(d)?, ct.size, l, l - 1)?;
        Ok(Ciphertext::from_device(
            next.parms_id(),
            ct.scale,
            ct.n,
            l - 1,
            ct.size,
            Arc::new(out),
        ))
    }

    /// Drops the last prime of a plaintext's level: SEAL's `mod_switch_to_next` for a
    /// plaintext.
    pub fn mod_switch_plain_to_next(&self, p: &Plaintext) -> CkksResult<Plaintext> {
        let Some(d) = self.place(p.is_gpu(), "plaintext", p.parms_id)? else {
            return host::mod_switch_plain_to_next(self.context, p);
        };
        host::seal_chain_only(self.context, "mod_switch_plain_to_next")?;
        let next = next_level_of(self.context, p.parms_id, "plaintext")?;
        let _op = d.backend().profiler().operation("mod_switch_to_next");
        let l = p.rns_count();
        let out = ops::truncate(d, &*p.storage.on(d)?, 1, l, l - 1)?;
        Ok(Plaintext::from_device(
            next.parms_id(),
            p.scale,
            p.n,
            l - 1,
            Arc::new(out),
        ))
    }

    /// ModRaise, bootstrapping's first step: `ct` at the last level (the base prime alone)
    /// read as a ciphertext at the first data level, each coefficient lifted centred. It
    /// decrypts to m + q0·I, I a small integer polynomial that bootstrapping's EvalMod removes.
    /// No SEAL counterpart (SEAL does not bootstrap).
    pub fn mod_raise(&self, ct: &Ciphertext) -> CkksResult<Ciphertext> {
        let Some(d) = self.place(ct.is_gpu(), "ciphertext", ct.parms_id)? else {
            return host::mod_raise(self.context, ct);
        };
        host::seal_chain_only(self.context, "mod_raise")?;
        let level = self.level(ct)?;
        if level.chain_index() != 0 {
            return Err(CkksError::LevelMismatch {
                left: level.chain_index(),
                right: 0,
            });
        }
        let top = self.context.first_context_data();
        let rns = top.coeff_modulus().len();
        let _op = d.backend().profiler().operation("mod_raise");
        let out = ops::mod_raise(d, &*ct.storage.on(d)?, ct.size, rns)?;
        Ok(Ciphertext::from_device(
            top.parms_id(),
            ct.scale,
            ct.n,
            rns,
            ct.size,
            Arc::new(out),
        ))
    }

    /// Moves `ct` down the chain with `mod_switch_to_next` until it is at `parms_id`'s level:
    /// SEAL's `mod_switch_to`.
    pub fn mod_switch_to(
        &self,
        ct: &Ciphertext,
        parms_id: crate::ckks::params::ParmsId,
    ) -> CkksResult<Ciphertext> {
        let target =
            self.context
                .get_context_data(parms_id)
                .ok_or(CkksError::ForeignParameters {
                    what: "target level",
                })?;
        let from = self.level(ct)?.chain_index();
        if from < target.chain_index() {
            return Err(CkksError::LevelMismatch {
                left: from,
                right: target.chain_index(),
            });
        }
        let Some(d) = self.place(ct.is_gpu(), "ciphertext", ct.parms_id)? else {
            let mut cur = ct.clone();
            for _ in target.chain_index()..from {
                cur = host::mod_switch_to_next(self.context, &cur)?;
            }
            return Ok(cur);
        };
        host::seal_chain_only(self.context, "mod_switch_to_next")?;
        if from == target.chain_index() {
            return Ok(ct.clone());
        }
        // Dropping several primes is one truncation on the device.
        let _op = d.backend().profiler().operation("mod_switch_to_next");
        let rns = target.coeff_modulus().len();
        let out = ops::truncate(d, &*ct.storage.on(d)?, ct.size, ct.rns_count, rns)?;
        Ok(Ciphertext::from_device(
            target.parms_id(),
            ct.scale,
            ct.n,
            rns,
            ct.size,
            Arc::new(out),
        ))
    }

    /// Sums `count` consecutive slots into each: slot j of the result holds the sum of slots j
    /// to j + count − 1 (modulo the slot count), by log2(count) rotations by 1, 2, 4, … each
    /// added to the running sum. `count` must be a power of two up to the slot count; with the
    /// slot count, every slot holds the sum of all (an inner product after a `multiply`).
    /// SEAL's default Galois keys ([`crate::ckks::KeyGenerator::create_galois_keys`]) cover
    /// every step. No SEAL counterpart.
    ///
    /// ```
    /// use xehe::ckks::{CkksEncoder, Context, Decryptor, EncryptionParameters, Encryptor, Evaluator, KeyGenerator};
    /// use xehe::primes::SecurityLevel;
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[30, 30, 49])?, SecurityLevel::Tc128)?;
    /// let mut kg = KeyGenerator::new(&ctx);
    /// // A special prime much larger than the data primes keeps the rotations' noise small.
    /// let (pk, gk) = (kg.create_public_key(), kg.create_galois_keys()?);
    /// let enc = CkksEncoder::new(&ctx);
    /// let x: Vec<f64> = (0..enc.slot_count()).map(|i| (i % 7) as f64 / 8.0).collect();
    /// let ct = Encryptor::new(&ctx, &pk)?.encrypt(&enc.encode(&x, 2f64.powi(25))?)?;
    /// let sum = Evaluator::new(&ctx).rotate_and_sum(&ct, 4, &gk)?;
    /// let back = enc.decode(&Decryptor::new(&ctx, kg.secret_key())?.decrypt(&sum)?)?;
    /// assert!((back[0] - (x[0] + x[1] + x[2] + x[3])).abs() < 1e-3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rotate_and_sum(
        &self,
        ct: &Ciphertext,
        count: usize,
        keys: &GaloisKeys,
    ) -> CkksResult<Ciphertext> {
        let slots = ct.n / 2;
        if !count.is_power_of_two() || count > slots {
            return Err(CkksError::WrongSize {
                what: "count of slots to sum (a power of two up to the slot count)",
                expected: slots,
                given: count,
            });
        }
        let mut sum = ct.clone();
        let mut step = 1;
        while step < count {
            let r = self.rotate_vector(&sum, step as i64, keys)?;
            sum = self.add(&sum, &r)?;
            step <<= 1;
        }
        Ok(sum)
    }

    /// Rotates the slots left by `steps` (right when negative): SEAL's `rotate_vector`. A step
    /// without a key of its own is composed from the keys of its non-adjacent form, as SEAL
    /// composes it.
    pub fn rotate_vector(
        &self,
        ct: &Ciphertext,
        steps: i64,
        keys: &GaloisKeys,
    ) -> CkksResult<Ciphertext> {
        compose_rotation(ct, steps, keys, &|c, g| {
            self.galois(c, g, keys, "rotate_vector")
        })
    }

    /// The rotations of `ct` by each of `steps`, in order, hoisted: the decomposition of c1
    /// (its inverse NTT and the NTTs of its digits modulo every destination prime, the larger
    /// part of a rotation) is made once and shared by every step whose Galois key is present;
    /// each such step then costs a permutation of the digits, the key's products and the
    /// division by P. A step without a key of its own is made from another step's result by
    /// one more rotation where a key bridges the two (so TenSEAL's ±2^i keys give a matrix's
    /// steps 1 … 15 one key switch each), else composed as [`Evaluator::rotate_vector`]
    /// composes it. Equal steps share one result. A hoisted result decrypts as
    /// `rotate_vector`'s does, with noise of the same size, but not to the same words: the
    /// automorphism is applied to digits already lifted to the other primes, which changes
    /// each by a multiple of its prime (as in every library that hoists). No SEAL counterpart.
    ///
    /// ```
    /// use xehe::ckks::{CkksEncoder, Context, Decryptor, EncryptionParameters, Encryptor, Evaluator, KeyGenerator};
    /// use xehe::primes::SecurityLevel;
    /// // A special prime much larger than the data primes keeps the rotations' noise small.
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[30, 30, 49])?, SecurityLevel::Tc128)?;
    /// let mut kg = KeyGenerator::new(&ctx);
    /// // Step 3 has no key: composed from 4 and -1.
    /// let (pk, gk) = (kg.create_public_key(), kg.create_galois_keys_for_steps(&[1, 2, 4, -1], false)?);
    /// let enc = CkksEncoder::new(&ctx);
    /// let x: Vec<f64> = (0..enc.slot_count()).map(|i| (i % 5) as f64 / 8.0).collect();
    /// let ct = Encryptor::new(&ctx, &pk)?.encrypt(&enc.encode(&x, 2f64.powi(25))?)?;
    /// let rotated = Evaluator::new(&ctx).rotate_many(&ct, &[1, 2, -1, 3], &gk)?;
    /// let dec = Decryptor::new(&ctx, kg.secret_key())?;
    /// let slots = enc.slot_count();
    /// for (r, s) in rotated.iter().zip([1usize, 2, slots - 1, 3]) {
    ///     let back = enc.decode(&dec.decrypt(r)?)?;
    ///     assert!((back[0] - x[s]).abs() < 1e-3);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rotate_many(
        &self,
        ct: &Ciphertext,
        steps: &[i64],
        keys: &GaloisKeys,
    ) -> CkksResult<Vec<Ciphertext>> {
        rotate_many_with(
            ct,
            steps,
            keys,
            |src, elements| self.galois_hoisted(src, elements, keys),
            |s| self.rotate_vector(ct, s, keys),
        )
    }

    fn galois_hoisted(
        &self,
        ct: &Ciphertext,
        elements: &[u64],
        keys: &GaloisKeys,
    ) -> CkksResult<Vec<Ciphertext>> {
        let Some(d) = self.place(ct.is_gpu(), "ciphertext", ct.parms_id)? else {
            return host_galois::apply_galois_hoisted(self.context, ct, elements, keys);
        };
        self.level(ct)?;
        validate::sizes("rotation", 2, &[ct])?;
        let ksks = elements
            .iter()
            .map(|&g| match g {
                1 => Ok(None),
                g => {
                    let k = keys
                        .keys
                        .get(&g)
                        .ok_or(CkksError::MissingGaloisKey { galois_elt: g })?;
                    validate::switching_keys(self.context, k)?;
                    Ok(Some(k))
                }
            })
            .collect::<CkksResult<Vec<_>>>()?;
        if ksks.iter().all(Option::is_none) {
            return Ok(elements.iter().map(|_| ct.clone()).collect());
        }
        let _op = d.backend().profiler().operation("rotate_many");
        let l = ct.rns_count;
        let src = ct.storage.on(d)?;
        let ext = keyswitch::decompose(d, &src.buffer, 1, l)?;
        let source = keyswitch::Source {
            buffer: &src.buffer,
            poly: 1,
        };
        // The steps with a key, in launches of up to HOISTED_STEPS whose products share the
        // digits' reads; the shared digits are read through each step's permutation.
        let keyed: Vec<(u64, &KSwitchKeys)> = elements
            .iter()
            .zip(&ksks)
            .filter_map(|(&g, ksk)| ksk.map(|k| (g, k)))
            .collect();
        let mut switched = Vec::with_capacity(keyed.len());
        for chunk in keyed.chunks(keyswitch::HOISTED_STEPS) {
            let keys = chunk
                .iter()
                .map(|&(_, ksk)| ksk.on(d))
                .collect::<CkksResult<Vec<_>>>()?;
            let gs: Vec<u64> = chunk.iter().map(|&(g, _)| g).collect();
            switched.extend(d.with_perms(&gs, |perms| {
                let steps: Vec<keyswitch::HoistedStep<'_>> = perms
                    .iter()
                    .zip(&keys)
                    .map(|(&perm, key)| keyswitch::HoistedStep { key, perm })
                    .collect();
                // c0 is the source's first polynomial, rotated by each step as it is added.
                keyswitch::switch_hoisted_steps(d, &ext, source, &src.buffer, &steps, l)
            })?);
        }
        let mut switched = switched.into_iter();
        Ok(ksks
            .iter()
            .map(|ksk| match ksk {
                None => ct.clone(),
                Some(_) => Self::result(
                    ct,
                    ct.scale,
                    2,
                    switched.next().expect("one switch per keyed step"),
                ),
            })
            .collect())
    }

    /// The automorphism X → X^`galois_elt` with its key (SEAL's `apply_galois`): rotations and
    /// conjugation are such elements (`galois_elt_from_step`, 2N − 1), and so are the rotations
    /// of the special FFT's slot order (`galois_elt_from_fft_step`). An element that is not odd
    /// and below 2N is [`CkksError::InvalidGaloisElement`].
    pub fn apply_galois(
        &self,
        ct: &Ciphertext,
        galois_elt: u64,
        keys: &GaloisKeys,
    ) -> CkksResult<Ciphertext> {
        crate::ckks::galois::check_element(ct.n, galois_elt)?;
        self.galois(ct, galois_elt, keys, "apply_galois")
    }

    /// [`Evaluator::apply_galois`] for every element of `elements`, hoisted as
    /// [`Evaluator::rotate_many`] hoists (one decomposition shared by all); every element needs
    /// a key of its own. Results in the order of `elements`.
    ///
    /// ```
    /// use xehe::ckks::{galois_elt_from_step, CkksEncoder, Context, Decryptor, EncryptionParameters, Encryptor, Evaluator, KeyGenerator};
    /// use xehe::primes::SecurityLevel;
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[30, 30, 49])?, SecurityLevel::Tc128)?;
    /// let mut kg = KeyGenerator::new(&ctx);
    /// let elements = [galois_elt_from_step(4096, 1), 2 * 4096 - 1];
    /// let (pk, gk) = (kg.create_public_key(), kg.create_galois_keys_for_elements(&elements)?);
    /// let enc = CkksEncoder::new(&ctx);
    /// let x: Vec<f64> = (0..enc.slot_count()).map(|i| (i % 5) as f64 / 8.0).collect();
    /// let ct = Encryptor::new(&ctx, &pk)?.encrypt(&enc.encode(&x, 2f64.powi(25))?)?;
    /// let out = Evaluator::new(&ctx).apply_galois_many(&ct, &elements, &gk)?;
    /// let dec = Decryptor::new(&ctx, kg.secret_key())?;
    /// let (rotated, conjugated) = (enc.decode(&dec.decrypt(&out[0])?)?, enc.decode(&dec.decrypt(&out[1])?)?);
    /// assert!((rotated[0] - x[1]).abs() < 1e-3 && (conjugated[0] - x[0]).abs() < 1e-3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply_galois_many(
        &self,
        ct: &Ciphertext,
        elements: &[u64],
        keys: &GaloisKeys,
    ) -> CkksResult<Vec<Ciphertext>> {
        for &g in elements {
            crate::ckks::galois::check_element(ct.n, g)?;
            if g != 1 && !keys.has_key(g) {
                return Err(CkksError::MissingGaloisKey { galois_elt: g });
            }
        }
        self.galois_hoisted(ct, elements, keys)
    }

    /// Σ_t X → X^(g_t) of ct_t (g = 1 adds ct_t unrotated): the terms' key switches are
    /// summed over the extended modulus PQ and divided by P once, so a sum of G rotations takes
    /// one ModDown instead of G (a linear transform's giant steps). Every term is a size-2
    /// ciphertext at the first one's level and scale, and every element other than 1 needs its
    /// own key. The words differ from adding [`Evaluator::apply_galois`]'s results (one
    /// rounding instead of one per term); the noise is at most theirs.
    ///
    /// ```
    /// use xehe::ckks::{galois_elt_from_step, CkksEncoder, Context, Decryptor, EncryptionParameters, Encryptor, Evaluator, KeyGenerator};
    /// use xehe::primes::SecurityLevel;
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[30, 30, 49])?, SecurityLevel::Tc128)?;
    /// let mut kg = KeyGenerator::new(&ctx);
    /// let (g1, g2) = (galois_elt_from_step(4096, 1), galois_elt_from_step(4096, 2));
    /// let (pk, gk) = (kg.create_public_key(), kg.create_galois_keys_for_elements(&[g1, g2])?);
    /// let enc = CkksEncoder::new(&ctx);
    /// let x: Vec<f64> = (0..enc.slot_count()).map(|i| (i % 5) as f64 / 8.0).collect();
    /// let ct = Encryptor::new(&ctx, &pk)?.encrypt(&enc.encode(&x, 2f64.powi(25))?)?;
    /// // x + rot1(x) + rot2(x), one division by P.
    /// let sum = Evaluator::new(&ctx).apply_galois_sum(&[(&ct, 1), (&ct, g1), (&ct, g2)], &gk)?;
    /// let y = enc.decode(&Decryptor::new(&ctx, kg.secret_key())?.decrypt(&sum)?)?;
    /// assert!((y[0] - (x[0] + x[1] + x[2])).abs() < 1e-3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply_galois_sum(
        &self,
        terms: &[(&Ciphertext, u64)],
        keys: &GaloisKeys,
    ) -> CkksResult<Ciphertext> {
        validate::galois_sum(self.context, terms, keys)?;
        let gpu = terms.iter().any(|(ct, _)| ct.is_gpu());
        let Some(d) = self.place(gpu, "ciphertext", first_level(terms.first().map(|t| t.0)))?
        else {
            return host_galois::apply_galois_sum(self.context, terms, keys);
        };
        let first = terms[0].0;
        self.level(first)?;
        let (l, shape) = (first.rns_count, Self::shape(first)?);
        let _op = d.backend().profiler().operation("apply_galois_sum");
        let mut rotated = Vec::new();
        let mut identity = Vec::new();
        for &(ct, g) in terms {
            let src = ct.storage.on(d)?;
            if g == 1 {
                identity.push(src);
                continue;
            }
            let ksk = keys
                .keys
                .get(&g)
                .ok_or(CkksError::MissingGaloisKey { galois_elt: g })?;
            rotated.push((ops::permute(d, &src, g, shape)?, ksk, ksk.on(d)?));
        }
        // The rotated c0s (c1 rides along: the division adds the base's first polynomial only).
        let mut out: Option<DeviceCopy> = None;
        if let Some(((first_rot, _, _), rest)) = rotated.split_first() {
            let mut base: Option<DeviceCopy> = None;
            for (r, _, _) in rest {
                let acc = base.as_ref().unwrap_or(first_rot);
                base = Some(ops::elementwise(d, acc, Elementwise::Add(r), shape)?);
            }
            let base = base.as_ref().unwrap_or(first_rot);
            let terms = rotated.iter().map(|(r, ksk, key)| {
                Ok(keyswitch::SumTerm {
                    ext: keyswitch::decompose(d, &r.buffer, 1, l)?,
                    source: keyswitch::Source {
                        buffer: &r.buffer,
                        poly: 1,
                    },
                    key: keyswitch::KeyRows {
                        key,
                        rows: ksk.rows(),
                    },
                })
            });
            out = Some(keyswitch::switch_sum(
                d,
                terms,
                &base.buffer,
                AddTo::First.mask(),
                l,
            )?);
        }
        let mut identity = identity.iter();
        let out = match out {
            Some(out) => out,
            // No rotation: the first term itself, or the sum with the others.
            None => match identity.next() {
                Some(_) if identity.len() == 0 => return Ok(first.clone()),
                Some(src) => ops::elementwise(
                    d,
                    src,
                    Elementwise::Add(identity.next().expect("two or more")),
                    shape,
                )?,
                None => unreachable!("validate::galois_sum: at least one term"),
            },
        };
        let out = identity.try_fold(out, |acc, src| {
            ops::elementwise(d, &acc, Elementwise::Add(src), shape)
        })?;
        Ok(Self::result(first, first.scale, 2, out))
    }

    /// Conjugates every slot: SEAL's `complex_conjugate`.
    pub fn complex_conjugate(&self, ct: &Ciphertext, keys: &GaloisKeys) -> CkksResult<Ciphertext> {
        self.galois(ct, 2 * ct.n as u64 - 1, keys, "complex_conjugate")
    }

    fn galois(
        &self,
        ct: &Ciphertext,
        g: u64,
        keys: &GaloisKeys,
        op: &str,
    ) -> CkksResult<Ciphertext> {
        let Some(d) = self.place(ct.is_gpu(), "ciphertext", ct.parms_id)? else {
            return host_galois::apply_galois(self.context, ct, g, keys);
        };
        self.level(ct)?;
        validate::sizes("rotation", 2, &[ct])?;
        if g == 1 {
            return Ok(ct.clone());
        }
        let ksk = keys
            .keys
            .get(&g)
            .ok_or(CkksError::MissingGaloisKey { galois_elt: g })?;
        validate::switching_keys(self.context, ksk)?;
        let _op = d.backend().profiler().operation(op);
        let l = ct.rns_count;
        let rotated = ops::permute(d, &*ct.storage.on(d)?, g, Self::shape(ct)?)?;
        let key = ksk.on(d)?;
        let out = keyswitch::switch_key(
            d,
            SwitchKey {
                ct: &rotated.buffer,
                target: 1,
                key: &key,
                key_rns: ksk.rows(),
                add_to: AddTo::First,
                level: l,
            },
        )?;
        Ok(Self::result(ct, ct.scale, 2, out))
    }
}

/// The in-place forms (SEAL's `*_inplace`): each replaces its first operand with the result.
impl Evaluator<'_> {
    /// [`Evaluator::add`] into `a`: SEAL's `add_inplace`.
    pub fn add_inplace(&self, a: &mut Ciphertext, b: &Ciphertext) -> CkksResult<()> {
        *a = self.add(a, b)?;
        Ok(())
    }
    /// [`Evaluator::sub`] into `a`: SEAL's `sub_inplace`.
    pub fn sub_inplace(&self, a: &mut Ciphertext, b: &Ciphertext) -> CkksResult<()> {
        *a = self.sub(a, b)?;
        Ok(())
    }
    /// [`Evaluator::negate`] into `a`: SEAL's `negate_inplace`.
    pub fn negate_inplace(&self, a: &mut Ciphertext) -> CkksResult<()> {
        *a = self.negate(a)?;
        Ok(())
    }
    /// [`Evaluator::add_plain`] into `a`: SEAL's `add_plain_inplace`.
    pub fn add_plain_inplace(&self, a: &mut Ciphertext, p: &Plaintext) -> CkksResult<()> {
        *a = self.add_plain(a, p)?;
        Ok(())
    }
    /// [`Evaluator::sub_plain`] into `a`: SEAL's `sub_plain_inplace`.
    pub fn sub_plain_inplace(&self, a: &mut Ciphertext, p: &Plaintext) -> CkksResult<()> {
        *a = self.sub_plain(a, p)?;
        Ok(())
    }
    /// [`Evaluator::multiply_plain`] into `a`: SEAL's `multiply_plain_inplace`.
    pub fn multiply_plain_inplace(&self, a: &mut Ciphertext, p: &Plaintext) -> CkksResult<()> {
        *a = self.multiply_plain(a, p)?;
        Ok(())
    }
    /// [`Evaluator::multiply_const`] into `a`.
    pub fn multiply_const_inplace(
        &self,
        a: &mut Ciphertext,
        value: f64,
        scale: f64,
    ) -> CkksResult<()> {
        *a = self.multiply_const(a, value, scale)?;
        Ok(())
    }
    /// [`Evaluator::multiply`] into `a`: SEAL's `multiply_inplace`.
    pub fn multiply_inplace(&self, a: &mut Ciphertext, b: &Ciphertext) -> CkksResult<()> {
        *a = self.multiply(a, b)?;
        Ok(())
    }
    /// [`Evaluator::square`] into `a`: SEAL's `square_inplace`.
    pub fn square_inplace(&self, a: &mut Ciphertext) -> CkksResult<()> {
        *a = self.square(a)?;
        Ok(())
    }
    /// [`Evaluator::relinearize`] into `a`: SEAL's `relinearize_inplace`.
    pub fn relinearize_inplace(&self, a: &mut Ciphertext, keys: &RelinKeys) -> CkksResult<()> {
        *a = self.relinearize(a, keys)?;
        Ok(())
    }
    /// [`Evaluator::rescale_to_next`] into `a`: SEAL's `rescale_to_next_inplace`.
    pub fn rescale_to_next_inplace(&self, a: &mut Ciphertext) -> CkksResult<()> {
        *a = self.rescale_to_next(a)?;
        Ok(())
    }
    /// [`Evaluator::mod_switch_to_next`] into `a`: SEAL's `mod_switch_to_next_inplace`.
    pub fn mod_switch_to_next_inplace(&self, a: &mut Ciphertext) -> CkksResult<()> {
        *a = self.mod_switch_to_next(a)?;
        Ok(())
    }
    /// [`Evaluator::mod_switch_plain_to_next`] into `p`: SEAL's `mod_switch_to_next_inplace`
    /// for a plaintext.
    pub fn mod_switch_plain_to_next_inplace(&self, p: &mut Plaintext) -> CkksResult<()> {
        *p = self.mod_switch_plain_to_next(p)?;
        Ok(())
    }
    /// [`Evaluator::rotate_vector`] into `a`: SEAL's `rotate_vector_inplace`.
    pub fn rotate_vector_inplace(
        &self,
        a: &mut Ciphertext,
        steps: i64,
        keys: &GaloisKeys,
    ) -> CkksResult<()> {
        *a = self.rotate_vector(a, steps, keys)?;
        Ok(())
    }
    /// [`Evaluator::complex_conjugate`] into `a`: SEAL's `complex_conjugate_inplace`.
    pub fn complex_conjugate_inplace(
        &self,
        a: &mut Ciphertext,
        keys: &GaloisKeys,
    ) -> CkksResult<()> {
        *a = self.complex_conjugate(a, keys)?;
        Ok(())
    }
}

/// The level of a sum's first term (an id no level has when there is none: the sum's own
/// validation names that error).
fn first_level(first: Option<&Ciphertext>) -> ParmsId {
    first.map_or(ParmsId([0; 4]), |c| c.parms_id)
}
