//! Hybrid key switching (several special primes, digits of K primes): decrypted results within
//! the stated bounds for any key on the host; the device's words equal the host reference's,
//! word for word, on cpu-sim with race hunting and OpenCL (PoCL, Intel's CPU runtime);
//! parameters and keys saved and loaded with xehe's extension; typed errors.
//!
//! The parameters are N = 4096 with five data primes 60,45,45,45,45 and K = 2 or 3 special
//! primes of 60 bits (SecurityLevel::None: small and fast, not secure). With K = 2 the first
//! level has three digits (2, 2, 1 primes), with K = 3 two (3, 2); one level down, 2 and 2
//! (3 and 1): full and partial digits both.

mod common;

use common::fixtures::{decrypt, insecure_context_with_specials, max_error, values, Fixture};
use xehe::ckks::device::DeviceContext;
use xehe::ckks::{
    Ciphertext, CkksEncoder, CkksError, Context, Decryptor, EncryptionParameters, Encryptor,
    Evaluator, GaloisKeys, KeyGenerator, RelinKeys,
};
use xehe::primes::SecurityLevel;

const SCALE: f64 = 1_099_511_627_776.0; // 2^40

/// The data primes of every context here (the module's parameters), before K special primes of
/// 60 bits.
const DATA_BITS: [u32; 5] = [60, 45, 45, 45, 45];

/// The steps with Galois keys (conjugation has one too); 10 = 8 + 2 is composed from them.
const STEPS: [i64; 4] = [1, 2, 8, -3];

#[test]
fn hybrid_key_switching_decrypts_within_its_bounds_for_any_key() {
    for specials in [2, 3] {
        let f = Fixture::new(
            insecure_context_with_specials(4096, &DATA_BITS, &vec![60; specials]),
            &STEPS,
        );
        let (ctx, seed) = (&f.ctx, f.seed);
        let first = ctx.first_context_data();
        assert_eq!(first.coeff_modulus().len(), 5);
        assert_eq!(ctx.special_prime_count(), specials);
        assert_eq!(f.rk.key().components().count(), ctx.decomposition_digits(5));
        let kg = f.keygen();
        let enc = CkksEncoder::new(ctx);
        let encryptor = Encryptor::new(ctx, &f.pk).unwrap();
        let dec = Decryptor::new(ctx, kg.secret_key()).unwrap();
        let eval = Evaluator::new(ctx);
        let slots = enc.slot_count();
        let (x, y) = (values(1, slots), values(2, slots));
        let decode = |ct: &Ciphertext| decrypt(&enc, &dec, ct);
        let top = encryptor
            .encrypt(&enc.encode_at_level(&x, SCALE, first).unwrap())
            .unwrap();
        let cy = encryptor
            .encrypt(&enc.encode_at_level(&y, SCALE, first).unwrap())
            .unwrap();
        // Encryption divides by the special primes' product: error far below 2^-20.
        let e = max_error(&x, &decode(&top));
        assert!(
            e < 2f64.powi(-20),
            "K = {specials}, seed {seed:?}: fresh error {e}"
        );
        for (depth, (cx, cy)) in [
            (top.clone(), cy.clone()),
            (
                eval.mod_switch_to_next(&top).unwrap(),
                eval.mod_switch_to_next(&cy).unwrap(),
            ),
        ]
        .into_iter()
        .enumerate()
        {
            let level = ctx.get_context_data(cx.parms_id()).unwrap();
            let bound = common::rotation_bound(ctx, level, SCALE);
            // Multiply + relinearize: the product within the key-switching bound (at scale²,
            // so the bound is measured at scale 2^80 plus the product's own 2^-20).
            let prod = eval
                .relinearize(&eval.multiply(&cx, &cy).unwrap(), &f.rk)
                .unwrap();
            let want: Vec<f64> = x.iter().zip(&y).map(|(a, b)| a * b).collect();
            let e = max_error(&want, &decode(&prod));
            assert!(
                e < 2f64.powi(-20),
                "K = {specials}, depth {depth}, seed {seed:?}: mul+relin error {e}"
            );
            // Rotations, a composed one (10 = 8 + 2) and conjugation.
            for step in [1i64, -3, 10] {
                let got = decode(&eval.rotate_vector(&cx, step, &f.gk).unwrap());
                let want: Vec<f64> = (0..slots)
                    .map(|i| x[(i as i64 + step).rem_euclid(slots as i64) as usize])
                    .collect();
                let e = max_error(&want, &got);
                // Two switches for the composed step.
                assert!(
                    e < 2.0 * bound + 2f64.powi(-25),
                    "K = {specials}, depth {depth}, step {step}, seed {seed:?}: error {e} (bound {bound})"
                );
            }
            let hoisted = eval.rotate_many(&cx, &[1, 8, -3], &f.gk).unwrap();
            for (ct, step) in hoisted.iter().zip([1i64, 8, -3]) {
                let got = decode(ct);
                let want: Vec<f64> = (0..slots)
                    .map(|i| x[(i as i64 + step).rem_euclid(slots as i64) as usize])
                    .collect();
                let e = max_error(&want, &got);
                assert!(
                    e < bound + 2f64.powi(-25),
                    "K = {specials}, depth {depth}, hoisted step {step}, seed {seed:?}: error {e} (bound {bound})"
                );
            }
        }
    }
}

