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

// The 32-bit tier's device arithmetic (the mirrors of kernels-cl/common/mod_arith.h for
// XEHE_WORD_BITS = 32) against u128, over moduli in (2^24, 2^30) and inputs at their bounds.
mod word32 {
    use proptest::prelude::*;
    use xehe::arith::{Modulus, Word};
    use xehe::kernels::mod_arith::{
        barrett_mad32, barrett_reduce32, guard, mul_shoup_lazy, reduce_4q, reduce_wide,
        reduce_wide_lazy, RowArith,
    };

    /// Σ a_k·b_k as the kernels sum it (xehe_mod_down_word): the accumulator starts at the first
    /// product and is folded after every `MAC_TERMS`-th term, then reduced once.
    fn folded_sum<W: RowArith>(pairs: &[(W, W)], row: &[W]) -> W {
        let mut acc = W::mac_init(pairs[0].0, pairs[0].1);
        for (k, &(a, b)) in pairs.iter().enumerate().skip(1) {
            W::mac(&mut acc, a, b);
            if k % W::MAC_TERMS == W::MAC_TERMS - 1 {
                W::mac_fold(&mut acc, row);
            }
        }
        W::mac_reduce(&acc, row)
    }

    /// Σ a_k·b_k mod q in u128, each product reduced first (100 products of 2^122 overflow).
    fn exact(pairs: &[(u64, u64)], q: u64) -> u64 {
        let q = q as u128;
        (pairs
            .iter()
            .map(|&(a, b)| a as u128 * b as u128 % q)
            .sum::<u128>()
            % q) as u64
    }

    fn modulus32() -> impl Strategy<Value = Modulus> {
        prop_oneof![
            (1u64 << 24) + 1..(1 << 30),
            (1u64 << 29)..(1 << 30),
            Just((1u64 << 30) - 35),
            Just((1u64 << 24) + 1),
        ]
        .prop_map(|q| Modulus::new(q | 1).unwrap())
    }

    fn row(q: &Modulus) -> Vec<u32> {
        <u32 as Word>::modulus_row(q)
    }

