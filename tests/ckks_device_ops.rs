//! The device evaluator's operations: every one bit for bit against the host reference on
//! cpu-sim (race hunting on and off) and OpenCL, with profiling on and off, and decrypted
//! results within stated bounds.

mod common;

use common::fixtures::{
    context, decrypt, decrypt_complex, insecure_context, max_complex_error, max_error, values,
    words, Fixture, STEPS,
};
use std::sync::Arc;
use xehe::ckks::device::DeviceContext;
use xehe::ckks::{Ciphertext, CkksEncoder, Complex64, Decryptor, Encryptor, Evaluator};
use xehe::runtime::opencl::{OpenClBackend, OpenClOptions};
use xehe::runtime::sim::{SimBackend, SimOptions};
use xehe::runtime::Backend;

/// Every operation on the device (operands marked gpu) against the host evaluator, word for
/// word, at the first level and one level down.
fn every_operation_matches_host(f: &Fixture, device: Arc<DeviceContext>) {
    let ctx = &f.ctx;
    let host = Evaluator::new(ctx);
    let dev = Evaluator::with_device(ctx, device).unwrap();
    let enc = CkksEncoder::new(ctx);
    let slots = enc.slot_count();
    let scale = 2f64.powi(30);
    let mut a = f.encrypt(&values(1, slots), scale);
    let mut b = f.encrypt(&values(2, slots), scale);
    for depth in 0..2 {
        let level = ctx.get_context_data(a.parms_id()).unwrap();
        let p = enc
            .encode_at_level(&values(3 + depth, slots), scale, level)
            .unwrap();
        let (ga, gb, gp) = (a.clone().gpu(), b.clone().gpu(), p.clone().gpu());
        let same = |what: &str, d: Ciphertext, h: Ciphertext| {
            assert!(d.is_on_device() && !d.is_on_host(), "{what}: device result");
            assert!(!h.is_on_device(), "{what}: host result");
            assert_eq!(
                (d.size(), d.parms_id(), d.scale()),
                (h.size(), h.parms_id(), h.scale()),
                "{what}"
            );
            assert!(
                words(&d) == words(&h),
                "{what} at depth {depth}: device and host words differ"
            );
        };
        same("add", dev.add(&ga, &gb).unwrap(), host.add(&a, &b).unwrap());
        same("sub", dev.sub(&ga, &gb).unwrap(), host.sub(&a, &b).unwrap());
        same("negate", dev.negate(&ga).unwrap(), host.negate(&a).unwrap());
        same(
            "add_plain",
            dev.add_plain(&ga, &gp).unwrap(),
            host.add_plain(&a, &p).unwrap(),
        );
        same(
            "sub_plain",
            dev.sub_plain(&ga, &gp).unwrap(),
            host.sub_plain(&a, &p).unwrap(),
        );
        same(
            "multiply_plain",
            dev.multiply_plain(&ga, &gp).unwrap(),
            host.multiply_plain(&a, &p).unwrap(),
        );
        // One term, and nine (a full launch of eight, then one more added to its sum).
        let q = enc
            .encode_at_level(&values(9 + depth, slots), scale, level)
            .unwrap();
        let gq = q.clone().gpu();
        same(
            "multiply_plain_sum of one",
            dev.multiply_plain_sum(&[(&ga, &gp)]).unwrap(),
            host.multiply_plain_sum(&[(&a, &p)]).unwrap(),
        );
        let host_terms: Vec<(&Ciphertext, &xehe::ckks::Plaintext)> = (0..9)
            .map(|t| match t % 3 {
                0 => (&a, &p),
                1 => (&b, &q),
                _ => (&a, &q),
            })
            .collect();
        let dev_terms: Vec<(&Ciphertext, &xehe::ckks::Plaintext)> = (0..9)
            .map(|t| match t % 3 {
                0 => (&ga, &gp),
                1 => (&gb, &gq),
                _ => (&ga, &gq),
            })
            .collect();
        let hs = host.multiply_plain_sum(&host_terms).unwrap();
        let mut folded = host.multiply_plain(&a, &p).unwrap();
        for (c, pt) in &host_terms[1..] {
            folded = host
                .add(&folded, &host.multiply_plain(c, pt).unwrap())
                .unwrap();
        }
        assert_eq!(
            words(&hs),
            words(&folded),
            "the host sum is the folded products"
        );
        same(
            "multiply_plain_sum of nine",
            dev.multiply_plain_sum(&dev_terms).unwrap(),
            hs,
        );
        // Nine constant products (a launch of eight, then one) one level down.
        let below = host.mod_switch_to_next(&a).unwrap();
        let consts: Vec<(f64, f64)> = (0..9)
            .map(|t| (t as f64 * 0.375 - 1.5, 2f64.powi(8)))
            .collect();
        let host_terms: Vec<(&Ciphertext, f64, f64)> = consts
            .iter()
            .enumerate()
            .map(|(t, &(v, s))| (if t % 2 == 0 { &a } else { &b }, v, s))
            .collect();
        let dev_terms: Vec<(&Ciphertext, f64, f64)> = consts
            .iter()
            .enumerate()
            .map(|(t, &(v, s))| (if t % 2 == 0 { &ga } else { &gb }, v, s))
            .collect();
        let hc = host
            .multiply_const_sum(&host_terms, below.parms_id())
            .unwrap();
        let mut folded: Option<Ciphertext> = None;
        for &(c, v, s) in &host_terms {
            let t = host
                .multiply_const(&host.mod_switch_to(c, below.parms_id()).unwrap(), v, s)
                .unwrap();
            folded = Some(match folded {
                None => t,
                Some(acc) => host.add(&acc, &t).unwrap(),
            });
        }
        assert_eq!(
            words(&hc),
            words(&folded.unwrap()),
            "the host's constant sum is the folded products"
        );
        same(
            "multiply_const_sum",
            dev.multiply_const_sum(&dev_terms, below.parms_id())
                .unwrap(),
            hc,
        );
        same(
            "multiply_const",
            dev.multiply_const(&ga, -1.75, scale).unwrap(),
            host.multiply_const(&a, -1.75, scale).unwrap(),
        );
        same(
            "add_many",
            dev.add_many(&[ga.clone(), gb.clone(), ga.clone()]).unwrap(),
            host.add_many(&[a.clone(), b.clone(), a.clone()]).unwrap(),
        );
        let (dm, hm) = (
            dev.multiply(&ga, &gb).unwrap(),
            host.multiply(&a, &b).unwrap(),
        );
        same("multiply", dm.clone(), hm.clone());
        same("square", dev.square(&ga).unwrap(), host.square(&a).unwrap());
        let (dr, hr) = (
            dev.relinearize(&dm, &f.rk).unwrap(),
            host.relinearize(&hm, &f.rk).unwrap(),
        );
        same("relinearize", dr.clone(), hr.clone());
        same(
            "rescale_to_next",
            dev.rescale_to_next(&dr).unwrap(),
            host.rescale_to_next(&hr).unwrap(),
        );
        same(
            "mod_switch_to_next",
            dev.mod_switch_to_next(&ga).unwrap(),
            host.mod_switch_to_next(&a).unwrap(),
        );
        let (dp, hp) = (
            dev.mod_switch_plain_to_next(&gp).unwrap(),
            host.mod_switch_plain_to_next(&p).unwrap(),
        );
        assert_eq!(
            dp.data().unwrap(),
            hp.data().unwrap(),
            "mod_switch_plain_to_next"
        );
        for s in STEPS {
            same(
                "rotate_vector",
                dev.rotate_vector(&ga, s, &f.gk).unwrap(),
                host.rotate_vector(&a, s, &f.gk).unwrap(),
            );
        }
        same(
            "complex_conjugate",
            dev.complex_conjugate(&ga, &f.gk).unwrap(),
            host.complex_conjugate(&a, &f.gk).unwrap(),
        );
        a = host.mod_switch_to_next(&a).unwrap();
        b = host.mod_switch_to_next(&b).unwrap();
    }
}

