//! The runtime around the kernels, on cpu-sim and OpenCL: launches land in the profiler with
//! their tile and operation, buffers go through each tile's memory cache, tiles run
//! concurrently, and driver failures come back as typed errors with the build log.

mod common;

use std::sync::Arc;
use xehe::arith::Modulus;
use xehe::device_ops::poly::{self, DeviceModuli};
use xehe::kernels::copy_u64;
use xehe::rns::RnsShape;
use xehe::runtime::opencl::discover::KernelFormat;
use xehe::runtime::opencl::{OpenClBackend, OpenClOptions};
use xehe::runtime::profiler::DataProcessor;
use xehe::runtime::{Backend, ConfigError, KernelArg, NdRange, RuntimeError};

fn backends() -> Vec<Arc<dyn Backend>> {
    let mut v = vec![common::sim(2, false)];
    if let Some(cl) = common::opencl(None) {
        v.push(cl);
    }
    v
}

#[test]
fn launches_are_profiled_with_tile_and_operation() {
    for dev in backends() {
        let b = dev.as_ref();
        let tile = b.tile_count() - 1;
        let q = [Modulus::new(1_152_921_504_606_748_673).unwrap()];
        let shape = RnsShape::new(1024, 1, 1).unwrap();
        let dm = DeviceModuli::upload(&dev, tile, &q).unwrap();
        let x = poly::upload(b, tile, shape, &dm, &vec![3; 1024]).unwrap();
        let out = b.alloc(tile, 1024).unwrap();
        b.profiler().clear();
        {
            let _op = b.profiler().operation("square_plus");
            poly::mul(b, shape, &x, &x, &out, &dm).unwrap();
            poly::add(b, shape, &out, &x, &out, &dm).unwrap();
        }
        poly::negate(b, shape, &x, &out, &dm).unwrap();
        b.wait(tile).unwrap();
        let records = b.profiler().records();
        assert_eq!(records.len(), 3, "{}", b.device_name());
        let names: Vec<&str> = records.iter().map(|r| r.kernel.as_str()).collect();
        assert_eq!(names, ["poly_mul", "poly_add", "poly_negate"]);
        assert!(records.iter().all(|r| r.tile == tile
            && r.times.end >= r.times.start
            && r.times.start >= r.times.queued));
        assert_eq!(records[0].operation, records[1].operation);
        assert_eq!(records[0].operation.as_ref().unwrap().0, "square_plus");
        assert!(records[2].operation.is_none());
        let ops = DataProcessor::new(records.clone()).operation_stats();
        assert_eq!(ops.len(), 1);
        assert_eq!(ops[0].kernels.len(), 2);
        let kernel_ns: u64 = records[..2].iter().map(|r| r.duration_ns()).sum();
        assert_eq!(ops[0].kernel_ns, kernel_ns);
        for buf in [x, out] {
            b.free(buf).unwrap();
        }
        drop(dm);
        assert_eq!(
            b.memcache_stats(tile).unwrap().active,
            0,
            "the table freed itself"
        );
    }
}

#[test]
fn buffers_come_from_the_tile_memory_cache() {
    for b in backends() {
        let b = b.as_ref();
        let before = b.memcache_stats(0).unwrap();
        let x = b.alloc(0, 5000).unwrap();
        b.free(x).unwrap();
        let y = b.alloc(0, 4000).unwrap();
        let after = b.memcache_stats(0).unwrap();
        assert_eq!(
            after.device_allocations,
            before.device_allocations + 1,
            "the freed buffer is reused"
        );
        // Inside a frame a freed buffer stays retained: the next request needs a new one.
        b.start_frame(0).unwrap();
        b.free(y).unwrap();
        let z = b.alloc(0, 4000).unwrap();
        assert_eq!(
            b.memcache_stats(0).unwrap().device_allocations,
            before.device_allocations + 2
        );
        b.end_frame(0).unwrap();
        let w = b.alloc(0, 4000).unwrap();
        assert_eq!(
            b.memcache_stats(0).unwrap().device_allocations,
            before.device_allocations + 2
        );
        for buf in [z, w] {
            b.free(buf).unwrap();
        }
        assert!(matches!(
            b.memcache_stats(7),
            Err(RuntimeError::NoSuchTile { .. })
        ));
    }
}

