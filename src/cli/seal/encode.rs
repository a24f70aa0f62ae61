//! `xehe encode` (values to a plaintext) and `xehe encrypt` (values to a ciphertext under a
//! public key), both at the first data level, as SEAL's encoder and encryptor make them.

use super::{context, load, save, scale, values, OutputArgs};
use crate::cli::error::UsageError;
use clap::Args;
use std::path::PathBuf;
use xehe::ckks::{CkksEncoder, Context, Encryptor, Plaintext, PublicKey};

/// What both commands encode, and where the result goes.
#[derive(Args)]
pub struct ValuesArgs {
    /// Encryption parameters (SEAL's EncryptionParameters::save bytes).
    #[arg(long)]
    params: PathBuf,
    /// JSON array of reals, inline or @FILE.
    #[arg(long)]
    values: String,
    /// Scale, e.g. 1099511627776 or 2^40.
    #[arg(long)]
    scale: String,
    /// Output file.
    #[arg(long)]
    out: PathBuf,
    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Args)]
pub struct EncodeArgs {
    #[command(flatten)]
    v: ValuesArgs,
}

#[derive(Args)]
pub struct EncryptArgs {
    /// The public key (SEAL's PublicKey::save bytes).
    #[arg(long)]
    public_key: PathBuf,
    #[command(flatten)]
    v: ValuesArgs,
}

fn encode(ctx: &Context, a: &ValuesArgs) -> Result<Plaintext, UsageError> {
    let (v, s) = (values(&a.values)?, scale(&a.scale)?);
    CkksEncoder::new(ctx)
        .encode(&v, s)
        .map_err(|e| super::fail("encode", e))
}

pub fn run_encode(a: &EncodeArgs) -> Result<(), UsageError> {
    let ctx = context(&a.v.params)?;
    let pt = encode(&ctx, &a.v)?;
    save(&a.v.out, |w| pt.save(w, a.v.output.options()))
}

pub fn run_encrypt(a: &EncryptArgs) -> Result<(), UsageError> {
    let ctx = context(&a.v.params)?;
    let pk = load(&a.public_key, |r| PublicKey::load(&ctx, r))?;
    let pt = encode(&ctx, &a.v)?;
    let ct = Encryptor::new(&ctx, &pk)
        .and_then(|e| e.encrypt(&pt))
        .map_err(|e| super::fail("encrypt", e))?;
    save(&a.v.out, |w| ct.save(w, a.v.output.options()))
}
