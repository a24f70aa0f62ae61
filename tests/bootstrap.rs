//! Bootstrapping at the insecure test presets: precision against the f64 input, levels left,
//! a computation after it, device = host word for word, the sparse-secret encapsulation's key
//! switches, and refusals.
//!
//! Stated bound (N = 2^12 and 2^13, dense secret encapsulated to h = 32, K = 16, input scale
//! 2^40, slots |z| ≤ 1): every slot within 2^-16 of its input, and the mean of −log2 |error| at
//! least 18 bits. What sets it: EvalMod's approximation (an even degree-46 cosine and 3 double
//! angles for K = 16) and the noise of the transforms at scale 2^52, both multiplied back by
//! q0/Δ ≈ 2^10 and by the embedding's √N; measured about 20 bits (minimum) and 23 (mean) at
//! 2^12 and 2^13. The two key switches around ModRaise add noise far below that (rounding
//! after division by P ≈ 2^120). It fails for a key only if some |I_k| > K: under the h = 32 sparse secret I_k
//! has σ = √(33/12) ≈ 1.7, so K = 16 is over 9σ (below 1e-15 per bootstrap).

mod common;

use common::fixtures::{decrypt, decrypt_complex, insecure_context, unit_disk_values};
use xehe::ckks::bootstrap::{
    BootstrapKeys, BootstrapPreset, Bootstrapper, Chebyshev, EncapsulationKeys, SecretForm,
};
use xehe::ckks::device::DeviceContext;
use xehe::ckks::{
    Ciphertext, CkksEncoder, CkksError, Complex64, Context, Decryptor, Encryptor, Evaluator,
    KeyGenerator,
};
use xehe::primes::SecurityLevel;

const SCALE: f64 = 1099511627776.0; // 2^40

/// (−log2 of the largest slot error, mean of −log2 |error|).
fn precision_bits(got: &[Complex64], want: &[Complex64]) -> (f64, f64) {
    let errs: Vec<f64> = got.iter().zip(want).map(|(g, w)| (g - w).norm()).collect();
    let max = errs.iter().cloned().fold(0.0, f64::max);
    let mean = errs.iter().map(|e| -e.max(1e-300).log2()).sum::<f64>() / errs.len() as f64;
    (-max.log2(), mean)
}

struct Setup {
    ctx: Context,
    preset: BootstrapPreset,
    seed: [u8; 32],
}

impl Setup {
    fn new(preset: BootstrapPreset) -> Self {
        let ctx = preset.context(SecurityLevel::None).unwrap();
        Setup {
            ctx,
            preset,
            seed: common::key_seeds(1)[0],
        }
    }

    /// The user's key generator in the preset's form (dense with encapsulation, or sparse).
    fn keygen(&self) -> KeyGenerator<'_> {
        match self.preset.secret {
            SecretForm::DenseEncapsulated => KeyGenerator::insecure_from_seed(&self.ctx, self.seed),
            SecretForm::Sparse => KeyGenerator::insecure_sparse_from_seed(
                &self.ctx,
                self.preset.hamming_weight,
                self.seed,
            )
            .unwrap(),
        }
    }
}

fn encrypt(s: &Setup, kg: &mut KeyGenerator<'_>, x: &[Complex64]) -> Ciphertext {
    let enc = CkksEncoder::new(&s.ctx);
    let pk = kg.create_public_key();
    let pt = enc
        .encode_complex_at_level(x, SCALE, s.ctx.last_context_data())
        .unwrap();
    Encryptor::new(&s.ctx, &pk).unwrap().encrypt(&pt).unwrap()
}

/// One bootstrap of `ct` with a new bootstrapper on `eval`.
fn bootstrap(
    eval: &Evaluator,
    keys: &BootstrapKeys,
    preset: &BootstrapPreset,
    ct: &Ciphertext,
) -> Ciphertext {
    Bootstrapper::new(eval, keys, preset)
        .unwrap()
        .bootstrap(ct)
        .unwrap()
}

