//! Host reference of rotation and conjugation: decrypted slots move as SEAL's rotate_vector
//! moves them (left by the step, right when negative), within the key-switching noise bound of
//! `common::rotation_bound` for several fresh keys; missing keys are typed.

mod common;

use common::fixtures::{complex_values, context, decrypt, decrypt_complex, values};
use xehe::ckks::reference::{complex_conjugate, rotate_vector};
use xehe::ckks::{CkksEncoder, CkksError, Context, Decryptor, Encryptor, KeyGenerator};

#[test]
fn rotations_and_conjugation_move_the_slots() {
    let ctx = context(8192, &[60, 40, 40, 60]);
    let bound = common::rotation_bound(&ctx, ctx.first_context_data(), 2f64.powi(40));
    for seed in common::key_seeds(3) {
        rotate_with_key(&ctx, seed, bound);
    }
}

fn rotate_with_key(ctx: &Context, seed: [u8; 32], bound: f64) {
    let mut kg = KeyGenerator::insecure_from_seed(ctx, seed);
    let gk = kg
        .create_galois_keys_for_steps(&[1, 5, -3, 4095], true)
        .unwrap();
    let enc = CkksEncoder::new(ctx);
    let z = complex_values(8, 4096, -1.0..1.0);
    let e = Encryptor::symmetric(ctx, kg.secret_key()).unwrap();
    let ct = e
        .encrypt(&enc.encode_complex(&z, 2f64.powi(40)).unwrap())
        .unwrap();
    let dec = Decryptor::new(ctx, kg.secret_key()).unwrap();
    let slots = |c: &xehe::ckks::Ciphertext| decrypt_complex(&enc, &dec, c);
    for step in [1i64, 5, -3, 4095] {
        let got = slots(&rotate_vector(ctx, &ct, step, &gk).unwrap());
        let err = (0..4096)
            .map(|j| (got[j] - z[(j as i64 + step).rem_euclid(4096) as usize]).norm())
            .fold(0.0, f64::max);
        assert!(
            err < bound,
            "key seed {seed:?}, step {step}: error {err} ≥ {bound}"
        );
    }
    let got = slots(&complex_conjugate(ctx, &ct, &gk).unwrap());
    let err = z
        .iter()
        .zip(&got)
        .map(|(a, b)| (a.conj() - b).norm())
        .fold(0.0, f64::max);
    assert!(
        err < bound,
        "key seed {seed:?}, conjugate: error {err} ≥ {bound}"
    );
    // Step 0 needs no key; a step without a key is a typed error naming the element.
    assert_eq!(
        rotate_vector(ctx, &ct, 0, &gk).unwrap().data().unwrap(),
        ct.data().unwrap()
    );
    assert!(matches!(
        rotate_vector(ctx, &ct, 2, &gk),
        Err(CkksError::MissingGaloisKey { galois_elt: 9 })
    ));
}

#[test]
fn the_default_set_covers_powers_of_two_both_ways() {
    let ctx = context(4096, &[40, 40]);
    let gk = KeyGenerator::insecure_from_seed(&ctx, [1; 32])
        .create_galois_keys()
        .unwrap();
    // 11 powers of two (1 … 1024) each way, where ±1024 of 2048 slots are one element, and
    // conjugation: 21 + 1.
    assert_eq!(gk.elements().count(), 22);
    assert!(gk.has_key(xehe::ckks::galois_elt_from_step(4096, -64)));
    assert!(gk.has_key(8191));
}

/// SEAL's non-adjacent form: every term a signed power of two, no two adjacent, summing to the
/// step, and no more terms than the binary form has ones.
#[test]
fn naf_terms_are_sparse_signed_powers_of_two_summing_to_the_step() {
    for steps in -5000i64..=5000 {
        let terms = xehe::ckks::naf(steps);
        assert_eq!(terms.iter().sum::<i64>(), steps, "{steps}: {terms:?}");
        let exps: Vec<u32> = terms
            .iter()
            .map(|t| {
                assert!(t.unsigned_abs().is_power_of_two(), "{steps}: {terms:?}");
                t.unsigned_abs().trailing_zeros()
            })
            .collect();
        assert!(
            exps.windows(2).all(|w| w[1] >= w[0] + 2),
            "{steps}: {terms:?}"
        );
        assert!(
            terms.len() as u32 <= steps.unsigned_abs().count_ones(),
            "{steps}"
        );
    }
}

/// With SEAL's default Galois keys (powers of two both ways) every step rotates, composed from
/// its non-adjacent form as SEAL composes it; the error stays within one rotation's bound per
/// term, for several fresh keys. The host reference and the evaluator agree word for word.
#[test]
fn steps_without_their_key_compose_from_the_default_powers_of_two() {
    let ctx = context(8192, &[60, 40, 40, 60]);
    let bound = common::rotation_bound(&ctx, ctx.first_context_data(), 2f64.powi(40));
    let enc = CkksEncoder::new(&ctx);
    let slots_count = enc.slot_count();
    let z = complex_values(12, slots_count, -1.0..1.0);
    for seed in common::key_seeds(2) {
        let mut kg = KeyGenerator::insecure_from_seed(&ctx, seed);
        let gk = kg.create_galois_keys().unwrap();
        let ct = Encryptor::symmetric(&ctx, kg.secret_key())
            .unwrap()
            .encrypt(&enc.encode_complex(&z, 2f64.powi(40)).unwrap())
            .unwrap();
        let dec = Decryptor::new(&ctx, kg.secret_key()).unwrap();
        let eval = xehe::ckks::Evaluator::new(&ctx);
        for step in [3i64, -7, 100, 4095, -2049, 1365] {
            let terms = xehe::ckks::naf(step)
                .into_iter()
                .filter(|t| t.unsigned_abs() as usize != slots_count)
                .count();
            // 4095 ≡ −1 (mod 4096 slots) has a key of its own; the others are composed.
            let r = rotate_vector(&ctx, &ct, step, &gk).unwrap();
            assert_eq!(
                eval.rotate_vector(&ct, step, &gk).unwrap().data().unwrap(),
                r.data().unwrap()
            );
            let got = decrypt_complex(&enc, &dec, &r);
            let n = slots_count as i64;
            let err = (0..slots_count)
                .map(|j| (got[j] - z[(j as i64 + step).rem_euclid(n) as usize]).norm())
                .fold(0.0, f64::max);
            let limit = terms.max(1) as f64 * bound;
            assert!(
                err < limit,
                "key seed {seed:?}, step {step}: error {err} ≥ {limit}"
            );
        }
    }
}

