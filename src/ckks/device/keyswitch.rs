//! Key switching and division with rounding on the device, as `ckks::reference::keyswitch`
//! does them on the host (SEAL's with one special prime, hybrid with K):
//!
//! 1. the target polynomial (NTT form, L primes) to coefficient form (inverse NTT over L primes,
//!    read where it lies in the ciphertext);
//! 2. the digits modulo every destination prime (the `ks` tables in key-switch order, the K
//!    special primes first), NTT form, in one batched forward NTT: with one special prime the
//!    L × (L + 1) rows with the broadcast (digit j reduced modulo each prime) fused into its
//!    first load; with K, the residues scaled by (Q_j / q_i)^-1 in step 1's last round (its
//!    constants scaled), then the ⌈L/K⌉ × (K + L) rows with the fast base conversion of each
//!    K-prime digit (ModUp) fused into the first load. Either way a digit's own rows are not transformed: they are the
//!    target polynomial's own NTT rows, so the transform skips them and `ks_mac` reads them
//!    where they lie;
//! 3. `ks_mac`: for both key polynomials, Σ_j digit_j · key_j with one reduction per 32 terms
//!    (a hoisted rotation's steps, up to 8 at a time: `ks_mac_steps`, each step reading the
//!    shared digits through its Galois permutation, then one inverse NTT and one scaling for
//!    all their special rows: [`switch_hoisted_steps`]);
//! 4. the special rows to coefficient form, then the division with rounding by P into the
//!    result, adding the base ciphertext's polynomials where asked ([`divide_by_specials`]):
//!    with one prime the spread is the forward NTT's first load; with K, `ks_mod_down_scale`
//!    scales the special rows and the fast base conversion is the forward NTT's first load
//!    (`Load::ModDown`). Either way the finish (subtraction, multiplication by P^-1, addition)
//!    is the NTT's last store, so the converted rows are never written and the result rows are
//!    written once.

use crate::ckks::device::copy::DeviceCopy;
use crate::ckks::device::DeviceContext;
use crate::ckks::error::{CkksError, CkksResult};
use crate::device_ops::ntt::rns::{self as ntt_rns, DivideRound, FinishSteps, Load, Rows, Store};
use crate::device_ops::ntt::{self, DeviceNttTables};
use crate::kernels::galois_permute::{PermuteArgs, GALOIS_PERMUTE_NTT};
pub(crate) use crate::kernels::key_switch::HOISTED_STEPS;
use crate::kernels::key_switch::{
    MacArgs, MacStepsArgs, ModDownScaleArgs, KS_MAC, KS_MAC_STEPS, KS_MOD_DOWN_SCALE,
};
use crate::rns::RnsShape;
use crate::runtime::{DeviceBuffer, NdRange, RuntimeError};
use std::sync::Arc;

/// A division with rounding at `rns` primes of `polys` polynomials, fused into the forward NTT
/// (`ntt_fwd_stage_rns`).
pub(crate) fn divide_round(
    ctx: &Arc<DeviceContext>,
    d: DivideRound<'_>,
    rns: usize,
    polys: usize,
) -> CkksResult<()> {
    let s = RnsShape::new(ctx.n(), rns, polys)?;
    ntt_rns::divide_round(
        ctx.backend().as_ref(),
        ctx.data_tables(),
        s,
        &d,
        &ctx.plan(s)?,
    )?;
    Ok(())
}

/// Key-switching keys' components (each `[2][rows][n]`: the data primes the keys cover, then
/// the special primes, SEAL's order) in the device's key-switch order,
/// `[j][2][p_0, …, q_0, …][n]`: the special primes first, so that `ks_mac` reads the rows of
/// any level up to the keys' own at their index with the keys' row count as stride.
pub(crate) fn key_words(ctx: &DeviceContext, components: &[Vec<u64>]) -> Vec<u64> {
    let (n, k_sp) = (ctx.n(), ctx.specials().len());
    let rows = components.first().map_or(0, |c| c.len() / (2 * n));
    let mut words = Vec::with_capacity(components.len() * 2 * rows * n);
    for key in components {
        for k in 0..2 {
            for c in 0..rows {
                let host = if c < k_sp { rows - k_sp + c } else { c - k_sp };
                words.extend_from_slice(&key[(k * rows + host) * n..(k * rows + host + 1) * n]);
            }
        }
    }
    words
}

/// The key-switch NTT tables (special primes first), or the error of a context without them.
fn ks_tables(ctx: &DeviceContext) -> CkksResult<&DeviceNttTables> {
    ctx.ks_tables().ok_or(CkksError::NoSpecialPrime)
}

