//! The device evaluator's offload model: lazy upload, results kept on the device, the dirty
//! flag after host changes, independent work on two tiles, compute frames, and typed errors.

mod common;

use common::fixtures::{context, values, words, Fixture, STEPS};
use xehe::ckks::device::DeviceContext;
use xehe::ckks::{Ciphertext, CkksEncoder, CkksError, Evaluator};

#[test]
fn offload_model_uploads_lazily_keeps_results_and_reuploads_after_host_changes() {
    let f = Fixture::new(context(4096, &[40, 30, 36]), &STEPS);
    let backend = common::sim(1, false);
    let dev = Evaluator::with_device(
        &f.ctx,
        DeviceContext::new(&f.ctx, backend.clone(), 0).unwrap(),
    )
    .unwrap();
    let host = Evaluator::new(&f.ctx);
    let a = f.encrypt(&values(1, 2048), 2f64.powi(30));
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
    let f = Fixture::new(context(4096, &[40, 30, 36]), &STEPS);
    let backend = common::sim(2, false);
    let devs: Vec<_> = (0..2)
        .map(|t| DeviceContext::new(&f.ctx, backend.clone(), t).unwrap())
        .collect();
    let inputs: Vec<Ciphertext> = (0..2)
        .map(|i| f.encrypt(&values(20 + i, 2048), 2f64.powi(30)))
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
    let f = Fixture::new(context(4096, &[40, 30, 36]), &STEPS);
    let backend = common::sim(1, false);
    let device = DeviceContext::new(&f.ctx, backend.clone(), 0).unwrap();
    let dev = Evaluator::with_device(&f.ctx, device).unwrap();
    let enc = CkksEncoder::new(&f.ctx);
    let scale = 2f64.powi(30);
    let a = f.encrypt(&values(1, 16), scale).gpu();
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
    let other_scale = f.encrypt(&values(1, 16), scale * 2.0).gpu();
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
    let foreign = Fixture::new(context(8192, &[50, 40, 50]), &STEPS);
    let fa = foreign.encrypt(&values(1, 16), scale).gpu();
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
    let f = Fixture::new(context(4096, &[40, 30, 36]), &STEPS);
    let device = DeviceContext::new(&f.ctx, common::sim(1, false), 0).unwrap();
    let dev = Evaluator::with_device(&f.ctx, device.clone()).unwrap();
    let a = f.encrypt(&values(1, 2048), 2f64.powi(30)).gpu();
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
