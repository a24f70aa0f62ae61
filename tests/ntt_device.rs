//! The device NTT, every variant, on cpu-sim (also racing), PoCL and wherever OpenCL runs: forward
//! and inverse bit for bit against `xehe::ntt` (SEAL's transform) for batches of polynomials
//! and RNS components, across degrees, local-memory block sizes and radices.

mod common;

use rand::{Rng, SeedableRng};
use xehe::arith::Modulus;
use xehe::ntt::NttTables;
use xehe::primes::CoeffModulus;
use xehe::runtime::ntt::{self, DeviceNttTables, NttPlan, NttVariant};
use xehe::runtime::poly::{self, RnsShape};
use xehe::runtime::{Backend, RuntimeError};

fn moduli(n: usize, count: usize) -> Vec<Modulus> {
    // Mixed sizes, including a 60-bit prime (the widest SEAL makes).
    let bits: Vec<u32> = [60, 50, 36, 59].into_iter().cycle().take(count).collect();
    CoeffModulus::create(n.max(2) as u64, &bits).unwrap()
}

fn random(shape: RnsShape, q: &[Modulus], seed: u64) -> Vec<u64> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    (0..shape.words())
        .map(|i| rng.gen_range(0..q[(i / shape.n) % shape.rns_count].value()))
        .collect()
}

/// The CPU reference over the batch.
fn cpu(shape: RnsShape, q: &[Modulus], data: &[u64], inverse: bool) -> Vec<u64> {
    let tables: Vec<NttTables> = q
        .iter()
        .map(|m| NttTables::new(shape.n as u64, m).unwrap())
        .collect();
    let mut out = data.to_vec();
    for (k, chunk) in out.chunks_mut(shape.n).enumerate() {
        let t = &tables[k % shape.rns_count];
        if inverse {
            t.inverse(chunk).unwrap();
        } else {
            t.forward(chunk).unwrap();
        }
    }
    out
}

fn check(b: &dyn Backend, n: usize, rns: usize, polys: usize, plan: &NttPlan, seed: u64) {
    let q = moduli(n, rns);
    let shape = RnsShape::new(n, rns, polys).unwrap();
    let tables = DeviceNttTables::upload(b, 0, n, &q).unwrap();
    let x = random(shape, &q, seed);
    let buf = poly::upload(b, 0, shape, tables.moduli(), &x).unwrap();
    ntt::forward(b, &tables, shape, &buf, plan).unwrap();
    let mut got = vec![0; x.len()];
    b.read(&buf, 0, &mut got).unwrap();
    let expect = cpu(shape, &q, &x, false);
    assert!(
        got == expect,
        "forward {plan:?} n={n} rns={rns} polys={polys} on {}: first difference at {:?}",
        b.device_name(),
        (0..got.len()).find(|&i| got[i] != expect[i])
    );
    // Inverse of a fresh NTT-domain input, then the round trip.
    let y = random(shape, &q, seed + 1);
    b.write(&buf, 0, &y).unwrap();
    ntt::inverse(b, &tables, shape, &buf, plan).unwrap();
    b.read(&buf, 0, &mut got).unwrap();
    let expect = cpu(shape, &q, &y, true);
    assert!(
        got == expect,
        "inverse {plan:?} n={n} rns={rns} polys={polys} on {}: first difference at {:?}",
        b.device_name(),
        (0..got.len()).find(|&i| got[i] != expect[i])
    );
    ntt::forward(b, &tables, shape, &buf, plan).unwrap();
    b.read(&buf, 0, &mut got).unwrap();
    assert_eq!(got, y, "round trip {plan:?} n={n}");
    b.free(buf).unwrap();
    tables.free(b).unwrap();
}

/// Every variant over small degrees with small local blocks, so every radix and every
/// global/local split runs.
fn sweep_small(b: &dyn Backend) {
    for variant in NttVariant::ALL {
        for log_n in [1usize, 2, 3, 5, 10] {
            for block in [2usize, 8, 64, 1024] {
                if !variant_uses_block(variant) && block != 2 {
                    continue;
                }
                for group in [1usize, 4, 256] {
                    let plan = NttPlan::new(variant, block, group).unwrap();
                    check(
                        b,
                        1 << log_n,
                        2,
                        2,
                        &plan,
                        (log_n * 1000 + block + group) as u64,
                    );
                }
            }
        }
    }
}

fn variant_uses_block(v: NttVariant) -> bool {
    !matches!(v, NttVariant::Radix2 | NttVariant::Radix2Fused)
}

#[test]
fn cpu_sim_every_variant_small_degrees() {
    sweep_small(common::sim(1, false).as_ref());
}

#[test]
fn cpu_sim_race_hunting_every_variant() {
    let b = common::sim(1, true);
    for variant in NttVariant::ALL {
        for (log_n, block) in [(4, 4), (11, 256), (12, 4096)] {
            check(
                b.as_ref(),
                1 << log_n,
                2,
                1,
                &NttPlan::new(variant, block, 32).unwrap(),
                7,
            );
        }
    }
}

