//! Forward and inverse negacyclic NTTs of `[poly][rns][coeff]` batches on a device, bit-exact
//! with [`crate::ntt::NttTables::forward`] / `inverse` (hence with SEAL), in several variants:
//!
//! | name | forward | inverse |
//! | --- | --- | --- |
//! | `radix2` | one launch per round through global memory, then a correction pass to [0, q) | one launch per round, last round merged with n^-1 |
//! | `radix2-fused` | as `radix2`, the correction fused into the last round | as `radix2` |
//! | `local-radix{2,4,8,16}` | global passes of 1–4 rounds in registers until a block fits local memory, then every remaining round in one local-memory kernel (1–4 rounds between barriers) with the correction fused | the local-memory kernel first, then global passes, then the merged last round |
//! | `four-step` | 2D multi-block: column stages in local memory (tiles of rows × adjacent columns, radix-8 chunks) until a block fits, then the row stage (`local-radix8`'s kernel); the twiddle step is folded into SEAL's merged root table | the row stage, then the column stages, the last one merged with n^-1 |
//! | `subgroup{8,16,32}` | as `four-step`, the row stage's last log2(8S) rounds in registers and sub-group shuffles (SIMD(S,8)) | as `four-step`, the row stage's first log2(8S) rounds in registers and shuffles |
//!
//! [`multiply`] is the fused negacyclic product (the last forward stage of both operands, the
//! Hadamard product and the first inverse stage in one kernel); the plain Hadamard product of
//! two NTT-form batches is [`super::poly::mul`].
//!
//! ```
//! use xehe::arith::Modulus;
//! use xehe::primes::CoeffModulus;
//! use xehe::runtime::{open, ntt::{self, DeviceNttTables, NttPlan, NttVariant}, poly::{self, RnsShape}};
//! use xehe::runtime::{BackendChoice, OpenOptions};
//! let dev = open(&OpenOptions { backend: BackendChoice::CpuSim, ..Default::default() })?;
//! let q = CoeffModulus::create(1024, &[50, 50])?;
//! let tables = DeviceNttTables::upload(dev.as_ref(), 0, 1024, &q)?;
//! let shape = RnsShape::new(1024, 2, 1)?;
//! let input: Vec<u64> = (0..2048).map(|i| i % 7).collect();
//! let data = poly::upload(dev.as_ref(), 0, shape, tables.moduli(), &input)?;
//! let plan = NttPlan::auto(dev.as_ref(), shape)?;
//! ntt::forward(dev.as_ref(), &tables, shape, &data, &plan)?;
//! ntt::inverse(dev.as_ref(), &tables, shape, &data, &plan)?;
//! let mut back = vec![0; 2048];
//! dev.read(&data, 0, &mut back)?;
//! assert_eq!(back, input);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::poly::{DeviceModuli, RnsShape};
use super::{Backend, DeviceBuffer, KernelArg, NdRange, RuntimeError, RuntimeResult};
use crate::arith::{Modulus, ShoupOperand};
use crate::kernels::ntt_forward as fwd;
use crate::kernels::ntt_fused as fused;
use crate::kernels::ntt_inverse as inv;
use crate::kernels::ntt_subgroup as sg;
use crate::kernels::KernelSpec;
use crate::ntt::NttTables;

pub use super::ntt_variant::NttVariant;

/// A variant with its local-memory block (words, a power of two) and work-group size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct NttPlan {
    pub variant: NttVariant,
    /// Words one work-group transforms in local memory (capped at n).
    pub local_block: usize,
    /// Work-items per work-group of the local-memory kernels (capped at block / 2).
    pub group_size: usize,
    /// The variant [`inverse`] uses instead of `variant`, when set (automatic plans pick per
    /// direction).
    pub inverse_variant: Option<NttVariant>,
}

impl NttPlan {
    /// Checks the block (a power of two ≥ 2) and the group size (≥ 1).
    pub fn new(variant: NttVariant, local_block: usize, group_size: usize) -> RuntimeResult<Self> {
        if local_block < 2 || !local_block.is_power_of_two() || group_size == 0 {
            return Err(RuntimeError::InvalidShape(format!(
                "NTT local block {local_block} must be a power of two ≥ 2 and group size {group_size} ≥ 1"
            )));
        }
        Ok(NttPlan {
            variant,
            local_block,
            group_size,
            inverse_variant: None,
        })
    }