/// A bootstrap's result: at the preset's computation level, within the stated bound.
fn check_bootstrapped(s: &Setup, kg: &KeyGenerator<'_>, out: &Ciphertext, x: &[Complex64]) {
    let level = s
        .ctx
        .get_context_data(out.parms_id())
        .unwrap()
        .chain_index();
    assert_eq!(level, s.preset.compute_levels);
    let enc = CkksEncoder::new(&s.ctx);
    let dec = Decryptor::new(&s.ctx, kg.secret_key()).unwrap();
    let back = decrypt_complex(&enc, &dec, out);
    let (min, mean) = precision_bits(&back, x);
    eprintln!(
        "{}: precision min {min:.1} mean {mean:.1} bits (key seed {:?})",
        s.preset.name, s.seed
    );
    assert!(
        min >= 16.0 && mean >= 18.0,
        "{}: min {min:.1}, mean {mean:.1} bits; key seed {:?}",
        s.preset.name,
        s.seed
    );
}

#[test]
fn host_bootstrap_keeps_the_slots_for_any_key_and_leaves_levels_to_compute() {
    for preset in [
        BootstrapPreset::insecure_n12(),
        BootstrapPreset::insecure_n13(),
    ] {
        let s = Setup::new(preset);
        let mut kg = s.keygen();
        let keys = BootstrapKeys::generate(&mut kg, &s.preset).unwrap();
        let x = unit_disk_values(
            3,
            s.ctx.key_context_data().parms().poly_modulus_degree() / 2,
        );
        let ct = encrypt(&s, &mut kg, &x);
        let eval = Evaluator::new(&s.ctx);
        let b = Bootstrapper::new(&eval, &keys, &s.preset).unwrap();
        let out = b.bootstrap(&ct).unwrap();
        assert!((out.scale() / ct.scale() - 1.0).abs() < 1e-12);
        check_bootstrapped(&s, &kg, &out, &x);
        // The levels left compute: x² after the bootstrap.
        let sq = eval
            .rescale_to_next(
                &eval
                    .relinearize(&eval.square(&out).unwrap(), &keys.relin)
                    .unwrap(),
            )
            .unwrap();
        let enc = CkksEncoder::new(&s.ctx);
        let dec = Decryptor::new(&s.ctx, kg.secret_key()).unwrap();
        let back = decrypt_complex(&enc, &dec, &sq);
        let want: Vec<Complex64> = x.iter().map(|v| v * v).collect();
        let (min, _) = precision_bits(&back, &want);
        assert!(min >= 15.0, "x² after bootstrapping: {min:.1} bits");
    }
}

#[test]
fn device_bootstrap_equals_the_host_word_for_word() {
    let s = Setup::new(BootstrapPreset::insecure_n12());
    let mut kg = s.keygen();
    let keys = BootstrapKeys::generate(&mut kg, &s.preset).unwrap();
    let x = unit_disk_values(5, 2048);
    let ct = encrypt(&s, &mut kg, &x);
    let host = Evaluator::new(&s.ctx);
    let want = bootstrap(&host, &keys, &s.preset, &ct);
    let want_raise = host.mod_raise(&ct).unwrap();
    let backends = common::sim_and_opencl(false);
    for backend in backends {
        let name = backend.device_name();
        let dev = Evaluator::with_device(&s.ctx, DeviceContext::new(&s.ctx, backend, 0).unwrap())
            .unwrap();
        let raised = dev.mod_raise(&ct.clone().gpu()).unwrap();
        assert!(raised.is_on_device());
        assert!(
            raised.data().unwrap() == want_raise.data().unwrap(),
            "{name}: ModRaise"
        );
        let got = bootstrap(&dev, &keys, &s.preset, &ct.clone().gpu());
        assert!(got.is_on_device());
        assert_eq!(got.parms_id(), want.parms_id());
        assert!(
            got.data().unwrap() == want.data().unwrap(),
            "{name}: bootstrap"
        );
    }
}

#[test]
fn mod_raise_on_the_device_equals_the_host_with_race_hunting() {
    let s = Setup::new(BootstrapPreset::insecure_n12());
    let mut kg = s.keygen();
    let ct = encrypt(&s, &mut kg, &unit_disk_values(9, 2048));
    let want = xehe::ckks::reference::mod_raise(&s.ctx, &ct).unwrap();
    let dev = Evaluator::with_device(
        &s.ctx,
        DeviceContext::new(&s.ctx, common::sim(1, true), 0).unwrap(),
    )
    .unwrap();
    let got = dev.mod_raise(&ct.gpu()).unwrap();
    assert!(got.data().unwrap() == want.data().unwrap());
}

