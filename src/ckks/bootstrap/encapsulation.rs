//! Sparse-secret encapsulation (Bossuat, Troncoso-Pastoriza, Hubaux, ACNS 2022): the user keeps
//! a dense ternary secret s, and only ModRaise sees a sparse secret s'. The base-level
//! ciphertext is switched from s to s' with a key over q0·P (the only modulus at which a
//! sparse-secret RLWE sample is safe), raised, and switched back to s at once with a key over
//! the whole chain (an encryption under s, as safe as every other key of s). ModRaise's integer
//! I then grows with s''s small weight, so EvalMod's range K stays small.

use super::preset::{BootstrapPreset, SecretForm};
use crate::ckks::ciphertext::Ciphertext;
use crate::ckks::context::Context;
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::evaluator::Evaluator;
use crate::ckks::keys::KeyGenerator;
use crate::ckks::keyswitch::KSwitchKeys;
use crate::ckks::validate;

/// The two switching keys of the encapsulation. The sparse secret itself is not kept: it is
/// drawn, used for these keys and wiped inside [`EncapsulationKeys::generate`].
#[derive(Clone, Debug)]
pub struct EncapsulationKeys {
    /// From the user's secret s to the sparse s', over q0 and the special primes only (its
    /// parms_id is the base level's).
    pub to_sparse: KSwitchKeys,
    /// From s' back to s, over every prime of the key level.
    pub to_dense: KSwitchKeys,
}

impl EncapsulationKeys {
    /// Draws a sparse secret of `hamming_weight` from `keygen`'s randomness and makes both
    /// keys; the sparse secret is wiped before this returns.
    pub fn generate(keygen: &mut KeyGenerator<'_>, hamming_weight: usize) -> CkksResult<Self> {
        let mut sparse = keygen.sparse_companion(hamming_weight)?;
        let to_sparse = sparse.create_base_switching_keys(keygen.secret_key())?;
        let to_dense = keygen.create_switching_keys(sparse.secret_key())?;
        Ok(EncapsulationKeys {
            to_sparse,
            to_dense,
        })
    }

    /// Refuses keys that cannot serve `context`: `to_sparse` made anywhere but the base level
    /// (a sparse-secret key over more primes must not exist), `to_dense` not over the chain.
    pub(crate) fn check(&self, context: &Context) -> CkksResult<()> {
        let base = context.last_context_data();
        if self.to_sparse.parms_id() != base.parms_id() {
            return Err(CkksError::InvalidBootstrap {
                reason: "the key to the sparse secret must be made at the base level (KeyGenerator::create_base_switching_keys): a sparse-secret key over more primes is not secure".into(),
            });
        }
        validate::switching_keys_at(context, &self.to_sparse, base.coeff_modulus().len())?;
        let top = context.first_context_data().coeff_modulus().len();
        validate::switching_keys_at(context, &self.to_dense, top)
    }

    /// `base` (at the base level, under s) raised to the first data level under s, through s'.
    pub(crate) fn mod_raise(
        &self,
        eval: &Evaluator<'_>,
        base: &Ciphertext,
    ) -> CkksResult<Ciphertext> {
        let sparse = eval.switch_key(base, &self.to_sparse)?;
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
