//! Output files written whole or not at all. Each file is written to a temporary file beside
//! its destination and renamed onto it only when complete, so a failure (a full disk, a file
//! size limit, an error found after the outputs were planned) leaves no partial file. A
//! destination that exists is kept unless the caller asks to replace it (`--force`); a
//! replaced file is a new file of this process (the old one's owner and mode do not carry
//! over), and secret material is created readable by its owner only.

use std::ffi::OsString;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use tempfile::NamedTempFile;

/// The temporary files of this process not yet committed or dropped: removed by
/// [`remove_pending`] when the process ends without running destructors.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// One temporary file's place in [`PENDING`], left when dropped.
struct Pending(PathBuf);

impl Pending {
    fn new(path: &Path) -> Self {
        PENDING
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(path.to_path_buf());
        Self(path.to_path_buf())
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        let mut pending = PENDING.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(i) = pending.iter().position(|p| *p == self.0) {
            pending.swap_remove(i);
        }
    }
}

/// Removes every temporary file not yet committed: for an exit that skips destructors (the
/// reader of standard output has gone).
pub fn remove_pending() {
    for path in PENDING.lock().unwrap_or_else(|p| p.into_inner()).drain(..) {
        let _ = std::fs::remove_file(path);
    }
}

/// Who may read a new file or directory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// The owner only: mode 0600 (directories 0700) on Unix, before the umask.
    Owner,
    /// As any new file: mode 0666 (directories 0777) less the umask on Unix, 0644 usually.
    Anyone,
}

/// What happens to a destination that already exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Existing {
    /// It stays; the write fails with [`WriteError::Exists`].
    Refuse,
    /// The new file takes its place.
    Replace,
}

/// Why an output could not be written; each names the path concerned.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error("{}: exists; pass --force to replace it", .path.display())]
    Exists { path: PathBuf },
    #[error("{}: is a directory, expected a file", .path.display())]
    IsDirectory { path: PathBuf },
    #[error("{}: exists and is not a directory", .path.display())]
    NotADirectory { path: PathBuf },
    #[error("{}: {source}", .path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> WriteError + '_ {
    move |source| WriteError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// One output being written: a temporary file in the destination's directory until
/// [`Staged::commit`]; dropped uncommitted, it is removed.
pub struct Staged {
    temp: NamedTempFile,
    target: PathBuf,
    existing: Existing,
    pending: Pending,
}

impl Staged {
    /// Starts writing `target`. Fails at once when `target` is a directory, exists and
    /// `existing` refuses it, or its directory cannot take a new file, so that a command can
    /// find out before its work.
    pub fn create(target: &Path, access: Access, existing: Existing) -> Result<Self, WriteError> {
        if target.is_dir() {
            return Err(WriteError::IsDirectory {
                path: target.to_path_buf(),
            });
        }
        // symlink_metadata: a dangling link is still a name the rename would take.
        if existing == Existing::Refuse && target.symlink_metadata().is_ok() {
            return Err(WriteError::Exists {
                path: target.to_path_buf(),
            });
        }
        let Some(name) = target.file_name() else {
            return Err(WriteError::IsDirectory {
                path: target.to_path_buf(),
            });
        };
        let dir = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        // Hidden, and named after its destination, so a leftover (after a kill) says what
        // it was.
        let mut prefix = OsString::from(".");
        prefix.push(name);
        prefix.push(".");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".tmp");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = match access {
                Access::Owner => 0o600,
                Access::Anyone => 0o666,
            };
            builder.permissions(std::fs::Permissions::from_mode(mode));
        }
        #[cfg(not(unix))]
        let _ = access;
        // tempfile's own error names the temporary path; the user named the destination.
        let temp = builder.tempfile_in(dir).map_err(|e| WriteError::Io {
            path: target.to_path_buf(),
            source: io::Error::new(e.kind(), strip_path(&e)),
        })?;
        Ok(Self {
            pending: Pending::new(temp.path()),
            temp,
            target: target.to_path_buf(),
            existing,
        })
    }

    /// The file to write the contents to.
    pub fn file(&mut self) -> &mut File {
        self.temp.as_file_mut()
    }

    /// The destination.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Puts the complete file at its destination (synced first, so that a crash cannot leave
    /// an empty file there either).
    pub fn commit(self) -> Result<(), WriteError> {
        let Self {
            temp,
            target,
            existing,
            pending: _pending,
        } = self;
        temp.as_file().sync_all().map_err(io_error(&target))?;
        let placed = match existing {
            Existing::Refuse => temp.persist_noclobber(&target),
            Existing::Replace => temp.persist(&target),
        };
        // On failure the error owns the temporary file, which is removed when it is dropped.
        placed.map(drop).map_err(|e| match e.error.kind() {
            io::ErrorKind::AlreadyExists => WriteError::Exists { path: target },
            _ if target.is_dir() => WriteError::IsDirectory { path: target },
            _ => WriteError::Io {
                path: target,
                source: e.error,
            },
        })
    }
}