#[test]
fn encrypted_chebyshev_series_stay_within_their_bound() {
    // Degree 15 on [-2, 3] (an affine map first): 6 levels at 2^40 with 50-bit primes.
    let ctx = insecure_context(8192, &[50, 40, 40, 40, 40, 40, 40, 40, 50]);
    let mut kg = KeyGenerator::new(&ctx);
    let (pk, rk) = (kg.create_public_key(), kg.create_relin_keys().unwrap());
    let enc = CkksEncoder::new(&ctx);
    let x: Vec<f64> = (0..4096)
        .map(|i| -2.0 + 5.0 * (i as f64) / 4095.0)
        .collect();
    let ct = Encryptor::new(&ctx, &pk)
        .unwrap()
        .encrypt(&enc.encode(&x, SCALE).unwrap())
        .unwrap();
    let p = Chebyshev::fit(|t| (t * 1.3).sin() * t.exp() / 10.0, 15, -2.0, 3.0);
    let (level, scale) = p.plan(&ctx, 7, SCALE, SCALE).unwrap();
    let y = p
        .evaluate_encrypted(&Evaluator::new(&ctx), &rk, &ct, SCALE)
        .unwrap();
    assert_eq!(
        (
            ctx.get_context_data(y.parms_id()).unwrap().chain_index(),
            y.scale()
        ),
        (level, scale)
    );
    assert!((y.scale() / SCALE - 1.0).abs() < 1e-12);
    let back = decrypt(&enc, &Decryptor::new(&ctx, kg.secret_key()).unwrap(), &y);
    // Fresh noise and 6 rescales at 2^40 with |T_k| ≤ 1 and Σ|c_k| < 4: below 1e-5.
    let worst = x
        .iter()
        .zip(&back)
        .map(|(&v, b)| (p.evaluate(v) - b).abs())
        .fold(0.0, f64::max);
    assert!(worst < 1e-5, "{worst}");
}

#[test]
fn bad_parameters_and_inputs_are_refused_with_typed_errors() {
    let preset = BootstrapPreset::insecure_n12();
    assert!(matches!(
        preset.context(SecurityLevel::Tc128),
        Err(CkksError::Insecure { .. })
    ));
    let s = Setup::new(preset.clone());
    assert!(matches!(
        KeyGenerator::new_sparse(&s.ctx, 0),
        Err(CkksError::InvalidHammingWeight { .. })
    ));
    assert!(matches!(
        KeyGenerator::new_sparse(&s.ctx, 4097),
        Err(CkksError::InvalidHammingWeight { .. })
    ));
    let bad = BootstrapPreset {
        coeff_to_slot_levels: 12,
        ..preset.clone()
    };
    assert!(matches!(
        bad.encryption_parameters(),
        Err(CkksError::InvalidBootstrap { .. })
    ));
    // EvalMod's cosine is even: an odd degree (or none) has no half-degree form.
    for degree in [0, 31, 47, 256] {
        let bad = BootstrapPreset {
            cosine_degree: degree,
            ..preset.clone()
        };
        assert!(
            matches!(
                bad.encryption_parameters(),
                Err(CkksError::InvalidBootstrap { .. })
            ),
            "cosine degree {degree}"
        );
    }
    assert!(matches!(
        Chebyshev::fit(|x| x.cos(), 8, -1.0, 2.0).even_part_in_square(),
        Err(CkksError::InvalidBootstrap { .. })
    ));
    assert!(matches!(
        Chebyshev::from_coefficients(vec![1.0, 1e-30, 0.5], -1.0, 1.0).even_part_in_square(),
        Err(CkksError::InvalidBootstrap { .. })
    ));
    let mut kg = s.keygen();
    let keys = BootstrapKeys::generate(&mut kg, &preset).unwrap();
    // Another preset's context.
    let other = BootstrapPreset::insecure_n13()
        .context(SecurityLevel::None)
        .unwrap();
    let eval = Evaluator::new(&other);
    assert!(matches!(
        Bootstrapper::new(&eval, &keys, &preset),
        Err(CkksError::InvalidBootstrap { .. })
    ));
    // ModRaise wants the base level.
    let ct = {
        let enc = CkksEncoder::new(&s.ctx);
        let pk = kg.create_public_key();
        Encryptor::new(&s.ctx, &pk)
            .unwrap()
            .encrypt(&enc.encode(&[0.5], SCALE).unwrap())
            .unwrap()
    };
    let eval = Evaluator::new(&s.ctx);
    assert!(matches!(
        eval.mod_raise(&ct),
        Err(CkksError::LevelMismatch { .. })
    ));
    // A size-3 ciphertext.
    let b = Bootstrapper::new(&eval, &keys, &preset).unwrap();
    let three = eval.multiply(&ct, &ct).unwrap();
    assert!(matches!(
        b.bootstrap(&three),
        Err(CkksError::WrongCiphertextSize { .. })
    ));
    assert_eq!(
        BootstrapPreset::by_name("n16"),
        Some(BootstrapPreset::n16())
    );
    assert_eq!(BootstrapPreset::by_name("n17"), None);
}

