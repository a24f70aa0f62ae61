//! The device side of a [`Context`]: its NTT tables and constants on one tile of a kernel
//! runtime backend (cpu-sim, OpenCL), shared by the evaluator and every device copy made there.
//!
//! Three table sets, so that every transform the evaluator needs reads a *prefix* of one:
//! - `data`: the data primes q_0 … q_(D−1) (a level of L primes is their first L);
//! - `ks`: key-switch order p_0 … p_(K−1), q_0 … q_(D−1) (the special primes first: key
//!   switching's digits at L primes are its first K + L; the special primes alone its first K);
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

use crate::arith::{Modulus, ShoupOperand};
use crate::ckks::context::Context;
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::params::ParmsId;
use crate::device_ops::ntt::{DeviceNttTables, NttPlan};
use crate::device_ops::words;
use crate::exec::WordSize;
use crate::rns::RnsShape;
use crate::rns::{
    divide_round_consts, divide_round_consts_product, half_product_mod, mod_down_shift_mod,
    product_mod, BaseConverter,
};
use crate::runtime::owned::OwnedBuffer;
use crate::runtime::pool::DeviceId;
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
    /// By level size L: P^-1 and ⌊P/2⌋ modulo q_0 … q_(L−1) (P the special primes' product).
    mod_down: Vec<Option<OwnedBuffer>>,
    /// With several special primes, by level size L: ModUp's constants (`Load::ModUp`).
    mod_up: Vec<Option<OwnedBuffer>>,
    /// With several special primes, by level size L: the data tables' inverse last-round
    /// constants scaled by ModUp's (Q_j / q_i)^-1 (`inverse_rns_scaled`).
    mod_up_inverse: Vec<Option<OwnedBuffer>>,
    /// With several special primes: ModDown's base conversion constants (`ks_mod_down_scale`,
    /// `Load::ModDown`).
    mod_down_convert: Option<OwnedBuffer>,
    /// With several special primes, by level size L ≥ 2: a rescale fused into ModDown's.
    mod_down_rescale: Vec<Option<ModDownRescaleConsts>>,
    /// With special primes: Shoup's quotients of P^-1 modulo every data prime (the hoisted
    /// steps' finish, `FinishSteps::inv_shoup`; a level's are a prefix).
    mod_down_shoup: Option<OwnedBuffer>,
    /// ModRaise's spread constants: (unused, ⌊q0/2⌋ mod q_i) for every data prime (the
    /// layout of the spread load's division constants).
    mod_raise: OwnedBuffer,
    /// Galois permutations of NTT positions, by element.
    perms: Mutex<HashMap<u64, OwnedBuffer>>,
    /// In a 32-bit-tier chain, by level size L: the rational rescale of the level of L primes
    /// that starts where these tables do (none at the last level).
    rational: Vec<Option<RationalStage>>,
}

/// One level's rational rescale on the device (a [`RationalRescale`]'s device plan, its
/// constants uploaded, and NTT tables of the primes it drops).
pub(crate) struct RationalStage {
    pub plan: crate::rns::RescaleDevicePlan,
    pub dropped_tables: DeviceNttTables,
    pub dropped_consts: OwnedBuffer,
    pub convert_consts: OwnedBuffer,
    pub finish_consts: OwnedBuffer,
    /// The target level's window start (its table set) and prime count.
    pub target_first: usize,
    pub targets: usize,
}

/// The constants of a division by P fused with the rescale by q = q_(L−1) that follows it, at a
/// level of L primes (`ModDownRescale`; i runs over q_0 … q_(L−2)).
pub(crate) struct ModDownRescaleConsts {
    /// The finish's: (P·q)^-1 mod q_i at word 2i.
    pub finish: OwnedBuffer,
    /// The conversion's: ModDown's shift plus P·⌊q/2⌋, and P, modulo q_i at words 2i and 2i + 1.
    pub spread: OwnedBuffer,
    /// The added base's scaling (`mod_down_rescale_base`), one word per prime of the level:
    /// q^-1 mod q_i, then P^-1 mod q.
    pub base_scale: OwnedBuffer,
}

