//! The file-level commands a server runs on SEAL's and TenSEAL's files (`keygen`, `encode`,
//! `encrypt`, `decrypt`, `eval`, `inspect`): shared argument parsing, reading and writing
//! SEAL objects. Every failure is a one-line `UsageError` naming the file or argument.
//!
//! Files are written whole or not at all, and an existing file is replaced only with `--force`
//! ([`crate::cli::staged`]). Secret keys and plaintexts (the values unencrypted) are created
//! with mode 0600; keys others may hold and ciphertexts as any new file (0666 less the umask).

pub mod decrypt;
pub mod encode;
pub mod eval;
mod found;
pub mod inspect;
pub mod keygen;

use super::error::UsageError;
use super::staged::{Access, Existing, Staged};
use super::wiped::WipedWriter;
use clap::Args;
use std::fs::File;
use std::io::{Read, Write};
use std::path::Path;
use xehe::ckks::serialize::{ComprMode, SaveOptions, SealVersion};
use xehe::ckks::{CkksResult, Context, EncryptionParameters};
use xehe::primes::SecurityLevel;
use xehe::runtime::host_memory::human;

/// Largest file `--values @FILE` reads (a full slot vector at N = 2^17 is about 1.5 MB of JSON).
const VALUES_FILE_MAX: u64 = 64 << 20;

/// Host memory a load takes per byte of the file, at most: the bytes read, the decompressed
/// body, and the object, whose seeded half is regenerated (twice the body).
const LOAD_BYTES_PER_FILE_BYTE: u128 = 4;

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
    /// Replace output files that exist (without it, an existing file is an error and stays).
    #[arg(long)]
    force: bool,
}

impl OutputArgs {
    pub fn options(&self) -> SaveOptions {
        SaveOptions {
            compression: self.compression,
            version: self.seal_version,
        }
    }

    /// What happens to an output file that exists.
    pub fn existing(&self) -> Existing {
        if self.force {
            Existing::Replace
        } else {
            Existing::Refuse
        }
    }

    /// Starts the output `path` (see [`SealFile`]); an existing file is replaced only with
    /// `--force`.
    pub fn create(&self, path: &Path, access: Access) -> Result<SealFile, UsageError> {
        SealFile::create(path, access, self.existing())
    }
}

pub fn fail(what: impl std::fmt::Display, e: impl std::fmt::Display) -> UsageError {
    UsageError(format!("{what}: {e}"))
}

/// Where a SEAL object is saved: its bytes go to the output's temporary file through a buffer
/// that is wiped afterwards (a secret key passes through it).
pub type Sink<'a> = WipedWriter<&'a mut File>;

/// An output SEAL file, created (as a temporary file beside it) before the work so that an
/// unwritable or existing path fails at once, and put in place when its object is written.
pub struct SealFile(Staged);

impl SealFile {
    pub fn create(path: &Path, access: Access, existing: Existing) -> Result<Self, UsageError> {
        Staged::create(path, access, existing)
            .map(SealFile)
            .map_err(|e| UsageError(e.to_string()))
    }

