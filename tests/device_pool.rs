//! The device pool and its scheduler: several simulated root devices of several tiles, PoCL's
//! sub-devices, and every OpenCL platform of the process in one pool (ci/test.sh runs this file
//! with PoCL and Intel's CPU runtime side by side); every result equal to the host's word for
//! word whatever tile ran it; results moved between tiles; a device lost mid-batch failing its
//! job with a typed error naming it while the other tiles finish; malformed selections refused.

mod common;

use common::fixtures::{insecure_context, Fixture};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use xehe::ckks::pool::{EvaluatorPool, PoolBatch};
use xehe::ckks::{Ciphertext, CkksError, CkksResult, Evaluator};
use xehe::runtime::pool::{DeviceId, DevicePool, DeviceSelection, PoolDevice, PoolOptions};
use xehe::runtime::sim::{SimBackend, SimOptions};
use xehe::runtime::{BackendKind, RuntimeError};

fn fixture() -> Fixture {
    Fixture::with_seed(insecure_context(4096, &[40, 30, 30, 36]), [9; 32], &[1])
}

/// `count` pairs of fresh ciphertexts (host copies).
fn inputs(f: &Fixture, count: usize) -> Vec<(Ciphertext, Ciphertext)> {
    (0..count)
        .map(|i| {
            let x = common::fixtures::values(i as u64, 8);
            let y = common::fixtures::values(100 + i as u64, 8);
            (f.encrypt(&x, 2f64.powi(30)), f.encrypt(&y, 2f64.powi(30)))
        })
        .collect()
}

/// The job every batch runs: multiply, relinearize, rescale, rotate by one.
fn job(e: &Evaluator<'_>, a: &Ciphertext, b: &Ciphertext, f: &Fixture) -> CkksResult<Ciphertext> {
    let x = e.rescale_to_next(&e.relinearize(&e.multiply(a, b)?, &f.rk)?)?;
    e.rotate_vector(&x, 1, &f.gk)
}

/// Runs [`job`] over `pairs` on `pool` (operands marked for the device) and checks every
/// result that is Ok against the host's words; returns the batch.
fn run_checked(
    pool: &EvaluatorPool<'_>,
    f: &Fixture,
    pairs: &[(Ciphertext, Ciphertext)],
) -> PoolBatch<Ciphertext> {
    let host = Evaluator::new(&f.ctx);
    let jobs: Vec<(Ciphertext, Ciphertext)> = pairs
        .iter()
        .map(|(a, b)| (a.clone().gpu(), b.clone().gpu()))
        .collect();
    let batch = pool.batch(jobs, |_, e, (a, b)| job(e, &a, &b, f));
    for (i, r) in batch.results.iter().enumerate() {
        if let Ok(got) = r {
            assert!(
                got.is_on_device() && !got.is_on_host(),
                "job {i} left on its tile"
            );
            let want = job(&host, &pairs[i].0, &pairs[i].1, f).unwrap();
            assert!(
                got.data().unwrap() == want.data().unwrap(),
                "job {i} on tile {:?} differs from the host",
                batch.ran_on[i]
            );
        }
    }
    batch
}

/// [`run_checked`] for a pool that loses a device: each result is read back and checked
/// against the host's words inside its job, on the tile that made it, before that tile can be
/// lost (a result left on a lost tile can no longer be read); a failed read fails the job.
/// `before(tile)` runs before each job and `after(tile, ok)` after it, on the job's thread.
fn run_checked_with(
    pool: &EvaluatorPool<'_>,
    f: &Fixture,
    pairs: &[(Ciphertext, Ciphertext)],
    before: impl Fn(usize) + Sync,
    after: impl Fn(usize, bool) + Sync,
) -> PoolBatch<Ciphertext> {
    let host = Evaluator::new(&f.ctx);
    let jobs: Vec<(usize, Ciphertext, Ciphertext)> = pairs
        .iter()
        .enumerate()
        .map(|(i, (a, b))| (i, a.clone().gpu(), b.clone().gpu()))
        .collect();
    pool.batch(jobs, |p, e, (i, a, b)| {
        before(p);
        let r = job(e, &a, &b, f).and_then(|got| {
            let words = got.data()?.into_owned();
            let want = job(&host, &pairs[i].0, &pairs[i].1, f).unwrap();
            assert!(
                words == *want.data().unwrap(),
                "job {i} on tile {p} differs from the host"
            );
            Ok(got)
        });
        after(p, r.is_ok());
        r
    })
}