#[test]
fn device_hybrid_key_switching_is_the_host_reference_word_for_word() {
    for specials in [2, 3] {
        let f = Fixture::with_seed(
            insecure_context_with_specials(4096, &DATA_BITS, &vec![60; specials]),
            [specials as u8; 32],
            &STEPS,
        );
        let ctx = &f.ctx;
        let enc = CkksEncoder::new(ctx);
        let slots = enc.slot_count();
        let first = ctx.first_context_data();
        let lower = ctx.next_context_data(first).unwrap();
        let plains = vec![
            enc.encode_at_level(&values(3, slots), SCALE, first)
                .unwrap(),
            enc.encode_at_level(&values(4, slots), SCALE, first)
                .unwrap(),
            enc.encode_at_level(&values(5, slots), SCALE, lower)
                .unwrap(),
        ];
        let key = [5, 0x9E37_79B9_7F4A_7C15, specials as u64, 1];
        let host_enc = Encryptor::new(ctx, &f.pk).unwrap();
        let cts = host_enc
            .insecure_encrypt_many_with_key(&plains, key)
            .unwrap();
        let host = Evaluator::new(ctx);
        let want_prod = host
            .relinearize(&host.multiply(&cts[0], &cts[1]).unwrap(), &f.rk)
            .unwrap();
        let want_rot: Vec<Ciphertext> = [&cts[0], &cts[2]]
            .iter()
            .map(|c| host.rotate_vector(c, -3, &f.gk).unwrap())
            .collect();
        let want_conj = host.complex_conjugate(&cts[2], &f.gk).unwrap();
        // Ten steps with keys (repeats allowed): two ks_mac_steps launches, the second partial.
        let steps = [1i64, 10, 0, 8, 2, -3, 1, 8, 2, -3, 2, 1];
        let want_many = xehe::ckks::reference::rotate_many(ctx, &cts[2], &steps, &f.gk).unwrap();

        // The small local memory's plans divide the hoisted steps in one transform; the default's
        // (one stage at N = 4096) one transform a step.
        let mut backends = vec![common::sim(1, true), common::sim_small_local()];
        if let Some(cl) = common::opencl(None) {
            backends.push(cl);
        }
        for b in backends {
            let name = b.device_name();
            let device = DeviceContext::new(ctx, b, 0).unwrap();
            // Public-key encryption with K special primes (the first level divides by all of
            // them, the lower level by one prime).
            let dev_enc = Encryptor::new(ctx, &f.pk)
                .unwrap()
                .on_device(device.clone())
                .unwrap();
            let got = dev_enc
                .insecure_encrypt_many_with_key(&plains, key)
                .unwrap();
            for (i, (g, w)) in got.iter().zip(&cts).enumerate() {
                assert!(
                    g.data().unwrap() == w.data().unwrap(),
                    "{name}, K = {specials}: encryption {i}"
                );
            }
            let dev = Evaluator::with_device(ctx, device).unwrap();
            let (a, b2, c) = (
                cts[0].clone().gpu(),
                cts[1].clone().gpu(),
                cts[2].clone().gpu(),
            );
            let prod = dev
                .relinearize(&dev.multiply(&a, &b2).unwrap(), &f.rk)
                .unwrap();
            assert!(prod.is_on_device());
            assert!(
                prod.data().unwrap() == want_prod.data().unwrap(),
                "{name}, K = {specials}: mul + relin"
            );
            for (ct, want) in [&a, &c].into_iter().zip(&want_rot) {
                let got = dev.rotate_vector(ct, -3, &f.gk).unwrap();
                assert!(
                    got.data().unwrap() == want.data().unwrap(),
                    "{name}, K = {specials}: rotation at {} primes",
                    ct.rns_count()
                );
            }
            let conj = dev.complex_conjugate(&c, &f.gk).unwrap();
            assert!(conj.data().unwrap() == want_conj.data().unwrap());
            let many = dev.rotate_many(&c, &steps, &f.gk).unwrap();
            for ((g, w), s) in many.iter().zip(&want_many).zip(steps) {
                assert!(
                    g.data().unwrap() == w.data().unwrap(),
                    "{name}, K = {specials}: hoisted step {s}"
                );
            }
        }
    }
}

