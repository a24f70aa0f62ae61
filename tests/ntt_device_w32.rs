//! The device NTT in 32-bit words through `device_ops::ntt` (the tables, uploads and schedules a
//! caller uses, not direct launches): every variant with a 32-bit build, N = 2^12 … 2^16, forward
//! and inverse word for word equal to `xehe::ntt` (SEAL's transform) after widening, on cpu-sim
//! (racing), PoCL and Intel's CPU runtime, and the fused negacyclic product likewise; and the
//! typed refusals of what has no 32-bit build.

mod common;

use rand::{Rng, SeedableRng};
use std::sync::Arc;
use xehe::arith::Modulus;
use xehe::device_ops::ntt::{self, DeviceNttTables, NttPlan, NttVariant};
use xehe::device_ops::poly::{self, DeviceModuli};
use xehe::exec::WordSize;
use xehe::ntt::{negacyclic_multiply, NttTables};
use xehe::primes::CoeffModulus;
use xehe::rns::RnsShape;
use xehe::runtime::{Backend, RuntimeError};

const W: WordSize = WordSize::W32;

/// The variants whose kernels are all built for 32-bit words.
fn w32_variants() -> Vec<NttVariant> {
    NttVariant::ALL
        .into_iter()
        .filter(|v| v.shuffle_size().is_none())
        .collect()
}

/// Primes of the 32-bit tier: the widest it takes (30 bits, just below 2^30, where 4q nearly
/// fills a word), narrower ones and a 25-bit terminal-sized one.
fn moduli(n: usize, count: usize) -> Vec<Modulus> {
    let bits: Vec<u32> = [30, 28, 25, 30].into_iter().cycle().take(count).collect();
    let q = CoeffModulus::create(n as u64, &bits).unwrap();
    assert!(q.iter().all(|m| m.value() > 1 << 24 && m.value() < 1 << 30));
    q
}

fn random(shape: RnsShape, q: &[Modulus], seed: u64) -> Vec<u64> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    (0..shape.words())
        .map(|i| rng.gen_range(0..q[(i / shape.n) % shape.rns_count].value()))
        .collect()
}

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

fn first_difference(a: &[u64], b: &[u64]) -> Option<usize> {
    (0..a.len()).find(|&i| a[i] != b[i])
}

/// Forward, inverse (of fresh NTT-domain words) and the round trip of `plan` in 32-bit words.
fn check(dev: &Arc<dyn Backend>, shape: RnsShape, plan: &NttPlan, seed: u64) {
    let b = dev.as_ref();
    let q = moduli(shape.n, shape.rns_count);
    let tables = DeviceNttTables::upload_word(dev, 0, shape.n, &q, W).unwrap();
    assert_eq!(tables.word(), W);
    let x = random(shape, &q, seed);
    let buf = poly::upload(b, 0, shape, tables.moduli(), &x).unwrap();
    // Two residues per buffer word.
    assert_eq!(buf.words(), shape.words().div_ceil(2));
    ntt::forward(b, &tables, shape, &buf, plan).unwrap();
    let got = poly::download(b, &buf, shape, W).unwrap();
    let expect = cpu(shape, &q, &x, false);
    assert!(
        got == expect,
        "forward {plan:?} {shape:?} on {}: first difference at {:?}",
        b.device_name(),
        first_difference(&got, &expect)
    );
    let y = random(shape, &q, seed + 1);
    b.free(buf).unwrap();
    let buf = poly::upload(b, 0, shape, tables.moduli(), &y).unwrap();
    ntt::inverse(b, &tables, shape, &buf, plan).unwrap();
    let got = poly::download(b, &buf, shape, W).unwrap();
    let expect = cpu(shape, &q, &y, true);
    assert!(
        got == expect,
        "inverse {plan:?} {shape:?} on {}: first difference at {:?}",
        b.device_name(),
        first_difference(&got, &expect)
    );
    ntt::forward(b, &tables, shape, &buf, plan).unwrap();
    assert_eq!(
        poly::download(b, &buf, shape, W).unwrap(),
        y,
        "round trip {plan:?} {shape:?}"
    );
    b.free(buf).unwrap();
}

