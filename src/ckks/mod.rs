//! CKKS with SEAL's concepts and names (issue 5, in progress): encryption parameters and the
//! context with its modulus-switching chain. Keys, encoder, encryptor, decryptor and the device
//! evaluator build on these.
//!
//! ```
//! use xehe::ckks::{Context, EncryptionParameters};
//! use xehe::primes::SecurityLevel;
//! let parms = EncryptionParameters::with_bit_sizes(8192, &[60, 40, 40, 60])?;
//! let context = Context::new(&parms, SecurityLevel::Tc128)?;
//! // The last prime is the special prime: the data levels hold 3, 2 and 1 primes.
//! assert_eq!(context.first_context_data().coeff_modulus().len(), 3);
//! assert_eq!(context.last_context_data().chain_index(), 0);
//! # Ok::<(), xehe::ckks::CkksError>(())
//! ```

mod context;
mod error;
mod params;

pub use context::{Context, ContextData};
pub use error::{CkksError, CkksResult};
pub use params::{EncryptionParameters, ParmsId, POLY_MODULUS_DEGREE_MAX, POLY_MODULUS_DEGREE_MIN};