#[test]
fn cpu_sim_every_operation_matches_the_host_reference() {
    let f = Fixture::new(insecure_context(4096, &[50, 40, 40, 50]), &STEPS);
    let device = DeviceContext::new(&f.ctx, common::sim(1, false), 0).unwrap();
    every_operation_matches_host(&f, device);
}

#[test]
fn cpu_sim_race_hunting_key_switching_and_rescale() {
    let f = Fixture::new(context(4096, &[40, 30, 36]), &STEPS);
    let device = DeviceContext::new(&f.ctx, common::sim(1, true), 0).unwrap();
    let (host, dev) = (
        Evaluator::new(&f.ctx),
        Evaluator::with_device(&f.ctx, device).unwrap(),
    );
    let a = f.encrypt(&values(4, 2048), 2f64.powi(30));
    let h = host
        .rescale_to_next(&host.relinearize(&host.square(&a).unwrap(), &f.rk).unwrap())
        .unwrap();
    let d = dev
        .rescale_to_next(
            &dev.relinearize(&dev.square(&a.clone().gpu()).unwrap(), &f.rk)
                .unwrap(),
        )
        .unwrap();
    assert_eq!(words(&d), words(&h));
    let r = dev.rotate_vector(&a.clone().gpu(), -3, &f.gk).unwrap();
    assert_eq!(
        words(&r),
        words(&host.rotate_vector(&a, -3, &f.gk).unwrap())
    );
}

