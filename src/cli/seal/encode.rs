//! `xehe encode` (values to a plaintext) and `xehe encrypt` (values to a ciphertext under a
//! public key), both at the first data level, as SEAL's encoder and encryptor make them. A
//! plaintext holds the values unencrypted: its file is readable by its owner only.

use super::{context, load_in, scale, values, OutputArgs};
use crate::cli::error::UsageError;
use crate::cli::staged::Access;
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
    /// Output file (an existing one is replaced only with --force).
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

/// The values and scale given, checked before anything else is read or made.
struct Input {
    values: Vec<f64>,
    scale: f64,
}

impl Input {
    fn read(a: &ValuesArgs) -> Result<Self, UsageError> {
        Ok(Self {
            values: values(&a.values)?,
            scale: scale(&a.scale)?,
        })
    }

    fn encode(&self, ctx: &Context) -> Result<Plaintext, UsageError> {
        CkksEncoder::new(ctx)
            .encode(&self.values, self.scale)
            .map_err(|e| super::fail("encode", e))
    }
}

/// Host memory encrypting takes at most: the public key, the plaintext, the ciphertext and the
/// encryptor's masks, each one or two polynomials over every prime, eight in all.
fn encrypt_needs(ctx: &Context) -> u128 {
    let key = ctx.key_context_data();
    let poly = key.parms().poly_modulus_degree() as u128 * key.coeff_modulus().len() as u128 * 8;
    8 * poly
}

pub fn run_encode(a: &EncodeArgs) -> Result<(), UsageError> {
    let input = Input::read(&a.v)?;
    let ctx = context(&a.v.params)?;
    let out = a.v.output.create(&a.v.out, Access::Owner)?;
    let pt = input.encode(&ctx)?;
    out.write(|w| pt.save(w, a.v.output.options()))
}

pub fn run_encrypt(a: &EncryptArgs) -> Result<(), UsageError> {
    let input = Input::read(&a.v)?;
    let ctx = context(&a.v.params)?;
    crate::cli::memory::check_host("encrypt", encrypt_needs(&ctx))?;
    let out = a.v.output.create(&a.v.out, Access::Anyone)?;
    let pk = load_in(&ctx, &a.public_key, |r| PublicKey::load(&ctx, r))?;
    let pt = input.encode(&ctx)?;
    let ct = Encryptor::new(&ctx, &pk)
        .and_then(|e| e.encrypt(&pt))
        .map_err(|e| super::fail("encrypt", e))?;
    out.write(|w| ct.save(w, a.v.output.options()))
}
