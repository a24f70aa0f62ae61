//! Which NTT a device runs: the variant, the local-memory block and the work-group size, chosen
//! from the device's limits by rules measured on the H100, and whether a device can run a variant.

use crate::exec::WordSize;
use crate::rns::RnsShape;
use crate::runtime::settings::{bad, Settings};
use crate::runtime::NttVariant;
use crate::runtime::{Backend, DeviceLimits, Shuffles};
use crate::runtime::{RuntimeError, RuntimeResult};

/// A variant with its local-memory block (words, a power of two) and work-group size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct NttPlan {
    pub variant: NttVariant,
    /// Words one work-group transforms in local memory (capped at n).
    pub local_block: usize,
    /// Work-items per work-group of the local-memory kernels (capped at block / 2).
    pub group_size: usize,
    /// The variant [`inverse`](super::inverse) uses instead of `variant`, when set (automatic plans pick per
    /// direction).
    pub inverse_variant: Option<NttVariant>,
}

impl NttPlan {
    /// Checks the block (a power of two ≥ 2) and the group size (≥ 1).
    pub fn new(variant: NttVariant, local_block: usize, group_size: usize) -> RuntimeResult<Self> {
        let plan = NttPlan {
            variant,
            local_block,
            group_size,
            inverse_variant: None,
        };
        plan.check()?;
        Ok(plan)
    }

    /// [`NttPlan::new`]'s checks, which the transforms repeat: the fields are public, and the
    /// launches' tiles are cut from the block.
    pub(crate) fn check(&self) -> RuntimeResult<()> {
        let (block, group) = (self.local_block, self.group_size);
        if block < 2 || !block.is_power_of_two() || group == 0 {
            return Err(RuntimeError::InvalidShape(format!(
                "NTT local block {block} must be a power of two ≥ 2 and group size {group} ≥ 1"
            )));
        }
        Ok(())
    }

    /// The plan for a device: the largest block of at most 4096 words that fits its local
    /// memory, 256 work-items per group (fewer where the device allows fewer), `variant`.
    pub fn for_device(backend: &dyn Backend, variant: NttVariant) -> Self {
        Self::for_limits(&backend.limits(), variant)
    }

    /// [`NttPlan::for_device`] from the limits alone.
    pub fn for_limits(limits: &DeviceLimits, variant: NttVariant) -> Self {
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
    Ok(Settings::global()?.ntt_variant)
}

/// Smallest block [`NttPlan::choose`] shrinks to for small batches.
const MIN_AUTO_BLOCK: usize = 512;

/// Batches of at least this many words (128 MiB) take the four-step forward transform even
/// with few blocks: local-radix8's extra global passes are cheap while the batch stays in the
/// L2 cache and cost a DRAM pass each beyond it (key switching's broadcast at 2^16 is such a
/// batch).
const FOUR_STEP_WORDS: usize = 1 << 24;

/// From this degree on, [`NttPlan::choose`] takes four-step in smaller blocks with groups of
/// 64 work-items, and [`LARGE_BATCH`] rows is where the block doubles: the row stages run faster
/// in small tiles, while the first stages, whose loads convert between RNS bases, run slower in
/// narrow column tiles; 512 words below 256 rows and 1024 from there balance the two. Smaller
/// degrees keep the larger blocks, which measured faster there. Where the block shrinks, the
/// forward variant is four-step too, since local-radix8 would need one more register pass. The
/// rule was measured on the H100 only; Intel GPUs take it until they are measured.
const LARGE_N: usize = 1 << 16;
/// See [`LARGE_N`].
const LARGE_BATCH: usize = 256;

impl NttPlan {
    /// The plan for transforms of degree `n` over `components` polynomial components
    /// (polynomials × moduli) on a device with `limits`, by rules measured on the H100:
    /// - the block starts as [`NttPlan::for_limits`]' and halves (down to 512 words) while the
    ///   row stage would have fewer work-groups than the device has compute units, so a single
    ///   polynomial still fills the device;
    /// - the variant is `XEHE_NTT_VARIANT` when set (both directions). Otherwise, forward:
    ///   `local-radix8` up to 16 blocks per polynomial (its register passes beat four-step's
    ///   column stage there), `four-step` beyond or for batches of 2^24 words and more (far
    ///   past the L2 cache); inverse: `local-radix8` when one block holds the whole transform,
    ///   else `four-step` (one launch fewer). Sub-group variants are never chosen: they were
    ///   slower on the H100 and have not been measured on an Intel GPU;
    /// - from N = 2^16, blocks of 1024 words for batches of 256 rows and more and
    ///   of 512 below, in groups of 64, and then four-step both ways.
    pub fn choose(limits: &DeviceLimits, n: usize, components: usize) -> RuntimeResult<Self> {
        Self::choose_for(limits, n, components, WordSize::W64)
    }

