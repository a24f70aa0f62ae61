//! Bit-for-bit agreement with Microsoft SEAL 4 on the fixtures written by
//! tests/tools/make_seal_fixtures.py (through tenseal.sealapi).

use serde::Deserialize;
use std::path::PathBuf;
use xehe::arith::Modulus;
use xehe::ntt::NttTables;
use xehe::primes::{CoeffModulus, SecurityLevel};

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

#[derive(Deserialize)]
struct Created {
    n: u64,
    bits: Vec<u32>,
    primes: Vec<u64>,
}

#[derive(Deserialize)]
struct Rejected {
    n: u64,
    bits: Vec<u32>,
    seal_error: String,
}

#[derive(Deserialize)]
struct MaxBits {
    n: u64,
    tc128: u32,
    tc192: u32,
    tc256: u32,
}

#[derive(Deserialize)]
struct CoeffModulusFixture {
    created: Vec<Created>,
    rejected: Vec<Rejected>,
    max_bit_count: Vec<MaxBits>,
}

fn coeff_fixture() -> CoeffModulusFixture {
    let text = std::fs::read_to_string(data_dir().join("coeff_modulus.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn coeff_modulus_create_matches_seal() {
    let fixture = coeff_fixture();
    assert!(fixture.created.len() >= 12);
    for case in &fixture.created {
        let ours: Vec<u64> = CoeffModulus::create(case.n, &case.bits)
            .unwrap_or_else(|e| panic!("n={} bits={:?}: {e}", case.n, case.bits))
            .iter()
            .map(Modulus::value)
            .collect();
        assert_eq!(ours, case.primes, "n={} bits={:?}", case.n, case.bits);
    }
}

#[test]
fn coeff_modulus_rejects_what_seal_rejects() {
    for case in &coeff_fixture().rejected {
        let result = CoeffModulus::create(case.n, &case.bits);
        assert!(
            result.is_err(),
            "n={} bits={:?}: SEAL said '{}', we returned {:?}",
            case.n,
            case.bits,
            case.seal_error,
            result
        );
    }
}

#[test]
fn max_bit_count_matches_seal() {
    for row in &coeff_fixture().max_bit_count {
        if row.n > 32768 {
            // SEAL has no bound past 2^15 (it answers 0); xehe uses OpenFHE's 128-bit ternary
            // bounds there (tests/ckks_context.rs), and none for 192/256 bits.
            assert_eq!((row.tc128, row.tc192, row.tc256), (0, 0, 0), "n={}", row.n);
            assert_eq!(
                CoeffModulus::max_bit_count_for(row.n, SecurityLevel::Tc192),
                None
            );
            continue;
        }
        let ours = |level| CoeffModulus::max_bit_count_for(row.n, level).unwrap_or(0);
        assert_eq!(ours(SecurityLevel::Tc128), row.tc128, "n={}", row.n);
        assert_eq!(ours(SecurityLevel::Tc192), row.tc192, "n={}", row.n);
        assert_eq!(ours(SecurityLevel::Tc256), row.tc256, "n={}", row.n);
        assert_eq!(CoeffModulus::max_bit_count(row.n).unwrap_or(0), row.tc128);
    }
}

#[derive(Deserialize)]
struct NttVector {
    n: usize,
    q: u64,
    file: String,
}

#[derive(Deserialize)]
struct NttManifest {
    vectors: Vec<NttVector>,
}

fn read_words(path: &PathBuf) -> Vec<u64> {
    let bytes = std::fs::read(path).unwrap();
    bytes
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

#[test]
fn forward_ntt_matches_seal_and_inverts() {
    let dir = data_dir().join("ntt");
    let manifest: NttManifest =
        serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap();
    let mut degrees: Vec<usize> = manifest.vectors.iter().map(|v| v.n).collect();
    degrees.dedup();
    assert_eq!(degrees, [4096, 8192, 16384, 32768]);
    for v in &manifest.vectors {
        let words = read_words(&dir.join(&v.file));
        assert_eq!(words.len(), 2 * v.n, "{}", v.file);
        let (input, expected) = words.split_at(v.n);
        let tables = NttTables::new(v.n as u64, &Modulus::new(v.q).unwrap()).unwrap();
        let mut a = input.to_vec();
        tables.forward(&mut a).unwrap();
        assert!(
            a == expected,
            "forward NTT differs from SEAL for n={} q={}",
            v.n,
            v.q
        );
        tables.inverse(&mut a).unwrap();
        assert!(
            a == input,
            "inverse NTT does not restore the input for n={} q={}",
            v.n,
            v.q
        );
    }
}
