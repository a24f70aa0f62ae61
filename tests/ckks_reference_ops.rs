//! Host reference of the coefficient-wise operations: add, sub, negate, add_plain,
//! multiply_plain, each decrypting within 2^-20 of the f64 result; scale and level mismatches
//! are typed errors.

mod common;

use common::fixtures::{context, decrypt, values};
use xehe::ckks::reference::{add, add_plain, multiply_plain, negate, rescale_to_next, sub};
use xehe::ckks::{CkksEncoder, CkksError, Decryptor, Encryptor, KeyGenerator};

#[test]
fn coefficient_wise_operations_decrypt_to_the_f64_results() {
    let ctx = context(8192, &[60, 40, 40, 60]);
    let kg = KeyGenerator::insecure_from_seed(&ctx, [21; 32]);
    let enc = CkksEncoder::new(&ctx);
    let e = Encryptor::symmetric(&ctx, kg.secret_key()).unwrap();
    let dec = Decryptor::new(&ctx, kg.secret_key()).unwrap();
    let (x, y) = (values(1, 4096), values(2, 4096));
    let scale = 2f64.powi(40);
    let level = ctx.first_context_data();
    let (px, py) = (
        enc.encode_at_level(&x, scale, level).unwrap(),
        enc.encode_at_level(&y, scale, level).unwrap(),
    );
    let (cx, cy) = (e.encrypt(&px).unwrap(), e.encrypt(&py).unwrap());
    let check = |ct: &xehe::ckks::Ciphertext, f: &dyn Fn(f64, f64) -> f64, what: &str| {
        let got = decrypt(&enc, &dec, ct);
        let err = (0..4096)
            .map(|j| (f(x[j], y[j]) - got[j]).abs())
            .fold(0.0, f64::max);
        assert!(err < 2f64.powi(-20), "{what}: error {err}");
    };
    check(&add(&ctx, &cx, &cy).unwrap(), &|a, b| a + b, "add");
    check(&sub(&ctx, &cx, &cy).unwrap(), &|a, b| a - b, "sub");
    check(&negate(&ctx, &cx).unwrap(), &|a, _| -a, "negate");
    check(
        &add_plain(&ctx, &cx, &py).unwrap(),
        &|a, b| a + b,
        "add_plain",
    );
    let mp = multiply_plain(&ctx, &cx, &py).unwrap();
    assert_eq!(mp.scale(), scale * scale);
    check(&mp, &|a, b| a * b, "multiply_plain");
    check(
        &rescale_to_next(&ctx, &mp).unwrap(),
        &|a, b| a * b,
        "multiply_plain + rescale",
    );
    // Mismatches.
    let other_scale = e
        .encrypt(&enc.encode_at_level(&y, 2f64.powi(30), level).unwrap())
        .unwrap();
    assert!(matches!(
        add(&ctx, &cx, &other_scale),
        Err(CkksError::ScaleMismatch { .. })
    ));
    let low = e
        .encrypt(
            &enc.encode_at_level(&y, scale, ctx.last_context_data())
                .unwrap(),
        )
        .unwrap();
    assert!(matches!(
        sub(&ctx, &cx, &low),
        Err(CkksError::LevelMismatch { left: 2, right: 0 })
    ));
    let low_plain = enc
        .encode_at_level(&y, scale, ctx.last_context_data())
        .unwrap();
    // A plaintext at another level names both levels (it once said "wrong plaintext
    // residues").
    for e in [
        multiply_plain(&ctx, &cx, &low_plain).unwrap_err(),
        add_plain(&ctx, &cx, &low_plain).unwrap_err(),
    ] {
        assert_eq!(
            e,
            CkksError::PlaintextLevelMismatch {
                plaintext_level: 0,
                plaintext_primes: 1,
                ciphertext_level: 2,
                ciphertext_primes: 3,
            }
        );
        assert!(
            e.to_string()
                .starts_with("plaintext at level 0 (1 prime), ciphertext at level 2 (3 primes)"),
            "{e}"
        );
    }
}
