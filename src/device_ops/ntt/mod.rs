//! Forward and inverse negacyclic NTTs of `[poly][rns][coeff]` batches on a device, bit-exact
//! with [`crate::ntt::NttTables::forward`] / `inverse` (hence with SEAL), in several variants:
//!
//! | name | forward | inverse |
//! | --- | --- | --- |
//! | `radix2` | one launch per round through global memory, then a correction pass to [0, q) | one launch per round, last round merged with n^-1 |
//! | `radix2-fused` | as `radix2`, the correction fused into the last round | as `radix2` |
//! | `local-radix{2,4,8,16}` | global passes of 1–4 rounds in registers until a block fits local memory, then every remaining round in one local-memory kernel (1–4 rounds between barriers) with the correction fused | the local-memory kernel first, then global passes, then the merged last round |
//! | `four-step` | 2D multi-block: column stages in local memory (tiles of rows × adjacent columns, radix-8 chunks) until a block fits, then the row stage (`local-radix8`'s kernel); the twiddle step is folded into SEAL's merged root table | the row stage, then the column stages, the last one merged with n^-1 |
//! | `subgroup{8,16,32}` | as `four-step`, the row stage's last log2(8S) rounds in registers and sub-group shuffles (SIMD(S,8)) | as `four-step`, the row stage's first log2(8S) rounds in registers and shuffles |
//!
//! [`multiply`] is the fused negacyclic product (the last forward stage of both operands, the
//! Hadamard product and the first inverse stage in one kernel); the plain Hadamard product of
//! two NTT-form batches is [`crate::device_ops::poly::mul`].
//!
//! Tables uploaded with [`DeviceNttTables::upload_word`] in 32-bit words (primes of at most 30
//! bits, data from [`crate::device_ops::poly::upload`] with the tables' moduli) run the 32-bit
//! builds of the same kernels in [`forward`], [`inverse`], [`multiply`] and [`rns`]; the
//! sub-group variants and [`unfused`] have no 32-bit build yet and answer
//! [`crate::runtime::RuntimeError::NoWordBuild`].
//!
//! The folder's parts: [`NttPlan`] (which variant, block and work-group size), the tables on a
//! tile ([`DeviceNttTables`]), the schedule (which kernels a transform launches, in order), the
//! launches themselves, and [`rns`] (the transforms fused with the RNS steps around them).
//!
//! ```
//! use xehe::arith::Modulus;
//! use xehe::primes::CoeffModulus;
//! use xehe::device_ops::{ntt::{self, DeviceNttTables, NttPlan, NttVariant}, poly};
//! use xehe::rns::RnsShape;
//! use xehe::runtime::open;
//! use xehe::runtime::{BackendChoice, OpenOptions};
//! let dev = open(&OpenOptions { backend: BackendChoice::CpuSim, ..Default::default() })?;
//! let q = CoeffModulus::create(1024, &[50, 50])?;
//! let tables = DeviceNttTables::upload(&dev, 0, 1024, &q)?;
//! let shape = RnsShape::new(1024, 2, 1)?;
//! let input: Vec<u64> = (0..2048).map(|i| i % 7).collect();
//! let data = poly::upload(dev.as_ref(), 0, shape, tables.moduli(), &input)?;
//! let plan = NttPlan::auto(dev.as_ref(), shape)?;
//! ntt::forward(dev.as_ref(), &tables, shape, &data, &plan)?;
//! ntt::inverse(dev.as_ref(), &tables, shape, &data, &plan)?;
//! let mut back = vec![0; 2048];
//! dev.read(&data, 0, &mut back)?;
//! assert_eq!(back, input);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod launch;
mod plan;
pub mod rns;
mod schedule;
mod tables;
pub mod unfused;

pub use crate::runtime::NttVariant;
pub use launch::{forward, inverse, multiply};
pub use plan::{variant_from_env, NttPlan};
pub use schedule::{check_word, forward_launches, inverse_launches, multiply_launches};
pub use tables::DeviceNttTables;
