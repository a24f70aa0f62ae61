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
    let mut backends = vec![common::sim(1, true)];
    if let Some(cl) = common::opencl(None) {
        backends.push(cl);
    }
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
    let mut backends = vec![common::sim(1, true)];
    if let Some(cl) = common::opencl(None) {
        backends.push(cl);
    }
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
