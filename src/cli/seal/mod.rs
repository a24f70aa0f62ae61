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
use xehe::ckks::serialize::{ComprMode, LoadLimits, SaveOptions, SealVersion};
use xehe::ckks::{ntt_table_bytes, CkksResult, Context, EncryptionParameters};
use xehe::primes::SecurityLevel;
use xehe::runtime::host_memory::human;

/// Largest file `--values @FILE` reads (a full slot vector at N = 2^17 is about 1.5 MB of JSON).
const VALUES_FILE_MAX: u64 = 64 << 20;

/// What loading one file takes of host memory at most, in two parts: what stays (the object,
/// twice its body where a seeded half is regenerated) and what is freed when the load returns
/// (the file's bytes, and the body decompressed into a buffer that doubles as it grows, so up
/// to twice the body). Measured at N = 2^14 with 8 primes (zstd files): a ciphertext of
/// 1.4 MB took 4.4 MiB at its peak, relinearization keys of 5.7 MiB (body 7 MiB) 23 MiB,
/// Galois keys of 149 MiB (body 182 MiB) 621 MiB.
#[derive(Clone, Copy, Default)]
pub struct LoadCost {
    pub kept: u128,
    pub passing: u128,
}

impl LoadCost {
    /// Both parts at once: one load alone.
    pub fn peak(self) -> u128 {
        self.kept + self.passing
    }
}

/// Bytes of a SEAL header and of the largest zstd frame header, enough to learn the body's
/// size without reading the body.
const PREFIX: usize = 16 + 18;

/// The cost of loading the SEAL object in `file` (of `file_bytes` bytes) from its header: an
/// uncompressed body is the file less the header; a zstd frame names its content size (SEAL
/// and xehe write it); a zlib body, or a zstd frame without a size, may expand as far as the
/// load limits allow, `LoadLimits::DEFAULT_MAX_RATIO` times its size or, with a context, to its
/// largest plaintext. The file is read from where it stands and put back there. A FIFO or a
/// device, which cannot be put back, is counted as a compressed body of unknown size.
fn load_cost(file: &mut File, file_bytes: u64, ctx: Option<&Context>) -> std::io::Result<LoadCost> {
    use std::io::{Seek, SeekFrom};
    let compressed = file_bytes.saturating_sub(16);
    let expanded = || {
        let floor = ctx.map_or(0, |c| {
            let key = c.key_context_data();
            (key.parms().poly_modulus_degree() * key.coeff_modulus().len() * 8) as u64 + 72
        });
        compressed
            .saturating_mul(LoadLimits::DEFAULT_MAX_RATIO)
            .max(floor)
    };
    let body = if file.metadata()?.is_file() {
        let start = file.stream_position()?;
        let mut prefix = [0u8; PREFIX];
        let mut got = 0;
        while got < PREFIX {
            match file.read(&mut prefix[got..])? {
                0 => break,
                k => got += k,
            }
        }
        file.seek(SeekFrom::Start(start))?;
        match prefix[5] {
            // Not a SEAL header at all: the load refuses it after reading the header alone.
            _ if got < 16 || prefix[..2] != [0x5e, 0xa1] => 0,
            0 => compressed,
            2 => match zstd::zstd_safe::get_frame_content_size(&prefix[16..got]) {
                Ok(Some(size)) => size,
                _ => expanded(),
            },
            _ => expanded(),
        }
    } else {
        expanded()
    };
    let (file_bytes, body) = (u128::from(file_bytes), u128::from(body));
    Ok(LoadCost {
        kept: 2 * body,
        passing: file_bytes + 2 * body,
    })
}

/// [`load_cost`] of the file at `path`, for a check made before anything is loaded; refused
/// already when that one load cannot fit. A file that cannot be opened or read costs nothing
/// here: its load says so, in the order the command reads its files.
pub fn load_cost_of(path: &Path, ctx: &Context) -> Result<LoadCost, UsageError> {
    let Ok(mut file) = File::open(path) else {
        return Ok(LoadCost::default());
    };
    let Ok(bytes) = file.metadata().map(|m| m.len()) else {
        return Ok(LoadCost::default());
    };
    let Ok(cost) = load_cost(&mut file, bytes, Some(ctx)) else {
        return Ok(LoadCost::default());
    };
    check_load(path, bytes, cost)?;
    Ok(cost)
}

/// Refuses the load of `path` (of `bytes` bytes) when it cannot fit.
fn check_load(path: &Path, bytes: u64, cost: LoadCost) -> Result<(), UsageError> {
    super::memory::check_host(
        &format!("loading {} ({})", path.display(), human(u128::from(bytes))),
        super::memory::with_margin(cost.peak()),
    )
}

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
            zstd_level: None,
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
    let cost = load_cost(&mut file, bytes, ctx).map_err(|e| fail(path.display(), e))?;
    check_load(path, bytes, cost)?;
    load(&mut file).map_err(|e| {
        let said = found::describe(path, found::kind_of::<T>(), ctx);
        fail(path.display(), said.unwrap_or_else(|| e.to_string()))
    })
}

/// The context of the parameters file SEAL saved (128-bit security, SEAL's default), with the
/// worker threads that build it (and the host work after it) started first.
pub fn context(params: &Path) -> Result<Context, UsageError> {
    let parms = load(params, EncryptionParameters::load)?;
    super::memory::start_workers()?;
    let (n, k) = (parms.poly_modulus_degree(), parms.coeff_modulus().len());
    // The NTT tables, shared by every level, are nearly all of a context (4.0 MiB of
    // 4.02 MiB at N = 2^14 with 8 primes); the rest grows with the levels, not with N.
    let tables = ntt_table_bytes(n, k) as u128;
    super::memory::check_host(
        &format!("the context of N = {n} with {k} primes"),
        super::memory::with_margin(tables + tables / 8),
    )?;
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
