//! Peer figures quoted in benches/quoted/ckks.json (with their source and date): shown beside a benchmark only
//! for the exact parameter set they were measured at, in a table labelled as quoted, never as
//! this run's figures.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One peer's figures at one parameter set.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct QuotedSet {
    pub source: String,
    pub machine: String,
    pub date: String,
    pub degree: usize,
    pub bits: Vec<u32>,
    /// How many of the last primes were special (hybrid key switching with more than one).
    pub special_primes: usize,
    /// Routine name (as `bench ckks` names it) → median µs.
    pub us: BTreeMap<String, f64>,
}

#[derive(Deserialize)]
struct QuotedFile {
    sets: Vec<QuotedSet>,
}

const CKKS: &str = include_str!("../../benches/quoted/ckks.json");

/// The quoted sets measured at exactly `degree` and `bits` with `special_primes` special
/// primes (the same primes with another count are another key switch).
pub fn ckks_sets(degree: usize, bits: &[u32], special_primes: usize) -> Vec<QuotedSet> {
    let file: QuotedFile = serde_json::from_str(CKKS).expect("benches/quoted/ckks.json parses");
    file.sets
        .into_iter()
        .filter(|s| s.degree == degree && s.bits == bits && s.special_primes == special_primes)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_exact_parameter_set_matches() {
        let bits = |s: &str| crate::cli::moduli::parse("--moduli", s).ok().unwrap();
        let at = ckks_sets(16384, &bits("60,40x6,60"), 1);
        assert!(at.len() >= 2, "Phantom and SEAL");
        assert!(at
            .iter()
            .all(|s| !s.source.is_empty() && !s.machine.is_empty() && !s.date.is_empty()));
        // Same degree and prime count, other bit sizes: nothing quoted.
        assert!(ckks_sets(16384, &bits("50,30x6,50"), 1).is_empty());
        assert!(ckks_sets(8192, &bits("60,40x6,60"), 1).is_empty());
        // Phantom's hybrid set is quoted with its four special primes only.
        let hybrid = bits("60,40x35,60x4");
        assert_eq!(ckks_sets(65536, &hybrid, 4).len(), 1);
        assert!(ckks_sets(65536, &hybrid, 1).is_empty());
    }
}