    /// The plan for a device: the largest block of at most 4096 words that fits its local
    /// memory, 256 work-items per group (fewer where the device allows fewer), `variant`.
    pub fn for_device(backend: &dyn Backend, variant: NttVariant) -> Self {
        Self::for_limits(&backend.limits(), variant)
    }

    /// [`NttPlan::for_device`] from the limits alone.
    pub fn for_limits(limits: &super::DeviceLimits, variant: NttVariant) -> Self {
        let words = (limits.local_mem_bytes / 8).max(2) as usize;
        let block = (1usize << words.ilog2()).min(4096);
        // NEO in AUB mode reports 0; treat an unknown limit as 256.
        let max_group = if limits.max_work_group_size == 0 {
            256
        } else {
            limits.max_work_group_size
        };
        NttPlan {
            variant,
            local_block: block,
            group_size: 256.min(max_group),
            inverse_variant: None,
        }
    }
}

/// The variant `XEHE_NTT_VARIANT` names, if it is set (read once per process).
pub fn variant_from_env() -> RuntimeResult<Option<NttVariant>> {
    Ok(super::settings::Settings::global()?.ntt_variant)
}

/// Smallest block [`NttPlan::choose`] shrinks to for small batches.
const MIN_AUTO_BLOCK: usize = 512;

/// Batches of at least this many words (128 MiB) take the four-step forward transform even
/// with few blocks: local-radix8's extra global passes are cheap while the batch stays in the
/// L2 cache (2^16 × 64 words: local-radix8 ahead) and cost a DRAM pass each beyond it (the
/// 2^16 × 1056-row broadcast of key switching at 33 primes: MulLin 3270.7 µs with four-step
/// against 3352.1, benches/results/h100-2026-11-21-ckks-plans/variants.md).
const FOUR_STEP_WORDS: usize = 1 << 24;

impl NttPlan {
    /// The plan for transforms of degree `n` over `components` polynomial components
    /// (polynomials × moduli) on a device with `limits`, from the H100 measurements in
    /// benches/results/ntt-2026-11-21.md:
    /// - the block starts as [`NttPlan::for_limits`]' and halves (down to 512 words) while the
    ///   row stage would have fewer work-groups than the device has compute units: N = 2^16 × 1
    ///   takes 34 µs with blocks of 4096 and 24 µs with blocks of 512;
    /// - the variant is `XEHE_NTT_VARIANT` when set (both directions). Otherwise, forward:
    ///   `local-radix8` up to 16 blocks per polynomial (its register passes beat four-step's
    ///   column stage there: 90 µs against 105 µs at 2^14 × 256), `four-step` beyond or for
    ///   batches of 2^24 words and more (far past the L2 cache); inverse:
    ///   `local-radix8` when one block holds the whole transform, else `four-step` (one launch
    ///   fewer, 20% ahead at 2^17 × 64). Sub-group variants are never chosen: they were 10–30%
    ///   slower on the H100 and have not been measured on an Intel GPU.
    pub fn choose(
        limits: &super::DeviceLimits,
        n: usize,
        components: usize,
    ) -> RuntimeResult<Self> {
        let mut plan = Self::for_limits(limits, NttVariant::LocalRadix8);
        let fill = limits.compute_units.max(1);
        while plan.local_block > MIN_AUTO_BLOCK && (n / plan.local_block.min(n)) * components < fill
        {
            plan.local_block /= 2;
        }
        let blocks = n / plan.local_block.min(n);
        let pick = |four_step: bool| {
            if four_step {
                NttVariant::FourStep
            } else {
                NttVariant::LocalRadix8
            }
        };
        match variant_from_env()? {
            Some(v) => plan.variant = v,
            None => {
                plan.variant = pick(blocks > 16 || n * components >= FOUR_STEP_WORDS);
                plan.inverse_variant = Some(pick(blocks > 1));
            }
        }
        Ok(plan)
    }

    /// The plan [`inverse`] runs: `inverse_variant` in place of `variant` when set.
    fn for_inverse(&self) -> NttPlan {
        NttPlan {
            variant: self.inverse_variant.unwrap_or(self.variant),
            inverse_variant: None,
            ..*self
        }
    }

    /// [`NttPlan::choose`] for `shape` on `backend`.
    pub fn auto(backend: &dyn Backend, shape: RnsShape) -> RuntimeResult<Self> {
        Self::choose(
            &backend.limits(),
            shape.n,
            shape.rns_count * shape.poly_count,
        )
    }
}

