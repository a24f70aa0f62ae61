//! Moving ciphertexts between the SEAL tier (64-bit words, SEAL's chain and files) and the
//! 32-bit tier ([`Context::from_family`]) under one secret, so that a SEAL or TenSEAL client's
//! ciphertexts can be evaluated on the fast tier and returned as SEAL files.
//!
//! **The operation.** A ciphertext (c0, c1) over the source level's modulus Q becomes
//! c'_i = ⌊Q'·c̃_i/Q⌉ over the target level's modulus Q', with c̃_i the centred representative:
//! inverse NTT, [`RationalRescale`] from the source level's primes to the target level's (every
//! source prime dropped, every target prime restored), forward NTT. Primes the two levels share
//! cancel from Q'/Q, so they may share some.
//!
//! **The scale.** If c0 + c1·s = Δ·m + e + k·Q, then c'0 + c'1·s = (Q'/Q)·(Δ·m + e) + k·Q' +
//! ε0 + ε1·s, so the message keeps its value at the scale Δ' = Δ·Q'/Q, which the result
//! carries (Q'/Q rounded to a double). Δ' is refused below [`MIN_SWITCHED_SCALE`] (2^20) and
//! where it breaks the target level's bound (⌊log2 Δ'⌋ + 1 below its modulus bits,
//! [`ContextData::check_scale`]); as Δ/Q is kept, only a source scale at the top of its own
//! level's bound can meet the latter. The caller picks the target level: one whose modulus is
//! about the source's gives Δ' ≈ Δ, and a level's default scale
//! ([`Context::default_scale`]) is then reached with one constant multiplication.
//!
//! **Rounding: [`RescaleRounding::Exact`].** Its error per coefficient is |ε_i| ≤ 1/2 whatever
//! the primes. The fast form's grows with the number of dropped primes (a SEAL level's 2 to 64),
//! to several units (range [c − k + 1/2, c + 1/2], c = ⌊(k − 1)/2⌋ for k dropped primes). That
//! enters the noise multiplied by s. Exactness costs one fixed-point quotient per coefficient
//! on the host, against the two NTTs per row the switch spends anyway.
//!
//! **Noise.** The switch adds ε0 + ε1·s: per coefficient at most (1 + ‖s‖₁)/2 (a product's
//! coefficient is a signed sum of ‖s‖₁ coefficients of ε1); in each slot at most N times that
//! over Δ', at most N·(N + 1)/(2·Δ') for any ternary secret. Typically it is far smaller, about
//! √((1 + ‖s‖₁)/12) per coefficient. The source noise e becomes (Q'/Q)·e, the same in the slots.
//! Both directions behave alike.
//!
//! **Keys.** The tier-32 context needs keys of the same secret:
//! [`TierSwitch::secret_key_to_tier32`] re-expresses the ternary s over the tier-32 key level,
//! and [`KeyGenerator::from_secret_key`](crate::ckks::KeyGenerator::from_secret_key) makes its
//! public, relinearization and Galois keys.
//!
//! ```
//! use xehe::ckks::tier_switch::TierSwitch;
//! use xehe::ckks::{CkksEncoder, Context, Decryptor, EncryptionParameters, Encryptor, KeyGenerator};
//! use xehe::primes::{FamilyPreset, SecurityLevel};
//! let seal = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[50, 40, 40, 60])?, SecurityLevel::None)?;
//! let tier32 = Context::from_family(&FamilyPreset::InsecureN12W32.family()?, SecurityLevel::None)?;
//! let switch = TierSwitch::new(&seal, &tier32)?;
//! let kg = KeyGenerator::new(&seal);
//! let ct = Encryptor::symmetric(&seal, kg.secret_key())?
//!     .encrypt(&CkksEncoder::new(&seal).encode(&[0.5, -0.25], 2f64.powi(40))?)?;
//! // The SEAL level holds 130 bits, the tier-32 level 2 about as many: Δ' stays near 2^40.
//! let ct32 = switch.to_tier32(&ct, 2)?;
//! assert!((ct32.scale().log2() - 40.0).abs() < 1.0);
//! let sk32 = switch.secret_key_to_tier32(kg.secret_key())?;
//! let enc32 = CkksEncoder::new(&tier32);
//! let v = enc32.decode(&Decryptor::new(&tier32, &sk32)?.decrypt(&ct32)?)?;
//! assert!((v[0] - 0.5).abs() < 1e-4 && (v[1] + 0.25).abs() < 1e-4);
//! // (The switch adds at most N·(N + 1)/(2·Δ') ≈ 2^-17 to a slot, for any key.)
//! // And back to the SEAL level of 130 bits.
//! let back = switch.to_seal(&ct32, 2)?;
//! let w = CkksEncoder::new(&seal).decode(&Decryptor::new(&seal, kg.secret_key())?.decrypt(&back)?)?;
//! assert!((w[0] - 0.5).abs() < 1e-4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![warn(missing_docs)]

