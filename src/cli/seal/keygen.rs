//! `xehe keygen --params P --out-dir D`: secret.key, public.key, relin.key and galois.key
//! (SEAL's default Galois set) in SEAL's format, the last three seeded as SEAL writes them.
//!
//! All four or none: the files are checked and created (as temporary files) before the keys
//! are made, and put in place together; a failure removes what the command made, the
//! directory included. secret.key is readable by its owner only, and a directory keygen
//! makes is the owner's only too.

use super::{context, OutputArgs, SealFile};
use crate::cli::error::UsageError;
use crate::cli::memory::with_margin;
use crate::cli::staged::{commit_all, Access, CreatedDir};
use clap::Args;
use std::path::PathBuf;
use xehe::ckks::{Context, KeyGenerator};

#[derive(Args)]
pub struct KeygenArgs {
    /// Encryption parameters (SEAL's EncryptionParameters::save bytes).
    #[arg(long)]
    params: PathBuf,
    /// Directory for the keys (created if missing, mode 0700).
    #[arg(long)]
    out_dir: PathBuf,
    #[command(flatten)]
    output: OutputArgs,
}

/// Host memory keygen takes at most. The relinearization keys and SEAL's default Galois set
/// (2·log2(N/2) elements) live together, one key-switching key each: a digit per data prime,
/// two polynomials over every prime. Saving the Galois keys builds their seeded body (half a
/// set each) in a buffer that doubles as it grows (up to twice the body), then its compressed
/// copy in another (up to three times the body while it last grows): five halves of a set each.
/// Each worker thread's rows on top, and the margin of [`with_margin`]. Measured at N = 2^14
/// with 8 primes: 1040 MiB at the peak, of 1300 MiB counted here.
fn needs(ctx: &Context) -> u128 {
    const THREAD_ROWS: u128 = 8;
    let key = ctx.key_context_data();
    let n = key.parms().poly_modulus_degree() as u128;
    let primes = key.coeff_modulus().len() as u128;
    let data = ctx.first_context_data().coeff_modulus().len();
    let digits = ctx.decomposition_digits(data) as u128;
    let set = digits * 2 * primes * n * 8;
    let galois = 2 * u128::from((n / 2).max(2).ilog2());
    // rayon's pool is started (seal::context), so asking its size starts nothing.
    let threads = rayon::current_num_threads() as u128;
    with_margin(set * (1 + galois) + galois * set * 5 / 2 + threads * THREAD_ROWS * n * 8)
}

pub fn run(a: &KeygenArgs) -> Result<(), UsageError> {
    let ctx = context(&a.params)?;
    let key = ctx.key_context_data();
    crate::cli::memory::check_host(
        &format!(
            "keygen at N = {} with {} primes",
            key.parms().poly_modulus_degree(),
            key.coeff_modulus().len()
        ),
        needs(&ctx),
    )?;
    let dir =
        CreatedDir::ensure(&a.out_dir, Access::Owner).map_err(|e| UsageError(e.to_string()))?;
    private_dir(&a.out_dir)?;
    let file = |name: &str, access| a.output.create(&a.out_dir.join(name), access);
    let files = [
        file("secret.key", Access::Owner)?,
        file("public.key", Access::Anyone)?,
        file("relin.key", Access::Anyone)?,
        file("galois.key", Access::Anyone)?,
    ];
    let opts = a.output.options();
    let mut keygen = KeyGenerator::new(&ctx);
    let rk = keygen
        .create_relin_keys()
        .map_err(|e| super::fail("relinearization keys", e))?;
    let gk = keygen
        .create_galois_keys()
        .map_err(|e| super::fail("Galois keys", e))?;
    let pk = keygen.create_public_key();
    let [sk_file, pk_file, rk_file, gk_file] = files;
    // The secret key last: the seconds the Galois keys take to write pass with no copy of it
    // on disk, should the process be stopped meanwhile.
    let staged = [
        write(pk_file, |w| pk.save(w, opts))?,
        write(rk_file, |w| rk.save(w, opts))?,
        write(gk_file, |w| gk.save(w, opts))?,
        // Uncompressed: the codecs' own working memory, which xehe cannot wipe, never sees it.
        write(sk_file, |w| {
            let plain = xehe::ckks::serialize::SaveOptions {
                compression: xehe::ckks::serialize::ComprMode::None,
                ..opts
            };
            keygen.secret_key().save(w, plain)
        })?,
    ];
    commit_all(staged.into()).map_err(|e| UsageError(e.to_string()))?;
    dir.keep();
    eprintln!(
        "wrote secret.key, public.key, relin.key, galois.key ({} Galois elements) to {}",
        gk.elements().count(),
        a.out_dir.display()
    );
    Ok(())
}

/// Writes one key into its temporary file, left there until all four are written.
fn write(
    mut file: SealFile,
    save: impl FnOnce(&mut super::Sink<'_>) -> xehe::ckks::CkksResult<u64>,
) -> Result<crate::cli::staged::Staged, UsageError> {
    file.fill(save)?;
    Ok(file.into_staged())
}

/// The key directory must be this user's alone: whoever else may write it could swap
/// `public.key` for one of their own after keygen, and every encryption would be theirs to read.
#[cfg(unix)]
fn private_dir(dir: &std::path::Path) -> Result<(), UsageError> {
    use std::os::unix::fs::MetadataExt;
    let m = std::fs::metadata(dir).map_err(|e| super::fail(dir.display(), e))?;
    // SAFETY: geteuid has no preconditions and cannot fail.
    let euid = unsafe { libc::geteuid() };
    if m.uid() != euid || m.mode() & 0o022 != 0 {
        return Err(UsageError(format!(
            "{}: the key directory belongs to another user or others may write it (mode {:o}); use a directory only you can write",
            dir.display(),
            m.mode() & 0o7777
        )));
    }
    Ok(())
}

#[cfg(not(unix))]
fn private_dir(_dir: &std::path::Path) -> Result<(), UsageError> {
    Ok(())
}
