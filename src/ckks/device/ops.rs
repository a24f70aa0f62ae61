//! The evaluator's operations as kernel launches on one tile. Each takes device copies and
//! returns a new one (copies are immutable once made); shapes and levels were checked by the
//! evaluator. Every sequence is bit-identical to the host reference in `ckks::reference`.

use super::keyswitch;
use crate::ckks::device::copy::DeviceCopy;
use crate::ckks::device::DeviceContext;
use crate::ckks::error::{CkksError, CkksResult};
use crate::device_ops::ntt::rns::{self as ntt_rns, DivideRound, Rows};
use crate::device_ops::ntt::{self, NttPlan};
use crate::device_ops::poly;
use crate::exec::WordKernel;
use crate::kernels::ckks_multiply::{
    self as mulk, AddPlainArgs, ConstSumArgs, PlainSumArgs, ProductArgs, PLAIN_SUM_TERMS,
};
use crate::kernels::divide_round::{TruncateArgs, RNS_TRUNCATE};
use crate::kernels::galois_permute::{PermuteArgs, GALOIS_PERMUTE_NTT};
use crate::kernels::rational_rescale::{
    ConvertArgs, DroppedArgs, FinishArgs, GatherArgs, RR_CONVERT, RR_DROPPED, RR_FINISH, RR_GATHER,
};
use crate::rns::RnsShape;
use crate::runtime::NdRange;
use std::sync::Arc;

/// Checks that an operand's shape is of this context's degree (its words are then checked by
/// [`holds`]).
fn same_degree(ctx: &DeviceContext, s: RnsShape) -> CkksResult<()> {
    if s.n != ctx.n() {
        return Err(CkksError::WrongSize {
            what: "degree of a device operand",
            expected: ctx.n(),
            given: s.n,
        });
    }
    Ok(())
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
    if copy.words() < words {
        return Err(CkksError::WrongSize {
            what,
            expected: words,
            given: copy.words(),
        });
    }
    Ok(())
}

/// A word-by-word operation of [`elementwise`].
#[derive(Clone, Copy)]
pub(crate) enum Elementwise<'a> {
    Add(&'a DeviceCopy),
    Sub(&'a DeviceCopy),
    Negate,
}

/// a + b, a − b or −a, word by word.
pub(crate) fn elementwise(
    ctx: &Arc<DeviceContext>,
    a: &DeviceCopy,
    op: Elementwise<'_>,
    s: RnsShape,
) -> CkksResult<DeviceCopy> {
    same_degree(ctx, s)?;
    holds(ctx, a, s.poly_count, s.rns_count, "device operand words")?;
    if let Elementwise::Add(b) | Elementwise::Sub(b) = op {
        holds(ctx, b, s.poly_count, s.rns_count, "device operand words")?;
    }
    let out = DeviceCopy::alloc(ctx, s.words())?;
    let backend = ctx.backend().as_ref();
    let m = ctx.data_tables().moduli();
    match op {
        Elementwise::Add(b) => poly::add(backend, s, &a.buffer, &b.buffer, &out.buffer, m)?,
        Elementwise::Sub(b) => poly::sub(backend, s, &a.buffer, &b.buffer, &out.buffer, m)?,
        Elementwise::Negate => poly::negate(backend, s, &a.buffer, &out.buffer, m)?,
    };
    Ok(out)
}

/// A product kernel `(x, y, out, moduli, n, rns_count)` over the range (n, `rns`, `polys`),
/// into a new buffer of `out_polys` polynomials; `in_polys` are the polynomials it reads of x
/// and y.
fn product(
    ctx: &Arc<DeviceContext>,
    kernel: &'static WordKernel<ProductArgs<'static>>,
    (x, y): (&DeviceCopy, &DeviceCopy),
    (rns, polys): (usize, usize),
    out_polys: usize,
    in_polys: (usize, usize),
) -> CkksResult<DeviceCopy> {
    holds(ctx, x, in_polys.0, rns, "device operand words")?;
    holds(ctx, y, in_polys.1, rns, "device operand words")?;
    let n = ctx.n();
    let out = DeviceCopy::alloc(ctx, out_polys * rns * n)?;
    let args = ProductArgs {
        x: &x.buffer,
        y: &y.buffer,
        out: &out.buffer,
        moduli: ctx.data_tables().moduli().buffer(),
        n: n as u32,
        rns_count: rns as u32,
    };
    // SAFETY: coefficient (t, i, p) of x's and y's first in_polys polynomials (holds checked
    // both), of `out` (out_polys × rns rows allocated) and moduli row i < rns (holds).
    unsafe {
        kernel.word(ctx.word()).launch(
            ctx.backend().as_ref(),
            ctx.tile(),
            &NdRange::new([n, rns, polys]),
            args,
        )?
    };
    Ok(out)
}

/// Whether [`add_plain`] adds or subtracts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PlainSign {
    Add,
    Subtract,
}

