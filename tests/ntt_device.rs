//! The device NTT, every variant, on cpu-sim (also racing), PoCL and wherever OpenCL runs: forward
//! and inverse bit for bit against `xehe::ntt` (SEAL's transform) for batches of polynomials
//! and RNS components, across degrees, local-memory block sizes and radices.

mod common;

use rand::{Rng, SeedableRng};
use std::sync::Arc;
use xehe::arith::Modulus;
use xehe::device_ops::ntt::{self, DeviceNttTables, NttPlan, NttVariant};
use xehe::device_ops::poly;
use xehe::ntt::{negacyclic_multiply, NttTables};
use xehe::primes::CoeffModulus;
use xehe::rns::RnsShape;
use xehe::runtime::{Backend, ConfigError, RuntimeError};

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

fn check(dev: &Arc<dyn Backend>, n: usize, rns: usize, polys: usize, plan: &NttPlan, seed: u64) {
    let b = dev.as_ref();
    let q = moduli(n, rns);
    let shape = RnsShape::new(n, rns, polys).unwrap();
    let tables = DeviceNttTables::upload(dev, 0, n, &q).unwrap();
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
    drop(tables);
}

/// Whether `b` runs `plan` at degree n; when it does not, the refusal must be the typed
/// `Unavailable` of a sub-group variant (too small a block or group, or no shuffles).
fn runs(b: &dyn Backend, plan: &NttPlan, n: usize) -> bool {
    match plan.check_available(b, n) {
        Ok(()) => true,
        Err(RuntimeError::Unavailable { .. }) if plan.variant.shuffle_size().is_some() => false,
        Err(e) => panic!("{plan:?} at n = {n}: {e}"),
    }
}

/// Every variant over small degrees with small local blocks, so every radix, every
/// global/local split and every four-step tile shape runs; returns how many checks each variant
/// ran.
fn sweep_small(dev: &Arc<dyn Backend>) -> Vec<(NttVariant, usize)> {
    let b = dev.as_ref();
    let mut ran = Vec::new();
    for variant in NttVariant::ALL {
        let mut count = 0;
        for log_n in [1usize, 2, 3, 5, 9, 10] {
            for block in [2usize, 8, 64, 512, 1024] {
                if !variant_uses_block(variant) && block != 2 {
                    continue;
                }
                for group in [1usize, 4, 32, 256] {
                    let plan = NttPlan::new(variant, block, group).unwrap();
                    if !runs(b, &plan, 1 << log_n) {
                        continue;
                    }
                    check(
                        dev,
                        1 << log_n,
                        2,
                        2,
                        &plan,
                        (log_n * 1000 + block + group) as u64,
                    );
                    count += 1;
                }
            }
        }
        ran.push((variant, count));
    }
    ran
}

fn variant_uses_block(v: NttVariant) -> bool {
    !matches!(v, NttVariant::Radix2 | NttVariant::Radix2Fused)
}

#[test]
fn cpu_sim_every_variant_small_degrees() {
    for (variant, count) in sweep_small(&common::sim(1, false)) {
        // cpu-sim simulates every sub-group size, so every variant must have run.
        assert!(count > 0, "{variant:?} never ran");
    }
}

#[test]
fn cpu_sim_race_hunting_every_variant() {
    let b = common::sim(1, true);
    for variant in NttVariant::ALL {
        for (log_n, block) in [(4, 4), (11, 256), (11, 512), (12, 4096)] {
            let plan = NttPlan::new(variant, block, 32).unwrap();
            if runs(b.as_ref(), &plan, 1 << log_n) {
                check(&b, 1 << log_n, 2, 1, &plan, 7);
            }
        }
    }
}

/// The sub-group variants at the sizes they need (blocks ≥ 16S), with groups of one sub-group,
/// several, and more than the segments.
#[test]
fn cpu_sim_subgroup_variants() {
    let b = common::sim(1, false);
    for variant in [
        NttVariant::Subgroup8,
        NttVariant::Subgroup16,
        NttVariant::Subgroup32,
    ] {
        let s = variant.shuffle_size().unwrap();
        for (log_n, block) in [(9usize, 512usize), (10, 1024), (12, 512), (13, 4096)] {
            for group in [s, 2 * s, 256] {
                let plan = NttPlan::new(variant, block, group).unwrap();
                assert!(runs(b.as_ref(), &plan, 1 << log_n), "{plan:?}");
                check(&b, 1 << log_n, 2, 2, &plan, log_n as u64);
            }
        }
    }
}

