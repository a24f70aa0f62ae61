//! The fusion section of `xehe bench ckks`: each fused CKKS kernel against the coefficient-wise
//! launches it replaces, on the shapes of the context's first level, device kernel time.
//!
//! - `ckks_tensor`: (a0·b0, a0·b1 + a1·b0, a1·b1) in one pass, against poly_mul ×3 + poly_mad;
//! - `ks_mac`: the key-switching multiply-accumulate over every decomposition component in one
//!   pass (128-bit sums), against one poly_mad per component and key polynomial;
//! - `divide_round_finish`: (x − t) · P^-1 + c in one pass, against poly_sub, poly_mul_scalar
//!   and poly_add.

use super::bench::err;
use super::bench_ckks::span;
use super::{CliError, UsageError};
use rand::{Rng, SeedableRng};
use serde::Serialize;
use std::sync::Arc;
use xehe::arith::Modulus;
use xehe::ckks::Context;
use xehe::kernels::{ckks_multiply, divide_round, key_switch};
use xehe::runtime::poly::{self, DeviceModuli, RnsShape};
use xehe::runtime::{Backend, DeviceBuffer, KernelArg, NdRange, RuntimeResult};

#[derive(Serialize)]
pub(super) struct FusionRow {
    pub fused: String,
    /// Device kernel time and device span (first start to last end: launch gaps included),
    /// medians in µs.
    pub fused_us: f64,
    pub fused_span_us: f64,
    pub unfused: String,
    pub unfused_us: f64,
    pub unfused_span_us: f64,
}

impl FusionRow {
    pub(super) fn new(fused: &str, f: Timing, unfused: String, u: Timing) -> Self {
        FusionRow {
            fused: fused.into(),
            fused_us: f.kernel,
            fused_span_us: f.span,
            unfused,
            unfused_us: u.kernel,
            unfused_span_us: u.span,
        }
    }
}

/// Medians over the repetitions, µs.
#[derive(Clone, Copy)]
pub(super) struct Timing {
    kernel: f64,
    span: f64,
}

pub(super) fn median_kernel_us(
    b: &dyn Backend,
    reps: usize,
    mut f: impl FnMut() -> RuntimeResult<()>,
) -> Result<Timing, UsageError> {
    f().map_err(err)?;
    b.wait(0).map_err(err)?;
    let (mut spans, mut kernels) = (Vec::with_capacity(reps), Vec::with_capacity(reps));
    for _ in 0..reps {
        b.profiler().clear();
        f().map_err(err)?;
        b.wait(0).map_err(err)?;
        let (s, k) = span(&b.profiler().records());
        spans.push(s);
        kernels.push(k);
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(|a, b| a.total_cmp(b));
        v[v.len() / 2]
    };
    Ok(Timing {
        kernel: median(kernels),
        span: median(spans),
    })
}

/// Device buffers of one tile, named by index, freed on drop.
pub(super) struct Bufs<'a> {
    pub b: &'a dyn Backend,
    pub owned: Vec<DeviceBuffer>,
}

impl<'a> Bufs<'a> {
    pub fn new(b: &'a dyn Backend) -> Self {
        Bufs { b, owned: vec![] }
    }
    /// Random words reduced modulo `q` (component index (i / n) mod q.len()).
    pub fn random(
        &mut self,
        words: usize,
        n: usize,
        q: &[Modulus],
        seed: u64,
    ) -> RuntimeResult<usize> {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let data: Vec<u64> = (0..words)
            .map(|i| rng.gen_range(0..q[(i / n) % q.len()].value()))
            .collect();
        self.upload(&data)
    }
    pub fn upload(&mut self, words: &[u64]) -> RuntimeResult<usize> {
        let i = self.zeros(words.len())?;
        self.b.write(&self.owned[i], 0, words)?;
        Ok(i)
    }
    pub fn zeros(&mut self, words: usize) -> RuntimeResult<usize> {
        let buf = self.b.alloc(0, words)?;
        self.owned.push(buf);
        Ok(self.owned.len() - 1)
    }
    pub fn get(&self, i: usize) -> &DeviceBuffer {
        &self.owned[i]
    }
    pub fn read(&self, i: usize) -> RuntimeResult<Vec<u64>> {
        let mut v = vec![0; self.owned[i].words()];
        self.b.read(&self.owned[i], 0, &mut v)?;
        Ok(v)
    }
}

impl Drop for Bufs<'_> {
    fn drop(&mut self) {
        for buf in self.owned.drain(..) {
            let _ = self.b.free(buf);
        }
    }
}

