//! CKKS parameters from the command line: the moduli list, the context, the scale.

use crate::cli::error::{ckks_err, UsageError};
use xehe::ckks::{CkksError, Context, EncryptionParameters};
use xehe::primes::SecurityLevel;

/// "60,40x6,60" → [60, 40, 40, 40, 40, 40, 40, 60].
pub fn parse_bits(s: &str) -> Result<Vec<u32>, UsageError> {
    crate::cli::moduli::parse("--moduli", s)
}

/// The scale of the prime a rescale removes (the level's last prime: SEAL's convention, 2^40
/// for 60,40x6,60), kept small enough that a product's scale fits `level`, as the evaluator
/// requires.
pub fn scale_for(level: &xehe::ckks::ContextData) -> f64 {
    let data_bits = level.total_coeff_modulus_bit_count() as i32;
    let rescaled = level
        .coeff_modulus()
        .last()
        .map_or(data_bits, |q| q.bit_count() as i32);
    2f64.powi(rescaled.min((data_bits - 2) / 2))
}

/// The context for `bits`: 128-bit security where the HE standard allows it, otherwise without
/// (said on stderr: a benchmark times arithmetic; 2^16 × 33 primes is past the standard's table).
pub fn context(degree: usize, bits: &[u32]) -> Result<Context, UsageError> {
    context_with_specials(degree, bits, 1)
}

/// [`context`] with the last `specials` primes special (hybrid key switching).
pub fn context_with_specials(
    degree: usize,
    bits: &[u32],
    specials: usize,
) -> Result<Context, UsageError> {
    let parms = EncryptionParameters::with_bit_sizes(degree, bits)
        .map_err(ckks_err)?
        .with_special_primes(specials);
    match Context::new(&parms, SecurityLevel::Tc128) {
        Err(CkksError::Insecure { reason }) => {
            eprintln!("note: {reason}; benchmarking without a security level");
            Context::new(&parms, SecurityLevel::None).map_err(ckks_err)
        }
        other => other.map_err(ckks_err),
    }
}

/// The decrypted slot error a fresh encryption's check allows at `scale`, derived so that it
/// holds for any key and scale (a fixed 1e-5 failed correct encryptions at 2^30): a public-key
/// encryption decrypts to Δm + u·e0 + e1 + e2·s, with e_i centred-binomial (σ = 3.24) and u, s
/// ternary. In a slot |e_i(ζ)| < 6σ√N and |u(ζ)|, |s(ζ)| < 5·√(2N/3) (six and five standard
/// deviations), so the noise stays below (1 + 2·5·√(2N/3))·6σ√N; encoding's rounding adds at
/// most N/2; with several special primes, what the division by their product adds
/// ([`Context::special_division_error_bound`]). A wrong result is off by about the message
/// itself, far above this.
pub fn fresh_error_bound(ctx: &Context, scale: f64) -> f64 {
    let n = ctx.key_context_data().parms().poly_modulus_degree() as f64;
    let ternary = 5.0 * (2.0 * n / 3.0).sqrt();
    let noise = (1.0 + 2.0 * ternary) * 6.0 * 3.24 * n.sqrt();
    (noise + n / 2.0) / scale + ctx.special_division_error_bound(scale)
}