/// Negacyclic products on the device against the CPU NTT product, for every tile shape the
/// fused kernel meets (one launch when n ≤ block / 2, else column stages around it).
fn check_multiply(
    dev: &Arc<dyn Backend>,
    n: usize,
    rns: usize,
    polys: usize,
    plan: &NttPlan,
    seed: u64,
) {
    let b = dev.as_ref();
    let q = moduli(n, rns);
    let shape = RnsShape::new(n, rns, polys).unwrap();
    let tables = DeviceNttTables::upload(dev, 0, n, &q).unwrap();
    let (x, y) = (random(shape, &q, seed), random(shape, &q, seed + 7));
    let a = poly::upload(b, 0, shape, tables.moduli(), &x).unwrap();
    let bb = poly::upload(b, 0, shape, tables.moduli(), &y).unwrap();
    ntt::multiply(b, &tables, shape, &a, &bb, plan).unwrap();
    let (mut got, mut b_after) = (vec![0; x.len()], vec![0; y.len()]);
    b.read(&a, 0, &mut got).unwrap();
    b.read(&bb, 0, &mut b_after).unwrap();
    let cpu_tables: Vec<NttTables> = q
        .iter()
        .map(|m| NttTables::new(n as u64, m).unwrap())
        .collect();
    let expect: Vec<u64> = x
        .chunks(n)
        .zip(y.chunks(n))
        .enumerate()
        .flat_map(|(k, (u, v))| negacyclic_multiply(u, v, &cpu_tables[k % rns]).unwrap())
        .collect();
    assert!(
        got == expect,
        "multiply {plan:?} n={n} on {}: first difference at {:?}",
        b.device_name(),
        (0..got.len()).find(|&i| got[i] != expect[i])
    );
    assert_eq!(b_after, y, "multiply must leave b as it was");
    for buf in [a, bb] {
        b.free(buf).unwrap();
    }
    drop(tables);
}

#[test]
fn cpu_sim_fused_multiply() {
    let b = common::sim(1, true);
    for (log_n, block, group) in [
        (1usize, 4usize, 1usize),
        (4, 4, 2),
        (6, 16, 4),
        (10, 4096, 256),
        (11, 64, 32),
        (12, 256, 64),
    ] {
        let plan = NttPlan::new(NttVariant::LocalRadix8, block, group).unwrap();
        check_multiply(&b, 1 << log_n, 2, 2, &plan, log_n as u64);
    }
}

#[test]
fn opencl_fused_multiply() {
    let Some(cl) = common::opencl(None) else {
        return;
    };
    let cl: Arc<dyn Backend> = cl;
    let plan = NttPlan::for_device(cl.as_ref(), NttVariant::LocalRadix8);
    for log_n in [10usize, 12, 13, 16] {
        check_multiply(&cl, 1 << log_n, 2, 2, &plan, log_n as u64);
    }
    check_multiply(
        &cl,
        1 << 11,
        2,
        1,
        &NttPlan::new(NttVariant::LocalRadix8, 64, 16).unwrap(),
        3,
    );
}

#[test]
fn cpu_sim_large_degrees_default_plan() {
    let b = common::sim(1, false);
    for log_n in [13usize, 17] {
        let plan = NttPlan::for_device(b.as_ref(), NttVariant::LocalRadix8);
        check(&b, 1 << log_n, 2, 1, &plan, log_n as u64);
    }
}

#[test]
fn opencl_every_variant_bit_exact() {
    let Some(cl) = common::opencl(None) else {
        return;
    };
    let cl: Arc<dyn Backend> = cl;
    let ran = sweep_small(&cl);
    let shuffles = cl.limits().shuffles;
    for (variant, count) in ran {
        let expected = variant.shuffle_size().is_none_or(|s| shuffles.supports(s));
        assert_eq!(
            count > 0,
            expected,
            "{variant:?} ran {count} checks; shuffles: {shuffles:?}"
        );
    }
    for variant in NttVariant::ALL {
        let plan = NttPlan::for_device(cl.as_ref(), variant);
        for log_n in [10usize, 12, 14, 16, 17] {
            if runs(cl.as_ref(), &plan, 1 << log_n) {
                check(&cl, 1 << log_n, 3, 2, &plan, log_n as u64 + 99);
            }
        }
    }
}