#[test]
fn tiles_run_concurrently_from_several_threads() {
    let mut devs: Vec<Arc<dyn Backend>> = vec![common::sim(2, true)];
    if let Some(cl) = common::opencl(Some(2)) {
        devs.push(cl);
    }
    for b in devs {
        let words = 1 << 16;
        std::thread::scope(|s| {
            for tile in 0..2 {
                let b = b.clone();
                s.spawn(move || {
                    let input: Vec<u64> = (0..words as u64).map(|i| i * 7 + tile as u64).collect();
                    let src = b.alloc(tile, words).unwrap();
                    let dst = b.alloc(tile, words).unwrap();
                    b.write(&src, 0, &input).unwrap();
                    for _ in 0..20 {
                        // SAFETY: work-item i copies word i; both buffers hold `words` words.
                        unsafe {
                            b.launch(
                                tile,
                                &copy_u64::COPY_U64,
                                &NdRange::new([words, 1, 1]),
                                &[KernelArg::Buffer(&src), KernelArg::Buffer(&dst)],
                            )
                        }
                        .unwrap();
                    }
                    let mut out = vec![0; words];
                    b.read(&dst, 0, &mut out).unwrap();
                    assert_eq!(out, input);
                    b.free(src).unwrap();
                    b.free(dst).unwrap();
                });
            }
        });
        let per_tile: Vec<usize> = (0..2)
            .map(|t| {
                b.profiler()
                    .records()
                    .iter()
                    .filter(|r| r.tile == t)
                    .count()
            })
            .collect();
        assert_eq!(per_tile, [20, 20]);
    }
}

#[test]
fn spirv_on_a_device_without_il_is_refused_before_any_build() {
    use xehe::runtime::opencl::discover::kernel_format_for;
    // No device here lacks a SPIR-V IL (PoCL and Intel's CPU runtime both take it), so the rule
    // is tested where it is decided, from the IL version a device reports.
    for il in [None, Some("")] {
        let e = kernel_format_for("old GPU", il, Some(KernelFormat::SpirV)).unwrap_err();
        assert!(matches!(e, RuntimeError::Unavailable { .. }), "{e}");
        assert!(e.to_string().contains("XEHE_KERNEL_FORMAT=opencl-c"), "{e}");
        assert_eq!(
            kernel_format_for("old GPU", il, None).unwrap(),
            KernelFormat::OpenClC
        );
    }
    assert_eq!(
        kernel_format_for("GPU", Some("SPIR-V_1.2 "), None).unwrap(),
        KernelFormat::SpirV
    );
    assert_eq!(
        kernel_format_for("GPU", Some("SPIR-V_1.2 "), Some(KernelFormat::OpenClC)).unwrap(),
        KernelFormat::OpenClC
    );
}

#[test]
fn tile_requests_the_device_cannot_meet_are_typed_errors() {
    let Some(cl) = common::opencl(None) else {
        return;
    };
    let cu = cl.info().compute_units as usize;
    for tiles in [0, cu + 1] {
        let e = OpenClBackend::open(&OpenClOptions {
            device: common::opencl_device(),
            tiles: Some(tiles),
            kernel_format: None,
            profile: false,
        })
        .err()
        .expect("cannot open");
        assert!(
            matches!(
                e,
                RuntimeError::TilePartition { .. }
                    | RuntimeError::Config(ConfigError::InvalidTileCount(_))
            ),
            "{e}"
        );
    }
    let e = OpenClBackend::open(&OpenClOptions {
        device: 999,
        tiles: None,
        kernel_format: None,
        profile: false,
    })
    .err()
    .expect("no device 999");
    assert!(
        matches!(e, RuntimeError::NoSuchDevice { index: 999, .. }),
        "{e}"
    );
}

