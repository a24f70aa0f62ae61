//! The CKKS encoder: round trips within the stated error, the embedding's algebra (slot-wise
//! products, constants), and typed errors.

mod common;

use common::fixtures::{complex_values, context, insecure_context, max_complex_error};
use xehe::ckks::{CkksEncoder, CkksError, Complex64, Plaintext};

#[test]
fn round_trips_within_two_to_the_minus_30_at_scale_2_40() {
    for (n, bits) in [
        (4096usize, &[50u32, 50][..]),
        (8192, &[60, 40, 40, 60]),
        (65536, &[60, 60, 60]),
    ] {
        // Encoding is what is tested: the 2^16 set skips the security check.
        let ctx = if n > 32768 {
            insecure_context(n, bits)
        } else {
            context(n, bits)
        };
        let enc = CkksEncoder::new(&ctx);
        assert_eq!(enc.slot_count(), n / 2);
        let z = complex_values(n as u64, n / 2, -1.0..1.0);
        let pt = enc.encode_complex(&z, 2f64.powi(40)).unwrap();
        assert_eq!(
            pt.rns_count(),
            ctx.first_context_data().coeff_modulus().len()
        );
        let back = enc.decode_complex(&pt).unwrap();
        let err = max_complex_error(&z, &back);
        assert!(err < 2f64.powi(-30), "N = {n}: error {err}");
        // Fewer values than slots: the rest decode to 0; real values decode with zero imaginary part.
        let x: Vec<f64> = (0..10).map(|i| i as f64 / 3.0).collect();
        let pt = enc
            .encode_at_level(&x, 2f64.powi(40), ctx.last_context_data())
            .unwrap();
        let back = enc.decode_complex(&pt).unwrap();
        for (j, v) in back.iter().enumerate() {
            let want = x.get(j).copied().unwrap_or(0.0);
            assert!(
                (v.re - want).abs() < 1e-8 && v.im.abs() < 1e-8,
                "slot {j}: {v}"
            );
        }
    }
}

#[test]
fn a_constant_encodes_to_a_constant_polynomial() {
    let ctx = context(4096, &[50, 50]);
    let enc = CkksEncoder::new(&ctx);
    let level = ctx.last_context_data();
    let pt = enc
        .encode_at_level(&vec![3.0; 2048], 2f64.powi(20), level)
        .unwrap();
    let mut coeffs = pt.data().unwrap().to_vec();
    level.ntt_tables()[0].inverse(&mut coeffs).unwrap();
    assert_eq!(coeffs[0], 3 << 20);
    assert!(coeffs[1..].iter().all(|&c| c == 0));
}

#[test]
fn products_of_ntt_residues_are_slot_wise_products() {
    // The embedding is a ring map: multiplying the plaintexts (coefficient-wise in NTT form)
    // multiplies the slots, with the scales multiplied.
    let ctx = context(8192, &[60, 50, 50, 50]);
    let enc = CkksEncoder::new(&ctx);
    let level = ctx.first_context_data();
    let (x, y) = (
        complex_values(1, 4096, -1.0..1.0),
        complex_values(2, 4096, -1.0..1.0),
    );
    let scale = 2f64.powi(40);
    let (px, py) = (
        enc.encode_complex_at_level(&x, scale, level).unwrap(),
        enc.encode_complex_at_level(&y, scale, level).unwrap(),
    );
    let q = level.coeff_modulus();
    let prod: Vec<u64> = px
        .data()
        .unwrap()
        .iter()
        .zip(py.data().unwrap().iter())
        .enumerate()
        .map(|(i, (&a, &b))| q[i / 8192].mul_mod(a, b))
        .collect();
    let pt = Plaintext::from_ntt_residues(&ctx, level.parms_id(), scale * scale, prod).unwrap();
    let got = enc.decode_complex(&pt).unwrap();
    let want: Vec<Complex64> = x.iter().zip(&y).map(|(a, b)| a * b).collect();
    let err = max_complex_error(&got, &want);
    assert!(err < 2f64.powi(-25), "error {err}");
}

