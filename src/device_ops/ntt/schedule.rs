//! The schedule of a transform: the launches one forward or inverse NTT of a plan makes, in
//! order, and the column stages of the four-step variants.

use crate::device_ops::ntt::plan::NttPlan;
use crate::exec::{WordKernel, WordSize};
use crate::kernels::ntt_core::{FwdLocalArgs, InvLocalArgs, PassArgs};
use crate::kernels::ntt_forward as fwd;
use crate::kernels::ntt_fused as fused;
use crate::kernels::ntt_inverse as inv;
use crate::kernels::ntt_subgroup as sg;
use crate::kernels::{Kernel, KernelSpec};
use crate::rns::RnsShape;
use crate::runtime::NdRange;
use crate::runtime::NttVariant;
use crate::runtime::{RuntimeError, RuntimeResult};

pub(super) fn range(shape: RnsShape, items: usize, group: Option<usize>) -> NdRange {
    NdRange {
        global: [items, shape.rns_count, shape.poly_count],
        local: group.map(|g| [g, 1, 1]),
    }
}

/// Global passes of 2^log_r rounds (log_r ≥ 2 forward, ≥ 1 inverse) and local-memory kernels,
/// by log2 of their radix.
static FWD_PASS: [&WordKernel<PassArgs<'static>>; 3] = [
    &fwd::NTT_FWD_RADIX4,
    &fwd::NTT_FWD_RADIX8,
    &fwd::NTT_FWD_RADIX16,
];
static FWD_LOCAL: [&WordKernel<FwdLocalArgs<'static>>; 4] = [
    &fwd::NTT_FWD_LOCAL,
    &fwd::NTT_FWD_LOCAL_RADIX4,
    &fwd::NTT_FWD_LOCAL_RADIX8,
    &fwd::NTT_FWD_LOCAL_RADIX16,
];
static INV_PASS: [&WordKernel<PassArgs<'static>>; 4] = [
    &inv::NTT_INV_RADIX2,
    &inv::NTT_INV_RADIX4,
    &inv::NTT_INV_RADIX8,
    &inv::NTT_INV_RADIX16,
];
static INV_LOCAL: [&WordKernel<InvLocalArgs<'static>>; 4] = [
    &inv::NTT_INV_LOCAL,
    &inv::NTT_INV_LOCAL_RADIX4,
    &inv::NTT_INV_LOCAL_RADIX8,
    &inv::NTT_INV_LOCAL_RADIX16,
];

/// The row-stage kernels of the sub-group variants, by log2(S) − 3.
static FWD_SG: [&Kernel<FwdLocalArgs<'static>>; 3] = [
    &sg::NTT_FWD_LOCAL_SG8,
    &sg::NTT_FWD_LOCAL_SG16,
    &sg::NTT_FWD_LOCAL_SG32,
];
static INV_SG: [&Kernel<InvLocalArgs<'static>>; 3] = [
    &sg::NTT_INV_LOCAL_SG8,
    &sg::NTT_INV_LOCAL_SG16,
    &sg::NTT_INV_LOCAL_SG32,
];

fn sg_index(variant: NttVariant) -> usize {
    variant
        .shuffle_size()
        .map_or(0, |s| s.trailing_zeros() as usize - 3)
}

/// A column stage of the four-step variants: rows and columns of the tiles of round m
/// (`xehe_stage_tile`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Tiles {
    pub(super) m: usize,
    pub(super) log_rows: u32,
    pub(super) log_cols: u32,
}

impl Tiles {
    pub(super) fn words(self) -> usize {
        1 << (self.log_rows + self.log_cols)
    }
}

/// The column stages before a row stage of `block` words: the first log2(n / block) rounds in
/// stages of at most log2(block) rounds, each tile as wide as `block` words allow.
pub(super) fn column_stages(n: usize, block: usize) -> Vec<Tiles> {
    let (log_n, log_b) = (n.trailing_zeros(), block.min(n).trailing_zeros());
    let mut stages = Vec::new();
    let mut done = 0;
    while done < log_n.saturating_sub(log_b) {
        let log_rows = (log_n - log_b - done).min(log_b);
        let log_s = log_n - done - log_rows;
        stages.push(Tiles {
            m: 1 << done,
            log_rows,
            log_cols: (log_b - log_rows).min(log_s),
        });
        done += log_rows;
    }
    stages
}

