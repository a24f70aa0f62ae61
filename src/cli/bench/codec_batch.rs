//! `xehe bench ckks`'s batch rows: [`BATCH`] vectors encoded, encrypted, decrypted and decoded
//! on the device per call of the library's `*_many` forms (one launch sequence for encoding,
//! encryption and decoding; decryption is one launch a ciphertext either way), every figure
//! per vector so that the rows read beside the one-at-a-time ones. Each row is checked first:
//! encodings, decryptions and decodings against the host's words, encryptions by decryption.

use super::calls::{measure, Row, Slots, Words};
use crate::cli::error::{ckks_err, CliError};
use std::sync::Arc;
use xehe::ckks::device::DeviceContext;
use xehe::ckks::{
    Ciphertext, CkksEncoder, CkksResult, Context, ContextData, Decryptor, Encryptor, Plaintext,
    PublicKey, SecretKey,
};
use xehe::runtime::profiler::LaunchRecord;
use xehe::runtime::Backend;

/// Vectors per batch in the batch rows.
pub(super) const BATCH: usize = 16;

/// The batch rows, in their order.
pub(super) const NAMES: [&str; 4] = ["encode_many", "encrypt_many", "decrypt_many", "decode_many"];

/// What the rows need: the parameters, keys and one message.
pub(super) struct Setup<'a> {
    pub ctx: &'a Context,
    pub level: &'a ContextData,
    pub scale: f64,
    pub pk: &'a PublicKey,
    pub sk: &'a SecretKey,
    pub message: &'a [f64],
    pub reps: usize,
    pub pipelined: Option<usize>,
    pub check: bool,
}

/// A device's encryptor and decryptor, and its marked copies of the host's inputs (uploaded at
/// first use, then kept, like the routines' inputs).
struct OnDevice<'a> {
    device: Arc<DeviceContext>,
    encryptor: Encryptor<'a>,
    decryptor: Decryptor<'a>,
    plains: Vec<Plaintext>,
    ciphers: Vec<Ciphertext>,
    decrypted: Vec<Plaintext>,
}

/// The inputs the host makes once: BATCH plaintexts, their encryptions, their decryptions.
struct HostInputs {
    vectors: Vec<Vec<f64>>,
    plains: Vec<Plaintext>,
    ciphers: Vec<Ciphertext>,
    decrypted: Vec<Plaintext>,
}

fn host_inputs(s: &Setup<'_>, encoder: &CkksEncoder) -> Result<HostInputs, CliError> {
    // BATCH different vectors: the message, scaled down a little more for each.
    let vectors: Vec<Vec<f64>> = (0..BATCH)
        .map(|i| {
            let f = 1.0 - i as f64 / (2 * BATCH) as f64;
            s.message.iter().map(|x| x * f).collect()
        })
        .collect();
    let plains = vectors
        .iter()
        .map(|v| encoder.encode_at_level(v, s.scale, s.level))
        .collect::<Result<Vec<_>, _>>()
        .map_err(ckks_err)?;
    let ciphers = Encryptor::new(s.ctx, s.pk)
        .and_then(|e| e.encrypt_many(&plains))
        .map_err(ckks_err)?;
    let decrypted = Decryptor::new(s.ctx, s.sk)
        .and_then(|d| d.decrypt_many(&ciphers))
        .map_err(ckks_err)?;
    Ok(HostInputs {
        vectors,
        plains,
        ciphers,
        decrypted,
    })
}

fn on_device<'a>(
    s: &Setup<'a>,
    device: Arc<DeviceContext>,
    host: &HostInputs,
) -> Result<OnDevice<'a>, CliError> {
    let marked = |v: &[Plaintext]| v.iter().map(|p| p.clone().gpu()).collect();
    Ok(OnDevice {
        encryptor: Encryptor::new(s.ctx, s.pk)
            .and_then(|e| e.on_device(device.clone()))
            .map_err(ckks_err)?,
        decryptor: Decryptor::new(s.ctx, s.sk)
            .and_then(|d| d.on_device(device.clone()))
            .map_err(ckks_err)?,
        plains: marked(&host.plains),
        ciphers: host.ciphers.iter().map(|c| c.clone().gpu()).collect(),
        decrypted: marked(&host.decrypted),
        device,
    })
}

/// The largest distance of the decrypted and decoded `ciphers` from `vectors`.
fn max_error(
    s: &Setup<'_>,
    encoder: &CkksEncoder,
    ciphers: &[Ciphertext],
    vectors: &[Vec<f64>],
) -> Result<f64, CliError> {
    let decryptor = Decryptor::new(s.ctx, s.sk).map_err(ckks_err)?;
    let mut worst = 0f64;
    for (c, v) in ciphers.iter().zip(vectors) {
        let got = encoder
            .decode(&decryptor.decrypt(c).map_err(ckks_err)?)
            .map_err(ckks_err)?;
        for (g, w) in got.iter().zip(v) {
            worst = worst.max((g - w).abs());
        }
    }
    Ok(worst)
}

