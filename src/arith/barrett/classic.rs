//! Algorithm 2 of Shivdikar et al.: Barrett's classical reduction.
//!
//! Requires m = len(q) ≤ β − 2, 0 ≤ x < 2^(2m), µ = ⌊2^(2m) / q⌋:
//! c ← x >> (m − 1); quot ← (c·µ) >> (m + 1); rem ← x − quot·q; up to two conditional subtractions.

use super::variant::Variant;

/// Marker for the classical variant.
#[derive(Clone, Copy, Debug)]
pub struct Classic;

impl Variant for Classic {
    const NAME: &'static str = "classical Barrett (Alg. 2)";
    const PRE: u32 = 1;
    const POST: u32 = 1;
    const EXTRA: u32 = 0;
    const WORD_MARGIN: u32 = 2;
    const MAX_CORRECTIONS: u32 = 2;
}
