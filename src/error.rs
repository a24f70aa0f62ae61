//! Errors of the mathematical foundation layer (arithmetic, primes, NTT, RNS).
//!
//! Later layers (device runtime, CKKS) get their own enums and wrap this one; every variant carries
//! enough context for a user to see what to change.

use thiserror::Error;

/// Everything that can go wrong when building moduli, prime chains, NTT tables or RNS bases.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MathError {
    /// A modulus outside what the arithmetic supports.
    #[error("modulus {value} is out of range: {reason}")]
    InvalidModulus { value: u64, reason: &'static str },

    /// A Barrett variant was asked for a modulus wider than its word size allows.
    #[error("{algorithm} needs a modulus of at most {max_bits} bits for {word_bits}-bit words; {value} has {bits}")]
    ModulusTooWide {
        algorithm: &'static str,
        word_bits: u32,
        max_bits: u32,
        value: u64,
        bits: u32,
    },

    /// A polynomial degree that is not a supported power of two.
    #[error(
        "polynomial degree {degree} is invalid: must be a power of two between {min} and {max}"
    )]
    InvalidDegree { degree: u64, min: u64, max: u64 },

    /// A requested prime bit size outside the supported range.
    #[error("prime bit size {bits} is invalid: must be between {min} and {max}")]
    InvalidBitSize { bits: u32, min: u32, max: u32 },

    /// An empty list of bit sizes, or one longer than supported.
    #[error("bit size list of length {len} is invalid: must hold between 1 and {max} sizes")]
    InvalidBitSizeCount { len: usize, max: usize },

    /// Not enough primes of the requested shape exist.
    #[error("not enough primes: {requested} {bits}-bit primes ≡ 1 (mod {factor}) requested, only {found} exist")]
    NotEnoughPrimes {
        bits: u32,
        factor: u64,
        requested: usize,
        found: usize,
    },

    /// No primitive root of the requested order exists modulo `modulus`.
    #[error("no primitive {order}-th root of unity exists modulo {modulus} (needs {modulus} ≡ 1 mod {order} and {modulus} prime)")]
    NoPrimitiveRoot { order: u64, modulus: u64 },

    /// An element with no inverse modulo `modulus`.
    #[error("{value} has no inverse modulo {modulus}")]
    NotInvertible { value: u64, modulus: u64 },

    /// A slice whose length does not match what the operation needs.
    #[error("{what}: expected length {expected}, got {actual}")]
    LengthMismatch {
        what: &'static str,
        expected: usize,
        actual: usize,
    },

    /// An RNS base whose moduli are not pairwise coprime.
    #[error("RNS base moduli {a} and {b} are not coprime")]
    NotCoprime { a: u64, b: u64 },

    /// A value that must be below a bound is not.
    #[error("{what}: value {value} is not below {bound}")]
    OutOfRange {
        what: &'static str,
        value: String,
        bound: String,
    },

    /// A `[poly][rns][coeff]` shape that cannot be laid out or indexed by the kernels.
    #[error("invalid shape: {0}")]
    InvalidShape(String),

    /// Level layouts or a target scale that a 32-bit-tier prime family cannot be built for.
    #[error("invalid level layout: {0}")]
    InvalidLevelLayout(String),

    /// No choice of primes brings a 32-bit-tier level's rescale factor and scale within the
    /// stated bound of the target (log2 values as text; NaN where the level has no factor).
    #[error("level {level} cannot get a scale near 2^{scale_bits}: the best primes give a rescale factor of 2^{ratio_log2} and a scale of 2^{scale_log2}; change the level layouts (each step's factor must be near 2^{scale_bits})")]
    ScaleUnreachable {
        level: usize,
        scale_bits: u32,
        ratio_log2: String,
        scale_log2: String,
    },
}

/// Result alias for the foundation layer.
pub type MathResult<T> = Result<T, MathError>;
