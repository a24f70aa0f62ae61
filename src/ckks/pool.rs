//! A context on every tile of a device pool: a [`DeviceContext`] and an [`Evaluator`] per tile,
//! keys placed once per tile, and batches of independent jobs spread over the tiles by the
//! runtime's work-stealing scheduler ([`crate::runtime::pool::run_batch`]).
//!
//! Each job's operands marked `gpu()` are uploaded to the tile that runs it, at their first use
//! there; its results stay on that tile until read. A later job on another tile that takes such
//! a result reads it back and uploads it there (through the host; XeHE's devices share no
//! memory), and the copy moves with it. An operand that several jobs share moves between their
//! tiles in the same way, so a batch should give each job its own operands; keys are the
//! exception, kept on every tile at once.
//!
//! ```
//! use xehe::ckks::pool::EvaluatorPool;
//! use xehe::ckks::{CkksEncoder, Context, Decryptor, EncryptionParameters, Encryptor, KeyGenerator};
//! use xehe::primes::SecurityLevel;
//! use xehe::runtime::pool::{DevicePool, DeviceSelection, PoolOptions};
//! use xehe::runtime::sim::SimOptions;
//! let context = Context::new(&EncryptionParameters::with_bit_sizes(4096, &[40, 30, 36])?, SecurityLevel::Tc128)?;
//! let mut keygen = KeyGenerator::new(&context);
//! let (pk, rk) = (keygen.create_public_key(), keygen.create_relin_keys()?);
//! let (encoder, encryptor) = (CkksEncoder::new(&context), Encryptor::new(&context, &pk)?);
//!
//! // Two simulated root devices of two tiles: four evaluators.
//! let devices = DevicePool::open(&PoolOptions {
//!     devices: DeviceSelection::parse("cpu-sim:0,cpu-sim:1")?,
//!     tiles: Some(2),
//!     kernel_format: None,
//!     sim: SimOptions::default(),
//!     profile: false,
//! })?;
//! let pool = EvaluatorPool::new(&context, &devices)?;
//! pool.upload_keys(Some(&rk), None)?;
//!
//! let inputs = (0..6)
//!     .map(|i| Ok(encryptor.encrypt(&encoder.encode(&[i as f64], 2f64.powi(30))?)?.gpu()))
//!     .collect::<Result<Vec<_>, xehe::ckks::CkksError>>()?;
//! let squares = pool.map(inputs, |eval, x| eval.relinearize(&eval.square(&x)?, &rk));
//!
//! let decryptor = Decryptor::new(&context, keygen.secret_key())?;
//! for (i, sq) in squares.into_iter().enumerate() {
//!     let back = encoder.decode(&decryptor.decrypt(&sq?)?)?;
//!     assert!((back[0] - (i * i) as f64).abs() < 1e-2);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

use crate::ckks::context::Context;
use crate::ckks::device::DeviceContext;
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::evaluator::Evaluator;
use crate::ckks::galois::GaloisKeys;
use crate::ckks::keyswitch::RelinKeys;
use crate::runtime::pool::{run_batch, DeviceFault, DevicePool, JobError, PoolTile};
use std::sync::Arc;
use std::time::Duration;

impl DeviceFault for CkksError {
    fn is_device_fault(&self) -> bool {
        match self {
            CkksError::Device(e) => e.is_device_fault(),
            CkksError::OnTile { source, .. } => source.is_device_fault(),
            // The source tile's failure, met by a healthy tile reading its copy: the reader
            // stays in service (the source tile retires at its own next job).
            CkksError::ReadBack { .. } => false,
            _ => false,
        }
    }
}

/// One tile of an [`EvaluatorPool`]: where it is and its evaluator.
pub struct PoolEvaluator<'c> {
    /// The tile on its root device.
    pub tile: PoolTile,
    /// The evaluator on that tile.
    pub evaluator: Evaluator<'c>,
}

impl PoolEvaluator<'_> {
    /// `e` as having happened on this tile (naming the root device); a failed read of another
    /// tile's copy already names that tile, whose failure it is, and is left as it is.
    fn blame(&self, e: CkksError) -> CkksError {
        if matches!(e, CkksError::ReadBack { .. }) {
            return e;
        }
        CkksError::OnTile {
            device: self.tile.device,
            name: self.tile.backend.device_name(),
            tile: self.tile.tile,
            source: Box::new(e),
        }
    }

    fn device(&self) -> &Arc<DeviceContext> {
        self.evaluator
            .device()
            .expect("a pool's evaluators are made with a device")
    }
}

