//! Any bytes as SEAL encryption parameters, then as a context: a value or a typed error.
#![no_main]
use libfuzzer_sys::fuzz_target;
use xehe::ckks::{Context, EncryptionParameters};
use xehe::primes::SecurityLevel;

fuzz_target!(|data: &[u8]| {
    if let Ok(p) = EncryptionParameters::load(&mut &data[..]) {
        let _ = Context::new(&p, SecurityLevel::Tc128);
    }
});