#[test]
fn sparse_slots_bootstrap_within_the_bound_and_on_the_device_word_for_word() {
    for slots in [256usize, 16] {
        let s = Setup::new(BootstrapPreset::insecure_n12().with_slots(slots));
        let mut kg = s.keygen();
        let keys = BootstrapKeys::generate(&mut kg, &s.preset).unwrap();
        // n values, repeated over the 2048 slots (sparse packing).
        let v = unit_disk_values(11, slots);
        let x: Vec<Complex64> = (0..2048).map(|j| v[j % slots]).collect();
        let ct = encrypt(&s, &mut kg, &x);
        let host = Evaluator::new(&s.ctx);
        let want = bootstrap(&host, &keys, &s.preset, &ct);
        check_bootstrapped(&s, &kg, &want, &x);
        if slots == 16 {
            let dev = Evaluator::with_device(
                &s.ctx,
                DeviceContext::new(&s.ctx, common::sim(1, false), 0).unwrap(),
            )
            .unwrap();
            let got = bootstrap(&dev, &keys, &s.preset, &ct.clone().gpu());
            assert!(
                got.data().unwrap() == want.data().unwrap(),
                "cpu-sim, sparse"
            );
        }
    }
    // Counts that cannot work are refused.
    for bad in [0usize, 3, 4, 4096] {
        assert!(matches!(
            BootstrapPreset::insecure_n12()
                .with_slots(bad)
                .encryption_parameters(),
            Err(CkksError::InvalidBootstrap { .. })
        ));
    }
}

/// Encrypts `x` at `level` under `kg`'s secret.
fn encrypt_at(
    ctx: &Context,
    kg: &mut KeyGenerator<'_>,
    x: &[Complex64],
    level: &xehe::ckks::ContextData,
) -> Ciphertext {
    let pt = CkksEncoder::new(ctx)
        .encode_complex_at_level(x, SCALE, level)
        .unwrap();
    Encryptor::new(ctx, &kg.create_public_key())
        .unwrap()
        .encrypt(&pt)
        .unwrap()
}