/// ct ± pt on the first polynomial, others copied.
pub(crate) fn add_plain(
    ctx: &Arc<DeviceContext>,
    ct: &DeviceCopy,
    pt: &DeviceCopy,
    s: RnsShape,
    sign: PlainSign,
) -> CkksResult<DeviceCopy> {
    same_degree(ctx, s)?;
    holds(ctx, ct, s.poly_count, s.rns_count, "device operand words")?;
    holds(ctx, pt, 1, s.rns_count, "device operand words")?;
    let n = ctx.n();
    let out = DeviceCopy::alloc(ctx, s.words())?;
    let args = AddPlainArgs {
        ct: &ct.buffer,
        pt: &pt.buffer,
        out: &out.buffer,
        moduli: ctx.data_tables().moduli().buffer(),
        n: n as u32,
        rns_count: s.rns_count as u32,
        subtract: (sign == PlainSign::Subtract) as u32,
    };
    let range = NdRange::new([n, s.rns_count, s.poly_count]);
    // SAFETY: coefficient (t, i, p) of `ct` and `out` (s's words, holds and the allocation)
    // and of `pt`'s single polynomial (holds); moduli row i < rns_count (holds).
    unsafe {
        mulk::CKKS_ADD_PLAIN.word(ctx.word()).launch(
            ctx.backend().as_ref(),
            ctx.tile(),
            &range,
            args,
        )?
    };
    Ok(out)
}

/// Every polynomial times the plaintext.
pub(crate) fn multiply_plain(
    ctx: &Arc<DeviceContext>,
    ct: &DeviceCopy,
    pt: &DeviceCopy,
    s: RnsShape,
) -> CkksResult<DeviceCopy> {
    same_degree(ctx, s)?;
    product(
        ctx,
        &mulk::CKKS_MUL_PLAIN,
        (ct, pt),
        (s.rns_count, s.poly_count),
        s.poly_count,
        (s.poly_count, 1),
    )
}

/// Σ ct_t · pt_t over `terms` (each ciphertext of shape `s`, each plaintext one polynomial of
/// `s`'s primes), in launches of up to [`PLAIN_SUM_TERMS`] terms, each after the first adding
/// the previous launch's sum: every ciphertext and plaintext is read once, and the sum is
/// written once per launch.
pub(crate) fn multiply_plain_sum(
    ctx: &Arc<DeviceContext>,
    terms: &[(&DeviceCopy, &DeviceCopy)],
    s: RnsShape,
) -> CkksResult<DeviceCopy> {
    same_degree(ctx, s)?;
    if terms.is_empty() {
        return Err(CkksError::WrongSize {
            what: "terms of a plaintext product sum",
            expected: 1,
            given: 0,
        });
    }
    for (ct, pt) in terms {
        holds(ctx, ct, s.poly_count, s.rns_count, "device operand words")?;
        holds(ctx, pt, 1, s.rns_count, "device operand words")?;
    }
    let n = ctx.n();
    let range = NdRange::new([n, s.rns_count, s.poly_count]);
    chained_sum(ctx, terms, s, |_, chunk, sum, out| {
        // Terms past the chunk's own bind its last term's buffers, never read.
        let ct = |t: usize| &chunk[t.min(chunk.len() - 1)].0.buffer;
        let pt = |t: usize| &chunk[t.min(chunk.len() - 1)].1.buffer;
        let args = PlainSumArgs {
            ct0: ct(0),
            ct1: ct(1),
            ct2: ct(2),
            ct3: ct(3),
            ct4: ct(4),
            ct5: ct(5),
            ct6: ct(6),
            ct7: ct(7),
            pt0: pt(0),
            pt1: pt(1),
            pt2: pt(2),
            pt3: pt(3),
            pt4: pt(4),
            pt5: pt(5),
            pt6: pt(6),
            pt7: pt(7),
            acc: sum.map_or(ct(0), |a| &a.buffer),
            out: &out.buffer,
            moduli: ctx.data_tables().moduli().buffer(),
            n: n as u32,
            rns_count: s.rns_count as u32,
            terms: chunk.len() as u32,
            accumulate: u32::from(sum.is_some()),
        };
        // SAFETY: coefficient (t, i, p) of every bound ciphertext, of the accumulator (the
        // previous launch's output, s's words) and of `out` (allocated with s's words), and of
        // every bound plaintext's single polynomial (holds checked each term); moduli row i <
        // rns_count (holds).
        unsafe {
            mulk::CKKS_MUL_PLAIN_SUM.word(ctx.word()).launch(
                ctx.backend().as_ref(),
                ctx.tile(),
                &range,
                args,
            )?
        };
        Ok(())
    })
}

