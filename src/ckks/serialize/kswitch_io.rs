//! The bodies of key-switching keys (SEAL's `KSwitchKeys`): relinearization and Galois keys.
//!
//! parms_id, the number of key slots, and per slot the number of ciphertexts followed by each
//! as a nested `Ciphertext`. Relinearization keys use slot 0 (the key of s²); Galois keys slot
//! (g − 1)/2 for element g, N slots in all. An empty Galois key set names no level: it is
//! written as SEAL writes its own empty `GaloisKeys` (a zero parms_id and no slots), and loads
//! under any context.
#![warn(missing_docs)]

use super::body::{Reader, Writer};
use super::limits::LoadLimits;
use super::object_io::{read_object, write_object, SaveOptions};
use super::objects::{
    bound, ciphertext_max_body, invalid, key_level, key_shape, read_key_ciphertext,
    write_ciphertext_body, HEADER,
};
use crate::ckks::context::Context;
use crate::ckks::device::copy::DeviceSlots;
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::galois::GaloisKeys;
use crate::ckks::keyswitch::{KSwitchKeys, RelinKeys};
use crate::ckks::load_error::LoadError;
use crate::ckks::params::ParmsId;
use std::collections::BTreeMap;
use std::io::{Read, Write};

/// The body of an empty key set: a zero parms_id and no slots.
const EMPTY_BODY: [u8; 40] = [0; 40];

fn write_kswitch_body(
    b: &mut Writer,
    opts: SaveOptions,
    id: ParmsId,
    slots: &[Option<&KSwitchKeys>],
    n: usize,
) {
    b.parms_id(id);
    b.u64(slots.len() as u64);
    for slot in slots {
        match slot {
            None => b.u64(0),
            Some(ks) => {
                b.u64(ks.keys.len() as u64);
                let k = ks.keys.first().map_or(0, |c| c.len() / (2 * n));
                for (c, seed) in ks.keys.iter().zip(&ks.seeds) {
                    b.nested(opts, |b| {
                        write_ciphertext_body(b, opts, ks.parms_id, n, k, 1.0, c, *seed)
                    });
                }
            }
        }
    }
}

fn truncated(what: &'static str, needed: u64, r: &Reader) -> LoadError {
    LoadError::Truncated {
        what,
        needed,
        available: r.remaining() as u64,
    }
}

/// The keys of a `KSwitchKeys` body with their slots, of at most `max_slots` slots. Nothing is
/// kept for a slot, or a key, before the body is seen to hold it.
fn read_kswitch_body(
    context: &Context,
    body: &[u8],
    max_slots: u64,
    what: &'static str,
) -> Result<Vec<(u64, KSwitchKeys)>, LoadError> {
    let mut r = Reader::new(body);
    let id = r.parms_id(what)?;
    let key = key_level(context, id, what)?;
    let decomp =
        context.decomposition_digits(context.first_context_data().coeff_modulus().len()) as u64;
    let slots = r.u64(what)?;
    if slots > max_slots {
        return Err(invalid(
            what,
            format!("{slots} key slots; at most {max_slots} here"),
        ));
    }
    // Each slot holds at least its count.
    if slots * 8 > r.remaining() as u64 {
        return Err(truncated(what, slots * 8, &r));
    }
    let (n, k) = key_shape(context);
    // A seeded component stores one polynomial.
    let component_min = HEADER + ciphertext_max_body(n, k, 1);
    let mut out = Vec::new();
    for slot in 0..slots {
        let count = r.u64(what)?;
        if count == 0 {
            continue;
        }
        if count != decomp {
            return Err(invalid(
                what,
                format!("a key of {count} ciphertexts; this context decomposes into {decomp}"),
            ));
        }
        if count * component_min > r.remaining() as u64 {
            return Err(truncated(what, count * component_min, &r));
        }
        let (mut keys, mut seeds) = (Vec::new(), Vec::new());
        for _ in 0..count {
            let raw = r.nested(what, |r| read_key_ciphertext(context, r, what))?;
            keys.push(raw.data);
            seeds.push(raw.seed);
        }
        out.push((
            slot,
            KSwitchKeys {
                parms_id: id,
                n: key.parms().poly_modulus_degree(),
                keys,
                seeds,
                device: DeviceSlots::default(),
            },
        ));
    }
    r.finish(what)?;
    Ok(out)
}

