//! Rotations on the device by steps without a key of their own: composed as on the host.

mod common;

use common::fixtures::{insecure_context, values, words};
use xehe::ckks::device::DeviceContext;
use xehe::ckks::{CkksEncoder, CkksError, Encryptor, Evaluator, KeyGenerator};

/// Rotations by steps without their own key compose on the device as on the host (SEAL's
/// non-adjacent form of the step over the default power-of-two keys), word for word, on
/// cpu-sim (race hunting on) and OpenCL; a one-term step without its key stays a typed error.
#[test]
fn composed_rotations_match_the_host_on_the_device() {
    let ctx = insecure_context(4096, &[50, 40, 50]);
    let mut kg = KeyGenerator::insecure_from_seed(&ctx, common::key_seeds(1)[0]);
    let gk = kg.create_galois_keys().unwrap();
    let few = kg.create_galois_keys_for_steps(&[1], false).unwrap();
    let pk = kg.create_public_key();
    let enc = CkksEncoder::new(&ctx);
    let pt = enc
        .encode(&values(5, enc.slot_count()), 2f64.powi(30))
        .unwrap();
    let ct = Encryptor::new(&ctx, &pk).unwrap().encrypt(&pt).unwrap();
    let host = Evaluator::new(&ctx);
    let backends = common::sim_and_opencl(true);
    for b in backends {
        let dev = Evaluator::with_device(&ctx, DeviceContext::new(&ctx, b, 0).unwrap()).unwrap();
        let g = ct.clone().gpu();
        for step in [3i64, -7, 100] {
            assert_eq!(
                words(&dev.rotate_vector(&g, step, &gk).unwrap()),
                words(&host.rotate_vector(&ct, step, &gk).unwrap()),
                "step {step}"
            );
        }
        assert!(matches!(
            dev.rotate_vector(&g, 2, &few),
            Err(CkksError::MissingGaloisKey { .. })
        ));
    }
}

/// Automorphisms by Galois element (the FFT order's rotations, odd powers of 2N − 3, are a
/// rotation and a conjugation of SEAL's slots): one and hoisted, on the device word for word as
/// on the host, decrypting to the permuted slots; elements that are not Galois elements and
/// elements without a key are typed errors on both.
#[test]
fn galois_elements_apply_alone_and_hoisted_as_on_the_host() {
    use xehe::ckks::{galois_elt_from_fft_step, galois_elt_from_step, Decryptor};
    let ctx = insecure_context(4096, &[50, 40, 50]);
    let n = 4096;
    let mut kg = KeyGenerator::insecure_from_seed(&ctx, common::key_seeds(1)[0]);
    let elements = [
        galois_elt_from_fft_step(n, 1),
        galois_elt_from_fft_step(n, 2),
        galois_elt_from_fft_step(n, -5),
        1,
    ];
    let gk = kg.create_galois_keys_for_elements(&elements).unwrap();
    // An even FFT step is SEAL's rotation by it.
    assert_eq!(elements[1], galois_elt_from_step(n, 2));
    let pk = kg.create_public_key();
    let enc = CkksEncoder::new(&ctx);
    let slots = enc.slot_count();
    let x = values(6, slots);
    let ct = Encryptor::new(&ctx, &pk)
        .unwrap()
        .encrypt(&enc.encode(&x, 2f64.powi(30)).unwrap())
        .unwrap();
    let host = Evaluator::new(&ctx);
    let dec = Decryptor::new(&ctx, kg.secret_key()).unwrap();
    let hoisted = host.apply_galois_many(&ct, &elements, &gk).unwrap();
    let bound = common::rotation_bound(&ctx, ctx.first_context_data(), 2f64.powi(30));
    // Real slots: the FFT order's rotation by s is SEAL's rotation by s (its conjugation
    // leaves real slots alone).
    for (r, s) in hoisted.iter().zip([1i64, 2, -5, 0]) {
        let back = enc.decode(&dec.decrypt(r).unwrap()).unwrap();
        let want = x[s.rem_euclid(slots as i64) as usize];
        assert!(
            (back[0] - want).abs() < bound,
            "step {s}: {} vs {want}",
            back[0]
        );
    }
    let backends = common::sim_and_opencl(true);
    for b in backends {
        let dev = Evaluator::with_device(&ctx, DeviceContext::new(&ctx, b, 0).unwrap()).unwrap();
        let g = ct.clone().gpu();
        let on_device = dev.apply_galois_many(&g, &elements, &gk).unwrap();
        for (d, h) in on_device.iter().zip(&hoisted) {
            assert_eq!(words(d), words(h));
        }
        assert_eq!(
            words(&dev.apply_galois(&g, elements[0], &gk).unwrap()),
            words(&host.apply_galois(&ct, elements[0], &gk).unwrap())
        );
        for eval in [&host, &dev] {
            for bad in [2u64, 2 * n as u64 + 1] {
                assert!(matches!(
                    eval.apply_galois(&g, bad, &gk),
                    Err(CkksError::InvalidGaloisElement { galois_elt, .. }) if galois_elt == bad
                ));
                assert!(matches!(
                    eval.apply_galois_many(&g, &[1, bad], &gk),
                    Err(CkksError::InvalidGaloisElement { .. })
                ));
            }
            assert!(matches!(
                eval.apply_galois_many(&g, &[galois_elt_from_fft_step(n, 3)], &gk),
                Err(CkksError::MissingGaloisKey { .. })
            ));
        }
    }
}

