//! The device evaluator: every operation bit for bit against the host reference on cpu-sim and
//! OpenCL, decrypted results within stated bounds, the offload model (lazy upload, device-only
//! results, dirty flag, tiles), and typed errors.

mod common;

use rand::{Rng, SeedableRng};
use std::sync::Arc;
use xehe::ckks::device::DeviceContext;
use xehe::ckks::{
    Ciphertext, CkksEncoder, CkksError, Complex64, Context, Decryptor, EncryptionParameters,
    Encryptor, Evaluator, GaloisKeys, KeyGenerator, PublicKey, RelinKeys,
};
use xehe::primes::SecurityLevel;
use xehe::runtime::opencl::{OpenClBackend, OpenClOptions};
use xehe::runtime::sim::{SimBackend, SimOptions};
use xehe::runtime::Backend;

struct Fixture {
    /// A fresh key seed per run: the bounds below hold for any key.
    seed: [u8; 32],
    ctx: Context,
    pk: PublicKey,
    rk: RelinKeys,
    gk: GaloisKeys,
}

const STEPS: [i64; 3] = [1, -3, 5];

fn fixture(n: usize, bits: &[u32], security: SecurityLevel) -> Fixture {
    let ctx = Context::new(
        &EncryptionParameters::with_bit_sizes(n, bits).unwrap(),
        security,
    )
    .unwrap();
    let seed = common::key_seeds(1)[0];
    let mut kg = KeyGenerator::insecure_from_seed(&ctx, seed);
    let pk = kg.create_public_key();
    let rk = kg.create_relin_keys().unwrap();
    let gk = kg.create_galois_keys_for_steps(&STEPS, true).unwrap();
    Fixture {
        seed,
        ctx,
        pk,
        rk,
        gk,
    }
}

fn values(count: usize, seed: u64) -> Vec<f64> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    (0..count).map(|_| rng.gen_range(-1.0..1.0)).collect()
}

fn encrypt(f: &Fixture, x: &[f64], scale: f64) -> Ciphertext {
    let pt = CkksEncoder::new(&f.ctx).encode(x, scale).unwrap();
    Encryptor::new(&f.ctx, &f.pk).unwrap().encrypt(&pt).unwrap()
}

fn words(c: &Ciphertext) -> Vec<u64> {
    c.data().unwrap().into_owned()
}