/// Which polynomials of the switched ciphertext the key-switched pair is added to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AddTo {
    /// c0 and c1 (relinearization: the switched c2 joins both).
    Both,
    /// c0 alone (rotation: the switched c1 replaces c1).
    First,
}

impl AddTo {
    /// The kernels' `add_mask`: bit p set where polynomial p is added.
    pub(crate) fn mask(self) -> u32 {
        match self {
            AddTo::Both => 0b11,
            AddTo::First => 0b01,
        }
    }
}

/// One key switch of a ciphertext at a level of `level` primes.
pub(crate) struct SwitchKey<'a> {
    /// The ciphertext (`[size][level][n]`, NTT form); its polynomial `target` is switched.
    pub ct: &'a DeviceBuffer,
    pub target: usize,
    /// The key on the device, as [`key_words`] lays it out, with its rows per polynomial
    /// (the key level's, or fewer for a key made at a lower level).
    pub key: &'a DeviceCopy,
    pub key_rns: usize,
    pub add_to: AddTo,
    pub level: usize,
}

/// Switches polynomial `target` of the ciphertext with `key` into a new `[2][l][n]` whose
/// polynomial p is the switched p plus the ciphertext's p where `add_to` says.
pub(crate) fn switch_key(ctx: &Arc<DeviceContext>, sk: SwitchKey<'_>) -> CkksResult<DeviceCopy> {
    let ext = decompose(ctx, sk.ct, sk.target, sk.level)?;
    let source = Source {
        buffer: sk.ct,
        poly: sk.target,
    };
    let key = KeyRows {
        key: sk.key,
        rows: sk.key_rns,
    };
    switch_digits(ctx, ext, source, key, sk.ct, sk.add_to.mask(), sk.level)
}

/// The digits of polynomial `target_poly` of `src` (`[..][l][n]`, NTT form) modulo every
/// destination prime, NTT form, in the key-switch tables' order: a new
/// `[digits][K + l][n]` whose digit j lacks its own primes' rows (they are `src`'s rows, which
/// [`switch_digits`] reads through [`Source`]). A hoisted rotation makes it once for all its
/// Galois elements.
pub(crate) fn decompose(
    ctx: &Arc<DeviceContext>,
    src: &DeviceBuffer,
    target_poly: usize,
    l: usize,
) -> CkksResult<DeviceCopy> {
    let (n, backend) = (ctx.n(), ctx.backend().as_ref());
    let ks_tables = ks_tables(ctx)?;
    // The target to coefficient form, read in place from `src`; with several special primes
    // each residue x_i comes out scaled for ModUp, [x_i · (Q_j / q_i)^-1]_(q_i), by the
    // inverse NTT's last round.
    let s = RnsShape::new(n, l, 1)?;
    let target = DeviceCopy::alloc(ctx, l * n)?;
    let rows = Rows {
        buffer: src,
        poly: 0,
        comp: 1,
        first: target_poly * l,
    };
    let k = ctx.specials().len();
    let tables = ctx.data_tables();
    let plan = ctx.plan(s)?;
    let mod_up = (k > 1).then(|| {
        let consts = ctx.mod_up_consts(l);
        let inverse = ctx.mod_up_inverse_consts(l);
        consts
            .zip(inverse)
            .expect("several special primes have ModUp constants at every level")
    });
    match mod_up {
        Some((_, inverse)) => {
            ntt_rns::inverse_rns_scaled(backend, tables, inverse, s, rows, &target.buffer, &plan)?
        }
        None => ntt_rns::inverse_rns(backend, tables, s, rows, &target.buffer, &plan)?,
    }
    let digits = ctx.digits(l);
    let ext = DeviceCopy::alloc(ctx, digits * (k + l) * n)?;
    let s = RnsShape::new(n, k + l, digits)?;
    let (rows, load) = match mod_up {
        // The broadcast fused into the forward NTT of the L × (L + 1) rows.
        None => (Rows::broadcast(&target.buffer), Load::Broadcast),
        Some((consts, _)) => {
            let load = Load::ModUp {
                consts,
                specials: k,
                alpha: k,
                lead: ctx.lead(),
            };
            (Rows::own(&target.buffer, RnsShape::new(n, l, 1)?), load)
        }
    };
    ntt_rns::forward_rns(
        backend,
        ks_tables,
        s,
        rows,
        load,
        &ext.buffer,
        Store::Reduce,
        &ctx.plan(s)?,
    )?;
    Ok(ext)
}

/// The polynomial a key switch decomposed: polynomial `poly` of `buffer` (`[..][l][n]`, NTT
/// form), whose rows are its digits' own rows.
#[derive(Clone, Copy)]
pub(crate) struct Source<'a> {
    pub buffer: &'a DeviceBuffer,
    pub poly: usize,
}