#[test]
fn opencl_every_operation_matches_the_host_reference() {
    let Some(cl) = common::opencl(None) else {
        return;
    };
    let f = Fixture::new(insecure_context(4096, &[50, 40, 40, 50]), &STEPS);
    let device = DeviceContext::new(&f.ctx, cl, 0).unwrap();
    every_operation_matches_host(&f, device);
}

/// Without profiling, launches ask for no events (the OpenCL queue is not a profiling queue,
/// the kernel arguments that did not change are not set again): the words are the same and
/// the profiler stays empty.
#[test]
fn profiling_off_changes_no_word() {
    let Some(profiled) = common::opencl(None) else {
        return;
    };
    let cl = Arc::new(
        OpenClBackend::open(&OpenClOptions {
            device: common::opencl_device(),
            tiles: None,
            kernel_format: Some(profiled.kernel_format()),
            profile: false,
        })
        .unwrap(),
    );
    let f = Fixture::new(insecure_context(4096, &[50, 40, 40, 50]), &STEPS);
    let device = DeviceContext::new(&f.ctx, cl.clone(), 0).unwrap();
    every_operation_matches_host(&f, device);
    assert!(!cl.profiler().enabled());
    assert!(cl.profiler().records().is_empty());
    let sim = Arc::new(SimBackend::new(SimOptions::default()).unwrap());
    let device = DeviceContext::new(&f.ctx, sim.clone(), 0).unwrap();
    every_operation_matches_host(&f, device);
    assert!(sim.profiler().records().is_empty());
}

