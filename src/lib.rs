//! # xehe
//!
//! CKKS homomorphic encryption over RNS polynomials, evaluated on GPUs through Level Zero and
//! OpenCL with precompiled SPIR-V kernels, following Intel's XeHE and compatible with
//! Microsoft SEAL bit for bit.
//!
//! The crate provides the mathematical foundation every device kernel is checked against, and
//! the device runtime the kernels run in:
//!
//! - [`arith`]: modular arithmetic (Barrett, Shoup, fused `mad_mod`, the Barrett variants of
//!   Shivdikar et al.);
//! - [`primes`]: SEAL's `CoeffModulus::Create`, primality, minimal primitive roots;
//! - [`ntt`]: SEAL-compatible negacyclic NTT tables and transforms;
//! - [`rns`]: RNS bases with CRT, and the `[poly][rns][coeff]` layout;
//! - [`exec`]: the execution model kernels and backends share (buffers, arguments, ranges,
//!   kernel declarations, the SIMT work-group of the CPU simulation);
//! - [`kernels`]: the device kernels (OpenCL C and SPIR-V, embedded) with their Rust mirrors;
//! - [`ckks`]: SEAL's CKKS: encryption parameters, the context and its modulus chain, keys,
//!   encoder, encryptor and decryptor, the evaluator (host and device), SEAL's file format;
//! - [`runtime`]: backends (cpu-sim, OpenCL, Level Zero) with tiles and in-order queues, the
//!   memory cache, the profiler, settings, and the host API of the coefficient-wise kernels
//!   ([`device_ops::poly`]).
//!
//! ## Features
//!
//! - `cli` (default): the `xehe` program, with clap for its arguments. A library user depends
//!   on `xehe = { version = "0.1", default-features = false }`, which drops the program and
//!   clap, the feature's only dependency. libc stays either way: the library itself calls it
//!   (on Unix, the OpenCL kernel cache compares its directory's owner with `geteuid`).
//! - `insecure-deterministic-keys`: `KeyGenerator::insecure_from_seed`, keys from a 32-byte
//!   seed for reproducible tests; never for real data.
//!
//! The Level Zero bindings come from the `level-zero-sys` crate (this repository's
//! `level-zero/`), loaded at run time: nothing links against a GPU driver at build time.
//!
//! ## Limits
//!
//! The largest CKKS context is degree N = 2^16 ([`ckks::POLY_MODULUS_DEGREE_MAX`]) over 64
//! primes ([`ckks::COEFF_MOD_COUNT_MAX`], SEAL's limit), checked by [`ckks::Context::new`].
//! A context's NTT tables cost [`ckks::ntt_table_bytes`]: 32 bytes per coefficient and prime,
//! 128 MiB at the largest ([`ckks::CONTEXT_TABLE_BYTES_MAX`]), shared by every level of its
//! chain. Keys and ciphertexts come on top: a size-2 ciphertext holds 2·N·L words at a level
//! of L primes (63 MiB at the largest first level, 63 primes).
//!
//! ```
//! use xehe::{ntt::NttTables, primes::CoeffModulus};
//! let q = CoeffModulus::create(4096, &[60, 40, 40, 60])?;
//! let tables = NttTables::new(4096, &q[1])?;
//! let mut poly = vec![1u64; 4096];
//! tables.forward(&mut poly)?;
//! tables.inverse(&mut poly)?;
//! assert!(poly.iter().all(|&c| c == 1));
//! # Ok::<(), xehe::MathError>(())
//! ```

pub mod arith;
pub mod ckks;
pub mod device_ops;
pub mod error;
pub mod exec;
pub mod kernels;
pub mod ntt;
pub mod primes;
pub mod rns;
pub mod runtime;

pub use error::{MathError, MathResult};

/// The README's Rust examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The architecture notes' Rust examples (the device pool's), compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../docs/ARCHITECTURE.md")]
struct ArchitectureDoctests;
