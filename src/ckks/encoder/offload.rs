//! The encoder's offload paths: encoding and decoding on a device tile, one vector at a time or
//! in batches (one launch sequence for many vectors), word for word the host encoder's. What
//! is here is the dispatch (checks, batches, the tables' device copies); the kernel sequences
//! are `ckks::device::encode`'s and `ckks::device::decode`'s.

use super::CkksEncoder;
use crate::ckks::context::ContextData;
use crate::ckks::device::batch::{self, BatchLayout};
use crate::ckks::device::copy::DeviceCopy;
use crate::ckks::device::DeviceContext;
use crate::ckks::device::{decode, encode};
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::plaintext::Plaintext;
use crate::rns::RnsBase;
use num_complex::Complex64;
use rayon::prelude::*;
use std::sync::Arc;

/// A slot's value as the caller gives it: real or complex.
trait Slot: Sync {
    fn complex(&self) -> Complex64;
}

impl Slot for f64 {
    fn complex(&self) -> Complex64 {
        Complex64::new(*self, 0.0)
    }
}

impl Slot for Complex64 {
    fn complex(&self) -> Complex64 {
        *self
    }
}

/// The most vectors one device batch encodes or decodes (the batch's temporaries grow with
/// it: about (l + 4)·n words a vector).
const DEVICE_BATCH: usize = 32;