#[test]
fn device_relinearize_rescale_is_relinearize_then_rescale_word_for_word() {
    // K = 1 takes the two steps; K = 2 and 3 the fused division, at five primes (three and two
    // digits) and four (two and two).
    for specials in [1, 2, 3] {
        let f = Fixture::with_seed(
            insecure_context_with_specials(4096, &DATA_BITS, &vec![60; specials]),
            [0x40 + specials as u8; 32],
            &[],
        );
        let ctx = &f.ctx;
        let enc = CkksEncoder::new(ctx);
        let slots = enc.slot_count();
        let first = ctx.first_context_data();
        let lower = ctx.next_context_data(first).unwrap();
        let plains = vec![
            enc.encode_at_level(&values(6, slots), SCALE, first)
                .unwrap(),
            enc.encode_at_level(&values(7, slots), SCALE, first)
                .unwrap(),
            enc.encode_at_level(&values(8, slots), SCALE, lower)
                .unwrap(),
        ];
        let key = [9, 0x9E37_79B9_7F4A_7C15, specials as u64, 2];
        let cts = Encryptor::new(ctx, &f.pk)
            .unwrap()
            .insecure_encrypt_many_with_key(&plains, key)
            .unwrap();
        let host = Evaluator::new(ctx);
        let products = [
            host.multiply(&cts[0], &cts[1]).unwrap(),
            host.square(&cts[2]).unwrap(),
        ];
        let want: Vec<Ciphertext> = products
            .iter()
            .map(|p| {
                host.rescale_to_next(&host.relinearize(p, &f.rk).unwrap())
                    .unwrap()
            })
            .collect();
        for (p, w) in products.iter().zip(&want) {
            let got = host.relinearize_rescale(p, &f.rk).unwrap();
            assert!(
                got.data().unwrap() == w.data().unwrap(),
                "host, K = {specials}"
            );
        }
        // The products' values, so that a wrong rescale cannot pass as equal words of two
        // wrong results.
        let kg = KeyGenerator::insecure_from_seed(ctx, f.seed);
        let dec = Decryptor::new(ctx, kg.secret_key()).unwrap();
        let square = values(8, slots).iter().map(|v| v * v).collect::<Vec<_>>();
        let got = decrypt(&enc, &dec, &want[1]);
        assert!(max_error(&got, &square) < 1e-6, "K = {specials}");

        let mut backends = vec![common::sim(1, true), common::sim_small_local()];
        if let Some(cl) = common::opencl(None) {
            backends.push(cl);
        }
        for b in backends {
            let name = b.device_name();
            let device = DeviceContext::new(ctx, b, 0).unwrap();
            let dev = Evaluator::with_device(ctx, device).unwrap();
            for (p, w) in products.iter().zip(&want) {
                let got = dev.relinearize_rescale(&p.clone().gpu(), &f.rk).unwrap();
                assert!(got.is_on_device());
                assert_eq!(got.parms_id(), w.parms_id());
                assert_eq!(got.scale(), w.scale());
                assert!(
                    got.data().unwrap() == w.data().unwrap(),
                    "{name}, K = {specials}: relinearize + rescale at {} primes",
                    p.rns_count()
                );
            }
            // At the last level there is nothing to rescale to.
            let last = host
                .mod_switch_to(&products[1], ctx.last_context_data().parms_id())
                .unwrap();
            assert!(matches!(
                dev.relinearize_rescale(&last.gpu(), &f.rk),
                Err(CkksError::EndOfModulusChain { .. })
            ));
        }
    }
}

