//! `xehe bench ckks`'s batch rows: [`BATCH`] vectors encoded, encrypted, decrypted and decoded
//! on the device per call of the library's `*_many` forms (one launch sequence for encoding,
//! encryption and decoding; decryption is one launch a ciphertext either way), every figure
//! per vector so that the rows read beside the one-at-a-time ones. Each row is checked first:
//! encodings, decryptions and decodings against the host's words, encryptions by decryption.

use super::calls::{checked_row, Check, Measured, Sides, Slots, Timed, Timer, Words};
use crate::cli::error::{ckks_err, CliError};
use std::sync::Arc;
use xehe::ckks::device::DeviceContext;
use xehe::ckks::{
    Ciphertext, CkksEncoder, CkksResult, Context, ContextData, Decryptor, Encryptor, Plaintext,
    PublicKey, SecretKey,
};

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

/// What every batch row reads: the setup, the encoder, the host's inputs, each opening's
/// state and how rows are timed.
struct Batch<'r, 'a> {
    s: &'r Setup<'a>,
    encoder: &'r CkksEncoder,
    host: &'r HostInputs,
    sides: &'r Sides<OnDevice<'a>>,
    timer: &'r Timer<'r>,
}

impl Batch<'_, '_> {
    /// One batch row: `call` checked, then timed on each opening; figures per vector.
    fn row<T: Words>(
        &self,
        name: &str,
        check: Check<'_, T>,
        call: impl Fn(&OnDevice<'_>) -> CkksResult<T>,
    ) -> Result<Timed, CliError> {
        let (row, recs, ns) = checked_row(self.timer, name, check, false, self.sides, call)?;
        Ok((row.per_item(BATCH), recs, ns))
    }
}

/// The words of `plains` end to end.
fn concat(plains: &[Plaintext]) -> Result<Vec<u64>, CliError> {
    let mut all = Vec::new();
    for p in plains {
        all.extend_from_slice(&p.data().map_err(ckks_err)?);
    }
    Ok(all)
}

/// The batch rows `wants` asks for, on each opening's device (`devices`), with their launch
/// records and summed profiled wall time.
pub(super) fn rows(
    s: &Setup<'_>,
    timer: &Timer<'_>,
    devices: &Sides<Arc<DeviceContext>>,
    wants: impl Fn(&str) -> bool,
) -> Result<Measured, CliError> {
    let mut out = Measured::default();
    if !NAMES.iter().any(|n| wants(n)) {
        return Ok(out);
    }
    let encoder = CkksEncoder::new(s.ctx);
    let host = host_inputs(s, &encoder)?;
    let sides = Sides {
        main: on_device(s, devices.main.clone(), &host)?,
        quiet: match &devices.quiet {
            Some(d) => Some(on_device(s, d.clone(), &host)?),
            None => None,
        },
    };
    let batch = Batch {
        s,
        encoder: &encoder,
        host: &host,
        sides: &sides,
        timer,
    };
    let steps: [(&str, Step); 4] = [
        ("encode_many", encode_many),
        ("encrypt_many", encrypt_many),
        ("decrypt_many", decrypt_many),
        ("decode_many", decode_many),
    ];
    for (name, step) in steps {
        if wants(name) {
            out.push(step(&batch)?);
        }
    }
    Ok(out)
}

/// One batch row's step.
type Step = fn(&Batch<'_, '_>) -> Result<Timed, CliError>;

/// Encoding: the host encoder's words.
fn encode_many(b: &Batch<'_, '_>) -> Result<Timed, CliError> {
    let check = Check::equal_if(
        b.s.check,
        || concat(&b.host.plains),
        "encode_many: the device encodings differ from the host encoder",
    )?;
    let (vectors, scale, level) = (&b.host.vectors, b.s.scale, b.s.level);
    b.row("encode_many", check, |on| {
        b.encoder
            .encode_many_at_level_on(&on.device, vectors, scale, level)
    })
}

/// Encryption: fresh randomness gives other words than the host's, so checked by decryption
/// (tests compare the words for one key).
fn encrypt_many(b: &Batch<'_, '_>) -> Result<Timed, CliError> {
    let check = match b.s.check {
        false => Check::Skip,
        true => Check::Test(Box::new(|got: &Vec<Ciphertext>| {
            let err = max_error(b.s, b.encoder, got, &b.host.vectors)?;
            if err > crate::cli::ckks_params::fresh_error_bound(b.s.ctx, b.s.scale) {
                return Err(CliError::CheckFailed(format!(
                    "encrypt_batch: a device encryption decrypts {err:.3e} away from its message"
                )));
            }
            Ok(())
        })),
    };
    b.row("encrypt_many", check, |on| {
        on.encryptor.encrypt_many(&on.plains)
    })
}

/// Decryption: the host decryptor's words.
fn decrypt_many(b: &Batch<'_, '_>) -> Result<Timed, CliError> {
    let check = Check::equal_if(
        b.s.check,
        || concat(&b.host.decrypted),
        "decrypt_many: the device decryptions differ from the host decryptor",
    )?;
    b.row("decrypt_many", check, |on| {
        on.decryptor.decrypt_many(&on.ciphers)
    })
}

/// Decoding: the host decoder's bits.
fn decode_many(b: &Batch<'_, '_>) -> Result<Timed, CliError> {
    let check = Check::equal_if(
        b.s.check,
        || {
            let mut expect = Vec::new();
            for p in &b.host.decrypted {
                let v = b.encoder.decode(p).map_err(ckks_err)?;
                expect.extend(v.iter().map(|x| x.to_bits()));
            }
            Ok(expect)
        },
        "decode_many: the device decodings differ from the host decoder",
    )?;
    b.row("decode_many", check, |on| {
        b.encoder
            .decode_many_on(&on.device, &on.decrypted)
            .map(|v| Slots(v.concat()))
    })
}