impl CkksEncoder {
    /// [`CkksEncoder::encode`] on the device, at the first data level: the same words, in a
    /// plaintext that only `device` holds (marked for the device, wiped when its buffer is
    /// recycled). Only the values cross the bus. The overflow check cannot see the
    /// transform's result before it is made, so it is done on a bound: values with
    /// scale · max |z| at or above half the level's modulus (or needing as many bits as the
    /// modulus has) are refused here even where the host would find the encoding small
    /// enough; encode those on the host. No SEAL counterpart (SEAL encodes on the host).
    ///
    /// ```
    /// use xehe::ckks::device::DeviceContext;
    /// use xehe::ckks::{CkksEncoder, Context, EncryptionParameters};
    /// use xehe::primes::SecurityLevel;
    /// use xehe::runtime::{open, BackendChoice, OpenOptions};
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[36, 36, 36])?, SecurityLevel::Tc128)?;
    /// let dev = DeviceContext::new(&ctx, open(&OpenOptions { backend: BackendChoice::CpuSim, ..Default::default() })?, 0)?;
    /// let enc = CkksEncoder::new(&ctx);
    /// let x = [0.5, -1.25, 3.0];
    /// let on_device = enc.encode_on(&dev, &x, 2f64.powi(30))?;
    /// let on_host = enc.encode(&x, 2f64.powi(30))?;
    /// assert!(on_device.is_on_device() && !on_device.is_on_host());
    /// assert_eq!(on_device.data()?, on_host.data()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn encode_on(
        &self,
        device: &Arc<DeviceContext>,
        values: &[f64],
        scale: f64,
    ) -> CkksResult<Plaintext> {
        self.encode_at_level_on(device, values, scale, self.context.first_context_data())
    }

    /// [`CkksEncoder::encode_on`] at `level` (a data level of this encoder's context).
    pub fn encode_at_level_on(
        &self,
        device: &Arc<DeviceContext>,
        values: &[f64],
        scale: f64,
        level: &ContextData,
    ) -> CkksResult<Plaintext> {
        let mut one = self.encode_batches_on(device, &[values], scale, level)?;
        Ok(one.pop().expect("one plaintext per vector"))
    }

    /// [`CkksEncoder::encode_on`] of complex values.
    pub fn encode_complex_on(
        &self,
        device: &Arc<DeviceContext>,
        values: &[Complex64],
        scale: f64,
    ) -> CkksResult<Plaintext> {
        self.encode_complex_at_level_on(device, values, scale, self.context.first_context_data())
    }

    /// [`CkksEncoder::encode_complex_on`] at `level` (a data level of this encoder's context).
    pub fn encode_complex_at_level_on(
        &self,
        device: &Arc<DeviceContext>,
        values: &[Complex64],
        scale: f64,
        level: &ContextData,
    ) -> CkksResult<Plaintext> {
        let mut one = self.encode_batches_on(device, &[values], scale, level)?;
        Ok(one.pop().expect("one plaintext per vector"))
    }

    /// [`CkksEncoder::encode_on`] of many vectors at one scale, at the first data level, in
    /// batches: one launch sequence (and one upload) for each run of up to 32 vectors, whose
    /// plaintexts are then copied apart on the device. The words are those
    /// [`CkksEncoder::encode_on`] gives each vector; an error names the vector refused, and no
    /// plaintext is returned then.
    ///
    /// ```
    /// use xehe::ckks::device::DeviceContext;
    /// use xehe::ckks::{CkksEncoder, Context, EncryptionParameters};
    /// use xehe::primes::SecurityLevel;
    /// use xehe::runtime::{open, BackendChoice, OpenOptions};
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[36, 36, 36])?, SecurityLevel::Tc128)?;
    /// let dev = DeviceContext::new(&ctx, open(&OpenOptions { backend: BackendChoice::CpuSim, ..Default::default() })?, 0)?;
    /// let enc = CkksEncoder::new(&ctx);
    /// let vectors = [vec![0.5, -1.25], vec![3.0], vec![]];
    /// let plains = enc.encode_many_on(&dev, &vectors, 2f64.powi(30))?;
    /// for (v, pt) in vectors.iter().zip(&plains) {
    ///     assert_eq!(pt.data()?, enc.encode(v, 2f64.powi(30))?.data()?);
    /// }
    /// let back = enc.decode_many_on(&dev, &plains)?;
    /// assert!((back[0][1] + 1.25).abs() < 1e-6 && back[2][0].abs() < 1e-6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn encode_many_on<V: AsRef<[f64]> + Sync>(
        &self,
        device: &Arc<DeviceContext>,
        values: &[V],
        scale: f64,
    ) -> CkksResult<Vec<Plaintext>> {
        self.encode_many_at_level_on(device, values, scale, self.context.first_context_data())
    }

    /// [`CkksEncoder::encode_many_on`] at `level` (a data level of this encoder's context).
    pub fn encode_many_at_level_on<V: AsRef<[f64]> + Sync>(
        &self,
        device: &Arc<DeviceContext>,
        values: &[V],
        scale: f64,
        level: &ContextData,
    ) -> CkksResult<Vec<Plaintext>> {
        self.encode_batches_on(device, values, scale, level)
    }

    /// [`CkksEncoder::encode_many_on`] of complex vectors.
    pub fn encode_complex_many_on<V: AsRef<[Complex64]> + Sync>(
        &self,
        device: &Arc<DeviceContext>,
        values: &[V],
        scale: f64,
    ) -> CkksResult<Vec<Plaintext>> {
        self.encode_complex_many_at_level_on(
            device,
            values,
            scale,
            self.context.first_context_data(),
        )
    }

    /// [`CkksEncoder::encode_complex_many_on`] at `level` (a data level of this encoder's
    /// context).
    pub fn encode_complex_many_at_level_on<V: AsRef<[Complex64]> + Sync>(
        &self,
        device: &Arc<DeviceContext>,
        values: &[V],
        scale: f64,
        level: &ContextData,
    ) -> CkksResult<Vec<Plaintext>> {
        self.encode_batches_on(device, values, scale, level)
    }

    /// Writes one vector's slots (at most the slot count: checked by the caller) as (re, im)
    /// words into `out` (zeros after them), after the checks the device encoder needs.
    fn slot_words<S: Slot>(
        &self,
        values: &[S],
        out: &mut [u64],
        scale: f64,
        level: &ContextData,
    ) -> CkksResult<()> {
        let mut max_norm_sqr = 0f64;
        for (j, (v, w)) in values.iter().zip(out.chunks_exact_mut(2)).enumerate() {
            let z = v.complex();
            if !(z.re.is_finite() && z.im.is_finite()) {
                return Err(CkksError::ValueTooLarge {
                    slot: j,
                    reason: "not a finite number".into(),
                });
            }
            max_norm_sqr = max_norm_sqr.max(z.norm_sqr());
            w[0] = z.re.to_bits();
            w[1] = z.im.to_bits();
        }
        out[2 * values.len()..].fill(0);
        // Every coefficient is (scale / n)·Σ a_j·(a root), so at most scale · max |z|; with room
        // for the transform's rounding, and one for the rounding to an integer.
        let max_abs = max_norm_sqr.sqrt();
        let bound = scale * max_abs * (1.0 + 1e-6) + 1.0;
        let bits = level.total_coeff_modulus_bit_count();
        let needed = bound.max(1.0).log2().ceil() as i64 + 1;
        if !bound.is_finite() || needed >= bits as i64 || bound >= level.half_modulus_f64() {
            return Err(CkksError::ValueTooLarge {
                slot: 0,
                reason: format!(
                    "scale · max |value| is {:e}: the device encoder needs it below half the \
                     level's modulus ({:e}, {bits} bits) before the transform; lower the scale \
                     or the values, or encode on the host, which checks the transform's result",
                    scale * max_abs,
                    level.half_modulus_f64()
                ),
            });
        }
        Ok(())
    }

    fn encode_batches_on<S: Slot, V: AsRef<[S]> + Sync>(
        &self,
        device: &Arc<DeviceContext>,
        values: &[V],
        scale: f64,
        level: &ContextData,
    ) -> CkksResult<Vec<Plaintext>> {
        if !device.serves(&self.context) {
            return Err(CkksError::ForeignParameters {
                what: "device context",
            });
        }
        let level = self.own_level(level)?;
        level.check_scale(scale)?;
        let set = device.for_level(level)?;
        for v in values {
            self.check_count(v.as_ref().len())?;
        }
        let tables = self.device.get_or_make(device, || {
            DeviceCopy::upload_u64(
                device,
                &encode::transform_table(&self.inv_root_powers, &self.index_map),
            )
        })?;
        let (n, l) = (self.n, level.coeff_modulus().len());
        let named = |b: usize, e: CkksError| match e {
            CkksError::ValueTooLarge { slot, reason } if values.len() > 1 => {
                CkksError::ValueTooLarge {
                    slot,
                    reason: format!("vector {b}: {reason}"),
                }
            }
            e => e,
        };
        let mut out = Vec::with_capacity(values.len());
        for (r, run) in values.chunks(DEVICE_BATCH).enumerate() {
            let k = run.len();
            // Each vector padded with zero slots to the longest (encoding zeros is what the
            // encoder does for slots not given), written straight into the words that travel,
            // a vector per core.
            let count = run.iter().map(|v| v.as_ref().len()).max().unwrap_or(0);
            let _op = device.backend().profiler().operation(if k == 1 {
                "encode"
            } else {
                "encode_batch"
            });
            // Written straight into the copy's pinned staging memory: on NVIDIA's OpenCL a
            // vector of its own and the copy into staging are a visible share of an encoding's
            // host time (examples/encode_host_costs.rs takes it apart).
            let words = (k * 2 * count).max(2);
            let vals = DeviceCopy::alloc_u64(device, words)?;
            let mut refused = None;
            device
                .backend()
                .write_with(&vals.buffer, 0, words, &mut |flat| {
                    let checked = flat
                        .par_chunks_mut((2 * count).max(1))
                        .zip(run.par_iter())
                        .enumerate()
                        .try_for_each(|(b, (words, v))| {
                            self.slot_words(v.as_ref(), words, scale, level)
                                .map_err(|e| named(r * DEVICE_BATCH + b, e))
                        });
                    checked.map_err(|e| refused = Some(e)).is_ok()
                })?;
            if let Some(e) = refused {
                return Err(e);
            }
            vals.wipe_on_drop();
            let plains = encode::encode(set, &tables, &vals, count, scale / n as f64, l, k)?;
            let copies = if k == 1 {
                vec![plains]
            } else {
                batch::scatter(set, &plains, BatchLayout::packed(k, l * n), true)?
            };
            for copy in copies {
                let mut pt = Plaintext::from_device(level.parms_id(), scale, n, l, Arc::new(copy));
                pt.storage.set_gpu(true);
                out.push(pt);
            }
        }
        Ok(out)
    }

    /// [`CkksEncoder::decode_complex`] on the device: the same values, bit for bit. The
    /// plaintext is uploaded if `device` does not hold it yet (a device decryption's result
    /// already is there); only the slots' values come back, 16 bytes a slot. The device's
    /// temporaries hold the message and are zeroed there before their buffers are recycled.
    ///
    /// ```
    /// use xehe::ckks::device::DeviceContext;
    /// use xehe::ckks::{CkksEncoder, Context, EncryptionParameters};
    /// use xehe::primes::SecurityLevel;
    /// use xehe::runtime::{open, BackendChoice, OpenOptions};
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[36, 36, 36])?, SecurityLevel::Tc128)?;
    /// let dev = DeviceContext::new(&ctx, open(&OpenOptions { backend: BackendChoice::CpuSim, ..Default::default() })?, 0)?;
    /// let enc = CkksEncoder::new(&ctx);
    /// let pt = enc.encode(&[0.5, -1.25, 3.0], 2f64.powi(30))?;
    /// assert_eq!(enc.decode_complex_on(&dev, &pt)?, enc.decode_complex(&pt)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn decode_complex_on(
        &self,
        device: &Arc<DeviceContext>,
        pt: &Plaintext,
    ) -> CkksResult<Vec<Complex64>> {
        let mut one = self.decode_batches_on(device, std::slice::from_ref(pt))?;
        Ok(one.pop().expect("one vector per plaintext"))
    }

    /// [`CkksEncoder::decode_complex_on`] of many plaintexts, in batches: one launch sequence
    /// for each run of up to 32 plaintexts of one level and scale (copied together on the
    /// device first), and one read of all their slots. The values are those
    /// [`CkksEncoder::decode_complex_on`] gives each plaintext, bit for bit.
    pub fn decode_complex_many_on(
        &self,
        device: &Arc<DeviceContext>,
        plains: &[Plaintext],
    ) -> CkksResult<Vec<Vec<Complex64>>> {
        self.decode_batches_on(device, plains)
    }

    /// [`CkksEncoder::decode_complex_many_on`], real parts (see [`CkksEncoder::encode_many_on`]
    /// for an example).
    pub fn decode_many_on(
        &self,
        device: &Arc<DeviceContext>,
        plains: &[Plaintext],
    ) -> CkksResult<Vec<Vec<f64>>> {
        Ok(self
            .decode_batches_on(device, plains)?
            .into_iter()
            .map(|v| v.into_iter().map(|z| z.re).collect())
            .collect())
    }

    fn decode_batches_on(
        &self,
        device: &Arc<DeviceContext>,
        plains: &[Plaintext],
    ) -> CkksResult<Vec<Vec<Complex64>>> {
        let context = &self.context;
        if !device.serves(context) {
            return Err(CkksError::ForeignParameters {
                what: "device context",
            });
        }
        // Host words are checked before they travel (on every core); words only a device
        // holds were made by this crate's kernels.
        let shapes = plains
            .par_iter()
            .map(|pt| {
                let level = crate::ckks::validate::plaintext_for_device(context, pt)?;
                Ok((level.chain_index(), pt.scale.to_bits()))
            })
            .collect::<CkksResult<Vec<_>>>()?;
        let n = self.n;
        let roots = self.device_roots.get_or_make(device, || {
            DeviceCopy::upload_u64(
                device,
                &encode::transform_table(&self.root_powers, &self.index_map),
            )
        })?;
        let mut out = Vec::with_capacity(plains.len());
        for run in batch::runs(&shapes, DEVICE_BATCH) {
            let ((chain_index, scale), k) = (shapes[run.start], run.len());
            let level = context
                .get_context_data(plains[run.start].parms_id)
                .expect("validated above");
            let (l, set) = (level.coeff_modulus().len(), device.for_level(level)?);
            let crt = self.device_crt[chain_index].get_or_make(device, || {
                let base = RnsBase::new(level.coeff_modulus())?;
                DeviceCopy::upload_u64(device, &decode::crt_table(&base))
            })?;
            let _op = device.backend().profiler().operation(if k == 1 {
                "decode"
            } else {
                "decode_batch"
            });
            let on = plains[run]
                .iter()
                .map(|pt| pt.storage.on(device))
                .collect::<CkksResult<Vec<_>>>()?;
            let gathered = if k == 1 {
                None
            } else {
                let items: Vec<&DeviceCopy> = on.iter().map(|c| c.as_ref()).collect();
                Some(batch::gather(
                    set,
                    &items,
                    BatchLayout::packed(k, l * n),
                    true,
                )?)
            };
            let words = decode::decode(
                set,
                &roots,
                &crt,
                gathered.as_ref().unwrap_or(&on[0]),
                l,
                1.0 / f64::from_bits(scale),
                k,
            )?;
            out.extend(words.chunks_exact(n).map(|v| {
                v.chunks_exact(2)
                    .map(|c| Complex64::new(f64::from_bits(c[0]), f64::from_bits(c[1])))
                    .collect()
            }));
        }
        Ok(out)
    }

    /// [`CkksEncoder::decode`] on the device (see [`CkksEncoder::decode_complex_on`]).
    pub fn decode_on(&self, device: &Arc<DeviceContext>, pt: &Plaintext) -> CkksResult<Vec<f64>> {
        Ok(self
            .decode_complex_on(device, pt)?
            .into_iter()
            .map(|z| z.re)
            .collect())
    }
}
