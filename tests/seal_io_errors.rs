//! Damaged, foreign and hostile files: each gets a typed error saying what is wrong, never a
//! panic, a hang or an allocation beyond what the context allows. The mutation test damages
//! SEAL's own files thousands of times per type (deterministically) and loads each.

mod common;

use common::fixtures::seal_io_context;
use rand::{Rng, SeedableRng};
use xehe::ckks::serialize::{ComprMode, LoadError};
use xehe::ckks::{
    Ciphertext, CkksError, Context, EncryptionParameters, GaloisKeys, Plaintext, PublicKey,
    RelinKeys, SecretKey,
};
use xehe::primes::SecurityLevel;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/seal/io/");
const HOSTILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/seal/hostile/");

fn file(name: &str) -> Vec<u8> {
    std::fs::read(format!("{DIR}{name}")).unwrap()
}

/// tests/data/seal/hostile (tests/tools/make_hostile_fixtures.py), each with the type it is
/// loaded as: decompression bombs shaped as Galois keys, and parameters of 64 primes at
/// N = 2^16 (loaded, not made a context of).
const HOSTILE_FILES: [(&str, &str); 4] = [
    ("bomb-zstd.seal", "galois.key"),
    ("bomb-zstd-sized.seal", "galois.key"),
    ("bomb-zlib.seal", "galois.key"),
    ("parms-64-primes.seal", "parms.seal"),
];

use common::seal_uncompressed as uncompressed;

/// Loads `bytes` as the object type of fixture `name`; Ok(()) or the error.
fn load_as(ctx: &Context, name: &str, bytes: &[u8]) -> Result<(), CkksError> {
    let r = &mut &bytes[..];
    match name {
        "parms.seal" => EncryptionParameters::load(r).map(drop),
        "secret.key" => SecretKey::load(ctx, r).map(drop),
        "public.key" => PublicKey::load(ctx, r).map(drop),
        "relin.key" => RelinKeys::load(ctx, r).map(drop),
        "galois.key" => GaloisKeys::load(ctx, r).map(drop),
        "x.pt" => Plaintext::load(ctx, r).map(drop),
        _ => Ciphertext::load(ctx, r).map(drop),
    }
}

const NAMES: [&str; 8] = [
    "parms.seal",
    "secret.key",
    "public.key",
    "relin.key",
    "galois.key",
    "x.pt",
    "x.ct",
    "symmetric.ct",
];

fn load_error(r: Result<(), CkksError>) -> LoadError {
    match r {
        Err(CkksError::Load(e)) => e,
        other => panic!("expected a load error, got {other:?}"),
    }
}

#[test]
fn truncated_files_are_refused_at_every_length() {
    let ctx = seal_io_context();
    for name in NAMES {
        for bytes in [file(name), uncompressed(&file(name))] {
            for cut in (0..bytes.len()).step_by(bytes.len() / 97 + 1) {
                let e = load_error(load_as(&ctx, name, &bytes[..cut]));
                assert!(
                    matches!(
                        e,
                        LoadError::Truncated { .. } | LoadError::Decompress { .. }
                    ),
                    "{name} cut at {cut}: {e}"
                );
            }
        }
    }
}

#[test]
fn header_damage_gets_its_own_error() {
    let ctx = seal_io_context();
    let good = uncompressed(&file("x.ct"));
    let with = |at: usize, bytes: &[u8]| {
        let mut b = good.clone();
        b[at..at + bytes.len()].copy_from_slice(bytes);
        load_error(load_as(&ctx, "x.ct", &b))
    };
    assert_eq!(
        with(0, &[0x5e, 0xa2]),
        LoadError::BadMagic { found: 0xA25E }
    );
    assert!(matches!(
        with(3, &[3]),
        LoadError::UnsupportedVersion { .. }
    ));
    assert_eq!(with(5, &[7]), LoadError::UnknownCompression { mode: 7 });
    assert!(matches!(with(6, &[1]), LoadError::BadHeader { .. }));
    assert!(matches!(with(2, &[32]), LoadError::BadHeader { .. }));
    // A header claiming an exabyte is refused before anything is read or allocated.
    assert!(matches!(
        with(8, &u64::MAX.to_le_bytes()),
        LoadError::TooLarge { .. }
    ));
    let msg = with(0, &[0, 0]).to_string();
    assert!(msg.contains("0xA15E"), "{msg}");
}