    /// [`NttPlan::choose`] for residues of `word`. 32-bit words take, from N = 2^16, blocks of
    /// 1024 words in groups of 128: a tile of 4-byte words is half the local memory of the same
    /// block of 8-byte words, and on the H100 that plan ran 2^16 × 64 primes in 62.7 µs against
    /// 69.7 for the 64-bit rule's 512 / 64 (benches/results/h100-2026-11-26-ntt-word32). The
    /// rule was measured at 64 rows only.
    pub fn choose_for(
        limits: &DeviceLimits,
        n: usize,
        components: usize,
        word: WordSize,
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
        let settings = Settings::global()?;
        match settings.ntt_variant {
            Some(v) => plan.variant = v,
            None => {
                plan.variant = pick(blocks > 16 || n * components >= FOUR_STEP_WORDS);
                plan.inverse_variant = Some(pick(blocks > 1));
            }
        }
        if n >= LARGE_N && plan.local_block >= 1024 {
            (plan.local_block, plan.group_size) = match word {
                WordSize::W32 => (1024, plan.group_size.min(128)),
                WordSize::W64 if components >= LARGE_BATCH => (1024, plan.group_size.min(64)),
                WordSize::W64 => (512, plan.group_size.min(64)),
            };
            // Local-radix8 with these blocks would take one more register pass; four-step in
            // them beats it at 16 to 128 rows (plain-ntt/ in the results above).
            if settings.ntt_variant.is_none() {
                plan.variant = NttVariant::FourStep;
                plan.inverse_variant = Some(NttVariant::FourStep);
            }
        }
        plan.apply_overrides(limits, settings.ntt_block, settings.ntt_group)?;
        Ok(plan)
    }

    /// Replaces the block and group size by `XEHE_NTT_BLOCK` / `XEHE_NTT_GROUP` where set (for
    /// tuning sweeps), refusing a block past the device's local memory or a group past its
    /// work-group limit, which would fail at the first launch instead.
    fn apply_overrides(
        &mut self,
        limits: &DeviceLimits,
        block: Option<usize>,
        group: Option<usize>,
    ) -> RuntimeResult<()> {
        if let Some(b) = block {
            if limits.local_mem_bytes > 0 && b * 8 > limits.local_mem_bytes as usize {
                return Err(bad(
                    "XEHE_NTT_BLOCK",
                    &b.to_string(),
                    &format!(
                        "at most {} words (the device's local memory)",
                        limits.local_mem_bytes / 8
                    ),
                ));
            }
            self.local_block = b;
        }
        if let Some(g) = group {
            if limits.max_work_group_size > 0 && g > limits.max_work_group_size {
                return Err(bad(
                    "XEHE_NTT_GROUP",
                    &g.to_string(),
                    &format!(
                        "at most {} (the device's work-group limit)",
                        limits.max_work_group_size
                    ),
                ));
            }
            self.group_size = g;
        }
        Ok(())
    }

    /// The plan [`inverse`] runs: `inverse_variant` in place of `variant` when set.
    pub(super) fn for_inverse(&self) -> NttPlan {
        NttPlan {
            variant: self.inverse_variant.unwrap_or(self.variant),
            inverse_variant: None,
            ..*self
        }
    }

    /// [`NttPlan::choose`] for `shape` on `backend`.
    pub fn auto(backend: &dyn Backend, shape: RnsShape) -> RuntimeResult<Self> {
        Self::auto_for(backend, shape, WordSize::W64)
    }