fn sim_pool(spec: &str, tiles: usize) -> DevicePool {
    DevicePool::open(&PoolOptions {
        devices: DeviceSelection::parse(spec).unwrap(),
        tiles: Some(tiles),
        kernel_format: None,
        sim: SimOptions {
            race_hunting: true,
            ..Default::default()
        },
        profile: false,
    })
    .unwrap()
}

#[test]
fn several_simulated_root_devices_of_several_tiles_give_the_host_words() {
    let f = fixture();
    let devices = sim_pool("cpu-sim:0,cpu-sim:3", 2);
    let ids: Vec<String> = devices.devices().iter().map(|d| d.id.to_string()).collect();
    assert_eq!(ids, ["cpu-sim:0", "cpu-sim:3"]);
    let pool = EvaluatorPool::new(&f.ctx, &devices).unwrap();
    assert_eq!(pool.tiles().len(), 4);
    pool.upload_keys(Some(&f.rk), Some(&f.gk)).unwrap();
    let pairs = inputs(&f, 9);
    let batch = run_checked(&pool, &f, &pairs);
    assert!(batch.results.iter().all(Result::is_ok));
    // The first job of each tile runs there; every job ran once.
    assert_eq!(batch.ran_on[..4], [Some(0), Some(1), Some(2), Some(3)]);
    assert_eq!(batch.tiles.iter().map(|t| t.jobs).sum::<usize>(), 9);
    let placed: Vec<(String, usize)> = batch
        .tiles
        .iter()
        .map(|t| (t.device.to_string(), t.tile))
        .collect();
    assert_eq!(
        placed,
        [
            ("cpu-sim:0".into(), 0),
            ("cpu-sim:0".into(), 1),
            ("cpu-sim:3".into(), 0),
            ("cpu-sim:3".into(), 1)
        ]
    );
    // One tile of the pool: the same words on the calling thread.
    let one = pool.first(1).unwrap();
    let batch = run_checked(&one, &f, &pairs[..3]);
    assert!(batch.results.iter().all(Result::is_ok));
    assert!(batch.ran_on.iter().all(|t| *t == Some(0)));
}

#[test]
fn results_left_on_one_tile_move_through_the_host_to_the_job_that_needs_them() {
    let f = fixture();
    let devices = sim_pool("cpu-sim:0,cpu-sim:1", 1);
    let pool = EvaluatorPool::new(&f.ctx, &devices).unwrap();
    let host = Evaluator::new(&f.ctx);
    let pairs = inputs(&f, 4);
    let squares = pool.map(pairs.iter().map(|p| p.0.clone().gpu()), |e, x| {
        e.rescale_to_next(&e.relinearize(&e.square(&x)?, &f.rk)?)
    });
    let squares: Vec<Ciphertext> = squares.into_iter().map(Result::unwrap).collect();
    // Job i multiplies square i by square i + 1: job 0 runs on tile 0 and takes square 1,
    // which job 1 left on tile 1.
    let jobs: Vec<(Ciphertext, Ciphertext)> = (0..4)
        .map(|i| (squares[i].clone(), squares[(i + 1) % 4].clone()))
        .collect();
    let products = pool.batch(jobs, |_, e, (a, b)| e.multiply(&a, &b));
    assert_eq!(products.ran_on[..2], [Some(0), Some(1)]);
    for (i, got) in products.results.into_iter().enumerate() {
        let sq = |j: usize| {
            let sq = host.square(&pairs[j].0).unwrap();
            host.rescale_to_next(&host.relinearize(&sq, &f.rk).unwrap())
                .unwrap()
        };
        let want = host.multiply(&sq(i), &sq((i + 1) % 4)).unwrap();
        assert!(
            got.unwrap().data().unwrap() == want.data().unwrap(),
            "job {i}"
        );
    }
}