pub(super) fn run(
    dev: &Arc<dyn Backend>,
    ctx: &Context,
    reps: usize,
) -> Result<Vec<FusionRow>, CliError> {
    let b = dev.as_ref();
    let level = ctx.first_context_data();
    let q: Vec<Modulus> = level.coeff_modulus().to_vec();
    let key = ctx.key_context_data().coeff_modulus();
    let (n, l) = (level.parms().poly_modulus_degree(), q.len());
    let ks_q: Vec<Modulus> = std::iter::once(key[key.len() - 1])
        .chain(q.iter().copied())
        .collect();
    let moduli = DeviceModuli::upload(b, 0, &q).map_err(err)?;
    let ks_moduli = DeviceModuli::upload(b, 0, &ks_q).map_err(err)?;
    let mut bufs = Bufs::new(b);
    let r = |e| err(e);
    let a = bufs.random(2 * l * n, n, &q, 1).map_err(r)?;
    let bb = bufs.random(2 * l * n, n, &q, 2).map_err(r)?;
    let out = bufs.random(3 * l * n, n, &q, 3).map_err(r)?;
    let one = RnsShape::new(n, l, 1).map_err(err)?;
    let words = one.words();
    // Single polynomials of the operands for the unfused sequence.
    let parts: Vec<usize> = (0..4)
        .map(|i| bufs.random(words, n, &q, 10 + i))
        .collect::<Result<_, _>>()
        .map_err(r)?;
    let o: Vec<usize> = (0..3)
        .map(|i| bufs.random(words, n, &q, 20 + i))
        .collect::<Result<_, _>>()
        .map_err(r)?;
    let ext = bufs.random(l * (l + 1) * n, n, &ks_q, 30).map_err(r)?;
    let keys = bufs.random(l * 2 * (l + 1) * n, n, &ks_q, 31).map_err(r)?;
    let acc_sp = bufs.random(2 * n, n, &ks_q[..1], 32).map_err(r)?;
    let acc = bufs.random(2 * l * n, n, &q, 33).map_err(r)?;
    let ks_one = RnsShape::new(n, l + 1, 1).map_err(err)?;
    let row: Vec<usize> = (0..3)
        .map(|i| bufs.random(ks_one.words(), n, &ks_q, 40 + i))
        .collect::<Result<_, _>>()
        .map_err(r)?;
    let two = RnsShape::new(n, l, 2).map_err(err)?;
    let x = bufs.random(two.words(), n, &q, 50).map_err(r)?;
    let t = bufs.random(two.words(), n, &q, 51).map_err(r)?;
    let base = bufs.random(two.words(), n, &q, 52).map_err(r)?;
    let res = bufs.random(two.words(), n, &q, 53).map_err(r)?;
    let consts = bufs.random(2 * l, 1, &q, 54).map_err(r)?;
    let scalars = bufs.random(l, 1, &q, 55).map_err(r)?;
    let m = moduli.buffer();
    let tensor = median_kernel_us(b, reps, || {
        b.launch(
            0,
            &ckks_multiply::CKKS_TENSOR,
            &NdRange::new([n, l, 1]),
            &[
                KernelArg::Buffer(bufs.get(a)),
                KernelArg::Buffer(bufs.get(bb)),
                KernelArg::Buffer(bufs.get(out)),
                KernelArg::Buffer(m),
                KernelArg::U32(n as u32),
                KernelArg::U32(l as u32),
            ],
        )
        .map(drop)
    })?;
    let g = |i: usize| bufs.get(i);
    let unfused_tensor = median_kernel_us(b, reps, || {
        let (a0, a1, b0, b1) = (g(parts[0]), g(parts[1]), g(parts[2]), g(parts[3]));
        poly::mul(b, one, a0, b0, g(o[0]), &moduli)?;
        poly::mul(b, one, a1, b1, g(o[2]), &moduli)?;
        poly::mul(b, one, a0, b1, g(o[1]), &moduli)?;
        poly::mad(b, one, a1, b0, g(o[1]), g(o[1]), &moduli).map(drop)
    })?;

    // Key-switching MAC at the first level: l components, l + 1 primes, 2 key polynomials.
    let mac = median_kernel_us(b, reps, || {
        b.launch(
            0,
            &key_switch::KS_MAC,
            &NdRange::new([n, l + 1, 2]),
            &[
                KernelArg::Buffer(g(ext)),
                KernelArg::Buffer(g(keys)),
                KernelArg::Buffer(g(acc_sp)),
                KernelArg::Buffer(g(acc)),
                KernelArg::Buffer(ks_moduli.buffer()),
                KernelArg::U32(n as u32),
                KernelArg::U32(l as u32),
                KernelArg::U32(l as u32 + 1),
            ],
        )
        .map(drop)
    })?;
    let unfused_mac = median_kernel_us(b, reps, || {
        for _ in 0..l {
            for _ in 0..2 {
                poly::mad(
                    b,
                    ks_one,
                    g(row[0]),
                    g(row[1]),
                    g(row[2]),
                    g(row[2]),
                    &ks_moduli,
                )?;
            }
        }
        Ok(())
    })?;

    // The mod-down's last step on a size-2 result.
    let finish = median_kernel_us(b, reps, || {
        b.launch(
            0,
            &divide_round::DIVIDE_ROUND_FINISH,
            &NdRange::new([n, l, 2]),
            &[
                KernelArg::Buffer(g(x)),
                KernelArg::Buffer(g(t)),
                KernelArg::Buffer(g(base)),
                KernelArg::Buffer(g(res)),
                KernelArg::Buffer(m),
                KernelArg::Buffer(g(consts)),
                KernelArg::U32(n as u32),
                KernelArg::U32(l as u32),
                KernelArg::U32(l as u32),
                KernelArg::U32(l as u32),
                KernelArg::U32(3),
            ],
        )
        .map(drop)
    })?;
    let unfused_finish = median_kernel_us(b, reps, || {
        poly::sub(b, two, g(x), g(t), g(res), &moduli)?;
        poly::mul_scalar(b, two, g(res), g(scalars), g(res), &moduli)?;
        poly::add(b, two, g(base), g(res), g(res), &moduli).map(drop)
    })?;
    drop(bufs);
    moduli.free(b).map_err(err)?;
    ks_moduli.free(b).map_err(err)?;
    let mut rows = vec![
        FusionRow::new(
            "ckks_tensor",
            tensor,
            "poly_mul ×3 + poly_mad".into(),
            unfused_tensor,
        ),
        FusionRow::new("ks_mac", mac, format!("poly_mad ×{}", 2 * l), unfused_mac),
        FusionRow::new(
            "divide_round_finish",
            finish,
            "poly_sub + poly_mul_scalar + poly_add".into(),
            unfused_finish,
        ),
    ];
    rows.extend(super::bench_fusion_ntt::run(dev, ctx, reps)?);
    Ok(rows)
}
