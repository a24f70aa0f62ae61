//! `xehe keygen --params P --out-dir D`: secret.key, public.key, relin.key and galois.key
//! (SEAL's default Galois set) in SEAL's format, the last three seeded as SEAL writes them.

use super::{context, save, OutputArgs};
use crate::cli::error::UsageError;
use clap::Args;
use std::path::PathBuf;
use xehe::ckks::KeyGenerator;

#[derive(Args)]
pub struct KeygenArgs {
    /// Encryption parameters (SEAL's EncryptionParameters::save bytes).
    #[arg(long)]
    params: PathBuf,
    /// Directory for the keys (created if missing).
    #[arg(long)]
    out_dir: PathBuf,
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(a: &KeygenArgs) -> Result<(), UsageError> {
    let ctx = context(&a.params)?;
    std::fs::create_dir_all(&a.out_dir).map_err(|e| super::fail(a.out_dir.display(), e))?;
    let opts = a.output.options();
    let mut keygen = KeyGenerator::new(&ctx);
    let rk = keygen
        .create_relin_keys()
        .map_err(|e| super::fail("relinearization keys", e))?;
    let gk = keygen
        .create_galois_keys()
        .map_err(|e| super::fail("Galois keys", e))?;
    let pk = keygen.create_public_key();
    save(&a.out_dir.join("secret.key"), |w| {
        keygen.secret_key().save(w, opts)
    })?;
    save(&a.out_dir.join("public.key"), |w| pk.save(w, opts))?;
    save(&a.out_dir.join("relin.key"), |w| rk.save(w, opts))?;
    save(&a.out_dir.join("galois.key"), |w| gk.save(w, opts))?;
    eprintln!(
        "wrote secret.key, public.key, relin.key, galois.key ({} Galois elements) to {}",
        gk.elements().count(),
        a.out_dir.display()
    );
    Ok(())
}
