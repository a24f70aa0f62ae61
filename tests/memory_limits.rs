//! Sizes that do not fit are typed errors, said with their numbers before anything is
//! allocated: host arrays of the benchmarks, device buffers past a tile's memory (cpu-sim with
//! a small simulated memory, and OpenCL against the device's reported size), and contexts a
//! device cannot hold.

mod common;

use common::fixtures::context;
use std::process::Command;
use std::sync::Arc;
use xehe::ckks::device::DeviceContext;
use xehe::ckks::CkksError;
use xehe::runtime::memcache::{HostAllocator, Memcache, MemcacheError};
use xehe::runtime::sim::{SimBackend, SimOptions};
use xehe::runtime::{Backend, RuntimeError};

#[test]
fn huge_benchmarks_are_refused_with_their_sizes() {
    for args in [
        &[
            "bench",
            "ntt",
            "--backend",
            "cpu-sim",
            "--degree",
            "131072",
            "--batch",
            "100000000",
        ][..],
        &[
            "bench",
            "kernels",
            "--backend",
            "cpu-sim",
            "--degree",
            "65536",
            "--moduli",
            "60x32",
            "--polys",
            "100000",
        ][..],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_xehe"))
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("out of host memory") && err.contains("TiB"),
            "{err}"
        );
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn the_cache_refuses_past_its_limit_after_releasing_its_free_pool() {
    let cache = Memcache::new(HostAllocator::default());
    cache.set_limit(Some(10_000));
    let a = cache.alloc(6000).unwrap();
    cache.free(a.handle).unwrap();
    // 6000 held in the free pool, 6000 more asked: the pool is released first.
    let b = cache.alloc(7000).unwrap();
    assert_eq!(cache.stats().held_bytes, 7000);
    match cache.alloc(4000) {
        Err(MemcacheError::OutOfMemory {
            bytes: 4000,
            held: 7000,
            limit: Some(10_000),
            ..
        }) => {}
        other => panic!("{other:?}"),
    }
    cache.free(b.handle).unwrap();
}

fn small_sim(bytes: u64) -> Arc<dyn Backend> {
    Arc::new(
        SimBackend::new(SimOptions {
            memory_bytes: Some(bytes),
            ..Default::default()
        })
        .unwrap(),
    )
}

#[test]
fn device_buffers_past_the_tile_memory_are_typed_errors() {
    let sim = small_sim(1 << 20);
    let ok = sim.alloc(0, 1 << 16).unwrap(); // 512 KiB
    match sim.alloc(0, (1 << 16) + 1) {
        Err(e @ RuntimeError::OutOfMemory { .. }) => {
            assert!(e.to_string().contains("out of device memory"), "{e}")
        }
        other => panic!("{:?}", other.map(|_| ())),
    }
    sim.free(ok).unwrap();
    let again = sim.alloc(0, 1 << 17).unwrap(); // 1 MiB, once the first is back
    sim.free(again).unwrap();
    if let Some(cl) = common::opencl(None) {
        let memory = cl
            .limits()
            .global_mem_bytes
            .expect("OpenCL reports its memory");
        let words = (memory / 8 + 1) as usize;
        match cl.alloc(0, words) {
            Err(RuntimeError::OutOfMemory { place, .. }) => assert_eq!(place, "device"),
            other => panic!("{:?}", other.map(|_| ())),
        }
    }
}

#[test]
fn a_context_the_device_cannot_hold_is_refused_before_any_upload() {
    let ctx = context(16384, &[60, 40, 40, 40, 40, 40, 40, 60]);
    let sim = small_sim(16 << 20);
    match DeviceContext::new(&ctx, sim.clone(), 0) {
        Err(CkksError::Device(e @ RuntimeError::OutOfMemory { .. })) => {
            let text = e.to_string();
            assert!(
                text.contains("N = 16384 with 7 data primes") && text.contains("16.0 MiB"),
                "{text}"
            );
        }
        other => panic!("{:?}", other.map(|_| ())),
    }
    assert_eq!(
        sim.memcache_stats(0).unwrap().device_allocations,
        0,
        "nothing uploaded"
    );
    // The same context on a device with room.
    assert!(DeviceContext::new(&ctx, small_sim(256 << 20), 0).is_ok());
}

#[test]
fn keys_that_do_not_fit_are_refused_before_the_workload() {
    let ctx = context(8192, &[60, 40, 40, 60]);
    let sim = small_sim(40 << 20);
    let eval =
        xehe::ckks::Evaluator::with_device(&ctx, DeviceContext::new(&ctx, sim.clone(), 0).unwrap())
            .unwrap();
    let mut kg = xehe::ckks::KeyGenerator::new(&ctx);
    let rk = kg.create_relin_keys().unwrap();
    // 1.5 MiB per key: 40 rotations need 60 MiB of the 40.
    let steps: Vec<i64> = (1..=40).collect();
    let many = kg.create_galois_keys_for_steps(&steps, false).unwrap();
    let held = sim.memcache_stats(0).unwrap().held_bytes;
    match eval.upload_keys(Some(&rk), Some(&many)) {
        Err(CkksError::Device(e @ RuntimeError::OutOfMemory { .. })) => {
            assert!(e.to_string().contains("41 key-switching keys"), "{e}")
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        sim.memcache_stats(0).unwrap().held_bytes,
        held,
        "nothing uploaded"
    );
    let few = kg.create_galois_keys_for_steps(&[1, 2, 3], false).unwrap();
    eval.upload_keys(Some(&rk), Some(&few)).unwrap();
    assert!(sim.memcache_stats(0).unwrap().held_bytes > held);
}
