//! `xehe decrypt --params P --secret-key SK --ciphertext CT [--slots K]`: the real parts of the
//! first K slots as a JSON array on stdout (SEAL's decryptor and decoder, bit for bit).
//!
//! Only finite numbers are printed. A ciphertext whose scale is below 1 (or not finite) is bad
//! input, refused before decrypting (status 2). Should a slot still decode to infinity or NaN,
//! the decryption ran but its result is outside what a real can be, and nothing is printed
//! (status 3): JSON has no such numbers, and `null` would read as a value.

use super::{context, load_in};
use crate::cli::error::{CliError, UsageError};
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

pub fn run(a: &DecryptArgs) -> Result<(), CliError> {
    let ctx = context(&a.params)?;
    let sk = load_in(&ctx, &a.secret_key, |r| SecretKey::load(&ctx, r))?;
    let ct = load_in(&ctx, &a.ciphertext, |r| Ciphertext::load(&ctx, r))?;
    if !(ct.scale().is_finite() && ct.scale() >= 1.0) {
        return Err(UsageError(format!(
            "{}: scale {:e}: a ciphertext's scale is at least 1; its slots would decode to \
             nothing meaningful",
            a.ciphertext.display(),
            ct.scale()
        ))
        .into());
    }
    let enc = CkksEncoder::new(&ctx);
    let k = a.slots.unwrap_or(enc.slot_count());
    if k > enc.slot_count() {
        return Err(UsageError(format!(
            "--slots {k}: these parameters have {} slots",
            enc.slot_count()
        ))
        .into());
    }
    let pt = Decryptor::new(&ctx, &sk)
        .and_then(|d| d.decrypt(&ct))
        .map_err(|e| super::fail("decrypt", e))?;
    let v = enc.decode(&pt).map_err(|e| super::fail("decode", e))?;
    all_finite(&v[..k]).map_err(|bad| {
        CliError::CheckFailed(format!(
            "{}: {bad} (scale {:e}); nothing printed",
            a.ciphertext.display(),
            ct.scale()
        ))
    })?;
    outln!(
        "{}",
        serde_json::to_string(&v[..k]).map_err(|e| super::fail("output", e))?
    );
    Ok(())
}

/// Ok when every value is a finite number; else which slot is not, and what it is.
fn all_finite(values: &[f64]) -> Result<(), String> {
    match values.iter().position(|x| !x.is_finite()) {
        Some(i) => Err(format!("slot {i} decodes to {}", values[i])),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::all_finite;

    #[test]
    fn infinities_and_nan_are_named_by_slot() {
        assert_eq!(all_finite(&[1.0, -2.5, 0.0]), Ok(()));
        assert_eq!(
            all_finite(&[1.0, f64::NAN]),
            Err("slot 1 decodes to NaN".into())
        );
        assert_eq!(
            all_finite(&[f64::NEG_INFINITY]),
            Err("slot 0 decodes to -inf".into())
        );
    }
}