/// A sum of automorphisms divided by P once (`apply_galois_sum`, a linear transform's giant
/// steps), with one and with two special primes: it decrypts to the sum of the permuted slots
/// within the bound of one rotation per term, equals the host's words on the device (cpu-sim
/// with race hunting, OpenCL), and refuses bad terms with typed errors on both.
#[test]
fn galois_sums_divide_by_p_once_as_on_the_host() {
    use common::fixtures::insecure_context_with_specials;
    use xehe::ckks::{galois_elt_from_fft_step, Decryptor};
    let n = 4096;
    for ctx in [
        insecure_context(n, &[50, 40, 50]),
        insecure_context_with_specials(n, &[50, 40, 40], &[50, 50]),
    ] {
        let mut kg = KeyGenerator::insecure_from_seed(&ctx, common::key_seeds(1)[0]);
        let (g1, g2) = (
            galois_elt_from_fft_step(n, 1),
            galois_elt_from_fft_step(n, -6),
        );
        let gk = kg.create_galois_keys_for_elements(&[g1, g2]).unwrap();
        let pk = kg.create_public_key();
        let enc = CkksEncoder::new(&ctx);
        let slots = enc.slot_count();
        let scale = 2f64.powi(30);
        let encryptor = Encryptor::new(&ctx, &pk).unwrap();
        let xs: Vec<Vec<f64>> = (0..3).map(|i| values(20 + i, slots)).collect();
        let cts: Vec<_> = xs
            .iter()
            .map(|x| encryptor.encrypt(&enc.encode(x, scale).unwrap()).unwrap())
            .collect();
        let terms = [(&cts[0], g1), (&cts[1], 1), (&cts[2], g2)];
        let host = Evaluator::new(&ctx);
        let sum = host.apply_galois_sum(&terms, &gk).unwrap();
        // Real slots: the FFT order's rotation by s is SEAL's rotation by s.
        let back = enc
            .decode(
                &Decryptor::new(&ctx, kg.secret_key())
                    .unwrap()
                    .decrypt(&sum)
                    .unwrap(),
            )
            .unwrap();
        let bound = 3.0 * common::rotation_bound(&ctx, ctx.first_context_data(), scale);
        for j in [0usize, 1, slots - 1] {
            let at = |x: &Vec<f64>, s: i64| x[(j as i64 + s).rem_euclid(slots as i64) as usize];
            let want = at(&xs[0], 1) + at(&xs[1], 0) + at(&xs[2], -6);
            assert!(
                (back[j] - want).abs() < bound,
                "slot {j}: {} vs {want}",
                back[j]
            );
        }
        let backends = common::sim_and_opencl(true);
        for b in backends {
            let dev =
                Evaluator::with_device(&ctx, DeviceContext::new(&ctx, b, 0).unwrap()).unwrap();
            let g: Vec<_> = cts.iter().map(|c| c.clone().gpu()).collect();
            let on_device = dev
                .apply_galois_sum(&[(&g[0], g1), (&g[1], 1), (&g[2], g2)], &gk)
                .unwrap();
            assert_eq!(words(&on_device), words(&sum));
            // Without rotations it is an addition; one term alone is itself.
            assert_eq!(
                words(
                    &dev.apply_galois_sum(&[(&g[0], 1), (&g[1], 1)], &gk)
                        .unwrap()
                ),
                words(&host.add(&cts[0], &cts[1]).unwrap())
            );
            assert_eq!(
                words(&dev.apply_galois_sum(&[(&g[2], 1)], &gk).unwrap()),
                words(&cts[2])
            );
            let lower = host.mod_switch_to_next(&cts[1]).unwrap();
            let rescaled = {
                let mut c = cts[1].clone();
                c.set_scale(scale * 2.0).unwrap();
                c
            };
            let three = host.multiply(&cts[0], &cts[1]).unwrap();
            for eval in [&host, &dev] {
                assert!(matches!(
                    eval.apply_galois_sum(&[], &gk),
                    Err(CkksError::WrongSize { .. })
                ));
                assert!(matches!(
                    eval.apply_galois_sum(&[(&g[0], g1), (&lower, g2)], &gk),
                    Err(CkksError::LevelMismatch { .. })
                ));
                assert!(matches!(
                    eval.apply_galois_sum(&[(&g[0], g1), (&rescaled, 1)], &gk),
                    Err(CkksError::ScaleMismatch { .. })
                ));
                assert!(matches!(
                    eval.apply_galois_sum(&[(&g[0], galois_elt_from_fft_step(n, 3))], &gk),
                    Err(CkksError::MissingGaloisKey { .. })
                ));
                assert!(matches!(
                    eval.apply_galois_sum(&[(&g[0], 4)], &gk),
                    Err(CkksError::InvalidGaloisElement { .. })
                ));
                assert!(matches!(
                    eval.apply_galois_sum(&[(&three, 1)], &gk),
                    Err(CkksError::WrongCiphertextSize { .. })
                ));
            }
        }
    }
}