use crate::ckks::ciphertext::Ciphertext;
use crate::ckks::context::{quotient_f64, Context, ContextData};
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::keys::{to_ntt, SecretKey};
use crate::ckks::reference::rational_rescale_ntt;
use crate::ckks::validate;
use crate::rns::{RationalRescale, RescaleRounding};
use rayon::prelude::*;
use zeroize::Zeroizing;

/// The smallest scale a switched ciphertext may carry: 2^20. The switch's rounding puts about
/// √(N·(1 + ‖s‖₁)/12) into each slot (2^10 at N = 2^12, 2^14 at 2^16 for a dense ternary
/// secret), so at 2^20 a slot keeps only 6 to 10 bits; below it, fewer. Aim for 2^40.
pub const MIN_SWITCHED_SCALE: f64 = 1048576.0;

/// Converts ciphertexts and the secret key between a SEAL-tier context and a 32-bit-tier
/// context of the same degree (see the module documentation for the operation, its scale and
/// its noise).
///
/// Thread safety: `Send + Sync`; immutable, it holds clones of both contexts.
#[derive(Clone, Debug)]
pub struct TierSwitch {
    seal: Context,
    tier32: Context,
}

impl TierSwitch {
    /// A converter between `seal`, a SEAL-tier context ([`Context::new`]), and `tier32`, a
    /// 32-bit-tier one ([`Context::from_family`]) of the same degree N. Refused with
    /// [`CkksError::InvalidTierSwitch`]: a 32-bit-tier context as `seal`, a SEAL-tier context
    /// as `tier32`, or two degrees.
    pub fn new(seal: &Context, tier32: &Context) -> CkksResult<Self> {
        let refuse = |reason: String| Err(CkksError::InvalidTierSwitch { reason });
        if seal.is_tier32() {
            return refuse(
                "the first context is a 32-bit-tier chain: give the SEAL-tier context (Context::new) first and the 32-bit-tier one (Context::from_family) second".into(),
            );
        }
        if !tier32.is_tier32() {
            return refuse(
                "the second context is a SEAL-tier chain: give a 32-bit-tier context (Context::from_family) second".into(),
            );
        }
        let (n, n32) = (degree(seal), degree(tier32));
        if n != n32 {
            return refuse(format!(
                "the SEAL-tier context has N = {n}, the 32-bit-tier one N = {n32}: build both with one degree"
            ));
        }
        Ok(TierSwitch {
            seal: seal.clone(),
            tier32: tier32.clone(),
        })
    }

    /// The SEAL-tier context.
    pub fn seal(&self) -> &Context {
        &self.seal
    }

    /// The 32-bit-tier context.
    pub fn tier32(&self) -> &Context {
        &self.tier32
    }

    /// `ct`, a ciphertext of size 2 at a data level of the SEAL-tier context, switched to the
    /// 32-bit tier's data level at `chain_index`, with the scale Δ·Q'/Q.
    ///
    /// Errors: a ciphertext of another context ([`CkksError::ForeignParameters`]), at the key
    /// level ([`CkksError::KeyLevel`]), of another shape or with words not reduced
    /// ([`CkksError::WrongSize`], [`CkksError::NotReduced`]), of size 3 (relinearize first:
    /// [`CkksError::WrongCiphertextSize`]); a `chain_index` that is not a data level
    /// ([`CkksError::InvalidTierSwitch`]); a switched scale below [`MIN_SWITCHED_SCALE`] or past
    /// the target level's bound ([`CkksError::InvalidScale`]).
    pub fn to_tier32(&self, ct: &Ciphertext, chain_index: usize) -> CkksResult<Ciphertext> {
        switch(&self.seal, &self.tier32, ct, chain_index)
    }

