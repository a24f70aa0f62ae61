//! `xehe bench`: device benchmarks, timed with device events, every result checked first;
//! and the host path's times (`bench host`).
//!
//! Benchmarking stays in the `xehe` binary: the device machine has no Rust toolchain and runs
//! the one stripped binary `benches/device/build-bundle.sh` ships, and the benchmarks share the
//! command line's device flags, output files, checks and exit codes rather than repeat them.
//!
//! Each benchmark's `run` reads as its steps: check the arguments (before any file, device or
//! key is made), set up keys and inputs, measure one family of rows at a time, report.

mod bootstrap;
mod calls;
mod ckks;
mod codec_batch;
mod fusion;
mod fusion_ntt;
mod host;
mod kernels;
mod measure;
mod ntt;
mod throughput;

use crate::cli::error::CliError;
use clap::Subcommand;

#[derive(Subcommand)]
pub enum BenchCommand {
    /// copy_u64 and the coefficient-wise kernels (add, mul, mad) over one RNS array shape.
    Kernels(kernels::KernelsArgs),
    /// Forward or inverse NTT of a batch, per variant, against a copy of the same data.
    Ntt(ntt::NttArgs),
    /// CKKS routines (MulLin, MulLinRS, SqrLinRS, MulLinRSModSwAdd, Rotate) and single
    /// operations on a device, checked against the host evaluator, with fused-kernel savings.
    Ckks(ckks::CkksArgs),
    /// The host path (no device) on `--threads` threads: keys, encoding, encryption,
    /// decryption, decoding and the evaluator's operations, beside SEAL's one-thread times.
    Host(host::HostArgs),
    /// Bootstrapping with one preset: time per bootstrap, levels left, precision in bits
    /// against the f64 input; on a device checked word for word against the host.
    Bootstrap(bootstrap::BootstrapArgs),
}

pub fn run(cmd: &BenchCommand) -> Result<(), CliError> {
    match cmd {
        BenchCommand::Kernels(a) => kernels::run(a),
        BenchCommand::Ntt(a) => ntt::run(a),
        BenchCommand::Ckks(a) => ckks::run(a),
        BenchCommand::Host(a) => host::run(a),
        BenchCommand::Bootstrap(a) => bootstrap::run(a),
    }
}