#[test]
fn decrypted_results_are_within_their_bounds() {
    // Scale 2^40, N = 8192, values in [-1, 1]: every result within 2^-20 of the f64 computation
    // (relative to the largest value, 1). Public-key encryption noise alone is about 2^-23 here.
    let f = Fixture::new(context(8192, &[60, 40, 40, 60]), &STEPS);
    let backend = common::sim(1, false);
    let dev =
        Evaluator::with_device(&f.ctx, DeviceContext::new(&f.ctx, backend, 0).unwrap()).unwrap();
    let enc = CkksEncoder::new(&f.ctx);
    let kg = f.keygen();
    let rot_bound = common::rotation_bound(&f.ctx, f.ctx.first_context_data(), 2f64.powi(40));
    let dec = Decryptor::new(&f.ctx, kg.secret_key()).unwrap();
    let slots = enc.slot_count();
    let scale = 2f64.powi(40);
    let (x, y) = (values(11, slots), values(12, slots));
    let (cx, cy) = (f.encrypt(&x, scale).gpu(), f.encrypt(&y, scale).gpu());
    let decode = |c: &Ciphertext| decrypt(&enc, &dec, c);
    let prod = dev
        .rescale_to_next(
            &dev.relinearize(&dev.multiply(&cx, &cy).unwrap(), &f.rk)
                .unwrap(),
        )
        .unwrap();
    let want: Vec<f64> = x.iter().zip(&y).map(|(a, b)| a * b).collect();
    assert!(
        max_error(&decode(&prod), &want) < 2f64.powi(-20),
        "MulLinRS"
    );
    let sum: Vec<f64> = x.iter().zip(&y).map(|(a, b)| a + b).collect();
    let e = max_error(&decode(&dev.add(&cx, &cy).unwrap()), &sum);
    assert!(e < 2f64.powi(-20), "add: {e}");
    let p = enc.encode(&y, scale).unwrap();
    let mp = dev
        .rescale_to_next(&dev.multiply_plain(&cx, &p).unwrap())
        .unwrap();
    assert!(
        max_error(&decode(&mp), &want) < 2f64.powi(-20),
        "multiply_plain"
    );
    let mc = dev
        .rescale_to_next(&dev.multiply_const(&cx, 0.5, 2f64.powi(40)).unwrap())
        .unwrap();
    let half: Vec<f64> = x.iter().map(|a| a * 0.5).collect();
    assert!(
        max_error(&decode(&mc), &half) < 2f64.powi(-20),
        "multiply_const"
    );
    for s in STEPS {
        let got = decode(&dev.rotate_vector(&cx, s, &f.gk).unwrap());
        let want: Vec<f64> = (0..slots)
            .map(|i| x[(i as i64 + s).rem_euclid(slots as i64) as usize])
            .collect();
        let e = max_error(&got, &want);
        assert!(
            e < rot_bound,
            "key seed {:?}, rotate {s}: {e} ≥ {rot_bound}",
            f.seed
        );
    }
    // Conjugation on complex slots.
    let z: Vec<Complex64> = (0..slots).map(|i| Complex64::new(x[i], y[i])).collect();
    let pz = enc.encode_complex(&z, scale).unwrap();
    let cz = Encryptor::new(&f.ctx, &f.pk)
        .unwrap()
        .encrypt(&pz)
        .unwrap()
        .gpu();
    let got = decrypt_complex(&enc, &dec, &dev.complex_conjugate(&cz, &f.gk).unwrap());
    let conj: Vec<Complex64> = z.iter().map(|w| w.conj()).collect();
    let err = max_complex_error(&got, &conj);
    assert!(
        err < rot_bound,
        "key seed {:?}, conjugate: {err} ≥ {rot_bound}",
        f.seed
    );
}