/// A simulated root device of one tile that is lost after `launches` kernel launches.
fn lost_after(id: usize, launches: u64) -> PoolDevice {
    PoolDevice {
        id: DeviceId {
            backend: BackendKind::CpuSim,
            index: id,
        },
        backend: Arc::new(
            SimBackend::new(SimOptions {
                lost_after_launches: Some(launches),
                profile: true,
                ..Default::default()
            })
            .unwrap(),
        ),
    }
}

/// The launches a tile makes before its first job: the pool's tables and the keys' upload.
fn setup_launches(f: &Fixture) -> u64 {
    let probe = lost_after(0, u64::MAX);
    let devices = DevicePool::from_devices(vec![probe.clone()]).unwrap();
    let pool = EvaluatorPool::new(&f.ctx, &devices).unwrap();
    pool.upload_keys(Some(&f.rk), Some(&f.gk)).unwrap();
    probe.backend.profiler().records().len() as u64
}

fn is_lost(e: &CkksError, device: &str) -> bool {
    match e {
        CkksError::OnTile {
            device: d, source, ..
        } => {
            d.to_string() == device
                && matches!(**source, CkksError::Device(RuntimeError::DeviceLost { .. }))
        }
        _ => false,
    }
}

#[test]
fn a_device_lost_mid_batch_fails_its_job_naming_it_and_the_other_tiles_finish() {
    let f = fixture();
    // Lost a few launches into its first job, while the healthy device is busy with its own.
    let lost = setup_launches(&f) + 3;
    let healthy = PoolDevice {
        id: DeviceId {
            backend: BackendKind::CpuSim,
            index: 0,
        },
        backend: common::sim(1, false),
    };
    let devices = DevicePool::from_devices(vec![healthy, lost_after(1, lost)]).unwrap();
    let pool = EvaluatorPool::new(&f.ctx, &devices).unwrap();
    pool.upload_keys(Some(&f.rk), Some(&f.gk)).unwrap();
    let pairs = inputs(&f, 6);
    let batch = run_checked(&pool, &f, &pairs);
    // Job 1 was the lost device's first; it failed, naming the device, and every other job
    // finished on the healthy one.
    let e = batch.results[1].as_ref().unwrap_err();
    assert!(is_lost(e, "cpu-sim:1"), "{e}");
    assert!(e.to_string().starts_with("cpu-sim:1 (cpu-sim"), "{e}");
    for (i, r) in batch.results.iter().enumerate().filter(|(i, _)| *i != 1) {
        assert!(r.is_ok(), "job {i}: {:?}", r.as_ref().err());
        assert_eq!(batch.ran_on[i], Some(0));
    }
    assert!(batch.tiles[1].retired && batch.tiles[1].failed == 1);
    assert_eq!(batch.tiles[0].jobs, 5);

    // Every device lost: their first jobs fail, the rest are not run, and say why.
    let devices = DevicePool::from_devices(vec![lost_after(0, lost), lost_after(1, lost)]).unwrap();
    let pool = EvaluatorPool::new(&f.ctx, &devices).unwrap();
    pool.upload_keys(Some(&f.rk), Some(&f.gk)).unwrap();
    let batch = run_checked(&pool, &f, &pairs);
    let errors: Vec<&CkksError> = batch
        .results
        .iter()
        .map(|r| r.as_ref().unwrap_err())
        .collect();
    assert!(is_lost(errors[0], "cpu-sim:0") && is_lost(errors[1], "cpu-sim:1"));
    for e in &errors[2..] {
        let CkksError::NotRun { failures } = e else {
            panic!("{e}");
        };
        assert!(
            failures.contains("cpu-sim:0") && failures.contains("cpu-sim:1"),
            "{e}"
        );
    }
}

/// A healthy simulated root device of one tile.
fn healthy(id: usize) -> PoolDevice {
    PoolDevice {
        id: DeviceId {
            backend: BackendKind::CpuSim,
            index: id,
        },
        backend: common::sim(1, false),
    }
}

