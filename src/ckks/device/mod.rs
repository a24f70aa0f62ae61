//! The device side of CKKS: a context's tables on one tile ([`DeviceContext`]), the device
//! copies of residue words (`copy`), and the operations' kernel sequences (every other module
//! here: each a sequence of kernel launches on device copies, bit-identical to the host
//! reference, [`crate::ckks::reference`]). Which operation runs where is decided by the types
//! that own the operations (evaluator, encryptor, decryptor, encoder), not here.

pub(crate) mod batch;
mod context;
pub(crate) mod copy;
pub(crate) mod decode;
pub(crate) mod decrypt;
pub(crate) mod encode;
pub(crate) mod encrypt;
pub(crate) mod keyswitch;
pub(crate) mod ops;

pub use context::DeviceContext;