impl Source<'_> {
    /// Whether the buffer holds the polynomial's `l` rows of `n` words of `word`'s size.
    fn check(&self, l: usize, n: usize, word: crate::exec::WordSize) -> CkksResult<()> {
        let needed = word.storage_words((self.poly + 1) * l * n);
        if self.buffer.words() < needed {
            return Err(CkksError::Device(RuntimeError::BufferTooSmall {
                what: "key switch's source polynomial".into(),
                needed,
                available: self.buffer.words(),
            }));
        }
        Ok(())
    }
}

/// A key on the device and its rows per polynomial ([`key_words`]).
#[derive(Clone, Copy)]
pub(crate) struct KeyRows<'a> {
    pub key: &'a DeviceCopy,
    pub rows: usize,
}

/// What `ks_mac` and `ks_mac_steps` read, checked here rather than trusted from the callers:
/// the digits `[digits][K + l][n]` and a key `[digits][2][rows][n]` with K + l ≤ rows.
fn check_mac_reach(
    ctx: &DeviceContext,
    ext: &DeviceCopy,
    key: KeyRows<'_>,
    l: usize,
) -> CkksResult<()> {
    let (n, k, digits) = (ctx.n(), ctx.specials().len(), ctx.digits(l));
    let key_rns = key.rows;
    // A level's rows and digits sit in the key where its window does.
    let (first, key_digit0) = (ctx.first(), ctx.key_digit0());
    let too_small = |what: &str, needed: usize, available: usize| {
        CkksError::Device(RuntimeError::BufferTooSmall {
            what: what.into(),
            needed,
            available,
        })
    };
    if k + first + l > key_rns {
        return Err(CkksError::Device(RuntimeError::InvalidShape(format!(
            "key switching at {l} primes from key prime {first} with {k} special primes exceeds the key's {key_rns} rows"
        ))));
    }
    let need_ext = digits * (k + l) * n;
    if ext.words() < need_ext {
        return Err(too_small("key switching's digits", need_ext, ext.words()));
    }
    let need_key = (key_digit0 + digits) * 2 * key_rns * n;
    if key.key.words() < need_key {
        return Err(too_small("a switching key", need_key, key.key.words()));
    }
    Ok(())
}

/// The key switch of the digits `ext` ([`decompose`]'s layout) of `source` with `key`, divided
/// by P, into a new `[2][l][n]` whose polynomial p has `base`'s polynomial p added where bit p
/// of `add_mask` is set. `ext` is freed once the products are enqueued, so that the later
/// temporaries can take the buffer.
pub(crate) fn switch_digits(
    ctx: &Arc<DeviceContext>,
    ext: DeviceCopy,
    source: Source<'_>,
    key: KeyRows<'_>,
    base: &DeviceBuffer,
    add_mask: u32,
    l: usize,
) -> CkksResult<DeviceCopy> {
    switch_sum(
        ctx,
        std::iter::once(Ok(SumTerm { ext, source, key })),
        base,
        add_mask,
        l,
    )
}

/// One key switch of a sum of them: the digits ([`decompose`]'s layout) of `source`, and the
/// key they are switched with.
pub(crate) struct SumTerm<'a> {
    pub ext: DeviceCopy,
    pub source: Source<'a>,
    pub key: KeyRows<'a>,
}

/// The key switches of `terms` summed over PQ (each `ks_mac` after the first adds to the
/// accumulators) and divided by P once, into a new `[2][l][n]` whose polynomial p has
/// `base`'s polynomial p added where bit p of `add_mask` is set: one ModDown for the whole
/// sum. Each term's digits are freed once its products are enqueued, so the terms may be made
/// one at a time as the iterator is read. At least one term.
pub(crate) fn switch_sum<'a>(
    ctx: &Arc<DeviceContext>,
    terms: impl IntoIterator<Item = CkksResult<SumTerm<'a>>>,
    base: &DeviceBuffer,
    add_mask: u32,
    l: usize,
) -> CkksResult<DeviceCopy> {
    let (acc_special, acc_data) = mac_sum(ctx, terms, l)?;
    divide_products(ctx, &acc_special, &acc_data, base, add_mask, l)
}