/// One launch of a forward NTT.
#[derive(Clone, Copy)]
pub(super) enum FwdStep {
    /// One radix-2 round at m; `reduce` fuses the correction to [0, q).
    Round { m: usize, reduce: bool },
    /// 2^log_r rounds (log_r ≥ 2) from m on, in registers.
    Pass { m: usize, log_r: u32 },
    /// The separate correction to [0, q).
    Reduce,
    /// A column stage in local memory.
    Stage(Tiles),
    /// Every remaining round in local memory, blocks of `block` words.
    Local { block: usize },
}

/// The register pass of 2^log_r forward rounds (log_r ≥ 2) in `word`s.
pub(super) fn fwd_pass(log_r: u32, word: WordSize) -> &'static Kernel<PassArgs<'static>> {
    FWD_PASS[log_r as usize - 2].word(word)
}

/// The inverse register pass of 2^log_r rounds in `word`s.
pub(super) fn inv_pass(log_r: u32, word: WordSize) -> &'static Kernel<PassArgs<'static>> {
    INV_PASS[log_r as usize - 1].word(word)
}

/// The sub-group modules are built for 64-bit words only: a 32-bit request names the module.
fn sub_group_word(variant: NttVariant, word: WordSize) -> RuntimeResult<()> {
    match (variant.shuffle_size(), word) {
        (Some(size), WordSize::W32) => Err(RuntimeError::NoWordBuild {
            what: format!(
                "NTT variant {} (kernel module ntt_subgroup{size})",
                variant.name()
            ),
            bits: word.bits(),
        }),
        _ => Ok(()),
    }
}

/// The forward row-stage kernel of `variant` in `word`s.
pub(super) fn fwd_local(
    variant: NttVariant,
    word: WordSize,
) -> RuntimeResult<&'static Kernel<FwdLocalArgs<'static>>> {
    sub_group_word(variant, word)?;
    Ok(match variant.shuffle_size() {
        Some(_) => FWD_SG[sg_index(variant)],
        None => FWD_LOCAL[variant.max_log_radix() as usize - 1].word(word),
    })
}

/// The inverse row-stage kernel of `variant` in `word`s.
pub(super) fn inv_local(
    variant: NttVariant,
    word: WordSize,
) -> RuntimeResult<&'static Kernel<InvLocalArgs<'static>>> {
    sub_group_word(variant, word)?;
    Ok(match variant.shuffle_size() {
        Some(_) => INV_SG[sg_index(variant)],
        None => INV_LOCAL[variant.max_log_radix() as usize - 1].word(word),
    })
}

/// Whether every kernel of `variant` is built for `word`s ([`RuntimeError::NoWordBuild`]
/// naming the module otherwise): the register passes, column stages and local kernels of
/// `ntt_forward`/`ntt_inverse` are, the sub-group row stages are not yet.
pub fn check_word(variant: NttVariant, word: WordSize) -> RuntimeResult<()> {
    sub_group_word(variant, word)
}

impl FwdStep {
    fn kernel(self, variant: NttVariant) -> &'static KernelSpec {
        match self {
            FwdStep::Round { .. } => &fwd::NTT_FWD_RADIX2,
            FwdStep::Pass { log_r, .. } => fwd_pass(log_r, WordSize::W64),
            FwdStep::Reduce => &fwd::NTT_REDUCE_4Q,
            FwdStep::Stage(_) => &fwd::NTT_FWD_STAGE,
            // Names are the same in both words; every variant has a 64-bit build.
            FwdStep::Local { .. } => match variant.shuffle_size() {
                Some(_) => FWD_SG[sg_index(variant)],
                None => &FWD_LOCAL[variant.max_log_radix() as usize - 1].w64,
            },
        }
    }
}

/// One launch of an inverse NTT.
#[derive(Clone, Copy)]
pub(super) enum InvStep {
    /// The first rounds in local memory, blocks of `block` words.
    Local { block: usize },
    /// 2^log_r rounds from m down, in registers.
    Pass { m: usize, log_r: u32 },
    /// A column stage in local memory (the one at m = 1 merges n^-1).
    Stage(Tiles),
    /// The last round merged with n^-1.
    Last,
}

impl InvStep {
    fn kernel(self, variant: NttVariant) -> &'static KernelSpec {
        match self {
            InvStep::Local { .. } => match variant.shuffle_size() {
                Some(_) => INV_SG[sg_index(variant)],
                None => &INV_LOCAL[variant.max_log_radix() as usize - 1].w64,
            },
            InvStep::Pass { log_r, .. } => inv_pass(log_r, WordSize::W64),
            InvStep::Stage(_) => &inv::NTT_INV_STAGE,
            InvStep::Last => &inv::NTT_INV_LAST,
        }
    }
}

