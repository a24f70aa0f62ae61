//! Galois automorphisms X → X^g on NTT-form data, Galois keys, and the plan of a rotation (the
//! elements it is composed of, and which of several are hoisted), shared by the host reference
//! (`ckks::reference`) and the evaluator's device path. Slot j sits at ζ^(3^j), so rotating the
//! slots left by s is g = 3^s mod 2N and conjugation is g = 2N − 1 (SEAL's elements).
#![warn(missing_docs)]

use super::keyswitch::KSwitchKeys;
use crate::arith::pow_mod;
use crate::ckks::ciphertext::Ciphertext;
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::keys::KeyGenerator;
use crate::ntt::galois_permutation;
use std::collections::BTreeMap;

/// The Galois element that rotates the slots left by `steps` (negative: right).
pub fn galois_elt_from_step(n: usize, steps: i64) -> u64 {
    let slots = (n / 2) as i64;
    pow_mod(3, steps.rem_euclid(slots) as u64, 2 * n as u64)
}

/// The Galois element that rotates the slots left by `steps` in the special FFT's order, where
/// slot j sits at ζ^(g^j) with g = 2N − 3 (SEAL's odd slots conjugated): g^steps mod 2N. On
/// SEAL's slots an even step is SEAL's rotation, an odd one a rotation and a conjugation.
pub fn galois_elt_from_fft_step(n: usize, steps: i64) -> u64 {
    let (slots, m) = ((n / 2) as i64, 2 * n as u64);
    pow_mod(m - 3, steps.rem_euclid(slots) as u64, m)
}

/// Whether `g` is a Galois element of degree `n`: odd and below 2N.
pub(crate) fn check_element(n: usize, g: u64) -> CkksResult<()> {
    if g.is_multiple_of(2) || g >= 2 * n as u64 {
        return Err(CkksError::InvalidGaloisElement {
            galois_elt: g,
            degree: n,
        });
    }
    Ok(())
}

/// SEAL's non-adjacent form of a rotation step (`naf` in its evaluator): signed powers of two,
/// lowest first, no two adjacent, whose sum is `steps`; the fewest such terms. Past 2^62 the
/// top term may be 2^63, which is kept as −2^63: the terms then sum to `steps` modulo 2^64, the
/// same rotation for every slot count.
///
/// ```
/// assert_eq!(xehe::ckks::naf(3), vec![-1, 4]);
/// assert_eq!(xehe::ckks::naf(-7), vec![1, -8]);
/// assert_eq!(xehe::ckks::naf(0), Vec::<i64>::new());
/// ```
pub fn naf(steps: i64) -> Vec<i64> {
    let sign = if steps < 0 { -1 } else { 1 };
    let mut value = steps.unsigned_abs();
    let mut out = Vec::new();
    let mut i = 0;
    while value != 0 {
        // 1 when value ≡ 1 (mod 4), −1 when value ≡ 3, 0 when even.
        let z: i64 = if value & 1 == 1 {
            2 - (value & 3) as i64
        } else {
            0
        };
        value = value.wrapping_sub(z as u64) >> 1;
        if z != 0 {
            out.push((sign * z).wrapping_mul(1i64 << i));
        }
        i += 1;
    }
    out
}

/// Rotates by `steps` with `one` (a rotation by one Galois element whose key `keys` holds), as
/// SEAL's `rotate_internal` does: the elements of [`GaloisKeys::rotation_elements`], in order.
pub(crate) fn compose_rotation(
    ct: &Ciphertext,
    steps: i64,
    keys: &GaloisKeys,
    one: &dyn Fn(&Ciphertext, u64) -> CkksResult<Ciphertext>,
) -> CkksResult<Ciphertext> {
    let mut out: Option<Ciphertext> = None;
    for g in keys.rotation_elements(ct.n, steps)? {
        out = Some(one(out.as_ref().unwrap_or(ct), g)?);
    }
    match out {
        Some(c) => Ok(c),
        None => one(ct, 1),
    }
}

/// Applies X → X^g to every `n`-word polynomial of `data` (NTT form). The output is allocated
/// once at its final size, so no partial copy is left behind by a reallocation (it may be the
/// secret key's image).
pub(crate) fn apply_galois_ntt(data: &[u64], n: usize, g: u64) -> Vec<u64> {
    permute_rows(data, n, &galois_permutation(n, g))
}