/// What one tile did in a batch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileJobs {
    /// The root device.
    pub device: crate::runtime::pool::DeviceId,
    /// The tile's index on its root device.
    pub tile: usize,
    /// Jobs it finished.
    pub jobs: usize,
    /// Jobs that failed on it.
    pub failed: usize,
    /// Time in its jobs (with multi-tile pools, until its queue had reached the job before
    /// each, and had drained after its last).
    pub busy: Duration,
    /// Whether a device failure retired it during the batch.
    pub retired: bool,
    /// Jobs it had taken but not started when it retired, which the other tiles ran.
    pub returned: usize,
}

/// The outcome of [`EvaluatorPool::batch`]: a result per job in job order, the tile each ran
/// on (a position in [`EvaluatorPool::tiles`]), and what each tile did.
#[derive(Debug)]
pub struct PoolBatch<R> {
    /// Each job's result, in job order.
    pub results: Vec<CkksResult<R>>,
    /// The tile each job ran on, a position in [`EvaluatorPool::tiles`] (None: not run).
    pub ran_on: Vec<Option<usize>>,
    /// What each tile did, in the order of [`EvaluatorPool::tiles`].
    pub tiles: Vec<TileJobs>,
}

/// A context's evaluator on every tile of a [`DevicePool`].
///
/// Thread safety: `Send + Sync`; batches run one worker thread per tile.
pub struct EvaluatorPool<'c> {
    context: &'c Context,
    tiles: Vec<PoolEvaluator<'c>>,
}

impl<'c> EvaluatorPool<'c> {
    /// Uploads `context`'s tables to every tile of `devices` (each tile's memory checked as
    /// [`DeviceContext::new`] checks it); a tile that cannot take them is an
    /// [`CkksError::OnTile`] error naming it.
    pub fn new(context: &'c Context, devices: &DevicePool) -> CkksResult<Self> {
        let tiles = devices
            .tiles()
            .iter()
            .map(|t| {
                let made = DeviceContext::in_pool(context, t.backend.clone(), t.tile, t.device)
                    .and_then(|d| Evaluator::with_device(context, d));
                made.map(|evaluator| PoolEvaluator {
                    tile: t.clone(),
                    evaluator,
                })
                .map_err(|e| CkksError::OnTile {
                    device: t.device,
                    name: t.backend.device_name(),
                    tile: t.tile,
                    source: Box::new(e),
                })
            })
            .collect::<CkksResult<Vec<_>>>()?;
        Ok(EvaluatorPool { context, tiles })
    }

