//! The launches of a forward, inverse or fused-product NTT, step by step as the schedule says.

use super::schedule::{
    check_word, column_stages, forward_steps, fused_block, fwd_local, fwd_pass, inv_local,
    inv_pass, inverse_steps, range, FwdStep, InvStep, Tiles,
};
use crate::device_ops::ntt::plan::NttPlan;
use crate::device_ops::ntt::tables::DeviceNttTables;
use crate::exec::WordSize;
use crate::kernels::ntt_core::{FwdLocalArgs, FwdRadix2Args, InvLocalArgs, PassArgs};
use crate::kernels::ntt_forward::{self as fwd, FwdStageArgs, ReduceArgs};
use crate::kernels::ntt_fused::{FusedMulArgs, NTT_FUSED_MUL};
use crate::kernels::ntt_inverse::{self as inv, InvLastArgs, InvStageArgs};
use crate::rns::RnsShape;
use crate::runtime::RuntimeResult;
use crate::runtime::{Backend, DeviceBuffer, NdRange};

/// What every launch of one direction shares: the shape, its sizes as the kernels take them,
/// and the tables of that direction.
struct Common<'a> {
    shape: RnsShape,
    n: u32,
    rns_count: u32,
    roots: &'a DeviceBuffer,
    roots_shoup: &'a DeviceBuffer,
    moduli: &'a DeviceBuffer,
    tile: usize,
    /// The word size of the tables and data: which build of each kernel runs.
    word: WordSize,
}

impl<'a> Common<'a> {
    fn forward(t: &'a DeviceNttTables, shape: RnsShape, tile: usize) -> Self {
        Common {
            shape,
            n: shape.n as u32,
            rns_count: shape.rns_count as u32,
            roots: &t.roots,
            roots_shoup: &t.roots_shoup,
            moduli: t.moduli().buffer(),
            tile,
            word: t.word(),
        }
    }

    fn inverse(t: &'a DeviceNttTables, shape: RnsShape, tile: usize) -> Self {
        Common {
            roots: &t.inv_roots,
            roots_shoup: &t.inv_roots_shoup,
            ..Self::forward(t, shape, tile)
        }
    }

    /// One work-group per tile of `words` words, at most `group` work-items (and at most
    /// words / 2) each.
    fn tile_range(&self, words: usize, group: usize) -> NdRange {
        let group = group.min(words / 2).max(1);
        range(self.shape, (self.shape.n / words) * group, Some(group))
    }

