//! Host reference of multiply + relinearize (SEAL's key switching with one special prime):
//! decrypt(relinearize(x·y)) within 2^-20 of x·y at scale 2^40, size-3 decryption, typed errors.

mod common;

use common::fixtures::{context, decrypt, max_error, values};
use xehe::ckks::reference::{multiply, relinearize};
use xehe::ckks::{CkksEncoder, CkksError, Decryptor, Encryptor, KeyGenerator};

#[test]
fn multiply_then_relinearize_decrypts_to_the_product() {
    let ctx = context(8192, &[60, 40, 40, 60]);
    let mut kg = KeyGenerator::insecure_from_seed(&ctx, [9; 32]);
    let (pk, rk) = (kg.create_public_key(), kg.create_relin_keys().unwrap());
    let enc = CkksEncoder::new(&ctx);
    let encryptor = Encryptor::new(&ctx, &pk).unwrap();
    let dec = Decryptor::new(&ctx, kg.secret_key()).unwrap();
    let (x, y) = (values(1, 4096), values(2, 4096));
    for level in [ctx.first_context_data(), ctx.chain().nth(2).unwrap()] {
        let scale = 2f64.powi(40);
        let cx = encryptor
            .encrypt(&enc.encode_at_level(&x, scale, level).unwrap())
            .unwrap();
        let cy = encryptor
            .encrypt(&enc.encode_at_level(&y, scale, level).unwrap())
            .unwrap();
        let prod = multiply(&ctx, &cx, &cy).unwrap();
        assert_eq!((prod.size(), prod.scale()), (3, scale * scale));
        let want: Vec<f64> = x.iter().zip(&y).map(|(a, b)| a * b).collect();
        let check = |ct: &xehe::ckks::Ciphertext| max_error(&want, &decrypt(&enc, &dec, ct));
        // Size 3 decrypts with s²; relinearized it decrypts with s alone.
        assert!(check(&prod) < 2f64.powi(-20));
        let relin = relinearize(&ctx, &prod, &rk).unwrap();
        assert_eq!(relin.size(), 2);
        let err = check(&relin);
        assert!(
            err < 2f64.powi(-20),
            "chain index {}: error {err}",
            level.chain_index()
        );
    }
}

#[test]
fn misuse_is_typed() {
    let one = context(4096, &[50]);
    assert!(matches!(
        KeyGenerator::insecure_from_seed(&one, [1; 32]).create_relin_keys(),
        Err(CkksError::NoSpecialPrime)
    ));
    let ctx = context(8192, &[60, 40, 60]);
    let mut kg = KeyGenerator::insecure_from_seed(&ctx, [3; 32]);
    let rk = kg.create_relin_keys().unwrap();
    let enc = CkksEncoder::new(&ctx);
    let e = Encryptor::symmetric(&ctx, kg.secret_key()).unwrap();
    let a = e
        .encrypt(&enc.encode(&[1.0], 2f64.powi(30)).unwrap())
        .unwrap();
    let b = e
        .encrypt(
            &enc.encode_at_level(&[1.0], 2f64.powi(30), ctx.last_context_data())
                .unwrap(),
        )
        .unwrap();
    assert!(matches!(
        multiply(&ctx, &a, &b),
        Err(CkksError::LevelMismatch { left: 1, right: 0 })
    ));
    assert!(matches!(
        relinearize(&ctx, &a, &rk),
        Err(CkksError::WrongCiphertextSize {
            expected: 3,
            given: 2,
            ..
        })
    ));
    let three = multiply(&ctx, &a, &a).unwrap();
    assert!(matches!(
        multiply(&ctx, &three, &a),
        Err(CkksError::WrongCiphertextSize { given: 3, .. })
    ));
}

#[test]
fn rescale_and_mod_switch_walk_down_the_chain() {
    use xehe::ckks::reference::{mod_switch_to_next, rescale_to_next};
    let ctx = context(8192, &[60, 40, 40, 60]);
    let mut kg = KeyGenerator::insecure_from_seed(&ctx, [11; 32]);
    let rk = kg.create_relin_keys().unwrap();
    let enc = CkksEncoder::new(&ctx);
    let e = Encryptor::symmetric(&ctx, kg.secret_key()).unwrap();
    let dec = Decryptor::new(&ctx, kg.secret_key()).unwrap();
    let (x, y) = (values(5, 4096), values(6, 4096));
    let scale = 2f64.powi(40);
    let first = ctx.first_context_data();
    let cx = e
        .encrypt(&enc.encode_at_level(&x, scale, first).unwrap())
        .unwrap();
    let cy = e
        .encrypt(&enc.encode_at_level(&y, scale, first).unwrap())
        .unwrap();
    // multiply + relinearize + rescale: XeHE's MulLinRS.
    let r = rescale_to_next(
        &ctx,
        &relinearize(&ctx, &multiply(&ctx, &cx, &cy).unwrap(), &rk).unwrap(),
    )
    .unwrap();
    let q_last = first.coeff_modulus()[2].value() as f64;
    assert_eq!((r.rns_count(), r.scale()), (2, scale * scale / q_last));
    assert_eq!(ctx.get_context_data(r.parms_id()).unwrap().chain_index(), 1);
    let got = decrypt(&enc, &dec, &r);
    let err = x
        .iter()
        .zip(&y)
        .zip(&got)
        .map(|((a, b), g)| (a * b - g).abs())
        .fold(0.0, f64::max);
    assert!(err < 2f64.powi(-20), "MulLinRS error {err}");
    // Modulus switching keeps message and scale.
    let m = mod_switch_to_next(&ctx, &cx).unwrap();
    assert_eq!((m.rns_count(), m.scale()), (2, scale));
    let err = max_error(&decrypt(&enc, &dec, &m), &x);
    assert!(err < 2f64.powi(-20), "mod switch error {err}");
    // The last level has nothing left to drop.
    let last = mod_switch_to_next(&ctx, &m).unwrap();
    assert!(matches!(
        rescale_to_next(&ctx, &last),
        Err(CkksError::EndOfModulusChain { chain_index: 0 })
    ));
    assert!(matches!(
        mod_switch_to_next(&ctx, &last),
        Err(CkksError::EndOfModulusChain { .. })
    ));
}