#[test]
fn a_result_left_on_a_lost_tile_fails_the_job_reading_it_naming_that_tile_and_the_reader_stays() {
    let f = fixture();
    let host = Evaluator::new(&f.ctx);
    let square = |e: &Evaluator<'_>, x: Ciphertext| e.square(&x);
    let pairs = inputs(&f, 6);
    // The launches of a pool's setup and one square: the device is lost right after them.
    let probe = lost_after(1, u64::MAX);
    let probe_pool = EvaluatorPool::new(
        &f.ctx,
        &DevicePool::from_devices(vec![probe.clone()]).unwrap(),
    )
    .unwrap();
    let sq = probe_pool.map([pairs[0].0.clone().gpu()], square);
    assert!(sq[0].is_ok());
    let lost = probe.backend.profiler().records().len() as u64;

    // Two devices of one name (like two identical GPUs): only the pool's ids tell them apart.
    let devices = DevicePool::from_devices(vec![lost_after(1, lost), healthy(0)]).unwrap();
    let names: Vec<String> = devices
        .devices()
        .iter()
        .map(|d| d.backend.device_name())
        .collect();
    assert_eq!(names[0], names[1]);
    let pool = EvaluatorPool::new(&f.ctx, &devices).unwrap();
    // The square stays on cpu-sim:1, which is lost from then on.
    let sq = pool
        .first(1)
        .unwrap()
        .map([pairs[0].0.clone().gpu()], square)
        .pop()
        .unwrap()
        .unwrap();
    // Job 0 runs on cpu-sim:1 (lost); job 1, on cpu-sim:0, reads the square from cpu-sim:1.
    let mut items = vec![pairs[0].0.clone().gpu(), sq];
    items.extend(pairs[1..5].iter().map(|p| p.0.clone().gpu()));
    let batch = pool.batch(items, |_, e, x| e.add(&x, &x));
    assert_eq!(batch.ran_on[..2], [Some(0), Some(1)]);
    let e = batch.results[0].as_ref().unwrap_err();
    assert!(is_lost(e, "cpu-sim:1"), "{e}");
    let e = batch.results[1].as_ref().unwrap_err();
    match e {
        CkksError::ReadBack {
            device,
            tile,
            source,
            ..
        } => {
            assert_eq!(device.map(|d| d.to_string()).as_deref(), Some("cpu-sim:1"));
            assert_eq!(*tile, 0);
            assert!(
                matches!(**source, CkksError::Device(RuntimeError::DeviceLost { .. })),
                "{e}"
            );
        }
        _ => panic!("not a read-back failure naming the source tile: {e}"),
    }
    assert!(e.to_string().contains("cpu-sim:1 ("), "{e}");
    assert!(!e.to_string().contains("cpu-sim:0"), "{e}");
    // cpu-sim:0 stayed in service and ran every other job.
    assert!(batch.tiles[0].retired);
    let reader = &batch.tiles[1];
    assert!(!reader.retired, "{reader:?}");
    assert_eq!((reader.jobs, reader.failed), (4, 1));
    for (i, r) in batch.results.iter().enumerate().skip(2) {
        assert_eq!(batch.ran_on[i], Some(1));
        let x = &pairs[i - 1].0;
        let want = host.add(x, x).unwrap();
        let got = r.as_ref().unwrap_or_else(|e| panic!("job {i}: {e}"));
        assert!(got.data().unwrap() == want.data().unwrap(), "job {i}");
    }
}