/// NTT tables of an RNS base on one tile: SEAL's root powers and inverse root powers with their
/// Shoup quotients (`[rns][n]`), and per component n^-1 and n^-1 · inv_root_powers[n-1].
#[derive(Debug)]
pub struct DeviceNttTables {
    n: usize,
    moduli: DeviceModuli,
    pub(super) roots: DeviceBuffer,
    pub(super) roots_shoup: DeviceBuffer,
    pub(super) inv_roots: DeviceBuffer,
    pub(super) inv_roots_shoup: DeviceBuffer,
    pub(super) consts: DeviceBuffer,
}

impl DeviceNttTables {
    /// Builds the tables for degree `n` (a power of two, 2 … 2^17) and NTT-friendly `moduli`
    /// (q ≡ 1 mod 2n) and uploads them to `tile`.
    pub fn upload(
        backend: &dyn Backend,
        tile: usize,
        n: usize,
        moduli: &[Modulus],
    ) -> RuntimeResult<Self> {
        let tables = moduli
            .iter()
            .map(|q| NttTables::new(n as u64, q))
            .collect::<Result<Vec<_>, _>>()?;
        let flat =
            |f: &dyn Fn(&NttTables) -> Vec<u64>| tables.iter().flat_map(f).collect::<Vec<u64>>();
        let op = |v: &[ShoupOperand]| v.iter().map(|s| s.operand).collect::<Vec<_>>();
        let quo = |v: &[ShoupOperand]| v.iter().map(|s| s.quotient).collect::<Vec<_>>();
        let consts = flat(&|t| {
            let q = t.modulus();
            let inv_n = t.inv_degree();
            let scaled = ShoupOperand::new(inv_n.mul_mod(t.inv_root_powers()[n - 1].operand, q), q);
            vec![
                inv_n.operand,
                inv_n.quotient,
                scaled.operand,
                scaled.quotient,
            ]
        });
        let up = |words: &[u64]| -> RuntimeResult<DeviceBuffer> {
            let b = backend.alloc(tile, words.len())?;
            backend.write(&b, 0, words)?;
            Ok(b)
        };
        Ok(DeviceNttTables {
            n,
            moduli: DeviceModuli::upload(backend, tile, moduli)?,
            roots: up(&flat(&|t| op(t.root_powers())))?,
            roots_shoup: up(&flat(&|t| quo(t.root_powers())))?,
            inv_roots: up(&flat(&|t| op(t.inv_root_powers())))?,
            inv_roots_shoup: up(&flat(&|t| quo(t.inv_root_powers())))?,
            consts: up(&consts)?,
        })
    }

    pub fn degree(&self) -> usize {
        self.n
    }

    /// The moduli table (for [`super::poly::upload`] and the coefficient-wise kernels).
    pub fn moduli(&self) -> &DeviceModuli {
        &self.moduli
    }

    /// Returns every buffer to the memory cache.
    pub fn free(self, backend: &dyn Backend) -> RuntimeResult<()> {
        for b in [
            self.roots,
            self.roots_shoup,
            self.inv_roots,
            self.inv_roots_shoup,
            self.consts,
        ] {
            backend.free(b)?;
        }
        self.moduli.free(backend)
    }

    pub(super) fn check(&self, shape: RnsShape, data: &DeviceBuffer) -> RuntimeResult<()> {
        // Data over the first rns_count moduli uses a prefix of the tables (a CKKS level).
        if shape.n != self.n || shape.rns_count > self.moduli.moduli().len() {
            return Err(RuntimeError::InvalidShape(format!(
                "NTT tables for n = {} and {} moduli, data of n = {} and {} moduli",
                self.n,
                self.moduli.moduli().len(),
                shape.n,
                shape.rns_count
            )));
        }
        if data.words() < shape.words() {
            return Err(RuntimeError::BufferTooSmall {
                what: "NTT data".into(),
                needed: shape.words(),
                available: data.words(),
            });
        }
        if data.tile() != self.roots.tile() {
            return Err(RuntimeError::WrongTile {
                buffer_tile: data.tile(),
                tile: self.roots.tile(),
            });
        }
        Ok(())
    }
}

fn range(shape: RnsShape, items: usize, group: Option<usize>) -> NdRange {
    NdRange {
        global: [items, shape.rns_count, shape.poly_count],
        local: group.map(|g| [g, 1, 1]),
    }
}