    /// Writes the object `save` writes and puts the file in place; on failure nothing is left.
    pub fn write(
        mut self,
        save: impl FnOnce(&mut Sink<'_>) -> CkksResult<u64>,
    ) -> Result<(), UsageError> {
        self.fill(save)?;
        self.commit()
    }

    /// Writes the object `save` writes into the temporary file, not yet in place.
    pub fn fill(
        &mut self,
        save: impl FnOnce(&mut Sink<'_>) -> CkksResult<u64>,
    ) -> Result<(), UsageError> {
        let path = self.0.target().to_path_buf();
        let mut sink = WipedWriter::new(self.0.file());
        save(&mut sink).map_err(|e| fail(path.display(), e))?;
        sink.flush().map_err(|e| fail(path.display(), e))
    }

    /// Puts the written file in place.
    pub fn commit(self) -> Result<(), UsageError> {
        self.0.commit().map_err(|e| UsageError(e.to_string()))
    }

    /// The staged file, for writing several outputs all or nothing.
    pub fn into_staged(self) -> Staged {
        self.0
    }
}

/// Opens `path` for reading, with its name in the error. Unbuffered: a load reads its header
/// and then the whole object in one request, and a buffer would keep a secret key's bytes.
pub fn open(path: &Path) -> Result<File, UsageError> {
    File::open(path).map_err(|e| fail(path.display(), e))
}

/// Loads a SEAL object from `path` with `load`, naming the file in any error and, when the
/// file holds another kind of object, what it holds.
pub fn load<T>(
    path: &Path,
    load: impl FnOnce(&mut File) -> CkksResult<T>,
) -> Result<T, UsageError> {
    load_checked(path, None, load)
}

/// [`load`] of an object of `ctx`'s parameters: a failure also says when the file holds an
/// object of other parameters, and tells a ciphertext from a public key (a plaintext from a
/// secret key) by its level.
pub fn load_in<T>(
    ctx: &Context,
    path: &Path,
    load: impl FnOnce(&mut File) -> CkksResult<T>,
) -> Result<T, UsageError> {
    load_checked(path, Some(ctx), load)
}

fn load_checked<T>(
    path: &Path,
    ctx: Option<&Context>,
    load: impl FnOnce(&mut File) -> CkksResult<T>,
) -> Result<T, UsageError> {
    let mut file = open(path)?;
    let bytes = file.metadata().map_err(|e| fail(path.display(), e))?.len();
    super::memory::check_host(
        &format!("loading {} ({})", path.display(), human(u128::from(bytes))),
        u128::from(bytes) * LOAD_BYTES_PER_FILE_BYTE,
    )?;
    load(&mut file).map_err(|e| {
        let said = found::describe(path, found::kind_of::<T>(), ctx);
        fail(path.display(), said.unwrap_or_else(|| e.to_string()))
    })
}

/// The context of the parameters file SEAL saved (128-bit security, SEAL's default).
pub fn context(params: &Path) -> Result<Context, UsageError> {
    let parms = load(params, EncryptionParameters::load)?;
    Context::new(&parms, SecurityLevel::Tc128).map_err(|e| fail(params.display(), e))
}

/// `--values`: a JSON array of reals, inline or `@FILE`. A file is read up to the limit and no
/// further, whatever it is (/dev/zero and a FIFO report no length).
pub fn values(text: &str) -> Result<Vec<f64>, UsageError> {
    let (json, origin) = match text.strip_prefix('@') {
        Some(path) => {
            let mut json = String::new();
            File::open(path)
                .and_then(|f| f.take(VALUES_FILE_MAX + 1).read_to_string(&mut json))
                .map_err(|e| fail(path, e))?;
            if json.len() as u64 > VALUES_FILE_MAX {
                return Err(fail(
                    path,
                    format!(
                        "more than {VALUES_FILE_MAX} bytes ({}); a values file holds at most that",
                        human(u128::from(VALUES_FILE_MAX))
                    ),
                ));
            }
            (json, path.to_string())
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

/// `--scale`: a finite number of at least 1, written out or as B^E (2^40). Below 1 a scale
/// leaves nothing of the values above the noise, and the decoded slots overflow.
pub fn scale(text: &str) -> Result<f64, UsageError> {
    let bad = || {
        UsageError(format!(
            "--scale: {text:?} is not a finite number of at least 1 (e.g. 1099511627776 or 2^40)"
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
    if !(s.is_finite() && s >= 1.0) {
        return Err(bad());
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scales_below_one_or_not_finite_are_refused() {
        assert_eq!(scale("2^40").ok(), Some(2f64.powi(40)));
        assert_eq!(scale("1").ok(), Some(1.0));
        for bad in [
            "1e-300", "0.5", "2^-1", "0", "-3", "inf", "NaN", "2^2000", "x",
        ] {
            let e = scale(bad).expect_err(bad);
            assert!(e.0.contains("at least 1"), "{bad}: {}", e.0);
        }
    }
}