/// One batch row: `run` timed on the profiled device and, with `--pipelined`, on the
/// unprofiled opening; figures per vector.
fn timed<T: Words>(
    s: &Setup<'_>,
    b: &dyn Backend,
    name: &str,
    expect: Option<&[u64]>,
    (main, quiet): (&OnDevice<'_>, Option<&(&dyn Backend, OnDevice<'_>)>),
    run: impl Fn(&OnDevice<'_>) -> CkksResult<T>,
) -> Result<(Row, Vec<LaunchRecord>, u64), CliError> {
    let (row, recs, ns) = measure(
        b,
        name,
        s.reps,
        s.pipelined,
        expect,
        || run(main),
        quiet.map(|(q, on)| (*q, || run(on))),
        false,
    )?;
    Ok((row.per_item(BATCH), recs, ns))
}

/// The batch rows `wants` asks for, on the profiled device `b` (`device`) and, with
/// `--pipelined`, the unprofiled opening `quiet` too; with their launch records and summed
/// profiled wall time in ns.
#[allow(clippy::type_complexity)]
pub(super) fn rows(
    s: &Setup<'_>,
    b: &dyn Backend,
    device: &Arc<DeviceContext>,
    quiet: Option<(&dyn Backend, Arc<DeviceContext>)>,
    wants: impl Fn(&str) -> bool,
) -> Result<(Vec<Row>, Vec<LaunchRecord>, u64), CliError> {
    let (mut rows, mut records, mut wall) = (Vec::new(), Vec::new(), 0u64);
    if !NAMES.iter().any(|n| wants(n)) {
        return Ok((rows, records, wall));
    }
    let encoder = CkksEncoder::new(s.ctx);
    let host = host_inputs(s, &encoder)?;
    let main = on_device(s, device.clone(), &host)?;
    let quiet = match quiet {
        Some((q, d)) => Some((q, on_device(s, d, &host)?)),
        None => None,
    };
    let concat = |v: &[Plaintext]| -> Result<Vec<u64>, CliError> {
        let mut all = Vec::new();
        for p in v {
            all.extend_from_slice(&p.data().map_err(ckks_err)?);
        }
        Ok(all)
    };
    let mut push = |row: Row, recs: Vec<LaunchRecord>, ns: u64| {
        rows.push(row);
        records.extend(recs);
        wall += ns;
    };
    let (enc, scale, level) = (&encoder, s.scale, s.level);
    if wants("encode_many") {
        let expect = concat(&host.plains)?;
        let run = |on: &OnDevice<'_>| {
            enc.encode_many_at_level_on(&on.device, &host.vectors, scale, level)
        };
        let (row, recs, ns) = timed(
            s,
            b,
            "encode_many",
            s.check.then_some(&expect[..]),
            (&main, quiet.as_ref()),
            run,
        )?;
        push(row, recs, ns);
    }
    if wants("encrypt_many") {
        // Fresh randomness gives other words than the host's: checked by decryption (tests
        // compare the words for one key).
        let got = main
            .encryptor
            .encrypt_many(&main.plains)
            .map_err(ckks_err)?;
        let err = max_error(s, enc, &got, &host.vectors)?;
        if s.check && err > crate::cli::ckks_params::fresh_error_bound(s.ctx, s.scale) {
            return Err(CliError::CheckFailed(format!(
                "encrypt_batch: a device encryption decrypts {err:.3e} away from its message"
            )));
        }
        let run = |on: &OnDevice<'_>| on.encryptor.encrypt_many(&on.plains);
        let (row, recs, ns) = timed(s, b, "encrypt_many", None, (&main, quiet.as_ref()), run)?;
        push(row, recs, ns);
    }
    if wants("decrypt_many") {
        let expect = concat(&host.decrypted)?;
        let run = |on: &OnDevice<'_>| on.decryptor.decrypt_many(&on.ciphers);
        let (row, recs, ns) = timed(
            s,
            b,
            "decrypt_many",
            s.check.then_some(&expect[..]),
            (&main, quiet.as_ref()),
            run,
        )?;
        push(row, recs, ns);
    }
    if wants("decode_many") {
        let mut expect = Vec::new();
        for p in &host.decrypted {
            let v = enc.decode(p).map_err(ckks_err)?;
            expect.extend(v.iter().map(|x| x.to_bits()));
        }
        let run = |on: &OnDevice<'_>| {
            enc.decode_many_on(&on.device, &on.decrypted)
                .map(|v| Slots(v.concat()))
        };
        let (row, recs, ns) = timed(
            s,
            b,
            "decode_many",
            s.check.then_some(&expect[..]),
            (&main, quiet.as_ref()),
            run,
        )?;
        push(row, recs, ns);
    }
    Ok((rows, records, wall))
}