    /// `ct`, a ciphertext of size 2 at a data level of the 32-bit-tier context, switched to the
    /// SEAL-tier data level at `chain_index`, with the scale Δ·Q'/Q: a ciphertext SEAL can load
    /// once saved ([`Ciphertext::save`]). Errors as [`TierSwitch::to_tier32`].
    pub fn to_seal(&self, ct: &Ciphertext, chain_index: usize) -> CkksResult<Ciphertext> {
        switch(&self.tier32, &self.seal, ct, chain_index)
    }

    /// The SEAL-tier context's secret key (a [`KeyGenerator`](crate::ckks::KeyGenerator)'s, or
    /// one SEAL saved) as a secret key of the 32-bit-tier context: the same ternary polynomial
    /// s, over the 32-bit tier's key level in NTT form. The conversion is exact: s is read in
    /// coefficient form modulo each SEAL prime, checked to be one ternary polynomial, and its
    /// coefficients −1, 0, 1 are written modulo each 32-bit-tier prime.
    /// [`KeyGenerator::from_secret_key`](crate::ckks::KeyGenerator::from_secret_key) with the
    /// 32-bit-tier context then makes its other keys.
    ///
    /// Errors: a key of another context ([`CkksError::ForeignParameters`]), of the wrong
    /// length ([`CkksError::WrongSize`]), or whose coefficients are not one ternary polynomial
    /// ([`CkksError::InvalidTierSwitch`]; the message shows none of them).
    pub fn secret_key_to_tier32(&self, secret_key: &SecretKey) -> CkksResult<SecretKey> {
        let key = self.seal.key_context_data();
        if secret_key.parms_id != key.parms_id() {
            return Err(CkksError::ForeignParameters {
                what: "secret key (give the SEAL-tier context's)",
            });
        }
        let n = degree(&self.seal);
        let q = key.coeff_modulus();
        if secret_key.data.len() != n * q.len() {
            return Err(CkksError::WrongSize {
                what: "secret key words",
                expected: n * q.len(),
                given: secret_key.data.len(),
            });
        }
        let mut coeff = Zeroizing::new(secret_key.data.clone());
        coeff
            .par_chunks_mut(n)
            .zip(key.ntt_tables())
            .try_for_each(|(row, t)| t.inverse(row))?;
        // Masks, not branches: the coefficients are the secret. Each coefficient as
        // (is 1, is −1) from the first prime, and every prime must say the same.
        let q0 = q[0].value();
        let mut plus = Zeroizing::new(vec![0u64; n]);
        let mut minus = Zeroizing::new(vec![0u64; n]);
        let mut bad = 0u64;
        for i in 0..n {
            let v = coeff[i];
            plus[i] = u64::from(v == 1);
            minus[i] = u64::from(v == q0 - 1);
            bad |= u64::from(v != 0) & !(plus[i] | minus[i]) & 1;
        }
        for (k, m) in q.iter().enumerate().skip(1) {
            let row = &coeff[k * n..(k + 1) * n];
            for i in 0..n {
                let want = plus[i] | (0u64.wrapping_sub(minus[i]) & (m.value() - 1));
                bad |= u64::from(row[i] != want);
            }
        }
        if bad != 0 {
            return Err(CkksError::InvalidTierSwitch {
                reason: "the secret key is not one ternary polynomial (coefficients −1, 0, 1 modulo every prime): give a CKKS secret key, as KeyGenerator or SEAL makes".into(),
            });
        }
        let target = self.tier32.key_context_data();
        let t = target.coeff_modulus();
        let mut data = Zeroizing::new(vec![0u64; n * t.len()]);
        for (row, m) in data.chunks_exact_mut(n).zip(t) {
            for i in 0..n {
                row[i] = plus[i] | (0u64.wrapping_sub(minus[i]) & (m.value() - 1));
            }
        }
        to_ntt(target, &mut data);
        Ok(SecretKey {
            parms_id: target.parms_id(),
            data: std::mem::take(&mut *data),
        })
    }
}

fn degree(ctx: &Context) -> usize {
    ctx.key_context_data().parms().poly_modulus_degree()
}