/// Every `n`-word row of `data` through the NTT-form permutation `perm` (its source positions).
pub(crate) fn permute_rows(data: &[u64], n: usize, perm: &[usize]) -> Vec<u64> {
    let mut out = vec![0u64; data.len()];
    for (o, p) in out.chunks_mut(n).zip(data.chunks(n)) {
        for (x, &j) in o.iter_mut().zip(perm) {
            *x = p[j];
        }
    }
    out
}

/// Key-switching keys from σ_g(s) to s, per Galois element.
///
/// Thread safety: `Send + Sync`; immutable once made, and its device copies (one per tile) are made under a lock.
#[derive(Clone, Debug)]
pub struct GaloisKeys {
    pub(crate) keys: BTreeMap<u64, KSwitchKeys>,
}

impl GaloisKeys {
    /// Whether element `galois_elt` has a key (SEAL's `has_key`).
    pub fn has_key(&self, galois_elt: u64) -> bool {
        self.keys.contains_key(&galois_elt)
    }
    /// The key-switching keys of element `galois_elt`, if present.
    pub fn key(&self, galois_elt: u64) -> Option<&crate::ckks::keyswitch::KSwitchKeys> {
        self.keys.get(&galois_elt)
    }
    /// The Galois elements these keys cover.
    pub fn elements(&self) -> impl Iterator<Item = u64> + '_ {
        self.keys.keys().copied()
    }

    /// The Galois elements a rotation by `steps` at degree `n` applies with these keys, in
    /// order, as SEAL's `rotate_internal` chooses them: the step's own element when it has a key
    /// (or is the identity, 1), else the elements of the terms of [`naf`]`(steps)` (a term of
    /// the slot count is no rotation and is skipped). A step with neither is
    /// [`CkksError::MissingGaloisKey`], naming the first element missing.
    ///
    /// ```
    /// use xehe::ckks::{galois_elt_from_step, Context, EncryptionParameters, KeyGenerator};
    /// use xehe::primes::SecurityLevel;
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[40, 30, 36])?, SecurityLevel::Tc128)?;
    /// let gk = KeyGenerator::new(&ctx).create_galois_keys_for_steps(&[1, 4, -1], false)?;
    /// let g = |s| galois_elt_from_step(4096, s);
    /// assert_eq!(gk.rotation_elements(4096, 4)?, vec![g(4)]);
    /// // 3 = -1 + 4 (its non-adjacent form), each with a key.
    /// assert_eq!(gk.rotation_elements(4096, 3)?, vec![g(-1), g(4)]);
    /// assert!(gk.rotation_elements(4096, 2).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rotation_elements(&self, n: usize, steps: i64) -> CkksResult<Vec<u64>> {
        // Beyond a full turn, the same rotation by its remainder (SEAL takes steps within one).
        let slots = (n / 2).max(1) as i64;
        let steps = if steps.unsigned_abs() >= slots as u64 {
            steps.rem_euclid(slots)
        } else {
            steps
        };
        let g = galois_elt_from_step(n, steps);
        if g == 1 || self.has_key(g) {
            return Ok(vec![g]);
        }
        let terms = naf(steps);
        if terms.len() <= 1 {
            return Err(CkksError::MissingGaloisKey { galois_elt: g });
        }
        let mut out = Vec::new();
        for t in terms {
            if t.unsigned_abs() as usize != n / 2 {
                out.extend(self.rotation_elements(n, t)?);
            }
        }
        if out.is_empty() {
            out.push(1);
        }
        Ok(out)
    }

    /// Keeps only the keys of `elements` (those these keys have), dropping the rest: a
    /// program that loaded a full key set keeps, and uploads to a device, only what its
    /// operations use. Rotations that [`GaloisKeys::rotation_elements`] planned with the full
    /// set give the same words with the kept ones.
    ///
    /// ```
    /// use xehe::ckks::{galois_elt_from_step, Context, EncryptionParameters, KeyGenerator};
    /// use xehe::primes::SecurityLevel;
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[40, 30, 36])?, SecurityLevel::Tc128)?;
    /// let mut gk = KeyGenerator::new(&ctx).create_galois_keys_for_steps(&[1, 2, 4], true)?;
    /// // 5 = 1 + 4 (its non-adjacent form).
    /// let needed = gk.rotation_elements(4096, 5)?;
    /// gk.retain_elements(&needed);
    /// assert_eq!(gk.elements().collect::<Vec<_>>(), vec![galois_elt_from_step(4096, 1), galois_elt_from_step(4096, 4)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn retain_elements(&mut self, elements: &[u64]) {
        self.keys.retain(|g, _| elements.contains(g));
    }
}