#[test]
fn encapsulation_switches_to_the_sparse_secret_at_the_base_level_and_back() {
    let s = Setup::new(BootstrapPreset::insecure_n12());
    let seeds = common::key_seeds(2);
    let mut dense = KeyGenerator::insecure_from_seed(&s.ctx, seeds[0]);
    let mut sparse = KeyGenerator::insecure_sparse_from_seed(&s.ctx, 32, seeds[1]).unwrap();
    let to_sparse = sparse
        .create_sparse_switching_keys(dense.secret_key())
        .unwrap();
    let to_dense = dense.create_switching_keys(sparse.secret_key()).unwrap();
    // The key to the sparse secret exists over q0 and the first special prime p0 only: one
    // component of two rows, at log2(q0·p0) bits, though the context has 2 special primes.
    let base = s.ctx.last_context_data();
    assert_eq!(s.ctx.special_prime_count(), 2);
    assert_eq!(to_sparse.parms_id(), base.parms_id());
    assert_eq!(to_sparse.components().count(), 1);
    assert!(to_sparse.components().all(|c| c.len() == 2 * 2 * 4096));
    let q = s.ctx.key_context_data().coeff_modulus();
    let (q0, p0) = (q[0], q[q.len() - 2]);
    assert_eq!(
        q0.bit_count() + p0.bit_count(),
        s.preset.base_bits + s.preset.special_bits
    );
    assert_eq!(to_dense.parms_id(), s.ctx.key_context_data().parms_id());
    let keys = EncapsulationKeys::new(&s.ctx, to_sparse.clone(), to_dense.clone()).unwrap();
    let x = unit_disk_values(13, 2048);
    let top = s.ctx.first_context_data();
    let at_base = encrypt_at(&s.ctx, &mut dense, &x, base);
    let at_top = encrypt_at(&s.ctx, &mut sparse, &x, top);
    let enc = CkksEncoder::new(&s.ctx);
    let dec_dense = Decryptor::new(&s.ctx, dense.secret_key()).unwrap();
    let dec_sparse = Decryptor::new(&s.ctx, sparse.secret_key()).unwrap();
    // Fresh noise plus one key switch at scale 2^40: far below 2^-20 a slot.
    let close = |got: &[Complex64]| precision_bits(got, &x).0;
    let host = Evaluator::new(&s.ctx);
    let under_sparse = keys.switch_to_sparse(&host, &at_base).unwrap();
    assert_eq!(under_sparse.parms_id(), base.parms_id());
    assert!(close(&decrypt_complex(&enc, &dec_sparse, &under_sparse)) > 20.0);
    assert!(close(&decrypt_complex(&enc, &dec_dense, &under_sparse)) < 1.0);
    // The context's own key switching (all K special primes) refuses the one-prime key.
    assert!(host.switch_key(&at_base, &to_sparse).is_err());
    let under_dense = host.switch_key(&at_top, &to_dense).unwrap();
    assert!(close(&decrypt_complex(&enc, &dec_dense, &under_dense)) > 20.0);
    // The whole way: base under s, to s', raised, back to s; decrypts to m + q0·I under s.
    let raised = host
        .switch_key(&host.mod_raise(&under_sparse).unwrap(), &to_dense)
        .unwrap();
    assert_eq!(raised.parms_id(), top.parms_id());
    // The device's words are the host's (cpu-sim with race hunting), twice on one device
    // (the companion context made once and kept).
    let dev = Evaluator::with_device(
        &s.ctx,
        DeviceContext::new(&s.ctx, common::sim(1, true), 0).unwrap(),
    )
    .unwrap();
    for _ in 0..2 {
        let got = keys.switch_to_sparse(&dev, &at_base.clone().gpu()).unwrap();
        assert!(got.is_on_device());
        assert!(got.data().unwrap() == under_sparse.data().unwrap());
        // It stays usable on the device: ModRaise there equals the host's.
        let raised_dev = dev.mod_raise(&got).unwrap();
        assert!(
            raised_dev.data().unwrap() == host.mod_raise(&under_sparse).unwrap().data().unwrap()
        );
    }
    let got = dev.switch_key(&at_top.clone().gpu(), &to_dense).unwrap();
    assert!(got.is_on_device());
    assert!(got.data().unwrap() == under_dense.data().unwrap());
}

#[test]
fn a_sparse_key_over_more_special_primes_is_refused() {
    let s = Setup::new(BootstrapPreset::insecure_n12());
    let mut kg = s.keygen();
    let keys = BootstrapKeys::generate(&mut kg, &s.preset).unwrap();
    let e = keys.encapsulation.clone().unwrap();
    assert!(e.to_sparse.components().all(|c| c.len() == 2 * 2 * 4096));
    let eval = Evaluator::new(&s.ctx);
    assert!(Bootstrapper::new(&eval, &keys, &s.preset).is_ok());
    // The same switch over q0 and both special primes (q0·P): three rows, refused.
    let mut other = KeyGenerator::new(&s.ctx);
    let wide = other.create_base_switching_keys(kg.secret_key()).unwrap();
    assert!(wide.components().all(|c| c.len() == 2 * 3 * 4096));
    let wide_keys = BootstrapKeys {
        encapsulation: Some(EncapsulationKeys::new(&s.ctx, wide, e.to_dense.clone()).unwrap()),
        ..keys.clone()
    };
    assert!(matches!(
        Bootstrapper::new(&eval, &wide_keys, &s.preset),
        Err(CkksError::InvalidBootstrap { .. })
    ));
}