/// The key products of `terms` summed over PQ: the special rows `[2][K][n]` and the data rows
/// `[2][l][n]`, NTT form, not yet divided by P.
fn mac_sum<'a>(
    ctx: &Arc<DeviceContext>,
    terms: impl IntoIterator<Item = CkksResult<SumTerm<'a>>>,
    l: usize,
) -> CkksResult<(DeviceCopy, DeviceCopy)> {
    let (n, backend) = (ctx.n(), ctx.backend().as_ref());
    let ks_tables = ks_tables(ctx)?;
    let k = ctx.specials().len();
    let ks_moduli = ks_tables.moduli().buffer();
    let acc_special = DeviceCopy::alloc(ctx, 2 * k * n)?;
    let acc_data = DeviceCopy::alloc(ctx, 2 * l * n)?;
    let mut count = 0u32;
    for term in terms {
        let SumTerm { ext, source, key } = term?;
        source.check(l, n, ctx.word())?;
        check_mac_reach(ctx, &ext, key, l)?;
        let args = MacArgs {
            ext: &ext.buffer,
            key: &key.key.buffer,
            acc_special: &acc_special.buffer,
            acc_data: &acc_data.buffer,
            ks_moduli,
            ct: source.buffer,
            ct_first: (source.poly * l) as u32,
            n: n as u32,
            digits: ctx.digits(l) as u32,
            level: l as u32,
            specials: k as u32,
            alpha: k as u32,
            key_rns: key.rows as u32,
            accumulate: u32::from(count > 0),
            lead: ctx.lead() as u32,
            key_digit0: ctx.key_digit0() as u32,
        };
        // SAFETY: check_mac_reach sized `ext` ([digits][K + l][n]) and `key` ([digits][2][rows][n],
        // K + l ≤ rows), source.check sized the ciphertext, the accumulators are allocated
        // for K and l rows above (and written by the first launch before any launch adds to
        // them), rows of the key-switching moduli below K + l.
        unsafe {
            KS_MAC.word(ctx.word()).launch(
                backend,
                ctx.tile(),
                &NdRange::new([n, k + l, 1]),
                args,
            )?
        };
        drop(ext);
        count += 1;
    }
    if count == 0 {
        return Err(CkksError::WrongSize {
            what: "count of key switches in a sum (at least one)",
            expected: 1,
            given: 0,
        });
    }
    Ok((acc_special, acc_data))
}

/// Relinearization followed by the rescale by the level's last prime, with several special
/// primes, in one division: a new `[2][l − 1][n]` whose words are those of [`switch_key`] on
/// polynomial 2 of `ct` (`[3][l][n]`, NTT form, added to both of its first two) followed by
/// the rescale, but without the rescale's forward transform of 2(l − 1) rows
/// ([`ntt_rns::ModDownRescale`]). The relinearized ciphertext's last row alone is made in
/// coefficient form (x·P^-1 + c of that row, made with c's other rows divided by q_(l−1) by
/// [`ntt_rns::mod_down_rescale_base`], inverse-transformed, then ModDown's conversion
/// subtracted by [`ntt_rns::mod_down_last_row`]).
/// `None` where the fused division does not apply (one special prime, or one prime left):
/// the caller relinearizes and rescales.
pub(crate) fn relinearize_rescale(
    ctx: &Arc<DeviceContext>,
    ct: &DeviceBuffer,
    key: KeyRows<'_>,
    l: usize,
) -> CkksResult<Option<DeviceCopy>> {
    let (Some(fused), Some(convert), Some(consts)) = (
        ctx.mod_down_rescale_consts(l),
        ctx.mod_down_convert_consts(),
        ctx.mod_down_consts(l),
    ) else {
        return Ok(None);
    };
    let (n, k, backend) = (ctx.n(), ctx.specials().len(), ctx.backend().as_ref());
    let source = Source {
        buffer: ct,
        poly: 2,
    };
    source.check(l, n, ctx.word())?;
    let ext = decompose(ctx, ct, 2, l)?;
    let term = SumTerm { ext, source, key };
    let (acc_special, acc_data) = mac_sum(ctx, std::iter::once(Ok(term)), l)?;
    special_rows_to_coeffs(ctx, &acc_special, 2)?;
    // c's rows but the last divided by q_(l−1), its last row x·P^-1 + c (NTT form).
    let base = DeviceCopy::alloc(ctx, 2 * l * n)?;
    ntt_rns::mod_down_rescale_base(
        backend,
        ctx.data_tables(),
        RnsShape::new(n, l, 2)?,
        ct,
        &acc_data.buffer,
        &fused.base_scale,
        &base.buffer,
    )?;
    // The relinearized last row, coefficient form and centred for the rescale.
    let one_row = RnsShape::new(n, 1, 2)?;
    let y_last = DeviceCopy::alloc(ctx, 2 * n)?;
    ntt_rns::inverse_rns(
        backend,
        ctx.single_tables(l - 1),
        one_row,
        Rows::component(&base.buffer, l, l - 1),
        &y_last.buffer,
        &ctx.plan(one_row)?,
    )?;
    ntt_rns::mod_down_last_row(
        backend,
        ctx.data_tables(),
        (n, 2, l - 1),
        &acc_special.buffer,
        convert,
        k,
        consts,
        &y_last.buffer,
    )?;
    let out = DeviceCopy::alloc(ctx, 2 * (l - 1) * n)?;
    let shape = RnsShape::new(n, l - 1, 2)?;
    let rows = Rows {
        buffer: &acc_special.buffer,
        poly: k,
        comp: 0,
        first: 0,
    };
    let load = Load::ModDown {
        convert,
        specials: k,
        data_primes: ctx.data_primes(),
        rescale: Some(ntt_rns::ModDownRescale {
            last: &y_last.buffer,
            q_last: ctx.data_prime(l - 1).value(),
            consts: &fused.spread,
        }),
    };
    let store = Store::Finish {
        consts: &fused.finish,
        x: &acc_data.buffer,
        x_rns: l,
        base: &base.buffer,
        base_rns: l,
        add_mask: AddTo::Both.mask(),
    };
    let plan = ctx.plan(shape)?;
    ntt_rns::forward_rns(
        backend,
        ctx.data_tables(),
        shape,
        rows,
        load,
        &out.buffer,
        store,
        &plan,
    )?;
    Ok(Some(out))
}