/// A copy of no words does nothing and completes on every backend, and a range past the end is
/// refused even then (the backends no longer hand drivers zero-byte copies: Level Zero would get
/// an empty slice's dangling pointer).
#[test]
fn copies_of_no_words_are_no_ops() {
    for dev in backends() {
        let b = dev.as_ref();
        let buf = b.alloc(0, 8).unwrap();
        b.write(&buf, 0, &[1; 8]).unwrap();
        b.profiler().clear();
        b.write(&buf, 8, &[]).unwrap().wait().unwrap();
        b.read(&buf, 8, &mut []).unwrap();
        let mut back = [0; 8];
        b.read(&buf, 0, &mut back).unwrap();
        assert_eq!(back, [1; 8], "{}", b.device_name());
        // Past the end is still refused, even for no words.
        assert!(matches!(
            b.write(&buf, 9, &[]),
            Err(RuntimeError::BufferTooSmall { .. })
        ));
        b.free(buf).unwrap();
    }
}

/// Words written in place into the copy's host memory arrive like a write of the same words;
/// a fill that refuses enqueues nothing and leaves the buffer as it was; the range is checked
/// before the fill runs.
#[test]
fn writes_filled_in_place_arrive_and_refusals_write_nothing() {
    for dev in backends() {
        let b = dev.as_ref();
        let name = b.device_name();
        let buf = b.alloc(0, 1000).unwrap();
        b.write(&buf, 0, &[5; 1000]).unwrap();
        let written = b
            .write_with(&buf, 100, 700, &mut |s| {
                assert_eq!(s.len(), 700);
                for (i, w) in s.iter_mut().enumerate() {
                    *w = 3 * i as u64;
                }
                true
            })
            .unwrap();
        written
            .expect("a fill that accepts is enqueued")
            .wait()
            .unwrap();
        let refused = b
            .write_with(&buf, 0, 1000, &mut |s| {
                s.fill(9);
                false
            })
            .unwrap();
        assert!(refused.is_none(), "{name}");
        let mut back = vec![0; 1000];
        b.read(&buf, 0, &mut back).unwrap();
        let want: Vec<u64> = (0..1000)
            .map(|i| {
                if (100..800).contains(&i) {
                    3 * (i - 100)
                } else {
                    5
                }
            })
            .collect();
        assert_eq!(back, want, "{name}");
        let mut ran = false;
        let e = b
            .write_with(&buf, 900, 101, &mut |_| {
                ran = true;
                true
            })
            .unwrap_err();
        assert!(
            matches!(e, RuntimeError::BufferTooSmall { .. }),
            "{name}: {e}"
        );
        assert!(!ran, "{name}: the fill ran before the range check");
        b.free(buf).unwrap();
    }
}

