//! Any bytes as each object type of one small context (the first byte picks the type), and as
//! `inspect` input with and without the parameters: a value or a typed error, never a panic,
//! hang or unbounded allocation (the default load limits hold bombs to 16 times their size).
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use xehe::ckks::serialize::{inspect, LoadLimits};
use xehe::ckks::{
    Ciphertext, Context, EncryptionParameters, GaloisKeys, Plaintext, PublicKey, RelinKeys,
    SecretKey,
};
use xehe::primes::SecurityLevel;

fn context() -> &'static Context {
    static CTX: OnceLock<Context> = OnceLock::new();
    CTX.get_or_init(|| {
        let p = EncryptionParameters::with_bit_sizes(4096, &[40, 30, 39]).expect("valid");
        Context::new(&p, SecurityLevel::Tc128).expect("valid")
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, bytes)) = data.split_first() else { return };
    let ctx = context();
    let r = &mut &bytes[..];
    let limits = LoadLimits::default();
    let _ = match pick % 8 {
        0 => SecretKey::load(ctx, r).map(drop),
        1 => PublicKey::load(ctx, r).map(drop),
        2 => RelinKeys::load(ctx, r).map(drop),
        3 => GaloisKeys::load(ctx, r).map(drop),
        4 => Plaintext::load(ctx, r).map(drop),
        5 => Ciphertext::load(ctx, r).map(drop),
        6 => inspect(r, &limits, Some(ctx)).map(drop),
        _ => inspect(r, &limits, None).map(drop),
    };
});
