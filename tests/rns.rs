//! RNS base: CRT round trips against big-integer arithmetic, centered composition, layout.

use num_bigint::{BigInt, BigUint, RandBigInt};
use rand::SeedableRng;
use xehe::arith::Modulus;
use xehe::primes::CoeffModulus;
use xehe::rns::{RnsBase, RnsShape};
use xehe::MathError;

#[test]
fn decompose_compose_round_trip() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(9);
    let moduli = CoeffModulus::create(8192, &[60, 40, 40, 40, 60]).unwrap();
    let base = RnsBase::new(&moduli).unwrap();
    let q = base.product().clone();
    assert_eq!(q.bits(), 60 + 40 + 40 + 40 + 60 - 1 + 1);
    for _ in 0..500 {
        let x = rng.gen_biguint_below(&q);
        let r = base.decompose(&x).unwrap();
        for (ri, m) in r.iter().zip(base.moduli()) {
            assert_eq!(BigUint::from(*ri), &x % m.value());
        }
        assert_eq!(base.compose(&r).unwrap(), x);
    }
    for x in [BigUint::from(0u32), &q - 1u32, BigUint::from(u64::MAX)] {
        assert_eq!(base.compose(&base.decompose(&x).unwrap()).unwrap(), x);
    }
    // Values at or above Q wrap.
    assert_eq!(
        base.compose(&base.decompose(&(&q + 5u32)).unwrap())
            .unwrap(),
        BigUint::from(5u32)
    );
}

#[test]
fn signed_values_round_trip_centered() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(10);
    let base = RnsBase::new(&CoeffModulus::create(4096, &[50, 50, 50]).unwrap()).unwrap();
    let half: BigInt = BigInt::from(base.product().clone()) / 2;
    for _ in 0..300 {
        let x = rng.gen_bigint_range(&-half.clone(), &half);
        let r = base.decompose_signed(&x).unwrap();
        assert_eq!(base.compose_centered(&r).unwrap(), x);
    }
    assert_eq!(
        base.compose_centered(&base.decompose_signed(&BigInt::from(-1)).unwrap())
            .unwrap(),
        BigInt::from(-1)
    );
}

#[test]
fn bad_bases_and_residues() {
    let m = |v| Modulus::new(v).unwrap();
    assert!(matches!(
        RnsBase::new(&[m(15), m(21)]),
        Err(MathError::NotCoprime { a: 15, b: 21 })
    ));
    assert!(matches!(
        RnsBase::new(&[m(7), m(7)]),
        Err(MathError::NotCoprime { .. })
    ));
    assert!(RnsBase::new(&[]).is_err());
    let base = RnsBase::new(&[m(7), m(11), m(15)]).unwrap(); // coprime, not all prime
    assert_eq!(base.compose(&[3, 4, 8]).unwrap(), BigUint::from(983u32)); // 983 = 7·140 + 3 = 11·89 + 4 = 15·65 + 8
    assert!(matches!(
        base.compose(&[1, 2]),
        Err(MathError::LengthMismatch { .. })
    ));
    assert!(matches!(
        base.compose(&[7, 0, 0]),
        Err(MathError::OutOfRange { .. })
    ));
}

#[test]
fn layout_offsets_follow_xehe() {
    let layout = RnsShape::new(16, 4, 3).unwrap();
    assert_eq!(layout.words(), 3 * 4 * 16);
    let mut data: Vec<u64> = (0..layout.words() as u64).collect();
    for poly in 0..3 {
        for rns in 0..4 {
            let o = rns * 16 + poly * 16 * 4;
            assert_eq!(layout.offset(poly, rns), o);
            assert_eq!(layout.component(&data, poly, rns).unwrap()[0], o as u64);
        }
    }
    layout.component_mut(&mut data, 2, 3).unwrap()[15] = 0;
    assert_eq!(*data.last().unwrap(), 0);
    assert!(matches!(
        layout.component(&data, 3, 0),
        Err(MathError::OutOfRange { .. })
    ));
    assert!(matches!(
        layout.component(&data, 0, 4),
        Err(MathError::OutOfRange { .. })
    ));
    assert!(matches!(
        layout.component(&data[1..], 0, 0),
        Err(MathError::LengthMismatch { .. })
    ));
}

/// The word-wise composition gives the big-integer one's words, for bases of 1 to 32 primes up
/// to 61 bits, at random values and at the edges (0, Q − 1, and residues all q_i − 1).
#[test]
fn compose_words_equals_compose() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(17);
    for bits in [
        vec![60],
        vec![60, 40, 40, 60],
        vec![60; 8],
        vec![50, 30, 30, 30, 30, 50],
        vec![60; 32],
    ] {
        let moduli = CoeffModulus::create(65536, &bits).unwrap();
        let base = RnsBase::new(&moduli).unwrap();
        let q = base.product().clone();
        let words = moduli.len();
        let mut scratch = Vec::new();
        let mut values: Vec<BigUint> = (0..200).map(|_| rng.gen_biguint_below(&q)).collect();
        values.extend([BigUint::from(0u32), &q - 1u32]);
        let mut residue_sets: Vec<Vec<u64>> =
            values.iter().map(|x| base.decompose(x).unwrap()).collect();
        residue_sets.push(moduli.iter().map(|m| m.value() - 1).collect());
        for r in residue_sets {
            let mut got = vec![0u64; words];
            base.compose_words(&r, &mut got, &mut scratch).unwrap();
            let mut want = base.compose(&r).unwrap().to_u64_digits();
            want.resize(words, 0);
            assert_eq!(got, want, "{bits:?}");
        }
        // Typed errors as compose's.
        let mut out = vec![0u64; words];
        let mut bad: Vec<u64> = vec![0; words];
        bad[0] = moduli[0].value();
        assert!(base.compose_words(&bad, &mut out, &mut scratch).is_err());
        assert!(base
            .compose_words(&bad[1..], &mut out, &mut scratch)
            .is_err());
    }
}