/// `rotate_and_sum`: each slot holds the sum of `count` consecutive slots, within one rotation
/// bound per rotation (log2(count) of them) times the slots summed, for fresh keys; counts
/// that are not powers of two up to the slot count are typed errors.
#[test]
fn rotate_and_sum_adds_consecutive_slots() {
    let ctx = context(8192, &[60, 40, 40, 60]);
    let bound = common::rotation_bound(&ctx, ctx.first_context_data(), 2f64.powi(40));
    let enc = CkksEncoder::new(&ctx);
    let slots = enc.slot_count();
    let x = values(13, slots);
    let seed = common::key_seeds(1)[0];
    let mut kg = KeyGenerator::insecure_from_seed(&ctx, seed);
    let gk = kg.create_galois_keys().unwrap();
    let ct = Encryptor::symmetric(&ctx, kg.secret_key())
        .unwrap()
        .encrypt(&enc.encode(&x, 2f64.powi(40)).unwrap())
        .unwrap();
    let dec = Decryptor::new(&ctx, kg.secret_key()).unwrap();
    let eval = xehe::ckks::Evaluator::new(&ctx);
    for count in [1usize, 2, 8, slots] {
        let got = decrypt(&enc, &dec, &eval.rotate_and_sum(&ct, count, &gk).unwrap());
        let rotations = count.trailing_zeros() as f64;
        // The noise at most doubles per step (sum of two noisy copies) plus one key switch.
        let limit = count as f64 * (rotations + 1.0) * bound;
        let err = (0..slots)
            .map(|j| (got[j] - (0..count).map(|i| x[(j + i) % slots]).sum::<f64>()).abs())
            .fold(0.0, f64::max);
        assert!(
            err < limit,
            "key seed {seed:?}, count {count}: {err} ≥ {limit}"
        );
    }
    for bad in [0usize, 3, 2 * slots] {
        assert!(matches!(
            eval.rotate_and_sum(&ct, bad, &gk),
            Err(CkksError::WrongSize { .. })
        ));
    }
}

/// Hoisted rotations (one decomposition shared by every step with its own key; other steps
/// composed) move the slots as rotate_vector does, within the same bound for fresh keys, and
/// step 0 is the ciphertext itself. Their words differ from rotate_vector's (the digits are
/// lifted before the automorphism), which is why the bound, not the words, is what is asserted
/// against the one-at-a-time path; the device is checked word for word against this reference
/// (tests/ckks_hoisted.rs).
#[test]
fn hoisted_rotations_move_the_slots_within_the_rotation_bound() {
    let ctx = context(8192, &[60, 40, 40, 60]);
    let scale = 2f64.powi(40);
    let bound = common::rotation_bound(&ctx, ctx.first_context_data(), scale);
    let enc = CkksEncoder::new(&ctx);
    let slots = enc.slot_count();
    let z = complex_values(9, slots, -1.0..1.0);
    for seed in common::key_seeds(2) {
        let mut kg = KeyGenerator::insecure_from_seed(&ctx, seed);
        // 1, 2, -5 and 8 have keys; 10 is composed from 8 and 2 (its non-adjacent form); 4
        // has no key and no composition from these.
        let gk = kg
            .create_galois_keys_for_steps(&[1, 2, -5, 8], false)
            .unwrap();
        let pk = kg.create_public_key();
        let ct = Encryptor::new(&ctx, &pk)
            .unwrap()
            .encrypt(&enc.encode_complex(&z, scale).unwrap())
            .unwrap();
        let dec = Decryptor::new(&ctx, kg.secret_key()).unwrap();
        let steps = [1i64, 0, -5, 10, 2, 1];
        let out = xehe::ckks::reference::rotate_many(&ctx, &ct, &steps, &gk).unwrap();
        assert_eq!(out.len(), steps.len());
        assert_eq!(out[1].data().unwrap(), ct.data().unwrap(), "step 0");
        assert_eq!(
            out[0].data().unwrap(),
            out[5].data().unwrap(),
            "same step, same words"
        );
        for (r, &s) in out.iter().zip(&steps) {
            let back = decrypt_complex(&enc, &dec, r);
            let err = (0..slots)
                .map(|i| (back[i] - z[(i as i64 + s).rem_euclid(slots as i64) as usize]).norm())
                .fold(0.0, f64::max);
            assert!(
                err < bound,
                "step {s}: error {err:e} over {bound:e}, seed {seed:?}"
            );
        }
        // A hoisted step is not rotate_vector's words (a check that hoisting happened).
        assert_ne!(
            out[0].data().unwrap(),
            rotate_vector(&ctx, &ct, 1, &gk).unwrap().data().unwrap()
        );
        assert!(matches!(
            xehe::ckks::reference::rotate_many(&ctx, &ct, &[4], &gk),
            Err(CkksError::MissingGaloisKey { .. })
        ));
    }
}
