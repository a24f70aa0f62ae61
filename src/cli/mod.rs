//! The `xehe` command line: argument parsing and dispatch to one module per subcommand.

mod bench;
mod bench_ckks;
mod bench_fusion;
mod bench_fusion_ntt;
mod bench_ntt;
mod demo;
mod device_args;
mod devices;
mod memory;
mod moduli;
mod output;
mod primes;
mod quoted;
mod seal;
mod soak;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "xehe",
    version,
    about = "CKKS homomorphic encryption on GPUs, SEAL-compatible",
    after_help = "Exit status: 0 success; 2 bad input, usage or environment (one line on stderr); \
3 a result outside its stated bound or different from its reference."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Encrypted workloads end to end (matrix products, logistic-regression inference), each
    /// result checked, with the per-operation device profile.
    Demo(demo::DemoArgs),
    /// Print the coefficient-modulus primes SEAL's CoeffModulus::Create would choose.
    Primes(primes::PrimesArgs),
    /// List backends, OpenCL platforms, devices and tiles, and how kernels would load on each.
    Devices(devices::DevicesArgs),
    /// Make keys for SEAL parameters: secret.key, public.key, relin.key, galois.key.
    Keygen(seal::keygen::KeygenArgs),
    /// Encode reals into a SEAL plaintext.
    Encode(seal::encode::EncodeArgs),
    /// Encrypt reals into a SEAL ciphertext under a public key.
    Encrypt(seal::encode::EncryptArgs),
    /// Decrypt a SEAL ciphertext; prints the real parts of its slots as JSON.
    Decrypt(seal::decrypt::DecryptArgs),
    /// One operation on SEAL ciphertexts (on the device by default).
    Eval(seal::eval::EvalArgs),
    /// Describe a SEAL file: type, version, compression, sizes, parms_id, N, level, scale.
    Inspect(seal::inspect::InspectArgs),
    /// Endurance: thousands of mixed operations from several threads on every tile, each
    /// result checked against the host evaluator, the memory caches back at their baseline.
    Soak(soak::SoakArgs),
    /// Device benchmarks (timed with device events).
    #[command(subcommand)]
    Bench(bench::BenchCommand),
}

/// Bad input, usage or environment (arguments, files, settings, a device that cannot hold the
/// work): printed as one line, exit status 2.
pub struct UsageError(pub String);

/// Every way a command fails, each with its own exit status.
pub enum CliError {
    /// Exit status 2: see [`UsageError`].
    Usage(String),
    /// Exit status 3: the work ran, but a result was outside its stated bound or differed from
    /// its reference.
    CheckFailed(String),
}

impl From<UsageError> for CliError {
    fn from(e: UsageError) -> Self {
        CliError::Usage(e.0)
    }
}

/// Exit status for bad input, usage or environment.
pub const EXIT_USAGE: u8 = 2;
/// Exit status for a result outside its bound.
pub const EXIT_CHECK_FAILED: u8 = 3;

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result: Result<(), CliError> = match cli.command {
        Command::Demo(args) => demo::run(&args),
        Command::Primes(args) => primes::run(&args).map_err(CliError::from),
        Command::Devices(args) => devices::run(&args).map_err(CliError::from),
        Command::Bench(cmd) => bench::run(&cmd),
        Command::Soak(args) => soak::run(&args),
        Command::Keygen(args) => seal::keygen::run(&args).map_err(CliError::from),
        Command::Encode(args) => seal::encode::run_encode(&args).map_err(CliError::from),
        Command::Encrypt(args) => seal::encode::run_encrypt(&args).map_err(CliError::from),
        Command::Decrypt(args) => seal::decrypt::run(&args).map_err(CliError::from),
        Command::Eval(args) => seal::eval::run(&args).map_err(CliError::from),
        Command::Inspect(args) => seal::inspect::run(&args).map_err(CliError::from),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Usage(message)) => {
            eprintln!("xehe: error: {message}");
            ExitCode::from(EXIT_USAGE)
        }
        Err(CliError::CheckFailed(message)) => {
            eprintln!("xehe: check failed: {message}");
            ExitCode::from(EXIT_CHECK_FAILED)
        }
    }
}