/// The launches of a sum over `terms`, [`PLAIN_SUM_TERMS`] a launch: `launch(first, chunk,
/// sum, out)` writes the chunk's terms (`first` the index of its first term), plus `sum`, the
/// previous launch's output (none for the first), into `out`, a new buffer of `s`'s words.
/// The last `out` is the sum.
fn chained_sum<T>(
    ctx: &Arc<DeviceContext>,
    terms: &[T],
    s: RnsShape,
    mut launch: impl FnMut(usize, &[T], Option<&DeviceCopy>, &DeviceCopy) -> CkksResult<()>,
) -> CkksResult<DeviceCopy> {
    let mut sum: Option<DeviceCopy> = None;
    for (c, chunk) in terms.chunks(PLAIN_SUM_TERMS).enumerate() {
        let out = DeviceCopy::alloc(ctx, s.words())?;
        launch(c * PLAIN_SUM_TERMS, chunk, sum.as_ref(), &out)?;
        sum = Some(out);
    }
    sum.ok_or(CkksError::WrongSize {
        what: "terms of a sum",
        expected: 1,
        given: 0,
    })
}

/// Σ ct_t · c_t over `terms` into shape `s`: term t is a ciphertext of `s.poly_count`
/// polynomials over its own prime count (at least `s.rns_count`; its first `s.rns_count` are
/// read, as a modulus switch keeps them), c_t its scalars (`scalars[t·rns + i]`, reduced), in
/// launches of up to [`PLAIN_SUM_TERMS`] terms, each after the first adding the previous sum.
pub(crate) fn multiply_const_sum(
    ctx: &Arc<DeviceContext>,
    terms: &[(&DeviceCopy, usize)],
    scalars: &[u64],
    s: RnsShape,
) -> CkksResult<DeviceCopy> {
    same_degree(ctx, s)?;
    if terms.is_empty() || scalars.len() != terms.len() * s.rns_count {
        return Err(CkksError::WrongSize {
            what: "scalars of a constant product sum (one per term and prime)",
            expected: terms.len().max(1) * s.rns_count,
            given: scalars.len(),
        });
    }
    for &(ct, rns) in terms {
        if rns < s.rns_count {
            return Err(CkksError::WrongSize {
                what: "primes of a term of a constant product sum (at least the sum's)",
                expected: s.rns_count,
                given: rns,
            });
        }
        holds(ctx, ct, s.poly_count, rns, "device operand words")?;
    }
    let n = ctx.n();
    let range = NdRange::new([n, s.rns_count, s.poly_count]);
    let r = s.rns_count;
    chained_sum(ctx, terms, s, |first, chunk, sum, out| {
        let c = DeviceCopy::upload(ctx, &scalars[first * r..(first + chunk.len()) * r])?;
        // Terms past the chunk's own bind its last term, never read.
        let t = |k: usize| chunk[k.min(chunk.len() - 1)];
        let args = ConstSumArgs {
            ct0: &t(0).0.buffer,
            ct1: &t(1).0.buffer,
            ct2: &t(2).0.buffer,
            ct3: &t(3).0.buffer,
            ct4: &t(4).0.buffer,
            ct5: &t(5).0.buffer,
            ct6: &t(6).0.buffer,
            ct7: &t(7).0.buffer,
            scalars: &c.buffer,
            acc: sum.map_or(&t(0).0.buffer, |a| &a.buffer),
            out: &out.buffer,
            moduli: ctx.data_tables().moduli().buffer(),
            n: n as u32,
            rns_count: s.rns_count as u32,
            terms: chunk.len() as u32,
            accumulate: u32::from(sum.is_some()),
            rns0: t(0).1 as u32,
            rns1: t(1).1 as u32,
            rns2: t(2).1 as u32,
            rns3: t(3).1 as u32,
            rns4: t(4).1 as u32,
            rns5: t(5).1 as u32,
            rns6: t(6).1 as u32,
            rns7: t(7).1 as u32,
        };
        // SAFETY: term t's word (p, i, k) at (p·rns_t + i)·n + k with p < polys, i < rns_count
        // ≤ rns_t (holds checked polys × rns_t words each); the chunk's scalars, one per term
        // and prime (the uploaded chunk); the accumulator and `out` hold s's words; moduli row
        // i < rns_count (holds).
        unsafe {
            mulk::CKKS_CONST_SUM.word(ctx.word()).launch(
                ctx.backend().as_ref(),
                ctx.tile(),
                &range,
                args,
            )?
        };
        Ok(())
    })
}

