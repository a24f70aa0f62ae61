//! Sparse-secret encapsulation (Bossuat, Troncoso-Pastoriza, Hubaux, ACNS 2022): the user keeps
//! a dense ternary secret s, and only ModRaise sees a sparse secret s'. The base-level
//! ciphertext is switched from s to s' with a key over q0 and the first special prime p0 only
//! (as Lattigo and Cheddar make it): the sparse key lives at log2(q0·p0) bits (50 + 60 = 110
//! for n16 and for the insecure test presets), whatever the count K of special
//! primes; over q0·P it would be 50 + 7·60 = 470 bits for n16, where a sparse-secret RLWE
//! sample is not safe. The switch runs in the companion context of the primes [q0, p0] with p0
//! as its one special prime (SEAL's one-special-prime key switching: the one digit q0 extended
//! to p0, multiplied by the key, divided by p0 with p0's own constants), on the host or on the
//! ciphertext's device with the words moved between the two contexts on the device. The
//! result is raised and switched back to s at once with a key over the whole chain (an
//! encryption under s, as safe as every other key of s). ModRaise's integer I then grows with
//! s''s small weight, so EvalMod's range K stays small.

use super::preset::{BootstrapPreset, SecretForm};
use crate::ckks::ciphertext::Ciphertext;
use crate::ckks::context::Context;
use crate::ckks::device::keyswitch::{self as device_keyswitch, AddTo, SwitchKey};
use crate::ckks::device::{ops, DeviceContext};
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::evaluator::Evaluator;
use crate::ckks::keys::KeyGenerator;
use crate::ckks::keyswitch::KSwitchKeys;
use crate::ckks::params::EncryptionParameters;
use crate::ckks::reference::keyswitch as host_keyswitch;
use crate::ckks::validate;
use crate::primes::SecurityLevel;
use crate::runtime::toolkit::lock;
use std::sync::{Arc, Mutex};

/// The two switching keys of the encapsulation. The sparse secret itself is not kept: it is
/// drawn, used for these keys and wiped inside [`EncapsulationKeys::generate`].
#[derive(Clone, Debug)]
pub struct EncapsulationKeys {
    /// From the user's secret s to the sparse s', over q0 and the first special prime p0 only
    /// ([`KeyGenerator::create_sparse_switching_keys`]: components `[2][2][n]`, the q0 row and
    /// the p0 row; its parms_id is the base level's), so the sparse key lives at
    /// log2(q0·p0) bits.
    pub to_sparse: KSwitchKeys,
    /// From s' back to s, over every prime of the key level.
    pub to_dense: KSwitchKeys,
    /// The context of the primes [q0, p0], p0 its one special prime: `to_sparse` switches there.
    base: Context,
    /// That context on the devices it has served, one per tile (made at first use there).
    devices: Arc<Mutex<Vec<Arc<DeviceContext>>>>,
}

/// The context of `context`'s base prime q0 and first special prime p0, p0 its one special
/// prime: its data level is `context`'s base level (the same primes, so the same parms_id).
fn base_companion(context: &Context) -> CkksResult<Context> {
    if !context.using_keyswitching() {
        return Err(CkksError::NoSpecialPrime);
    }
    let key = context.key_context_data();
    let q = key.coeff_modulus();
    let p0 = q[q.len() - context.special_prime_count()];
    let parms = EncryptionParameters::new(key.parms().poly_modulus_degree(), vec![q[0], p0])
        .with_special_primes(1);
    // A sample at log2(q0·p0) bits, far below every bound the security levels set.
    Context::new(&parms, SecurityLevel::None)
}

impl EncapsulationKeys {
    /// Draws a sparse secret of `hamming_weight` from `keygen`'s randomness and makes both
    /// keys; the sparse secret is wiped before this returns.
    pub fn generate(keygen: &mut KeyGenerator<'_>, hamming_weight: usize) -> CkksResult<Self> {
        let base = base_companion(keygen.context)?;
        let mut sparse = keygen.sparse_companion(hamming_weight)?;
        let to_sparse = sparse.create_sparse_switching_keys(keygen.secret_key())?;
        let to_dense = keygen.create_switching_keys(sparse.secret_key())?;
        Ok(EncapsulationKeys {
            to_sparse,
            to_dense,
            base,
            devices: Arc::default(),
        })
    }

    /// Encapsulation keys of `context` from keys made elsewhere (`to_sparse` by
    /// [`KeyGenerator::create_sparse_switching_keys`], `to_dense` by
    /// [`KeyGenerator::create_switching_keys`]); bootstrapping checks them.
    pub fn new(
        context: &Context,
        to_sparse: KSwitchKeys,
        to_dense: KSwitchKeys,
    ) -> CkksResult<Self> {
        Ok(EncapsulationKeys {
            to_sparse,
            to_dense,
            base: base_companion(context)?,
            devices: Arc::default(),
        })
    }

    /// Refuses keys that cannot serve `context`: `to_sparse` made anywhere but the base level
    /// or over more special primes than p0 (a sparse-secret key over more primes must not
    /// exist), `to_dense` not over the chain.
    pub(crate) fn check(&self, context: &Context) -> CkksResult<()> {
        let base = context.last_context_data();
        if self.to_sparse.parms_id() != base.parms_id() {
            return Err(CkksError::InvalidBootstrap {
                reason: "the key to the sparse secret must be made at the base level (KeyGenerator::create_sparse_switching_keys): a sparse-secret key over more primes is not secure".into(),
            });
        }
        let rows = self.to_sparse.rows();
        if rows != base.coeff_modulus().len() + 1 {
            return Err(CkksError::InvalidBootstrap {
                reason: format!(
                    "the key to the sparse secret has {rows} rows where q0 and p0 make 2 (KeyGenerator::create_sparse_switching_keys): a sparse-secret key over more special primes is not secure"
                ),
            });
        }
        if base_companion(context)?.key_context_data().coeff_modulus()
            != self.base.key_context_data().coeff_modulus()
        {
            return Err(CkksError::ForeignParameters {
                what: "encapsulation keys",
            });
        }
        validate::switching_keys_at(&self.base, &self.to_sparse, 1)?;
        let top = context.first_context_data().coeff_modulus().len();
        validate::switching_keys_at(context, &self.to_dense, top)
    }