/// Every operation on the device (operands marked gpu) against the host evaluator, word for
/// word, at the first level and one level down.
fn every_operation_matches_host(f: &Fixture, device: Arc<DeviceContext>) {
    let ctx = &f.ctx;
    let host = Evaluator::new(ctx);
    let dev = Evaluator::with_device(ctx, device).unwrap();
    let enc = CkksEncoder::new(ctx);
    let slots = enc.slot_count();
    let scale = 2f64.powi(30);
    let mut a = encrypt(f, &values(slots, 1), scale);
    let mut b = encrypt(f, &values(slots, 2), scale);
    for depth in 0..2 {
        let level = ctx.get_context_data(a.parms_id()).unwrap();
        let p = enc
            .encode_at_level(&values(slots, 3 + depth), scale, level)
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
    let f = fixture(4096, &[50, 40, 40, 50], SecurityLevel::None);
    let device = DeviceContext::new(&f.ctx, common::sim(1, false), 0).unwrap();
    every_operation_matches_host(&f, device);
}

#[test]
fn cpu_sim_race_hunting_key_switching_and_rescale() {
    let f = fixture(4096, &[40, 30, 36], SecurityLevel::Tc128);
    let device = DeviceContext::new(&f.ctx, common::sim(1, true), 0).unwrap();
    let (host, dev) = (
        Evaluator::new(&f.ctx),
        Evaluator::with_device(&f.ctx, device).unwrap(),
    );
    let a = encrypt(&f, &values(2048, 4), 2f64.powi(30));
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
    let f = fixture(4096, &[50, 40, 40, 50], SecurityLevel::None);
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
    let f = fixture(4096, &[50, 40, 40, 50], SecurityLevel::None);
    let device = DeviceContext::new(&f.ctx, cl.clone(), 0).unwrap();
    every_operation_matches_host(&f, device);
    assert!(!cl.profiler().enabled());
    assert!(cl.profiler().records().is_empty());
    let sim = Arc::new(SimBackend::new(SimOptions::default()).unwrap());
    let device = DeviceContext::new(&f.ctx, sim.clone(), 0).unwrap();
    every_operation_matches_host(&f, device);
    assert!(sim.profiler().records().is_empty());
}

fn max_error(got: &[f64], want: &[f64]) -> f64 {
    got.iter()
        .zip(want)
        .map(|(g, w)| (g - w).abs())
        .fold(0.0, f64::max)
}

#[test]
fn decrypted_results_are_within_their_bounds() {
    // Scale 2^40, N = 8192, values in [-1, 1]: every result within 2^-20 of the f64 computation
    // (relative to the largest value, 1). Public-key encryption noise alone is about 2^-23 here.
    let f = fixture(8192, &[60, 40, 40, 60], SecurityLevel::Tc128);
    let backend = common::sim(1, false);
    let dev =
        Evaluator::with_device(&f.ctx, DeviceContext::new(&f.ctx, backend, 0).unwrap()).unwrap();
    let enc = CkksEncoder::new(&f.ctx);
    // The fixture's key generator seed gives the same secret key again.
    let kg = KeyGenerator::insecure_from_seed(&f.ctx, f.seed);
    let rot_bound = common::rotation_bound(&f.ctx, f.ctx.first_context_data(), 2f64.powi(40));
    let dec = Decryptor::new(&f.ctx, kg.secret_key()).unwrap();
    let slots = enc.slot_count();
    let scale = 2f64.powi(40);
    let (x, y) = (values(slots, 11), values(slots, 12));
    let (cx, cy) = (encrypt(&f, &x, scale).gpu(), encrypt(&f, &y, scale).gpu());
    let decode = |c: &Ciphertext| enc.decode(&dec.decrypt(c).unwrap()).unwrap();
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
    let got = enc
        .decode_complex(
            &dec.decrypt(&dev.complex_conjugate(&cz, &f.gk).unwrap())
                .unwrap(),
        )
        .unwrap();
    let err = got
        .iter()
        .zip(&z)
        .map(|(g, w)| (g - w.conj()).norm())
        .fold(0.0, f64::max);
    assert!(
        err < rot_bound,
        "key seed {:?}, conjugate: {err} ≥ {rot_bound}",
        f.seed
    );
}

#[test]
fn offload_model_uploads_lazily_keeps_results_and_reuploads_after_host_changes() {
    let f = fixture(4096, &[40, 30, 36], SecurityLevel::Tc128);
    let backend = common::sim(1, false);
    let dev = Evaluator::with_device(
        &f.ctx,
        DeviceContext::new(&f.ctx, backend.clone(), 0).unwrap(),
    )
    .unwrap();
    let host = Evaluator::new(&f.ctx);
    let a = encrypt(&f, &values(2048, 1), 2f64.powi(30));
    let mut ga = a.clone().gpu();
    assert!(
        ga.is_gpu() && !ga.is_on_device() && ga.is_on_host(),
        "marking uploads nothing"
    );
    let sum = dev.add(&ga, &ga).unwrap();
    assert!(
        ga.is_on_device(),
        "first device use uploads and keeps the copy"
    );
    assert!(
        sum.is_on_device() && !sum.is_on_host(),
        "results stay on the device"
    );
    // A host change drops the device copy; the next use uploads the new words.
    ga.data_mut().unwrap()[0] = 7;
    assert!(!ga.is_on_device(), "dirty after a host change");
    let mut changed = a.clone();
    changed.data_mut().unwrap()[0] = 7;
    assert_eq!(
        words(&dev.add(&ga, &ga).unwrap()),
        words(&host.add(&changed, &changed).unwrap())
    );
    // Download keeps both copies; cpu() brings results back for host evaluation.
    let mut s = sum.clone();
    s.download().unwrap();
    assert!(s.is_on_host() && s.is_on_device());
    let back = sum.cpu().unwrap();
    assert!(!back.is_gpu() && back.is_on_host());
    assert_eq!(
        words(&host.add(&back, &back).unwrap()),
        words(
            &host
                .add(&host.add(&a, &a).unwrap(), &host.add(&a, &a).unwrap())
                .unwrap()
        )
    );
    // Every operation is a named profiler operation.
    let ops: Vec<String> = backend
        .profiler()
        .records()
        .into_iter()
        .filter_map(|r| r.operation.map(|o| o.0))
        .collect();
    assert!(ops.iter().any(|o| o == "add"));
}

#[test]
fn independent_graphs_on_two_tiles_run_concurrently_and_agree() {
    let f = fixture(4096, &[40, 30, 36], SecurityLevel::Tc128);
    let backend = common::sim(2, false);
    let devs: Vec<_> = (0..2)
        .map(|t| DeviceContext::new(&f.ctx, backend.clone(), t).unwrap())
        .collect();
    let inputs: Vec<Ciphertext> = (0..2)
        .map(|i| encrypt(&f, &values(2048, 20 + i), 2f64.powi(30)))
        .collect();
    let host = Evaluator::new(&f.ctx);
    let results: Vec<Vec<u64>> = std::thread::scope(|s| {
        let handles: Vec<_> = devs
            .iter()
            .zip(&inputs)
            .map(|(d, x)| {
                let (f, d, x) = (&f, d.clone(), x.clone().gpu());
                s.spawn(move || {
                    let e = Evaluator::with_device(&f.ctx, d).unwrap();
                    let y = e
                        .rescale_to_next(&e.relinearize(&e.square(&x).unwrap(), &f.rk).unwrap())
                        .unwrap();
                    words(&e.rotate_vector(&y, 1, &f.gk).unwrap())
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (x, got) in inputs.iter().zip(&results) {
        let y = host
            .rescale_to_next(&host.relinearize(&host.square(x).unwrap(), &f.rk).unwrap())
            .unwrap();
        assert_eq!(got, &words(&host.rotate_vector(&y, 1, &f.gk).unwrap()));
    }
    // A result on tile 0 used by tile 1's evaluator moves there.
    let e0 = Evaluator::with_device(&f.ctx, devs[0].clone()).unwrap();
    let e1 = Evaluator::with_device(&f.ctx, devs[1].clone()).unwrap();
    let on0 = e0.negate(&inputs[0].clone().gpu()).unwrap();
    assert_eq!(
        words(&e1.add(&on0, &on0).unwrap()),
        words(
            &host
                .add(
                    &host.negate(&inputs[0]).unwrap(),
                    &host.negate(&inputs[0]).unwrap()
                )
                .unwrap()
        )
    );
}

#[test]
fn device_errors_are_typed() {
    let f = fixture(4096, &[40, 30, 36], SecurityLevel::Tc128);
    let backend = common::sim(1, false);
    let device = DeviceContext::new(&f.ctx, backend.clone(), 0).unwrap();
    let dev = Evaluator::with_device(&f.ctx, device).unwrap();
    let enc = CkksEncoder::new(&f.ctx);
    let scale = 2f64.powi(30);
    let a = encrypt(&f, &values(16, 1), scale).gpu();
    // Marked for the device, given to an evaluator without one.
    assert!(matches!(
        Evaluator::new(&f.ctx).add(&a, &a),
        Err(CkksError::NoDevice { .. })
    ));
    // Levels, scales, sizes.
    let low = dev.mod_switch_to_next(&a).unwrap();
    assert!(matches!(
        dev.add(&a, &low),
        Err(CkksError::LevelMismatch { .. })
    ));
    assert!(matches!(
        dev.multiply(&a, &low),
        Err(CkksError::LevelMismatch { .. })
    ));
    let other_scale = encrypt(&f, &values(16, 1), scale * 2.0).gpu();
    assert!(matches!(
        dev.add(&a, &other_scale),
        Err(CkksError::ScaleMismatch { .. })
    ));
    let p_low = enc
        .encode_at_level(&[1.0], scale, f.ctx.last_context_data())
        .unwrap();
    for e in [
        dev.multiply_plain(&a, &p_low).unwrap_err(),
        dev.add_plain(&a, &p_low).unwrap_err(),
        dev.sub_plain(&a, &p_low).unwrap_err(),
    ] {
        assert_eq!(
            e,
            CkksError::PlaintextLevelMismatch {
                plaintext_level: 0,
                plaintext_primes: 1,
                ciphertext_level: 1,
                ciphertext_primes: 2,
            }
        );
    }
    assert!(matches!(
        dev.relinearize(&a, &f.rk),
        Err(CkksError::WrongCiphertextSize {
            expected: 3,
            given: 2,
            ..
        })
    ));
    let three = dev.multiply(&a, &a).unwrap();
    assert!(matches!(
        dev.multiply(&three, &a),
        Err(CkksError::WrongCiphertextSize { .. })
    ));
    assert!(matches!(
        dev.rotate_vector(&three, 1, &f.gk),
        Err(CkksError::WrongCiphertextSize { .. })
    ));
    assert!(matches!(
        dev.rotate_vector(&a, 2, &f.gk),
        Err(CkksError::MissingGaloisKey { .. })
    ));
    assert!(matches!(
        dev.rescale_to_next(&low),
        Err(CkksError::EndOfModulusChain { .. })
    ));
    assert!(matches!(
        dev.add_many(&[]),
        Err(CkksError::WrongSize { .. })
    ));
    assert!(matches!(
        dev.multiply_const(&a, f64::NAN, scale),
        Err(CkksError::ValueTooLarge { .. })
    ));
    // Objects of another context.
    let foreign = fixture(8192, &[50, 40, 50], SecurityLevel::Tc128);
    let fa = encrypt(&foreign, &values(16, 1), scale).gpu();
    assert!(matches!(
        dev.negate(&fa),
        Err(CkksError::ForeignParameters { .. })
    ));
    let fd = DeviceContext::new(&foreign.ctx, backend, 0).unwrap();
    assert!(matches!(
        Evaluator::with_device(&f.ctx, fd),
        Err(CkksError::ForeignParameters { .. })
    ));
}

#[test]
fn compute_frames_retain_temporaries_until_the_frame_ends() {
    let f = fixture(4096, &[40, 30, 36], SecurityLevel::Tc128);
    let device = DeviceContext::new(&f.ctx, common::sim(1, false), 0).unwrap();
    let dev = Evaluator::with_device(&f.ctx, device.clone()).unwrap();
    let a = encrypt(&f, &values(2048, 1), 2f64.powi(30)).gpu();
    // Warm the cache: a first relinearization allocates its temporaries and frees them.
    drop(dev.relinearize(&dev.square(&a).unwrap(), &f.rk).unwrap());
    device.start_frame().unwrap();
    let before = device.memcache_stats().unwrap();
    let r = dev.relinearize(&dev.square(&a).unwrap(), &f.rk).unwrap();
    let inside = device.memcache_stats().unwrap();
    // Inside the frame, freed temporaries are retained, not returned to the free pool.
    assert!(inside.free <= before.free, "{before:?} -> {inside:?}");
    device.end_frame().unwrap();
    let after = device.memcache_stats().unwrap();
    assert!(
        after.free > inside.free,
        "the frame's buffers return: {inside:?} -> {after:?}"
    );
    // And are reused by the next operation without new device allocations.
    drop(dev.relinearize(&dev.square(&a).unwrap(), &f.rk).unwrap());
    let again = device.memcache_stats().unwrap();
    assert_eq!(again.device_allocations, after.device_allocations);
    assert!(again.reuses > after.reuses);
    drop(r);
}

/// Public-key encryption on the device gives the host's words for the same randomness, at the
/// first level (the extra prime is the special prime P, in key-switch order) and below it (the
/// extra prime is the next data prime), on cpu-sim and OpenCL; and decrypts within its bound.
#[test]
fn device_encryption_matches_the_host_word_for_word() {
    let mut backends = vec![common::sim(1, false)];
    if let Some(cl) = common::opencl(None) {
        backends.push(cl);
    }
    let f = fixture(4096, &[50, 40, 40, 50], SecurityLevel::None);
    let ctx = &f.ctx;
    let enc = CkksEncoder::new(ctx);
    let kg = KeyGenerator::insecure_from_seed(ctx, f.seed);
    let decryptor = Decryptor::new(ctx, kg.secret_key()).unwrap();
    let host = Encryptor::new(ctx, &f.pk).unwrap();
    let x = values(enc.slot_count(), 9);
    for b in backends {
        let device = DeviceContext::new(ctx, b, 0).unwrap();
        let on_device = Encryptor::new(ctx, &f.pk)
            .unwrap()
            .on_device(device.clone())
            .unwrap();
        let mut level = ctx.first_context_data();
        for round in 0..3u64 {
            let pt = enc.encode_at_level(&x, 2f64.powi(30), level).unwrap();
            let key = [round, 0x9E37_79B9_7F4A_7C15, !round, 42];
            let h = host.insecure_encrypt_with_key(&pt, key).unwrap();
            let d = on_device.insecure_encrypt_with_key(&pt, key).unwrap();
            assert!(d.is_on_device() && !d.is_on_host());
            assert_eq!(words(&d), words(&h), "level {}", level.chain_index());
            // A plaintext marked for the device: uploaded once, its copy kept and reused.
            let gpt = pt.clone().gpu();
            for _ in 0..2 {
                let d2 = on_device.insecure_encrypt_with_key(&gpt, key).unwrap();
                assert_eq!(words(&d2), words(&h));
            }
            assert!(gpt.is_on_device());
            // Fresh randomness decrypts to the message (encoding and encryption noise only).
            let got = enc
                .decode(&decryptor.decrypt(&on_device.encrypt(&pt).unwrap()).unwrap())
                .unwrap();
            assert!(max_error(&got, &x) < 1e-5, "{}", max_error(&got, &x));
            match ctx.next_context_data(level) {
                Some(next) if next.coeff_modulus().len() > 1 => level = next,
                _ => break,
            }
        }
    }
}

/// Symmetric encryption on the device gives the host's words for the same randomness at every
/// level, on cpu-sim (race hunting on) and OpenCL, keeps its seed (saved in SEAL's seeded form,
/// loaded back to the same words) and decrypts within its bound. Two of the primes lie just
/// above 2^59, where SEAL's sampler redraws about one word in 32 (some 128 per row here, so
/// the chance that the in-order redraw goes untested is e^-128); the host follows SEAL's
/// sample_poly_uniform, so equal words mean the device redrew in SEAL's order.
#[test]
fn device_symmetric_encryption_matches_the_host_and_keeps_its_seed() {
    use xehe::arith::Modulus;
    use xehe::ckks::serialize::ComprMode;
    let n = 4096usize;
    let mut rejecting = Vec::new();
    let mut q = (1u64 << 59) + 1;
    while rejecting.len() < 2 {
        if xehe::arith::is_prime(q) {
            rejecting.push(Modulus::new(q).unwrap());
        }
        q += 2 * n as u64;
    }
    let forty = xehe::primes::CoeffModulus::create(n as u64, &[40, 40]).unwrap();
    let moduli = vec![rejecting[0], forty[0], forty[1], rejecting[1]];
    let ctx = Context::new(&EncryptionParameters::new(n, moduli), SecurityLevel::None).unwrap();
    let seed = common::key_seeds(1)[0];
    let kg = KeyGenerator::insecure_from_seed(&ctx, seed);
    let enc = CkksEncoder::new(&ctx);
    let decryptor = Decryptor::new(&ctx, kg.secret_key()).unwrap();
    let host = Encryptor::symmetric(&ctx, kg.secret_key()).unwrap();
    let x = values(enc.slot_count(), 11);
    let mut backends = vec![common::sim(1, true)];
    if let Some(cl) = common::opencl(None) {
        backends.push(cl);
    }
    for b in backends {
        let device = DeviceContext::new(&ctx, b, 0).unwrap();
        let on_device = Encryptor::symmetric(&ctx, kg.secret_key())
            .unwrap()
            .on_device(device.clone())
            .unwrap();
        let mut level = ctx.first_context_data();
        for round in 0u64.. {
            let pt = enc.encode_at_level(&x, 2f64.powi(30), level).unwrap();
            let key = [round, 0x9E37_79B9_7F4A_7C15, !round, 7];
            let h = host.insecure_encrypt_with_key(&pt, key).unwrap();
            let d = on_device.insecure_encrypt_with_key(&pt, key).unwrap();
            assert!(d.is_on_device() && !d.is_on_host());
            assert_eq!(words(&d), words(&h), "level {}", level.chain_index());
            // Seeded: about half the bytes of the full form, and the seed gives back `a`.
            let mut seeded = Vec::new();
            d.save(&mut seeded, ComprMode::None).unwrap();
            let full = 2 * level.coeff_modulus().len() * n * 8;
            assert!(seeded.len() < full / 2 + 200, "{} {full}", seeded.len());
            let back = Ciphertext::load(&ctx, &mut &seeded[..]).unwrap();
            assert_eq!(words(&back), words(&h));
            let got = enc
                .decode(&decryptor.decrypt(&on_device.encrypt(&pt).unwrap()).unwrap())
                .unwrap();
            assert!(max_error(&got, &x) < 1e-5, "{}", max_error(&got, &x));
            match ctx.next_context_data(level) {
                Some(next) => level = next,
                None => break,
            }
        }
    }
}

/// What held secrets on the device is zero before the memory cache hands it out again: the
/// values and the transform of a device encoding, the plaintext, the randomness and the zero
/// encryption of a device encryption.
#[test]
fn device_encryption_leaves_only_zeros_in_recycled_buffers() {
    let f = fixture(4096, &[50, 40, 40, 50], SecurityLevel::None);
    let ctx = &f.ctx;
    let b = common::sim(1, false);
    let device = DeviceContext::new(ctx, b.clone(), 0).unwrap();
    let enc = CkksEncoder::new(ctx);
    let encryptor = Encryptor::new(ctx, &f.pk)
        .unwrap()
        .on_device(device.clone())
        .unwrap();
    let pt = enc
        .encode_on(&device, &values(enc.slot_count(), 3), 2f64.powi(30))
        .unwrap();
    // The encoding's values and transform: zero once it is enqueued.
    assert_eq!(free_buffers_hold_zeros(b.as_ref(), 4096), 2);
    // Two encryptions, their ciphertexts kept (a ciphertext is not secret and not wiped): the
    // free pool then holds only what the encryptions used and dropped.
    let cts = [
        encryptor.encrypt(&pt).unwrap(),
        encryptor.encrypt(&pt).unwrap(),
    ];
    drop(pt);
    assert!(free_buffers_hold_zeros(b.as_ref(), 4096) >= 4);
    drop(cts);
    // Symmetric encryption: its noise, its uniform draw and the draw's block counts, and (once
    // the encryptor drops) the secret key's device copy.
    let kg = KeyGenerator::insecure_from_seed(ctx, f.seed);
    let symmetric = Encryptor::symmetric(ctx, kg.secret_key())
        .unwrap()
        .on_device(device.clone())
        .unwrap();
    let pt = enc
        .encode(&values(enc.slot_count(), 4), 2f64.powi(30))
        .unwrap()
        .gpu();
    let cts = [
        symmetric.encrypt(&pt).unwrap(),
        symmetric.encrypt(&pt).unwrap(),
    ];
    drop((symmetric, pt));
    assert!(free_buffers_hold_zeros(b.as_ref(), 4096) >= 4);
    drop(cts);
}

/// Takes every free buffer of tile 0 back (`words` of each), reads it, returns it; fails if one
/// holds a non-zero word or if a buffer had to be allocated. Returns how many it read.
fn free_buffers_hold_zeros(b: &dyn Backend, words: usize) -> usize {
    b.wait(0).unwrap();
    let before = b.memcache_stats(0).unwrap();
    let mut held = Vec::new();
    for _ in 0..before.free {
        let buf = b.alloc(0, words).unwrap();
        let mut w = vec![0u64; words];
        b.read(&buf, 0, &mut w).unwrap();
        assert!(
            w.iter().all(|&x| x == 0),
            "a recycled buffer still holds words"
        );
        // Kept out of the pool: the next alloc takes another free buffer.
        held.push(buf);
    }
    let after = b.memcache_stats(0).unwrap();
    assert_eq!(
        after.device_allocations, before.device_allocations,
        "all reused"
    );
    for buf in held {
        b.free(buf).unwrap();
    }
    before.free
}

/// Encoding on the device gives the host encoder's words (and so SEAL's): complex and real
/// values, fewer values than slots, none at all, coefficients past 2^64 (scale 2^100), degrees
/// whose transform fits in one block of local memory (4096) and ones with global stages too
/// (16384), at every level, on cpu-sim and OpenCL; values past the bound are typed errors.
#[test]
fn device_encoding_matches_the_host_word_for_word() {
    let mut backends = vec![common::sim(1, false)];
    if let Some(cl) = common::opencl(None) {
        backends.push(cl);
    }
    for (n, bits) in [
        (4096usize, &[50u32, 40, 40, 50][..]),
        (16384, &[60, 50, 50, 60][..]),
    ] {
        let f = fixture(n, bits, SecurityLevel::None);
        let ctx = &f.ctx;
        let enc = CkksEncoder::new(ctx);
        let slots = enc.slot_count();
        let mut rng = rand::rngs::StdRng::seed_from_u64(n as u64);
        let complex: Vec<Complex64> = (0..slots)
            .map(|_| Complex64::new(rng.gen_range(-2.0..2.0), rng.gen_range(-2.0..2.0)))
            .collect();
        for b in &backends {
            let device = DeviceContext::new(ctx, b.clone(), 0).unwrap();
            let mut level = ctx.first_context_data();
            loop {
                // The largest scale: coefficients past 2^64 where the level has the bits.
                let top = 2f64.powi(level.total_coeff_modulus_bit_count() as i32 - 30);
                for (count, scale) in [(slots, 2f64.powi(40).min(top)), (slots / 3, top), (0, top)]
                {
                    let z = &complex[..count];
                    let h = enc.encode_complex_at_level(z, scale, level).unwrap();
                    let d = enc
                        .encode_complex_at_level_on(&device, z, scale, level)
                        .unwrap();
                    assert!(d.is_on_device() && !d.is_on_host());
                    assert_eq!(
                        d.data().unwrap(),
                        h.data().unwrap(),
                        "n {n}, level {}, {count} values, scale {scale:e}",
                        level.chain_index()
                    );
                }
                let x: Vec<f64> = complex.iter().map(|z| z.re).collect();
                let d = enc
                    .encode_at_level_on(&device, &x, 2f64.powi(40), level)
                    .unwrap();
                let h = enc.encode_at_level(&x, 2f64.powi(40), level).unwrap();
                assert_eq!(d.data().unwrap(), h.data().unwrap());
                match ctx.next_context_data(level) {
                    Some(next) => level = next,
                    None => break,
                }
            }
            // Past the bound, and not finite: refused before any launch.
            let level = ctx.last_context_data();
            let big = [1e30];
            assert!(matches!(
                enc.encode_at_level_on(&device, &big, 2f64.powi(40), level),
                Err(CkksError::ValueTooLarge { .. })
            ));
            assert!(matches!(
                enc.encode_at_level_on(&device, &[f64::NAN], 2f64.powi(40), level),
                Err(CkksError::ValueTooLarge { .. })
            ));
            assert!(matches!(
                enc.encode_at_level_on(&device, &vec![0.0; slots + 1], 2f64.powi(40), level),
                Err(CkksError::TooManyValues { .. })
            ));
        }
    }
}

/// Decryption and decoding on the device give the host's words and the host's doubles, bit for
/// bit: ciphertexts of size 2 and 3 (a product before relinearization), at every level, for
/// degrees whose transform fits one block of local memory (4096) and ones with global stages
/// (16384), on cpu-sim and OpenCL; values past 2^64 once scaled (scale 2^100) and negative ones;
/// plaintexts the host holds (uploaded) and ones a device decryption left on the device. Then
/// what held the message or the key on the device is zero before it is recycled, and foreign
/// operands are typed errors.
#[test]
fn device_decryption_and_decoding_match_the_host_bit_for_bit() {
    let mut backends = vec![common::sim(1, false)];
    if let Some(cl) = common::opencl(None) {
        backends.push(cl);
    }
    let bits_of = |v: &[Complex64]| -> Vec<(u64, u64)> {
        v.iter().map(|z| (z.re.to_bits(), z.im.to_bits())).collect()
    };
    for (n, bits) in [
        (4096usize, &[50u32, 40, 40, 50][..]),
        (16384, &[60, 50, 50, 60][..]),
    ] {
        let f = fixture(n, bits, SecurityLevel::None);
        let ctx = &f.ctx;
        let enc = CkksEncoder::new(ctx);
        let kg = KeyGenerator::insecure_from_seed(ctx, f.seed);
        let host_dec = Decryptor::new(ctx, kg.secret_key()).unwrap();
        let host = Evaluator::new(ctx);
        let slots = enc.slot_count();
        let mut rng = rand::rngs::StdRng::seed_from_u64(n as u64 + 1);
        let z: Vec<Complex64> = (0..slots)
            .map(|_| Complex64::new(rng.gen_range(-2.0..2.0), rng.gen_range(-2.0..2.0)))
            .collect();
        for b in &backends {
            let device = DeviceContext::new(ctx, b.clone(), 0).unwrap();
            let dev_dec = Decryptor::new(ctx, kg.secret_key())
                .unwrap()
                .on_device(device.clone())
                .unwrap();
            let mut level = ctx.first_context_data();
            loop {
                let top = 2f64.powi(level.total_coeff_modulus_bit_count() as i32 - 30);
                for scale in [2f64.powi(30).min(top), top] {
                    // A host plaintext, uploaded by the decoder.
                    let pt = enc.encode_complex_at_level(&z, scale, level).unwrap();
                    assert_eq!(
                        bits_of(&enc.decode_complex_on(&device, &pt).unwrap()),
                        bits_of(&enc.decode_complex(&pt).unwrap()),
                        "n {n}, level {}, scale {scale:e}",
                        level.chain_index()
                    );
                }
                let pt = enc
                    .encode_complex_at_level(&z, 2f64.powi(25), level)
                    .unwrap();
                let ct = Encryptor::new(ctx, &f.pk).unwrap().encrypt(&pt).unwrap();
                let mut cts = vec![ct.clone()];
                if level.coeff_modulus().len() > 1 {
                    cts.push(host.multiply(&ct, &ct).unwrap());
                }
                for c in cts {
                    // From the host's words and from words only the device holds.
                    for c in [c.clone(), c.gpu()] {
                        let d = dev_dec.decrypt(&c).unwrap();
                        let h = host_dec.decrypt(&c).unwrap();
                        assert!(d.is_on_device() && !d.is_on_host());
                        assert_eq!(d.data().unwrap(), h.data().unwrap(), "size {}", c.size());
                        let d = dev_dec.decrypt(&c).unwrap();
                        assert_eq!(
                            bits_of(&enc.decode_complex_on(&device, &d).unwrap()),
                            bits_of(&enc.decode_complex(&h).unwrap())
                        );
                        assert!(!d.is_on_host(), "decoding on the device reads only slots");
                        let re = enc.decode_on(&device, &d).unwrap();
                        assert_eq!(re, enc.decode(&h).unwrap());
                    }
                }
                match ctx.next_context_data(level) {
                    Some(next) => level = next,
                    None => break,
                }
            }
            // Foreign operands: a device context of other parameters, a plaintext of another
            // context.
            let other = fixture(n, &bits[..3], SecurityLevel::None);
            let pt = enc.encode(&[1.0], 2f64.powi(30)).unwrap();
            let foreign = DeviceContext::new(&other.ctx, b.clone(), 0).unwrap();
            assert!(matches!(
                enc.decode_on(&foreign, &pt),
                Err(CkksError::ForeignParameters { .. })
            ));
            // Encoding there would use the other context's primes.
            assert!(matches!(
                enc.encode_on(&foreign, &[1.0], 2f64.powi(30)),
                Err(CkksError::ForeignParameters { .. })
            ));
            assert!(matches!(
                Decryptor::new(ctx, kg.secret_key())
                    .unwrap()
                    .on_device(foreign.clone()),
                Err(CkksError::ForeignParameters { .. })
            ));
            let other_pt = CkksEncoder::new(&other.ctx)
                .encode(&[1.0], 2f64.powi(30))
                .unwrap();
            assert!(enc.decode_on(&device, &other_pt).is_err());
            // This encoder with another context (its device and plaintext): refused, not
            // decoded with this context's constants.
            let other_device = DeviceContext::new(&other.ctx, b.clone(), 0).unwrap();
            assert!(matches!(
                enc.decode_on(&other_device, &other_pt),
                Err(CkksError::ForeignParameters { .. })
            ));
        }
    }
    // Recycled buffers: the decryption, the decoding's temporaries and the key copy are zero.
    let f = fixture(4096, &[50, 40, 40, 50], SecurityLevel::None);
    let ctx = &f.ctx;
    let b = common::sim(1, false);
    let device = DeviceContext::new(ctx, b.clone(), 0).unwrap();
    let enc = CkksEncoder::new(ctx);
    let kg = KeyGenerator::insecure_from_seed(ctx, f.seed);
    let ct = encrypt(&f, &values(enc.slot_count(), 5), 2f64.powi(30)).gpu();
    let _ = ct.data().unwrap();
    {
        let dec = Decryptor::new(ctx, kg.secret_key())
            .unwrap()
            .on_device(device.clone())
            .unwrap();
        let pt = dec.decrypt(&ct).unwrap();
        let got = enc.decode_on(&device, &pt).unwrap();
        assert!(max_error(&got, &values(enc.slot_count(), 5)) < 1e-5);
    }
    // The key (4 primes), the plaintext (3), the inverse NTT's words (3), the composition (4),
    // the transform (2) and the slots (1): each read whole.
    assert!(free_buffers_hold_only_zeros(b.as_ref(), &[4, 3, 2, 1].map(|r| r * 4096)) >= 6);
}

/// [`free_buffers_hold_zeros`] reading each free buffer at the largest of `sizes` (descending)
/// it serves: takes free buffers at each size until one comes from a new allocation (set aside
/// unread), then goes to the next size. Every free buffer must have been read.
fn free_buffers_hold_only_zeros(b: &dyn Backend, sizes: &[usize]) -> usize {
    b.wait(0).unwrap();
    let before = b.memcache_stats(0).unwrap();
    let (mut read, mut fresh) = (Vec::new(), Vec::new());
    for &words in sizes {
        loop {
            let allocations = b.memcache_stats(0).unwrap().device_allocations;
            let buf = b.alloc(0, words).unwrap();
            if b.memcache_stats(0).unwrap().device_allocations != allocations {
                fresh.push(buf);
                break;
            }
            let mut w = vec![0u64; words];
            b.read(&buf, 0, &mut w).unwrap();
            assert!(
                w.iter().all(|&x| x == 0),
                "a recycled buffer of at least {words} words still holds words"
            );
            read.push(buf);
        }
    }
    assert_eq!(read.len(), before.free, "every free buffer read");
    let count = read.len();
    for buf in read.into_iter().chain(fresh) {
        b.free(buf).unwrap();
    }
    count
}

/// Rotations by steps without their own key compose on the device as on the host (SEAL's
/// non-adjacent form of the step over the default power-of-two keys), word for word, on
/// cpu-sim (race hunting on) and OpenCL; a one-term step without its key stays a typed error.
#[test]
fn composed_rotations_match_the_host_on_the_device() {
    let ctx = Context::new(
        &EncryptionParameters::with_bit_sizes(4096, &[50, 40, 50]).unwrap(),
        SecurityLevel::None,
    )
    .unwrap();
    let mut kg = KeyGenerator::insecure_from_seed(&ctx, common::key_seeds(1)[0]);
    let gk = kg.create_galois_keys().unwrap();
    let few = kg.create_galois_keys_for_steps(&[1], false).unwrap();
    let pk = kg.create_public_key();
    let enc = CkksEncoder::new(&ctx);
    let pt = enc
        .encode(&values(enc.slot_count(), 5), 2f64.powi(30))
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