#[test]
fn key_switch_refusals_are_typed() {
    let s = Setup::new(BootstrapPreset::insecure_n12());
    let seeds = common::key_seeds(2);
    let mut dense = KeyGenerator::insecure_from_seed(&s.ctx, seeds[0]);
    let mut sparse = KeyGenerator::insecure_sparse_from_seed(&s.ctx, 32, seeds[1]).unwrap();
    let to_sparse = sparse
        .create_base_switching_keys(dense.secret_key())
        .unwrap();
    let one_prime = sparse
        .create_sparse_switching_keys(dense.secret_key())
        .unwrap();
    let encapsulation = EncapsulationKeys::new(&s.ctx, one_prime, to_sparse.clone()).unwrap();
    let x = unit_disk_values(2, 2048);
    let top = encrypt_at(&s.ctx, &mut dense, &x, s.ctx.first_context_data());
    let dev = Evaluator::with_device(
        &s.ctx,
        DeviceContext::new(&s.ctx, common::sim(1, false), 0).unwrap(),
    )
    .unwrap();
    let host = Evaluator::new(&s.ctx);
    for eval in [&host, &dev] {
        let ct = if eval.device().is_some() {
            top.clone().gpu()
        } else {
            top.clone()
        };
        // A base-level key above the base level.
        assert!(matches!(
            eval.switch_key(&ct, &to_sparse),
            Err(CkksError::LevelMismatch { .. })
        ));
        // A size-3 ciphertext.
        let three = eval.multiply(&ct, &ct).unwrap();
        assert!(matches!(
            eval.switch_key(&three, &to_sparse),
            Err(CkksError::WrongCiphertextSize { .. })
        ));
        // The switch to the sparse secret above the base level.
        assert!(matches!(
            encapsulation.switch_to_sparse(eval, &ct),
            Err(CkksError::InvalidBootstrap { .. })
        ));
    }
    // A key of another context, and a secret of another context.
    let other = BootstrapPreset::insecure_n13()
        .context(SecurityLevel::None)
        .unwrap();
    let mut other_kg = KeyGenerator::new(&other);
    let foreign = other_kg.create_relin_keys().unwrap();
    assert!(matches!(
        host.switch_key(&top, foreign.key()),
        Err(CkksError::ForeignParameters { .. })
    ));
    assert!(matches!(
        dense.create_switching_keys(other_kg.secret_key()),
        Err(CkksError::ForeignParameters { .. })
    ));
    // A device without the operand's device: NoDevice.
    assert!(matches!(
        host.switch_key(&top.clone().gpu(), &to_sparse),
        Err(CkksError::NoDevice { .. })
    ));
}

#[test]
fn bootstrapping_refuses_missing_or_misplaced_encapsulation_keys() {
    let s = Setup::new(BootstrapPreset::insecure_n12());
    let mut kg = s.keygen();
    let keys = BootstrapKeys::generate(&mut kg, &s.preset).unwrap();
    let e = keys.encapsulation.clone().unwrap();
    let eval = Evaluator::new(&s.ctx);
    let missing = BootstrapKeys {
        encapsulation: None,
        ..keys.clone()
    };
    assert!(matches!(
        Bootstrapper::new(&eval, &missing, &s.preset),
        Err(CkksError::InvalidBootstrap { .. })
    ));
    // A key to the sparse secret over the whole chain is refused (it must not exist).
    let misplaced = BootstrapKeys {
        encapsulation: Some(
            EncapsulationKeys::new(&s.ctx, e.to_dense.clone(), e.to_dense.clone()).unwrap(),
        ),
        ..keys.clone()
    };
    assert!(matches!(
        Bootstrapper::new(&eval, &misplaced, &s.preset),
        Err(CkksError::InvalidBootstrap { .. })
    ));
    // The way back made at the base level only cannot switch the raised ciphertext.
    let base_only = KeyGenerator::new(&s.ctx)
        .create_base_switching_keys(kg.secret_key())
        .unwrap();
    let short = BootstrapKeys {
        encapsulation: Some(
            EncapsulationKeys::new(&s.ctx, e.to_sparse.clone(), base_only).unwrap(),
        ),
        ..keys.clone()
    };
    assert!(matches!(
        Bootstrapper::new(&eval, &short, &s.preset),
        Err(CkksError::LevelMismatch { .. })
    ));
    // A sparse-secret preset with a dense secret.
    let sparse_form = BootstrapPreset {
        secret: SecretForm::Sparse,
        hamming_weight: 64,
        ..s.preset.clone()
    };
    assert!(matches!(
        BootstrapKeys::generate(&mut kg, &sparse_form),
        Err(CkksError::InvalidBootstrap { .. })
    ));
}