    /// A residue, with the bounds (0, q − 1) drawn often.
    fn residue(q: u64, r: u64) -> u64 {
        match r % 8 {
            0 => 0,
            1 => q - 1,
            _ => r % q,
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        #[test]
        fn modulus_row_holds_the_constants(q in modulus32()) {
            let (v, m) = (q.value(), q.bit_count());
            let r = row(&q);
            prop_assert_eq!(r.len(), <u32 as Word>::MODULUS_WORDS);
            prop_assert_eq!(r[0] as u64, v);
            prop_assert_eq!(r[1] as u128, (1u128 << (2 * m + 1)) / v as u128);
            prop_assert_eq!(r[2], m);
            prop_assert_eq!(r[3] as u64 | (r[4] as u64) << 32, u64::MAX / v);
        }

        #[test]
        fn barrett_products(q in modulus32(), a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
            let v = q.value();
            let (a, b, c) = (residue(v, a), residue(v, b), residue(v, c));
            let r = row(&q);
            let expect = |x: u128| (x % v as u128) as u32;
            prop_assert_eq!(barrett_mad32(a as u32, b as u32, c as u32, r[0], r[1], r[2]),
                            expect(a as u128 * b as u128 + c as u128));
            prop_assert_eq!(u32::mul_mod_row(a as u32, b as u32, &r), expect(a as u128 * b as u128));
            prop_assert_eq!(u32::mad_mod_row(a as u32, b as u32, c as u32, &r),
                            expect(a as u128 * b as u128 + c as u128));
        }

        #[test]
        fn barrett_needs_one_correction(q in modulus32(), a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
            // The estimate before the correction, as barrett_mad32 computes it: below 2q.
            let v = q.value();
            let (a, b, c) = (residue(v, a), residue(v, b), residue(v, c));
            let r = row(&q);
            let x = a * b + c;
            let quot = ((x >> (r[2] - 2)) * r[1] as u64) >> (r[2] + 3);
            let rem = x - quot * v;
            prop_assert!(rem < 2 * v, "{} corrections", rem / v);
        }

        #[test]
        fn wide_reduction(q in modulus32(), x in any::<u64>(), products in prop::collection::vec(any::<(u64, u64)>(), 16)) {
            let v = q.value();
            let r = row(&q);
            for x in [x, u64::MAX, 0, v * v - 1, 16 * (v - 1) * (v - 1)] {
                let lazy = reduce_wide_lazy(x, r[0], r[3], r[4]);
                prop_assert_eq!(lazy as u64 % v, x % v);
                prop_assert!((lazy as u64) < 4 * v, "{} corrections", lazy as u64 / v);
                prop_assert_eq!(reduce_wide(x, r[0], r[3], r[4]) as u64, x % v);
            }
            // A 64-bit accumulator of MAX_MAC_TERMS products of residues, one reduction.
            let sum = products.iter().fold(0u64, |s, &(a, b)| s + residue(v, a) * residue(v, b));
            let exact = products.iter().map(|&(a, b)| residue(v, a) as u128 * residue(v, b) as u128).sum::<u128>();
            prop_assert_eq!(products.len(), <u32 as Word>::MAX_MAC_TERMS);
            prop_assert_eq!(reduce_wide(sum, r[0], r[3], r[4]) as u128, exact % v as u128);
            for (a, b) in products {
                prop_assert_eq!(u32::mul_mod_any(a as u32, b as u32, &r) as u64,
                                (a as u32 as u64 * b as u32 as u64) % v);
            }
        }

        #[test]
        fn word_reduction_takes_any_word(q in modulus32(), x in any::<u32>()) {
            // The proposed Barrett's estimate for x < 2^32 <= 2^(2m): one correction at most.
            let v = q.value();
            let r = row(&q);
            for x in [x, u32::MAX, 0, (v - 1) as u32, v as u32, (4 * v - 1) as u32] {
                let quot = ((x >> (r[2] - 2)) as u64 * r[1] as u64) >> (r[2] + 3);
                let rem = x as u64 - quot * v;
                prop_assert!(rem < 2 * v, "{} corrections", rem / v);
                prop_assert_eq!(barrett_reduce32(x, r[0], r[1], r[2]) as u64, x as u64 % v);
                prop_assert_eq!(u32::reduce_word(x, &r) as u64, x as u64 % v);
            }
        }

        #[test]
        fn sums_of_products_fold_every_16(q in modulus32(),
                                          pairs in prop::collection::vec(any::<(u64, u64)>(), 1..80),
                                          worst in any::<bool>()) {
            // Residues at their bound q − 1 throughout (`worst`) or drawn with it often; sums of
            // more terms than one 64-bit accumulator holds.
            let v = q.value();
            let pairs: Vec<(u64, u64)> = pairs
                .iter()
                .map(|&(a, b)| if worst { (v - 1, v - 1) } else { (residue(v, a), residue(v, b)) })
                .collect();
            let words: Vec<(u32, u32)> = pairs.iter().map(|&(a, b)| (a as u32, b as u32)).collect();
            prop_assert_eq!(folded_sum(&words, &row(&q)) as u64, exact(&pairs, v));
            // The key-switching form: the accumulator starts at 0·0 and folds after products
            // 16, 32, ... of the sum.
            let mut zero_first = vec![(0u32, 0u32)];
            zero_first.extend(&words);
            prop_assert_eq!(folded_sum(&zero_first, &row(&q)) as u64, exact(&pairs, v));
        }

        #[test]
        fn wide_sums_of_products_fold_every_32(q in (2u64..(1 << 61)).prop_map(|q| Modulus::new(q).unwrap()),
                                               pairs in prop::collection::vec(any::<(u64, u64)>(), 1..100),
                                               worst in any::<bool>()) {
            let v = q.value();
            let pairs: Vec<(u64, u64)> = pairs
                .iter()
                .map(|&(a, b)| if worst { (v - 1, v - 1) } else { (a % v, b % v) })
                .collect();
            let r = <u64 as Word>::modulus_row(&q);
            prop_assert_eq!(folded_sum(&pairs, &r), exact(&pairs, v));
            prop_assert_eq!(u64::reduce_word(pairs[0].0, &r), pairs[0].0 % v);
        }

        #[test]
        fn shoup_products(q in modulus32(), w in any::<u64>(), x in any::<u32>()) {
            let v = q.value();
            let w = residue(v, w);
            let ws = <u32 as Word>::shoup(w, &q);
            prop_assert_eq!(ws as u128, ((w as u128) << 32) / v as u128);
            for x in [x, u32::MAX, 0, (4 * v - 1) as u32] {
                let lazy = mul_shoup_lazy(x, w as u32, ws, v as u32);
                prop_assert!((lazy as u64) < 2 * v);
                prop_assert_eq!(lazy as u64 % v, (x as u64 * w) % v);
            }
        }

        #[test]
        fn lazy_ranges(q in modulus32(), x in any::<u64>()) {
            let v = q.value() as u32;
            let x = (x % (4 * v as u64)) as u32;
            prop_assert_eq!(reduce_4q(x, v, 2 * v), x % v);
            prop_assert_eq!(guard(x, 2 * v) % v, x % v);
            prop_assert!(guard(x, 2 * v) < 2 * v);
        }

        #[test]
        fn rows_of_both_words_agree_with_modulus(a in any::<u64>(), b in any::<u64>(), c in any::<u64>(),
                                                 q in (2u64..(1 << 61)).prop_map(|q| Modulus::new(q).unwrap())) {
            let v = q.value();
            let (a, b, c) = (a % v, b % v, c % v);
            let r = <u64 as Word>::modulus_row(&q);
            prop_assert_eq!(u64::mul_mod_row(a, b, &r), q.mul_mod(a, b));
            prop_assert_eq!(u64::mad_mod_row(a, b, c, &r), q.mad_mod(a, b, c));
        }
    }

    #[test]
    fn accumulator_bounds() {
        // 16 products of residues below 2^30 - 1, plus a folded residue, fit 64 bits; 17 products
        // of residues of the tier's largest primes (below 2^30 - 35) do not.
        let top = (1u128 << 30) - 1;
        let terms = <u32 as RowArith>::MAC_TERMS as u128;
        assert_eq!(terms, <u32 as Word>::MAX_MAC_TERMS as u128);
        assert!(terms * (top - 1) * (top - 1) + top - 1 <= u64::MAX as u128);
        let big = (1u128 << 30) - 36;
        assert!((terms + 1) * big * big > u64::MAX as u128);
        // 64-bit words: 64 products below 2^122 (no 64-bit sum is longer) plus a residue fit 2^128.
        let top = (1u128 << 61) - 1;
        let terms = <u64 as RowArith>::MAC_TERMS as u128;
        assert!(terms <= <u64 as Word>::MAX_MAC_TERMS as u128);
        assert!(terms
            .checked_mul((top - 1) * (top - 1))
            .is_some_and(|p| p.checked_add(top).is_some()));
    }

    #[test]
    fn tier_constants() {
        assert_eq!(<u32 as Word>::MAX_MODULUS_BITS, 30);
        assert_eq!(
            <u64 as Word>::MAX_MODULUS_BITS,
            xehe::arith::MAX_MODULUS_BITS
        );
        assert_eq!(
            <u64 as Word>::MODULUS_WORDS,
            xehe::kernels::mod_arith::MODULUS_WORDS
        );
    }
}
