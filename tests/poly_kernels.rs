//! The coefficient-wise kernels (add, sub, negate, mul, mul by scalar, fused mad) on every
//! backend, bit for bit against `xehe::arith`, on every tile; cpu-sim also in race-hunting mode;
//! and the typed errors of the host API.

mod common;

use rand::{Rng, SeedableRng};
use std::sync::Arc;
use xehe::arith::Modulus;
use xehe::device_ops::poly::{self, DeviceModuli};
use xehe::primes::CoeffModulus;
use xehe::rns::RnsShape;
use xehe::runtime::{Backend, RuntimeError};
use xehe::MathError;

/// Moduli covering the range: SEAL primes of 60, 50 and 30 bits and the largest admissible
/// modulus 2^61 − 1 (a prime).
fn moduli(count: usize) -> Vec<Modulus> {
    let mut q = CoeffModulus::create(4096, &[60, 50, 30]).unwrap();
    q.push(Modulus::new((1u64 << 61) - 1).unwrap());
    q.into_iter().cycle().take(count).collect()
}

/// Random residues with 0, 1, q − 1 and q − 2 planted at the start of every component.
fn data(shape: RnsShape, q: &[Modulus], seed: u64) -> Vec<u64> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    (0..shape.words())
        .map(|i| {
            let m = q[(i / shape.n) % shape.rns_count].value();
            match i % shape.n {
                0 => 0,
                1 => 1,
                2 => m - 1,
                3 => m - 2,
                _ => rng.gen_range(0..m),
            }
        })
        .collect()
}

type Outputs = Vec<(&'static str, Vec<u64>)>;

/// Runs every kernel on `tile` and returns each kernel's output after checking it against
/// `xehe::arith`.
fn run_all(dev: &Arc<dyn Backend>, tile: usize, shape: RnsShape, seed: u64) -> Outputs {
    let b = dev.as_ref();
    let q = moduli(shape.rns_count);
    let (x, y, z) = (
        data(shape, &q, seed),
        data(shape, &q, seed + 1),
        data(shape, &q, seed + 2),
    );
    let scalars: Vec<u64> = q
        .iter()
        .enumerate()
        .map(|(r, m)| m.value() - 1 - r as u64)
        .collect();
    let m = |i: usize| q[(i / shape.n) % shape.rns_count];
    let r = |i: usize| (i / shape.n) % shape.rns_count;
    let dm = DeviceModuli::upload(dev, tile, &q).unwrap();
    let up = |d: &[u64]| poly::upload(b, tile, shape, &dm, d).unwrap();
    let (bx, by, bz) = (up(&x), up(&y), up(&z));
    let bs = b.alloc(tile, scalars.len()).unwrap();
    b.write(&bs, 0, &scalars).unwrap();
    let out = b.alloc(tile, shape.words()).unwrap();
    let words = shape.words();
    let mut results = Vec::new();
    let mut check = |name: &'static str, f: &dyn Fn(usize) -> u64| {
        let mut got = vec![0u64; words];
        b.read(&out, 0, &mut got).unwrap();
        for (i, &g) in got.iter().enumerate() {
            assert_eq!(
                g,
                f(i),
                "{name} on {} tile {tile}, shape {shape:?}, word {i}",
                b.device_name()
            );
        }
        results.push((name, got));
    };
    poly::add(b, shape, &bx, &by, &out, &dm).unwrap();
    check("add", &|i| m(i).add_mod(x[i], y[i]));
    poly::sub(b, shape, &bx, &by, &out, &dm).unwrap();
    check("sub", &|i| m(i).sub_mod(x[i], y[i]));
    poly::negate(b, shape, &bx, &out, &dm).unwrap();
    check("negate", &|i| m(i).neg_mod(x[i]));
    poly::mul(b, shape, &bx, &by, &out, &dm).unwrap();
    check("mul", &|i| m(i).mul_mod(x[i], y[i]));
    poly::mul_scalar(b, shape, &bx, &bs, &out, &dm).unwrap();
    check("mul_scalar", &|i| m(i).mul_mod(x[i], scalars[r(i)]));
    poly::mad(b, shape, &bx, &by, &bz, &out, &dm).unwrap();
    check("mad", &|i| m(i).mad_mod(x[i], y[i], z[i]));
    for buf in [bx, by, bz, bs, out] {
        b.free(buf).unwrap();
    }
    drop(dm);
    results
}

fn shapes() -> Vec<RnsShape> {
    [
        (4096, 4, 2),
        (7, 3, 3),
        (1, 1, 1),
        (1 << 12, 1, 1),
        (256, 8, 1),
    ]
    .into_iter()
    .map(|(n, r, p)| RnsShape::new(n, r, p).unwrap())
    .collect()
}

