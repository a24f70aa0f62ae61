//! The Barrett variants of Shivdikar et al. (Algorithms 2, 3, 4): exactness against u128
//! arithmetic, their word-size preconditions, and the number of final corrections each needs.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use xehe::arith::barrett::*;
use xehe::primes::is_prime;
use xehe::MathError;

/// The paper's worked example: two corrections for Özerk et al. and Lee et al.
const PAPER_Q: u64 = 994_705_409;
const PAPER_A: u64 = 994_674_970;
const PAPER_B: u64 = 994_705_408;

fn expected(a: u64, b: u64, q: u64) -> u64 {
    (a as u128 * b as u128 % q as u128) as u64
}

macro_rules! for_each_variant {
    ($body:ident) => {
        $body::<u32, Classic>();
        $body::<u32, DhemQuisquater>();
        $body::<u32, Proposed>();
        $body::<u64, Classic>();
        $body::<u64, DhemQuisquater>();
        $body::<u64, Proposed>();
    };
}

/// Moduli of every admissible length for the variant: the extremes of each length, primes near
/// the top, and the paper's prime where it fits.
fn moduli<W: Word, V: Variant>() -> Vec<u64> {
    let max = Barrett::<W, V>::MAX_BITS;
    let mut qs = vec![];
    for m in 2..=max {
        let lo = 1u64 << (m - 1);
        let hi = (1u64 << m) - 1;
        qs.extend([lo + 1, hi, lo + (lo >> 1) + 1]);
        if let Some(p) = (0..1000)
            .map(|d| hi - 2 * d)
            .find(|&x| x > lo && is_prime(x))
        {
            qs.push(p);
        }
    }
    if 30 <= max {
        qs.push(PAPER_Q);
    }
    qs
}

fn random_exact<W: Word, V: Variant>() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    for q in moduli::<W, V>() {
        let r = Barrett::<W, V>::new(q).unwrap();
        let check = |a: u64, b: u64| {
            let got = r.mul_mod(W::from_u64(a), W::from_u64(b)).to_u64();
            assert_eq!(got, expected(a, b, q), "{} q={q} a={a} b={b}", V::NAME);
            let corr = r.corrections_needed(W::mul_wide(W::from_u64(a), W::from_u64(b)));
            assert!(
                corr <= V::MAX_CORRECTIONS,
                "{} q={q} a={a} b={b} needs {corr}",
                V::NAME
            );
        };
        for (a, b) in [
            (0, 0),
            (0, q - 1),
            (q - 1, q - 1),
            (q - 1, q - 2),
            (1, q - 1),
            (q / 2, q / 2 + 1),
        ] {
            check(a, b);
        }
        for _ in 0..2000 {
            check(rng.gen_range(0..q), rng.gen_range(0..q));
        }
        // Products just below q², where the quotient estimate is most strained.
        for d in 0..64 {
            check(q - 1 - d.min(q - 1), q - 1);
        }
    }
}

#[test]
fn every_variant_is_exact_on_random_and_edge_inputs() {
    for_each_variant!(random_exact);
}

fn preconditions<W: Word, V: Variant>() {
    let max = Barrett::<W, V>::MAX_BITS;
    assert_eq!(max, W::BITS - V::WORD_MARGIN);
    let too_wide = 1u64 << max; // len = max + 1
    assert!(matches!(
        Barrett::<W, V>::new(too_wide + 1),
        Err(MathError::ModulusTooWide { bits, max_bits, .. }) if bits == max + 1 && max_bits == max
    ));
    assert!(Barrett::<W, V>::new(too_wide - 1).is_ok());
    assert!(matches!(
        Barrett::<W, V>::new(1),
        Err(MathError::InvalidModulus { .. })
    ));
    assert!(matches!(
        Barrett::<W, V>::new(0),
        Err(MathError::InvalidModulus { .. })
    ));
}

#[test]
fn word_size_preconditions_are_enforced() {
    for_each_variant!(preconditions);
    assert_eq!(ClassicBarrett32::MAX_BITS, 30);
    assert_eq!(DhemQuisquaterBarrett32::MAX_BITS, 28);
    assert_eq!(ProposedBarrett32::MAX_BITS, 30);
    assert_eq!(ClassicBarrett64::MAX_BITS, 62);
    assert_eq!(DhemQuisquaterBarrett64::MAX_BITS, 60);
    assert_eq!(ProposedBarrett64::MAX_BITS, 62);
    // The paper's 30-bit prime is too wide for Algorithm 3 on 32-bit words.
    assert!(DhemQuisquaterBarrett32::new(PAPER_Q).is_err());
}