impl ModDownRescaleConsts {
    fn new(
        specials: &[Modulus],
        level: &[Modulus],
        upload: impl Fn(&[u64]) -> Result<OwnedBuffer, crate::runtime::RuntimeError>,
    ) -> CkksResult<Self> {
        let by_p = divide_round_consts_product(specials, level)?;
        let (q, targets) = level.split_last().expect("a level of two or more primes");
        let by_q = divide_round_consts(q.value(), targets)?;
        let p_mod = product_mod(specials, targets);
        let shift = mod_down_shift_mod(specials, targets);
        let mut finish = Vec::with_capacity(2 * targets.len());
        let mut spread = Vec::with_capacity(2 * targets.len());
        let mut base_scale = Vec::with_capacity(level.len());
        for (i, m) in targets.iter().enumerate() {
            finish.extend([m.mul_mod(by_p[2 * i], by_q[2 * i]), 0]);
            let half_p = m.mul_mod(p_mod[i], by_q[2 * i + 1]);
            spread.extend([m.add_mod(shift[i], half_p), p_mod[i]]);
            base_scale.push(by_q[2 * i]);
        }
        base_scale.push(by_p[2 * targets.len()]);
        Ok(ModDownRescaleConsts {
            finish: upload(&finish)?,
            spread: upload(&spread)?,
            base_scale: upload(&base_scale)?,
        })
    }
}

/// A context's tables and constants on one tile.
///
/// Thread safety: `Send + Sync`; held in an `Arc` and shared by every evaluator on its tile.
pub struct DeviceContext {
    backend: Arc<dyn Backend>,
    tile: usize,
    /// The root device's id in the device pool that made this context (None outside a pool):
    /// what names this tile in errors, where two identical GPUs share a `device_name()`.
    pool_device: Option<DeviceId>,
    limits: DeviceLimits,
    key_parms_id: ParmsId,
    n: usize,
    /// The residues' word on the device: 32 bits for a 32-bit-tier chain, 64 otherwise.
    word: WordSize,
    /// The position among the key level's data primes of `data_primes[0]`: 0 in a SEAL chain;
    /// in a 32-bit-tier chain the start of the level windows these tables serve.
    first: usize,
    /// From `first` on, the key level's data primes (a level starting there is a prefix).
    data_primes: Vec<Modulus>,
    /// The special primes (none with a single prime).
    specials: Vec<Modulus>,
    key_rns: usize,
    tables: Tables,
    /// A 32-bit-tier chain's table sets for its other window starts: its levels start at a few
    /// positions only (where the terminals they hold begin), and each start's levels are
    /// prefixes of one set, so every sequence written for prefixes runs unchanged there.
    windows: Vec<Arc<DeviceContext>>,
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
fn check_fits(context: &Context, backend: &dyn Backend, word: WordSize) -> CkksResult<()> {
    let Some(memory) = backend.limits().global_mem_bytes else {
        return Ok(());
    };
    let n = context.key_context_data().parms().poly_modulus_degree() as u128;
    let d = context.first_context_data().coeff_modulus().len() as u128;
    let sets = window_starts(context).len().max(1) as u128;
    let tables = sets * (3 * d + 1) * 4 * n;
    let relin = if context.using_keyswitching() {
        let k = context.special_prime_count() as u128;
        context.decomposition_digits(d as usize) as u128 * 2 * (d + k) * n
    } else {
        0
    };
    let working = 4 * 3 * d * n;
    let bytes = (tables + relin + working) * word.bytes() as u128;
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
        Self::build(context, backend, tile, None)
    }

    /// [`DeviceContext::new`] on a tile of a device pool's root device `device`.
    pub(crate) fn in_pool(
        context: &Context,
        backend: Arc<dyn Backend>,
        tile: usize,
        device: DeviceId,
    ) -> CkksResult<Arc<Self>> {
        Self::build(context, backend, tile, Some(device))
    }

    fn build(
        context: &Context,
        backend: Arc<dyn Backend>,
        tile: usize,
        pool_device: Option<DeviceId>,
    ) -> CkksResult<Arc<Self>> {
        let word = if context.is_tier32() {
            WordSize::W32
        } else {
            WordSize::W64
        };
        check_fits(context, backend.as_ref(), word)?;
        let top = context.first_context_data().window().start;
        let windows = window_starts(context)
            .into_iter()
            .filter(|&s| s != top)
            .map(|s| Self::tables_from(context, &backend, tile, pool_device, word, s, Vec::new()))
            .collect::<CkksResult<Vec<_>>>()?;
        Self::tables_from(context, &backend, tile, pool_device, word, top, windows)
    }

