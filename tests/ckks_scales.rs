//! Scales below 1 and scales that are not finite are refused wherever a scale enters the
//! library: every form of encoding (host and device), constants, polynomial evaluation, and a
//! rescale that would leave less than 1. A scale of 1e-300 once encoded, and decoded to NaN.

mod common;

use common::fixtures::context;
use xehe::ckks::bootstrap::Chebyshev;
use xehe::ckks::device::DeviceContext;
use xehe::ckks::{
    CkksEncoder, CkksError, CkksResult, Complex64, Encryptor, Evaluator, KeyGenerator,
};

const BAD: [f64; 8] = [
    0.0,
    -1.0,
    1e-300,
    0.5,
    1.0 - f64::EPSILON,
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
];

fn refused<T: std::fmt::Debug>(what: &str, scale: f64, r: CkksResult<T>) {
    match r {
        Err(CkksError::InvalidScale { scale: s, .. }) => {
            assert!(
                s.to_bits() == scale.to_bits(),
                "{what}: names {s}, not {scale}"
            )
        }
        other => panic!("{what} at scale {scale}: {other:?}"),
    }
}

#[test]
fn host_encoding_refuses_scales_below_one() {
    let ctx = context(4096, &[40, 30, 36]);
    let enc = CkksEncoder::new(&ctx);
    let last = ctx.last_context_data();
    let z = [Complex64::new(0.5, -0.25)];
    for s in BAD {
        refused("encode", s, enc.encode(&[0.5], s));
        refused("encode_at_level", s, enc.encode_at_level(&[0.5], s, last));
        refused("encode_complex", s, enc.encode_complex(&z, s));
        refused(
            "encode_complex_at_level",
            s,
            enc.encode_complex_at_level(&z, s, last),
        );
    }
    // The message names the scale as written, not as 300 digits of decimals.
    let e = enc.encode(&[0.5], 1e-300).unwrap_err().to_string();
    assert!(e.starts_with("scale 1e-300 is invalid: "), "{e}");
    // 1 itself is a scale: a constant in every slot is the constant coefficient, exact.
    let pt = enc.encode(&[-3.0; 2048], 1.0).unwrap();
    assert_eq!(pt.scale(), 1.0);
    assert!(enc
        .decode(&pt)
        .unwrap()
        .iter()
        .all(|v| (v + 3.0).abs() < 1e-9));
}

#[test]
fn device_encoding_refuses_scales_below_one() {
    let ctx = context(4096, &[40, 30, 36]);
    let dev = DeviceContext::new(&ctx, common::sim(1, false), 0).unwrap();
    let enc = CkksEncoder::new(&ctx);
    let last = ctx.last_context_data();
    let (x, z) = ([0.5], [Complex64::new(0.5, -0.25)]);
    for s in BAD {
        refused("encode_on", s, enc.encode_on(&dev, &x, s));
        refused(
            "encode_at_level_on",
            s,
            enc.encode_at_level_on(&dev, &x, s, last),
        );
        refused("encode_complex_on", s, enc.encode_complex_on(&dev, &z, s));
        refused(
            "encode_complex_at_level_on",
            s,
            enc.encode_complex_at_level_on(&dev, &z, s, last),
        );
        refused("encode_many_on", s, enc.encode_many_on(&dev, &[x, x], s));
        refused(
            "encode_many_at_level_on",
            s,
            enc.encode_many_at_level_on(&dev, &[x], s, last),
        );
        refused(
            "encode_complex_many_on",
            s,
            enc.encode_complex_many_on(&dev, &[z], s),
        );
        refused(
            "encode_complex_many_at_level_on",
            s,
            enc.encode_complex_many_at_level_on(&dev, &[z], s, last),
        );
    }
}

#[test]
fn constants_and_polynomials_refuse_scales_below_one() {
    let ctx = context(4096, &[40, 30, 36]);
    let mut kg = KeyGenerator::insecure_from_seed(&ctx, [5; 32]);
    let rk = kg.create_relin_keys().unwrap();
    let enc = CkksEncoder::new(&ctx);
    let ct = Encryptor::symmetric(&ctx, kg.secret_key())
        .unwrap()
        .encrypt(&enc.encode(&[0.5], 2f64.powi(30)).unwrap())
        .unwrap();
    let host = Evaluator::new(&ctx);
    let dev = DeviceContext::new(&ctx, common::sim(1, false), 0).unwrap();
    let device = Evaluator::with_device(&ctx, dev).unwrap();
    let on_device = ct.clone().gpu();
    let p = Chebyshev::fit(|t| t * t, 2, -1.0, 1.0);
    for s in BAD {
        refused("multiply_const", s, host.multiply_const(&ct, 2.0, s));
        refused(
            "multiply_const on the device",
            s,
            device.multiply_const(&on_device, 2.0, s),
        );
        refused(
            "Chebyshev::evaluate_encrypted",
            s,
            p.evaluate_encrypted(&host, &rk, &ct, s),
        );
        refused(
            "Chebyshev::plan (output scale)",
            s,
            p.plan(&ctx, 1, 2f64.powi(30), s),
        );
        refused(
            "Chebyshev::plan (input scale)",
            s,
            p.plan(&ctx, 1, s, 2f64.powi(30)),
        );
    }
}

/// Rescaling a scale-2^20 ciphertext by a 30-bit prime would leave 2^-10: refused on both
/// paths, where the same rescale after a product (2^40) goes through.
#[test]
fn a_rescale_that_leaves_less_than_one_is_refused() {
    let ctx = context(4096, &[40, 30, 36]);
    let kg = KeyGenerator::insecure_from_seed(&ctx, [6; 32]);
    let enc = CkksEncoder::new(&ctx);
    let ct = Encryptor::symmetric(&ctx, kg.secret_key())
        .unwrap()
        .encrypt(&enc.encode(&[0.5], 2f64.powi(20)).unwrap())
        .unwrap();
    let host = Evaluator::new(&ctx);
    let dev = DeviceContext::new(&ctx, common::sim(1, false), 0).unwrap();
    let device = Evaluator::with_device(&ctx, dev).unwrap();
    for (what, r) in [
        ("host", host.rescale_to_next(&ct)),
        ("device", device.rescale_to_next(&ct.clone().gpu())),
    ] {
        match r {
            Err(CkksError::InvalidScale { scale, reason }) => {
                assert!(scale < 1.0 && scale > 0.0, "{what}: {scale}");
                assert!(reason.contains("leaves less than 1"), "{what}: {reason}");
            }
            other => panic!("{what}: {other:?}"),
        }
    }
    let squared = host.multiply(&ct, &ct).unwrap();
    let rescaled = host.rescale_to_next(&squared).unwrap();
    assert!(rescaled.scale() > 1.0);
}