/// Every 32-bit variant at N = 2^12 and 2^14 with blocks that give one stage, several global
/// passes or column stages, and at 2^16 the H100's plan (four-step, blocks of 512 words, groups
/// of 64) and local-radix8's; odd component counts so a row's 32-bit words start mid-word.
fn sweep(dev: &Arc<dyn Backend>) {
    for variant in w32_variants() {
        for (log_n, block, group) in [(12usize, 4096, 256), (12, 512, 64), (14, 1024, 32)] {
            let plan = NttPlan::new(variant, block, group).unwrap();
            let shape = RnsShape::new(1 << log_n, 3, 1).unwrap();
            check(dev, shape, &plan, (log_n + block) as u64);
        }
    }
    for variant in [NttVariant::FourStep, NttVariant::LocalRadix8] {
        let plan = NttPlan::new(variant, 512, 64).unwrap();
        check(dev, RnsShape::new(1 << 16, 1, 1).unwrap(), &plan, 16);
    }
}

#[test]
fn cpu_sim_racing_every_32_bit_variant() {
    sweep(&common::sim(1, true));
}

/// Every 32-bit variant, the automatic plans and the fused product on the OpenCL device.
#[test]
fn opencl_every_32_bit_variant() {
    let Some(cl) = common::opencl(None) else {
        return;
    };
    let cl: Arc<dyn Backend> = cl;
    sweep(&cl);
    // The automatic plan at every degree, with a batch of two polynomials.
    for log_n in 12..=16usize {
        let shape = RnsShape::new(1 << log_n, 2, 2).unwrap();
        let plan = NttPlan::auto(cl.as_ref(), shape).unwrap();
        check(&cl, shape, &plan, 100 + log_n as u64);
    }
    // In the same test, not a second one: PoCL has been seen to abort ("Final linking of kernel
    // ... failed") when two threads build modules at once with its kernel cache off.
    multiply_sweep(&cl);
}

/// The fused negacyclic product (`ntt_fused_w32`) against the host's, with blocks that make it
/// one launch and with column stages before and after it.
fn check_multiply(dev: &Arc<dyn Backend>, shape: RnsShape, plan: &NttPlan, seed: u64) {
    let b = dev.as_ref();
    let q = moduli(shape.n, shape.rns_count);
    let tables = DeviceNttTables::upload_word(dev, 0, shape.n, &q, W).unwrap();
    let (x, y) = (random(shape, &q, seed), random(shape, &q, seed + 1));
    let a = poly::upload(b, 0, shape, tables.moduli(), &x).unwrap();
    let other = poly::upload(b, 0, shape, tables.moduli(), &y).unwrap();
    ntt::multiply(b, &tables, shape, &a, &other, plan).unwrap();
    let host: Vec<NttTables> = q
        .iter()
        .map(|m| NttTables::new(shape.n as u64, m).unwrap())
        .collect();
    let expect: Vec<u64> = x
        .chunks(shape.n)
        .zip(y.chunks(shape.n))
        .enumerate()
        .flat_map(|(k, (u, v))| negacyclic_multiply(u, v, &host[k % shape.rns_count]).unwrap())
        .collect();
    let got = poly::download(b, &a, shape, W).unwrap();
    assert!(
        got == expect,
        "product {plan:?} {shape:?} on {}: first difference at {:?}",
        b.device_name(),
        first_difference(&got, &expect)
    );
    // `b` is left as it was.
    assert_eq!(poly::download(b, &other, shape, W).unwrap(), y);
    b.free(a).unwrap();
    b.free(other).unwrap();
}

fn multiply_sweep(dev: &Arc<dyn Backend>) {
    for (log_n, block, group) in [(10usize, 4096, 64), (12, 1024, 32), (14, 512, 64)] {
        let plan = NttPlan::new(NttVariant::FourStep, block, group).unwrap();
        check_multiply(
            dev,
            RnsShape::new(1 << log_n, 3, 2).unwrap(),
            &plan,
            log_n as u64,
        );
    }
    let plan = NttPlan::new(NttVariant::FourStep, 1024, 64).unwrap();
    check_multiply(dev, RnsShape::new(1 << 16, 1, 1).unwrap(), &plan, 16);
}

#[test]
fn cpu_sim_racing_fused_multiply() {
    multiply_sweep(&common::sim(1, true));
}