#[test]
fn a_zstd_bomb_stops_at_the_bound() {
    let ctx = seal_io_context();
    // 64 MiB of zeros compress to a few KiB; as parameters (at most about 1.6 KiB) or as a
    // ciphertext of this context (at most 16 polynomials) it must be refused, not inflated.
    let zeros = vec![0u8; 64 << 20];
    let z = zstd::bulk::compress(&zeros, 19).unwrap();
    let mut b = vec![0x5e, 0xa1, 16, 4, 3, 2, 0, 0];
    b.extend(((16 + z.len()) as u64).to_le_bytes());
    b.extend(&z);
    // The parameters' and the plaintext's own bound is below the expansion limit's floor;
    // the ciphertext's is above what 16 times a few KiB may expand to.
    for (name, kind_bound) in [("parms.seal", true), ("x.pt", true), ("x.ct", false)] {
        let e = load_error(load_as(&ctx, name, &b));
        if kind_bound {
            assert!(matches!(e, LoadError::TooLarge { .. }), "{name}: {e}");
        } else {
            assert!(
                matches!(e, LoadError::OverExpansionLimit { .. }),
                "{name}: {e}"
            );
        }
    }
}

#[test]
fn the_hostile_files_are_refused_or_loaded_without_a_context() {
    let ctx = seal_io_context();
    for (name, kind) in &HOSTILE_FILES[..3] {
        let bytes = std::fs::read(format!("{HOSTILE}{name}")).unwrap();
        let e = load_error(load_as(&ctx, kind, &bytes));
        assert!(
            matches!(e, LoadError::OverExpansionLimit { .. }),
            "{name}: {e}"
        );
    }
    let parms = EncryptionParameters::load(
        &mut &std::fs::read(format!("{HOSTILE}parms-64-primes.seal")).unwrap()[..],
    )
    .unwrap();
    assert_eq!(parms.poly_modulus_degree(), 1 << 16);
    assert_eq!(parms.coeff_modulus().len(), 64);
}

/// A plaintext's scale is at byte 56 of its uncompressed file, a ciphertext's at 73.
fn with_scale(name: &str, scale: f64) -> Vec<u8> {
    let mut b = uncompressed(&file(name));
    let at = if name.ends_with(".pt") { 56 } else { 73 };
    b[at..at + 8].copy_from_slice(&scale.to_le_bytes());
    b
}

#[test]
fn scales_below_one_or_not_finite_are_refused() {
    let ctx = seal_io_context();
    for name in ["x.pt", "x.ct", "symmetric.ct"] {
        // SEAL's own bound: fewer bits than the level's modulus (70 bits at the first level, 40 + 30).
        for scale in [
            0.5,
            1e-300,
            0.0,
            -(2f64.powi(30)),
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            2f64.powi(70),
        ] {
            let e = load_error(load_as(&ctx, name, &with_scale(name, scale)));
            match e {
                LoadError::BadScale { scale: s, bits, .. } => {
                    assert!(s.to_bits() == scale.to_bits(), "{name}: {s} for {scale}");
                    assert_eq!(bits, 70, "{name}");
                }
                e => panic!("{name} at scale {scale}: {e}"),
            }
        }
        // 1 and 1.9 · 2^69 load (SEAL compares the integer part of log2).
        for scale in [1.0, 2f64.powi(69) * 1.9] {
            load_as(&ctx, name, &with_scale(name, scale))
                .unwrap_or_else(|e| panic!("{name} at scale {scale}: {e}"));
        }
    }
    let msg = load_error(load_as(&ctx, "x.ct", &with_scale("x.ct", 0.5))).to_string();
    assert!(msg.contains("scale 0.5") && msg.contains("from 1"), "{msg}");
}

#[test]
fn wrong_types_and_foreign_contexts_are_refused() {
    let ctx = seal_io_context();
    // Every fixture loaded as every other type: only its own type loads. Keys have the shape
    // of a ciphertext (public key) or plaintext (secret key) but live at the key level, where
    // SEAL's is_valid_for refuses data, and so does xehe.
    for have in NAMES {
        for want in NAMES {
            let r = load_as(&ctx, want, &file(have));
            let same = have == want || (have.ends_with(".ct") && want.ends_with(".ct"));
            if (have == "public.key" && want.ends_with(".ct"))
                || (have == "secret.key" && want == "x.pt")
            {
                let e = r.as_ref().unwrap_err().to_string();
                assert!(e.contains("key level"), "{have} as {want}: {e}");
            }
            assert_eq!(r.is_ok(), same, "{have} loaded as {want}: {r:?}");
        }
    }
    // The same files under another context: a foreign parms_id, said as such.
    let other = Context::new(
        &EncryptionParameters::with_bit_sizes(8192, &[60, 40, 40, 60]).unwrap(),
        SecurityLevel::Tc128,
    )
    .unwrap();
    for name in &NAMES[1..] {
        let e = load_error(load_as(&other, name, &file(name)));
        assert!(matches!(e, LoadError::ForeignParmsId { .. }), "{name}: {e}");
    }
    // A ciphertext is not a key: the public-key loader wants the key level.
    let e = load_error(PublicKey::load(&ctx, &mut &file("x.ct")[..]).map(drop));
    assert!(matches!(e, LoadError::ForeignParmsId { .. }), "{e}");
}

