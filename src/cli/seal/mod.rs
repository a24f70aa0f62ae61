//! The file-level commands a server runs on SEAL's and TenSEAL's files (`keygen`, `encode`,
//! `encrypt`, `decrypt`, `eval`, `inspect`): shared argument parsing, reading and writing
//! SEAL objects. Every failure is a one-line `UsageError` naming the file or argument.

pub mod decrypt;
pub mod encode;
pub mod eval;
pub mod inspect;
pub mod keygen;

use super::error::UsageError;
use clap::Args;
use std::path::Path;
use xehe::ckks::serialize::{ComprMode, SaveOptions, SealVersion};
use xehe::ckks::{CkksResult, Context, EncryptionParameters};
use xehe::primes::SecurityLevel;

/// Largest file `--values @FILE` reads (a full slot vector at N = 2^17 is about 1.5 MB of JSON).
const VALUES_FILE_MAX: u64 = 64 << 20;

/// How outputs are written.
#[derive(Args, Clone)]
pub struct OutputArgs {
    /// Compression of the files written: none, zlib or zstd (SEAL's and TenSEAL's default).
    #[arg(long, default_value = "zstd")]
    compression: ComprMode,
    /// The SEAL version the files name (released SEAL loads only its own, e.g. 4.1); default
    /// 4.3, the SEAL of TenSEAL 0.3.18.
    #[arg(long)]
    seal_version: Option<SealVersion>,
}

impl OutputArgs {
    pub fn options(&self) -> SaveOptions {
        SaveOptions {
            compression: self.compression,
            version: self.seal_version,
        }
    }
}

pub fn fail(what: impl std::fmt::Display, e: impl std::fmt::Display) -> UsageError {
    UsageError(format!("{what}: {e}"))
}

/// Opens `path` for reading, with its name in the error.
pub fn open(path: &Path) -> Result<std::io::BufReader<std::fs::File>, UsageError> {
    std::fs::File::open(path)
        .map(std::io::BufReader::new)
        .map_err(|e| fail(path.display(), e))
}

/// Loads a SEAL object from `path` with `load`, naming the file in any error.
pub fn load<T>(
    path: &Path,
    load: impl FnOnce(&mut std::io::BufReader<std::fs::File>) -> CkksResult<T>,
) -> Result<T, UsageError> {
    load(&mut open(path)?).map_err(|e| fail(path.display(), e))
}

/// Writes one SEAL object to `path` (created or replaced).
pub fn save(
    path: &Path,
    save: impl FnOnce(&mut Vec<u8>) -> CkksResult<u64>,
) -> Result<(), UsageError> {
    let mut bytes = Vec::new();
    save(&mut bytes).map_err(|e| fail(path.display(), e))?;
    std::fs::write(path, bytes).map_err(|e| fail(path.display(), e))
}

/// The context of the parameters file SEAL saved (128-bit security, SEAL's default).
pub fn context(params: &Path) -> Result<Context, UsageError> {
    let parms = load(params, EncryptionParameters::load)?;
    Context::new(&parms, SecurityLevel::Tc128).map_err(|e| fail(params.display(), e))
}

/// `--values`: a JSON array of reals, inline or `@FILE`.
pub fn values(text: &str) -> Result<Vec<f64>, UsageError> {
    let (json, origin) = match text.strip_prefix('@') {
        Some(path) => {
            let len = std::fs::metadata(path).map_err(|e| fail(path, e))?.len();
            if len > VALUES_FILE_MAX {
                return Err(fail(
                    path,
                    format!("{len} bytes; a values file holds at most {VALUES_FILE_MAX}"),
                ));
            }
            (
                std::fs::read_to_string(path).map_err(|e| fail(path, e))?,
                path.to_string(),
            )
        }
        None => (text.to_string(), "--values".to_string()),
    };
    let v: Vec<f64> = serde_json::from_str(&json).map_err(|e| {
        fail(
            &origin,
            format!("not a JSON array of numbers ({e}); e.g. [1.5, -2, 0.25]"),
        )
    })?;
    Ok(v)
}

/// `--scale`: a positive number, written out or as B^E (2^40).
pub fn scale(text: &str) -> Result<f64, UsageError> {
    let bad = || {
        UsageError(format!(
            "--scale: {text:?} is not a positive number (e.g. 1099511627776 or 2^40)"
        ))
    };
    let s = match text.split_once('^') {
        Some((b, e)) => {
            let b: f64 = b.trim().parse().map_err(|_| bad())?;
            let e: i32 = e.trim().parse().map_err(|_| bad())?;
            b.powi(e)
        }
        None => text.trim().parse().map_err(|_| bad())?,
    };
    if !(s.is_finite() && s > 0.0) {
        return Err(bad());
    }
    Ok(s)
}
