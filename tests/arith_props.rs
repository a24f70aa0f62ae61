//! Property tests: `Modulus` and `ShoupOperand` arithmetic equal u128 arithmetic.

use proptest::prelude::*;
use xehe::arith::{Modulus, ShoupOperand};

fn modulus() -> impl Strategy<Value = Modulus> {
    prop_oneof![
        2u64..1000,
        (1u64 << 20)..(1 << 40),
        (1u64 << 59)..(1 << 61),
        Just((1u64 << 61) - 1),
    ]
    .prop_map(|q| Modulus::new(q).unwrap())
}

fn expect(x: u128, q: &Modulus) -> u64 {
    (x % q.value() as u128) as u64
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn reductions(q in modulus(), x in any::<u128>(), y in any::<u64>()) {
        prop_assert_eq!(q.reduce_u128(x), expect(x, &q));
        prop_assert_eq!(q.reduce(y), expect(y as u128, &q));
    }

    #[test]
    fn ring_operations(q in modulus(), a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
        let qv = q.value() as u128;
        let (ar, br, cr) = (q.reduce(a), q.reduce(b), q.reduce(c));
        prop_assert_eq!(q.add_mod(ar, br), expect(ar as u128 + br as u128, &q));
        prop_assert_eq!(q.sub_mod(ar, br), expect(ar as u128 + qv - br as u128, &q));
        prop_assert_eq!(q.neg_mod(ar), expect(qv - ar as u128, &q));
        prop_assert_eq!(q.mul_mod(a, b), expect(a as u128 * b as u128, &q));
        prop_assert_eq!(q.mad_mod(a, b, c), expect(a as u128 * b as u128 + c as u128, &q));
        prop_assert_eq!(q.mad_mod(ar, br, cr), q.add_mod(q.mul_mod(ar, br), cr));
    }

    #[test]
    fn shoup(q in modulus(), w in any::<u64>(), x in any::<u64>()) {
        let w = ShoupOperand::new(q.reduce(w), &q);
        let lazy = w.mul_mod_lazy(x, &q);
        prop_assert!(lazy < 2 * q.value());
        prop_assert_eq!(lazy % q.value(), expect(w.operand as u128 * x as u128, &q));
        prop_assert_eq!(w.mul_mod(x, &q), q.mul_mod(w.operand, x));
    }

    #[test]
    fn pow_and_inverse(q in modulus(), a in any::<u64>(), e in 0u64..100_000) {
        let naive = (0..e.min(64)).fold(q.reduce(1), |acc, _| q.mul_mod(acc, a));
        prop_assert_eq!(q.pow_mod(a, e.min(64)), naive);
        if let Ok(inv) = q.inv_mod(a) {
            prop_assert_eq!(q.mul_mod(q.reduce(a), inv), 1 % q.value());
        } else {
            prop_assert!(num_integer::gcd(q.reduce(a), q.value()) != 1);
        }
    }
}
