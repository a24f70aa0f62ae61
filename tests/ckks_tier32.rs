//! 32-bit-tier chains on the host (issue 41): levels as windows of the key level's primes,
//! rational rescales (drop D, restore R) that track scale·R/D, and key switching over windows.
//!
//! Stated bound: encrypt → multiply → relinearize → rescale, at each level's default scale
//! (≈ 2^40) with slots in [−1, 1], decrypts within 2^-20 of the product. The dominant term is
//! the rescale's rounding ε0 + ε1·s, with ε in [−2.5, 1.5] where four terminals are dropped
//! (the fast rounding's range for four primes): about 1.2·√(2N/3)·√N ≈ 2^12 per slot for a
//! ternary secret at N = 2^12, 2^14.6 at six standard deviations, 2^-25.4 against the scale;
//! fresh and key-switching noise are smaller. Measured: 2^-24.9 at worst over three keys. The
//! bound keeps a factor of 2^5 over the estimate, for any key.

mod common;

use common::fixtures::{decrypt, max_error, values};
use xehe::ckks::reference::{
    mod_switch_to_next, multiply, relinearize, rescale_to_next, rotate_many, rotate_vector,
};
use xehe::ckks::{
    check_scales, CkksEncoder, CkksError, Context, Decryptor, Encryptor, KeyGenerator,
};
use xehe::primes::{FamilyPreset, SecurityLevel, TIER32_RATIO_BOUND_BITS, TIER32_SCALE_BOUND_BITS};

fn insecure() -> (Context, xehe::primes::LevelFamily) {
    let f = FamilyPreset::InsecureN12W32.family().unwrap();
    (Context::from_family(&f, SecurityLevel::None).unwrap(), f)
}

#[test]
fn chain_levels_are_the_family_windows() {
    let (ctx, f) = insecure();
    assert!(ctx.is_tier32());
    let key = ctx.key_context_data();
    assert_eq!(key.coeff_modulus(), f.key_primes().as_slice());
    assert_eq!(ctx.special_prime_count(), f.specials().len());
    assert_eq!(
        ctx.key_data_prime_count(),
        f.mains().len() + f.terminals().len()
    );
    let mut ids = std::collections::HashSet::new();
    for level in ctx.chain().skip(1) {
        let i = level.chain_index();
        let fl = &f.levels()[i];
        assert_eq!(level.window(), fl.window);
        assert_eq!(level.layout(), Some(fl.layout));
        assert_eq!(level.coeff_modulus(), &f.key_primes()[fl.window.clone()]);
        assert_eq!(level.ntt_tables().len(), level.coeff_modulus().len());
        for (t, m) in level.ntt_tables().iter().zip(level.coeff_modulus()) {
            assert_eq!(t.modulus(), m);
        }
        let s = ctx.default_scale(i).unwrap();
        assert!((s.log2() - fl.scale_log2).abs() < 1e-9);
        assert!((s.log2() - 40.0).abs() <= TIER32_SCALE_BOUND_BITS);
        match level.rational_rescale() {
            Some((_, factor)) => {
                assert!(i > 0);
                assert!((factor.log2() - 40.0).abs() <= TIER32_RATIO_BOUND_BITS);
                // Level i's default scale, squared and rescaled, is level i − 1's.
                check_scales(s * s / factor, ctx.default_scale(i - 1).unwrap()).unwrap();
            }
            None => assert_eq!(i, 0),
        }
        assert!(ids.insert(level.parms_id()));
    }
    // SEAL chains are prefix windows.
    let seal = common::fixtures::context(8192, &[60, 40, 40, 60]);
    assert!(!seal.is_tier32());
    for level in seal.chain() {
        assert_eq!(level.window(), 0..level.coeff_modulus().len());
        assert!(level.rational_rescale().is_none());
    }
    assert_eq!(seal.default_scale(0), None);
}

#[test]
fn security_is_checked_on_log2_qp() {
    let (_, f) = insecure();
    assert!(matches!(
        Context::from_family(&f, SecurityLevel::Tc128),
        Err(CkksError::Insecure { .. })
    ));
    // Degrees below 2^12 have no CKKS context, whatever the family.
    let small =
        xehe::primes::level_family(2048, 40, &xehe::primes::LevelLayout::ladder40(2), 1).unwrap();
    assert!(matches!(
        Context::from_family(&small, SecurityLevel::None),
        Err(CkksError::InvalidDegree { .. })
    ));
    let f15 = FamilyPreset::N15W32.family().unwrap();
    let ctx = Context::from_family(&f15, SecurityLevel::Tc128).unwrap();
    let bits = ctx.key_context_data().total_coeff_modulus_bit_count();
    assert_eq!(bits, f15.key_bit_count());
    assert!(bits <= xehe::primes::CoeffModulus::max_bit_count(1 << 15).unwrap());
}

