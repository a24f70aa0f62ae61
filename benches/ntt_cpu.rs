//! The CPU reference NTT (one thread) for N = 2^12 … 2^16 with a 60-bit prime.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use rand::{Rng, SeedableRng};
use std::time::Duration;
use xehe::ntt::NttTables;
use xehe::primes::CoeffModulus;

fn ntt(c: &mut Criterion) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    let mut g = c.benchmark_group("ntt_cpu");
    for log_n in 12..=16 {
        let n = 1u64 << log_n;
        let q = CoeffModulus::create(n, &[60]).unwrap()[0];
        let t = NttTables::new(n, &q).unwrap();
        let input: Vec<u64> = (0..n).map(|_| rng.gen_range(0..q.value())).collect();
        let mut buf = input.clone();
        g.bench_function(BenchmarkId::new("forward", n), |b| {
            b.iter(|| {
                buf.copy_from_slice(&input);
                t.forward(&mut buf).unwrap();
            })
        });
        g.bench_function(BenchmarkId::new("inverse", n), |b| {
            b.iter(|| {
                buf.copy_from_slice(&input);
                t.inverse(&mut buf).unwrap();
            })
        });
        g.bench_function(BenchmarkId::new("forward_lazy", n), |b| {
            b.iter(|| {
                buf.copy_from_slice(&input);
                t.forward_lazy(&mut buf).unwrap();
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    targets = ntt
}
criterion_main!(benches);
