//! CKKS with SEAL's concepts and names: encryption parameters, the context with its
//! modulus-switching chain, the encoder and plaintexts, keys, encryptor and decryptor, the
//! evaluator (on the host, or on a device tile for operands marked `gpu()`), and SEAL's files.
//!
//! ```
//! use xehe::ckks::{Context, EncryptionParameters};
//! use xehe::primes::SecurityLevel;
//! let parms = EncryptionParameters::with_bit_sizes(8192, &[60, 40, 40, 60])?;
//! let context = Context::new(&parms, SecurityLevel::Tc128)?;
//! // The last prime is the special prime: the data levels hold 3, 2 and 1 primes.
//! assert_eq!(context.first_context_data().coeff_modulus().len(), 3);
//! assert_eq!(context.last_context_data().chain_index(), 0);
//! let encoder = xehe::ckks::CkksEncoder::new(&context);
//! let pt = encoder.encode(&[1.5, -2.25], 2f64.powi(40))?;
//! let back = encoder.decode(&pt)?;
//! assert!((back[0] - 1.5).abs() < 1e-9 && (back[1] + 2.25).abs() < 1e-9);
//! # Ok::<(), xehe::ckks::CkksError>(())
//! ```

/// The residency methods of a type with a `storage: Storage` field (XeHE's offload model,
/// `storage.rs`): shared by `Ciphertext` and `Plaintext`.
macro_rules! offload_methods {
    ($what:literal $(, clears $seed:ident)?) => {
        #[doc = concat!("The residues of the ", $what, ": the host words, or a read of the device")]
        /// copy when only that is current (waits for the work that produces it).
        pub fn data(&self) -> $crate::ckks::CkksResult<std::borrow::Cow<'_, [u64]>> {
            self.storage.read()
        }
        /// The residues for changing on the host; a device copy is dropped and uploaded again at
        /// the next device use.
        pub fn data_mut(&mut self) -> $crate::ckks::CkksResult<&mut [u64]> {
            // Changed words no longer come from the seed they were drawn from.
            $(self.$seed = None;)?
            Ok(self.storage.host_mut()?.as_mut_slice())
        }
        /// Makes the host copy current (the device copy stays).
        pub fn download(&mut self) -> $crate::ckks::CkksResult<()> {
            self.storage.download()
        }
        #[doc = concat!("Marks the ", $what, " for the device: evaluator operations on it run there.")]
        pub fn gpu(mut self) -> Self {
            self.storage.set_gpu(true);
            self
        }
        /// Marks it for the host, downloading it if only the device copy is current.
        pub fn cpu(mut self) -> $crate::ckks::CkksResult<Self> {
            self.storage.download()?;
            self.storage.set_gpu(false);
            Ok(self)
        }
        /// Whether it is marked for the device.
        pub fn is_gpu(&self) -> bool {
            self.storage.gpu()
        }
        /// Whether a device copy exists (uploaded, or a device result).
        pub fn is_on_device(&self) -> bool {
            self.storage.on_device()
        }
        /// Whether the host copy is current.
        pub fn is_on_host(&self) -> bool {
            self.storage.host_current()
        }
    };
}

pub mod bootstrap;
mod ciphertext;
mod context;
mod decryptor;
pub mod device;
mod encoder;
mod encryptor;
mod error;
mod evaluator;
mod galois;
mod io_source;
mod keys;
mod keyswitch;
mod load_error;
mod params;
mod plaintext;
pub mod pool;
pub mod prng;
pub mod reference;
pub mod serialize;
mod storage;
pub mod tier_switch;
mod validate;

pub use ciphertext::Ciphertext;
pub use context::{Context, ContextData};
pub use decryptor::Decryptor;
pub use encoder::CkksEncoder;
pub use encryptor::Encryptor;
pub use error::{CkksError, CkksResult};
pub use evaluator::Evaluator;
pub use galois::{galois_elt_from_fft_step, galois_elt_from_step, naf, GaloisKeys};
pub use keys::{KeyGenerator, PublicKey, SecretKey};
pub use keyswitch::{KSwitchKeys, RelinKeys};
pub use num_complex::Complex64;
pub use params::{
    ntt_table_bytes, EncryptionParameters, ParmsId, COEFF_MOD_COUNT_MAX, CONTEXT_TABLE_BYTES_MAX,
    POLY_MODULUS_DEGREE_MAX, POLY_MODULUS_DEGREE_MIN, SCHEME_CKKS, SPECIAL_PRIME_COUNT_MAX,
};
pub use plaintext::Plaintext;
pub use validate::check_scales;