/// Global passes and local-memory kernels by log2 of their radix (index log_r − 1).
static FWD_PASS: [&KernelSpec; 4] = [
    &fwd::NTT_FWD_RADIX2,
    &fwd::NTT_FWD_RADIX4,
    &fwd::NTT_FWD_RADIX8,
    &fwd::NTT_FWD_RADIX16,
];
static FWD_LOCAL: [&KernelSpec; 4] = [
    &fwd::NTT_FWD_LOCAL,
    &fwd::NTT_FWD_LOCAL_RADIX4,
    &fwd::NTT_FWD_LOCAL_RADIX8,
    &fwd::NTT_FWD_LOCAL_RADIX16,
];
static INV_PASS: [&KernelSpec; 4] = [
    &inv::NTT_INV_RADIX2,
    &inv::NTT_INV_RADIX4,
    &inv::NTT_INV_RADIX8,
    &inv::NTT_INV_RADIX16,
];
static INV_LOCAL: [&KernelSpec; 4] = [
    &inv::NTT_INV_LOCAL,
    &inv::NTT_INV_LOCAL_RADIX4,
    &inv::NTT_INV_LOCAL_RADIX8,
    &inv::NTT_INV_LOCAL_RADIX16,
];

/// The row-stage kernels of the sub-group variants, by log2(S) − 3.
static FWD_SG: [&KernelSpec; 3] = [
    &sg::NTT_FWD_LOCAL_SG8,
    &sg::NTT_FWD_LOCAL_SG16,
    &sg::NTT_FWD_LOCAL_SG32,
];
static INV_SG: [&KernelSpec; 3] = [
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
    while done < log_n - log_b {
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
enum FwdStep {
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

impl FwdStep {
    fn kernel(self, variant: NttVariant) -> &'static KernelSpec {
        match self {
            FwdStep::Round { .. } => FWD_PASS[0],
            FwdStep::Pass { log_r, .. } => FWD_PASS[log_r as usize - 1],
            FwdStep::Reduce => &fwd::NTT_REDUCE_4Q,
            FwdStep::Stage(_) => &fwd::NTT_FWD_STAGE,
            FwdStep::Local { .. } if variant.shuffle_size().is_some() => FWD_SG[sg_index(variant)],
            FwdStep::Local { .. } => FWD_LOCAL[variant.max_log_radix() as usize - 1],
        }
    }
}

/// One launch of an inverse NTT.
#[derive(Clone, Copy)]
enum InvStep {
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
            InvStep::Local { .. } if variant.shuffle_size().is_some() => INV_SG[sg_index(variant)],
            InvStep::Local { .. } => INV_LOCAL[variant.max_log_radix() as usize - 1],
            InvStep::Pass { log_r, .. } => INV_PASS[log_r as usize - 1],
            InvStep::Stage(_) => &inv::NTT_INV_STAGE,
            InvStep::Last => &inv::NTT_INV_LAST,
        }
    }
}

/// The forward sequence of `plan` for degree `n`.
fn forward_steps(n: usize, plan: &NttPlan) -> Vec<FwdStep> {
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
fn inverse_steps(n: usize, plan: &NttPlan) -> Vec<InvStep> {
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

/// The kernels one forward NTT launches, in order (for reports).
pub fn forward_launches(n: usize, plan: &NttPlan) -> Vec<&'static str> {
    forward_steps(n, plan)
        .into_iter()
        .map(|s| s.kernel(plan.variant).name)
        .collect()
}

/// The kernels one inverse NTT launches, in order.
pub fn inverse_launches(n: usize, plan: &NttPlan) -> Vec<&'static str> {
    let plan = &plan.for_inverse();
    inverse_steps(n, plan)
        .into_iter()
        .map(|s| s.kernel(plan.variant).name)
        .collect()
}

impl NttPlan {
    /// Checks that `backend` can run the plan for degree `n`: a sub-group variant needs the
    /// device's shuffles of its size, blocks of at least 16S words and groups of a multiple of S
    /// work-items ([`RuntimeError::Unavailable`] otherwise).
    pub fn check_available(&self, backend: &dyn Backend, n: usize) -> RuntimeResult<()> {
        let Some(size) = self.variant.shuffle_size() else {
            return Ok(());
        };
        let unavailable = |why: String| RuntimeError::Unavailable {
            what: format!("NTT variant {}", self.variant.name()),
            device: backend.device_name(),
            why,
        };
        let shuffles = backend.limits().shuffles;
        if !shuffles.supports(size) {
            return Err(unavailable(match shuffles {
                super::Shuffles::Unavailable(why) => why,
                other => format!("no shuffles of {size} ({other:?})"),
            }));
        }
        let block = self.local_block.min(n);
        if block < 16 * size {
            return Err(unavailable(format!(
                "blocks of {block} words; it needs at least {}",
                16 * size
            )));
        }
        let group = self.group_size.min(block / 2);
        if group % size != 0 {
            return Err(unavailable(format!(
                "work-groups of {group}; it needs a multiple of {size}"
            )));
        }
        Ok(())
    }
}

