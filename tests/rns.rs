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

mod rational {
    use num_bigint::{BigInt, BigUint, RandBigInt};
    use num_integer::Integer;
    use rand::SeedableRng;
    use xehe::arith::Modulus;
    use xehe::primes::{CoeffModulus, FamilyPreset};
    use xehe::rns::{RationalRescale, RescaleRounding, RnsBase};
    use xehe::MathError;

    fn product(m: &[Modulus]) -> BigUint {
        m.iter().fold(BigUint::from(1u32), |a, p| a * p.value())
    }

    /// Rescales the source residues of each x in `xs` and checks every output coefficient
    /// against ⌊(x·R + ⌊D/2⌋)/D⌋ mod T (exact) or that plus an error in [c − k + 1, c] (fast).
    fn check(source: &[Modulus], target: &[Modulus], xs: &[BigUint]) {
        let dropped: Vec<Modulus> = source
            .iter()
            .filter(|m| !target.contains(m))
            .copied()
            .collect();
        let restored: Vec<Modulus> = target
            .iter()
            .filter(|m| !source.contains(m))
            .copied()
            .collect();
        let (d, r, t) = (product(&dropped), product(&restored), product(target));
        let src = RnsBase::new(source).unwrap();
        let dst = RnsBase::new(target).unwrap();
        let n = xs.len();
        let mut input = vec![0u64; source.len() * n];
        for (c, x) in xs.iter().enumerate() {
            for (i, v) in src.decompose(x).unwrap().into_iter().enumerate() {
                input[i * n + c] = v;
            }
        }
        let k = dropped.len() as i64;
        let cshift = (k - 1) / 2;
        for rounding in [RescaleRounding::Exact, RescaleRounding::Fast] {
            let rr = RationalRescale::new(source, target, rounding).unwrap();
            let (lo, hi) = rr.error_range();
            let mut out = vec![0u64; target.len() * n];
            rr.apply(&input, n, &mut out).unwrap();
            for (c, x) in xs.iter().enumerate() {
                let want = ((x * &r + (&d >> 1u32)) / &d) % &t;
                let got: Vec<u64> = (0..target.len()).map(|i| out[i * n + c]).collect();
                let got = dst.compose(&got).unwrap();
                // The difference, centred modulo T.
                let mut diff =
                    (BigInt::from(got) - BigInt::from(want)).mod_floor(&BigInt::from(t.clone()));
                if diff > BigInt::from(t.clone()) / 2 {
                    diff -= BigInt::from(t.clone());
                }
                let diff: i64 = diff.try_into().unwrap();
                match rounding {
                    RescaleRounding::Exact => assert_eq!(diff, 0, "x = {x}"),
                    RescaleRounding::Fast => {
                        assert!((cshift - k + 1..=cshift).contains(&diff), "x = {x}: {diff}")
                    }
                }
                // The stated range of ε = y − x·R/D holds around the rounded value.
                assert!(lo <= diff as f64 - 0.5 && diff as f64 + 0.5 <= hi);
            }
        }
    }

    /// Random values, plus values whose x·R + ⌊D/2⌋ lands on 0, 1, D − 2, D − 1 modulo D (x·R/D
    /// at or next to a half-integer: the rounding edge, where the exact quotient leaves its
    /// fixed-point estimate for big integers), plus 0 and W − 1.
    fn values(source: &[Modulus], target: &[Modulus], seed: u64) -> Vec<BigUint> {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let w = product(source);
        let dropped: Vec<Modulus> = source
            .iter()
            .filter(|m| !target.contains(m))
            .copied()
            .collect();
        let restored: Vec<Modulus> = target
            .iter()
            .filter(|m| !source.contains(m))
            .copied()
            .collect();
        let (d, r) = (product(&dropped), product(&restored));
        let kept = &w / &d;
        let r_inv = BigInt::from(r.clone())
            .extended_gcd(&BigInt::from(d.clone()))
            .x
            .mod_floor(&BigInt::from(d.clone()))
            .to_biguint()
            .unwrap();
        let mut xs: Vec<BigUint> = (0..200).map(|_| rng.gen_biguint_below(&w)).collect();
        xs.push(BigUint::from(0u32));
        xs.push(&w - 1u32);
        let h = &d >> 1u32;
        for v in [
            BigUint::from(0u32),
            BigUint::from(1u32),
            &d - 2u32,
            &d - 1u32,
        ] {
            for _ in 0..20 {
                // x ≡ (v − h)·R^-1 mod D, and anything modulo the kept primes.
                let xd = ((&v + &d - &h) * &r_inv) % &d;
                let x = xd + &d * rng.gen_biguint_below(&kept);
                xs.push(x);
            }
        }
        xs
    }

    #[test]
    fn matches_big_integers_on_ladder_windows() {
        let f = FamilyPreset::InsecureN12W32.family().unwrap();
        let key = f.key_primes();
        for i in 1..f.levels().len() {
            let src = key[f.levels()[i].window.clone()].to_vec();
            let dst = key[f.levels()[i - 1].window.clone()].to_vec();
            check(&src, &dst, &values(&src, &dst, i as u64));
        }
    }

    #[test]
    fn matches_big_integers_on_other_shapes() {
        let q = CoeffModulus::create(4096, &[60, 50, 40, 60, 55, 45]).unwrap();
        // SEAL's rescale: one prime dropped, none restored.
        check(&q[..3], &q[..2], &values(&q[..3], &q[..2], 1));
        // 64-bit primes: two dropped, one restored, one kept, in a new order.
        let dst = [q[4], q[0]];
        check(&q[..3], &dst, &values(&q[..3], &dst, 2));
        // A switch between bases: every prime dropped, three restored.
        check(&q[..3], &q[3..], &values(&q[..3], &q[3..], 3));
        // Over 32 dropped primes: the conversion's sums are reduced along the way.
        let f = FamilyPreset::N16W32.family().unwrap();
        let key = f.key_primes();
        let (src, dst) = (&key[..40], &key[40..]);
        check(src, dst, &values(src, dst, 4));
    }

    #[test]
    fn bad_requests_are_typed_errors() {
        let q = CoeffModulus::create(4096, &[30, 30, 30]).unwrap();
        let e = RationalRescale::new(&q[..2], &q[..2], RescaleRounding::Exact).unwrap_err();
        assert!(matches!(e, MathError::LengthMismatch { .. }), "{e}");
        let e = RationalRescale::new(&q[..2], &[], RescaleRounding::Exact).unwrap_err();
        assert!(matches!(e, MathError::LengthMismatch { .. }), "{e}");
        let e = RationalRescale::new(&[q[0], q[0]], &q[1..], RescaleRounding::Exact).unwrap_err();
        assert!(matches!(e, MathError::NotCoprime { .. }), "{e}");
        let e = RationalRescale::new(&q[..2], &[q[2], q[2]], RescaleRounding::Fast).unwrap_err();
        assert!(matches!(e, MathError::NotCoprime { .. }), "{e}");
        let r = RationalRescale::new(&q[..2], &q[2..], RescaleRounding::Exact).unwrap();
        let mut out = vec![0; 2];
        assert!(matches!(
            r.apply(&[0; 3], 2, &mut out),
            Err(MathError::LengthMismatch { .. })
        ));
        assert!(matches!(
            r.apply(&[0; 4], 2, &mut out[..1]),
            Err(MathError::LengthMismatch { .. })
        ));
        assert!(matches!(
            r.apply(&[0, 0, q[1].value(), 0], 2, &mut out),
            Err(MathError::OutOfRange { .. })
        ));
    }
}
