//! The evaluator's operations as kernel launches on one tile. Each takes device copies and
//! returns a new one (copies are immutable once made); shapes and levels were checked by the
//! evaluator. Every sequence is bit-identical to the host reference in `ckks::reference`.

use super::keyswitch;
use super::DeviceContext;
use crate::ckks::storage::DeviceCopy;
use crate::ckks::{CkksError, CkksResult};
use crate::kernels::ckks_multiply as mulk;
use crate::kernels::divide_round as dr;
use crate::kernels::galois_permute as gp;
use crate::kernels::KernelSpec;
use crate::runtime::ntt_rns::{self, Rows};
use crate::runtime::poly::{self, RnsShape};
use crate::runtime::{DeviceBuffer, KernelArg, NdRange};
use std::sync::Arc;

/// Polynomials × primes of one operand.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Dims {
    pub polys: usize,
    pub rns: usize,
}

impl Dims {
    pub(crate) fn words(self, n: usize) -> usize {
        self.polys * self.rns * n
    }
}

/// Checks, before a launch, that `copy` holds `polys` × `rns` polynomials of this context and
/// that `rns` primes exist here: a kernel reads whatever its range says, so a wrong shape (a
/// key-level operand once made the tensor kernel read past its buffer) must stop at the host.
pub(crate) fn holds(
    ctx: &DeviceContext,
    copy: &DeviceCopy,
    polys: usize,
    rns: usize,
    what: &'static str,
) -> CkksResult<()> {
    let primes = ctx.data_primes();
    if rns == 0 || rns > primes {
        return Err(CkksError::WrongSize {
            what: "primes of a device operand (1 to the data primes)",
            expected: primes,
            given: rns,
        });
    }
    let words = polys * rns * ctx.n();
    if copy.buffer.words() < words {
        return Err(CkksError::WrongSize {
            what,
            expected: words,
            given: copy.buffer.words(),
        });
    }
    Ok(())
}

pub(crate) fn shape(n: usize, rns: usize, polys: usize) -> CkksResult<RnsShape> {
    Ok(RnsShape::new(n, rns, polys)?)
}

pub(crate) fn launch(
    ctx: &DeviceContext,
    kernel: &'static KernelSpec,
    global: [usize; 3],
    args: &[KernelArg<'_>],
) -> CkksResult<()> {
    ctx.backend()
        .launch(ctx.tile(), kernel, &NdRange::new(global), args)?;
    Ok(())
}

pub(crate) fn buf(b: &DeviceBuffer) -> KernelArg<'_> {
    KernelArg::Buffer(b)
}
pub(crate) fn u32(x: usize) -> KernelArg<'static> {
    KernelArg::U32(x as u32)
}

/// a ± b, or −a, word by word (`kind`: 0 add, 1 sub, 2 negate).
pub(crate) fn elementwise(
    ctx: &Arc<DeviceContext>,
    kind: u8,
    a: &DeviceCopy,
    b: Option<&DeviceCopy>,
    d: Dims,
) -> CkksResult<DeviceCopy> {
    holds(ctx, a, d.polys, d.rns, "device operand words")?;
    if let Some(b) = b {
        holds(ctx, b, d.polys, d.rns, "device operand words")?;
    }
    let n = ctx.n();
    let out = DeviceCopy::alloc(ctx, d.words(n))?;
    let s = shape(n, d.rns, d.polys)?;
    let backend = ctx.backend().as_ref();
    let m = ctx.data_tables().moduli();
    match (kind, b) {
        (0, Some(b)) => poly::add(backend, s, &a.buffer, &b.buffer, &out.buffer, m)?,
        (1, Some(b)) => poly::sub(backend, s, &a.buffer, &b.buffer, &out.buffer, m)?,
        _ => poly::negate(backend, s, &a.buffer, &out.buffer, m)?,
    };
    Ok(out)
}

