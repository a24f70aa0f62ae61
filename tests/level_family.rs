//! The 32-bit tier's prime families: every preset keeps its rescale factors and default scales
//! within the stated bounds, with distinct NTT-friendly primes in (2^24, 2^30), and the secure
//! presets fit the HE standard's bound on log2 QP.

use xehe::primes::{
    level_family, CoeffModulus, FamilyPreset, LevelLayout, SecurityLevel,
    TIER32_COEFF_MOD_COUNT_MAX, TIER32_RATIO_BOUND_BITS, TIER32_SCALE_BOUND_BITS,
};
use xehe::MathError;

fn check_family(f: &xehe::primes::LevelFamily) {
    let n = f.degree();
    let key = f.key_primes();
    let mut values: Vec<u64> = key.iter().map(|m| m.value()).collect();
    for &v in &values {
        assert!(v > 1 << 24 && v < 1 << 30, "{v} outside (2^24, 2^30)");
        assert_eq!(v % (2 * n), 1, "{v} is not ≡ 1 mod 2N");
        assert!(xehe::primes::is_prime(v));
    }
    for t in f.terminals() {
        assert!((t.value() as f64).log2() > 24.5 && (t.value() as f64).log2() < 25.5);
    }
    for m in f.mains().iter().chain(f.specials()) {
        assert!(m.value() > 1 << 29);
    }
    values.sort_unstable();
    values.dedup();
    assert_eq!(values.len(), key.len(), "primes are distinct");
    assert!(key.len() <= TIER32_COEFF_MOD_COUNT_MAX);
    let s = f64::from(f.scale_bits());
    // Recompute each level's figures from its primes, not from the family's own bookkeeping.
    let mut prev: Option<(f64, f64)> = None;
    for (i, l) in f.levels().iter().enumerate() {
        let primes = f.level_primes(i).unwrap();
        assert_eq!(
            primes.len(),
            usize::from(l.layout.main) + usize::from(l.layout.terminal)
        );
        let q: f64 = primes.iter().map(|m| (m.value() as f64).log2()).sum();
        assert!((q - l.modulus_log2).abs() < 1e-9);
        let scale = match prev {
            None => s,
            Some((pq, ps)) => {
                let r = q - pq;
                assert!(
                    (r - s).abs() <= TIER32_RATIO_BOUND_BITS,
                    "level {i}: factor 2^{r}"
                );
                (ps + r) / 2.0
            }
        };
        assert!((scale - l.scale_log2).abs() < 1e-9);
        assert!(
            (scale - s).abs() <= TIER32_SCALE_BOUND_BITS,
            "level {i}: scale 2^{scale}"
        );
        prev = Some((q, scale));
    }
    assert!(f.max_scale_deviation() <= TIER32_SCALE_BOUND_BITS);
    assert!(f.max_ratio_deviation() <= TIER32_RATIO_BOUND_BITS);
}

#[test]
fn presets_keep_the_bounds() {
    for p in FamilyPreset::ALL {
        let f = p.family().unwrap();
        check_family(&f);
        let bits = f.key_bit_count();
        let max = CoeffModulus::max_bit_count(f.degree());
        match p.security_level() {
            SecurityLevel::None => assert!(max.is_none_or(|m| bits > m), "{}", p.name()),
            level => {
                assert!(f.is_secure(level), "{}: {bits} bits", p.name());
                assert!(bits <= max.unwrap());
            }
        }
        println!(
            "{}: {} levels, {} mains, {} terminals, {} specials, log2 QP {bits}, max scale off {:.4}, max factor off {:.4}",
            p.name(),
            f.levels().len(),
            f.mains().len(),
            f.terminals().len(),
            f.specials().len(),
            f.max_scale_deviation(),
            f.max_ratio_deviation()
        );
    }
}