#[test]
fn a_device_lost_after_several_jobs_puts_its_taken_jobs_back_and_the_healthy_tile_finishes() {
    let f = fixture();
    let pairs = inputs(&f, 24);
    // The launches of one job, after the setup's.
    let setup = setup_launches(&f);
    let probe = lost_after(0, u64::MAX);
    let probe_pool = EvaluatorPool::new(
        &f.ctx,
        &DevicePool::from_devices(vec![probe.clone()]).unwrap(),
    )
    .unwrap();
    probe_pool.upload_keys(Some(&f.rk), Some(&f.gk)).unwrap();
    assert!(run_checked(&probe_pool, &f, &pairs[..1]).results[0].is_ok());
    let per_job = probe.backend.profiler().records().len() as u64 - setup;
    assert!(per_job > 0);

    // Lost at the second launch of its fourth job (at the first, the wait after its third
    // job would be the first to fail).
    let devices =
        DevicePool::from_devices(vec![healthy(0), lost_after(1, setup + 3 * per_job + 1)]).unwrap();
    let pool = EvaluatorPool::new(&f.ctx, &devices).unwrap();
    pool.upload_keys(Some(&f.rk), Some(&f.gk)).unwrap();
    // The healthy tile starts only once the other has failed, so the jobs that one had taken
    // into its deque are still there when it retires.
    let failed = AtomicBool::new(false);
    let batch = run_checked_with(
        &pool,
        &f,
        &pairs,
        |tile| {
            let t = Instant::now();
            while tile == 0 && !failed.load(Ordering::SeqCst) {
                assert!(
                    t.elapsed() < Duration::from_secs(120),
                    "cpu-sim:1 never failed"
                );
                std::thread::sleep(Duration::from_millis(1));
            }
        },
        |tile, ok| {
            if tile == 1 && !ok {
                failed.store(true, Ordering::SeqCst);
            }
        },
    );
    let lost = &batch.tiles[1];
    assert!(lost.retired, "{lost:?}");
    assert_eq!((lost.jobs, lost.failed), (3, 1), "{lost:?}");
    assert!(lost.returned > 0, "{lost:?}");
    // Every job finished (word for word the host's, run_checked_with saw to it) or failed naming
    // cpu-sim:1; the healthy tile ran all the rest.
    for (i, r) in batch.results.iter().enumerate() {
        match r {
            Ok(_) => {}
            Err(e) => {
                assert!(is_lost(e, "cpu-sim:1"), "job {i}: {e}");
                assert_eq!(batch.ran_on[i], Some(1));
            }
        }
    }
    assert_eq!(batch.results.iter().filter(|r| r.is_err()).count(), 1);
    assert!(!batch.tiles[0].retired);
    assert_eq!(batch.tiles[0].jobs, 24 - 4);
}

#[test]
fn unknown_devices_and_malformed_selections_are_typed_errors() {
    let open = |spec: &str| {
        DevicePool::open(&PoolOptions {
            devices: DeviceSelection::parse(spec)?,
            tiles: None,
            kernel_format: Some(xehe::runtime::settings::KernelFormat::OpenClC),
            sim: SimOptions::default(),
            profile: false,
        })
    };
    // cpu-sim has no kernel format to choose.
    let e = open("cpu-sim:0").unwrap_err();
    assert!(matches!(e, RuntimeError::Unavailable { .. }), "{e}");
    assert!(e.to_string().contains("cpu-sim:0"), "{e}");
    let e = DevicePool::open(&PoolOptions {
        devices: DeviceSelection::parse("opencl:63").unwrap(),
        tiles: None,
        kernel_format: None,
        sim: SimOptions::default(),
        profile: false,
    })
    .unwrap_err();
    assert!(
        matches!(
            e,
            RuntimeError::NoSuchDevice { index: 63, .. } | RuntimeError::NoOpenCl(_)
        ),
        "{e}"
    );
    assert!(matches!(
        DeviceSelection::parse("opencl:0;opencl:1"),
        Err(RuntimeError::Config(_))
    ));
    let twice = vec![lost_after(2, 1), lost_after(2, 1)];
    assert!(DevicePool::from_devices(twice).is_err());
    assert!(DevicePool::from_devices(Vec::new()).is_err());
    let parsed = xehe::runtime::settings::Settings::parse(|k| {
        (k == "XEHE_DEVICES").then(|| "gpu:0".to_string())
    });
    let e = parsed.unwrap_err().to_string();
    assert!(
        e.contains("XEHE_DEVICES") && e.contains("unknown backend \"gpu\""),
        "{e}"
    );
}