#[test]
fn the_sparse_secret_form_still_bootstraps_within_the_bound() {
    let s = Setup::new(BootstrapPreset {
        secret: SecretForm::Sparse,
        hamming_weight: 64,
        ..BootstrapPreset::insecure_n12()
    });
    let mut kg = s.keygen();
    let keys = BootstrapKeys::generate(&mut kg, &s.preset).unwrap();
    assert!(keys.encapsulation.is_none());
    let x = unit_disk_values(17, 2048);
    let ct = encrypt(&s, &mut kg, &x);
    let out = bootstrap(&Evaluator::new(&s.ctx), &keys, &s.preset, &ct);
    check_bootstrapped(&s, &kg, &out, &x);
}

#[test]
fn the_production_presets_fit_the_bound_for_uniform_ternary_secrets() {
    let p = BootstrapPreset::n16();
    assert_eq!(p.secret, SecretForm::DenseEncapsulated);
    assert!(p.compute_levels >= 10 && p.compute_bits == 40);
    // The context's own check against the HE standard's 128-bit bound at N = 2^16.
    let ctx = p.context(SecurityLevel::Tc128).unwrap();
    let bits = ctx.key_context_data().total_coeff_modulus_bit_count();
    eprintln!(
        "n16: log2(QP) = {bits}, EvalMod levels {}, levels left {}",
        p.eval_mod_levels().unwrap(),
        p.compute_levels
    );
    assert!(bits <= xehe::primes::CoeffModulus::max_bit_count(65536).unwrap());
    assert_eq!(bits, 1737);
    assert_eq!(
        (p.compute_levels, p.special_primes, p.special_bits),
        (10, 7, 60)
    );
    // dnum = ceil(27 / 7) = 4 digits, each at most 7 · 60 = 420 bits, P = 420 bits.
    let data = ctx.first_context_data().coeff_modulus().len();
    assert_eq!((data, ctx.decomposition_digits(data)), (27, 4));
    // The key to the sparse secret is over q0·p0 only: 50 + 60 = 110 bits.
    let base = ctx.last_context_data();
    assert_eq!(base.coeff_modulus().len(), 1);
    assert_eq!(p.base_bits + p.special_bits, 110);
}

/// n15 fits N = 2^15's 881-bit bound for a uniform ternary secret (the context's own check),
/// with every digit one prime below the one special prime, and the bootstrap's Galois
/// elements those of 2^14 slots (its precision is measured by `xehe bench bootstrap --degree
/// 32768`; its keys, 53 Galois keys of 16 digits, take about 7.5 GB, more than a test here
/// should hold).
#[test]
fn the_n15_preset_fits_the_bound_at_n_2_15() {
    let p = BootstrapPreset::n15();
    assert_eq!(p.secret, SecretForm::DenseEncapsulated);
    assert_eq!((p.degree(), p.slots), (32768, 16384));
    let ctx = p.context(SecurityLevel::Tc128).unwrap();
    let bits = ctx.key_context_data().total_coeff_modulus_bit_count();
    assert!(bits <= xehe::primes::CoeffModulus::max_bit_count(32768).unwrap());
    assert_eq!(bits, 869);
    assert_eq!(p.eval_mod_levels().unwrap(), 9);
    let data = ctx.first_context_data().coeff_modulus().len();
    assert_eq!((data, ctx.decomposition_digits(data)), (16, 16));
    let largest = ctx.first_context_data().coeff_modulus()[..data]
        .iter()
        .map(|m| m.value())
        .max()
        .unwrap();
    assert!(largest < ctx.key_context_data().coeff_modulus()[data].value());
    let elements = Bootstrapper::galois_elements(&ctx, &p).unwrap();
    assert!(elements.iter().all(|&g| g % 2 == 1 && g < 65536));
    assert_eq!(BootstrapPreset::by_name("n15"), Some(p));
}

