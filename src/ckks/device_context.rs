//! The device side of a [`Context`]: its NTT tables and constants on one tile of a kernel
//! runtime backend (cpu-sim, OpenCL), shared by the evaluator and every device copy made there.
//!
//! Three table sets, so that every transform the evaluator needs reads a *prefix* of one:
//! - `data`: the data primes q_0 … q_(D−1) (a level of L primes is their first L);
//! - `ks`: key-switch order P, q_0 … q_(D−1) (the broadcast of key switching at L primes is its
//!   first L + 1; P alone is its first one);
//! - `single[i]`: q_i alone (rescale transforms the level's last prime by itself).
//!
//! ```
//! use std::sync::Arc;
//! use xehe::ckks::{device::DeviceContext, Context, EncryptionParameters};
//! use xehe::primes::SecurityLevel;
//! use xehe::runtime::{open, BackendChoice, OpenOptions};
//! let context = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[40, 30, 36])?, SecurityLevel::Tc128)?;
//! let dev = open(&OpenOptions { backend: BackendChoice::CpuSim, ..Default::default() })?;
//! let device = DeviceContext::new(&context, dev, 0)?;
//! assert_eq!(device.tile(), 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::arith::Modulus;
use crate::ckks::context::Context;
use crate::ckks::error::CkksResult;
use crate::ckks::params::ParmsId;
use crate::rns::divide_round_consts;
use crate::runtime::ntt::{DeviceNttTables, NttPlan};
use crate::runtime::owned::OwnedBuffer;
use crate::runtime::poly::RnsShape;
use crate::runtime::toolkit::lock;
use crate::runtime::{Backend, DeviceBuffer, DeviceLimits};
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

struct Tables {
    data: DeviceNttTables,
    ks: Option<DeviceNttTables>,
    single: Vec<DeviceNttTables>,
    /// By level size L (index L): q_(L−1)^-1 and ⌊q_(L−1)/2⌋ modulo q_0 … q_(L−2).
    rescale: Vec<Option<OwnedBuffer>>,
    /// By level size L: P^-1 and ⌊P/2⌋ modulo q_0 … q_(L−1).
    mod_down: Vec<Option<OwnedBuffer>>,
    /// Galois permutations of NTT positions, by element.
    perms: Mutex<HashMap<u64, OwnedBuffer>>,
}

/// A context's tables and constants on one tile.
///
/// Thread safety: `Send + Sync`; held in an `Arc` and shared by every evaluator on its tile.
pub struct DeviceContext {
    backend: Arc<dyn Backend>,
    tile: usize,
    limits: DeviceLimits,
    key_parms_id: ParmsId,
    n: usize,
    data_primes: Vec<Modulus>,
    special: Option<Modulus>,
    key_rns: usize,
    tables: Tables,
}

impl fmt::Debug for DeviceContext {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "DeviceContext({} tile {}, n = {}, {} data primes)",
            self.backend.device_name(),
            self.tile,
            self.n,
            self.data_primes.len()
        )
    }
}

/// Refuses a context the device cannot hold, before anything is uploaded: its NTT tables
/// (forward and inverse roots with their Shoup companions, for the data primes, the
/// key-switching order and each prime alone), one relinearization key, and a working set of
/// four size-3 ciphertexts at the first level. Galois keys come on top, uploaded at first
/// use, where running out is the same typed error.
fn check_fits(context: &Context, backend: &dyn Backend) -> CkksResult<()> {
    let Some(memory) = backend.limits().global_mem_bytes else {
        return Ok(());
    };
    let n = context.key_context_data().parms().poly_modulus_degree() as u128;
    let d = context.first_context_data().coeff_modulus().len() as u128;
    let tables = (3 * d + 1) * 4 * n;
    let relin = if context.using_keyswitching() {
        d * 2 * (d + 1) * n
    } else {
        0
    };
    let working = 4 * 3 * d * n;
    let bytes = (tables + relin + working) * 8;
    if bytes > memory as u128 {
        return Err(crate::runtime::RuntimeError::out_of_memory(
            "device",
            &format!(
                "N = {n} with {d} data primes (NTT tables, a relinearization key and four size-3 ciphertexts)"
            ),
            bytes,
            Some(memory as u128),
        )
        .into());
    }
    Ok(())
}