#[test]
fn pocl_sub_devices_are_tiles_of_the_pool() {
    let Some(probe) = common::opencl(Some(2)) else {
        return;
    };
    drop(probe);
    let f = fixture();
    let devices = DevicePool::open(&PoolOptions {
        devices: DeviceSelection::List(vec![DeviceId {
            backend: BackendKind::OpenCl,
            index: common::opencl_device(),
        }]),
        tiles: Some(2),
        kernel_format: None,
        sim: SimOptions::default(),
        profile: false,
    })
    .unwrap();
    assert_eq!(devices.tiles().len(), 2);
    let pool = EvaluatorPool::new(&f.ctx, &devices).unwrap();
    let batch = run_checked(&pool, &f, &inputs(&f, 5));
    assert!(batch.results.iter().all(Result::is_ok));
    assert_eq!(batch.ran_on[..2], [Some(0), Some(1)]);
}

/// Every device the process's OpenCL loader finds (`XEHE_DEVICES=all` without Level Zero), in
/// one pool. `XEHE_EXPECT_PLATFORMS=K` (ci/test.sh, with PoCL and Intel's CPU runtime both on
/// `OCL_ICD_FILENAMES`) requires K platforms among them.
#[test]
fn every_opencl_platform_of_the_process_in_one_pool() {
    let expected: Option<usize> = std::env::var("XEHE_EXPECT_PLATFORMS")
        .ok()
        .map(|v| v.parse().expect("XEHE_EXPECT_PLATFORMS is a count"));
    let platforms = match xehe::runtime::opencl::discover::root_devices() {
        Ok(devs) => {
            let mut p: Vec<String> = devs.into_iter().map(|d| d.platform).collect();
            p.sort();
            p.dedup();
            p
        }
        Err(e) => {
            assert!(expected.is_none(), "{e}");
            common::skip(
                "every_opencl_platform_of_the_process_in_one_pool",
                &e.to_string(),
            );
            return;
        }
    };
    if let Some(k) = expected {
        assert_eq!(platforms.len(), k, "platforms: {platforms:?}");
    }
    let devices = DevicePool::open(&PoolOptions {
        devices: DeviceSelection::All,
        tiles: Some(1),
        kernel_format: None,
        sim: SimOptions::default(),
        profile: false,
    })
    .unwrap();
    let cl = devices
        .devices()
        .iter()
        .filter(|d| d.id.backend == BackendKind::OpenCl)
        .count();
    assert!(cl >= platforms.len(), "{devices:?} over {platforms:?}");
    let f = fixture();
    let pool = EvaluatorPool::new(&f.ctx, &devices).unwrap();
    pool.upload_keys(Some(&f.rk), Some(&f.gk)).unwrap();
    let n = 3 * devices.tiles().len();
    let batch = run_checked(&pool, &f, &inputs(&f, n));
    assert!(batch.results.iter().all(Result::is_ok));
    let first: Vec<Option<usize>> = (0..devices.tiles().len()).map(Some).collect();
    assert_eq!(
        batch.ran_on[..first.len()],
        first[..],
        "each tile ran a job"
    );
}

/// Keys placed up front are checked per tile: a simulated device too small for them refuses
/// them with its name, before any job.
#[test]
fn keys_that_do_not_fit_a_tile_are_refused_naming_it() {
    let f = fixture();
    let big = PoolDevice {
        id: DeviceId {
            backend: BackendKind::CpuSim,
            index: 0,
        },
        backend: common::sim(1, false),
    };
    // Room for what DeviceContext::new asks (tables, a relinearization key and a working set
    // of 3.2 MB), not for the keys beside the tables.
    let small = PoolDevice {
        id: DeviceId {
            backend: BackendKind::CpuSim,
            index: 1,
        },
        backend: Arc::new(
            SimBackend::new(SimOptions {
                memory_bytes: Some(3_300_000),
                ..Default::default()
            })
            .unwrap(),
        ),
    };
    let devices = DevicePool::from_devices(vec![big, small]).unwrap();
    let pool = EvaluatorPool::new(&f.ctx, &devices).unwrap();
    let e = pool.upload_keys(Some(&f.rk), Some(&f.gk)).unwrap_err();
    let CkksError::OnTile { device, source, .. } = &e else {
        panic!("{e}");
    };
    assert_eq!(device.to_string(), "cpu-sim:1");
    assert!(
        matches!(
            **source,
            CkksError::Device(RuntimeError::OutOfMemory { .. })
        ),
        "{e}"
    );
}