/// One step of a hoisted rotation: its key ([`key_words`]) and its Galois permutation (of
/// the shared digits, and of the rotated c0 that joins its first polynomial).
pub(crate) struct HoistedStep<'a> {
    pub key: &'a DeviceCopy,
    pub perm: &'a DeviceBuffer,
}

/// The key switches of up to [`HOISTED_STEPS`] steps of one hoisted rotation from the shared
/// `ext` (the [`decompose`] of `source`): one `ks_mac_steps` launch makes every step's
/// products, so that each prime's digits are read from memory once for all the steps (a
/// step's products read its key and little else); one inverse NTT takes every step's special
/// rows and, with several special primes, one `ks_mod_down_scale` scales them all; then the
/// divisions by P ([`divide_steps`]). Each result is a new `[2][l][n]`, the step's rotation of
/// `c0` (`[l][n]`, NTT form, from the buffer's first word) added to its first polynomial; the
/// words are those of one rotation's key switch applied to the permuted digits, step by step.
pub(crate) fn switch_hoisted_steps(
    ctx: &Arc<DeviceContext>,
    ext: &DeviceCopy,
    source: Source<'_>,
    c0: &DeviceBuffer,
    steps: &[HoistedStep<'_>],
    l: usize,
) -> CkksResult<Vec<DeviceCopy>> {
    let (n, backend) = (ctx.n(), ctx.backend().as_ref());
    let ks_tables = ks_tables(ctx)?;
    if steps.is_empty() || steps.len() > HOISTED_STEPS {
        return Err(CkksError::Device(RuntimeError::InvalidShape(format!(
            "a hoisted launch takes 1 to {HOISTED_STEPS} steps, not {}",
            steps.len()
        ))));
    }
    source.check(l, n, ctx.word())?;
    for step in steps {
        let key = KeyRows {
            key: step.key,
            rows: ctx.key_rns(),
        };
        check_mac_reach(ctx, ext, key, l)?;
    }
    let k = ctx.specials().len();
    let acc_special = DeviceCopy::alloc(ctx, steps.len() * 2 * k * n)?;
    let acc_data = steps
        .iter()
        .map(|_| DeviceCopy::alloc(ctx, 2 * l * n))
        .collect::<CkksResult<Vec<_>>>()?;
    // Steps past the launch's own bind the last step's buffers, never read (XEHE_STEP).
    let pick = |s: usize| s.min(steps.len() - 1);
    let key = |s: usize| &steps[pick(s)].key.buffer;
    let perm = |s: usize| steps[pick(s)].perm;
    let data = |s: usize| &acc_data[pick(s)].buffer;
    let args = MacStepsArgs {
        ext: &ext.buffer,
        ct: source.buffer,
        ks_moduli: ks_tables.moduli().buffer(),
        key0: key(0),
        key1: key(1),
        key2: key(2),
        key3: key(3),
        key4: key(4),
        key5: key(5),
        key6: key(6),
        key7: key(7),
        perm0: perm(0),
        perm1: perm(1),
        perm2: perm(2),
        perm3: perm(3),
        perm4: perm(4),
        perm5: perm(5),
        perm6: perm(6),
        perm7: perm(7),
        acc_special: &acc_special.buffer,
        acc_data0: data(0),
        acc_data1: data(1),
        acc_data2: data(2),
        acc_data3: data(3),
        acc_data4: data(4),
        acc_data5: data(5),
        acc_data6: data(6),
        acc_data7: data(7),
        ct_first: (source.poly * l) as u32,
        n: n as u32,
        digits: ctx.digits(l) as u32,
        level: l as u32,
        specials: k as u32,
        alpha: k as u32,
        key_rns: ctx.key_rns() as u32,
        lead: ctx.lead() as u32,
        key_digit0: ctx.key_digit0() as u32,
    };
    // SAFETY: as in switch_digits, per step (check_mac_reach above for the digits and each
    // step's key): each step's accumulator ([2][l][n]) and permutation (the context's Galois
    // tables, entries below n).
    unsafe {
        KS_MAC_STEPS.word(ctx.word()).launch(
            backend,
            ctx.tile(),
            &NdRange::new([n, steps.len(), k + l]),
            args,
        )?
    };
    let perms: Vec<&DeviceBuffer> = steps.iter().map(|st| st.perm).collect();
    divide_steps(ctx, &acc_special, &acc_data, c0, &perms, l)
}

/// The divisions by P of a hoisted rotation's steps from their products (`acc_special`: every
/// step's special rows, `[steps][2][K][n]`, NTT form; `acc_data[s]`: step s's data rows,
/// `[2][l][n]`, NTT form), step s's rotation of `c0` through `perms[s]` added to its first
/// polynomial. The special rows are prepared for all steps at once ([`special_rows_to_coeffs`]);
/// then, where the plan has a row stage of its own, one transform divides every step
/// ([`ntt_rns::forward_rns_steps`]: the conversion or spread and the column stages on all the
/// steps' rows, then one last stage that finishes each step into its result and reads c0 through
/// the step's permutation, so that no permuted copy of c0 is made). A plan of one stage (n no
/// larger than its block) has no stage to finish in apart from the first, and takes the steps
/// one transform each after a permuted copy of c0, as a single rotation does: the same words.
fn divide_steps(
    ctx: &Arc<DeviceContext>,
    acc_special: &DeviceCopy,
    acc_data: &[DeviceCopy],
    c0: &DeviceBuffer,
    perms: &[&DeviceBuffer],
    l: usize,
) -> CkksResult<Vec<DeviceCopy>> {
    let (n, backend) = (ctx.n(), ctx.backend().as_ref());
    let Some(consts) = ctx.mod_down_consts(l) else {
        return Err(CkksError::NoSpecialPrime);
    };
    let polys = 2 * acc_data.len();
    special_rows_to_coeffs(ctx, acc_special, polys)?;
    let shape = RnsShape::new(n, l, polys)?;
    let plan = ctx.plan(shape)?;
    if !ntt_rns::finishes_steps(n, &plan) {
        let rows = RnsShape::new(n, l, 1)?;
        return acc_data
            .iter()
            .zip(perms)
            .enumerate()
            .map(|(i, (x, &perm))| {
                let base = DeviceCopy::alloc(ctx, rows.words())?;
                let args = PermuteArgs {
                    src: c0,
                    dst: &base.buffer,
                    perm,
                    n: n as u32,
                    rns_count: l as u32,
                };
                let range = NdRange::new([n, l, 1]);
                // SAFETY: row i < l of `c0` (the rotated ciphertext's first polynomial)
                // gathered through `perm`, a permutation of the context's Galois tables
                // (entries below n), into `base` ([l][n]).
                unsafe {
                    GALOIS_PERMUTE_NTT
                        .word(ctx.word())
                        .launch(backend, ctx.tile(), &range, args)?
                };
                divide_product(ctx, acc_special, i, x, &base.buffer, AddTo::First.mask(), l)
            })
            .collect();
    }
    let out = acc_data
        .iter()
        .map(|_| DeviceCopy::alloc(ctx, 2 * l * n))
        .collect::<CkksResult<Vec<_>>>()?;
    let temp = DeviceCopy::alloc(ctx, shape.words())?;
    let (rows, load) = special_load(ctx, &acc_special.buffer, 0, consts)?;
    let xs: Vec<&DeviceBuffer> = acc_data.iter().map(|x| &x.buffer).collect();
    let outs: Vec<&DeviceBuffer> = out.iter().map(|o| &o.buffer).collect();
    let Some(inv_shoup) = ctx.mod_down_shoup() else {
        return Err(CkksError::NoSpecialPrime);
    };
    let finish = FinishSteps {
        consts,
        inv_shoup,
        c0,
        perms,
        x: &xs,
        x_rns: l,
        out: &outs,
    };
    // SAFETY: every permutation comes from the context's Galois tables (ctx.with_perms,
    // entries below n).
    unsafe {
        ntt_rns::forward_rns_steps(
            backend,
            ctx.data_tables(),
            shape,
            rows,
            load,
            &temp.buffer,
            finish,
            &plan,
        )?
    };
    Ok(out)
}

/// The key's products of one switch divided by P: `acc_special` holds its special rows
/// (`[2][K][n]`, NTT form), `x` its data rows (`[2][l][n]`, NTT form), `base` the ciphertext
/// whose polynomials are added where `add_mask` says. One inverse NTT takes the special rows
/// and, with several special primes, `ks_mod_down_scale` scales them; the division is then its
/// own forward NTT (with K, the base conversion in its first load) into a new `[2][l][n]`.
fn divide_products(
    ctx: &Arc<DeviceContext>,
    acc_special: &DeviceCopy,
    x: &DeviceCopy,
    base: &DeviceBuffer,
    add_mask: u32,
    l: usize,
) -> CkksResult<DeviceCopy> {
    special_rows_to_coeffs(ctx, acc_special, 2)?;
    divide_product(ctx, acc_special, 0, x, base, add_mask, l)
}

/// `polys` polynomials' special rows (`[polys][K][n]`, NTT form) to coefficient form in place,
/// and with several special primes scaled for ModDown's conversion ([`mod_down_scale`]).
fn special_rows_to_coeffs(
    ctx: &Arc<DeviceContext>,
    acc_special: &DeviceCopy,
    polys: usize,
) -> CkksResult<()> {
    let Some(ks_tables) = ctx.ks_tables() else {
        return Err(CkksError::NoSpecialPrime);
    };
    let k = ctx.specials().len();
    let s = RnsShape::new(ctx.n(), k, polys)?;
    ntt::inverse(
        ctx.backend().as_ref(),
        ks_tables,
        s,
        &acc_special.buffer,
        &ctx.plan(s)?,
    )?;
    if k > 1 {
        mod_down_scale(ctx, &acc_special.buffer, polys)?;
    }
    Ok(())
}

/// Switch `i`'s division by P (its special rows are polynomials 2i and 2i + 1 of
/// `acc_special`, prepared by [`special_rows_to_coeffs`]) into a new `[2][l][n]`.
fn divide_product(
    ctx: &Arc<DeviceContext>,
    acc_special: &DeviceCopy,
    i: usize,
    x: &DeviceCopy,
    base: &DeviceBuffer,
    add_mask: u32,
    l: usize,
) -> CkksResult<DeviceCopy> {
    let Some(consts) = ctx.mod_down_consts(l) else {
        return Err(CkksError::NoSpecialPrime);
    };
    let out = DeviceCopy::alloc(ctx, 2 * ctx.n() * l)?;
    let d = DivideBySpecials {
        special: &acc_special.buffer,
        x: &x.buffer,
        x_rns: l,
        base,
        add_mask,
        out: &out.buffer,
    };
    if ctx.specials().len() > 1 {
        finish(ctx, &d, 2 * i, consts, l, 2)?
    } else {
        divide_one_prime(ctx, &d, 2 * i, consts, l, 2)?
    }
    Ok(out)
}

/// A division with rounding by the special primes' product P of polynomials whose special
/// rows are in coefficient form.
pub(crate) struct DivideBySpecials<'a> {
    /// `[polys][K][n]`: each polynomial's residues modulo the special primes, coefficient form
    /// (with several special primes, scaled in place: the caller's copy is spent).
    pub special: &'a DeviceBuffer,
    /// The dividend's residues modulo the level's primes, NTT form, `x_rns` rows a polynomial.
    pub x: &'a DeviceBuffer,
    pub x_rns: usize,
    /// `[polys][l][n]`, added where `add_mask` has the polynomial's bit.
    pub base: &'a DeviceBuffer,
    pub add_mask: u32,
    /// `[polys][l][n]`, NTT form.
    pub out: &'a DeviceBuffer,
}