fn all_on(b: &Arc<dyn Backend>) -> Vec<Outputs> {
    let mut all = Vec::new();
    for tile in 0..b.tile_count() {
        for (k, s) in shapes().into_iter().enumerate() {
            all.push(run_all(b, tile, s, 100 * k as u64));
        }
    }
    all
}

#[test]
fn cpu_sim_kernels_match_arith() {
    all_on(&common::sim(1, false));
}

#[test]
fn cpu_sim_race_hunting_kernels_match_arith_on_two_tiles() {
    let b = common::sim(2, true);
    let outs = all_on(&b);
    // Both tiles computed the same thing.
    let half = outs.len() / 2;
    assert_eq!(outs[..half], outs[half..]);
}

#[test]
fn opencl_one_tile_bit_identical_to_cpu_sim() {
    let Some(cl) = common::opencl(Some(1)) else {
        return;
    };
    let cl: Arc<dyn Backend> = cl;
    let sim = common::sim(1, false);
    assert_eq!(all_on(&cl), all_on(&sim));
}

#[test]
fn opencl_two_tiles_bit_identical_to_cpu_sim() {
    let Some(cl) = common::opencl(Some(2)) else {
        return;
    };
    let cl: Arc<dyn Backend> = cl;
    assert_eq!(cl.tile_count(), 2);
    let sim = common::sim(2, true);
    assert_eq!(all_on(&cl), all_on(&sim));
}

#[test]
fn opencl_default_tiles_bit_identical_to_cpu_sim() {
    let Some(cl) = common::opencl(None) else {
        return;
    };
    let cl: Arc<dyn Backend> = cl;
    let sim = common::sim(cl.tile_count(), false);
    assert_eq!(all_on(&cl), all_on(&sim));
}

#[test]
fn host_api_rejects_bad_input_with_typed_errors() {
    let dev = common::sim(2, false);
    let b = dev.as_ref();
    let q = moduli(2);
    let shape = RnsShape::new(8, 2, 1).unwrap();
    let dm = DeviceModuli::upload(&dev, 0, &q).unwrap();

    assert!(matches!(
        RnsShape::new(0, 1, 1),
        Err(MathError::InvalidShape(_))
    ));
    assert!(matches!(
        RnsShape::new(1 << 20, 1 << 20, 1 << 30),
        Err(MathError::InvalidShape(_))
    ));
    assert!(matches!(
        DeviceModuli::upload(&dev, 0, &[]),
        Err(RuntimeError::InvalidShape(_))
    ));

    // Unreduced input, wrong length, wrong number of moduli.
    let mut d = vec![1u64; shape.words()];
    d[9] = q[1].value();
    assert!(matches!(
        poly::upload(b, 0, shape, &dm, &d),
        Err(RuntimeError::NotReduced { index: 9, .. })
    ));
    assert!(matches!(
        poly::upload(b, 0, shape, &dm, &[1, 2]),
        Err(RuntimeError::InvalidShape(_))
    ));
    let three = RnsShape::new(8, 3, 1).unwrap();
    assert!(matches!(
        poly::upload(b, 0, three, &dm, &[0; 24]),
        Err(RuntimeError::InvalidShape(_))
    ));

    // Buffers too small, a buffer from another tile, a tile that does not exist.
    let a = poly::upload(b, 0, shape, &dm, &[1; 16]).unwrap();
    let small = b.alloc(0, 15).unwrap();
    assert!(matches!(
        poly::add(b, shape, &a, &a, &small, &dm),
        Err(RuntimeError::BufferTooSmall {
            needed: 16,
            available: 15,
            ..
        })
    ));
    let other = b.alloc(1, 16).unwrap();
    assert!(matches!(
        poly::add(b, shape, &a, &a, &other, &dm),
        Err(RuntimeError::WrongTile {
            buffer_tile: 0,
            tile: 1
        })
    ));
    assert!(matches!(
        b.alloc(2, 4),
        Err(RuntimeError::NoSuchTile {
            index: 2,
            available: 2
        })
    ));
    let scalars = b.alloc(0, 1).unwrap();
    let out = b.alloc(0, 16).unwrap();
    assert!(matches!(
        poly::mul_scalar(b, shape, &a, &scalars, &out, &dm),
        Err(RuntimeError::BufferTooSmall { needed: 2, .. })
    ));

    // Reads and writes past the end.
    assert!(matches!(
        b.write(&out, 10, &[0; 7]),
        Err(RuntimeError::BufferTooSmall { .. })
    ));
    let mut host = [0u64; 4];
    assert!(matches!(
        b.read(&out, 14, &mut host),
        Err(RuntimeError::BufferTooSmall { .. })
    ));
    for buf in [a, small, other, scalars, out] {
        b.free(buf).unwrap();
    }
    drop(dm);
}
