//! What distinguishes one Barrett reduction of the family from another.

/// The constants that make one member of the Barrett family.
pub trait Variant {
    /// Name used in errors and benches.
    const NAME: &'static str;
    /// c = x >> (m − PRE).
    const PRE: u32;
    /// quot = (c · µ) >> (m + POST).
    const POST: u32;
    /// µ = ⌊2^(2m + EXTRA) / q⌋.
    const EXTRA: u32;
    /// len(q) ≤ β − WORD_MARGIN keeps µ and c word-sized.
    const WORD_MARGIN: u32;
    /// Conditional subtractions the algorithm performs (its proven bound).
    const MAX_CORRECTIONS: u32;
}
