//! Output files named on the command line, opened before any work starts so that an unwritable
//! path fails at once instead of after the whole workload has run.

use super::error::UsageError;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use xehe::runtime::profiler::DataProcessor;

/// A file created (and truncated) up front, written once at the end.
pub struct OutputFile {
    path: PathBuf,
    file: File,
}

impl OutputFile {
    /// Creates `path` now: a directory, a missing parent or a read-only place is a usage error.
    pub fn create(path: &Path) -> Result<Self, UsageError> {
        if path.is_dir() {
            return Err(UsageError(format!(
                "{}: is a directory, expected a file",
                path.display()
            )));
        }
        let file =
            File::create(path).map_err(|e| UsageError(format!("{}: {e}", path.display())))?;
        Ok(Self {
            path: path.to_path_buf(),
            file,
        })
    }

    /// Opens `path` when one was given.
    pub fn create_opt(path: Option<&Path>) -> Result<Option<Self>, UsageError> {
        path.map(Self::create).transpose()
    }

    pub fn write(mut self, text: &str) -> Result<(), UsageError> {
        self.file
            .write_all(text.as_bytes())
            .and_then(|()| self.file.sync_all())
            .map_err(|e| UsageError(format!("{}: {e}", self.path.display())))
    }

    /// Writes `report` as pretty JSON.
    pub fn write_json(self, report: &impl serde::Serialize) -> Result<(), UsageError> {
        let text = serde_json::to_string_pretty(report).map_err(|e| UsageError(e.to_string()))?;
        self.write(&text)
    }
}

/// `--profile DIR` (the same for every command): the directory is made and its four files are
/// created before the work starts.
pub struct ProfileDir {
    dir: PathBuf,
    files: [OutputFile; 4],
}

/// The file names a profile directory holds.
pub const PROFILE_FILES: [&str; 4] = ["profile.md", "profile.json", "profile.csv", "trace.json"];

impl ProfileDir {
    pub fn create(dir: &Path) -> Result<Self, UsageError> {
        if dir.exists() && !dir.is_dir() {
            return Err(UsageError(format!(
                "{}: exists and is not a directory (--profile takes a directory)",
                dir.display()
            )));
        }
        std::fs::create_dir_all(dir).map_err(|e| UsageError(format!("{}: {e}", dir.display())))?;
        let open = |name: &str| OutputFile::create(&dir.join(name));
        Ok(Self {
            dir: dir.to_path_buf(),
            files: [
                open(PROFILE_FILES[0])?,
                open(PROFILE_FILES[1])?,
                open(PROFILE_FILES[2])?,
                open(PROFILE_FILES[3])?,
            ],
        })
    }

    pub fn create_opt(dir: Option<&Path>) -> Result<Option<Self>, UsageError> {
        dir.map(Self::create).transpose()
    }

    /// Writes the Markdown, JSON, CSV and Chrome-trace dumps of `report`.
    pub fn write(self, report: &DataProcessor) -> Result<(), UsageError> {
        let [md, json, csv, trace] = self.files;
        md.write(&report.to_markdown())?;
        json.write(&report.to_json())?;
        csv.write(&report.to_csv())?;
        trace.write(&report.to_chrome_trace())?;
        eprintln!(
            "Profile written to {} ({}).",
            self.dir.display(),
            PROFILE_FILES.join(", ")
        );
        Ok(())
    }
}
