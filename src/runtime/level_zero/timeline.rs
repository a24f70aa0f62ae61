//! One timeline per tile from kernel timestamps that wrap. Level Zero's kernel timestamps have
//! `kernelTimestampValidBits` valid bits (32 on pvc and dg2: a wrap every 358 s at 12 MHz), and
//! the profiler lays a tile's launches on one timeline, so every timestamp is unwrapped: a
//! tile's commands run in order, each after it was appended and after the previous one ended,
//! so a start is the first value with its low bits at or after the later of
//!
//! - the previous command's end (exact), and
//! - its append time on the host clock, moved onto the device clock (with a quarter period of
//!   slack for the two clocks' drift).
//!
//! The host-to-device offset comes from `zeDeviceGetGlobalTimestamps` where the driver answers
//! it ([`Timeline::calibrate`]); elsewhere from the smallest append-to-start gap seen so far,
//! so that `queued` (the append) then shows each launch's delay beyond the tile's fastest.
//! Either way `queued` and `submit` are the append time, no longer a copy of `start`.

use crate::runtime::profiler::LaunchTimes;

/// A tile's clock: its tick length and how far its kernel timestamps run before they wrap.
#[derive(Clone, Debug)]
pub(super) struct Timeline {
    tick_ns: f64,
    /// 2^bits ticks; 0 when the timestamps do not wrap (64 valid bits).
    period: u64,
    /// Device ticks minus host ticks.
    offset: Option<i128>,
    calibrated: bool,
    /// The previous command's end, unwrapped, in ticks.
    last_end: Option<i128>,
}

impl Timeline {
    /// `tick_ns` nanoseconds per tick; `bits` valid bits of the kernel timestamps (0: 64).
    pub(super) fn new(tick_ns: f64, bits: u32) -> Self {
        Timeline {
            tick_ns,
            period: if bits == 0 || bits >= 64 {
                0
            } else {
                1u64 << bits
            },
            offset: None,
            calibrated: false,
            last_end: None,
        }
    }

    fn host_ticks(&self, host_ns: u64) -> i128 {
        (host_ns as f64 / self.tick_ns).round() as i128
    }

    fn ns(&self, ticks: i128) -> u64 {
        (ticks.max(0) as f64 * self.tick_ns) as u64
    }

    /// A synchronized pair: the host clock (ns) and the device's global timestamp (ticks)
    /// read together. Only the low bits of the device value are trusted: kernel timestamps are
    /// those bits of the same counter.
    pub(super) fn calibrate(&mut self, host_ns: u64, device_ticks: u64) {
        let host = self.host_ticks(host_ns);
        let device = if self.period == 0 {
            device_ticks as i128
        } else {
            let low = (device_ticks & (self.period - 1)) as i128;
            match self.offset {
                Some(o) => self.unwrap_near(low, host + o, None),
                None => low,
            }
        };
        self.offset = Some(device - host);
        self.calibrated = true;
    }

    /// The first value congruent to `raw` at or after `estimate` less a quarter period, and
    /// not before `floor`.
    fn unwrap_near(&self, raw: i128, estimate: i128, floor: Option<i128>) -> i128 {
        let p = self.period as i128;
        let lower = (estimate - p / 4).max(floor.unwrap_or(i128::MIN));
        raw + (lower - raw).div_euclid(p) * p
            + if (lower - raw).rem_euclid(p) == 0 {
                0
            } else {
                p
            }
    }

    fn times(&self, appended_ns: u64, raw_start: u64, raw_end: u64) -> (LaunchTimes, i128, i128) {
        let host = self.host_ticks(appended_ns);
        let (start, end) = if self.period == 0 {
            (raw_start as i128, raw_end.max(raw_start) as i128)
        } else {
            let mask = self.period - 1;
            let (s, e) = ((raw_start & mask) as i128, (raw_end & mask) as i128);
            let start = match (self.offset, self.last_end) {
                (None, None) => s,
                (o, floor) => {
                    let estimate = o.map_or(floor.unwrap_or(s), |o| host + o);
                    self.unwrap_near(s, estimate.max(floor.unwrap_or(i128::MIN)), floor)
                }
            };
            (start, start + (e - s).rem_euclid(self.period as i128))
        };
        // Uncalibrated, the offset is the smallest append-to-start gap, this launch's included.
        let offset = match self.offset {
            Some(o) if self.calibrated || o <= start - host => o,
            _ => start - host,
        };
        let queued = self.ns((host + offset).min(start));
        let times = LaunchTimes {
            queued,
            submit: queued,
            start: self.ns(start),
            end: self.ns(end),
        };
        (times, offset, end)
    }

