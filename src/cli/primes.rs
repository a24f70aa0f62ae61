//! `xehe primes --degree N --moduli 60,40x2,60 [--json]`.

use super::error::UsageError;
use crate::cli::stdout::outln;
use clap::Args;
use xehe::primes::CoeffModulus;

#[derive(Args)]
#[command(allow_negative_numbers = true)]
pub struct PrimesArgs {
    /// Polynomial modulus degree N (a power of two, 2 … 131072).
    #[arg(long)]
    degree: u64,
    /// Prime bit sizes, each 2 … 60, with repeats: 60,40x2,60 (`--bits` is the same).
    #[arg(long, visible_alias = "bits")]
    moduli: String,
    /// Print a JSON array instead of one prime per line.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &PrimesArgs) -> Result<(), UsageError> {
    let bits = super::moduli::parse("--moduli", &args.moduli)?;
    let primes = CoeffModulus::create(args.degree, &bits).map_err(|e| UsageError(e.to_string()))?;
    let values: Vec<u64> = primes.iter().map(|m| m.value()).collect();
    if args.json {
        outln!(
            "{}",
            serde_json::to_string(&values).expect("a list of integers serializes")
        );
    } else {
        for v in values {
            outln!("{v}");
        }
    }
    Ok(())
}