#[test]
fn bad_inputs_are_typed_errors() {
    let ctx = context(4096, &[50, 50]);
    let enc = CkksEncoder::new(&ctx);
    let level = ctx.first_context_data();
    assert!(matches!(
        enc.encode_at_level(&vec![0.0; 2049], 1e6, level),
        Err(CkksError::TooManyValues {
            given: 2049,
            slots: 2048
        })
    ));
    for scale in [0.0, -1.0, f64::NAN, 2f64.powi(60)] {
        assert!(
            matches!(
                enc.encode_at_level(&[1.0], scale, level),
                Err(CkksError::InvalidScale { .. })
            ),
            "{scale}"
        );
    }
    assert!(matches!(
        enc.encode_at_level(&[1e30], 2f64.powi(40), level),
        Err(CkksError::ValueTooLarge { .. })
    ));
    assert!(matches!(
        enc.encode_at_level(&[f64::INFINITY], 2f64.powi(40), level),
        Err(CkksError::ValueTooLarge { .. })
    ));
    let other = context(4096, &[40, 40]);
    let pt = CkksEncoder::new(&other).encode(&[1.0], 1e6).unwrap();
    assert!(matches!(
        enc.decode(&pt),
        Err(CkksError::ForeignParameters { .. })
    ));
}

#[test]
fn residues_are_checked() {
    let ctx = context(4096, &[50, 50]);
    let level = ctx.last_context_data();
    let q = level.coeff_modulus()[0].value();
    let id = level.parms_id();
    assert!(matches!(
        Plaintext::from_ntt_residues(&ctx, id, 1.0, vec![0; 10]),
        Err(CkksError::WrongSize {
            expected: 4096,
            given: 10,
            ..
        })
    ));
    let mut data = vec![0; 4096];
    data[7] = q;
    assert!(matches!(
        Plaintext::from_ntt_residues(&ctx, id, 1.0, data),
        Err(CkksError::NotReduced { index: 7, .. })
    ));
}

/// SEAL's defaults: `encode` at the first data level, `decode` from the plaintext alone; a
/// level or a plaintext of another chain is refused, not encoded over the wrong primes.
#[test]
fn encoding_defaults_to_the_first_level_and_knows_its_chain() {
    let ctx = context(8192, &[60, 40, 40, 60]);
    let enc = CkksEncoder::new(&ctx);
    let x = [0.75, -1.5, 2.25];
    let first = enc.encode(&x, 2f64.powi(40)).unwrap();
    assert_eq!(first.parms_id(), ctx.first_context_data().parms_id());
    let explicit = enc
        .encode_at_level(&x, 2f64.powi(40), ctx.first_context_data())
        .unwrap();
    assert_eq!(first.data().unwrap(), explicit.data().unwrap());
    let z: Vec<Complex64> = x.iter().map(|&v| Complex64::new(v, 0.0)).collect();
    let complex = enc.encode_complex(&z, 2f64.powi(40)).unwrap();
    assert_eq!(first.data().unwrap(), complex.data().unwrap());
    let below = ctx.next_context_data(ctx.first_context_data()).unwrap();
    let low = enc.encode_at_level(&x, 2f64.powi(40), below).unwrap();
    assert_eq!(low.parms_id(), below.parms_id());
    for pt in [&first, &low] {
        let back = enc.decode(pt).unwrap();
        assert!(x.iter().zip(&back).all(|(a, b)| (a - b).abs() < 1e-9));
    }
    // Another chain of the same degree: its levels and plaintexts are foreign here.
    let other = context(8192, &[50, 30, 50]);
    let theirs = CkksEncoder::new(&other);
    assert_eq!(
        enc.encode_at_level(&x, 2f64.powi(30), other.first_context_data())
            .unwrap_err(),
        CkksError::ForeignParameters { what: "plaintext" }
    );
    let foreign = theirs.encode(&x, 2f64.powi(30)).unwrap();
    assert!(matches!(
        enc.decode(&foreign),
        Err(CkksError::ForeignParameters { .. })
    ));
    // A clone of the context is the same chain.
    let same = CkksEncoder::new(&ctx.clone());
    assert_eq!(same.decode(&first).unwrap(), enc.decode(&first).unwrap());
}
