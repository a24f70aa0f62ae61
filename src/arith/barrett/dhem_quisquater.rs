//! Algorithm 3 of Shivdikar et al.: the Dhem–Quisquater instantiation (α = N + 3, β = −2) used by
//! PALISADE.
//!
//! Requires m = len(q) ≤ β − 4, 0 ≤ x < 2^(2m), µ = ⌊2^(2m+3) / q⌋:
//! c ← x >> (m − 2); quot ← (c·µ) >> (m + 5); rem ← x − quot·q; one conditional subtraction.

use super::variant::Variant;

/// Marker for the Dhem–Quisquater variant.
#[derive(Clone, Copy, Debug)]
pub struct DhemQuisquater;

impl Variant for DhemQuisquater {
    const NAME: &'static str = "Dhem-Quisquater Barrett (Alg. 3)";
    const PRE: u32 = 2;
    const POST: u32 = 5;
    const EXTRA: u32 = 3;
    const WORD_MARGIN: u32 = 4;
    const MAX_CORRECTIONS: u32 = 1;
}
