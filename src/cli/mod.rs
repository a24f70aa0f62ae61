//! The `xehe` command line: argument parsing and dispatch to one module per subcommand.

mod allocator;
mod bench;
mod ckks_params;
mod demo;
mod device_args;
mod devices;
pub mod error;
mod host_room;
mod memory;
mod moduli;
mod output;
mod primes;
mod quoted;
mod seal;
mod soak;
mod staged;
mod stdout;
mod wiped;

use clap::{Parser, Subcommand};
use error::{CliError, EXIT_CHECK_FAILED, EXIT_USAGE};
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
    /// Operations on SEAL ciphertexts, several in order in one process (on the device by
    /// default).
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

/// The arguments, or the exit: help and version as clap prints them, and every argument error
/// on one line with status 2 (clap's own spreads one over several lines, with a usage block).
fn parse() -> Result<Cli, ExitCode> {
    use clap::error::ErrorKind;
    Cli::try_parse().map_err(|e| match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(EXIT_USAGE))
        }
        _ => {
            eprintln!("xehe: error: {}", one_line(&e.to_string()));
            ExitCode::from(EXIT_USAGE)
        }
    })
}

/// clap's message without its "error: " prefix, usage block and pointer to --help, its
/// remaining lines joined.
fn one_line(message: &str) -> String {
    message
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:"))
        .filter(|l| !l.is_empty() && !l.starts_with("For more information"))
        .collect::<Vec<_>>()
        .join(" ")
        .trim_start_matches("error: ")
        .to_string()
}

/// A write past the file-size limit (`ulimit -f`) fails with an error the command reports and
/// cleans up after, instead of the signal that would kill the process mid-write.
fn report_file_size_limit() {
    #[cfg(unix)]
    // SAFETY: setting SIGXFSZ's disposition to ignore, before any other thread exists.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// What the program needs to start: clap's parsing and the first size check take about
/// 0.5 MiB. Below it the first allocation would fail, and a failed allocation aborts.
#[cfg(target_os = "linux")]
const START_ROOM: u64 = 2 << 20;

/// Refuses to start under an address-space or data-size limit that leaves less than
/// [`START_ROOM`], before anything allocates (formatting to stderr does not).
fn room_to_start() -> Result<(), ExitCode> {
    #[cfg(target_os = "linux")]
    if let Some(left) = host_room::limited_room_unallocated().filter(|&l| l < START_ROOM) {
        eprintln!(
            "xehe: error: out of host memory: {} KiB left under the address-space or data-size limit (ulimit -v, ulimit -d), less than the {} KiB xehe needs to start",
            left >> 10,
            START_ROOM >> 10
        );
        return Err(ExitCode::from(EXIT_USAGE));
    }
    Ok(())
}

pub fn main() -> ExitCode {
    allocator::set_up_heap();
    if let Err(code) = room_to_start() {
        return code;
    }
    report_file_size_limit();
    let cli = match parse() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let result: Result<(), CliError> = match cli.command {
        Command::Demo(args) => demo::run(&args),
        Command::Primes(args) => primes::run(&args).map_err(CliError::from),
        Command::Devices(args) => devices::run(&args).map_err(CliError::from),
        Command::Bench(cmd) => bench::run(&cmd),
        Command::Soak(args) => soak::run(&args),
        Command::Keygen(args) => seal::keygen::run(&args).map_err(CliError::from),
        Command::Encode(args) => seal::encode::run_encode(&args).map_err(CliError::from),
        Command::Encrypt(args) => seal::encode::run_encrypt(&args).map_err(CliError::from),
        Command::Decrypt(args) => seal::decrypt::run(&args),
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