#[test]
fn opencl_second_tile() {
    let Some(cl) = common::opencl(Some(2)) else {
        return;
    };
    let cl: Arc<dyn Backend> = cl;
    let b = cl.as_ref();
    let q = moduli(4096, 2);
    let shape = RnsShape::new(4096, 2, 1).unwrap();
    let tables = DeviceNttTables::upload(&cl, 1, 4096, &q).unwrap();
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
    let dev = common::sim(2, false);
    let b = dev.as_ref();
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
        Err(RuntimeError::Config(ConfigError::UnknownVariant(..)))
    ));
    assert_eq!(
        NttVariant::parse("local-radix16").unwrap(),
        NttVariant::LocalRadix16
    );
    // Not a power of two; a prime that is not 1 mod 2n.
    let q = moduli(1024, 1);
    assert!(matches!(
        DeviceNttTables::upload(&dev, 0, 1000, &q),
        Err(RuntimeError::Math(_))
    ));
    assert!(matches!(
        DeviceNttTables::upload(&dev, 0, 1024, &[Modulus::new(97).unwrap()]),
        Err(RuntimeError::Math(_))
    ));
    let tables = DeviceNttTables::upload(&dev, 0, 1024, &q).unwrap();
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
    // A sub-group variant with blocks or groups too small for it.
    let sg = NttPlan::new(NttVariant::Subgroup32, 256, 256).unwrap();
    assert!(matches!(
        ntt::forward(b, &tables, RnsShape::new(1024, 1, 1).unwrap(), &buf, &sg),
        Err(RuntimeError::Unavailable { .. })
    ));
    let sg = NttPlan::new(NttVariant::Subgroup16, 1024, 24).unwrap();
    assert!(matches!(
        ntt::inverse(b, &tables, RnsShape::new(1024, 1, 1).unwrap(), &buf, &sg),
        Err(RuntimeError::Unavailable { .. })
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
    assert_eq!(
        ntt::forward_launches(1 << 17, &plan(NttVariant::FourStep, 4096)),
        ["ntt_fwd_stage", "ntt_fwd_local_radix8"]
    );
    assert_eq!(
        ntt::inverse_launches(1 << 17, &plan(NttVariant::Subgroup16, 4096)),
        ["ntt_inv_local_sg16", "ntt_inv_stage"]
    );
    // Blocks of 16: n = 1024 needs two column stages (4 + 2 rounds).
    assert_eq!(
        ntt::forward_launches(1024, &plan(NttVariant::FourStep, 16)),
        ["ntt_fwd_stage", "ntt_fwd_stage", "ntt_fwd_local_radix8"]
    );
    assert_eq!(
        ntt::multiply_launches(2048, &plan(NttVariant::LocalRadix8, 4096)),
        ["ntt_fused_mul"]
    );
    assert_eq!(
        ntt::multiply_launches(1 << 16, &plan(NttVariant::LocalRadix8, 4096)),
        [
            "ntt_fwd_stage",
            "ntt_fwd_stage",
            "ntt_fused_mul",
            "ntt_inv_stage"
        ]
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

#[test]
fn automatic_plans_follow_the_measured_rules() {
    for var in ["XEHE_NTT_VARIANT", "XEHE_NTT_BLOCK", "XEHE_NTT_GROUP"] {
        if std::env::var(var).is_ok() {
            eprintln!("skipping: {var} overrides the choice");
            return;
        }
    }
    // An H100 as NVIDIA's OpenCL reports it.
    let h100 = xehe::runtime::DeviceLimits {
        local_mem_bytes: 48 * 1024,
        max_work_group_size: 1024,
        sub_group_sizes: vec![],
        shuffles: xehe::runtime::Shuffles::NvidiaPtx,
        compute_units: 132,
        global_mem_bytes: Some(80 << 30),
        fp64: true,
    };
    let choose = |n, c| NttPlan::choose(&h100, n, c).unwrap();
    // 64 rows, forward (variant, block, group); the inverse four-step in both. 2^15: 8 blocks of
    // 4096 words, local-radix8. From 2^16: four-step in blocks of 512 words (1024 from 256 rows),
    // groups of 64.
    for (n, forward) in [
        (1 << 15, (NttVariant::LocalRadix8, 4096, 256)),
        (1 << 16, (NttVariant::FourStep, 512, 64)),
    ] {
        let plan = choose(n, 64);
        assert_eq!(
            (plan.variant, plan.local_block, plan.group_size),
            forward,
            "N = {n}"
        );
        assert_eq!(plan.inverse_variant, Some(NttVariant::FourStep), "N = {n}");
        assert_eq!(
            ntt::inverse_launches(n, &plan),
            ["ntt_inv_local_radix8", "ntt_inv_stage"]
        );
    }
    assert_eq!(choose(1 << 16, 324).local_block, 1024);
    // Key switching's broadcast at 2^16 × 33 primes: 32 × 33 rows, past the L2 cache.
    let broadcast = choose(1 << 16, 32 * 33);
    assert_eq!(broadcast.variant, NttVariant::FourStep);
    let large = choose(1 << 17, 64);
    assert_eq!(
        (large.variant, large.inverse_variant),
        (NttVariant::FourStep, Some(NttVariant::FourStep))
    );
    // One polynomial: blocks shrink until the row stage has a group per SM.
    let one = choose(1 << 16, 1);
    assert_eq!((one.variant, one.local_block), (NttVariant::FourStep, 512));
    let small = choose(1 << 12, 256);
    assert_eq!(
        (small.variant, small.local_block),
        (NttVariant::LocalRadix8, 4096)
    );
    assert_eq!(small.inverse_variant, Some(NttVariant::LocalRadix8));
    // A single small transform keeps at least 512-word blocks.
    assert_eq!(choose(1 << 10, 1).local_block, 512);
}