/// Every polynomial times one scalar per prime (`scalars`, reduced, one word per prime).
pub(crate) fn multiply_scalars(
    ctx: &Arc<DeviceContext>,
    ct: &DeviceCopy,
    scalars: &[u64],
    s: RnsShape,
) -> CkksResult<DeviceCopy> {
    same_degree(ctx, s)?;
    holds(ctx, ct, s.poly_count, s.rns_count, "device operand words")?;
    if scalars.len() != s.rns_count {
        return Err(CkksError::WrongSize {
            what: "scalars (one per prime)",
            expected: s.rns_count,
            given: scalars.len(),
        });
    }
    let c = DeviceCopy::upload(ctx, scalars)?;
    let out = DeviceCopy::alloc(ctx, s.words())?;
    poly::mul_scalar(
        ctx.backend().as_ref(),
        s,
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
    product(ctx, &mulk::CKKS_TENSOR, (a, b), (rns, 1), 3, (2, 2))
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
    let args = TruncateArgs {
        src: &src.buffer,
        dst: &out.buffer,
        n: n as u32,
        src_rns: src_rns as u32,
        rns_count: rns as u32,
    };
    let range = NdRange::new([n, rns, polys]);
    // SAFETY: row p·src_rns + i (i < rns ≤ src_rns) of `src` (holds) into row p·rns + i of
    // `out` (allocated for polys × rns rows).
    unsafe {
        RNS_TRUNCATE
            .word(ctx.word())
            .launch(ctx.backend().as_ref(), ctx.tile(), &range, args)?
    };
    Ok(out)
}

/// A 32-bit-tier level's rational rescale ([`crate::rns::RationalRescale`], the fast form):
/// the dropped rows to coefficient form, scaled, converted to the next level's primes and
/// transformed back, then added to the kept rows times R·D^-1. `s` is the source's shape on
/// `ctx` (its level's table set); the result, `[polys][targets][n]`, is made on `target`, the
/// next level's.
pub(crate) fn rational_rescale(
    ctx: &Arc<DeviceContext>,
    target: &Arc<DeviceContext>,
    ct: &DeviceCopy,
    s: RnsShape,
) -> CkksResult<(DeviceCopy, usize)> {
    same_degree(ctx, s)?;
    holds(ctx, ct, s.poly_count, s.rns_count, "device operand words")?;
    let stage = ctx.rational_stage(s.rns_count)?;
    if target.first() != stage.target_first || !target.shares_storage(ctx) {
        return Err(CkksError::ForeignParameters {
            what: "table set of a rescale's target level",
        });
    }
    let plan = &stage.plan;
    let (n, polys, targets) = (ctx.n(), s.poly_count, stage.targets);
    let k = plan.dropped.len();
    let backend = ctx.backend().as_ref();
    let word = ctx.word();
    let dropped = DeviceCopy::alloc(ctx, polys * k * n)?;
    let gather = GatherArgs {
        x: &ct.buffer,
        tmp: &dropped.buffer,
        n: n as u32,
        x_rns: s.rns_count as u32,
        first: plan.first_dropped as u32,
        dropped: k as u32,
    };
    // SAFETY: rows p·rns + first + j (first + k ≤ rns: the plan's rows of this level, whose
    // stage this is; holds checked the rows) into row p·k + j of `dropped` (polys × k rows).
    unsafe {
        RR_GATHER
            .word(word)
            .launch(backend, ctx.tile(), &NdRange::new([n, k, polys]), gather)?
    };
    let ds = RnsShape::new(n, k, polys)?;
    let dropped_plan = NttPlan::choose_for(&backend.limits(), n, k * polys, word)?;
    ntt::inverse(
        backend,
        &stage.dropped_tables,
        ds,
        &dropped.buffer,
        &dropped_plan,
    )?;
    let scale = DroppedArgs {
        tmp: &dropped.buffer,
        moduli: stage.dropped_tables.moduli().buffer(),
        consts: &*stage.dropped_consts,
        n: n as u32,
        dropped: k as u32,
    };
    // SAFETY: row p·k + j of `dropped` in place, moduli row j < k and constants 3j..3j + 3 of
    // the stage's 3k.
    unsafe {
        RR_DROPPED
            .word(word)
            .launch(backend, ctx.tile(), &NdRange::new([n, k, polys]), scale)?
    };
    let w = DeviceCopy::alloc(target, polys * targets * n)?;
    let convert = ConvertArgs {
        a: &dropped.buffer,
        w: &w.buffer,
        moduli: target.data_tables().moduli().buffer(),
        consts: &*stage.convert_consts,
        n: n as u32,
        dropped: k as u32,
        targets: targets as u32,
    };
    let range = NdRange::new([n, targets, polys]);
    // SAFETY: rows p·k + j of `dropped` (allocated), row p·targets + i of `w` (allocated),
    // moduli row i < targets (the target set holds the next level's primes as a prefix) and
    // constants below k·targets + 2·targets (the plan's).
    unsafe {
        RR_CONVERT
            .word(word)
            .launch(backend, ctx.tile(), &range, convert)?
    };
    drop(dropped);
    let ts = RnsShape::new(n, targets, polys)?;
    ntt::forward(
        backend,
        target.data_tables(),
        ts,
        &w.buffer,
        &target.plan(ts)?,
    )?;
    let out = DeviceCopy::alloc(target, polys * targets * n)?;
    let (kept, src_kept) = (&plan.kept.0, plan.kept.1);
    let finish = FinishArgs {
        x: &ct.buffer,
        w: &w.buffer,
        out: &out.buffer,
        moduli: target.data_tables().moduli().buffer(),
        consts: &*stage.finish_consts,
        n: n as u32,
        x_rns: s.rns_count as u32,
        targets: targets as u32,
        kept_lo: kept.start as u32,
        kept_hi: kept.end as u32,
        src_kept: src_kept as u32,
    };
    // SAFETY: row p·targets + i of `w` and `out` (allocated), moduli row and constant i <
    // targets, and for a kept target row p·rns + i − lo + src of `ct`, below p·rns + rns by
    // the plan (its kept source rows lie in the level).
    unsafe {
        RR_FINISH
            .word(word)
            .launch(backend, ctx.tile(), &range, finish)?
    };
    Ok((out, targets))
}

/// Divides by the level's last prime with rounding (rescale): `s.rns_count` → `s.rns_count − 1` primes.
pub(crate) fn rescale(
    ctx: &Arc<DeviceContext>,
    ct: &DeviceCopy,
    s: RnsShape,
) -> CkksResult<DeviceCopy> {
    same_degree(ctx, s)?;
    holds(ctx, ct, s.poly_count, s.rns_count, "device operand words")?;
    if s.rns_count < 2 {
        return Err(CkksError::EndOfModulusChain { chain_index: 0 });
    }
    let n = ctx.n();
    let (l, polys) = (s.rns_count, s.poly_count);
    let last_prime = ctx.data_prime(l - 1);
    // The last component of every polynomial, to coefficient form modulo q_(l−1) alone, read
    // where it lies in the ciphertext.
    let last = DeviceCopy::alloc(ctx, polys * n)?;
    let s1 = RnsShape::new(n, 1, polys)?;
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
        DivideRound {
            last: &last.buffer,
            last_row: 0,
            q_last: last_prime.value(),
            consts,
            x: &ct.buffer,
            x_rns: l,
            base: &ct.buffer,
            base_rns: l,
            add_mask: 0,
            out: &out.buffer,
        },
        l - 1,
        polys,
    )?;
    Ok(out)
}