/// `BootstrapKeys::upload` puts every key on the device at once, the encapsulation keys too
/// (the key to the sparse secret in its companion context there): the device then holds at
/// least the keys' bytes, a second upload adds nothing, and the bootstrap that follows still
/// equals the host's words. Without a device it does nothing.
#[test]
fn bootstrap_keys_upload_every_key_up_front() {
    let s = Setup::new(BootstrapPreset::insecure_n12());
    let mut kg = s.keygen();
    let keys = BootstrapKeys::generate(&mut kg, &s.preset).unwrap();
    let host = Evaluator::new(&s.ctx);
    keys.upload(&host).unwrap();
    let device = DeviceContext::new(&s.ctx, common::sim(1, false), 0).unwrap();
    let dev = Evaluator::with_device(&s.ctx, device.clone()).unwrap();
    let before = device.memcache_stats().unwrap();
    keys.upload(&dev).unwrap();
    let after = device.memcache_stats().unwrap();
    let enc = keys.encapsulation.as_ref().unwrap();
    let words = |k: &xehe::ckks::KSwitchKeys| k.components().map(|c| c.len()).sum::<usize>();
    let key_bytes = 8
        * (words(keys.relin.key())
            + keys
                .galois
                .elements()
                .map(|e| words(keys.galois.key(e).unwrap()))
                .sum::<usize>()
            + words(&enc.to_dense)
            + words(&enc.to_sparse));
    assert!(
        after.held_bytes >= before.held_bytes + key_bytes,
        "{before:?} -> {after:?}, keys {key_bytes} bytes"
    );
    keys.upload(&dev).unwrap();
    let again = device.memcache_stats().unwrap();
    assert_eq!(again.device_allocations, after.device_allocations);
    let x = unit_disk_values(7, 2048);
    let ct = encrypt(&s, &mut kg, &x);
    let got = bootstrap(&dev, &keys, &s.preset, &ct.clone().gpu());
    assert_eq!(
        got.data().unwrap(),
        bootstrap(&host, &keys, &s.preset, &ct).data().unwrap()
    );
}

/// A smaller message ratio (the ciphertext scaled up by 2^k before ModRaise, undone in
/// SlotToCoeff): random slots come back within the stated bound and the device equals the host
/// word for word; a message with every slot equal (one coefficient of Δ·z) loses what the
/// documented sine error says, (2π·z/2^bits)²/6 relative; a ratio below 6, or a scale the
/// scaling up would push past q0/2^5, is refused.
#[test]
fn a_smaller_message_ratio_scales_up_before_mod_raise() {
    let preset = BootstrapPreset::insecure_n12().with_message_ratio(7);
    assert_eq!(preset.scale_up_bits(), 3);
    let s = Setup::new(preset);
    let mut kg = s.keygen();
    let keys = BootstrapKeys::generate(&mut kg, &s.preset).unwrap();
    let x = unit_disk_values(9, 2048);
    let ct = encrypt(&s, &mut kg, &x);
    let host = Evaluator::new(&s.ctx);
    let out = bootstrap(&host, &keys, &s.preset, &ct);
    assert!((out.scale() / ct.scale() - 1.0).abs() < 1e-12);
    check_bootstrapped(&s, &kg, &out, &x);
    let dev = Evaluator::with_device(
        &s.ctx,
        DeviceContext::new(&s.ctx, common::sim(1, false), 0).unwrap(),
    )
    .unwrap();
    assert_eq!(
        bootstrap(&dev, &keys, &s.preset, &ct.clone().gpu())
            .data()
            .unwrap(),
        out.data().unwrap()
    );
    // Every slot 0.8: one coefficient of 0.8·Δ, scaled up to 0.8·q0/2^7 against q0.
    let z = 0.8;
    let flat = vec![Complex64::new(z, 0.0); 2048];
    let out = bootstrap(&host, &keys, &s.preset, &encrypt(&s, &mut kg, &flat));
    let enc = CkksEncoder::new(&s.ctx);
    let dec = Decryptor::new(&s.ctx, kg.secret_key()).unwrap();
    let back = decrypt_complex(&enc, &dec, &out);
    let predicted = z * (2.0 * std::f64::consts::PI * z / 128.0).powi(2) / 6.0;
    let err = (back[0].re - z).abs();
    assert!(
        err > 0.5 * predicted && err < 1.5 * predicted,
        "constant message: error {err:e}, sine error {predicted:e}"
    );
    assert!(matches!(
        BootstrapPreset::insecure_n12()
            .with_message_ratio(5)
            .encryption_parameters(),
        Err(CkksError::InvalidBootstrap { .. })
    ));
    let b = Bootstrapper::new(&host, &keys, &s.preset).unwrap();
    let big = {
        let pk = kg.create_public_key();
        Encryptor::new(&s.ctx, &pk)
            .unwrap()
            .encrypt(
                &enc.encode_at_level(&[0.5], 2f64.powi(43), s.ctx.last_context_data())
                    .unwrap(),
            )
            .unwrap()
    };
    assert!(matches!(
        b.bootstrap(&big),
        Err(CkksError::InvalidBootstrap { .. })
    ));
}