#[test]
fn presets_have_the_stated_shapes() {
    let f = FamilyPreset::N16W32.family().unwrap();
    assert_eq!(f.degree(), 1 << 16);
    assert_eq!(f.levels().len(), 31);
    assert_eq!(f.mains().len() + f.terminals().len(), 44);
    assert_eq!(f.specials().len(), 12);
    let f = FamilyPreset::N15W32.family().unwrap();
    assert_eq!(f.degree(), 1 << 15);
    assert_eq!(f.levels().len(), 16);
    assert_eq!(f.mains().len() + f.terminals().len(), 24);
    assert_eq!(f.specials().len(), 6);
    assert_eq!(
        FamilyPreset::from_name("n15-w32-s40"),
        Some(FamilyPreset::N15W32)
    );
    assert_eq!(FamilyPreset::from_name("n15"), None);
}

#[test]
fn other_targets_reach_the_bounds() {
    // 2^30: one main per level.
    let ones: Vec<LevelLayout> = (2..=9)
        .map(|m| LevelLayout {
            main: m,
            terminal: 0,
        })
        .collect();
    check_family(&level_family(1 << 13, 30, &ones, 1).unwrap());
    // 2^35: two mains in, one terminal out (Cheddar's 35-bit rungs), from a 55-bit level 0.
    let l35: Vec<LevelLayout> = (0..6u16)
        .map(|k| LevelLayout {
            main: 1 + 2 * k,
            terminal: 6 - k,
        })
        .collect();
    check_family(&level_family(1 << 13, 35, &l35, 1).unwrap());
    // Steps of two mains and one terminal in (85 bits) are not 35-bit steps.
    let l85: Vec<LevelLayout> = (0..6u16)
        .map(|k| LevelLayout {
            main: 1 + 2 * k,
            terminal: k + 1,
        })
        .collect();
    assert!(matches!(
        level_family(1 << 13, 35, &l85, 1),
        Err(MathError::ScaleUnreachable { .. })
    ));
    // 2^50: two terminals per level above an 80-bit level 0.
    let pairs: Vec<LevelLayout> = (1..=5)
        .map(|k| LevelLayout {
            main: 1,
            terminal: 2 * k,
        })
        .collect();
    check_family(&level_family(1 << 13, 50, &pairs, 2).unwrap());
}

#[test]
fn bad_requests_are_typed_errors() {
    let l = LevelLayout::ladder40(3);
    assert!(matches!(
        level_family(1000, 40, &l, 1),
        Err(MathError::InvalidDegree { .. })
    ));
    for bits in [29, 51] {
        assert!(matches!(
            level_family(4096, bits, &l, 1),
            Err(MathError::InvalidLevelLayout(_))
        ));
    }
    assert!(matches!(
        level_family(4096, 40, &[], 1),
        Err(MathError::InvalidLevelLayout(_))
    ));
    assert!(matches!(
        level_family(4096, 40, &l, 0),
        Err(MathError::InvalidLevelLayout(_))
    ));
    let empty = [
        LevelLayout {
            main: 0,
            terminal: 2,
        },
        LevelLayout {
            main: 0,
            terminal: 0,
        },
    ];
    assert!(matches!(
        level_family(4096, 40, &empty, 1),
        Err(MathError::InvalidLevelLayout(_))
    ));
    assert!(matches!(
        level_family(4096, 40, &LevelLayout::ladder40(80), 4),
        Err(MathError::InvalidBitSizeCount { max: 96, .. })
    ));
    // Level 0 of one main cannot carry a 2^40 scale.
    let small = [
        LevelLayout {
            main: 1,
            terminal: 0,
        },
        LevelLayout {
            main: 1,
            terminal: 2,
        },
    ];
    assert!(matches!(
        level_family(4096, 50, &small, 1),
        Err(MathError::InvalidLevelLayout(_))
    ));
    // 2^17 has only a handful of 25-bit primes ≡ 1 mod 2^18 left for terminals.
    assert!(matches!(
        level_family(
            1 << 17,
            50,
            &[LevelLayout {
                main: 0,
                terminal: 40
            }],
            1
        ),
        Err(MathError::NotEnoughPrimes { bits: 25, .. })
    ));
}