/// X → X^g on every polynomial (NTT form).
pub(crate) fn permute(
    ctx: &Arc<DeviceContext>,
    ct: &DeviceCopy,
    g: u64,
    s: RnsShape,
) -> CkksResult<DeviceCopy> {
    same_degree(ctx, s)?;
    holds(ctx, ct, s.poly_count, s.rns_count, "device operand words")?;
    let n = ctx.n();
    let out = DeviceCopy::alloc(ctx, s.words())?;
    ctx.with_perm(g, |perm| {
        let args = PermuteArgs {
            src: &ct.buffer,
            dst: &out.buffer,
            perm,
            n: n as u32,
            rns_count: s.rns_count as u32,
        };
        let range = NdRange::new([n, s.rns_count, s.poly_count]);
        // SAFETY: coefficient (t, i, p) of `ct` (holds) and `out` (s's words) through `perm`, the
        // context's Galois table for g (entries below n).
        unsafe {
            GALOIS_PERMUTE_NTT.word(ctx.word()).launch(
                ctx.backend().as_ref(),
                ctx.tile(),
                &range,
                args,
            )?
        };
        Ok(())
    })?;
    Ok(out)
}

/// ModRaise (`reference::mod_raise`): `ct` (`polys` polynomials at the base prime alone) to
/// coefficient form, then each coefficient lifted centred to every one of `rns` primes and
/// transformed back, the lift being the forward NTT's spread load (the same centring a
/// division with rounding uses: (v + ⌊q0/2⌋) mod q0, reduced, minus ⌊q0/2⌋).
pub(crate) fn mod_raise(
    ctx: &Arc<DeviceContext>,
    ct: &DeviceCopy,
    polys: usize,
    rns: usize,
) -> CkksResult<DeviceCopy> {
    let s1 = RnsShape::new(ctx.n(), 1, polys)?;
    same_degree(ctx, s1)?;
    holds(ctx, ct, polys, 1, "device operand words")?;
    let n = ctx.n();
    let backend = ctx.backend().as_ref();
    let coeffs = DeviceCopy::alloc(ctx, polys * n)?;
    ntt_rns::inverse_rns(
        backend,
        ctx.single_tables(0),
        s1,
        Rows::own(&ct.buffer, s1),
        &coeffs.buffer,
        &ctx.plan(s1)?,
    )?;
    let s = RnsShape::new(n, rns, polys)?;
    let out = DeviceCopy::alloc(ctx, polys * rns * n)?;
    ntt_rns::forward_rns(
        backend,
        ctx.data_tables(),
        s,
        Rows::broadcast(&coeffs.buffer),
        ntt_rns::Load::Spread {
            q_src: ctx.data_prime(0).value(),
            consts: ctx.mod_raise_consts(),
        },
        &out.buffer,
        ntt_rns::Store::Reduce,
        &ctx.plan(s)?,
    )?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ckks::context::Context;
    use crate::ckks::params::EncryptionParameters;
    use crate::primes::SecurityLevel;
    use crate::runtime::sim::{SimBackend, SimOptions};
    use crate::runtime::Backend;

    /// A key-level operand (one prime more than the data primes) or a short buffer once reached
    /// the tensor kernel, which read past the buffer; now the host refuses it.
    #[test]
    fn operands_of_the_wrong_shape_never_reach_a_kernel() {
        let parms = EncryptionParameters::with_bit_sizes(4096, &[40, 30, 36]).unwrap();
        let ctx = Context::new(&parms, SecurityLevel::Tc128).unwrap();
        let backend = Arc::new(
            SimBackend::new(SimOptions {
                profile: true,
                ..Default::default()
            })
            .unwrap(),
        );
        let d = DeviceContext::new(&ctx, backend.clone(), 0).unwrap();
        let n = 4096;
        let short = DeviceCopy::upload(&d, &vec![0; 2 * 2 * n - 1]).unwrap();
        let full = DeviceCopy::upload(&d, &vec![0; 2 * 3 * n]).unwrap();
        let before = backend.profiler().records().len();
        for r in [
            tensor(&d, &short, &short, 2),
            tensor(&d, &full, &full, 3), // three primes: the key level's count
            rescale(&d, &short, RnsShape::new(n, 2, 2).unwrap()),
            permute(&d, &short, 3, RnsShape::new(n, 2, 2).unwrap()),
            truncate(&d, &full, 2, 2, 3),
            multiply_scalars(&d, &full, &[1], RnsShape::new(n, 2, 2).unwrap()),
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