#[test]
fn parameters_and_keys_with_several_special_primes_save_and_load() {
    let ctx = insecure_context_with_specials(4096, &DATA_BITS, &[60, 60]);
    let parms = ctx.key_context_data().parms().clone();
    let mut bytes = Vec::new();
    parms
        .save(&mut bytes, xehe::ckks::serialize::ComprMode::None)
        .unwrap();
    let back = EncryptionParameters::load(&mut bytes.as_slice()).unwrap();
    assert_eq!(back, parms);
    assert_eq!(back.special_prime_count(), 2);
    assert_eq!(back.parms_id(), ctx.key_context_data().parms_id());
    // One special prime: SEAL's bytes, no extension word.
    let seal = EncryptionParameters::new(4096, parms.coeff_modulus().to_vec());
    let mut seal_bytes = Vec::new();
    seal.save(&mut seal_bytes, xehe::ckks::serialize::ComprMode::None)
        .unwrap();
    assert_eq!(seal_bytes.len() + 16 + 8, bytes.len());

    let mut kg = KeyGenerator::insecure_from_seed(&ctx, [7; 32]);
    let rk = kg.create_relin_keys().unwrap();
    let gk = kg.create_galois_keys_for_steps(&[1, -1], false).unwrap();
    let mut rk_bytes = Vec::new();
    rk.save(&mut rk_bytes, xehe::ckks::serialize::ComprMode::None)
        .unwrap();
    let rk_back = RelinKeys::load(&ctx, &mut rk_bytes.as_slice()).unwrap();
    assert!(rk_back.key().components().eq(rk.key().components()));
    let mut gk_bytes = Vec::new();
    gk.save(&mut gk_bytes, xehe::ckks::serialize::ComprMode::Zstd)
        .unwrap();
    let gk_back = GaloisKeys::load(&ctx, &mut gk_bytes.as_slice()).unwrap();
    assert_eq!(
        gk_back.elements().collect::<Vec<_>>(),
        gk.elements().collect::<Vec<_>>()
    );

    // The same primes with one special prime are another context: its keys are refused here
    // and these keys there.
    let one = Context::new(&seal, SecurityLevel::None).unwrap();
    assert!(RelinKeys::load(&one, &mut rk_bytes.as_slice()).is_err());
    let mut one_kg = KeyGenerator::insecure_from_seed(&one, [7; 32]);
    let mut one_bytes = Vec::new();
    one_kg
        .create_relin_keys()
        .unwrap()
        .save(&mut one_bytes, xehe::ckks::serialize::ComprMode::None)
        .unwrap();
    assert!(RelinKeys::load(&ctx, &mut one_bytes.as_slice()).is_err());

    // A count the primes cannot hold is refused when read.
    let mut bad = bytes.clone();
    let at = bad.len() - 8;
    bad[at..].copy_from_slice(&7u64.to_le_bytes());
    let err = EncryptionParameters::load(&mut bad.as_slice()).unwrap_err();
    assert!(err.to_string().contains("special primes"), "{err}");
}

#[test]
fn special_prime_counts_are_checked() {
    let q = xehe::primes::CoeffModulus::create(4096, &[40, 30, 30]).unwrap();
    for count in [0, 3, 4, 17] {
        let parms = EncryptionParameters::new(4096, q.clone()).with_special_primes(count);
        assert!(
            matches!(
                Context::new(&parms, SecurityLevel::None),
                Err(CkksError::InvalidSpecialPrimeCount { .. })
            ),
            "{count} special primes"
        );
    }
    // The special primes count towards the security budget: 8192 allows 218 bits at 128-bit
    // security, so five 40-bit data primes with two 60-bit special primes (320 bits) are
    // refused even though the data primes alone (200 bits) would fit.
    let parms = EncryptionParameters::with_bit_sizes(8192, &[40, 40, 40, 40, 40, 60, 60])
        .unwrap()
        .with_special_primes(2);
    assert!(matches!(
        Context::new(&parms, SecurityLevel::Tc128),
        Err(CkksError::Insecure { .. })
    ));
    // Two special primes leave two levels for [40, 30 | 30, 30]... and the chain has the key
    // level, then the data levels one prime fewer each time.
    let parms = EncryptionParameters::with_bit_sizes(4096, &[40, 30, 30, 30])
        .unwrap()
        .with_special_primes(2);
    let ctx = Context::new(&parms, SecurityLevel::None).unwrap();
    let sizes: Vec<usize> = ctx.chain().map(|d| d.coeff_modulus().len()).collect();
    assert_eq!(sizes, [4, 2, 1]);
    assert_eq!(ctx.key_context_data().chain_index(), 2);
}
