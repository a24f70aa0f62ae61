//! `xehe decrypt --params P --secret-key SK --ciphertext CT [--slots K]`: the real parts of the
//! first K slots as a JSON array on stdout (SEAL's decryptor and decoder, bit for bit).

use super::{context, load};
use crate::cli::error::UsageError;
use crate::cli::stdout::outln;
use clap::Args;
use std::path::PathBuf;
use xehe::ckks::{Ciphertext, CkksEncoder, Decryptor, SecretKey};

#[derive(Args)]
pub struct DecryptArgs {
    /// Encryption parameters (SEAL's EncryptionParameters::save bytes).
    #[arg(long)]
    params: PathBuf,
    /// The secret key (SEAL's SecretKey::save bytes).
    #[arg(long)]
    secret_key: PathBuf,
    /// The ciphertext (SEAL's Ciphertext::save bytes).
    #[arg(long)]
    ciphertext: PathBuf,
    /// How many slots to print (default: all N/2).
    #[arg(long)]
    slots: Option<usize>,
}

pub fn run(a: &DecryptArgs) -> Result<(), UsageError> {
    let ctx = context(&a.params)?;
    let sk = load(&a.secret_key, |r| SecretKey::load(&ctx, r))?;
    let ct = load(&a.ciphertext, |r| Ciphertext::load(&ctx, r))?;
    let enc = CkksEncoder::new(&ctx);
    let k = a.slots.unwrap_or(enc.slot_count());
    if k > enc.slot_count() {
        return Err(UsageError(format!(
            "--slots {k}: these parameters have {} slots",
            enc.slot_count()
        )));
    }
    let pt = Decryptor::new(&ctx, &sk)
        .and_then(|d| d.decrypt(&ct))
        .map_err(|e| super::fail("decrypt", e))?;
    let v = enc.decode(&pt).map_err(|e| super::fail("decode", e))?;
    outln!(
        "{}",
        serde_json::to_string(&v[..k]).map_err(|e| super::fail("output", e))?
    );
    Ok(())
}
