//! `xehe eval --params P [--relin-keys RK] [--galois-keys GK] [--backend B] --op OP --in CT
//! [--in CT2] --out CT`: one operation on SEAL ciphertexts, on the device by default.

use super::{context, load, OutputArgs};
use crate::cli::device_args::BackendArg;
use crate::cli::error::UsageError;
use clap::Args;
use std::path::PathBuf;
use xehe::ckks::device::DeviceContext;
use xehe::ckks::{Ciphertext, Evaluator, GaloisKeys, RelinKeys};

#[derive(Args)]
pub struct EvalArgs {
    /// Encryption parameters (SEAL's EncryptionParameters::save bytes).
    #[arg(long)]
    params: PathBuf,
    /// Relinearization keys (for multiply and square).
    #[arg(long)]
    relin_keys: Option<PathBuf>,
    /// Galois keys (for rotate and conjugate).
    #[arg(long)]
    galois_keys: Option<PathBuf>,
    /// `--backend host` evaluates on the host (no device); any other value opens a device.
    #[command(flatten)]
    dev: crate::cli::device_args::DeviceArgs,
    /// add, sub, multiply, square, rescale, mod-switch, rotate:K, conjugate, negate
    /// (multiply and square relinearize).
    #[arg(long)]
    op: String,
    /// Input ciphertexts (two for add, sub and multiply).
    #[arg(long = "in", required = true)]
    inputs: Vec<PathBuf>,
    /// Output ciphertext.
    #[arg(long)]
    out: PathBuf,
    #[command(flatten)]
    output: OutputArgs,
}

enum Op {
    Add,
    Sub,
    Multiply,
    Square,
    Rescale,
    ModSwitch,
    Rotate(i64),
    Conjugate,
    Negate,
}

impl Op {
    fn parse(s: &str) -> Result<Self, UsageError> {
        Ok(match s {
            "add" => Op::Add,
            "sub" => Op::Sub,
            "multiply" => Op::Multiply,
            "square" => Op::Square,
            "rescale" => Op::Rescale,
            "mod-switch" => Op::ModSwitch,
            "conjugate" => Op::Conjugate,
            "negate" => Op::Negate,
            _ => match s.strip_prefix("rotate:").map(str::parse) {
                Some(Ok(k)) => Op::Rotate(k),
                _ => {
                    return Err(UsageError(format!(
                        "--op {s:?}: use add, sub, multiply, square, rescale, mod-switch, rotate:K (K an integer), conjugate or negate"
                    )))
                }
            },
        })
    }

    fn inputs(&self) -> usize {
        match self {
            Op::Add | Op::Sub | Op::Multiply => 2,
            _ => 1,
        }
    }
}

pub fn run(a: &EvalArgs) -> Result<(), UsageError> {
    let op = Op::parse(&a.op)?;
    if a.inputs.len() != op.inputs() {
        return Err(UsageError(format!(
            "--op {} takes {} --in ciphertext(s), {} given",
            a.op,
            op.inputs(),
            a.inputs.len()
        )));
    }
    let ctx = context(&a.params)?;
    let rk = match (&op, &a.relin_keys) {
        (Op::Multiply | Op::Square, None) => {
            return Err(UsageError(format!(
                "--op {} relinearizes: give --relin-keys",
                a.op
            )))
        }
        (Op::Multiply | Op::Square, Some(p)) => Some(load(p, |r| RelinKeys::load(&ctx, r))?),
        _ => None,
    };
    let gk = match (&op, &a.galois_keys) {
        (Op::Rotate(_) | Op::Conjugate, None) => {
            return Err(UsageError(format!("--op {} needs --galois-keys", a.op)))
        }
        (Op::Rotate(_) | Op::Conjugate, Some(p)) => Some(load(p, |r| GaloisKeys::load(&ctx, r))?),
        _ => None,
    };
    let on_device = a.dev.backend != Some(BackendArg::Host);
    if !on_device && a.dev.device.is_some() {
        return Err(UsageError(
            "--device names a device, but --backend host runs without one".into(),
        ));
    }
    let eval = if on_device {
        let backend = a.dev.open()?;
        let dev = DeviceContext::new(&ctx, backend, 0).map_err(|e| super::fail("device", e))?;
        Evaluator::with_device(&ctx, dev).map_err(|e| super::fail("device", e))?
    } else {
        Evaluator::new(&ctx)
    };
    let cts = a
        .inputs
        .iter()
        .map(|p| {
            let c = load(p, |r| Ciphertext::load(&ctx, r))?;
            Ok(if on_device { c.gpu() } else { c })
        })
        .collect::<Result<Vec<_>, UsageError>>()?;
    let (x, y) = (&cts[0], cts.get(1));
    let relin = |c: Ciphertext| eval.relinearize(&c, rk.as_ref().expect("checked"));
    let gk = || gk.as_ref().expect("checked");
    let result = match op {
        Op::Add => eval.add(x, y.expect("two inputs")),
        Op::Sub => eval.sub(x, y.expect("two inputs")),
        Op::Multiply => eval.multiply(x, y.expect("two inputs")).and_then(relin),
        Op::Square => eval.square(x).and_then(relin),
        Op::Rescale => eval.rescale_to_next(x),
        Op::ModSwitch => eval.mod_switch_to_next(x),
        Op::Rotate(k) => eval.rotate_vector(x, k, gk()),
        Op::Conjugate => eval.complex_conjugate(x, gk()),
        Op::Negate => eval.negate(x),
    }
    .map_err(|e| super::fail(&a.op, e))?;
    a.output
        .save(&a.out, |w| result.save(w, a.output.options()))
}
