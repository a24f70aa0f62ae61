//! Hardening against SEAL 4's behaviour: inputs that once panicked, overflowed or decoded to
//! garbage are typed errors; data at the key level is refused; decryption validates what it
//! is given; what decryption reveals, and noise flooding that hides it.

mod common;

use common::fixtures::context;
use xehe::ckks::device::DeviceContext;
use xehe::ckks::serialize::ComprMode;
use xehe::ckks::{
    Ciphertext, CkksEncoder, CkksError, Context, Decryptor, EncryptionParameters, Encryptor,
    Evaluator, KeyGenerator, Plaintext,
};
use xehe::primes::{is_prime, SecurityLevel};

#[test]
fn the_encoder_refuses_overflow_instead_of_panicking() {
    let ctx = context(8192, &[60, 40, 40, 60]);
    let enc = CkksEncoder::new(&ctx);
    // Finite inputs whose encoding overflows to inf, then NaN, in the transform.
    let e = enc
        .encode(&[1e300, 1e300, -1e300, -1e300], 2f64.powi(40))
        .unwrap_err();
    assert!(matches!(e, CkksError::ValueTooLarge { .. }), "{e}");
    for bad in [f64::NAN, f64::INFINITY] {
        assert!(enc.encode(&[bad], 2f64.powi(40)).is_err());
    }
}

/// Primes just above 2^(b−1): the sum of their bit counts (60 here) overstates the modulus
/// (59 bits), and a coefficient between Q/2 and 2^58 once encoded and decoded as another value
/// (384 came back as 128). The bound is the product's bits and Q/2 itself.
#[test]
fn encoded_values_stay_below_half_the_real_modulus() {
    let n = 4096u64;
    let mut primes = Vec::new();
    let mut p = (1u64 << 29) + 1;
    while primes.len() < 3 {
        if is_prime(p) {
            primes.push(p);
        }
        p += 2 * n;
    }
    let moduli = primes
        .iter()
        .map(|&p| xehe::arith::Modulus::new(p).unwrap())
        .collect();
    let parms = EncryptionParameters::new(n as usize, moduli);
    let ctx = Context::new(&parms, SecurityLevel::Tc128).unwrap();
    let level = ctx.first_context_data();
    assert_eq!(level.total_coeff_modulus_bit_count(), 59);
    let half_q = primes[0] as f64 * primes[1] as f64 / 2.0;
    let enc = CkksEncoder::new(&ctx);
    let scale = 2f64.powi(20);
    // A constant's coefficient is value · scale. Past Q/2 (and below 2^58): refused.
    for c in [half_q * (1.0 + 1e-9), 2f64.powi(58) - 2f64.powi(40)] {
        let e = enc
            .encode_at_level(&[c / scale; 2048], scale, level)
            .unwrap_err();
        assert!(matches!(e, CkksError::ValueTooLarge { .. }), "{e}");
    }
    // The largest accepted coefficients decode as themselves, both signs.
    for c in [
        2f64.powi(57) - 2f64.powi(40),
        -(2f64.powi(57) - 2f64.powi(40)),
    ] {
        let v = c / scale;
        let back = enc
            .decode(&enc.encode_at_level(&[v; 2048], scale, level).unwrap())
            .unwrap();
        assert!(
            (back[0] - v).abs() < 1e-6 * v.abs(),
            "{} against {v}",
            back[0]
        );
    }
}

