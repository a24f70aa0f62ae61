//! The stderr line that says why a first run is slow: once the kernel builds of a backend have
//! taken more than a second in all, "building kernels for DEVICE, cached afterwards" (or why
//! they are not), while the build that crosses the second is still running.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Builds of a backend take this long in all before the line is said.
pub(crate) const NOTICE_AFTER: Duration = Duration::from_secs(1);

pub(crate) struct BuildNotice {
    line: String,
    after: Duration,
    spent_ns: AtomicU64,
    said: AtomicBool,
}

impl BuildNotice {
    /// The notice of builds for `device`; `cached`: whether a later process finds them built
    /// (xehe's cache or the driver's).
    pub(crate) fn new(device: &str, cached: bool, after: Duration) -> Self {
        let line = if cached {
            format!("xehe: building kernels for {device}, cached afterwards")
        } else {
            format!(
                "xehe: building kernels for {device} (not cached: XEHE_KERNEL_CACHE is off or \
                 its directory unusable, so every process builds them)"
            )
        };
        BuildNotice {
            line,
            after,
            spent_ns: AtomicU64::new(0),
            said: AtomicBool::new(false),
        }
    }

    /// Runs `build`, saying the line on stderr if the builds so far pass the threshold while
    /// it runs (once per backend). Returns what `build` returned and whether this call said it.
    pub(crate) fn time<T>(&self, build: impl FnOnce() -> T) -> (T, bool) {
        let start = Instant::now();
        let spent = Duration::from_nanos(self.spent_ns.load(Ordering::Relaxed));
        let (out, said) = if self.said.load(Ordering::Relaxed) {
            (build(), false)
        } else {
            let left = self.after.saturating_sub(spent);
            let (done, wait) = mpsc::channel::<()>();
            std::thread::scope(|s| {
                let watch = s.spawn(move || {
                    // A timeout is the slow case; so is a build that ended past the threshold
                    // before this thread got to wait.
                    let slow = match wait.recv_timeout(left) {
                        Err(mpsc::RecvTimeoutError::Timeout) => true,
                        _ => start.elapsed() >= left,
                    };
                    let say = slow && !self.said.swap(true, Ordering::Relaxed);
                    if say {
                        eprintln!("{}", self.line);
                    }
                    say
                });
                let out = build();
                drop(done);
                (out, watch.join().unwrap_or(false))
            })
        };
        let ns = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        self.spent_ns.fetch_add(ns, Ordering::Relaxed);
        (out, said)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_is_said_once_when_the_builds_together_pass_the_threshold() {
        let hour = Duration::from_secs(3600);
        let n = BuildNotice::new("dev", true, hour);
        assert!(n
            .line
            .contains("building kernels for dev, cached afterwards"));
        assert_eq!(n.time(|| 7), (7, false));
        // Builds so far just short of the threshold: the next one passes it and says so.
        n.spent_ns.store(
            (hour - Duration::from_millis(10)).as_nanos() as u64,
            Ordering::Relaxed,
        );
        let (_, said) = n.time(|| std::thread::sleep(Duration::from_millis(200)));
        assert!(said);
        let (_, again) = n.time(|| std::thread::sleep(Duration::from_millis(200)));
        assert!(!again, "once per backend");
        let off = BuildNotice::new("dev", false, hour);
        assert!(off.line.contains("not cached"), "{}", off.line);
    }
}
