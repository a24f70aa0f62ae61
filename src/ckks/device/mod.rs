//! The evaluator's operations on a device tile: each a sequence of kernel launches on device
//! copies, bit-identical to the host reference ([`crate::ckks::reference`]). The tables and
//! constants they read are the [`DeviceContext`]'s.

pub(crate) mod batch;
pub(crate) mod decode;
pub(crate) mod decrypt;
pub(crate) mod encode;
pub(crate) mod encrypt;
pub(crate) mod keyswitch;
pub(crate) mod ops;

pub use crate::ckks::device_context::DeviceContext;