/// x^4 without rescaling: scale 2^160 on a 140-bit modulus once returned Ok and decoded to
/// 9.7e-6 instead of 0.0625. Refused on the host and on the device, as SEAL refuses it.
#[test]
fn products_whose_scale_leaves_the_modulus_are_refused() {
    let ctx = context(8192, &[60, 40, 40, 60]);
    let mut kg = KeyGenerator::new(&ctx);
    let rk = kg.create_relin_keys().unwrap();
    let pk = kg.create_public_key();
    let enc = CkksEncoder::new(&ctx);
    let pt = enc.encode(&[0.5], 2f64.powi(40)).unwrap();
    let x = Encryptor::new(&ctx, &pk).unwrap().encrypt(&pt).unwrap();
    let device = DeviceContext::new(&ctx, common::sim(1, false), 0).unwrap();
    for (eval, x) in [
        (Evaluator::new(&ctx), x.clone()),
        (
            Evaluator::with_device(&ctx, device).unwrap(),
            x.clone().gpu(),
        ),
    ] {
        let x2 = eval.relinearize(&eval.square(&x).unwrap(), &rk).unwrap();
        assert_eq!(x2.scale(), 2f64.powi(80));
        for e in [
            eval.square(&x2).unwrap_err(),
            eval.multiply(&x2, &x2).unwrap_err(),
            eval.multiply_plain(&x2, &enc.encode(&[1.0], 2f64.powi(70)).unwrap())
                .unwrap_err(),
            eval.multiply_const(&x2, 2.0, 2f64.powi(62)).unwrap_err(),
            eval.multiply_const(&x, 2.0, 0.0).unwrap_err(),
            eval.multiply_const(&x, 2.0, f64::NAN).unwrap_err(),
        ] {
            assert!(matches!(e, CkksError::InvalidScale { .. }), "{e}");
        }
    }
}

#[test]
fn data_at_the_key_level_is_refused() {
    let ctx = context(4096, &[40, 30, 36]);
    let kg = KeyGenerator::new(&ctx);
    let key_level = ctx.key_context_data();
    let enc = CkksEncoder::new(&ctx);
    for e in [
        enc.encode_at_level(&[1.0], 2f64.powi(30), key_level)
            .unwrap_err(),
        enc.encode_complex_at_level(&[1.0.into()], 2f64.powi(30), key_level)
            .unwrap_err(),
    ] {
        assert_eq!(e, CkksError::KeyLevel { what: "plaintext" });
    }
    let e = Encryptor::symmetric(&ctx, kg.secret_key()).unwrap();
    assert!(matches!(
        Plaintext::from_ntt_residues(&ctx, key_level.parms_id(), 1.0, vec![0; 4096 * 3]),
        Err(CkksError::KeyLevel { .. })
    ));
    // A ciphertext file claiming the key level (SEAL's body starts with the parms_id).
    let ok = e
        .encrypt(&enc.encode(&[1.0], 2f64.powi(30)).unwrap())
        .unwrap();
    let mut bytes = Vec::new();
    ok.save(&mut bytes, ComprMode::None).unwrap();
    for (i, w) in key_level.parms_id().0.iter().enumerate() {
        bytes[16 + 8 * i..24 + 8 * i].copy_from_slice(&w.to_le_bytes());
    }
    let e = Ciphertext::load(&ctx, &mut bytes.as_slice()).unwrap_err();
    assert!(e.to_string().contains("key level"), "{e}");
}

#[test]
fn decryption_and_decoding_check_what_they_are_given() {
    let ctx = context(4096, &[40, 30, 36]);
    let kg = KeyGenerator::new(&ctx);
    let enc = CkksEncoder::new(&ctx);
    let dec = Decryptor::new(&ctx, kg.secret_key()).unwrap();
    let ct = Encryptor::symmetric(&ctx, kg.secret_key())
        .unwrap()
        .encrypt(&enc.encode(&[1.0], 2f64.powi(30)).unwrap())
        .unwrap();
    let words = dec.decrypt(&ct).unwrap().data().unwrap().into_owned();
    let id = ctx.first_context_data().parms_id();
    for scale in [0.0, -1.0, 1e-300, 0.5, f64::NAN, f64::INFINITY] {
        let mut bad = ct.clone();
        let e = bad.set_scale(scale).unwrap_err();
        assert!(
            matches!(e, CkksError::InvalidScale { .. }),
            "scale {scale}: {e}"
        );
        assert_eq!(bad.scale(), ct.scale(), "a refused scale is not kept");
        assert!(
            Plaintext::from_ntt_residues(&ctx, id, scale, words.clone()).is_err(),
            "a plaintext at scale {scale}"
        );
    }
    // At least 1 but past the level's modulus: set, and refused where it is used.
    let mut bad = ct.clone();
    bad.set_scale(2f64.powi(80)).unwrap();
    let e = dec.decrypt(&bad).unwrap_err();
    assert!(matches!(e, CkksError::InvalidScale { .. }), "{e}");
    assert!(Plaintext::from_ntt_residues(&ctx, id, 2f64.powi(80), words).is_err());
    let mut bad = ct.clone();
    bad.data_mut().unwrap()[17] = u64::MAX;
    assert!(matches!(
        dec.decrypt(&bad),
        Err(CkksError::NotReduced { index: 17, .. })
    ));
    let mut pt = dec.decrypt(&ct).unwrap();
    pt.data_mut().unwrap()[5] = u64::MAX;
    assert!(matches!(
        enc.decode(&pt),
        Err(CkksError::NotReduced { index: 5, .. })
    ));
}