impl KeyGenerator<'_> {
    /// Galois keys for SEAL's default set (SEAL's `create_galois_keys()`): rotations by every
    /// power of two in both directions, and conjugation. Any rotation is a sum of these
    /// ([`crate::ckks::Evaluator::rotate_vector`] composes a step without a key of its own from
    /// them), at 2·log2(N/2) + 1 keys.
    ///
    /// ```
    /// use xehe::ckks::{galois_elt_from_step, Context, EncryptionParameters, KeyGenerator};
    /// use xehe::primes::SecurityLevel;
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[40, 30, 36])?, SecurityLevel::Tc128)?;
    /// let gk = KeyGenerator::new(&ctx).create_galois_keys()?;
    /// // ±1, ±2, …, ±512, 1024 (the same element as −1024) and conjugation.
    /// assert_eq!(gk.elements().count(), 22);
    /// assert!(gk.has_key(galois_elt_from_step(4096, -1024)) && gk.has_key(2 * 4096 - 1));
    /// # Ok::<(), xehe::ckks::CkksError>(())
    /// ```
    pub fn create_galois_keys(&mut self) -> CkksResult<GaloisKeys> {
        let slots = self
            .context
            .key_context_data()
            .parms()
            .poly_modulus_degree() as i64
            / 2;
        let steps: Vec<i64> = (0..slots.trailing_zeros())
            .flat_map(|k| [1i64 << k, -(1i64 << k)])
            .collect();
        self.create_galois_keys_for_steps(&steps, true)
    }

    /// Galois keys for the automorphisms X → X^g of `elements` (SEAL's
    /// `create_galois_keys(galois_elts)`): each odd and below 2N ([`CkksError::InvalidGaloisElement`]
    /// otherwise); 1, the identity, needs none.
    ///
    /// ```
    /// use xehe::ckks::{galois_elt_from_fft_step, Context, EncryptionParameters, KeyGenerator};
    /// use xehe::primes::SecurityLevel;
    /// let ctx = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[40, 30, 36])?, SecurityLevel::Tc128)?;
    /// let mut kg = KeyGenerator::new(&ctx);
    /// let g = galois_elt_from_fft_step(4096, 1);
    /// assert_eq!(g, 2 * 4096 - 3);
    /// let gk = kg.create_galois_keys_for_elements(&[g, 1])?;
    /// assert!(gk.has_key(g) && gk.elements().count() == 1);
    /// assert!(kg.create_galois_keys_for_elements(&[2]).is_err());
    /// # Ok::<(), xehe::ckks::CkksError>(())
    /// ```
    pub fn create_galois_keys_for_elements(&mut self, elements: &[u64]) -> CkksResult<GaloisKeys> {
        let n = self
            .context
            .key_context_data()
            .parms()
            .poly_modulus_degree();
        for &g in elements {
            check_element(n, g)?;
        }
        let mut keys = BTreeMap::new();
        for &g in elements {
            if g == 1 || keys.contains_key(&g) {
                continue;
            }
            let s_g = zeroize::Zeroizing::new(apply_galois_ntt(&self.secret.data, n, g));
            keys.insert(g, self.create_kswitch_keys(&s_g)?);
        }
        Ok(GaloisKeys { keys })
    }

    /// Galois keys for rotations by `steps` (left when positive), and for conjugation when
    /// `conjugate`: SEAL's `create_galois_keys(steps)`, where SEAL asks for conjugation with a
    /// step of 0 (here a step of 0 is no rotation and needs no key).
    pub fn create_galois_keys_for_steps(
        &mut self,
        steps: &[i64],
        conjugate: bool,
    ) -> CkksResult<GaloisKeys> {
        let n = self
            .context
            .key_context_data()
            .parms()
            .poly_modulus_degree();
        let mut elts: Vec<u64> = steps.iter().map(|&s| galois_elt_from_step(n, s)).collect();
        if conjugate {
            elts.push(2 * n as u64 - 1);
        }
        self.create_galois_keys_for_elements(&elts)
    }
}