impl DeviceContext {
    /// Uploads `context`'s tables and constants to `tile` of `backend`.
    pub fn new(context: &Context, backend: Arc<dyn Backend>, tile: usize) -> CkksResult<Arc<Self>> {
        let key = context.key_context_data();
        let n = key.parms().poly_modulus_degree();
        let data_primes = context.first_context_data().coeff_modulus().to_vec();
        check_fits(context, backend.as_ref())?;
        let special = context
            .using_keyswitching()
            .then(|| *key.coeff_modulus().last().expect("a level has primes"));
        let b = &backend;
        let upload = |words: &[u64]| OwnedBuffer::upload(b, tile, words);
        let data = DeviceNttTables::upload(b, tile, n, &data_primes)?;
        let ks = match special {
            Some(p) => {
                let order: Vec<Modulus> = std::iter::once(p)
                    .chain(data_primes.iter().copied())
                    .collect();
                Some(DeviceNttTables::upload(b, tile, n, &order)?)
            }
            None => None,
        };
        let single = data_primes
            .iter()
            .map(|q| DeviceNttTables::upload(b, tile, n, std::slice::from_ref(q)))
            .collect::<Result<Vec<_>, _>>()?;
        let d = data_primes.len();
        let mut rescale = vec![None];
        let mut mod_down = vec![None];
        for l in 1..=d {
            rescale.push(if l >= 2 {
                Some(upload(&divide_round_consts(
                    data_primes[l - 1].value(),
                    &data_primes[..l - 1],
                )?)?)
            } else {
                None
            });
            mod_down.push(match &special {
                Some(p) => Some(upload(&divide_round_consts(p.value(), &data_primes[..l])?)?),
                None => None,
            });
        }
        Ok(Arc::new(DeviceContext {
            limits: backend.limits(),
            backend,
            tile,
            key_parms_id: key.parms_id(),
            n,
            key_rns: key.coeff_modulus().len(),
            data_primes,
            special,
            tables: Tables {
                data,
                ks,
                single,
                rescale,
                mod_down,
                perms: Mutex::default(),
            },
        }))
    }

    /// The backend the tables live on.
    pub fn backend(&self) -> &Arc<dyn Backend> {
        &self.backend
    }
    /// The tile the tables live on (the evaluator's in-order queue).
    pub fn tile(&self) -> usize {
        self.tile
    }
    /// Opens a compute frame on this tile's memory cache (XeHE's frames): buffers that
    /// operations free until [`DeviceContext::end_frame`] stay retained, so a computation graph
    /// keeps its working set allocated between start and end instead of returning it piecemeal.
    pub fn start_frame(&self) -> CkksResult<()> {
        Ok(self.backend.start_frame(self.tile)?)
    }
    /// Closes the frame: buffers freed inside it return to the free pool for reuse.
    pub fn end_frame(&self) -> CkksResult<()> {
        Ok(self.backend.end_frame(self.tile)?)
    }
    /// This tile's memory-cache counters.
    pub fn memcache_stats(&self) -> CkksResult<crate::runtime::memcache::MemcacheStats> {
        Ok(self.backend.memcache_stats(self.tile)?)
    }
    /// Whether this was built for `context`.
    pub fn serves(&self, context: &Context) -> bool {
        context.key_context_data().parms_id() == self.key_parms_id
    }

    fn t(&self) -> &Tables {
        &self.tables
    }
    pub(crate) fn n(&self) -> usize {
        self.n
    }
    pub(crate) fn data_tables(&self) -> &DeviceNttTables {
        &self.t().data
    }
    pub(crate) fn ks_tables(&self) -> Option<&DeviceNttTables> {
        self.t().ks.as_ref()
    }
    pub(crate) fn single_tables(&self, i: usize) -> &DeviceNttTables {
        &self.t().single[i]
    }
    /// The number of data primes (of the first level).
    pub(crate) fn data_primes(&self) -> usize {
        self.data_primes.len()
    }
    pub(crate) fn data_prime(&self, i: usize) -> Modulus {
        self.data_primes[i]
    }
    pub(crate) fn special(&self) -> Option<Modulus> {
        self.special
    }
    pub(crate) fn key_rns(&self) -> usize {
        self.key_rns
    }
    pub(crate) fn rescale_consts(&self, level_size: usize) -> Option<&DeviceBuffer> {
        self.t().rescale.get(level_size).and_then(|b| b.as_deref())
    }
    pub(crate) fn mod_down_consts(&self, level_size: usize) -> Option<&DeviceBuffer> {
        self.t().mod_down.get(level_size).and_then(|b| b.as_deref())
    }
    /// The automatic NTT plan for a batch of `shape`.
    pub(crate) fn plan(&self, shape: RnsShape) -> CkksResult<NttPlan> {
        Ok(NttPlan::choose(
            &self.limits,
            shape.n,
            shape.rns_count * shape.poly_count,
        )?)
    }

    /// Runs `f` with the device permutation table of Galois element `g` (uploaded at first use).
    pub(crate) fn with_perm<R>(
        &self,
        g: u64,
        f: impl FnOnce(&DeviceBuffer) -> CkksResult<R>,
    ) -> CkksResult<R> {
        let mut perms = lock(&self.t().perms);
        let buf = match perms.entry(g) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => {
                let table: Vec<u64> = crate::ntt::galois_permutation(self.n, g)
                    .into_iter()
                    .map(|i| i as u64)
                    .collect();
                e.insert(OwnedBuffer::upload(&self.backend, self.tile, &table)?)
            }
        };
        f(buf)
    }
}