/// The operating system's message without the " at path ..." that tempfile appends.
fn strip_path(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" at path ") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// Commits every file or none: when one fails, the ones already in place are removed again
/// (with [`Existing::Replace`] the files they replaced are gone, but no mix of new and old
/// files is left, such as a new secret key beside an old public key).
pub fn commit_all(files: Vec<Staged>) -> Result<(), WriteError> {
    let mut placed: Vec<PathBuf> = Vec::with_capacity(files.len());
    for file in files {
        let target = file.target.clone();
        if let Err(e) = file.commit() {
            for p in &placed {
                let _ = std::fs::remove_file(p);
            }
            return Err(e);
        }
        placed.push(target);
    }
    Ok(())
}

/// A directory made for a command's outputs: removed again, with the parents made for it, when
/// dropped before [`CreatedDir::keep`] (only while empty: nothing else is ever removed).
pub struct CreatedDir {
    /// The directories this made, deepest first.
    made: Vec<PathBuf>,
}

impl CreatedDir {
    /// Makes `dir` and its missing parents (nothing when it exists).
    pub fn ensure(dir: &Path, access: Access) -> Result<Self, WriteError> {
        let mut missing = Vec::new();
        let mut at = Some(dir);
        while let Some(p) = at.filter(|p| !p.as_os_str().is_empty()) {
            match p.symlink_metadata() {
                Ok(m) if m.is_dir() || p.is_dir() => break,
                Ok(_) => {
                    return Err(WriteError::NotADirectory {
                        path: p.to_path_buf(),
                    })
                }
                Err(_) => missing.push(p.to_path_buf()),
            }
            at = p.parent();
        }
        let mut made = Self { made: Vec::new() };
        #[cfg(unix)]
        let builder = {
            use std::os::unix::fs::DirBuilderExt;
            let mut b = std::fs::DirBuilder::new();
            b.mode(match access {
                Access::Owner => 0o700,
                Access::Anyone => 0o777,
            });
            b
        };
        #[cfg(not(unix))]
        let builder = {
            let _ = access;
            std::fs::DirBuilder::new()
        };
        for p in missing.into_iter().rev() {
            match builder.create(&p) {
                Ok(()) => made.made.insert(0, p),
                // Made by someone else meanwhile: theirs, not to be removed.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && p.is_dir() => {}
                // `made` removes what it made when it is dropped here.
                Err(e) => return Err(io_error(dir)(e)),
            }
        }
        Ok(made)
    }

    /// The command succeeded: the directories stay.
    pub fn keep(mut self) {
        self.made.clear();
    }
}

