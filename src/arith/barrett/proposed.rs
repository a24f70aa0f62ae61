//! Algorithm 4 of Shivdikar et al.: the paper's proposed GPU variant (Dhem–Quisquater with
//! α = N + 1, β = −2), as wide a modulus as the classical one with a single correction.
//!
//! Requires m = len(q) ≤ β − 2, 0 ≤ x < 2^(2m), µ = ⌊2^(2m+1) / q⌋:
//! c ← x >> (m − 2); quot ← (c·µ) >> (m + 3); rem ← x − quot·q; one conditional subtraction.

use super::variant::Variant;

/// Marker for the proposed variant.
#[derive(Clone, Copy, Debug)]
pub struct Proposed;

impl Variant for Proposed {
    const NAME: &'static str = "proposed Barrett (Alg. 4)";
    const PRE: u32 = 2;
    const POST: u32 = 3;
    const EXTRA: u32 = 1;
    const WORD_MARGIN: u32 = 2;
    const MAX_CORRECTIONS: u32 = 1;
}