    fn pass(&self, data: &'a DeviceBuffer, m: usize) -> PassArgs<'a> {
        PassArgs {
            data,
            roots: self.roots,
            roots_shoup: self.roots_shoup,
            moduli: self.moduli,
            n: self.n,
            rns_count: self.rns_count,
            m: m as u32,
        }
    }

    /// A forward column stage from `src` to `dst`.
    fn fwd_stage(
        &self,
        backend: &dyn Backend,
        src: &DeviceBuffer,
        dst: &DeviceBuffer,
        t: Tiles,
        group: usize,
    ) -> RuntimeResult<()> {
        let args = FwdStageArgs {
            src,
            dst,
            roots: self.roots,
            roots_shoup: self.roots_shoup,
            moduli: self.moduli,
            n: self.n,
            rns_count: self.rns_count,
            m: t.m as u32,
            log_rows: t.log_rows,
            log_cols: t.log_cols,
            reduce: 0,
            buf: t.words(),
        };
        let rg = self.tile_range(t.words(), group);
        // SAFETY: the transform checked the shape, the plan, the data (shape.words()) and the
        // tables (the shape's n and components); a column stage's tiles cover that array.
        unsafe {
            fwd::NTT_FWD_STAGE
                .word(self.word)
                .launch(backend, self.tile, &rg, args)?
        };
        Ok(())
    }

    /// An inverse column stage on `data`.
    fn inv_stage(
        &self,
        backend: &dyn Backend,
        data: &DeviceBuffer,
        consts: &DeviceBuffer,
        t: Tiles,
        group: usize,
    ) -> RuntimeResult<()> {
        let args = InvStageArgs {
            data,
            roots: self.roots,
            roots_shoup: self.roots_shoup,
            moduli: self.moduli,
            consts,
            n: self.n,
            rns_count: self.rns_count,
            m: t.m as u32,
            log_rows: t.log_rows,
            log_cols: t.log_cols,
            buf: t.words(),
        };
        let rg = self.tile_range(t.words(), group);
        // SAFETY: as in `fwd_stage`: checked shape, plan, data and tables.
        unsafe {
            inv::NTT_INV_STAGE
                .word(self.word)
                .launch(backend, self.tile, &rg, args)?
        };
        Ok(())
    }
}

/// Enqueues the forward NTT of every polynomial and component of `data` (inputs in [0, q),
/// outputs in [0, q), SEAL's bit-reversed order).
pub fn forward(
    backend: &dyn Backend,
    t: &DeviceNttTables,
    shape: RnsShape,
    data: &DeviceBuffer,
    plan: &NttPlan,
) -> RuntimeResult<()> {
    t.check_words(shape, data)?;
    // The word first: a variant without a 32-bit build is refused on every device.
    check_word(plan.variant, t.word())?;
    plan.check_available(backend, shape.n)?;
    let (n, tile) = (shape.n, data.tile());
    let c = Common::forward(t, shape, tile);
    for step in forward_steps(n, plan) {
        match step {
            FwdStep::Round { m, reduce } => {
                let args = FwdRadix2Args {
                    data,
                    roots: c.roots,
                    roots_shoup: c.roots_shoup,
                    moduli: c.moduli,
                    n: c.n,
                    rns_count: c.rns_count,
                    m: m as u32,
                    reduce: reduce as u32,
                };
                let rg = range(shape, n / 2, None);
                // SAFETY: one butterfly of the checked [poly][rns][n] array per work-item.
                unsafe {
                    fwd::NTT_FWD_RADIX2
                        .word(c.word)
                        .launch(backend, tile, &rg, args)?
                };
            }
            FwdStep::Pass { m, log_r } => {
                let rg = range(shape, n >> log_r, None);
                // SAFETY: 2^log_r words of the checked array per work-item.
                unsafe { fwd_pass(log_r, c.word).launch(backend, tile, &rg, c.pass(data, m))? };
            }
            FwdStep::Reduce => {
                let args = ReduceArgs {
                    data,
                    moduli: c.moduli,
                    n: c.n,
                    rns_count: c.rns_count,
                };
                // SAFETY: one word of the checked array per work-item.
                unsafe {
                    fwd::NTT_REDUCE_4Q.word(c.word).launch(
                        backend,
                        tile,
                        &range(shape, n, None),
                        args,
                    )?
                };
            }
            FwdStep::Stage(tiles) => c.fwd_stage(backend, data, data, tiles, plan.group_size)?,
            FwdStep::Local { block } => {
                let args = FwdLocalArgs {
                    data,
                    roots: c.roots,
                    roots_shoup: c.roots_shoup,
                    moduli: c.moduli,
                    n: c.n,
                    rns_count: c.rns_count,
                    m: (n / block) as u32,
                    reduce: 1,
                    buf: block,
                };
                let rg = c.tile_range(block, plan.group_size);
                // SAFETY: one block of the checked array per work-group (a checked plan).
                unsafe { fwd_local(plan.variant, c.word)?.launch(backend, tile, &rg, args)? };
            }
        }
    }
    Ok(())
}

/// Enqueues the inverse NTT (inputs in [0, q) in SEAL's bit-reversed order, outputs in [0, q)).
pub fn inverse(
    backend: &dyn Backend,
    t: &DeviceNttTables,
    shape: RnsShape,
    data: &DeviceBuffer,
    plan: &NttPlan,
) -> RuntimeResult<()> {
    let plan = &plan.for_inverse();
    t.check_words(shape, data)?;
    // The word first: a variant without a 32-bit build is refused on every device.
    check_word(plan.variant, t.word())?;
    plan.check_available(backend, shape.n)?;
    let (n, tile) = (shape.n, data.tile());
    let c = Common::inverse(t, shape, tile);
    for step in inverse_steps(n, plan) {
        match step {
            InvStep::Local { block } => {
                let args = InvLocalArgs {
                    data,
                    roots: c.roots,
                    roots_shoup: c.roots_shoup,
                    moduli: c.moduli,
                    consts: &*t.consts,
                    n: c.n,
                    rns_count: c.rns_count,
                    block: block as u32,
                    buf: block,
                };
                let rg = c.tile_range(block, plan.group_size);
                // SAFETY: one block of the checked array per work-group (a checked plan).
                unsafe { inv_local(plan.variant, c.word)?.launch(backend, tile, &rg, args)? };
            }
            InvStep::Pass { m, log_r } => {
                let rg = range(shape, n >> log_r, None);
                // SAFETY: 2^log_r words of the checked array per work-item.
                unsafe { inv_pass(log_r, c.word).launch(backend, tile, &rg, c.pass(data, m))? };
            }
            InvStep::Stage(tiles) => {
                c.inv_stage(backend, data, &t.consts, tiles, plan.group_size)?
            }
            InvStep::Last => {
                let args = InvLastArgs {
                    data,
                    consts: &*t.consts,
                    moduli: c.moduli,
                    n: c.n,
                    rns_count: c.rns_count,
                };
                let rg = range(shape, n / 2, None);
                // SAFETY: one butterfly of the checked array per work-item.
                unsafe {
                    inv::NTT_INV_LAST
                        .word(c.word)
                        .launch(backend, tile, &rg, args)?
                };
            }
        }
    }
    Ok(())
}

/// Enqueues `a ← a · b` in `Z_q[x]/(x^n + 1)` for every polynomial and component (coefficient
/// form in [0, q) in and out; `b` is left as it was): the forward column stages of both
/// operands (`b`'s into a scratch buffer), one fused kernel that finishes both forward
/// transforms, multiplies them coefficient-wise and starts the inverse, then the inverse column
/// stages. Bit-exact with [`crate::ntt::negacyclic_multiply`]. For n no larger than half the
/// plan's block the whole product is one launch.
pub fn multiply(
    backend: &dyn Backend,
    t: &DeviceNttTables,
    shape: RnsShape,
    a: &DeviceBuffer,
    b: &DeviceBuffer,
    plan: &NttPlan,
) -> RuntimeResult<()> {
    t.check_words(shape, a)?;
    t.check_words(shape, b)?;
    plan.check()?;
    let (n, tile) = (shape.n, a.tile());
    let block = fused_block(n, plan);
    let stages = column_stages(n, block);
    let fwd_c = Common::forward(t, shape, tile);
    let inv_c = Common::inverse(t, shape, tile);
    let scratch = if stages.is_empty() {
        None
    } else {
        Some(backend.alloc(tile, t.word().storage_words(shape.words()))?)
    };
    let result = (|| {
        let b_ntt = scratch.as_ref().unwrap_or(b);
        for (k, &tiles) in stages.iter().enumerate() {
            for (src, dst) in [(a, a), (if k == 0 { b } else { b_ntt }, b_ntt)] {
                fwd_c.fwd_stage(backend, src, dst, tiles, plan.group_size)?;
            }
        }
        let args = FusedMulArgs {
            a,
            b: b_ntt,
            roots: fwd_c.roots,
            roots_shoup: fwd_c.roots_shoup,
            inv_roots: inv_c.roots,
            inv_roots_shoup: inv_c.roots_shoup,
            moduli: fwd_c.moduli,
            consts: &*t.consts,
            n: fwd_c.n,
            rns_count: fwd_c.rns_count,
            m: (n / block) as u32,
            buf_a: block,
            buf_b: block,
        };
        let rg = fwd_c.tile_range(block, plan.group_size);
        // SAFETY: one block of `a` and of `b_ntt` (both checked to hold shape.words(); the
        // scratch is that size) per work-group of a checked plan.
        unsafe {
            NTT_FUSED_MUL
                .word(fwd_c.word)
                .launch(backend, tile, &rg, args)?
        };
        for &tiles in stages.iter().rev() {
            inv_c.inv_stage(backend, a, &t.consts, tiles, plan.group_size)?;
        }
        Ok(())
    })();
    if let Some(s) = scratch {
        backend.free(s)?;
    }
    result
}
