//! `xehe primes --degree N --bits 60,40,40,60 [--json]`.

use super::UsageError;
use clap::Args;
use xehe::primes::CoeffModulus;

#[derive(Args)]
pub struct PrimesArgs {
    /// Polynomial modulus degree N (a power of two, 2 … 131072).
    #[arg(long)]
    degree: u64,
    /// Comma-separated prime bit sizes, each 2 … 60, e.g. 60,40,40,60.
    #[arg(long)]
    bits: String,
    /// Print a JSON array instead of one prime per line.
    #[arg(long)]
    json: bool,
}

fn parse_bits(text: &str) -> Result<Vec<u32>, UsageError> {
    text.split(',')
        .map(|s| {
            s.trim().parse::<u32>().map_err(|_| {
                UsageError(format!(
                    "--bits: '{}' is not a bit size (expected e.g. 60,40,40,60)",
                    s.trim()
                ))
            })
        })
        .collect()
}

pub fn run(args: &PrimesArgs) -> Result<(), UsageError> {
    let bits = parse_bits(&args.bits)?;
    let primes = CoeffModulus::create(args.degree, &bits).map_err(|e| UsageError(e.to_string()))?;
    let values: Vec<u64> = primes.iter().map(|m| m.value()).collect();
    if args.json {
        println!(
            "{}",
            serde_json::to_string(&values).expect("a list of integers serializes")
        );
    } else {
        for v in values {
            println!("{v}");
        }
    }
    Ok(())
}