    /// The table set of the levels that start at key data position `first`.
    fn tables_from(
        context: &Context,
        backend: &Arc<dyn Backend>,
        tile: usize,
        pool_device: Option<DeviceId>,
        word: WordSize,
        first: usize,
        windows: Vec<Arc<DeviceContext>>,
    ) -> CkksResult<Arc<Self>> {
        let key = context.key_context_data();
        let n = key.parms().poly_modulus_degree();
        let key_data = context.key_data_prime_count();
        let data_primes = key.coeff_modulus()[first..key_data].to_vec();
        let specials = key.coeff_modulus()[key_data..].to_vec();
        let b = backend;
        let upload = |values: &[u64]| OwnedBuffer::upload(b, tile, &words::encode(word, values));
        let tables_of = |primes: &[Modulus]| DeviceNttTables::upload_word(b, tile, n, primes, word);
        let data = tables_of(&data_primes)?;
        let ks_order: Vec<Modulus> = specials.iter().chain(&data_primes).copied().collect();
        let ks = if specials.is_empty() {
            None
        } else {
            Some(tables_of(&ks_order)?)
        };
        let hybrid = specials.len() > 1;
        // Only a SEAL chain rescales by one prime transformed alone; a 32-bit-tier level drops
        // and restores groups of primes.
        let seal = word == WordSize::W64;
        let single = if seal {
            data_primes
                .iter()
                .map(|q| tables_of(std::slice::from_ref(q)))
                .collect::<Result<Vec<_>, _>>()?
        } else {
            Vec::new()
        };
        let d = data_primes.len();
        let mut rescale = vec![None];
        let mut mod_down = vec![None];
        let mut mod_down_rescale = vec![None];
        let (mut mod_up, mut mod_up_inverse) = (vec![None], vec![None]);
        for l in 1..=d {
            if hybrid {
                let consts = mod_up_consts(context, &ks_order, first, l)?;
                let scaled = data.scaled_inverse_consts(&consts[..l])?;
                mod_up.push(Some(upload(&consts)?));
                mod_up_inverse.push(Some(upload(&scaled)?));
            } else {
                mod_up.push(None);
                mod_up_inverse.push(None);
            }
            mod_down_rescale.push(if hybrid && l >= 2 && seal {
                Some(ModDownRescaleConsts::new(
                    &specials,
                    &data_primes[..l],
                    upload,
                )?)
            } else {
                None
            });
            rescale.push(if l >= 2 && seal {
                Some(upload(&divide_round_consts(
                    data_primes[l - 1].value(),
                    &data_primes[..l - 1],
                )?)?)
            } else {
                None
            });
            mod_down.push(if specials.is_empty() {
                None
            } else {
                Some(upload(&divide_round_consts_product(
                    &specials,
                    &data_primes[..l],
                )?)?)
            });
        }
        let mut rational: Vec<Option<RationalStage>> = (0..=d).map(|_| None).collect();
        for level in context.chain() {
            let (Some((r, _)), Some(next)) =
                (level.rational_rescale(), context.next_context_data(level))
            else {
                continue;
            };
            if level.window().start != first {
                continue;
            }
            // A rescale the device cannot run leaves its stage empty: the operation's error.
            let Some(plan) = r.device_plan() else {
                continue;
            };
            rational[level.coeff_modulus().len()] = Some(RationalStage {
                dropped_tables: tables_of(&plan.dropped)?,
                dropped_consts: upload(&plan.dropped_consts)?,
                convert_consts: upload(&plan.convert_consts)?,
                finish_consts: upload(&plan.finish_consts)?,
                target_first: next.window().start,
                targets: next.coeff_modulus().len(),
                plan,
            });
        }
        let mod_raise = upload(
            &half_product_mod(&data_primes[..1], &data_primes)
                .into_iter()
                .flat_map(|h| [0, h])
                .collect::<Vec<_>>(),
        )?;
        let mod_down_convert = if hybrid {
            Some(upload(&mod_down_convert_consts(&specials, &data_primes)?)?)
        } else {
            None
        };
        let mod_down_shoup = if specials.is_empty() {
            None
        } else {
            let consts = divide_round_consts_product(&specials, &data_primes)?;
            let quotients: Vec<u64> = data_primes
                .iter()
                .zip(consts.chunks(2))
                .map(|(q, c)| match word {
                    WordSize::W64 => ShoupOperand::new(c[0], q).quotient,
                    WordSize::W32 => words::shoup_quotient(word, c[0], q),
                })
                .collect();
            Some(upload(&quotients)?)
        };
        Ok(Arc::new(DeviceContext {
            limits: backend.limits(),
            backend: backend.clone(),
            tile,
            pool_device,
            key_parms_id: key.parms_id(),
            n,
            word,
            first,
            key_rns: key.coeff_modulus().len(),
            data_primes,
            specials,
            tables: Tables {
                data,
                ks,
                single,
                rescale,
                mod_down,
                mod_up,
                mod_up_inverse,
                mod_down_convert,
                mod_down_rescale,
                mod_down_shoup,
                mod_raise,
                perms: Mutex::default(),
                rational,
            },
            windows,
        }))
    }

