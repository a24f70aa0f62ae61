//! The `xehe` command line: argument parsing and dispatch to one module per subcommand.

mod bench;
mod bench_ckks;
mod bench_fusion;
mod bench_fusion_ntt;
mod bench_ntt;
mod demo;
mod devices;
mod primes;

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
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(UsageError(message)) => {
            eprintln!("xehe: error: {message}");
            ExitCode::from(2)
        }
    }
}