/// Enqueues a [`DivideBySpecials`] at a level of `l` primes for `polys` polynomials: with one
/// special prime SEAL's division ([`divide_round`]), with K the scaling of the special rows
/// (`ks_mod_down_scale`, in place in `d.special`) and then the forward NTT with the base
/// conversion in its first load and the finish in its last store.
pub(crate) fn divide_by_specials(
    ctx: &Arc<DeviceContext>,
    d: DivideBySpecials<'_>,
    l: usize,
    polys: usize,
) -> CkksResult<()> {
    let Some(consts) = ctx.mod_down_consts(l) else {
        return Err(CkksError::NoSpecialPrime);
    };
    if ctx.specials().len() == 1 {
        return divide_one_prime(ctx, &d, 0, consts, l, polys);
    }
    mod_down_scale(ctx, d.special, polys)?;
    finish(ctx, &d, 0, consts, l, polys)
}

/// SEAL's division by the one special prime ([`divide_round`]), polynomial p's special row
/// being row `last_row + p` of `d.special`.
fn divide_one_prime(
    ctx: &Arc<DeviceContext>,
    d: &DivideBySpecials<'_>,
    last_row: usize,
    consts: &DeviceBuffer,
    l: usize,
    polys: usize,
) -> CkksResult<()> {
    let round = DivideRound {
        last: d.special,
        last_row,
        q_last: ctx.specials()[0].value(),
        consts,
        x: d.x,
        x_rns: d.x_rns,
        base: d.base,
        base_rns: l,
        add_mask: d.add_mask,
        out: d.out,
    };
    divide_round(ctx, round, l, polys)
}