/// A sum of plaintext products refuses what its terms cannot share (no term, another level,
/// size or scale) with the same typed error on the host and on the device, and decrypts to
/// the sum within the bound of one product.
#[test]
fn plain_product_sums_check_their_terms_and_decrypt_to_the_sum() {
    use xehe::ckks::CkksError;
    let f = Fixture::new(context(8192, &[60, 40, 40, 60]), &STEPS);
    let enc = CkksEncoder::new(&f.ctx);
    let slots = enc.slot_count();
    let scale = 2f64.powi(40);
    let host = Evaluator::new(&f.ctx);
    let device = DeviceContext::new(&f.ctx, common::sim(1, true), 0).unwrap();
    let dev = Evaluator::with_device(&f.ctx, device).unwrap();
    let (x, y) = (values(21, slots), values(22, slots));
    let (cx, cy) = (f.encrypt(&x, scale), f.encrypt(&y, scale));
    let (px, py) = (
        enc.encode(&y, scale).unwrap(),
        enc.encode(&x, scale).unwrap(),
    );
    let lower = host.mod_switch_to_next(&cy).unwrap();
    let big = host.multiply(&cx, &cy).unwrap();
    let other_scale = enc.encode(&x, 2f64.powi(30)).unwrap();
    for (eval, gpu) in [(&host, false), (&dev, true)] {
        let on = |c: &Ciphertext| if gpu { c.clone().gpu() } else { c.clone() };
        let (gx, gy) = (on(&cx), on(&cy));
        assert!(matches!(
            eval.multiply_plain_sum(&[]),
            Err(CkksError::WrongSize { given: 0, .. })
        ));
        assert!(matches!(
            eval.multiply_plain_sum(&[(&gx, &px), (&on(&lower), &py)]),
            Err(CkksError::LevelMismatch { .. })
        ));
        assert!(matches!(
            eval.multiply_plain_sum(&[(&gx, &px), (&on(&big), &py)]),
            Err(CkksError::WrongCiphertextSize { .. })
        ));
        assert!(matches!(
            eval.multiply_plain_sum(&[(&gx, &px), (&gy, &other_scale)]),
            Err(CkksError::ScaleMismatch { .. })
        ));
        assert!(matches!(
            eval.multiply_plain_sum(&[(&on(&lower), &px)]),
            Err(CkksError::PlaintextLevelMismatch { .. })
        ));
        // x·y + y·x + x·y = 3·x·y, rescaled once.
        let sum = eval
            .rescale_to_next(
                &eval
                    .multiply_plain_sum(&[(&gx, &px), (&gy, &py), (&gx, &px)])
                    .unwrap(),
            )
            .unwrap();
        assert_eq!(sum.is_on_device(), gpu);
        let kg = f.keygen();
        let dec = Decryptor::new(&f.ctx, kg.secret_key()).unwrap();
        let want: Vec<f64> = x.iter().zip(&y).map(|(a, b)| 3.0 * a * b).collect();
        // Three products' noise, each within 2^-20 as multiply_plain's above.
        let e = max_error(&decrypt(&enc, &dec, &sum), &want);
        assert!(e < 3.0 * 2f64.powi(-20), "gpu {gpu}: {e}");
    }
}

/// A sum of constant products refuses what its terms cannot share (no term, a target above a
/// term, another size or product scale) with the same typed error on the host and the device.
#[test]
fn constant_product_sums_check_their_terms() {
    use xehe::ckks::CkksError;
    let f = Fixture::new(context(8192, &[60, 40, 40, 60]), &STEPS);
    let scale = 2f64.powi(30);
    let host = Evaluator::new(&f.ctx);
    let device = DeviceContext::new(&f.ctx, common::sim(1, false), 0).unwrap();
    let dev = Evaluator::with_device(&f.ctx, device).unwrap();
    let slots = CkksEncoder::new(&f.ctx).slot_count();
    let cx = f.encrypt(&values(31, slots), scale);
    let lower = host.mod_switch_to_next(&cx).unwrap();
    let big = host.multiply(&cx, &cx).unwrap();
    for (eval, gpu) in [(&host, false), (&dev, true)] {
        let on = |c: &Ciphertext| if gpu { c.clone().gpu() } else { c.clone() };
        let (gx, gl) = (on(&cx), on(&lower));
        let top = cx.parms_id();
        assert!(matches!(
            eval.multiply_const_sum(&[], top),
            Err(CkksError::WrongSize { given: 0, .. })
        ));
        assert!(matches!(
            eval.multiply_const_sum(&[(&gx, 1.0, scale), (&gl, 1.0, scale)], top),
            Err(CkksError::LevelMismatch { .. })
        ));
        assert!(matches!(
            eval.multiply_const_sum(&[(&gx, 1.0, scale), (&on(&big), 1.0, scale)], top),
            Err(CkksError::WrongCiphertextSize { .. })
        ));
        assert!(matches!(
            eval.multiply_const_sum(&[(&gx, 1.0, scale), (&gx, 1.0, 2.0 * scale)], top),
            Err(CkksError::ScaleMismatch { .. })
        ));
        assert!(eval
            .multiply_const_sum(&[(&gx, 1.0, f64::NAN)], top)
            .is_err());
        let ok = eval
            .multiply_const_sum(&[(&gx, 1.0, scale), (&gl, 2.0, scale)], lower.parms_id())
            .unwrap();
        assert_eq!((ok.parms_id(), ok.is_on_device()), (lower.parms_id(), gpu));
    }
}