/// The forward sequence of `plan` for degree `n`.
pub(super) fn forward_steps(n: usize, plan: &NttPlan) -> Vec<FwdStep> {
    let log_n = n.trailing_zeros();
    let mut steps = Vec::new();
    if !plan.variant.uses_local() {
        for s in 0..log_n {
            let reduce = s == log_n - 1 && plan.variant == NttVariant::Radix2Fused;
            steps.push(FwdStep::Round { m: 1 << s, reduce });
        }
        if plan.variant == NttVariant::Radix2 {
            steps.push(FwdStep::Reduce);
        }
        return steps;
    }
    let block = plan.local_block.min(n);
    if plan.variant.four_step() {
        steps.extend(column_stages(n, block).into_iter().map(FwdStep::Stage));
        steps.push(FwdStep::Local { block });
        return steps;
    }
    let mut remaining = (n / block).trailing_zeros();
    let mut m = 1usize;
    while remaining > 0 {
        let log_r = remaining.min(plan.variant.max_log_radix());
        steps.push(match log_r {
            1 => FwdStep::Round { m, reduce: false },
            _ => FwdStep::Pass { m, log_r },
        });
        m <<= log_r;
        remaining -= log_r;
    }
    steps.push(FwdStep::Local { block });
    steps
}

/// The inverse sequence of `plan` for degree `n`.
pub(super) fn inverse_steps(n: usize, plan: &NttPlan) -> Vec<InvStep> {
    let mut steps = Vec::new();
    let mut block = 1;
    if plan.variant.uses_local() {
        block = plan.local_block.min(n);
        steps.push(InvStep::Local { block });
        if block == n {
            return steps;
        }
    }
    if plan.variant.four_step() {
        steps.extend(
            column_stages(n, block)
                .into_iter()
                .rev()
                .map(InvStep::Stage),
        );
        return steps;
    }
    // Global rounds m = n / (2·block) … 2 (block = 1: every round from n/2).
    let mut m = n / (2 * block);
    let mut remaining = if m >= 2 { m.trailing_zeros() } else { 0 };
    while remaining > 0 {
        let log_r = remaining.min(plan.variant.max_log_radix());
        steps.push(InvStep::Pass { m, log_r });
        m >>= log_r;
        remaining -= log_r;
    }
    steps.push(InvStep::Last);
    steps
}

/// Whether a transform of degree `n` can follow `plan` (what the transforms check first): the
/// report functions below list nothing otherwise.
fn schedulable(n: usize, plan: &NttPlan) -> bool {
    n.is_power_of_two() && n >= 2 && plan.check().is_ok()
}

/// The kernels one forward NTT launches, in order (for reports; none for a degree that is not
/// a power of two or a plan [`NttPlan::new`] refuses).
pub fn forward_launches(n: usize, plan: &NttPlan) -> Vec<&'static str> {
    if !schedulable(n, plan) {
        return Vec::new();
    }
    forward_steps(n, plan)
        .into_iter()
        .map(|s| s.kernel(plan.variant).name)
        .collect()
}

/// The kernels one inverse NTT launches, in order.
pub fn inverse_launches(n: usize, plan: &NttPlan) -> Vec<&'static str> {
    if !schedulable(n, plan) {
        return Vec::new();
    }
    let plan = &plan.for_inverse();
    inverse_steps(n, plan)
        .into_iter()
        .map(|s| s.kernel(plan.variant).name)
        .collect()
}

/// The launches of [`crate::device_ops::ntt::launch::multiply`] for degree `n`, in order (for reports).
pub fn multiply_launches(n: usize, plan: &NttPlan) -> Vec<&'static str> {
    if !schedulable(n, plan) {
        return Vec::new();
    }
    let stages = column_stages(n, fused_block(n, plan)).len();
    let mut v = vec![fwd::NTT_FWD_STAGE.name; 2 * stages];
    v.push(fused::NTT_FUSED_MUL.name);
    v.extend(std::iter::repeat_n(inv::NTT_INV_STAGE.name, stages));
    v
}

/// The fused kernel holds a block of each operand, so its blocks are half the plan's.
pub(super) fn fused_block(n: usize, plan: &NttPlan) -> usize {
    (plan.local_block / 2).clamp(2, n)
}
