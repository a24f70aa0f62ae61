//! The SEAL version a file names.

/// The SEAL version a header names. Released SEAL 4 loads only files of its own major and minor
/// version, so the writer's version must be the reader's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SealVersion {
    pub major: u8,
    pub minor: u8,
}

impl SealVersion {
    /// SEAL 4.3, the version of the SEAL in TenSEAL 0.3.18 (pip), which this project tests
    /// against; `SaveOptions::version` writes another.
    pub const DEFAULT: SealVersion = SealVersion { major: 4, minor: 3 };
}

impl std::fmt::Display for SealVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

impl std::str::FromStr for SealVersion {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("SEAL version {s:?}: use 4.MINOR, e.g. 4.1");
        let (major, minor) = s.split_once('.').ok_or_else(bad)?;
        let v = SealVersion {
            major: major.parse().map_err(|_| bad())?,
            minor: minor.parse().map_err(|_| bad())?,
        };
        if v.major != 4 {
            return Err(bad());
        }
        Ok(v)
    }
}
