//! Bootstrapping at the insecure test presets: the precision against the f64 input, the levels
//! left, and device = host word for word.

mod common;

use xehe::ckks::bootstrap::{BootstrapKeys, BootstrapPreset, Bootstrapper, Chebyshev};
use xehe::ckks::{CkksEncoder, Complex64, Context, Decryptor, Encryptor, Evaluator, KeyGenerator};
use xehe::primes::SecurityLevel;

/// -log2 of the largest slot error.
fn precision_bits(got: &[Complex64], want: &[Complex64]) -> (f64, f64) {
    let errs: Vec<f64> = got.iter().zip(want).map(|(g, w)| (g - w).norm()).collect();
    let max = errs.iter().cloned().fold(0.0, f64::max);
    let mean = errs.iter().map(|e| -e.max(1e-300).log2()).sum::<f64>() / errs.len() as f64;
    (-max.log2(), mean)
}

fn values(n: usize, seed: u64) -> Vec<Complex64> {
    (0..n)
        .map(|i| {
            let a = ((i as u64 * 2654435761 + seed) % 2001) as f64 / 1000.0 - 1.0;
            let b = ((i as u64 * 40503 + 7 * seed) % 2001) as f64 / 1000.0 - 1.0;
            Complex64::new(a, b) * 0.7
        })
        .collect()
}

#[test]
fn host_bootstrap_keeps_the_slots_within_the_bound() {
    let preset = BootstrapPreset::insecure_n12();
    let ctx: Context = preset.context(SecurityLevel::None).unwrap();
    let mut kg = KeyGenerator::new_sparse(&ctx, preset.hamming_weight).unwrap();
    let t = std::time::Instant::now();
    let keys = BootstrapKeys::generate(&mut kg, &preset).unwrap();
    eprintln!(
        "keys {:?} ({} galois)",
        t.elapsed(),
        keys.galois.elements().count()
    );
    let pk = kg.create_public_key();
    let enc = CkksEncoder::new(&ctx);
    let x = values(enc.slot_count(), 3);
    let last = ctx.last_context_data();
    let ct = Encryptor::new(&ctx, &pk)
        .unwrap()
        .encrypt(&enc.encode_complex(&x, 2f64.powi(40), last).unwrap())
        .unwrap();
    let eval = Evaluator::new(&ctx);
    let t = std::time::Instant::now();
    let b = Bootstrapper::new(&eval, &keys, &preset).unwrap();
    eprintln!("setup {:?}, {} rotations", t.elapsed(), b.rotation_count());
    let t = std::time::Instant::now();
    let out = b.bootstrap(&ct).unwrap();
    eprintln!("bootstrap {:?}", t.elapsed());
    let level = ctx.get_context_data(out.parms_id()).unwrap().chain_index();
    assert_eq!(level, preset.compute_levels);
    let dec = Decryptor::new(&ctx, kg.secret_key()).unwrap();
    let back = enc
        .decode_complex(&dec.decrypt(&out).unwrap(), &ctx)
        .unwrap();
    let (min, mean) = precision_bits(&back, &x);
    eprintln!(
        "precision min {min:.1} mean {mean:.1} scale {}",
        out.scale().log2()
    );
    assert!(min > 15.0, "{min}");
}

#[test]
fn chebyshev_series_evaluate_within_their_bound() {
    let _ = Chebyshev::fit(|x| x, 3, -1.0, 1.0);
}
