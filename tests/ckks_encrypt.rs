//! Encryption and decryption on the host: public-key and symmetric round trips within the
//! stated bound, randomness, and typed errors.

mod common;

use common::fixtures::{context, decrypt, max_error, values};
use xehe::ckks::{CkksEncoder, CkksError, Decryptor, Encryptor, KeyGenerator};

#[test]
fn public_and_symmetric_round_trips_within_two_to_the_minus_20() {
    let ctx = context(8192, &[60, 40, 40, 60]);
    let mut keygen = KeyGenerator::insecure_from_seed(&ctx, [1; 32]);
    let pk = keygen.create_public_key();
    let sk = keygen.secret_key();
    let enc = CkksEncoder::new(&ctx);
    let dec = Decryptor::new(&ctx, sk).unwrap();
    let x = values(3, 4096);
    for level in [ctx.first_context_data(), ctx.last_context_data()] {
        let pt = enc.encode_at_level(&x, 2f64.powi(40), level).unwrap();
        for e in [
            Encryptor::new(&ctx, &pk).unwrap(),
            Encryptor::symmetric(&ctx, sk).unwrap(),
        ] {
            let ct = e.encrypt(&pt).unwrap();
            assert_eq!(
                (ct.size(), ct.parms_id(), ct.scale()),
                (2, level.parms_id(), pt.scale())
            );
            assert_ne!(
                ct.data().unwrap()[..pt.data().unwrap().len()],
                pt.data().unwrap()[..],
                "c0 must not be the message"
            );
            // Two encryptions of one plaintext differ.
            assert_ne!(e.encrypt(&pt).unwrap().data().unwrap(), ct.data().unwrap());
            let err = max_error(&decrypt(&enc, &dec, &ct), &x);
            assert!(err < 2f64.powi(-20), "error {err}");
        }
    }
}

#[test]
fn another_secret_key_does_not_decrypt() {
    let ctx = context(8192, &[60, 40, 60]);
    let mut a = KeyGenerator::insecure_from_seed(&ctx, [1; 32]);
    let b = KeyGenerator::insecure_from_seed(&ctx, [2; 32]);
    let pk = a.create_public_key();
    let enc = CkksEncoder::new(&ctx);
    let x = values(4, 4096);
    let ct = Encryptor::new(&ctx, &pk)
        .unwrap()
        .encrypt(&enc.encode(&x, 2f64.powi(40)).unwrap())
        .unwrap();
    let wrong = decrypt(&enc, &Decryptor::new(&ctx, b.secret_key()).unwrap(), &ct);
    let err = max_error(&wrong, &x);
    assert!(err > 1.0, "a wrong key decrypted to within {err}");
    assert!(format!("{:?}", b.secret_key()).contains("redacted"));
}

#[test]
fn objects_from_another_context_are_typed_errors() {
    let (ctx, other) = (context(8192, &[60, 40, 60]), context(8192, &[50, 40, 50]));
    let mut kg = KeyGenerator::insecure_from_seed(&ctx, [1; 32]);
    let pk = kg.create_public_key();
    let other_kg = KeyGenerator::insecure_from_seed(&other, [1; 32]);
    assert!(matches!(
        Encryptor::new(&other, &pk),
        Err(CkksError::ForeignParameters { what: "public key" })
    ));
    assert!(matches!(
        Decryptor::new(&ctx, other_kg.secret_key()),
        Err(CkksError::ForeignParameters { .. })
    ));
    let enc = CkksEncoder::new(&other);
    let pt = enc.encode(&[1.0], 2f64.powi(30)).unwrap();
    let e = Encryptor::new(&ctx, &pk).unwrap();
    assert!(matches!(
        e.encrypt(&pt),
        Err(CkksError::ForeignParameters { what: "plaintext" })
    ));
    let ct = Encryptor::symmetric(&other, other_kg.secret_key())
        .unwrap()
        .encrypt(&pt)
        .unwrap();
    let dec = Decryptor::new(&ctx, kg.secret_key()).unwrap();
    assert!(matches!(
        dec.decrypt(&ct),
        Err(CkksError::ForeignParameters { what: "ciphertext" })
    ));
}

/// Words are checked once, and again after they change: a plaintext encrypted before is refused
/// once a word is no longer below its prime.
#[test]
fn changed_plaintext_words_are_checked_again() {
    let ctx = context(8192, &[60, 40, 40, 60]);
    let mut keygen = KeyGenerator::insecure_from_seed(&ctx, [2; 32]);
    let pk = keygen.create_public_key();
    let enc = CkksEncoder::new(&ctx);
    let mut pt = enc.encode(&values(4, 4096), 2f64.powi(40)).unwrap();
    let e = Encryptor::new(&ctx, &pk).unwrap();
    e.encrypt(&pt).unwrap();
    e.encrypt(&pt).unwrap();
    let q0 = ctx.first_context_data().coeff_modulus()[0].value();
    pt.data_mut().unwrap()[5] = q0;
    assert!(matches!(
        e.encrypt(&pt),
        Err(CkksError::NotReduced { index: 5, .. })
    ));
}
