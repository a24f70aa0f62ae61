//! The `xehe` command line: argument parsing and dispatch to one module per subcommand.

mod bench;
mod bench_ckks;
mod bench_fusion;
mod bench_fusion_ntt;
mod bench_ntt;
mod demo;
mod devices;
mod primes;
mod seal;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "xehe",
    version,
    about = "CKKS homomorphic encryption on GPUs, SEAL-compatible"
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
    /// Device benchmarks (timed with device events).
    #[command(subcommand)]
    Bench(bench::BenchCommand),
}

/// A failure the user can act on: printed as one line, exit status 2.
pub struct UsageError(pub String);

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Demo(args) => demo::run(&args),
        Command::Primes(args) => primes::run(&args),
        Command::Devices(args) => devices::run(&args),
        Command::Bench(cmd) => bench::run(&cmd),
        Command::Keygen(args) => seal::keygen::run(&args),
        Command::Encode(args) => seal::encode::run_encode(&args),
        Command::Encrypt(args) => seal::encode::run_encrypt(&args),
        Command::Decrypt(args) => seal::decrypt::run(&args),
        Command::Eval(args) => seal::eval::run(&args),
        Command::Inspect(args) => seal::inspect::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(UsageError(message)) => {
            eprintln!("xehe: error: {message}");
            ExitCode::from(2)
        }
    }
}
