//! SEAL's file format: parameters, keys and ciphertexts saved as SEAL 4 writes them (here with
//! zstd compression), loaded back into a fresh context, evaluated and decrypted. The same files
//! load in SEAL (`examples/seal_roundtrip.py` runs that both ways against the real SEAL).
//!
//! ```sh
//! cargo run --release --example seal_files -- target/seal-files
//! ```

use std::fs::File;
use std::io::{BufReader, BufWriter};
use xehe::ckks::serialize::ComprMode;
use xehe::ckks::{
    Ciphertext, CkksEncoder, Context, Decryptor, EncryptionParameters, Encryptor, Evaluator,
    KeyGenerator, RelinKeys, SecretKey,
};
use xehe::primes::SecurityLevel;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::path::PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "target/seal-files".into()),
    );
    std::fs::create_dir_all(&dir)?;
    let path = |name: &str| dir.join(name);

    // The client: parameters, keys, an encrypted vector, all to files.
    {
        let parms = EncryptionParameters::with_bit_sizes(8192, &[60, 40, 40, 60])?;
        let context = Context::new(&parms, SecurityLevel::Tc128)?;
        let mut keygen = KeyGenerator::new(&context);
        let encoder = CkksEncoder::new(&context);
        let values: Vec<f64> = (0..8).map(|i| i as f64 * 0.25).collect();
        let pt = encoder.encode(&values, 2f64.powi(40))?;
        let ct = Encryptor::new(&context, &keygen.create_public_key())?.encrypt(&pt)?;
        let w = |name: &str| -> std::io::Result<BufWriter<File>> {
            Ok(BufWriter::new(File::create(path(name))?))
        };
        parms.save(&mut w("parms.seal")?, ComprMode::Zstd)?;
        keygen
            .secret_key()
            .save(&mut w("secret.seal")?, ComprMode::Zstd)?;
        keygen
            .create_relin_keys()?
            .save(&mut w("relin.seal")?, ComprMode::Zstd)?;
        ct.save(&mut w("x.seal")?, ComprMode::Zstd)?;
    }

    // The server and back: everything from the files alone.
    let r = |name: &str| -> std::io::Result<BufReader<File>> {
        Ok(BufReader::new(File::open(path(name))?))
    };
    let parms = EncryptionParameters::load(&mut r("parms.seal")?)?;
    let context = Context::new(&parms, SecurityLevel::Tc128)?;
    let relin = RelinKeys::load(&context, &mut r("relin.seal")?)?;
    let x = Ciphertext::load(&context, &mut r("x.seal")?)?;
    let eval = Evaluator::new(&context);
    let squared = eval.rescale_to_next(&eval.relinearize(&eval.square(&x)?, &relin)?)?;
    let mut out = BufWriter::new(File::create(path("x_squared.seal"))?);
    let bytes = squared.save(&mut out, ComprMode::Zstd)?;

    let secret = SecretKey::load(&context, &mut r("secret.seal")?)?;
    let back = CkksEncoder::new(&context)
        .decode(&Decryptor::new(&context, &secret)?.decrypt(&squared)?)?;
    println!("x² from SEAL files ({bytes} bytes written for the result):");
    for (i, v) in back.iter().take(8).enumerate() {
        let expect = (i as f64 * 0.25).powi(2);
        println!("  slot {i}: {v:.6} (expected {expect:.6})");
        if (v - expect).abs() > 1e-5 {
            return Err(format!("slot {i}: {v} is not {expect}").into());
        }
    }
    Ok(())
}