/// A recorded sequence replays the same launches on the buffers' current words: on cpu-sim
/// (a list of launches) and OpenCL (a driver command buffer where the device has
/// cl_khr_command_buffer: PoCL, Intel's CPU runtime). Copies while recording, a second
/// recording, and a replay on another opened backend are typed errors.
#[test]
fn recorded_sequences_replay_on_current_words() {
    let mut devs: Vec<(Arc<dyn Backend>, bool)> = vec![(common::sim(2, false), false)];
    if let Some(cl) = common::opencl(None) {
        // PoCL and Intel's CPU runtime list cl_khr_command_buffer: their recordings must be
        // the driver's.
        let platform = &cl.info().platform;
        let has = platform.contains("Portable Computing Language") || platform.contains("Intel");
        assert!(
            !has || cl.records_natively(),
            "{platform}: no command buffers"
        );
        let native = cl.records_natively();
        devs.push((cl, native));
    }
    for (dev, native) in devs {
        let b = dev.as_ref();
        let tile = b.tile_count() - 1;
        let q = [Modulus::new(1_152_921_504_606_748_673).unwrap()];
        let n = 1024;
        let shape = RnsShape::new(n, 1, 1).unwrap();
        let dm = DeviceModuli::upload(&dev, tile, &q).unwrap();
        let (x, y) = ((0..n as u64).collect::<Vec<_>>(), vec![5u64; n]);
        let xb = poly::upload(b, tile, shape, &dm, &x).unwrap();
        let yb = poly::upload(b, tile, shape, &dm, &y).unwrap();
        let (sum, prod) = (b.alloc(tile, n).unwrap(), b.alloc(tile, n).unwrap());
        let last = b.alloc(tile, n).unwrap();
        b.wait(tile).unwrap();
        b.begin_recording(tile).unwrap();
        poly::add(b, shape, &xb, &yb, &sum, &dm).unwrap();
        poly::mul(b, shape, &sum, &xb, &prod, &dm).unwrap();
        // The same kernel again with other arguments: each command keeps its own.
        poly::add(b, shape, &prod, &prod, &last, &dm).unwrap();
        assert!(matches!(
            b.write(&xb, 0, &x),
            Err(RuntimeError::Recording(_))
        ));
        assert!(matches!(
            b.begin_recording(tile),
            Err(RuntimeError::Recording(_))
        ));
        let rec = b.end_recording(tile).unwrap();
        assert_eq!(rec.launches(), 3);
        assert_eq!(rec.is_native(), native, "{}", b.device_name());
        // Nothing ran while recording.
        let mut got = vec![0u64; n];
        b.read(&prod, 0, &mut got).unwrap();
        let qv = q[0].value();
        let expect = |x: &[u64]| -> Vec<u64> {
            x.iter()
                .zip(&y)
                .map(|(&a, &c)| ((a + c) as u128 * a as u128 % qv as u128) as u64)
                .collect()
        };
        for round in 0..3u64 {
            let x2: Vec<u64> = x.iter().map(|v| v * 7 + round).collect();
            b.write(&xb, 0, &x2).unwrap();
            // SAFETY: the recorded buffers are freed only after the last replay.
            unsafe { b.replay(&rec) }.unwrap();
            b.read(&prod, 0, &mut got).unwrap();
            let want = expect(&x2);
            assert_eq!(got, want, "round {round}");
            b.read(&last, 0, &mut got).unwrap();
            let doubled: Vec<u64> = want
                .iter()
                .map(|&v| ((v as u128 * 2) % qv as u128) as u64)
                .collect();
            assert_eq!(got, doubled, "round {round}");
        }
        assert!(matches!(
            b.end_recording(tile),
            Err(RuntimeError::Recording(_))
        ));
        // Another opening of cpu-sim does not take it.
        let other = common::sim(b.tile_count(), false);
        // SAFETY: as above (and another backend refuses the recording before any launch).
        let e = unsafe { other.replay(&rec) };
        assert!(matches!(e, Err(RuntimeError::Recording(_))));
        drop(rec);
        for buf in [xb, yb, sum, prod, last] {
            b.free(buf).unwrap();
        }
    }
}

/// The reported crash, through the safe API: 8-word buffers and a 4096-item coefficient-wise
/// kernel are refused before any launch on every backend (PoCL and Intel's runtime used to
/// segfault inside the launch).
#[test]
fn a_4096_item_poly_add_on_8_word_buffers_is_a_typed_error() {
    for dev in backends() {
        let b = dev.as_ref();
        let name = b.device_name();
        let q = [Modulus::new(97).unwrap()];
        let dm = DeviceModuli::upload(&dev, 0, &q).unwrap();
        let [x, y, out] = [(); 3].map(|_| b.alloc(0, 8).unwrap());
        for (buf, v) in [(&x, 5), (&y, 2), (&out, 7)] {
            b.write(buf, 0, &[v; 8]).unwrap();
        }
        let s = RnsShape::new(4096, 1, 1).unwrap();
        let too_small = |r: Result<(), RuntimeError>| match r {
            Err(RuntimeError::BufferTooSmall {
                needed: 4096,
                available: 8,
                ..
            }) => {}
            other => panic!("{name}: {other:?}"),
        };
        too_small(poly::add(b, s, &x, &y, &out, &dm));
        too_small(poly::mul(b, s, &x, &y, &out, &dm));
        too_small(poly::negate(b, s, &x, &out, &dm));
        too_small(poly::mad(b, s, &x, &y, &out, &out, &dm));
        // The output alone too small.
        let big = b.alloc(0, 4096).unwrap();
        too_small(poly::add(b, s, &big, &big, &out, &dm));
        // A scalar operand needs one word per component, not n.
        let s2 = RnsShape::new(8, 1, 1).unwrap();
        poly::mul_scalar(b, s2, &x, &y, &out, &dm).unwrap();
        let mut back = [0; 8];
        b.read(&out, 0, &mut back).unwrap();
        assert_eq!(back, [10; 8], "{name}: 5 times the scalar 2");
        for buf in [x, y, out, big] {
            b.free(buf).unwrap();
        }
    }
}

