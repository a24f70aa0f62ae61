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
