//! Key-switching keys (`KSwitchKeys`) and relinearization keys, the key-switching keys of s²:
//! their generation from the secret key. Key switching itself is the host reference's
//! (`ckks::reference`) and the device's (`ckks::device::keyswitch`).
#![warn(missing_docs)]
use super::device::copy::{DeviceCopy, DeviceSlots};
use super::device::keyswitch as device_keyswitch;
use super::device::DeviceContext;
use super::keys::{encrypt_zero_symmetric, KeyGenerator, SecretRng};
use super::prng::PrngInfo;
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::params::ParmsId;
use rayon::prelude::*;
use std::sync::Arc;
use zeroize::Zeroizing;

/// Key-switching keys from some s' to the secret s: component j is
/// (−a_j·s + e_j + P·s'·δ_j, a_j) over every prime of the key level, NTT form,
/// `[2][key_rns][coeff]`, where P is the product of the special primes and δ_j is 1 modulo the
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
    /// The key level's parms_id.
    pub fn parms_id(&self) -> ParmsId {
        self.parms_id
    }
    /// The degree N.
    pub fn n(&self) -> usize {
        self.n
    }
    /// Component j: a size-2 ciphertext `[2][key_rns][coeff]` in NTT form at the key level
    /// (SEAL's layout).
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

    /// Key-switching keys from `new_key` (`[rns][coeff]`, NTT form at the key level) to s.
    pub(crate) fn create_kswitch_keys(&mut self, new_key: &[u64]) -> CkksResult<KSwitchKeys> {
        let context = self.context;
        if !context.using_keyswitching() {
            return Err(CkksError::NoSpecialPrime);
        }
        let key = context.key_context_data();
        let q = key.coeff_modulus();
        let n = key.parms().poly_modulus_degree();
        let data = context.first_context_data().coeff_modulus().len();
        let specials = &q[data..];
        let digits = context.decomposition_digits(data);
        let secret = std::mem::take(&mut self.secret.data);
        // One seed per component from this generator's randomness, then the components in
        // parallel, each from its own generator (wiped when dropped, as the seeds are).
        let component_seeds = self.draw(|rng| rng.seeds(digits));
        let (keys, seeds) = (0..digits)
            .into_par_iter()
            .map(|j| {
                let mut rng = SecretRng::from_seed(component_seeds[j]);
                let (mut k, seed) = encrypt_zero_symmetric(&mut rng, key, &secret);
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
        self.secret.data = secret;
        Ok(KSwitchKeys {
            parms_id: key.parms_id(),
            n,
            keys,
            seeds,
            device: DeviceSlots::default(),
        })
    }
}
