//! CKKS on the host: keys, encoding, encryption, x·y + x, relinearization, rescaling,
//! decryption, with the result checked against plain f64 arithmetic.
//!
//! ```sh
//! cargo run --release --example basic_ckks
//! ```

use xehe::ckks::{
    CkksEncoder, Context, Decryptor, EncryptionParameters, Encryptor, Evaluator, KeyGenerator,
};
use xehe::primes::SecurityLevel;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // SEAL's usual set at N = 8192: a 60-bit prime, two 40-bit levels, the 60-bit special prime.
    let parms = EncryptionParameters::with_bit_sizes(8192, &[60, 40, 40, 60])?;
    let context = Context::new(&parms, SecurityLevel::Tc128)?;
    let mut keygen = KeyGenerator::new(&context);
    let public_key = keygen.create_public_key();
    let relin_keys = keygen.create_relin_keys()?;
    let encoder = CkksEncoder::new(&context);
    let encryptor = Encryptor::new(&context, &public_key)?;
    let decryptor = Decryptor::new(&context, keygen.secret_key())?;
    let eval = Evaluator::new(&context);

    let scale = 2f64.powi(40);
    let xs: Vec<f64> = (0..4096).map(|i| (i as f64 / 4096.0) - 0.5).collect();
    let ys: Vec<f64> = (0..4096).map(|i| ((i * 7) % 13) as f64 / 13.0).collect();
    let x = encryptor.encrypt(&encoder.encode(&xs, scale)?)?;
    let y = encryptor.encrypt(&encoder.encode(&ys, scale)?)?;

    // x·y (scale 2^80) → relinearized → rescaled to scale ≈ 2^40, one level down; x is brought
    // to that level and scale so the two can be added.
    let xy = eval.rescale_to_next(&eval.relinearize(&eval.multiply(&x, &y)?, &relin_keys)?)?;
    let mut x_down = eval.mod_switch_to_next(&x)?;
    x_down.set_scale(xy.scale())?;
    let result = eval.add(&xy, &x_down)?;

    let back = encoder.decode(&decryptor.decrypt(&result)?)?;
    let worst = xs
        .iter()
        .zip(&ys)
        .zip(&back)
        .map(|((x, y), r)| (x * y + x - r).abs())
        .fold(0f64, f64::max);
    println!("x·y + x over {} slots: largest error {worst:.2e}", xs.len());
    // Fresh noise is about 2^-30 of the scale here; 1e-5 leaves a wide margin for any key.
    if worst > 1e-5 {
        return Err(format!("error {worst:e} exceeds 1e-5").into());
    }
    Ok(())
}
