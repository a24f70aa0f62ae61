//! A plaintext 16 × 16 matrix times an encrypted vector, by the diagonal method (Halevi–Shoup):
//! M·v = Σ_i diag_i(M) ⊙ rot(v, i), one rotation and one plaintext product per diagonal. The
//! vector is repeated across the 4096 slots so that rotations wrap within each copy. Runs on
//! the device `XEHE_BACKEND` (or auto) chooses; checked against f64.
//!
//! ```sh
//! cargo run --release --example matrix_product
//! ```

use xehe::ckks::device::DeviceContext;
use xehe::ckks::{
    CkksEncoder, Context, Decryptor, EncryptionParameters, Encryptor, Evaluator, KeyGenerator,
};
use xehe::primes::SecurityLevel;
use xehe::runtime::open_from_env;

const D: usize = 16;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let parms = EncryptionParameters::with_bit_sizes(8192, &[60, 40, 40, 60])?;
    let context = Context::new(&parms, SecurityLevel::Tc128)?;
    let mut keygen = KeyGenerator::new(&context);
    let public_key = keygen.create_public_key();
    let steps: Vec<i64> = (1..D as i64).collect();
    let galois_keys = keygen.create_galois_keys_for_steps(&steps, false)?;
    let encoder = CkksEncoder::new(&context);
    let encryptor = Encryptor::new(&context, &public_key)?;
    let decryptor = Decryptor::new(&context, keygen.secret_key())?;
    let eval =
        Evaluator::with_device(&context, DeviceContext::new(&context, open_from_env()?, 0)?)?;

    let slots = encoder.slot_count();
    let m: Vec<Vec<f64>> = (0..D)
        .map(|r| {
            (0..D)
                .map(|c| ((r * 3 + c * 5) % 11) as f64 / 11.0 - 0.5)
                .collect()
        })
        .collect();
    let v: Vec<f64> = (0..D).map(|i| (i as f64 + 1.0) / D as f64).collect();
    let expect: Vec<f64> = (0..D)
        .map(|r| (0..D).map(|c| m[r][c] * v[c]).sum())
        .collect();

    let scale = 2f64.powi(40);
    let repeated: Vec<f64> = (0..slots).map(|j| v[j % D]).collect();
    let ct_v = encryptor.encrypt(&encoder.encode(&repeated, scale)?)?.gpu();

    let mut acc = None;
    for i in 0..D {
        let diagonal: Vec<f64> = (0..slots).map(|j| m[j % D][(j + i) % D]).collect();
        let rotated = if i == 0 {
            ct_v.clone()
        } else {
            eval.rotate_vector(&ct_v, i as i64, &galois_keys)?
        };
        let term = eval.multiply_plain(&rotated, &encoder.encode(&diagonal, scale)?)?;
        acc = Some(match acc {
            None => term,
            Some(a) => eval.add(&a, &term)?,
        });
    }
    let result = eval.rescale_to_next(&acc.expect("D > 0"))?;
    let back = encoder.decode(&decryptor.decrypt(&result)?)?;
    let worst = (0..slots)
        .map(|j| (expect[j % D] - back[j]).abs())
        .fold(0f64, f64::max);
    println!("M·v (16 × 16) on every copy of v: largest error {worst:.2e}");
    for (r, e) in expect.iter().enumerate().take(4) {
        println!("  row {r}: {:+.6} (expected {e:+.6})", back[r]);
    }
    if worst > 1e-4 {
        return Err(format!("error {worst:e} exceeds 1e-4").into());
    }
    Ok(())
}