/// Every plan (block, work-group size) of every 32-bit variant on buffers of exactly the
/// batch's 32-bit words: cpu-sim faults on any access past a buffer, so this is launch_reach's
/// plan sweep for half-sized buffers, with results checked too.
#[test]
fn every_plan_stays_inside_32_bit_buffers() {
    let dev = common::sim(1, false);
    let shape = RnsShape::new(64, 3, 1).unwrap();
    for variant in w32_variants() {
        for block in [2usize, 4, 16, 64, 128] {
            for group in [1usize, 3, 32] {
                let plan = NttPlan::new(variant, block, group).unwrap();
                check(&dev, shape, &plan, (block + group) as u64);
                if variant == NttVariant::FourStep {
                    check_multiply(&dev, shape, &plan, block as u64);
                }
            }
        }
    }
}

#[test]
fn what_has_no_32_bit_build_is_refused_by_name_and_the_rest_runs() {
    let dev = common::sim(1, false);
    let b = dev.as_ref();
    let n = 1024;
    let q = moduli(n, 2);
    let shape = RnsShape::new(n, 2, 1).unwrap();
    let tables = DeviceNttTables::upload_word(&dev, 0, n, &q, W).unwrap();
    let buf = poly::upload(b, 0, shape, tables.moduli(), &random(shape, &q, 1)).unwrap();
    // Sub-group row stages: the module is named, before any device check.
    for v in [
        NttVariant::Subgroup8,
        NttVariant::Subgroup16,
        NttVariant::Subgroup32,
    ] {
        let plan = NttPlan::new(v, 1024, 64).unwrap();
        for e in [
            ntt::forward(b, &tables, shape, &buf, &plan).unwrap_err(),
            ntt::inverse(b, &tables, shape, &buf, &plan).unwrap_err(),
        ] {
            let size = v.shuffle_size().unwrap();
            assert!(
                matches!(&e, RuntimeError::NoWordBuild { what, bits: 32 }
                    if what.contains(&format!("ntt_subgroup{size}"))),
                "{e}"
            );
        }
    }
    // The coefficient-wise kernels run in the tables' word: the product of 32-bit words is the
    // host's, and the RNS-fused transforms' scaled constants come in the word's form.
    let plan = NttPlan::new(NttVariant::FourStep, 512, 64).unwrap();
    let out = b.alloc(0, W.storage_words(shape.words())).unwrap();
    poly::mul(b, shape, &buf, &buf, &out, tables.moduli()).unwrap();
    let x = poly::download(b, &buf, shape, W).unwrap();
    let got = poly::download(b, &out, shape, W).unwrap();
    for (i, (g, x)) in got.iter().zip(&x).enumerate() {
        assert_eq!(*g, q[i / n].mul_mod(*x, *x), "word {i}");
    }
    b.free(out).unwrap();
    assert_eq!(tables.scaled_inverse_consts(&[1]).unwrap().len(), 4);
    // 64-bit data sizes are too large for nothing, 32-bit buffers too small for 64-bit tables.
    let tables64 = DeviceNttTables::upload(&dev, 0, n, &q).unwrap();
    assert!(matches!(
        ntt::forward(b, &tables64, shape, &buf, &plan),
        Err(RuntimeError::BufferTooSmall { .. })
    ));
    b.free(buf).unwrap();
}

#[test]
fn primes_and_words_too_wide_for_32_bits_are_typed() {
    let dev = common::sim(1, false);
    let b = dev.as_ref();
    let n = 1024;
    // A 31-bit prime: 4q no longer fits a 32-bit word.
    let wide = CoeffModulus::create(n as u64, &[31]).unwrap();
    let e = DeviceNttTables::upload_word(&dev, 0, n, &wide, W).unwrap_err();
    assert!(
        matches!(
            e,
            RuntimeError::ModulusTooWide {
                bits: 31,
                word_bits: 32,
                max_bits: 30,
                ..
            }
        ),
        "{e}"
    );
    assert!(matches!(
        DeviceModuli::upload_word(&dev, 0, &wide, W),
        Err(RuntimeError::ModulusTooWide { .. })
    ));
    // An unreduced word is refused before it is narrowed.
    let q = moduli(n, 1);
    let tables = DeviceNttTables::upload_word(&dev, 0, n, &q, W).unwrap();
    let shape = RnsShape::new(n, 1, 1).unwrap();
    let mut x = vec![0u64; n];
    x[5] = q[0].value() + (1 << 32);
    assert!(matches!(
        poly::upload(b, 0, shape, tables.moduli(), &x),
        Err(RuntimeError::NotReduced { index: 5, .. })
    ));
}
