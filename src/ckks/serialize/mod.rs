//! SEAL 4's byte format for parameters, plaintexts, ciphertexts and keys: what SEAL's `save()`
//! writes, xehe writes, and what it writes, xehe loads.
//!
//! Every object is a [`SealHeader`] and a body, the body compressed (zstd, zlib) or not. Inside a
//! body, nested objects (each prime of the parameters, the word array of a plaintext or
//! ciphertext, the seed of a seeded ciphertext, each ciphertext of a key) carry their own
//! uncompressed header. Loading checks everything before it allocates or trusts it: the header,
//! a total size bounded by what the context allows for that kind of object, each nested header,
//! each count against the context, each word against its prime, and that nothing is left over.
//!
//! ```
//! use xehe::ckks::{serialize::ComprMode, CkksEncoder, Context, EncryptionParameters, Plaintext};
//! use xehe::primes::SecurityLevel;
//! let parms = EncryptionParameters::with_bit_sizes(8192, &[60, 40, 40, 60])?;
//! let mut file = Vec::new();
//! parms.save(&mut file, ComprMode::Zstd)?;
//! let context = Context::new(&EncryptionParameters::load(&mut &file[..])?, SecurityLevel::Tc128)?;
//! let pt = CkksEncoder::new(&context).encode(&[1.0, 2.0], 2f64.powi(40))?;
//! let mut bytes = Vec::new();
//! pt.save(&mut bytes, ComprMode::None)?;
//! assert_eq!(Plaintext::load(&context, &mut &bytes[..])?.data()?, pt.data()?);
//! # Ok::<(), xehe::ckks::CkksError>(())
//! ```

mod body;
mod codec;
mod header;
mod inspect;
mod kswitch_io;
mod limits;
mod object_io;
mod objects;
mod stream;
mod version;
mod wipe_buf;

pub use crate::ckks::io_source::IoSource;
pub use crate::ckks::load_error::LoadError;
pub use header::{ComprMode, SealHeader};
pub use inspect::{inspect, FileInfo, ObjectKind};
pub use limits::LoadLimits;
pub use object_io::SaveOptions;
pub use version::SealVersion;
