//! Modular multiplication variants and the fused `mad_mod`, over batches of 4096 random operands
//! (reported per batch; divide by 4096 for ns per operation).

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use std::time::Duration;
use xehe::arith::barrett::*;
use xehe::arith::{Modulus, ShoupOperand};

const BATCH: usize = 4096;
const Q30: u64 = 1_073_692_673; // 30-bit NTT prime (SEAL's for N = 4096)
const Q60: u64 = 1_152_921_504_606_830_593;

fn operands(q: u64) -> (Vec<u64>, Vec<u64>, Vec<u64>) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let mut v = || {
        (0..BATCH)
            .map(|_| rng.gen_range(0..q))
            .collect::<Vec<u64>>()
    };
    (v(), v(), v())
}

fn bench_barrett<W: Word, V: Variant>(c: &mut Criterion, name: &str, q: u64) {
    let r = Barrett::<W, V>::new(q).unwrap();
    let (a, b, _) = operands(q);
    let a: Vec<W> = a.into_iter().map(W::from_u64).collect();
    let b: Vec<W> = b.into_iter().map(W::from_u64).collect();
    let mut g = c.benchmark_group("mul_mod");
    g.throughput(Throughput::Elements(BATCH as u64));
    g.bench_function(BenchmarkId::new(name, q.ilog2() + 1), |bench| {
        bench.iter(|| {
            let mut acc = 0u64;
            for (&x, &y) in a.iter().zip(&b) {
                acc ^= r.mul_mod(x, y).to_u64();
            }
            black_box(acc)
        })
    });
    g.finish();
}

fn arith(c: &mut Criterion) {
    bench_barrett::<u32, Classic>(c, "barrett_classic_u32", Q30);
    bench_barrett::<u32, Proposed>(c, "barrett_proposed_u32", Q30);
    bench_barrett::<u64, Classic>(c, "barrett_classic_u64", Q60);
    bench_barrett::<u64, DhemQuisquater>(c, "barrett_dhem_quisquater_u64", Q60);
    bench_barrett::<u64, Proposed>(c, "barrett_proposed_u64", Q60);
    // Algorithm 3 on 32-bit words needs q < 2^28.
    bench_barrett::<u32, DhemQuisquater>(c, "barrett_dhem_quisquater_u32", 268_369_921);

    let q = Modulus::new(Q60).unwrap();
    let (a, b, d) = operands(Q60);
    let mut g = c.benchmark_group("mul_mod");
    g.throughput(Throughput::Elements(BATCH as u64));
    g.bench_function(BenchmarkId::new("modulus_barrett128", 60), |bench| {
        bench.iter(|| {
            a.iter()
                .zip(&b)
                .fold(0, |acc, (&x, &y)| acc ^ q.mul_mod(x, y))
        })
    });
    let w: Vec<ShoupOperand> = b.iter().map(|&y| ShoupOperand::new(y, &q)).collect();
    g.bench_function(BenchmarkId::new("shoup", 60), |bench| {
        bench.iter(|| {
            a.iter()
                .zip(&w)
                .fold(0, |acc, (&x, y)| acc ^ y.mul_mod(x, &q))
        })
    });
    g.bench_function(BenchmarkId::new("shoup_lazy", 60), |bench| {
        bench.iter(|| {
            a.iter()
                .zip(&w)
                .fold(0, |acc, (&x, y)| acc ^ y.mul_mod_lazy(x, &q))
        })
    });
    g.finish();

    let mut g = c.benchmark_group("mad_mod");
    g.throughput(Throughput::Elements(BATCH as u64));
    g.bench_function(BenchmarkId::new("fused", 60), |bench| {
        bench.iter(|| {
            a.iter()
                .zip(&b)
                .zip(&d)
                .fold(0, |acc, ((&x, &y), &z)| acc ^ q.mad_mod(x, y, z))
        })
    });
    g.bench_function(BenchmarkId::new("mul_then_add", 60), |bench| {
        bench.iter(|| {
            a.iter()
                .zip(&b)
                .zip(&d)
                .fold(0, |acc, ((&x, &y), &z)| acc ^ q.add_mod(q.mul_mod(x, y), z))
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    targets = arith
}
criterion_main!(benches);