    /// A pool of the first `count` tiles of this one, sharing their tables and keys (a
    /// baseline for a scaling measurement). Zero tiles, or more than there are, is refused.
    pub fn first(&self, count: usize) -> CkksResult<EvaluatorPool<'c>> {
        if count == 0 || count > self.tiles.len() {
            return Err(CkksError::WrongSize {
                what: "number of tiles (1 to the pool's)",
                expected: self.tiles.len(),
                given: count,
            });
        }
        let tiles = self.tiles[..count]
            .iter()
            .map(|t| {
                Ok(PoolEvaluator {
                    tile: t.tile.clone(),
                    evaluator: Evaluator::with_device(self.context, t.device().clone())?,
                })
            })
            .collect::<CkksResult<Vec<_>>>()?;
        Ok(EvaluatorPool {
            context: self.context,
            tiles,
        })
    }

    /// The context it evaluates for.
    pub fn context(&self) -> &'c Context {
        self.context
    }

    /// Every tile with its evaluator, device by device.
    pub fn tiles(&self) -> &[PoolEvaluator<'c>] {
        &self.tiles
    }

    /// Runs `f` on every tile's evaluator in turn (per-tile setup: bootstrapping keys, say);
    /// the first failure is the answer, naming its tile.
    pub fn on_every_tile(&self, f: impl Fn(&Evaluator<'c>) -> CkksResult<()>) -> CkksResult<()> {
        for t in &self.tiles {
            f(&t.evaluator).map_err(|e| t.blame(e))?;
        }
        Ok(())
    }

    /// Places `relin` and every Galois key of `galois` on every tile now, each tile's memory
    /// checked first ([`Evaluator::upload_keys`]). Without this, each tile uploads a key at its
    /// first use there; either way a key is uploaded once per tile.
    pub fn upload_keys(
        &self,
        relin: Option<&RelinKeys>,
        galois: Option<&GaloisKeys>,
    ) -> CkksResult<()> {
        self.on_every_tile(|e| e.upload_keys(relin, galois))
    }

    /// Blocks until every tile has finished its work.
    pub fn wait(&self) -> CkksResult<()> {
        for t in &self.tiles {
            let d = t.device();
            d.backend().wait(d.tile()).map_err(|e| t.blame(e.into()))?;
        }
        Ok(())
    }

    /// Runs `f` once per item, spread over the tiles by work stealing, and returns each item's
    /// result in item order with where it ran. `f` is given the tile's position in
    /// [`EvaluatorPool::tiles`] (to reach per-tile state such as a bootstrapper) and its
    /// evaluator. A job that fails on a tile is an [`CkksError::OnTile`] naming it; a failure
    /// of the device itself retires the tile, and the others finish the batch. A failed read of
    /// an operand's copy left on another tile is [`CkksError::ReadBack`] naming that tile, and
    /// leaves the reader in service.
    pub fn batch<T, R>(
        &self,
        items: impl IntoIterator<Item = T>,
        f: impl Fn(usize, &Evaluator<'c>, T) -> CkksResult<R> + Sync,
    ) -> PoolBatch<R>
    where
        T: Send,
        R: Send,
    {
        let positions: Vec<usize> = (0..self.tiles.len()).collect();
        let batch = run_batch(
            &positions,
            items,
            |&p, item| f(p, &self.tiles[p].evaluator, item),
            |&p| {
                let d = self.tiles[p].device();
                Ok(d.backend().marker(d.tile())?)
            },
            |&p, marker| {
                let d = self.tiles[p].device();
                match marker {
                    Some(m) => m.wait()?,
                    None => d.backend().wait(d.tile())?,
                }
                Ok(())
            },
        );
        let failures: Vec<String> = batch
            .results
            .iter()
            .filter_map(|r| match r {
                Err(JobError::Failed { worker, error }) if error.is_device_fault() => {
                    Some(format!("{}: {error}", self.tiles[*worker].tile))
                }
                _ => None,
            })
            .collect();
        let results = batch
            .results
            .into_iter()
            .map(|r| {
                r.map_err(|e| match e {
                    JobError::Failed { worker, error } => self.tiles[worker].blame(error),
                    JobError::NotRun => CkksError::NotRun {
                        failures: failures.join("; "),
                    },
                })
            })
            .collect();
        let tiles = batch
            .workers
            .into_iter()
            .zip(&self.tiles)
            .map(|(w, t)| TileJobs {
                device: t.tile.device,
                tile: t.tile.tile,
                jobs: w.jobs,
                failed: w.failed,
                busy: w.busy,
                retired: w.retired,
                returned: w.returned,
            })
            .collect();
        PoolBatch {
            results,
            ran_on: batch.ran_on,
            tiles,
        }
    }

    /// [`EvaluatorPool::batch`]'s results alone, for one function over a sequence of items
    /// (a ciphertext each, or a group).
    pub fn map<T, R>(
        &self,
        items: impl IntoIterator<Item = T>,
        f: impl Fn(&Evaluator<'c>, T) -> CkksResult<R> + Sync,
    ) -> Vec<CkksResult<R>>
    where
        T: Send,
        R: Send,
    {
        self.batch(items, |_, e, item| f(e, item)).results
    }

    /// Runs each job (a closure given the evaluator of the tile that runs it), spread over the
    /// tiles; the results in job order.
    pub fn run<R, F>(&self, jobs: impl IntoIterator<Item = F>) -> Vec<CkksResult<R>>
    where
        F: FnOnce(&Evaluator<'c>) -> CkksResult<R> + Send,
        R: Send,
    {
        self.batch(jobs, |_, e, job| job(e)).results
    }
}
