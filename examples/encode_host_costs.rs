//! Where a queued device encoding's host time goes (issue 17): each part of `encode_on`'s host
//! work timed alone, K times back to back, on the backend `XEHE_BACKEND` picks (the H100 run
//! uses NVIDIA's OpenCL). For each row: host µs a call to enqueue (before the one wait at the
//! end) and wall µs a call with that wait.
//!
//! ```text
//! XEHE_BACKEND=opencl cargo run --release --example encode_host_costs -- [K [ROW_PREFIX]]
//! ```

use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::sync::Arc;
use std::time::Instant;
use xehe::ckks::device::DeviceContext;
use xehe::ckks::{CkksEncoder, Context, EncryptionParameters};
use xehe::kernels::copy_u64::{CopyArgs, FillArgs, COPY_U64, FILL_U64};
use xehe::primes::SecurityLevel;
use xehe::runtime::{open, Backend, NdRange, OpenOptions};

fn row(name: &str, k: usize, backend: &dyn Backend, mut call: impl FnMut()) {
    if std::env::args()
        .nth(2)
        .is_some_and(|only| !name.starts_with(&only))
    {
        return;
    }
    for _ in 0..3 {
        call();
    }
    backend.wait(0).unwrap();
    let start = Instant::now();
    for _ in 0..k {
        call();
    }
    let host = start.elapsed();
    backend.wait(0).unwrap();
    let wall = start.elapsed();
    println!(
        "| {name} | {:.1} | {:.1} |",
        host.as_secs_f64() * 1e6 / k as f64,
        wall.as_secs_f64() * 1e6 / k as f64
    );
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let k: usize = std::env::args()
        .nth(1)
        .map(|s| s.parse())
        .transpose()?
        .unwrap_or(500);
    let ctx = Context::new(
        &EncryptionParameters::with_bit_sizes(16384, &[60, 40, 40, 40, 40, 40, 40, 60])?,
        SecurityLevel::Tc128,
    )?;
    let dev = DeviceContext::new(&ctx, open(&OpenOptions::from_env()?)?, 0)?;
    let backend: Arc<dyn Backend> = dev.backend().clone();
    let b = backend.as_ref();
    let encoder = CkksEncoder::new(&ctx);
    let mut rng = rand::rngs::StdRng::seed_from_u64(3);
    let values: Vec<f64> = (0..encoder.slot_count())
        .map(|_| rng.gen_range(-1.0..1.0))
        .collect();
    let scale = 2f64.powi(40);
    println!("{} , K = {k}", b.device_name());
    println!("| part | host µs a call | wall µs a call |");
    println!("| --- | ---: | ---: |");
    let words = 2 * values.len();
    row("encode_on (whole)", k, b, || {
        drop(encoder.encode_on(&dev, &values, scale).unwrap());
    });
    row("vec![0; 2 slots] and a write of every word", k, b, || {
        let mut flat = vec![0u64; words];
        for (w, v) in flat.chunks_exact_mut(2).zip(&values) {
            w[0] = v.to_bits();
        }
        std::hint::black_box(&flat);
    });
    row("rayon over one vector", k, b, || {
        let one = [&values];
        one.par_iter().for_each(|v| {
            std::hint::black_box(v.len());
        });
    });
    let flat = vec![7u64; words];
    row("alloc + write of the slots' words + free", k, b, || {
        let buf = b.alloc(0, words).unwrap();
        b.write(&buf, 0, &flat).unwrap();
        b.free(buf).unwrap();
    });
    let n = 16384;
    let (x, y) = (b.alloc(0, 8 * n)?, b.alloc(0, 8 * n)?);
    row("1 launch (copy of a plaintext's words)", k, b, || {
        // SAFETY: work-item i copies word i; both buffers hold the range's 8n words.
        unsafe {
            COPY_U64.launch(
                b,
                0,
                &NdRange::new([8 * n, 1, 1]),
                CopyArgs { src: &x, dst: &y },
            )
        }
        .unwrap();
    });
    row("1 launch (fill of a plaintext's words)", k, b, || {
        // SAFETY: work-item i writes word i of `y`, which holds the range's 8n words.
        unsafe {
            FILL_U64.launch(
                b,
                0,
                &NdRange::new([8 * n, 1, 1]),
                FillArgs { dst: &y, value: 0 },
            )
        }
        .unwrap();
    });
    row("alloc + free of a plaintext's buffer", k, b, || {
        let buf = b.alloc(0, 8 * n).unwrap();
        b.free(buf).unwrap();
    });
    row("host encode (for scale)", k / 10 + 1, b, || {
        drop(encoder.encode(&values, scale).unwrap());
    });
    Ok(())
}