#[test]
fn paper_worked_example() {
    let want = expected(PAPER_A, PAPER_B, PAPER_Q);
    let x32 = PAPER_A * PAPER_B;
    let c = ClassicBarrett32::new(PAPER_Q).unwrap();
    let p = ProposedBarrett32::new(PAPER_Q).unwrap();
    assert_eq!(c.mul_mod(PAPER_A as u32, PAPER_B as u32) as u64, want);
    assert_eq!(p.mul_mod(PAPER_A as u32, PAPER_B as u32) as u64, want);
    // The classical reduction needs both of its corrections on this input; Algorithm 4 one.
    assert_eq!(c.corrections_needed(x32), 2);
    assert_eq!(p.corrections_needed(x32), 1);
    let x64 = PAPER_A as u128 * PAPER_B as u128;
    for r in [
        ClassicBarrett64::new(PAPER_Q)
            .unwrap()
            .mul_mod(PAPER_A, PAPER_B),
        DhemQuisquaterBarrett64::new(PAPER_Q)
            .unwrap()
            .mul_mod(PAPER_A, PAPER_B),
        ProposedBarrett64::new(PAPER_Q)
            .unwrap()
            .mul_mod(PAPER_A, PAPER_B),
    ] {
        assert_eq!(r, want);
    }
    assert_eq!(
        ProposedBarrett64::new(PAPER_Q)
            .unwrap()
            .corrections_needed(x64),
        1
    );
    assert_eq!(
        DhemQuisquaterBarrett64::new(PAPER_Q)
            .unwrap()
            .corrections_needed(x64),
        1
    );
}

/// Counts corrections over many random products: Algorithms 3 and 4 never need a second one,
/// the classical algorithm does need two on some inputs (Barrett's ~1%), so the bound is tight.
#[test]
fn correction_counts() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(2022);
    let mut classic_two = 0u32;
    let mut proposed_hist = [0u32; 3];
    for _ in 0..200 {
        let q = loop {
            let q = rng.gen_range((1u64 << 29)..(1u64 << 30)) | 1;
            if is_prime(q) {
                break q;
            }
        };
        let c = ClassicBarrett32::new(q).unwrap();
        let p = ProposedBarrett32::new(q).unwrap();
        for _ in 0..2000 {
            let x = rng.gen_range(0..q) * rng.gen_range(0..q);
            let cc = c.corrections_needed(x);
            assert!(cc <= 2);
            classic_two += (cc == 2) as u32;
            proposed_hist[p.corrections_needed(x) as usize] += 1;
        }
    }
    assert_eq!(proposed_hist[2], 0);
    assert!(
        proposed_hist[1] > 0,
        "Algorithm 4 needs its one correction sometimes"
    );
    assert!(
        classic_two > 0,
        "the classical algorithm's second correction never triggered"
    );
}

proptest! {
    #[test]
    fn proposed64_matches_u128(q in 2u64..(1 << 62), a in any::<u64>(), b in any::<u64>()) {
        let r = ProposedBarrett64::new(q).unwrap();
        let (a, b) = (a % q, b % q);
        prop_assert_eq!(r.mul_mod(a, b), expected(a, b, q));
        prop_assert!(r.corrections_needed(a as u128 * b as u128) <= 1);
    }

    #[test]
    fn dq64_matches_u128(q in 2u64..(1 << 60), a in any::<u64>(), b in any::<u64>()) {
        let r = DhemQuisquaterBarrett64::new(q).unwrap();
        let (a, b) = (a % q, b % q);
        prop_assert_eq!(r.mul_mod(a, b), expected(a, b, q));
    }

    #[test]
    fn classic32_matches_u64(q in 2u32..(1 << 30), a in any::<u32>(), b in any::<u32>()) {
        let r = ClassicBarrett32::new(q as u64).unwrap();
        let (a, b) = (a % q, b % q);
        prop_assert_eq!(r.mul_mod(a, b) as u64, expected(a as u64, b as u64, q as u64));
    }
}
