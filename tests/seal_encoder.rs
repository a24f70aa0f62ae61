//! xehe's CKKS encoder against SEAL 4's words (tests/data/seal/encoder.json, made by
//! tests/tools/make_seal_encoder_fixtures.py with tenseal.sealapi): every plaintext word equal,
//! for small and large values, real and complex inputs, coefficients of up to 64, up to 128 and
//! more than 128 bits, partial slot vectors and constants.

mod common;

use common::fixtures::{context, seal_unit};
use serde_json::Value;
use xehe::ckks::{reference, CkksEncoder, Complex64, Context};

fn fixture() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/seal/encoder.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The context of a fixture case: its degree and bit sizes.
fn case_context(case: &Value) -> Context {
    let bits: Vec<u32> = case["bits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_u64().unwrap() as u32)
        .collect();
    context(case["n"].as_u64().unwrap() as usize, &bits)
}

fn check_words(case: &Value, words: &[u64]) {
    let name = case["name"].as_str().unwrap();
    assert_eq!(
        words.len() as u64,
        case["words"].as_u64().unwrap(),
        "{name}"
    );
    let head: Vec<u64> = case["head"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .collect();
    let tail: Vec<u64> = case["tail"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .collect();
    assert_eq!(&words[..4], &head[..], "{name}: first words");
    assert_eq!(&words[words.len() - 4..], &tail[..], "{name}: last words");
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let hash = blake2b_simd::Params::new().hash_length(32).hash(&bytes);
    assert_eq!(
        hash.to_hex().as_str(),
        case["blake2b"].as_str().unwrap(),
        "{name}: all words"
    );
}

#[test]
fn encode_gives_seals_words() {
    let f = fixture();
    for case in f["vectors"].as_array().unwrap() {
        let ctx = case_context(case);
        let count = case["count"].as_u64().unwrap();
        let (salt, mag) = (
            case["salt"].as_u64().unwrap(),
            case["magnitude"].as_f64().unwrap(),
        );
        let re: Vec<f64> = (0..count)
            .map(|k| mag * (2.0 * seal_unit(k, salt) - 1.0))
            .collect();
        let scale = 2f64.powi(case["log2_scale"].as_i64().unwrap() as i32);
        let enc = CkksEncoder::new(&ctx);
        let pt = if case["complex"].as_bool().unwrap() {
            let z: Vec<Complex64> = (0..count)
                .map(|k| {
                    Complex64::new(
                        re[k as usize],
                        mag * (2.0 * seal_unit(k + count, salt) - 1.0),
                    )
                })
                .collect();
            enc.encode_complex(&z, scale)
        } else {
            enc.encode(&re, scale)
        }
        .unwrap();
        check_words(case, &pt.data().unwrap());
    }
}

#[test]
fn encode_constant_gives_seals_words() {
    let f = fixture();
    for case in f["constants"].as_array().unwrap() {
        let ctx = case_context(case);
        let level = ctx.first_context_data();
        let scale = 2f64.powi(case["log2_scale"].as_i64().unwrap() as i32);
        let residues =
            reference::encode_constant(case["value"].as_f64().unwrap(), scale, level).unwrap();
        // SEAL's constant plaintext repeats each residue over the N NTT positions.
        let n = level.parms().poly_modulus_degree();
        let words: Vec<u64> = residues
            .iter()
            .flat_map(|&r| std::iter::repeat_n(r, n))
            .collect();
        check_words(case, &words);
    }
}