/// The division's forward NTT with ModDown's base conversion of the scaled special rows
/// ([`mod_down_scale`]; polynomial p's are those of polynomial `first_poly + p` of `d.special`)
/// in its first load and the finish, (x − t) · P^-1 plus the base where asked, in its last
/// store, into `d.out`.
fn finish(
    ctx: &Arc<DeviceContext>,
    d: &DivideBySpecials<'_>,
    first_poly: usize,
    consts: &DeviceBuffer,
    l: usize,
    polys: usize,
) -> CkksResult<()> {
    let (v, load) = special_load(ctx, d.special, first_poly, consts)?;
    let s = RnsShape::new(ctx.n(), l, polys)?;
    let store = Store::Finish {
        consts,
        x: d.x,
        x_rns: d.x_rns,
        base: d.base,
        base_rns: l,
        add_mask: d.add_mask,
    };
    let (backend, tables) = (ctx.backend().as_ref(), ctx.data_tables());
    ntt_rns::forward_rns(backend, tables, s, v, load, d.out, store, &ctx.plan(s)?)?;
    Ok(())
}

/// How a division by P's forward NTT reads polynomial p's special rows (those of polynomial
/// `first_poly + p` of `special`, `[..][K][n]`, coefficient form): with several special primes
/// ModDown's base conversion of the scaled rows ([`mod_down_scale`]), with one SEAL's spread of
/// its one row (`consts`: the level's division constants).
fn special_load<'a>(
    ctx: &'a DeviceContext,
    special: &'a DeviceBuffer,
    first_poly: usize,
    consts: &'a DeviceBuffer,
) -> CkksResult<(Rows<'a>, Load<'a>)> {
    let k = ctx.specials().len();
    if k == 1 {
        let rows = Rows {
            first: first_poly,
            ..Rows::broadcast(special)
        };
        let load = Load::Spread {
            q_src: ctx.specials()[0].value(),
            consts,
        };
        return Ok((rows, load));
    }
    let Some(convert) = ctx.mod_down_convert_consts() else {
        return Err(CkksError::NoSpecialPrime);
    };
    let rows = Rows {
        buffer: special,
        poly: k,
        comp: 0,
        first: first_poly * k,
    };
    let load = Load::ModDown {
        convert,
        specials: k,
        data_primes: ctx.data_primes(),
        rescale: None,
    };
    Ok((rows, load))
}

