//! NTT properties: round trip, agreement with the schoolbook negacyclic product, direct
//! evaluation at the roots in SEAL's order, linearity at large n, and typed errors.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use xehe::arith::Modulus;
use xehe::ntt::{negacyclic_multiply, negacyclic_schoolbook, reverse_bits, NttTables};
use xehe::primes::CoeffModulus;
use xehe::MathError;

fn tables(n: u64, bits: u32) -> NttTables {
    let q = CoeffModulus::create(n, &[bits]).unwrap()[0];
    NttTables::new(n, &q).unwrap()
}

fn random_poly(rng: &mut impl Rng, n: usize, q: u64) -> Vec<u64> {
    (0..n).map(|_| rng.gen_range(0..q)).collect()
}

#[test]
fn output_is_evaluation_at_odd_powers_in_bit_reversed_order() {
    // SEAL's forward output at index i is a(ψ^(2·rev(i) + 1)).
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    for log_n in 1..=8 {
        let n = 1u64 << log_n;
        let t = tables(n, 50);
        let q = *t.modulus();
        let a = random_poly(&mut rng, n as usize, q.value());
        let mut fa = a.clone();
        t.forward(&mut fa).unwrap();
        for (i, &got) in fa.iter().enumerate() {
            let x = q.pow_mod(t.root(), 2 * reverse_bits(i, log_n) as u64 + 1);
            let eval = a.iter().rev().fold(0, |acc, &c| q.mad_mod(acc, x, c));
            assert_eq!(got, eval, "n={n} i={i}");
        }
    }
}

#[test]
fn round_trip_every_size() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(2);
    for log_n in 1..=17 {
        let n = 1u64 << log_n;
        for bits in [30, 50, 60] {
            let t = tables(n, bits);
            let q = t.modulus().value();
            let a = random_poly(&mut rng, n as usize, q);
            let mut b = a.clone();
            t.forward(&mut b).unwrap();
            assert!(b.iter().all(|&v| v < q));
            t.inverse(&mut b).unwrap();
            assert_eq!(a, b, "n={n} bits={bits}");
        }
    }
}

#[test]
fn extremes_round_trip() {
    for log_n in [3, 10, 16] {
        let n = 1u64 << log_n;
        let t = tables(n, 60);
        let q = t.modulus().value();
        for fill in [0, 1, q - 1] {
            let a = vec![fill; n as usize];
            let mut b = a.clone();
            t.forward(&mut b).unwrap();
            t.inverse(&mut b).unwrap();
            assert_eq!(a, b);
        }
    }
}

#[test]
fn linearity_and_products_at_large_n() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(3);
    for log_n in [12, 15, 17] {
        let n = 1usize << log_n;
        let t = tables(n as u64, 60);
        let q = *t.modulus();
        let a = random_poly(&mut rng, n, q.value());
        let b = random_poly(&mut rng, n, q.value());
        let c = rng.gen_range(0..q.value());
        let (mut fa, mut fb) = (a.clone(), b.clone());
        t.forward(&mut fa).unwrap();
        t.forward(&mut fb).unwrap();
        let mut sum: Vec<u64> = a
            .iter()
            .zip(&b)
            .map(|(&x, &y)| q.mad_mod(c, x, y))
            .collect();
        t.forward(&mut sum).unwrap();
        for i in 0..n {
            assert_eq!(sum[i], q.mad_mod(c, fa[i], fb[i]));
        }
        // Multiplying by X^k rotates negacyclically.
        let k = rng.gen_range(1..n);
        let mut xk = vec![0; n];
        xk[k] = 1;
        let shifted = negacyclic_multiply(&a, &xk, &t).unwrap();
        for i in 0..n {
            let want = if i >= k {
                a[i - k]
            } else {
                q.neg_mod(a[i + n - k])
            };
            assert_eq!(shifted[i], want);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn ntt_product_equals_schoolbook(log_n in 1u32..=10, bits in prop::sample::select(vec![20u32, 40, 60]), seed in any::<u64>()) {
        let n = 1u64 << log_n;
        let q = match CoeffModulus::create(n, &[bits]) {
            Ok(q) => q[0],
            Err(_) => return Ok(()), // no prime of this size for this n (tiny bit sizes)
        };
        let t = NttTables::new(n, &q).unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let a = random_poly(&mut rng, n as usize, q.value());
        let b = random_poly(&mut rng, n as usize, q.value());
        prop_assert_eq!(negacyclic_multiply(&a, &b, &t).unwrap(), negacyclic_schoolbook(&a, &b, &q).unwrap());
    }
}

#[test]
fn bad_input_gives_typed_errors() {
    let q = Modulus::new(7681).unwrap(); // ≡ 1 mod 512
    assert!(matches!(
        NttTables::new(1024, &q),
        Err(MathError::NoPrimitiveRoot { .. })
    ));
    assert!(matches!(
        NttTables::new(100, &q),
        Err(MathError::InvalidDegree { .. })
    ));
    assert!(matches!(
        NttTables::new(1, &q),
        Err(MathError::InvalidDegree { .. })
    ));
    assert!(matches!(
        NttTables::new(1 << 18, &q),
        Err(MathError::InvalidDegree { .. })
    ));
    let composite = Modulus::new(17 * 97).unwrap(); // ≡ 1 mod 16 but not prime
    assert!(matches!(
        NttTables::new(8, &composite),
        Err(MathError::NoPrimitiveRoot { .. })
    ));
    let t = NttTables::new(256, &q).unwrap();
    let mut short = vec![0u64; 255];
    assert!(matches!(
        t.forward(&mut short),
        Err(MathError::LengthMismatch {
            expected: 256,
            actual: 255,
            ..
        })
    ));
    assert!(matches!(
        t.inverse(&mut short),
        Err(MathError::LengthMismatch { .. })
    ));
    let big = vec![7681u64; 256];
    let ok = vec![0u64; 256];
    assert!(matches!(
        negacyclic_multiply(&big, &ok, &t),
        Err(MathError::OutOfRange { .. })
    ));
    assert!(matches!(
        negacyclic_schoolbook(&ok, &short, &q),
        Err(MathError::LengthMismatch { .. })
    ));
}

#[test]
fn tables_follow_seal_layout() {
    let t = tables(1024, 40);
    let q = *t.modulus();
    let log_n = t.log_degree();
    assert_eq!(t.root_powers()[0].operand, 1);
    assert_eq!(t.inv_root_powers()[0].operand, 1);
    for i in 1..1024usize {
        assert_eq!(
            t.root_powers()[reverse_bits(i, log_n)].operand,
            q.pow_mod(t.root(), i as u64)
        );
        assert_eq!(
            t.inv_root_powers()[reverse_bits(i - 1, log_n) + 1].operand,
            q.pow_mod(t.inv_root(), i as u64)
        );
    }
    for w in t.root_powers().iter().chain(t.inv_root_powers()) {
        assert_eq!(
            w.quotient as u128,
            ((w.operand as u128) << 64) / q.value() as u128
        );
    }
    assert_eq!(q.mul_mod(t.inv_degree().operand, 1024), 1);
    assert_eq!(q.mul_mod(t.root(), t.inv_root()), 1);
}
