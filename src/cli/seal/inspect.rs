//! `xehe inspect FILE [--params P] [--json]`: what a SEAL file holds.

use super::{context, open};
use crate::cli::error::UsageError;
use crate::cli::stdout::outln;
use clap::Args;
use std::path::PathBuf;
use xehe::ckks::serialize::{inspect, LoadLimits};

/// Bodies larger than this (uncompressed) are not inspected. inspect holds none of a body's
/// words (it passes over them in pieces), so this bounds the time a description takes, not its
/// memory; GaloisKeys at N = 2^16 with the default set can reach tens of GB.
const INSPECT_MAX: u64 = 1 << 34;

#[derive(Args)]
pub struct InspectArgs {
    /// A SEAL file (parameters, plaintext, ciphertext or key), compressed or not.
    file: PathBuf,
    /// The parameters it belongs to: resolves its level and tells keys from data.
    #[arg(long)]
    params: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(a: &InspectArgs) -> Result<(), UsageError> {
    let ctx = a.params.as_deref().map(context).transpose()?;
    let limits = LoadLimits {
        max_bytes: INSPECT_MAX,
        ..LoadLimits::default()
    };
    let info = inspect(&mut open(&a.file)?, &limits, ctx.as_ref())
        .map_err(|e| super::fail(a.file.display(), e))?;
    if a.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&info).map_err(|e| super::fail("output", e))?
        );
        return Ok(());
    }
    outln!("type:        {}", info.kind);
    outln!("SEAL version: {}", info.seal_version);
    outln!("compression: {}", info.compression);
    outln!(
        "size:        {} bytes ({} uncompressed body)",
        info.file_bytes,
        info.body_bytes
    );
    let opt = |label: &str, v: Option<String>| {
        if let Some(v) = v {
            outln!("{label:<13}{v}");
        }
    };
    opt("parms_id:", info.parms_id.clone());
    opt("N:", info.poly_modulus_degree.map(|v| v.to_string()));
    opt("primes:", info.primes.map(|v| v.to_string()));
    opt(
        "level:",
        info.chain_index.map(|v| format!("chain index {v}")),
    );
    opt(
        "scale:",
        info.scale.map(|s| format!("{s} (2^{:.3})", s.log2())),
    );
    opt(
        if info.galois_elements.is_some() || info.kind == "RelinKeys" {
            "components:"
        } else {
            "polynomials:"
        },
        info.size.map(|v| v.to_string()),
    );
    opt("seeded:", info.seeded.map(|v| v.to_string()));
    opt(
        "elements:",
        info.galois_elements.as_ref().map(|g| format!("{g:?}")),
    );
    opt(
        "coeff_modulus:",
        info.coeff_modulus.as_ref().map(|q| format!("{q:?}")),
    );
    Ok(())
}
