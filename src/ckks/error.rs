//! Errors of the CKKS layer: each says what was wrong and what to change.
#![warn(missing_docs)]

use crate::error::MathError;
use thiserror::Error;

/// Everything the CKKS host API can reject.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum CkksError {
    /// A polynomial modulus degree xehe's CKKS does not support.
    #[error(
        "poly_modulus_degree {degree} is not supported: use a power of two from {min} to {max}"
    )]
    InvalidDegree {
        /// The degree given.
        degree: usize,
        /// The smallest supported ([`crate::ckks::POLY_MODULUS_DEGREE_MIN`]).
        min: usize,
        /// The largest supported ([`crate::ckks::POLY_MODULUS_DEGREE_MAX`]).
        max: usize,
    },
    /// An empty coefficient modulus, or one with too many primes.
    #[error("coeff_modulus has {count} primes: use 1 to {max} (more than 1 to get a special prime for key switching)")]
    InvalidModulusCount {
        /// The primes given.
        count: usize,
        /// The most a chain may have ([`crate::ckks::COEFF_MOD_COUNT_MAX`]).
        max: usize,
    },
    /// A coefficient modulus prime that cannot serve (not prime, too wide, not ≡ 1 mod 2N).
    #[error("coeff_modulus[{index}] = {value} cannot be used: {reason}")]
    InvalidPrime {
        /// Its position in the coefficient modulus.
        index: usize,
        /// The prime.
        value: u64,
        /// Why it cannot serve.
        reason: String,
    },
    /// The same prime twice in the coefficient modulus.
    #[error("coeff_modulus[{first}] and coeff_modulus[{second}] are both {value}: the primes must be distinct")]
    RepeatedPrime {
        /// The first position holding it.
        first: usize,
        /// The second position holding it.
        second: usize,
        /// The prime.
        value: u64,
    },
    /// Parameters weaker than the requested security level.
    #[error("{reason}: use fewer or smaller primes (CoeffModulus::create) or a larger degree; SecurityLevel::None turns this check off and leaves the parameters INSECURE, with no security estimate at all")]
    Insecure {
        /// The bound exceeded, or the level without a bound.
        reason: String,
    },
    /// More values than the N/2 slots.
    #[error("{given} values do not fit the {slots} slots (N/2)")]
    TooManyValues {
        /// The values given.
        given: usize,
        /// The slot count, N/2.
        slots: usize,
    },
    /// A scale that is not a finite number of at least 1, or that the level cannot hold.
    #[error("scale {scale:?} is invalid: {reason}")]
    InvalidScale {
        /// The scale refused.
        scale: f64,
        /// The bound it breaks.
        reason: String,
    },
    /// A value that does not encode at this scale.
    #[error("cannot encode (index {slot}): {reason}")]
    ValueTooLarge {
        /// The slot (or coefficient) at fault.
        slot: usize,
        /// What overflows, and what to lower.
        reason: String,
    },
    /// An object made under other parameters than the context it is used with.
    #[error("the {what} belongs to another context (its parms_id is not in this chain)")]
    ForeignParameters {
        /// The object refused.
        what: &'static str,
    },
    /// A sparse secret's Hamming weight that a polynomial of this degree cannot hold.
    #[error("Hamming weight {weight} is invalid for degree {degree}: use 1 to {degree} nonzero coefficients")]
    InvalidHammingWeight {
        /// The weight asked for.
        weight: usize,
        /// The polynomial degree N.
        degree: usize,
    },
    /// Bootstrapping parameters that cannot work together.
    #[error("bootstrapping cannot use these parameters: {reason}")]
    InvalidBootstrap {
        /// What does not fit.
        reason: String,
    },
    /// Noise flooding wider than the level can carry.
    #[error("flooding with 2^{flood_bits} noise does not fit: use fewer than 62 bits and at least 2 fewer than the level's {modulus_bits}-bit modulus")]
    InvalidFlooding {
        /// The flooding noise's bits asked for.
        flood_bits: u32,
        /// The bits of the level's modulus.
        modulus_bits: u32,
    },
    /// A plaintext or ciphertext at the key level (with the special prime).
    #[error("the {what} is at the key level, which holds the special prime: data lives at the first data level (Context::first_context_data) and below")]
    KeyLevel {
        /// The object refused.
        what: &'static str,
    },
    /// A residue word not below its prime.
    #[error("residue word {index} is {value}, not below its prime {modulus}")]
    NotReduced {
        /// The word's position in the object's `[poly][rns][coeff]` words.
        index: usize,
        /// The word.
        value: u64,
        /// The prime it should be below.
        modulus: u64,
    },
    /// Data of the wrong size.
    #[error("wrong {what}: expected {expected}, given {given}")]
    WrongSize {
        /// What was measured.
        what: &'static str,
        /// The size wanted.
        expected: usize,
        /// The size given.
        given: usize,
    },
    /// A special prime count the primes cannot hold.
    #[error("{count} special primes with {primes} primes: there must be 1 to {max}, and with more than one at least one data prime left")]
    InvalidSpecialPrimeCount {
        /// The special primes asked for.
        count: usize,
        /// All primes of the parameters.
        primes: usize,
        /// The most special primes a context may have ([`crate::ckks::SPECIAL_PRIME_COUNT_MAX`]).
        max: usize,
    },
    /// Key switching (relinearization, rotation) needs a special prime.
    #[error("these parameters have a single prime, so no special prime for key switching: use at least two primes (the last becomes the special prime)")]
    NoSpecialPrime,
    /// Ciphertexts or plaintexts at different levels.
    #[error("level mismatch: chain index {left} against {right}; bring both to one level with mod_switch_to_next / rescale_to_next")]
    LevelMismatch {
        /// The first operand's chain index.
        left: usize,
        /// The second operand's (or the target's) chain index.
        right: usize,
    },
    /// A plaintext at another level than the ciphertext it is combined with (chain indices,
    /// and the primes each holds).
    #[error("plaintext at level {plaintext_level} ({}), ciphertext at level {ciphertext_level} ({}): encode the plaintext at the ciphertext's level (CkksEncoder::encode_at_level), or bring the higher one down (Evaluator::mod_switch_plain_to_next, Evaluator::mod_switch_to)", primes(*plaintext_primes), primes(*ciphertext_primes))]
    PlaintextLevelMismatch {
        /// The plaintext's chain index.
        plaintext_level: usize,
        /// The primes of the plaintext's level.
        plaintext_primes: usize,
        /// The ciphertext's chain index.
        ciphertext_level: usize,
        /// The primes of the ciphertext's level.
        ciphertext_primes: usize,
    },
    /// An operation on a ciphertext of the wrong size.
    #[error("{op} needs a ciphertext of size {expected}, this one has size {given}")]
    WrongCiphertextSize {
        /// The operation.
        op: &'static str,
        /// The size it takes.
        expected: usize,
        /// The ciphertext's size.
        given: usize,
    },
    /// A rotation or conjugation without its Galois key.
    #[error("no Galois key for element {galois_elt}: create it with KeyGenerator::create_galois_keys_for_steps (or create_galois_keys, SEAL's default set)")]
    MissingGaloisKey {
        /// The Galois element without a key.
        galois_elt: u64,
    },
    /// A Galois element that is not one: even, or not below 2N.
    #[error("{galois_elt} is not a Galois element of degree {degree}: use an odd number below 2N = {}", 2 * degree)]
    InvalidGaloisElement {
        /// The element given.
        galois_elt: u64,
        /// The degree N.
        degree: usize,
    },
    /// Rescaling or modulus switching at the last level.
    #[error("the ciphertext is at the last level (chain index {chain_index}): no prime is left to rescale or switch away; use more primes")]
    EndOfModulusChain {
        /// The ciphertext's chain index (0).
        chain_index: usize,
    },
    /// Operands whose scales differ.
    #[error(
        "scale mismatch: {left:?} against {right:?}; rescale or encode at the same scale first"
    )]
    ScaleMismatch {
        /// The first operand's scale.
        left: f64,
        /// The second operand's scale.
        right: f64,
    },
    /// A ciphertext or plaintext marked for the device (`gpu()`) given to an evaluator without one.
    #[error("{what} is marked for the device but this evaluator has none: create it with Evaluator::with_device, or call cpu() on the operand")]
    NoDevice {
        /// The operand marked for the device.
        what: &'static str,
    },
    /// A switch between the SEAL tier and the 32-bit tier that these contexts, levels or keys
    /// cannot make ([`crate::ckks::tier_switch::TierSwitch`]).
    #[error("cannot switch tiers: {reason}")]
    InvalidTierSwitch {
        /// What does not fit, and what to change.
        reason: String,
    },
    /// Something this build does not do (what, and what to do instead).
    #[error("not supported: {what}")]
    Unsupported {
        /// What is not done, and what to do instead.
        what: &'static str,
    },
    /// A device (kernel runtime) failure: launch, memory, copy.
    #[error("device: {0}")]
    Device(#[from] crate::runtime::RuntimeError),
    /// A job of a device pool's batch, or a tile's setup, failed on one tile of a root device.
    #[error("{device} ({name}) tile {tile}: {source}")]
    OnTile {
        /// The root device (`opencl:1`).
        device: crate::runtime::pool::DeviceId,
        /// Its name as the driver gives it.
        name: String,
        /// The tile's index on that device.
        tile: usize,
        /// What failed.
        source: Box<CkksError>,
    },
    /// Reading back an operand's copy on another tile (to upload it to the tile an operation
    /// runs on) failed: the fault is the source tile's, not that of the tile reading it, which
    /// a device pool keeps in service.
    #[error("reading back an operand's copy on {} ({name}) tile {tile}: {source}", .device.map_or_else(|| "a device".to_string(), |d| d.to_string()))]
    ReadBack {
        /// The source tile's root device in its device pool (None outside a pool).
        device: Option<crate::runtime::pool::DeviceId>,
        /// Its name as the driver gives it.
        name: String,
        /// The source tile's index on that device.
        tile: usize,
        /// What failed.
        source: Box<CkksError>,
    },
    /// A job of a device pool's batch that no tile ran: every tile had failed before it.
    #[error("not run: every tile of the pool had failed ({failures})")]
    NotRun {
        /// Each tile's failure, `device tile: error`, separated by semicolons.
        failures: String,
    },
    /// A file or buffer that does not hold a valid SEAL object for this context.
    #[error("cannot load: {0}")]
    Load(#[from] crate::ckks::load_error::LoadError),
    /// Writing a saved object failed.
    #[error("cannot save: {0}")]
    Save(#[source] crate::ckks::io_source::IoSource),
    /// An error of the mathematical layer (prime search, NTT tables).
    #[error(transparent)]
    Math(#[from] MathError),
}

/// "1 prime", "3 primes".
fn primes(count: usize) -> String {
    if count == 1 {
        "1 prime".into()
    } else {
        format!("{count} primes")
    }
}

/// The result of every fallible CKKS operation.
pub type CkksResult<T> = Result<T, CkksError>;