/// [`crate::ckks::Evaluator::rotate_many`]'s plan, for the host reference and the device alike.
/// The steps whose Galois element has a key of its own (and step 0) go to `hoisted` together,
/// from `ct`. A step without a key is then made from an already made step r by one more
/// rotation, by k − r, where that has a key: steps sharing a source r go to `hoisted` together
/// from r's result. Sets such as TenSEAL's (keys for ±2^i only, a matrix's steps 1 … 15) cost
/// one key switch per step this way, against two or three for a composition from `ct`. A step
/// that no made step bridges to is a composed rotation (`single`, which names a missing key).
/// Equal steps (modulo the slot count) share one result. Results in the order of `steps`.
pub(crate) fn rotate_many_with(
    ct: &Ciphertext,
    steps: &[i64],
    keys: &GaloisKeys,
    hoisted: impl Fn(&Ciphertext, &[u64]) -> CkksResult<Vec<Ciphertext>>,
    single: impl Fn(i64) -> CkksResult<Ciphertext>,
) -> CkksResult<Vec<Ciphertext>> {
    let slots = (ct.n / 2) as i64;
    let has_key = |step: i64| {
        let g = galois_elt_from_step(ct.n, step);
        g == 1 || keys.has_key(g)
    };
    let mut wanted: Vec<i64> = steps.iter().map(|s| s.rem_euclid(slots)).collect();
    wanted.sort_unstable();
    wanted.dedup();
    let mut made: BTreeMap<i64, Ciphertext> = BTreeMap::new();
    let (direct, mut rest): (Vec<i64>, Vec<i64>) = wanted.into_iter().partition(|&s| has_key(s));
    let elements: Vec<u64> = direct
        .iter()
        .map(|&s| galois_elt_from_step(ct.n, s))
        .collect();
    made.extend(direct.into_iter().zip(hoisted(ct, &elements)?));
    // Each round takes the made step that bridges to the most remaining steps (fewest
    // decompositions), until no made step bridges to any.
    loop {
        let mut best: Option<(i64, Vec<i64>)> = None;
        for &r in made.keys() {
            let reach: Vec<i64> = rest.iter().copied().filter(|&k| has_key(k - r)).collect();
            if reach.len() > best.as_ref().map_or(0, |(_, b)| b.len()) {
                best = Some((r, reach));
            }
        }
        let Some((r, reach)) = best else { break };
        let elements: Vec<u64> = reach
            .iter()
            .map(|&k| galois_elt_from_step(ct.n, k - r))
            .collect();
        let results = hoisted(&made[&r], &elements)?;
        rest.retain(|k| !reach.contains(k));
        made.extend(reach.into_iter().zip(results));
    }
    for k in rest {
        made.insert(k, single(k)?);
    }
    Ok(steps
        .iter()
        .map(|s| made[&s.rem_euclid(slots)].clone())
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ckks::context::Context;
    use crate::ckks::reference::galois::apply_galois;
    use crate::ckks::{CkksEncoder, EncryptionParameters, Encryptor, Evaluator};
    use crate::primes::SecurityLevel;

    #[test]
    fn retained_keys_rotate_to_the_same_words_as_the_full_set() {
        let parms = EncryptionParameters::with_bit_sizes(4096, &[30, 30, 49]).unwrap();
        let ctx = Context::new(&parms, SecurityLevel::Tc128).unwrap();
        let mut kg = KeyGenerator::new(&ctx);
        let (pk, full) = (kg.create_public_key(), kg.create_galois_keys().unwrap());
        let enc = CkksEncoder::new(&ctx);
        let x: Vec<f64> = (0..enc.slot_count()).map(|i| i as f64 / 4096.0).collect();
        let pt = enc.encode(&x, 2f64.powi(25)).unwrap();
        let ct = Encryptor::new(&ctx, &pk).unwrap().encrypt(&pt).unwrap();
        let eval = Evaluator::new(&ctx);
        for steps in [0, 1, 3, -5, 7, 100, 2047, -2047, 2048, 1365] {
            let needed = full.rotation_elements(4096, steps).unwrap();
            // A step with a key of its own is one element; others are their NAF terms.
            let direct = full.has_key(galois_elt_from_step(4096, steps));
            assert_eq!(needed.len() == 1, direct || steps % 2048 == 0, "{steps}");
            let mut kept = full.clone();
            kept.retain_elements(&needed);
            assert!(kept.elements().all(|g| needed.contains(&g)), "{steps}");
            let want = eval.rotate_vector(&ct, steps, &full).unwrap();
            let got = eval.rotate_vector(&ct, steps, &kept).unwrap();
            assert_eq!(got.data().unwrap(), want.data().unwrap(), "{steps}");
            // The elements, applied one at a time, are the rotation.
            let mut one = ct.clone();
            for &g in &needed {
                one = apply_galois(&ctx, &one, g, &kept).unwrap();
            }
            assert_eq!(one.data().unwrap(), want.data().unwrap(), "{steps}");
        }
        let mut only_one = full.clone();
        only_one.retain_elements(&[galois_elt_from_step(4096, 1)]);
        assert_eq!(only_one.elements().count(), 1);
        assert!(matches!(
            only_one.rotation_elements(4096, 3),
            Err(CkksError::MissingGaloisKey { galois_elt }) if galois_elt == galois_elt_from_step(4096, -1)
        ));
        assert!(eval.rotate_vector(&ct, 2, &only_one).is_err());
        // Steps past a full turn, up to the ends of i64, are their remainder's rotation.
        for steps in [
            i64::MAX,
            i64::MIN,
            i64::MAX - 6,
            3 * (1 << 61),
            -(3 * (1 << 61)) - 5,
        ] {
            let want = eval
                .rotate_vector(&ct, steps.rem_euclid(2048), &full)
                .unwrap();
            let got = eval.rotate_vector(&ct, steps, &full).unwrap();
            assert_eq!(got.data().unwrap(), want.data().unwrap(), "{steps}");
        }
        assert_eq!(naf(i64::MAX), vec![-1, i64::MIN]);
    }

    /// TenSEAL's key set (±2^i) and a 16-row matrix's steps 1 … 15: every step one key
    /// switch, through hoisted groups, none composed from `ct`; equal steps share a result;
    /// each result decrypts to its rotation.
    #[test]
    fn many_rotations_bridge_from_made_steps() {
        use crate::ckks::Decryptor;
        use std::cell::{Cell, RefCell};
        let parms = EncryptionParameters::with_bit_sizes(4096, &[30, 30, 49]).unwrap();
        let ctx = Context::new(&parms, SecurityLevel::Tc128).unwrap();
        let mut kg = KeyGenerator::new(&ctx);
        let (pk, gk) = (kg.create_public_key(), kg.create_galois_keys().unwrap());
        let enc = CkksEncoder::new(&ctx);
        let slots = enc.slot_count();
        let x: Vec<f64> = (0..slots).map(|i| (i % 17) as f64 / 32.0).collect();
        let ct = Encryptor::new(&ctx, &pk)
            .unwrap()
            .encrypt(&enc.encode(&x, 2f64.powi(25)).unwrap())
            .unwrap();
        let steps: Vec<i64> = (1..16).chain([3, 15 - slots as i64]).collect();
        let (switches, decompositions, composed) = (Cell::new(0), Cell::new(0), Cell::new(0));
        let sources = RefCell::new(Vec::new());
        let out = rotate_many_with(
            &ct,
            &steps,
            &gk,
            |src, elements| {
                decompositions.set(decompositions.get() + 1);
                switches.set(switches.get() + elements.len());
                sources.borrow_mut().push(src.data().unwrap().to_vec());
                crate::ckks::reference::galois::apply_galois_hoisted(&ctx, src, elements, &gk)
            },
            |s| {
                composed.set(composed.get() + 1);
                crate::ckks::reference::rotate_vector(&ctx, &ct, s, &gk)
            },
        )
        .unwrap();
        assert_eq!(switches.get(), 15, "one key switch per distinct step");
        assert_eq!(composed.get(), 0);
        // 1, 2, 4, 8 from ct; the other eleven from few sources.
        assert!(decompositions.get() <= 6, "{}", decompositions.get());
        assert_eq!(sources.borrow()[0], ct.data().unwrap().to_vec());
        assert_eq!(out[2].data().unwrap(), out[15].data().unwrap(), "3 twice");
        assert_eq!(
            out[14].data().unwrap(),
            out[16].data().unwrap(),
            "15 and 15 - slots"
        );
        let dec = Decryptor::new(&ctx, kg.secret_key()).unwrap();
        for (r, &s) in out.iter().zip(&steps) {
            let back = enc.decode(&dec.decrypt(r).unwrap()).unwrap();
            let err = (0..slots)
                .map(|i| (back[i] - x[(i as i64 + s).rem_euclid(slots as i64) as usize]).abs())
                .fold(0.0, f64::max);
            assert!(err < 1e-3, "step {s}: error {err:e}");
        }
    }
}