/// The largest body of `slots` slots holding `keys` keys.
fn kswitch_max_body(context: &Context, slots: u64, keys: u64) -> u64 {
    let (n, k) = key_shape(context);
    let digits =
        context.decomposition_digits(context.first_context_data().coeff_modulus().len()) as u64;
    let per_key = digits * (HEADER + ciphertext_max_body(n, k, 2));
    (40 + slots * 8).saturating_add(keys.saturating_mul(per_key))
}

/// The largest body of any object of `context` (its full set of Galois keys).
pub(super) fn largest_body(context: &Context) -> u64 {
    let (n, _) = key_shape(context);
    kswitch_max_body(context, n, n - 1)
}

impl RelinKeys {
    /// Writes the keys in SEAL 4's format (`RelinKeys::save`), each component seeded when the
    /// keys are fresh from `KeyGenerator::create_relin_keys` (SEAL's `Serializable<RelinKeys>`).
    pub fn save(&self, w: &mut impl Write, opts: impl Into<SaveOptions>) -> CkksResult<u64> {
        let opts = opts.into();
        let n = self.0.n();
        let mut b = Writer::default();
        write_kswitch_body(&mut b, opts, self.0.parms_id, &[Some(&self.0)], n);
        write_object(w, b.bytes(), opts)
    }

    /// Reads relinearization keys SEAL saved for `context` (the key of s², SEAL's only one),
    /// within the default [`LoadLimits`].
    pub fn load(context: &Context, r: &mut impl Read) -> CkksResult<Self> {
        Self::load_with_limits(context, r, &LoadLimits::default())
    }

    /// [`RelinKeys::load`] within `limits`.
    pub fn load_with_limits(
        context: &Context,
        r: &mut impl Read,
        limits: &LoadLimits,
    ) -> CkksResult<Self> {
        const WHAT: &str = "relinearization keys";
        if !context.using_keyswitching() {
            return Err(CkksError::NoSpecialPrime);
        }
        let max = kswitch_max_body(context, 1, 1);
        let (_, body) = read_object(r, bound(context, max), limits, WHAT)?;
        match read_kswitch_body(context, body.as_slice(), 1, WHAT)?.pop() {
            Some((_, k)) => Ok(RelinKeys(k)),
            None => Err(invalid(WHAT, "no key for s² (slot 0 is empty)").into()),
        }
    }
}

impl GaloisKeys {
    /// Writes the keys in SEAL 4's format (`GaloisKeys::save`: N slots, the key of element g in
    /// slot (g − 1)/2), components seeded when fresh from `KeyGenerator`. An empty set is
    /// written as SEAL's empty `GaloisKeys` (no level, no slots), which [`GaloisKeys::load`]
    /// reads under any context.
    pub fn save(&self, w: &mut impl Write, opts: impl Into<SaveOptions>) -> CkksResult<u64> {
        let opts = opts.into();
        let first = self.keys.values().next();
        let n = first.map_or(0, |k| k.n());
        let id = first.map_or(ParmsId([0; 4]), |k| k.parms_id);
        let mut slots: Vec<Option<&KSwitchKeys>> = vec![None; n];
        for (&g, k) in &self.keys {
            slots[(g as usize - 1) / 2] = Some(k);
        }
        let mut b = Writer::default();
        write_kswitch_body(&mut b, opts, id, &slots, n);
        write_object(w, b.bytes(), opts)
    }

    /// Reads Galois keys SEAL saved for `context`, within the default [`LoadLimits`].
    pub fn load(context: &Context, r: &mut impl Read) -> CkksResult<Self> {
        Self::load_with_limits(context, r, &LoadLimits::default())
    }

    /// [`GaloisKeys::load`] within `limits`.
    pub fn load_with_limits(
        context: &Context,
        r: &mut impl Read,
        limits: &LoadLimits,
    ) -> CkksResult<Self> {
        const WHAT: &str = "Galois keys";
        if !context.using_keyswitching() {
            return Err(CkksError::NoSpecialPrime);
        }
        let (_, body) = read_object(r, bound(context, largest_body(context)), limits, WHAT)?;
        if body.as_slice() == EMPTY_BODY {
            return Ok(GaloisKeys {
                keys: BTreeMap::new(),
            });
        }
        let (n, _) = key_shape(context);
        let mut keys = BTreeMap::new();
        for (slot, k) in read_kswitch_body(context, body.as_slice(), n, WHAT)? {
            if slot == 0 {
                return Err(
                    invalid(WHAT, "a key in slot 0, Galois element 1 (the identity)").into(),
                );
            }
            keys.insert(2 * slot + 1, k);
        }
        Ok(GaloisKeys { keys })
    }
}