#[test]
fn multiply_relinearize_rescale_down_the_chain() {
    let (ctx, _) = insecure();
    let enc = CkksEncoder::new(&ctx);
    let slots = 2048;
    for seed in [[1u8; 32], [2; 32], [3; 32]] {
        let mut kg = KeyGenerator::insecure_from_seed(&ctx, seed);
        let (pk, rk) = (kg.create_public_key(), kg.create_relin_keys().unwrap());
        let public = Encryptor::new(&ctx, &pk).unwrap();
        let symmetric = Encryptor::symmetric(&ctx, kg.secret_key()).unwrap();
        let dec = Decryptor::new(&ctx, kg.secret_key()).unwrap();
        let top = ctx.first_context_data();
        let mut want = values(u64::from(seed[0]), slots);
        let scale = ctx.default_scale(top.chain_index()).unwrap();
        let mut ct = public
            .encrypt(&enc.encode_at_level(&want, scale, top).unwrap())
            .unwrap();
        assert!(max_error(&decrypt(&enc, &dec, &ct), &want) < 2f64.powi(-20));
        for step in 0..top.chain_index() {
            let level = ctx.get_context_data(ct.parms_id()).unwrap();
            let i = level.chain_index();
            let y = values(100 + step as u64, slots);
            let cy = symmetric
                .encrypt(
                    &enc.encode_at_level(&y, ctx.default_scale(i).unwrap(), level)
                        .unwrap(),
                )
                .unwrap();
            let prod = relinearize(&ctx, &multiply(&ctx, &ct, &cy).unwrap(), &rk).unwrap();
            ct = rescale_to_next(&ctx, &prod).unwrap();
            for (w, b) in want.iter_mut().zip(&y) {
                *w *= b;
            }
            let next = ctx.get_context_data(ct.parms_id()).unwrap();
            assert_eq!(next.chain_index(), i - 1);
            // scale·R/D lands on the next level's default scale.
            check_scales(ct.scale(), ctx.default_scale(i - 1).unwrap()).unwrap();
            let err = max_error(&decrypt(&enc, &dec, &ct), &want);
            assert!(
                err < 2f64.powi(-20),
                "seed {seed:?}, level {i}: error {err}"
            );
        }
        assert!(matches!(
            mod_switch_to_next(&ctx, &ct),
            Err(CkksError::Unsupported { .. })
        ));
    }
}

/// Key switching over windows that do not start at the key level's first prime: rotations
/// (single and hoisted) at every level decrypt to the rotated slots within 2^-16.
///
/// At the ciphertext's own scale (unlike relinearization, whose noise a rescale divides) the
/// key switch adds Σ_j d_j·e_j / P, and this family's digits (two primes of up to 30 bits) are
/// as large as P (two specials of 29.9 bits): per coefficient about √(dnum·N)·σ·(Q_j/P) ≈
/// 2^9, times √N in a slot and six standard deviations, ≈ 2^-20 against 2^40 (measured:
/// 2^-19.8 at worst). The bound keeps 2^4 over that; a wrong digit or key row would give
/// errors near 1.
#[test]
fn rotations_switch_keys_over_windows() {
    let (ctx, _) = insecure();
    let enc = CkksEncoder::new(&ctx);
    let mut kg = KeyGenerator::insecure_from_seed(&ctx, [7; 32]);
    let gk = kg.create_galois_keys_for_steps(&[1, -3], false).unwrap();
    let e = Encryptor::symmetric(&ctx, kg.secret_key()).unwrap();
    let dec = Decryptor::new(&ctx, kg.secret_key()).unwrap();
    let x = values(9, 2048);
    for level in ctx.chain().skip(1) {
        let scale = ctx.default_scale(level.chain_index()).unwrap();
        let ct = e
            .encrypt(&enc.encode_at_level(&x, scale, level).unwrap())
            .unwrap();
        let steps = [1i64, -3];
        let hoisted = rotate_many(&ctx, &ct, &steps, &gk).unwrap();
        for (&step, h) in steps.iter().zip(&hoisted) {
            let want: Vec<f64> = (0..2048)
                .map(|j| x[(j as i64 + step).rem_euclid(2048) as usize])
                .collect();
            for got in [rotate_vector(&ctx, &ct, step, &gk).unwrap(), h.clone()] {
                let err = max_error(&decrypt(&enc, &dec, &got), &want);
                assert!(
                    err < 2f64.powi(-16),
                    "level {}, step {step}: error {err}",
                    level.chain_index()
                );
            }
        }
    }
}

/// A device pool takes the chain too (tests/ckks_device_tier32.rs checks every device
/// operation): a product relinearized and rescaled on the pool's tile is the host's, word for
/// word.
#[test]
fn a_device_pool_runs_the_chain() {
    let (ctx, _) = insecure();
    let options = xehe::runtime::OpenOptions {
        backend: xehe::runtime::BackendChoice::CpuSim,
        ..Default::default()
    };
    let pool = xehe::runtime::pool::DevicePool::single(&options).unwrap();
    let evaluators = xehe::ckks::pool::EvaluatorPool::new(&ctx, &pool).unwrap();
    let mut kg = KeyGenerator::insecure_from_seed(&ctx, [5; 32]);
    let (pk, rk) = (kg.create_public_key(), kg.create_relin_keys().unwrap());
    let enc = CkksEncoder::new(&ctx);
    let top = ctx.first_context_data();
    let scale = ctx.default_scale(top.chain_index()).unwrap();
    let pt = enc
        .encode_at_level(&values(4, enc.slot_count()), scale, top)
        .unwrap();
    let ct = Encryptor::new(&ctx, &pk).unwrap().encrypt(&pt).unwrap();
    let product = multiply(&ctx, &ct, &ct).unwrap();
    let want = rescale_to_next(&ctx, &relinearize(&ctx, &product, &rk).unwrap()).unwrap();
    let job = |e: &xehe::ckks::Evaluator<'_>| {
        let g = ct.clone().gpu();
        e.relinearize_rescale(&e.multiply(&g, &g)?, &rk)
    };
    let got = evaluators.run([job]).into_iter().next().unwrap().unwrap();
    assert!(got.is_on_device());
    assert_eq!(got.data().unwrap(), want.data().unwrap());
}