/// A shape built field by field (its fields are public) whose size overflows the address
/// space, or whose degree does not fit the kernels' 32 bits, is refused like `RnsShape::new`
/// refuses it, not wrapped into a size that some small buffer passes.
#[test]
fn hand_built_shapes_that_overflow_are_refused() {
    for dev in backends() {
        let b = dev.as_ref();
        let q = [Modulus::new(97).unwrap()];
        let dm = DeviceModuli::upload(&dev, 0, &q).unwrap();
        let x = b.alloc(0, 8).unwrap();
        for s in [
            // n · rns · polys is 2^64: 0 after wrapping.
            RnsShape {
                n: 1 << 62,
                rns_count: 1,
                poly_count: 4,
            },
            RnsShape {
                n: 1 << 32,
                rns_count: 1,
                poly_count: 1,
            },
            RnsShape {
                n: 0,
                rns_count: 1,
                poly_count: 1,
            },
        ] {
            let e = poly::add(b, s, &x, &x, &x, &dm).unwrap_err();
            assert!(matches!(e, RuntimeError::Math(_)), "{s:?}: {e}");
        }
        b.free(x).unwrap();
    }
}

/// Copies past the end of a buffer are refused with the sizes, whatever the offset (one that
/// overflows included), before anything is enqueued or filled.
#[test]
fn copies_past_the_end_of_a_buffer_are_typed_errors() {
    for dev in backends() {
        let b = dev.as_ref();
        let name = b.device_name();
        let buf = b.alloc(0, 8).unwrap();
        b.write(&buf, 0, &[3; 8]).unwrap();
        let refused = |r: Result<(), RuntimeError>, needed: usize| match r {
            Err(RuntimeError::BufferTooSmall {
                needed: n,
                available: 8,
                ..
            }) if n == needed => {}
            other => panic!("{name}: {other:?}"),
        };
        refused(b.write(&buf, 4, &[1; 8]).map(drop), 12);
        refused(b.write(&buf, 0, &[1; 9]).map(drop), 9);
        refused(b.write(&buf, usize::MAX, &[1]).map(drop), usize::MAX);
        refused(b.read(&buf, 1, &mut [0; 8]), 9);
        refused(b.read(&buf, usize::MAX - 1, &mut [0; 4]), usize::MAX);
        let mut filled = false;
        let r = b.write_with(&buf, 8, 1, &mut |_| {
            filled = true;
            true
        });
        refused(r.map(drop), 9);
        assert!(!filled, "{name}: the fill ran for a refused range");
        let mut back = [0; 8];
        b.read(&buf, 0, &mut back).unwrap();
        assert_eq!(back, [3; 8], "{name}: a refused copy wrote");
        b.free(buf).unwrap();
    }
}

/// A buffer of another opened backend is unknown here (ids are unique in the process), so a
/// copy or launch with it is a typed error, never a copy into whatever buffer of this backend
/// has the same number.
#[test]
fn another_backends_buffer_is_unknown_here() {
    let mut devs = backends();
    devs.push(common::sim(1, false));
    let q = [Modulus::new(97).unwrap()];
    for (i, a) in devs.iter().enumerate() {
        for (j, other) in devs.iter().enumerate() {
            if i == j {
                continue;
            }
            let mine = a.alloc(0, 64).unwrap();
            let theirs = other.alloc(0, 8).unwrap();
            let names = format!("{} / {}", a.device_name(), other.device_name());
            let unknown = |r: Result<(), RuntimeError>| match r {
                Err(RuntimeError::Memory(_)) => {}
                r => panic!("{names}: {r:?}"),
            };
            unknown(a.read(&theirs, 0, &mut [0; 8]));
            unknown(a.write(&theirs, 0, &[1; 8]).map(drop));
            let dm = DeviceModuli::upload(a, 0, &q).unwrap();
            let s = RnsShape::new(8, 1, 1).unwrap();
            unknown(poly::add(a.as_ref(), s, &theirs, &mine, &mine, &dm));
            other.free(theirs).unwrap();
            a.free(mine).unwrap();
        }
    }
}