    /// The table set serving `level` (this one in a SEAL chain): a 32-bit-tier level's window
    /// is a prefix of the set that starts where it starts.
    pub(crate) fn for_level<'s>(
        self: &'s Arc<Self>,
        level: &crate::ckks::context::ContextData,
    ) -> CkksResult<&'s Arc<Self>> {
        let first = level.window().start;
        if first == self.first {
            return Ok(self);
        }
        self.windows
            .iter()
            .find(|w| w.first == first)
            .ok_or(CkksError::ForeignParameters {
                what: "level window of a device operand",
            })
    }

    /// Whether a buffer made on `other` holds words this context's sequences read as theirs:
    /// the same tile of the same backend, for the same chain (any of its table sets).
    pub(crate) fn shares_storage(&self, other: &DeviceContext) -> bool {
        Arc::ptr_eq(&self.backend, &other.backend)
            && self.tile == other.tile
            && self.key_parms_id == other.key_parms_id
    }

    /// The rational rescale of this set's level of `level_size` primes (32-bit-tier chains).
    pub(crate) fn rational_stage(&self, level_size: usize) -> CkksResult<&RationalStage> {
        self.tables
            .rational
            .get(level_size)
            .and_then(|s| s.as_ref())
            .ok_or(CkksError::Unsupported {
                what: "this rescale on a device (it drops primes that are not consecutive, or keeps primes that are not, in its level's window)",
            })
    }

    /// The residues' word on the device: 32 bits for a 32-bit-tier chain, 64 otherwise.
    pub fn word(&self) -> WordSize {
        self.word
    }

    /// Refuses `what` on a 32-bit-tier chain's device (public-key encryption: its rescale of
    /// the key level's zero encryption to the plaintext's window rounds exactly, which the
    /// device's rational rescale does not).
    pub(crate) fn require_w64(&self, what: &'static str) -> CkksResult<()> {
        match self.word {
            WordSize::W64 => Ok(()),
            WordSize::W32 => Err(CkksError::Unsupported { what }),
        }
    }

    /// The position among the key level's data primes where the levels these tables serve
    /// start (0 in a SEAL chain).
    pub(crate) fn first(&self) -> usize {
        self.first
    }

    /// The backend the tables live on.
    pub fn backend(&self) -> &Arc<dyn Backend> {
        &self.backend
    }
    /// The tile the tables live on (the evaluator's in-order queue).
    pub fn tile(&self) -> usize {
        self.tile
    }
    /// The root device's id in the device pool whose tile this is (None outside a pool).
    pub fn pool_device(&self) -> Option<DeviceId> {
        self.pool_device
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
    /// The digits a key switch at a level of `level_size` primes decomposes into: the key's
    /// digits (K consecutive key data primes each) that the level's window meets.
    pub(crate) fn digits(&self, level_size: usize) -> usize {
        let k = self.specials.len().max(1);
        (level_size + self.lead()).div_ceil(k)
    }
    /// The key digit that holds `data_primes[0]`.
    pub(crate) fn key_digit0(&self) -> usize {
        self.first / self.specials.len().max(1)
    }
    /// How many primes of the key digit holding `data_primes[0]` lie before it.
    pub(crate) fn lead(&self) -> usize {
        self.first % self.specials.len().max(1)
    }
    /// The special primes (empty without key switching).
    pub(crate) fn specials(&self) -> &[Modulus] {
        &self.specials
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
    /// With several special primes, at a level of `level_size` ≥ 2 primes: the constants of
    /// ModDown fused with the rescale by the level's last prime.
    pub(crate) fn mod_down_rescale_consts(
        &self,
        level_size: usize,
    ) -> Option<&ModDownRescaleConsts> {
        self.t()
            .mod_down_rescale
            .get(level_size)
            .and_then(|c| c.as_ref())
    }
    /// Shoup's quotients of P^-1 modulo every data prime (with special primes).
    pub(crate) fn mod_down_shoup(&self) -> Option<&DeviceBuffer> {
        self.t().mod_down_shoup.as_deref()
    }
    /// ModUp's constants (`Load::ModUp`) at a level of `level_size` primes (several special
    /// primes).
    pub(crate) fn mod_up_consts(&self, level_size: usize) -> Option<&DeviceBuffer> {
        self.t().mod_up.get(level_size).and_then(|b| b.as_deref())
    }
    /// The inverse NTT's last-round constants that scale a level of `level_size` primes by
    /// ModUp's (Q_j / q_i)^-1 (several special primes).
    pub(crate) fn mod_up_inverse_consts(&self, level_size: usize) -> Option<&DeviceBuffer> {
        self.t()
            .mod_up_inverse
            .get(level_size)
            .and_then(|b| b.as_deref())
    }
    /// ModRaise's spread constants (bootstrapping's `Load::Spread` from the first prime).
    pub(crate) fn mod_raise_consts(&self) -> &DeviceBuffer {
        &self.t().mod_raise
    }
    /// ModDown's base conversion constants (several special primes): `ks_mod_down_scale`'s and
    /// `Load::ModDown`'s.
    pub(crate) fn mod_down_convert_consts(&self) -> Option<&DeviceBuffer> {
        self.t().mod_down_convert.as_deref()
    }
    /// The automatic NTT plan for a batch of `shape`.
    pub(crate) fn plan(&self, shape: RnsShape) -> CkksResult<NttPlan> {
        Ok(NttPlan::choose_for(
            &self.limits,
            shape.n,
            shape.rns_count * shape.poly_count,
            self.word,
        )?)
    }

    /// Runs `f` with the device permutation table of Galois element `g` (uploaded at first use).
    pub(crate) fn with_perm<R>(
        &self,
        g: u64,
        f: impl FnOnce(&DeviceBuffer) -> CkksResult<R>,
    ) -> CkksResult<R> {
        self.with_perms(&[g], |perms| f(perms[0]))
    }

    /// Runs `f` with the device permutation tables of `elements`, in order (each uploaded at
    /// first use).
    pub(crate) fn with_perms<R>(
        &self,
        elements: &[u64],
        f: impl FnOnce(&[&DeviceBuffer]) -> CkksResult<R>,
    ) -> CkksResult<R> {
        let mut perms = lock(&self.t().perms);
        for &g in elements {
            if let std::collections::hash_map::Entry::Vacant(e) = perms.entry(g) {
                let table: Vec<u64> = crate::ntt::galois_permutation(self.n, g)
                    .into_iter()
                    .map(|i| i as u64)
                    .collect();
                e.insert(OwnedBuffer::upload(
                    &self.backend,
                    self.tile,
                    &words::encode(self.word, &table),
                )?);
            }
        }
        let bufs: Vec<&DeviceBuffer> = elements.iter().map(|g| &*perms[g]).collect();
        f(&bufs)
    }
}

/// ModUp's constants (`Load::ModUp`) at a level of `l` primes starting at key data position
/// `first`: (Q_j / q_i)^-1 mod q_i for each prime i (Q_j the product of its digit's primes at
/// this level, the digits being the key's that the level meets; the device applies them
/// through the inverse NTT's scaled constants, the load skips them), then (Q_j / q_i) mod each
/// key-switch prime, `[l][K + l]`.
fn mod_up_consts(
    context: &Context,
    ks_order: &[Modulus],
    first: usize,
    l: usize,
) -> CkksResult<Vec<u64>> {
    let k = context.special_prime_count();
    let data = &ks_order[k..];
    let targets = &ks_order[..k + l];
    let mut inv = Vec::with_capacity(l);
    let mut punct = Vec::with_capacity(l * targets.len());
    for (_, primes) in context.window_digits(first..first + l) {
        let conv = BaseConverter::new(&data[primes], targets)?;
        inv.extend_from_slice(conv.inverse_punctured());
        punct.extend_from_slice(conv.punctured_mod_targets());
    }
    inv.extend(punct);
    Ok(inv)
}

/// Where the data levels' windows start among the key level's data primes: 0 alone in a SEAL
/// chain (levels are prefixes).
fn window_starts(context: &Context) -> Vec<usize> {
    let key = context.key_context_data().chain_index();
    let mut starts: Vec<usize> = context
        .chain()
        .filter(|d| d.chain_index() != key || !context.using_keyswitching())
        .map(|d| d.window().start)
        .collect();
    starts.sort_unstable();
    starts.dedup();
    starts
}

/// ModDown's base conversion constants (`ks_mod_down_scale`, `Load::ModDown`): (P / p_k)^-1 mod p_k, ⌊P/2⌋ mod p_k, the targets'
/// shift ⌊P/2⌋ + ⌊(K − 1)/2⌋·P mod q_m ([`mod_down_shift_mod`]) and (P / p_k) mod q_m (`[K][D]`).
fn mod_down_convert_consts(specials: &[Modulus], data: &[Modulus]) -> CkksResult<Vec<u64>> {
    let conv = BaseConverter::new(specials, data)?;
    let mut out = conv.inverse_punctured().to_vec();
    out.extend(half_product_mod(specials, specials));
    out.extend(mod_down_shift_mod(specials, data));
    out.extend_from_slice(conv.punctured_mod_targets());
    Ok(out)
}
