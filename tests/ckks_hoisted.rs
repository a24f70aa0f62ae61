//! Hoisted rotations on the device (`Evaluator::rotate_many` on operands marked for it): the host
//! reference's words, word for word, on cpu-sim with race hunting and OpenCL; typed errors.

mod common;

use common::fixtures::{insecure_context, values};
use xehe::ckks::device::DeviceContext;
use xehe::ckks::{CkksEncoder, CkksError, Encryptor, Evaluator, KeyGenerator};

#[test]
fn hoisted_rotations_match_the_host_on_the_device() {
    let ctx = insecure_context(4096, &[50, 40, 40, 50]);
    let mut kg = KeyGenerator::insecure_from_seed(&ctx, common::key_seeds(1)[0]);
    let gk = kg
        .create_galois_keys_for_steps(&[1, 2, 8, -3], false)
        .unwrap();
    let pk = kg.create_public_key();
    let enc = CkksEncoder::new(&ctx);
    let x = values(4, enc.slot_count());
    let encryptor = Encryptor::new(&ctx, &pk).unwrap();
    let first = encryptor
        .encrypt(&enc.encode(&x, 2f64.powi(30)).unwrap())
        .unwrap();
    let host = Evaluator::new(&ctx);
    // At the first level and one below (fewer digits).
    let lower = host.mod_switch_to_next(&first).unwrap();
    // 10 has no key: made from step 2's result by a rotation by 8. The keyed steps (repeats
    // share one result) go in one launch of steps, the bridge to 10 in a second.
    let steps = [1i64, 8, 0, -3, 10, 2, 1, 8, -3, 2, 1, 8];
    // The small local memory's plans divide the hoisted steps in one transform; the default's
    // (one stage at N = 4096) one transform a step.
    let mut backends = vec![common::sim(1, true), common::sim_small_local()];
    if let Some(cl) = common::opencl(None) {
        backends.push(cl);
    }
    for (i, b) in backends.into_iter().enumerate() {
        b.profiler().clear();
        let backend = b.clone();
        let dev = Evaluator::with_device(&ctx, DeviceContext::new(&ctx, b, 0).unwrap()).unwrap();
        for ct in [&first, &lower] {
            let want = xehe::ckks::reference::rotate_many(&ctx, ct, &steps, &gk).unwrap();
            let got = dev.rotate_many(&ct.clone().gpu(), &steps, &gk).unwrap();
            assert_eq!(got.len(), steps.len());
            for ((g, w), s) in got.iter().zip(&want).zip(steps) {
                assert!(g.is_on_device() || s == 0);
                assert_eq!(g.data().unwrap(), w.data().unwrap(), "step {s}");
            }
            // The small local memory's plans have two stages at every batch size, so its steps
            // are divided by one finishing stage per launch of steps, with no permuted copy of
            // c0. (The default's depend on its thread count: the plans halve their block for
            // batches of fewer rows than threads.)
            let kernels: Vec<String> = backend
                .profiler()
                .records()
                .into_iter()
                .filter(|r| r.operation.as_ref().is_some_and(|o| o.0 == "rotate_many"))
                .map(|r| r.kernel)
                .collect();
            let count = |k: &str| kernels.iter().filter(|n| *n == k).count();
            if i == 1 {
                assert_eq!(count("ntt_fwd_stage_finish_steps"), 2, "{kernels:?}");
                assert_eq!(count("galois_permute_ntt"), 0, "{kernels:?}");
            }
            backend.profiler().clear();
            // The host evaluator gives the reference's words too.
            let h = host.rotate_many(ct, &steps, &gk).unwrap();
            assert_eq!(h[3].data().unwrap(), want[3].data().unwrap());
        }
        let g = first.clone().gpu();
        assert!(dev.rotate_many(&g, &[], &gk).unwrap().is_empty());
        assert!(matches!(
            dev.rotate_many(&g, &[4], &gk),
            Err(CkksError::MissingGaloisKey { .. })
        ));
        let square = dev.multiply(&g, &g).unwrap();
        assert!(matches!(
            dev.rotate_many(&square, &[1], &gk),
            Err(CkksError::WrongCiphertextSize { .. })
        ));
    }
}