/// The data level of `to` at `chain_index` (not the key level).
fn data_level(to: &Context, chain_index: usize) -> CkksResult<&ContextData> {
    let top = to.first_context_data().chain_index();
    to.chain()
        .skip(usize::from(to.using_keyswitching()))
        .find(|d| d.chain_index() == chain_index)
        .ok_or_else(|| CkksError::InvalidTierSwitch {
            reason: format!(
                "the target context has no data level at chain index {chain_index}: use 0 to {top}"
            ),
        })
}

fn switch(
    from: &Context,
    to: &Context,
    ct: &Ciphertext,
    chain_index: usize,
) -> CkksResult<Ciphertext> {
    let level = validate::ciphertext(from, ct)?;
    if ct.size() != 2 {
        return Err(CkksError::WrongCiphertextSize {
            op: "a tier switch (relinearize first)",
            expected: 2,
            given: ct.size(),
        });
    }
    let target = data_level(to, chain_index)?;
    let (q, t) = (level.coeff_modulus(), target.coeff_modulus());
    let scale = ct.scale * quotient_f64(t, q);
    if scale < MIN_SWITCHED_SCALE {
        return Err(CkksError::InvalidScale {
            scale,
            reason: format!(
                "the switched scale Δ·Q'/Q is below 2^20: pick a target level with more primes (a chain index above {chain_index}), or encrypt at a larger scale"
            ),
        });
    }
    if target.check_scale(scale).is_err() {
        return Err(CkksError::InvalidScale {
            scale,
            reason: format!(
                "the switched scale Δ·Q'/Q needs ⌊log2⌋ + 1 below the {}-bit modulus of the target level: pick a level with more primes (a chain index above {chain_index})",
                target.total_coeff_modulus_bit_count()
            ),
        });
    }
    let rescale =
        RationalRescale::new(q, t, RescaleRounding::Exact).map_err(|e| match e {
            // Every source prime is a target prime: nothing to divide by.
            crate::error::MathError::LengthMismatch { .. } => CkksError::InvalidTierSwitch {
                reason: "every prime of the source level is in the target level: pick a target level that lacks one of them".into(),
            },
            e => e.into(),
        })?;
    let n = ct.n;
    let words = ct.storage.read()?;
    let mut scratch = vec![0u64; q.len() * n];
    let data = rational_rescale_ntt(&rescale, &words, n, (level, target), &mut scratch)?;
    Ok(Ciphertext::from_host(
        target.parms_id(),
        scale,
        n,
        t.len(),
        data,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ckks::{EncryptionParameters, KeyGenerator};
    use crate::primes::{FamilyPreset, SecurityLevel};

    /// A key whose rows are not one ternary polynomial (no loader or generator makes one) is
    /// refused, and the message shows none of its coefficients.
    #[test]
    fn a_secret_that_is_not_ternary_is_refused() {
        let seal = Context::new(
            &EncryptionParameters::with_bit_sizes(4096, &[40, 40, 60]).unwrap(),
            SecurityLevel::None,
        )
        .unwrap();
        let family = FamilyPreset::InsecureN12W32.family().unwrap();
        let t32 = Context::from_family(&family, SecurityLevel::None).unwrap();
        let switch = TierSwitch::new(&seal, &t32).unwrap();
        let kg = KeyGenerator::new(&seal);
        let n = 4096;
        let key = seal.key_context_data();
        // In coefficient form: 2 in one coefficient of every row (not ternary), then rows
        // that disagree (1 modulo the first prime, 0 modulo the others).
        for damage in [&[2u64, 2, 2][..], &[1, 0, 0]] {
            let mut data = kg.secret_key().data().to_vec();
            for (k, (row, t)) in data.chunks_mut(n).zip(key.ntt_tables()).enumerate() {
                t.inverse(row).unwrap();
                row[7] = damage[k];
                t.forward(row).unwrap();
            }
            let bad = SecretKey {
                parms_id: key.parms_id(),
                data,
            };
            let e = switch.secret_key_to_tier32(&bad).unwrap_err();
            assert!(matches!(e, CkksError::InvalidTierSwitch { .. }), "{e}");
        }
        let short = SecretKey {
            parms_id: key.parms_id(),
            data: vec![0; n],
        };
        assert!(matches!(
            switch.secret_key_to_tier32(&short),
            Err(CkksError::WrongSize { .. })
        ));
    }
}