#[test]
fn a_damaged_secret_key_is_refused() {
    let ctx = seal_io_context();
    let mut b = uncompressed(&file("secret.key"));
    let at = b.len() - 8 * 100;
    b[at] ^= 1;
    let e = load_error(load_as(&ctx, "secret.key", &b));
    assert!(e.to_string().contains("−1, 0 or 1"), "{e}");
    // A word at or above its prime anywhere else is refused too.
    let mut b = uncompressed(&file("x.ct"));
    let at = b.len() - 8;
    b[at..].copy_from_slice(&u64::MAX.to_le_bytes());
    let e = load_error(load_as(&ctx, "x.ct", &b));
    assert!(e.to_string().contains("not below its prime"), "{e}");
}

/// The context of parameters that loaded, as the program makes it: built, or refused with a
/// typed error. Damage that leaves the parameters loadable (a flipped bit in a prime, a degree
/// changed to another power of two) reaches the checks and the table building behind the
/// loader; the 64 primes at N = 2^16 of the hostile file make the largest tables (128 MiB).
fn context_from(bytes: &[u8]) -> Option<usize> {
    let parms = EncryptionParameters::load(&mut &bytes[..]).expect("loaded before");
    Context::new(&parms, SecurityLevel::Tc128)
        .ok()
        .map(|c| c.key_context_data().coeff_modulus().len())
}

/// Thousands of damaged copies of each file, SEAL's and the hostile ones (bit flips, byte
/// overwrites with edge values, cuts, insertions, duplicated spans), from a fixed seed: each
/// load returns, with the object or a typed error; none panics or hangs. Parameters that load
/// are made a context.
#[test]
fn mutated_files_never_panic() {
    let ctx = seal_io_context();
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x5ea1);
    let edge: [u64; 6] = [0, 1, 2, 16, u64::MAX, 1 << 40];
    let mut outcomes = [0usize; 2];
    let mut contexts = [0usize; 3];
    let seal = NAMES.iter().flat_map(|&name| {
        [(name, uncompressed(&file(name))), (name, file(name))].map(|(n, b)| (n, b, 1200))
    });
    // A mutated bomb still expands as far as the limits allow: fewer of them.
    let hostile = HOSTILE_FILES.iter().map(|&(name, kind)| {
        let bytes = std::fs::read(format!("{HOSTILE}{name}")).unwrap();
        (kind, bytes, 300)
    });
    for (name, base, copies) in seal.chain(hostile) {
        for _ in 0..copies {
            let mut b = base.clone();
            // Most of the structure is in the first bytes: aim half the damage there.
            let span = if rng.gen_bool(0.5) {
                b.len().min(256)
            } else {
                b.len()
            };
            let at = rng.gen_range(0..span);
            match rng.gen_range(0..5) {
                0 => b[at] ^= 1 << rng.gen_range(0..8),
                1 => {
                    let v = edge[rng.gen_range(0..edge.len())].to_le_bytes();
                    let end = (at + 8).min(b.len());
                    b[at..end].copy_from_slice(&v[..end - at]);
                }
                2 => b.truncate(at),
                3 => {
                    let extra: Vec<u8> = (0..rng.gen_range(1..16)).map(|_| rng.gen()).collect();
                    b.splice(at..at, extra);
                }
                _ => {
                    let len = rng.gen_range(1..64).min(b.len() - at);
                    let copy = b[at..at + len].to_vec();
                    b.splice(at..at, copy);
                }
            }
            let loaded = load_as(&ctx, name, &b).is_ok();
            outcomes[loaded as usize] += 1;
            if loaded && name == "parms.seal" {
                match context_from(&b) {
                    None => contexts[0] += 1,
                    Some(64) => contexts[2] += 1,
                    Some(_) => contexts[1] += 1,
                }
            }
        }
    }
    eprintln!(
        "mutated loads: {} refused, {} accepted (damage inside word data); contexts of the \
         parameters accepted: {} refused, {} built, {} of them of 64 primes",
        outcomes[0],
        outcomes[1],
        contexts[0],
        contexts[1] + contexts[2],
        contexts[2]
    );
    assert!(
        contexts[1] > 0 && contexts[2] > 0,
        "damaged parameters, small and of 64 primes, still make contexts"
    );
    assert!(outcomes[0] > outcomes[1], "most damage must be caught");
}

#[test]
fn compression_modes_round_trip_and_are_named() {
    assert_eq!("zlib".parse::<ComprMode>(), Ok(ComprMode::Zlib));
    assert!("lz4"
        .parse::<ComprMode>()
        .unwrap_err()
        .contains("none, zlib or zstd"));
}