/// The buffers and scalars every launch of one direction shares.
struct Common<'a> {
    n: usize,
    shape: RnsShape,
    roots: KernelArg<'a>,
    roots_shoup: KernelArg<'a>,
    moduli: KernelArg<'a>,
}

impl<'a> Common<'a> {
    fn u32(v: usize) -> KernelArg<'a> {
        KernelArg::U32(v as u32)
    }
    /// `n, rns_count`.
    fn sizes(&self) -> [KernelArg<'a>; 2] {
        [Self::u32(self.n), Self::u32(self.shape.rns_count)]
    }
    /// A forward column stage from `src` to `dst`.
    fn fwd_stage(
        &self,
        src: &'a DeviceBuffer,
        dst: &'a DeviceBuffer,
        t: Tiles,
        group: usize,
    ) -> (Vec<KernelArg<'a>>, NdRange) {
        let mut args = vec![KernelArg::Buffer(src), KernelArg::Buffer(dst)];
        args.extend([self.roots, self.roots_shoup, self.moduli]);
        args.extend(self.sizes());
        args.extend([
            Self::u32(t.m),
            Self::u32(t.log_rows as usize),
            Self::u32(t.log_cols as usize),
            Self::u32(0),
            KernelArg::Local(t.words()),
        ]);
        (args, self.tile_range(t.words(), group))
    }
    /// One work-group per tile of `words` words, at most `group` work-items (and at most
    /// words / 2) each.
    fn tile_range(&self, words: usize, group: usize) -> NdRange {
        let group = group.min(words / 2).max(1);
        range(self.shape, (self.n / words) * group, Some(group))
    }
    /// An inverse column stage on `data`.
    fn inv_stage(
        &self,
        data: &'a DeviceBuffer,
        consts: &'a DeviceBuffer,
        t: Tiles,
        group: usize,
    ) -> (Vec<KernelArg<'a>>, NdRange) {
        let mut args = vec![
            KernelArg::Buffer(data),
            self.roots,
            self.roots_shoup,
            self.moduli,
        ];
        args.push(KernelArg::Buffer(consts));
        args.extend(self.sizes());
        args.extend([
            Self::u32(t.m),
            Self::u32(t.log_rows as usize),
            Self::u32(t.log_cols as usize),
            KernelArg::Local(t.words()),
        ]);
        (args, self.tile_range(t.words(), group))
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
    t.check(shape, data)?;
    plan.check_available(backend, shape.n)?;
    let n = shape.n;
    let c = Common {
        n,
        shape,
        roots: KernelArg::Buffer(&t.roots),
        roots_shoup: KernelArg::Buffer(&t.roots_shoup),
        moduli: KernelArg::Buffer(t.moduli.buffer()),
    };
    let d = KernelArg::Buffer(data);
    let [nn, rc] = c.sizes();
    let tables = [d, c.roots, c.roots_shoup, c.moduli, nn, rc];
    let with = |extra: &[_]| [&tables[..], extra].concat();
    let u32_arg = Common::u32;
    for step in forward_steps(n, plan) {
        let (args, rg) = match step {
            FwdStep::Round { m, reduce } => (
                with(&[u32_arg(m), u32_arg(reduce as usize)]),
                range(shape, n / 2, None),
            ),
            FwdStep::Pass { m, log_r } => (with(&[u32_arg(m)]), range(shape, n >> log_r, None)),
            FwdStep::Reduce => (vec![d, c.moduli, nn, rc], range(shape, n, None)),
            FwdStep::Stage(tiles) => c.fwd_stage(data, data, tiles, plan.group_size),
            FwdStep::Local { block } => (
                with(&[u32_arg(n / block), u32_arg(1), KernelArg::Local(block)]),
                c.tile_range(block, plan.group_size),
            ),
        };
        backend.launch(data.tile(), step.kernel(plan.variant), &rg, &args)?;
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
    t.check(shape, data)?;
    plan.check_available(backend, shape.n)?;
    let n = shape.n;
    let c = Common {
        n,
        shape,
        roots: KernelArg::Buffer(&t.inv_roots),
        roots_shoup: KernelArg::Buffer(&t.inv_roots_shoup),
        moduli: KernelArg::Buffer(t.moduli.buffer()),
    };
    let (d, consts) = (KernelArg::Buffer(data), KernelArg::Buffer(&t.consts));
    let [nn, rc] = c.sizes();
    for step in inverse_steps(n, plan) {
        let (args, rg) = match step {
            InvStep::Local { block } => (
                vec![
                    d,
                    c.roots,
                    c.roots_shoup,
                    c.moduli,
                    consts,
                    nn,
                    rc,
                    Common::u32(block),
                    KernelArg::Local(block),
                ],
                c.tile_range(block, plan.group_size),
            ),
            InvStep::Pass { m, log_r } => (
                vec![d, c.roots, c.roots_shoup, c.moduli, nn, rc, Common::u32(m)],
                range(shape, n >> log_r, None),
            ),
            InvStep::Stage(tiles) => c.inv_stage(data, &t.consts, tiles, plan.group_size),
            InvStep::Last => (vec![d, consts, c.moduli, nn, rc], range(shape, n / 2, None)),
        };
        backend.launch(data.tile(), step.kernel(plan.variant), &rg, &args)?;
    }
    Ok(())
}

/// The launches of [`multiply`] for degree `n`, in order (for reports).
pub fn multiply_launches(n: usize, plan: &NttPlan) -> Vec<&'static str> {
    let stages = column_stages(n, fused_block(n, plan)).len();
    let mut v = vec![fwd::NTT_FWD_STAGE.name; 2 * stages];
    v.push(fused::NTT_FUSED_MUL.name);
    v.extend(std::iter::repeat(inv::NTT_INV_STAGE.name).take(stages));
    v
}