/// ModDown's first step (`ks_mod_down_scale`): `polys` polynomials' special rows
/// (`[polys][K][n]`, coefficient form, several special primes) scaled in place into the base
/// conversion's inputs, [(r_k + ⌊P/2⌋) · (P / p_k)^-1]_(p_k).
fn mod_down_scale(
    ctx: &Arc<DeviceContext>,
    special: &DeviceBuffer,
    polys: usize,
) -> CkksResult<()> {
    let (n, k) = (ctx.n(), ctx.specials().len());
    let (Some(ks_tables), Some(convert)) = (ctx.ks_tables(), ctx.mod_down_convert_consts()) else {
        return Err(CkksError::NoSpecialPrime);
    };
    let needed = ctx.word().storage_words(polys * k * n);
    if special.words() < needed {
        return Err(CkksError::Device(RuntimeError::BufferTooSmall {
            what: "ModDown special rows".into(),
            needed,
            available: special.words(),
        }));
    }
    // SAFETY: rows of `special` below polys × K (checked above), the key-switching moduli's
    // K special rows and the conversion constants of this context.
    unsafe {
        KS_MOD_DOWN_SCALE.word(ctx.word()).launch(
            ctx.backend().as_ref(),
            ctx.tile(),
            &NdRange::new([n, k, polys]),
            ModDownScaleArgs {
                special,
                ks_moduli: ks_tables.moduli().buffer(),
                consts: convert,
                n: n as u32,
                specials: k as u32,
            },
        )?
    };
    Ok(())
}