/// A kernel `(x, y, out, moduli, n, rns_count, extra…)` over the range (n, `rns`, `polys`),
/// into a new buffer of `out_polys` polynomials; `in_polys` are the polynomials it reads of x
/// and y.
#[allow(clippy::too_many_arguments)]
fn binary(
    ctx: &Arc<DeviceContext>,
    kernel: &'static KernelSpec,
    x: &DeviceCopy,
    y: &DeviceCopy,
    rns: usize,
    polys: usize,
    out_polys: usize,
    in_polys: (usize, usize),
    extra: &[KernelArg<'_>],
) -> CkksResult<DeviceCopy> {
    holds(ctx, x, in_polys.0, rns, "device operand words")?;
    holds(ctx, y, in_polys.1, rns, "device operand words")?;
    let n = ctx.n();
    let out = DeviceCopy::alloc(ctx, out_polys * rns * n)?;
    let m = ctx.data_tables().moduli().buffer();
    let mut args = vec![
        buf(&x.buffer),
        buf(&y.buffer),
        buf(&out.buffer),
        buf(m),
        u32(n),
        u32(rns),
    ];
    args.extend_from_slice(extra);
    launch(ctx, kernel, [n, rns, polys], &args)?;
    Ok(out)
}

/// ct ± pt on the first polynomial (`subtract`), others copied.
pub(crate) fn add_plain(
    ctx: &Arc<DeviceContext>,
    ct: &DeviceCopy,
    pt: &DeviceCopy,
    d: Dims,
    subtract: bool,
) -> CkksResult<DeviceCopy> {
    let extra = [u32(subtract as usize)];
    binary(
        ctx,
        &mulk::CKKS_ADD_PLAIN,
        ct,
        pt,
        d.rns,
        d.polys,
        d.polys,
        (d.polys, 1),
        &extra,
    )
}

/// Every polynomial times the plaintext.
pub(crate) fn multiply_plain(
    ctx: &Arc<DeviceContext>,
    ct: &DeviceCopy,
    pt: &DeviceCopy,
    d: Dims,
) -> CkksResult<DeviceCopy> {
    binary(
        ctx,
        &mulk::CKKS_MUL_PLAIN,
        ct,
        pt,
        d.rns,
        d.polys,
        d.polys,
        (d.polys, 1),
        &[],
    )
}

/// Every polynomial times one scalar per prime (`scalars`, reduced, one word per prime).
pub(crate) fn multiply_scalars(
    ctx: &Arc<DeviceContext>,
    ct: &DeviceCopy,
    scalars: &[u64],
    d: Dims,
) -> CkksResult<DeviceCopy> {
    holds(ctx, ct, d.polys, d.rns, "device operand words")?;
    if scalars.len() != d.rns {
        return Err(CkksError::WrongSize {
            what: "scalars (one per prime)",
            expected: d.rns,
            given: scalars.len(),
        });
    }
    let n = ctx.n();
    let c = DeviceCopy::upload(ctx, scalars)?;
    let out = DeviceCopy::alloc(ctx, d.words(n))?;
    poly::mul_scalar(
        ctx.backend().as_ref(),
        shape(n, d.rns, d.polys)?,
        &ct.buffer,
        &c.buffer,
        &out.buffer,
        ctx.data_tables().moduli(),
    )?;
    Ok(out)
}

/// The size-3 tensor product of two size-2 ciphertexts (a == b: the square).
pub(crate) fn tensor(
    ctx: &Arc<DeviceContext>,
    a: &DeviceCopy,
    b: &DeviceCopy,
    rns: usize,
) -> CkksResult<DeviceCopy> {
    binary(ctx, &mulk::CKKS_TENSOR, a, b, rns, 1, 3, (2, 2), &[])
}

/// The first `rns` of every polynomial's `src_rns` components.
pub(crate) fn truncate(
    ctx: &Arc<DeviceContext>,
    src: &DeviceCopy,
    polys: usize,
    src_rns: usize,
    rns: usize,
) -> CkksResult<DeviceCopy> {
    holds(ctx, src, polys, src_rns, "device operand words")?;
    if rns > src_rns {
        return Err(CkksError::WrongSize {
            what: "primes kept by a truncation",
            expected: src_rns,
            given: rns,
        });
    }
    let n = ctx.n();
    let out = DeviceCopy::alloc(ctx, polys * rns * n)?;
    launch(
        ctx,
        &dr::RNS_TRUNCATE,
        [n, rns, polys],
        &[
            buf(&src.buffer),
            buf(&out.buffer),
            u32(n),
            u32(src_rns),
            u32(rns),
        ],
    )?;
    Ok(out)
}

/// Divides by the level's last prime with rounding (rescale): `d.rns` → `d.rns − 1` primes.
pub(crate) fn rescale(
    ctx: &Arc<DeviceContext>,
    ct: &DeviceCopy,
    d: Dims,
) -> CkksResult<DeviceCopy> {
    holds(ctx, ct, d.polys, d.rns, "device operand words")?;
    if d.rns < 2 {
        return Err(CkksError::EndOfModulusChain { chain_index: 0 });
    }
    let n = ctx.n();
    let (l, polys) = (d.rns, d.polys);
    let last_prime = ctx.data_prime(l - 1);
    // The last component of every polynomial, to coefficient form modulo q_(l−1) alone, read
    // where it lies in the ciphertext.
    let last = DeviceCopy::alloc(ctx, polys * n)?;
    let s1 = shape(n, 1, polys)?;
    ntt_rns::inverse_rns(
        ctx.backend().as_ref(),
        ctx.single_tables(l - 1),
        s1,
        Rows::component(&ct.buffer, l, l - 1),
        &last.buffer,
        &ctx.plan(s1)?,
    )?;
    let consts = ctx
        .rescale_consts(l)
        .expect("levels of two or more primes have constants");
    let out = DeviceCopy::alloc(ctx, polys * (l - 1) * n)?;
    keyswitch::divide_round(
        ctx,
        keyswitch::DivideRound {
            last: &last.buffer,
            q_last: last_prime.value(),
            consts,
            x: &ct.buffer,
            x_rns: l,
            base: &ct.buffer,
            base_rns: l,
            add_mask: 0,
            out: &out.buffer,
            rns: l - 1,
            polys,
        },
    )?;
    Ok(out)
}

/// X → X^g on every polynomial (NTT form).
pub(crate) fn permute(
    ctx: &Arc<DeviceContext>,
    ct: &DeviceCopy,
    g: u64,
    d: Dims,
) -> CkksResult<DeviceCopy> {
    holds(ctx, ct, d.polys, d.rns, "device operand words")?;
    let n = ctx.n();
    let out = DeviceCopy::alloc(ctx, d.words(n))?;
    ctx.with_perm(g, |perm| {
        launch(
            ctx,
            &gp::GALOIS_PERMUTE_NTT,
            [n, d.rns, d.polys],
            &[
                buf(&ct.buffer),
                buf(&out.buffer),
                buf(perm),
                u32(n),
                u32(d.rns),
            ],
        )
    })?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ckks::{Context, EncryptionParameters};
    use crate::primes::SecurityLevel;
    use crate::runtime::sim::{SimBackend, SimOptions};
    use crate::runtime::Backend;

    /// A key-level operand (one prime more than the data primes) or a short buffer once reached
    /// the tensor kernel, which read past the buffer; now the host refuses it.
    #[test]
    fn operands_of_the_wrong_shape_never_reach_a_kernel() {
        let parms = EncryptionParameters::with_bit_sizes(4096, &[40, 30, 36]).unwrap();
        let ctx = Context::new(&parms, SecurityLevel::Tc128).unwrap();
        let backend = Arc::new(SimBackend::new(SimOptions::default()).unwrap());
        let d = DeviceContext::new(&ctx, backend.clone(), 0).unwrap();
        let n = 4096;
        let short = DeviceCopy::upload(&d, &vec![0; 2 * 2 * n - 1]).unwrap();
        let full = DeviceCopy::upload(&d, &vec![0; 2 * 3 * n]).unwrap();
        let before = backend.profiler().records().len();
        for r in [
            tensor(&d, &short, &short, 2),
            tensor(&d, &full, &full, 3), // three primes: the key level's count
            rescale(&d, &short, Dims { polys: 2, rns: 2 }),
            permute(&d, &short, 3, Dims { polys: 2, rns: 2 }),
            truncate(&d, &full, 2, 2, 3),
            multiply_scalars(&d, &full, &[1], Dims { polys: 2, rns: 2 }),
        ] {
            assert!(
                matches!(r, Err(CkksError::WrongSize { .. })),
                "{:?}",
                r.map(|_| ())
            );
        }
        assert_eq!(backend.profiler().records().len(), before, "no kernel ran");
    }
}