/// The fused kernel holds a block of each operand, so its blocks are half the plan's.
fn fused_block(n: usize, plan: &NttPlan) -> usize {
    (plan.local_block / 2).clamp(2, n)
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
    t.check(shape, a)?;
    t.check(shape, b)?;
    let n = shape.n;
    let block = fused_block(n, plan);
    let stages = column_stages(n, block);
    let fwd_c = Common {
        n,
        shape,
        roots: KernelArg::Buffer(&t.roots),
        roots_shoup: KernelArg::Buffer(&t.roots_shoup),
        moduli: KernelArg::Buffer(t.moduli.buffer()),
    };
    let inv_c = Common {
        roots: KernelArg::Buffer(&t.inv_roots),
        roots_shoup: KernelArg::Buffer(&t.inv_roots_shoup),
        ..fwd_c
    };
    let tile = a.tile();
    let scratch = if stages.is_empty() {
        None
    } else {
        Some(backend.alloc(tile, shape.words())?)
    };
    let result = (|| {
        let b_ntt = scratch.as_ref().unwrap_or(b);
        for (k, &tiles) in stages.iter().enumerate() {
            for (src, dst) in [(a, a), (if k == 0 { b } else { b_ntt }, b_ntt)] {
                let (args, rg) = fwd_c.fwd_stage(src, dst, tiles, plan.group_size);
                backend.launch(tile, &fwd::NTT_FWD_STAGE, &rg, &args)?;
            }
        }
        let [nn, rc] = fwd_c.sizes();
        let args = [
            KernelArg::Buffer(a),
            KernelArg::Buffer(b_ntt),
            fwd_c.roots,
            fwd_c.roots_shoup,
            inv_c.roots,
            inv_c.roots_shoup,
            fwd_c.moduli,
            KernelArg::Buffer(&t.consts),
            nn,
            rc,
            Common::u32(n / block),
            KernelArg::Local(block),
            KernelArg::Local(block),
        ];
        backend.launch(
            tile,
            &fused::NTT_FUSED_MUL,
            &fwd_c.tile_range(block, plan.group_size),
            &args,
        )?;
        for &tiles in stages.iter().rev() {
            let (args, rg) = inv_c.inv_stage(a, &t.consts, tiles, plan.group_size);
            backend.launch(tile, &inv::NTT_INV_STAGE, &rg, &args)?;
        }
        Ok(())
    })();
    if let Some(s) = scratch {
        backend.free(s)?;
    }
    result
}