    /// [`NttPlan::choose_for`] for `shape` of `word` residues on `backend`.
    pub fn auto_for(backend: &dyn Backend, shape: RnsShape, word: WordSize) -> RuntimeResult<Self> {
        Self::choose_for(
            &backend.limits(),
            shape.n,
            shape.rns_count * shape.poly_count,
            word,
        )
    }
}

impl NttPlan {
    /// Checks that `backend` can run the plan for degree `n`: a sub-group variant needs the
    /// device's shuffles of its size, blocks of at least 16S words and groups of a multiple of S
    /// work-items ([`RuntimeError::Unavailable`] otherwise).
    pub fn check_available(&self, backend: &dyn Backend, n: usize) -> RuntimeResult<()> {
        self.check()?;
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
                Shuffles::Unavailable(why) => why,
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
        if !group.is_multiple_of(size) {
            return Err(unavailable(format!(
                "work-groups of {group}; it needs a multiple of {size}"
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> DeviceLimits {
        DeviceLimits {
            local_mem_bytes: 48 * 1024,
            max_work_group_size: 1024,
            sub_group_sizes: vec![],
            shuffles: Shuffles::NvidiaPtx,
            compute_units: 132,
            global_mem_bytes: Some(80 << 30),
            fp64: true,
        }
    }

    #[test]
    fn large_degrees_take_small_blocks_and_groups_after_the_variant() {
        let plan = |n, rows| NttPlan::choose(&limits(), n, rows).unwrap();
        let p = plan(1 << 16, 324);
        assert_eq!((p.local_block, p.group_size), (1024, 64));
        assert_eq!(p.variant, NttVariant::FourStep);
        // 36 rows: 16 blocks of 4096 words would take local-radix8 forward; in blocks of 512
        // both directions are four-step.
        let p = plan(1 << 16, 36);
        assert_eq!((p.local_block, p.group_size), (512, 64));
        assert_eq!(p.variant, NttVariant::FourStep);
        assert_eq!(p.inverse_variant, Some(NttVariant::FourStep));
        let p = plan(1 << 17, 8);
        assert_eq!((p.local_block, p.group_size), (512, 64));
        // Below 2^16 the blocks stay as the device allows.
        let p = plan(1 << 15, 324);
        assert_eq!((p.local_block, p.group_size), (4096, 256));
        let p = plan(1 << 14, 36);
        assert_eq!((p.local_block, p.group_size), (4096, 256));
        // 32-bit words: 1024-word blocks in groups of 128 from 2^16 at any row count; the
        // 64-bit rule unchanged through choose_for; smaller degrees as the device allows.
        let w = |n, rows, word| NttPlan::choose_for(&limits(), n, rows, word).unwrap();
        for rows in [64, 324] {
            let p = w(1 << 16, rows, WordSize::W32);
            assert_eq!((p.local_block, p.group_size), (1024, 128), "{rows}");
            assert_eq!(p.variant, NttVariant::FourStep);
        }
        assert_eq!(w(1 << 16, 36, WordSize::W64), plan(1 << 16, 36));
        let p = w(1 << 15, 324, WordSize::W32);
        assert_eq!((p.local_block, p.group_size), (4096, 256));
    }

    #[test]
    fn overrides_replace_the_block_and_group_within_the_device_limits() {
        let mut plan = NttPlan::for_limits(&limits(), NttVariant::FourStep);
        plan.apply_overrides(&limits(), Some(512), Some(64))
            .unwrap();
        assert_eq!((plan.local_block, plan.group_size), (512, 64));
        plan.apply_overrides(&limits(), None, None).unwrap();
        assert_eq!((plan.local_block, plan.group_size), (512, 64));
        // 8192 words are 64 KiB of local memory: the device has 48.
        let e = plan
            .apply_overrides(&limits(), Some(8192), None)
            .unwrap_err();
        assert!(
            e.to_string().contains("XEHE_NTT_BLOCK") && e.to_string().contains("6144"),
            "{e}"
        );
        let mut small = limits();
        small.max_work_group_size = 256;
        let e = plan.apply_overrides(&small, None, Some(512)).unwrap_err();
        assert!(
            e.to_string().contains("XEHE_NTT_GROUP") && e.to_string().contains("256"),
            "{e}"
        );
        assert_eq!((plan.local_block, plan.group_size), (512, 64));
    }
}