    /// Places the next command of the tile (in completion order), appended at `appended_ns`
    /// on the host clock, with its raw kernel timestamps.
    pub(super) fn place(&mut self, appended_ns: u64, raw_start: u64, raw_end: u64) -> LaunchTimes {
        let (times, offset, end) = self.times(appended_ns, raw_start, raw_end);
        self.offset = Some(offset);
        self.last_end = Some(end);
        times
    }

    /// Where a command would be placed, without placing it (an event's own query, which may
    /// come in any order).
    pub(super) fn locate(&self, appended_ns: u64, raw_start: u64, raw_end: u64) -> LaunchTimes {
        let detached = Timeline {
            last_end: None,
            ..self.clone()
        };
        detached.times(appended_ns, raw_start, raw_end).0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// pvc: 83.33 ns ticks, 32 valid bits.
    fn pvc() -> Timeline {
        Timeline::new(1e9 / 12_000_048.0, 32)
    }

    const P: u64 = 1 << 32;

    /// A tile running kernels of `dur` ticks back to back from device tick `t0`, each appended
    /// `lead` ticks before it starts, gives one increasing timeline across wraps.
    #[test]
    fn back_to_back_kernels_stay_in_order_across_wraps() {
        let mut tl = pvc();
        let tick = 1e9 / 12_000_048.0;
        let dur = P / 7; // seven kernels per wrap
        let t0 = P - 3 * dur; // the third kernel wraps inside itself
        let mut last_end = 0;
        for k in 0..30u64 {
            let start = t0 + k * dur;
            let appended_ns = ((start - 1000) as f64 * tick) as u64;
            let t = tl.place(appended_ns, start % P, (start + dur) % P);
            assert!(t.start >= last_end, "kernel {k}: {t:?} before {last_end}");
            let span = t.end - t.start;
            let expect = (dur as f64 * tick) as u64;
            assert!(
                span.abs_diff(expect) <= 1,
                "kernel {k}: {span} ns, expected {expect}"
            );
            assert!(t.queued <= t.start, "{t:?}");
            last_end = t.end;
        }
    }

    /// A tile idle for longer than a wrap: the append time says how many wraps went by.
    #[test]
    fn idle_gaps_longer_than_a_wrap_are_counted() {
        let mut tl = pvc();
        let tick = 1e9 / 12_000_048.0;
        let at = |ticks: u64| (ticks as f64 * tick) as u64;
        let first = tl.place(at(90), 100, 200);
        // 2.5 wraps later, appended 10 ticks before it starts.
        let start = 100 + 5 * P / 2;
        let second = tl.place(at(start - 10), start % P, (start + 50) % P);
        let gap = second.start - first.start;
        assert!(gap.abs_diff(at(5 * P / 2)) <= 1, "gap {gap} ns");
        // The launch delay beyond the best case shows in queued.
        assert!(second.start - second.queued <= at(10) + 1, "{second:?}");
    }

    #[test]
    fn a_kernel_queued_behind_another_shows_its_wait() {
        let mut tl = pvc();
        let tick = 1e9 / 12_000_048.0;
        let at = |ticks: u64| (ticks as f64 * tick) as u64;
        tl.place(at(0), 10, 10_000);
        // Appended at tick 20 (tick 30 on the device), but starts after the first ends.
        let t = tl.place(at(20), 10_000, 10_500);
        assert!(t.start - t.queued >= at(9_970) - 1, "{t:?}");
    }

    #[test]
    fn calibration_puts_the_append_on_the_device_clock() {
        let mut tl = pvc();
        let tick = 1e9 / 12_000_048.0;
        let at = |ticks: u64| (ticks as f64 * tick) as u64;
        // Device counter = host ticks + 5 wraps + 1000; read together at host tick 0.
        tl.calibrate(0, 5 * P + 1000);
        let t = tl.place(at(100), 1000 + 100 + 40, 1000 + 100 + 90);
        assert!((t.start - t.queued).abs_diff(at(40)) <= 1, "{t:?}");
        assert!((t.end - t.start).abs_diff(at(50)) <= 1, "{t:?}");
    }

    #[test]
    fn locate_does_not_move_the_timeline() {
        let mut tl = pvc();
        tl.place(0, 10, 20);
        let a = tl.locate(5, 30, 40);
        let b = tl.locate(5, 30, 40);
        assert_eq!(a, b);
        assert!(tl.place(5, 30, 40).start >= a.start);
    }

    #[test]
    fn full_width_timestamps_pass_through() {
        let mut tl = Timeline::new(1.0, 64);
        let t = tl.place(0, 5, 9);
        assert_eq!((t.start, t.end), (5, 9));
    }
}