    /// `base` (at the base level, under s) switched to the sparse secret s' with `to_sparse`:
    /// SEAL's key switching with the one special prime p0 in the companion context of
    /// [q0, p0], on `eval`'s device for a device ciphertext (the result stays there) and on
    /// the host otherwise, the same words either way.
    pub fn switch_to_sparse(
        &self,
        eval: &Evaluator<'_>,
        base: &Ciphertext,
    ) -> CkksResult<Ciphertext> {
        let level = eval.context().last_context_data();
        if base.parms_id() != level.parms_id() {
            return Err(CkksError::InvalidBootstrap {
                reason: "the switch to the sparse secret takes a ciphertext at the base level"
                    .into(),
            });
        }
        validate::sizes("switch_to_sparse", 2, &[base])?;
        validate::switching_keys_at(&self.base, &self.to_sparse, 1)?;
        if !base.is_gpu() {
            return host_keyswitch::switch_key(&self.base, base, &self.to_sparse);
        }
        let Some(d) = eval.device() else {
            return Err(CkksError::NoDevice { what: "ciphertext" });
        };
        let _op = d.backend().profiler().operation("switch_to_sparse");
        let companion = self.on(d)?;
        let x = base.storage.on(d)?;
        let key = self.to_sparse.on(&companion)?;
        let out = device_keyswitch::switch_key(
            &companion,
            SwitchKey {
                ct: &x.buffer,
                target: 1,
                key: &key,
                key_rns: self.to_sparse.rows(),
                add_to: AddTo::First,
                level: 1,
            },
        )?;
        // Back into a buffer of `eval`'s device context (same backend and tile: a device copy).
        let back = ops::truncate(d, &out, 2, 1, 1)?;
        Ok(Ciphertext::from_device(
            base.parms_id(),
            base.scale,
            base.n,
            1,
            2,
            Arc::new(back),
        ))
    }

    /// Puts both keys on `eval`'s device now rather than at the first bootstrap: the key back
    /// to the dense secret with [`Evaluator::upload_keys`]' memory check, the key to the sparse
    /// secret (two digits over q0·p0, a few MB) in its companion context there. Nothing
    /// without a device.
    pub fn upload(&self, eval: &Evaluator<'_>) -> CkksResult<()> {
        let Some(d) = eval.device() else {
            return Ok(());
        };
        self.check_for(eval)?;
        eval.upload_switching_keys(&[&self.to_dense])?;
        self.to_sparse.on(&self.on(d)?)?;
        Ok(())
    }

    /// Both keys belong to `eval`'s context.
    pub(crate) fn check_for(&self, eval: &Evaluator<'_>) -> CkksResult<()> {
        self.check(eval.context())?;
        validate::switching_keys_at(&self.base, &self.to_sparse, 1)
    }

    /// The companion context on `d`'s backend and tile (uploaded at first use there).
    fn on(&self, d: &Arc<DeviceContext>) -> CkksResult<Arc<DeviceContext>> {
        let mut devices = lock(&self.devices);
        let same = |c: &&Arc<DeviceContext>| {
            c.tile() == d.tile()
                && std::ptr::addr_eq(Arc::as_ptr(c.backend()), Arc::as_ptr(d.backend()))
        };
        if let Some(c) = devices.iter().find(same) {
            return Ok(c.clone());
        }
        let c = DeviceContext::new(&self.base, d.backend().clone(), d.tile())?;
        devices.push(c.clone());
        Ok(c)
    }

    /// `base` (at the base level, under s) raised to the first data level under s, through s'.
    pub(crate) fn mod_raise(
        &self,
        eval: &Evaluator<'_>,
        base: &Ciphertext,
    ) -> CkksResult<Ciphertext> {
        let sparse = self.switch_to_sparse(eval, base)?;
        let raised = eval.mod_raise(&sparse)?;
        eval.switch_key(&raised, &self.to_dense)
    }
}

/// The encapsulation keys a preset needs from `keygen`: both keys for a dense secret; none for
/// a sparse one, whose weight is checked (a dense secret there would make ModRaise's I exceed
/// EvalMod's range, a wrong result rather than an error).
pub(crate) fn keys_for(
    keygen: &mut KeyGenerator<'_>,
    preset: &BootstrapPreset,
) -> CkksResult<Option<EncapsulationKeys>> {
    match preset.secret {
        SecretForm::DenseEncapsulated => Ok(Some(EncapsulationKeys::generate(
            keygen,
            preset.hamming_weight,
        )?)),
        SecretForm::Sparse => {
            let weight = keygen.secret_weight()?;
            if weight > preset.hamming_weight {
                return Err(CkksError::InvalidBootstrap {
                    reason: format!(
                        "preset {} works under the user's sparse secret of weight {}, and this secret has {weight} nonzero coefficients: use KeyGenerator::new_sparse",
                        preset.name, preset.hamming_weight
                    ),
                });
            }
            Ok(None)
        }
    }
}
