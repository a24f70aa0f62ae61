//! Key-switching keys (`KSwitchKeys`) and relinearization keys, the key-switching keys of s²:
//! their generation from the secret key. Key switching itself is the host reference's
//! (`ckks::reference`) and the device's (`ckks::device::keyswitch`).
#![warn(missing_docs)]
use super::device::copy::{DeviceCopy, DeviceSlots};
use super::device::keyswitch as device_keyswitch;
use super::device::DeviceContext;
use super::keys::{encrypt_zero_over, KeyGenerator, SecretKey, SecretRng};
use super::prng::PrngInfo;
use crate::arith::Modulus;
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::params::ParmsId;
use crate::ntt::NttTables;
use rayon::prelude::*;
use std::sync::Arc;
use zeroize::Zeroizing;

/// Key-switching keys from some s' to the secret s: component j is
/// (−a_j·s + e_j + P·s'·δ_j, a_j) over every prime of the key level (or, for keys made at a
/// lower level, that level's primes and the special primes), NTT form, `[2][rows][coeff]`, where P is the product of the special primes and δ_j is 1 modulo the
/// primes of digit j and 0 modulo the others (one component per data prime with one special
/// prime, as SEAL; ⌈L / K⌉ with K).
///
/// Thread safety: `Send + Sync`; immutable once made; one device copy per tile, made under a lock at first use there.
#[derive(Clone, Debug)]
pub struct KSwitchKeys {
    pub(crate) parms_id: ParmsId,
    pub(crate) n: usize,
    pub(crate) keys: Vec<Vec<u64>>,
    /// Per component, the seed its `a` was drawn from while it is that draw (SEAL's seeded
    /// form when saved).
    pub(crate) seeds: Vec<Option<PrngInfo>>,
    /// The copy on a device, in key-switch order (uploaded at first device use).
    pub(crate) device: DeviceSlots,
}

impl KSwitchKeys {
    /// The level whose data primes the keys cover with the special primes: the key level for
    /// keys over the whole chain (relinearization, Galois keys), the base level for
    /// [`KeyGenerator::create_base_switching_keys`].
    pub fn parms_id(&self) -> ParmsId {
        self.parms_id
    }

    /// Rows of each component's polynomials: the data primes covered, then the special primes.
    pub(crate) fn rows(&self) -> usize {
        self.keys
            .first()
            .map_or(0, |k| k.len() / (2 * self.n.max(1)))
    }
    /// The degree N.
    pub fn n(&self) -> usize {
        self.n
    }
    /// Component j: a size-2 ciphertext `[2][rows][coeff]` in NTT form over the primes of
    /// [`KSwitchKeys::parms_id`]'s level and the special primes (SEAL's layout; for keys at the
    /// key level, every prime of it).
    pub fn components(&self) -> impl Iterator<Item = &[u64]> {
        self.keys.iter().map(|k| k.as_slice())
    }

    /// The keys on `ctx`'s tile in the device's key-switch order (uploaded at first use there
    /// and kept with the keys).
    pub(crate) fn on(&self, ctx: &Arc<DeviceContext>) -> CkksResult<Arc<DeviceCopy>> {
        self.device.get_or_make(ctx, || {
            DeviceCopy::upload(ctx, &device_keyswitch::key_words(ctx, &self.keys))
        })
    }
}

impl RelinKeys {
    /// The key-switching keys from s² to s.
    pub fn key(&self) -> &KSwitchKeys {
        &self.0
    }
}

/// Relinearization keys: key-switching keys from s² to s.
///
/// Thread safety: `Send + Sync` (see [`KSwitchKeys`]).
#[derive(Clone, Debug)]
pub struct RelinKeys(pub(crate) KSwitchKeys);