/// Li–Micciancio: decrypting a chosen ciphertext (0, 1) gives s itself. Flooding hides it, and
/// still decodes a real result within its stated bound.
#[test]
fn decryption_reveals_its_noise_and_flooding_hides_the_key() {
    let ctx = context(8192, &[60, 40, 40, 60]);
    let kg = KeyGenerator::new(&ctx);
    let enc = CkksEncoder::new(&ctx);
    let dec = Decryptor::new(&ctx, kg.secret_key()).unwrap();
    let level = ctx.first_context_data();
    let (n, r) = (8192, level.coeff_modulus().len());
    let mut ct = Encryptor::symmetric(&ctx, kg.secret_key())
        .unwrap()
        .encrypt(&enc.encode_at_level(&[0.0], 2f64.powi(40), level).unwrap())
        .unwrap();
    {
        let w = ct.data_mut().unwrap();
        w[..n * r].fill(0);
        w[n * r..].fill(1); // the constant 1 in NTT form
    }
    let s = &kg.secret_key().data()[..n * r];
    assert_eq!(
        &*dec.decrypt(&ct).unwrap().data().unwrap(),
        s,
        "plain decryption leaks s"
    );
    let flooded = dec.decrypt_flooded(&ct, 40).unwrap();
    let same = flooded
        .data()
        .unwrap()
        .iter()
        .zip(s)
        .filter(|(a, b)| a == b)
        .count();
    assert!(same < n * r / 1000, "{same} words of s survive flooding");

    let values: Vec<f64> = (0..4096).map(|i| (i as f64 / 4096.0) - 0.5).collect();
    let scale = 2f64.powi(50);
    let x = Encryptor::symmetric(&ctx, kg.secret_key())
        .unwrap()
        .encrypt(&enc.encode_at_level(&values, scale, level).unwrap())
        .unwrap();
    let bits = 20;
    let got = enc.decode(&dec.decrypt_flooded(&x, bits).unwrap()).unwrap();
    // Uniform flooding of width 2^bits: per slot a sum of N terms of variance 2^(2·bits)/3;
    // six standard deviations.
    let bound = 6.0 * (n as f64 / 3.0).sqrt() * 2f64.powi(bits as i32) / scale;
    let err = got
        .iter()
        .zip(&values)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max);
    assert!(err < bound, "{err} ≥ {bound}");
    assert!(err > bound / 1000.0, "the flooding is there: {err}");
    assert!(matches!(
        dec.decrypt_flooded(&x, 62),
        Err(CkksError::InvalidFlooding { .. })
    ));
}

#[test]
fn keys_and_encryptions_use_fresh_randomness() {
    let ctx = context(4096, &[40, 30, 36]);
    let (a, b) = (KeyGenerator::new(&ctx), KeyGenerator::new(&ctx));
    assert_ne!(a.secret_key().data(), b.secret_key().data());
    // Only the test-only, insecure constructor repeats itself.
    let (c, d) = (
        KeyGenerator::insecure_from_seed(&ctx, [7; 32]),
        KeyGenerator::insecure_from_seed(&ctx, [7; 32]),
    );
    assert_eq!(c.secret_key().data(), d.secret_key().data());
    let enc = CkksEncoder::new(&ctx);
    let pt = enc.encode(&[1.0], 2f64.powi(30)).unwrap();
    let mut a = a;
    let pk = a.create_public_key();
    let pk_enc = Encryptor::new(&ctx, &pk).unwrap();
    let (x, y) = (pk_enc.encrypt(&pt).unwrap(), pk_enc.encrypt(&pt).unwrap());
    assert_ne!(x.data().unwrap(), y.data().unwrap());
}