impl Drop for CreatedDir {
    fn drop(&mut self) {
        for p in &self.made {
            // remove_dir refuses a directory that is not empty, which then stays.
            let _ = std::fs::remove_dir(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn a_file_appears_only_when_committed() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out.bin");
        let mut f = Staged::create(&target, Access::Anyone, Existing::Refuse).unwrap();
        f.file().write_all(b"complete").unwrap();
        assert!(!target.exists());
        f.commit().unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"complete");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn an_uncommitted_file_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out.bin");
        let mut f = Staged::create(&target, Access::Owner, Existing::Refuse).unwrap();
        f.file().write_all(b"partial").unwrap();
        drop(f);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn an_existing_file_is_refused_or_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out.bin");
        std::fs::write(&target, b"old").unwrap();
        let e = Staged::create(&target, Access::Anyone, Existing::Refuse)
            .err()
            .expect("refused");
        assert!(matches!(e, WriteError::Exists { .. }));
        assert!(e.to_string().contains("--force"), "{e}");
        let mut f = Staged::create(&target, Access::Anyone, Existing::Replace).unwrap();
        f.file().write_all(b"new").unwrap();
        f.commit().unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
    }

    #[test]
    fn a_file_is_pending_until_committed_or_dropped() {
        // remove_pending itself is not called here: it would take the other tests' files.
        let pending = |p: &Path| PENDING.lock().unwrap().iter().any(|q| q == p);
        let dir = tempfile::tempdir().unwrap();
        let f = Staged::create(&dir.path().join("a"), Access::Anyone, Existing::Refuse).unwrap();
        let temp = f.temp.path().to_path_buf();
        assert!(pending(&temp));
        drop(f);
        assert!(!pending(&temp));
        let f = Staged::create(&dir.path().join("b"), Access::Anyone, Existing::Refuse).unwrap();
        let temp = f.temp.path().to_path_buf();
        f.commit().unwrap();
        assert!(!pending(&temp));
    }

    #[test]
    fn a_file_made_meanwhile_is_not_replaced() {
        // The check at creation is early; the rename itself refuses too.
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out.bin");
        let mut f = Staged::create(&target, Access::Anyone, Existing::Refuse).unwrap();
        f.file().write_all(b"mine").unwrap();
        std::fs::write(&target, b"theirs").unwrap();
        assert!(matches!(f.commit(), Err(WriteError::Exists { .. })));
        assert_eq!(std::fs::read(&target).unwrap(), b"theirs");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn commit_all_takes_back_what_it_placed_when_one_fails() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        let fa = Staged::create(&a, Access::Anyone, Existing::Refuse).unwrap();
        let fb = Staged::create(&b, Access::Anyone, Existing::Refuse).unwrap();
        std::fs::write(&b, b"theirs").unwrap();
        assert!(matches!(
            commit_all(vec![fa, fb]),
            Err(WriteError::Exists { .. })
        ));
        assert!(!a.exists());
        assert_eq!(std::fs::read(&b).unwrap(), b"theirs");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_created_directory_goes_unless_kept() {
        let dir = tempfile::tempdir().unwrap();
        let deep = dir.path().join("x/y/z");
        drop(CreatedDir::ensure(&deep, Access::Owner).unwrap());
        assert!(!dir.path().join("x").exists());
        CreatedDir::ensure(&deep, Access::Owner).unwrap().keep();
        assert!(deep.is_dir());
        // An existing directory is not the guard's to remove.
        drop(CreatedDir::ensure(&deep, Access::Owner).unwrap());
        assert!(deep.is_dir());
        let file = dir.path().join("f");
        std::fs::write(&file, b"").unwrap();
        assert!(matches!(
            CreatedDir::ensure(&file.join("sub"), Access::Owner),
            Err(WriteError::NotADirectory { .. })
        ));
    }

    #[cfg(unix)]
    #[test]
    fn modes_follow_the_access() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let secret = dir.path().join("secret");
        Staged::create(&secret, Access::Owner, Existing::Refuse)
            .unwrap()
            .commit()
            .unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&secret), 0o600);
        let keys = dir.path().join("keys");
        CreatedDir::ensure(&keys, Access::Owner).unwrap().keep();
        assert_eq!(mode(&keys), 0o700);
    }
}