#[test]
fn cpu_sim_large_degrees_default_plan() {
    let b = common::sim(1, false);
    for log_n in [13usize, 17] {
        let plan = NttPlan::for_device(b.as_ref(), NttVariant::LocalRadix8);
        check(b.as_ref(), 1 << log_n, 2, 1, &plan, log_n as u64);
    }
}

#[test]
fn opencl_every_variant_bit_exact() {
    let Some(cl) = common::opencl(None) else {
        return;
    };
    sweep_small(cl.as_ref());
    for variant in NttVariant::ALL {
        let plan = NttPlan::for_device(cl.as_ref(), variant);
        for log_n in [10usize, 12, 14, 16, 17] {
            check(cl.as_ref(), 1 << log_n, 3, 2, &plan, log_n as u64 + 99);
        }
    }
}

#[test]
fn opencl_second_tile() {
    let Some(cl) = common::opencl(Some(2)) else {
        return;
    };
    let b = cl.as_ref();
    let q = moduli(4096, 2);
    let shape = RnsShape::new(4096, 2, 1).unwrap();
    let tables = DeviceNttTables::upload(b, 1, 4096, &q).unwrap();
    let x = random(shape, &q, 5);
    let buf = poly::upload(b, 1, shape, tables.moduli(), &x).unwrap();
    let plan = NttPlan::for_device(b, NttVariant::LocalRadix8);
    ntt::forward(b, &tables, shape, &buf, &plan).unwrap();
    let mut got = vec![0; x.len()];
    b.read(&buf, 0, &mut got).unwrap();
    assert_eq!(got, cpu(shape, &q, &x, false));
}

#[test]
fn ntt_errors_are_typed() {
    let b = common::sim(2, false);
    let b = b.as_ref();
    assert!(matches!(
        NttPlan::new(NttVariant::LocalRadix8, 3, 1),
        Err(RuntimeError::InvalidShape(_))
    ));
    assert!(matches!(
        NttPlan::new(NttVariant::LocalRadix8, 4, 0),
        Err(RuntimeError::InvalidShape(_))
    ));
    assert!(matches!(
        NttVariant::parse("radix3"),
        Err(RuntimeError::UnknownVariant(..))
    ));
    assert_eq!(
        NttVariant::parse("local-radix16").unwrap(),
        NttVariant::LocalRadix16
    );
    // Not a power of two; a prime that is not 1 mod 2n.
    let q = moduli(1024, 1);
    assert!(matches!(
        DeviceNttTables::upload(b, 0, 1000, &q),
        Err(RuntimeError::Math(_))
    ));
    assert!(matches!(
        DeviceNttTables::upload(b, 0, 1024, &[Modulus::new(97).unwrap()]),
        Err(RuntimeError::Math(_))
    ));
    let tables = DeviceNttTables::upload(b, 0, 1024, &q).unwrap();
    let plan = NttPlan::for_device(b, NttVariant::LocalRadix8);
    let wrong_n = RnsShape::new(512, 1, 1).unwrap();
    let buf = b.alloc(0, 1024).unwrap();
    assert!(matches!(
        ntt::forward(b, &tables, wrong_n, &buf, &plan),
        Err(RuntimeError::InvalidShape(_))
    ));
    let two = RnsShape::new(1024, 1, 2).unwrap();
    assert!(matches!(
        ntt::inverse(b, &tables, two, &buf, &plan),
        Err(RuntimeError::BufferTooSmall { .. })
    ));
    let other = b.alloc(1, 1024).unwrap();
    let one = RnsShape::new(1024, 1, 1).unwrap();
    assert!(matches!(
        ntt::forward(b, &tables, one, &other, &plan),
        Err(RuntimeError::WrongTile { .. })
    ));
}

#[test]
fn launch_sequences_are_what_the_variants_say() {
    let plan = |v, b| NttPlan::new(v, b, 256).unwrap();
    assert_eq!(
        ntt::forward_launches(1 << 16, &plan(NttVariant::LocalRadix16, 4096)),
        ["ntt_fwd_radix16", "ntt_fwd_local_radix16"]
    );
    assert_eq!(
        ntt::forward_launches(1 << 17, &plan(NttVariant::LocalRadix16, 4096)),
        ["ntt_fwd_radix16", "ntt_fwd_radix2", "ntt_fwd_local_radix16"]
    );
    assert_eq!(
        ntt::inverse_launches(1 << 16, &plan(NttVariant::LocalRadix8, 4096)),
        ["ntt_inv_local_radix8", "ntt_inv_radix8", "ntt_inv_last"]
    );
    assert_eq!(
        ntt::inverse_launches(4096, &plan(NttVariant::LocalRadix8, 4096)),
        ["ntt_inv_local_radix8"]
    );
    let naive = ntt::forward_launches(1024, &plan(NttVariant::Radix2, 2));
    assert_eq!(naive.len(), 11);
    assert_eq!(naive[10], "ntt_reduce_4q");
    assert_eq!(
        ntt::forward_launches(1024, &plan(NttVariant::Radix2Fused, 2)).len(),
        10
    );
    assert_eq!(
        ntt::inverse_launches(1024, &plan(NttVariant::Radix2, 2)).len(),
        10
    );
}