impl KeyGenerator<'_> {
    /// Relinearization keys (SEAL's `create_relin_keys`); they need a special prime: more than
    /// one prime in the chain ([`CkksError::NoSpecialPrime`] otherwise).
    pub fn create_relin_keys(&mut self) -> CkksResult<RelinKeys> {
        let key = self.context.key_context_data();
        let n = key.parms().poly_modulus_degree();
        let s = &self.secret.data;
        // s² is as secret as s: wiped when dropped (filled in place, no reallocation).
        let mut s2 = Zeroizing::new(vec![0u64; s.len()]);
        for (i, (o, &x)) in s2.iter_mut().zip(s).enumerate() {
            *o = key.coeff_modulus()[i / n].mul_mod(x, x);
        }
        Ok(RelinKeys(self.create_kswitch_keys(&s2)?))
    }

    /// Key-switching keys from `from`, another secret of this context, to this generator's
    /// secret, over every prime of the key level: they switch a ciphertext at any level.
    ///
    /// ```
    /// use xehe::ckks::{CkksEncoder, Context, Decryptor, EncryptionParameters, Encryptor, Evaluator, KeyGenerator};
    /// use xehe::primes::SecurityLevel;
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[30, 30, 40])?, SecurityLevel::Tc128)?;
    /// let (mut a, mut b) = (KeyGenerator::new(&ctx), KeyGenerator::new(&ctx));
    /// let a_to_b = b.create_switching_keys(a.secret_key())?;
    /// let enc = CkksEncoder::new(&ctx);
    /// let ct = Encryptor::new(&ctx, &a.create_public_key())?.encrypt(&enc.encode(&[0.5], 2f64.powi(25))?)?;
    /// let under_b = Evaluator::new(&ctx).switch_key(&ct, &a_to_b)?;
    /// let back = enc.decode(&Decryptor::new(&ctx, b.secret_key())?.decrypt(&under_b)?)?;
    /// assert!((back[0] - 0.5).abs() < 1e-3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn create_switching_keys(&mut self, from: &SecretKey) -> CkksResult<KSwitchKeys> {
        self.check_same_context(from)?;
        self.create_kswitch_keys(&from.data)
    }

    /// Key-switching keys from `from` to this generator's secret over the base prime q0 and
    /// the special primes only ([`Context::last_context_data`]'s level): they switch
    /// ciphertexts at the base level and nowhere else. An RLWE sample is only as strong as its
    /// modulus and secret allow: a key under a sparse secret belongs at the smallest modulus
    /// that can switch, q0·p0 ([`KeyGenerator::create_sparse_switching_keys`]), not q0·P.
    ///
    /// [`Context::last_context_data`]: crate::ckks::Context::last_context_data
    pub fn create_base_switching_keys(&mut self, from: &SecretKey) -> CkksResult<KSwitchKeys> {
        self.check_same_context(from)?;
        let base = self.context.last_context_data();
        let specials = self.context.special_prime_count();
        self.kswitch_keys_over(
            &from.data,
            base.coeff_modulus().len(),
            specials,
            base.parms_id(),
        )
    }

    /// Key-switching keys from `from` to this generator's secret over the base prime q0 and
    /// the first special prime p0 only (each component `[2][2][n]`: the q0 row, then the p0
    /// row), named by the base level: the key of sparse-secret encapsulation, at the modulus
    /// log2(q0·p0) whatever the context's count of special primes. Such a key switches in the
    /// companion context of the primes [q0, p0] with p0 as its one special prime (SEAL's
    /// one-special-prime key switching: the one digit q0 extended to p0, the division by p0
    /// alone), which [`EncapsulationKeys`] keeps; the context's own key switching, with all K
    /// special primes, refuses it.
    ///
    /// [`EncapsulationKeys`]: crate::ckks::bootstrap::EncapsulationKeys
    pub fn create_sparse_switching_keys(&mut self, from: &SecretKey) -> CkksResult<KSwitchKeys> {
        self.check_same_context(from)?;
        let base = self.context.last_context_data();
        self.kswitch_keys_over(&from.data, base.coeff_modulus().len(), 1, base.parms_id())
    }

    fn check_same_context(&self, other: &SecretKey) -> CkksResult<()> {
        if other.parms_id != self.secret.parms_id || other.data.len() != self.secret.data.len() {
            return Err(CkksError::ForeignParameters {
                what: "secret key to switch from",
            });
        }
        Ok(())
    }

    /// Key-switching keys from `new_key` (`[rns][coeff]`, NTT form at the key level) to s.
    pub(crate) fn create_kswitch_keys(&mut self, new_key: &[u64]) -> CkksResult<KSwitchKeys> {
        let data = self.context.key_data_prime_count();
        let id = self.context.key_context_data().parms_id();
        let specials = self.context.special_prime_count();
        self.kswitch_keys_over(new_key, data, specials, id)
    }

    /// Key-switching keys from `new_key` to s over the first `data` primes and the first
    /// `special` special primes, named `parms_id`: each component `[2][data + special][coeff]`,
    /// the special factor the product of those special primes. Digits are the context's for
    /// `data` primes, which is one digit where `special` is below K only at `data` = 1.
    fn kswitch_keys_over(
        &mut self,
        new_key: &[u64],
        data: usize,
        special: usize,
        parms_id: ParmsId,
    ) -> CkksResult<KSwitchKeys> {
        let context = self.context;
        if !context.using_keyswitching() {
            return Err(CkksError::NoSpecialPrime);
        }
        let k = context.special_prime_count();
        if special == 0 || special > k || (special < k && data != 1) {
            return Err(CkksError::InvalidBootstrap {
                reason: format!(
                    "a key over {data} data primes and {special} of the {k} special primes"
                ),
            });
        }
        let key = context.key_context_data();
        let q = key.coeff_modulus();
        let n = key.parms().poly_modulus_degree();
        let kr = q.len();
        let rows: Vec<usize> = (0..data).chain(kr - k..kr - k + special).collect();
        let row_q: Vec<Modulus> = rows.iter().map(|&i| q[i]).collect();
        let tables: Vec<&NttTables> = rows.iter().map(|&i| &key.ntt_tables()[i]).collect();
        let specials = &q[kr - k..kr - k + special];
        let digits = context.decomposition_digits(data);
        // The secret's rows over the key's primes, as secret as the secret: wiped when dropped.
        let mut secret = Zeroizing::new(Vec::with_capacity(rows.len() * n));
        for &i in &rows {
            secret.extend_from_slice(&self.secret.data[i * n..(i + 1) * n]);
        }
        // One seed per component from this generator's randomness, then the components in
        // parallel, each from its own generator (wiped when dropped, as the seeds are).
        let component_seeds = self.draw(|rng| rng.seeds(digits));
        let (keys, seeds) = (0..digits)
            .into_par_iter()
            .map(|j| {
                let mut rng = SecretRng::from_seed(component_seeds[j]);
                let (mut k, seed) = encrypt_zero_over(&mut rng, n, &row_q, &tables, &secret);
                // The digit's primes are among the first `data` rows, at their own index.
                for i in context.digit_primes(j, data) {
                    let m = &q[i];
                    let p_mod = specials
                        .iter()
                        .fold(1u64, |acc, p| m.mul_mod(acc, m.reduce(p.value())));
                    for c in 0..n {
                        let w = i * n + c;
                        k[w] = m.add_mod(k[w], m.mul_mod(new_key[w], p_mod));
                    }
                }
                (k, Some(seed))
            })
            .unzip();
        Ok(KSwitchKeys {
            parms_id,
            n,
            keys,
            seeds,
            device: DeviceSlots::default(),
        })
    }
}
