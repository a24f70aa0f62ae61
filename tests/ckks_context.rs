//! CKKS parameters and context: the modulus-switching chain, and every way parameters are
//! rejected (with the typed error a user can act on).

use xehe::arith::Modulus;
use xehe::ckks::{CkksError, Context, EncryptionParameters};
use xehe::primes::{CoeffModulus, SecurityLevel};

fn parms(n: usize, bits: &[u32]) -> EncryptionParameters {
    EncryptionParameters::with_bit_sizes(n, bits).unwrap()
}

#[test]
fn chain_drops_the_special_prime_then_one_prime_per_level() {
    let p = parms(8192, &[60, 40, 40, 60]);
    let ctx = Context::new(&p, SecurityLevel::Tc128).unwrap();
    assert!(ctx.using_keyswitching());
    let q = p.coeff_modulus();
    let levels: Vec<_> = ctx.chain().collect();
    assert_eq!(levels.len(), 4);
    for (k, d) in levels.iter().enumerate() {
        assert_eq!(d.coeff_modulus(), &q[..4 - k]);
        assert_eq!(d.chain_index(), 3 - k);
        assert_eq!(d.ntt_tables().len(), 4 - k);
        assert_eq!(
            ctx.get_context_data(d.parms_id()).unwrap().chain_index(),
            3 - k
        );
        assert_eq!(
            d.total_coeff_modulus_bit_count() as u64,
            q[..4 - k]
                .iter()
                .fold(num_bigint::BigUint::from(1u32), |acc, m| acc * m.value())
                .bits()
        );
    }
    assert_eq!(ctx.key_context_data().parms_id(), p.parms_id());
    assert_eq!(ctx.first_context_data().coeff_modulus().len(), 3);
    assert_eq!(ctx.last_context_data().coeff_modulus(), &q[..1]);
    // Walking the chain from the first data level ends at the last level.
    let mut d = ctx.first_context_data();
    let mut steps = 0;
    while let Some(next) = ctx.next_context_data(d) {
        d = next;
        steps += 1;
    }
    assert_eq!((steps, d.chain_index()), (2, 0));
    // Distinct levels have distinct ids; another context's ids are unknown here.
    let ids: std::collections::HashSet<_> = levels.iter().map(|d| d.parms_id()).collect();
    assert_eq!(ids.len(), 4);
    let other = Context::new(&parms(8192, &[60, 40, 60]), SecurityLevel::Tc128).unwrap();
    assert!(ctx
        .get_context_data(other.key_context_data().parms_id())
        .is_none());
}

#[test]
fn one_prime_is_one_level_without_key_switching() {
    let ctx = Context::new(&parms(4096, &[50]), SecurityLevel::Tc128).unwrap();
    assert!(!ctx.using_keyswitching());
    assert_eq!(
        ctx.key_context_data().parms_id(),
        ctx.last_context_data().parms_id()
    );
    assert_eq!(
        ctx.first_context_data().parms_id(),
        ctx.last_context_data().parms_id()
    );
    assert!(ctx.next_context_data(ctx.first_context_data()).is_none());
}

#[test]
fn invalid_degrees_and_prime_counts() {
    let q = CoeffModulus::create(4096, &[40]).unwrap();
    for n in [1000usize, 2048, 131072] {
        let e = Context::new(
            &EncryptionParameters::new(n, q.clone()),
            SecurityLevel::None,
        );
        assert!(
            matches!(e, Err(CkksError::InvalidDegree { degree, .. }) if degree == n),
            "{n}"
        );
    }
    let e = Context::new(
        &EncryptionParameters::new(4096, vec![]),
        SecurityLevel::None,
    );
    assert!(matches!(
        e,
        Err(CkksError::InvalidModulusCount { count: 0, .. })
    ));
    let e = Context::new(
        &EncryptionParameters::new(4096, vec![q[0]; 65]),
        SecurityLevel::None,
    );
    assert!(matches!(
        e,
        Err(CkksError::InvalidModulusCount { count: 65, .. })
    ));
}

#[test]
fn unusable_primes_are_named_by_index() {
    let q = CoeffModulus::create(4096, &[40, 40]).unwrap();
    let with = |m: Modulus| EncryptionParameters::new(4096, vec![q[0], m]);
    // 32769 = 3 · 10923 is ≡ 1 mod 8192 but not prime; 97 is prime but not ≡ 1 mod 8192.
    for (value, what) in [(32769u64, "not a prime"), (97, "mod 2N")] {
        let e =
            Context::new(&with(Modulus::new(value).unwrap()), SecurityLevel::Tc128).unwrap_err();
        assert!(
            matches!(&e, CkksError::InvalidPrime { index: 1, value: v, reason } if *v == value && reason.contains(what)),
            "{e}"
        );
    }
    let e = Context::new(&with(q[0]), SecurityLevel::Tc128).unwrap_err();
    assert!(
        matches!(
            e,
            CkksError::RepeatedPrime {
                first: 0,
                second: 1,
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn security_bounds_and_the_explicit_opt_out() {
    // 218 bits at N = 8192 is exactly the 128-bit bound; 219 is over it.
    let at = parms(8192, &[60, 60, 58, 40]);
    assert!(Context::new(&at, SecurityLevel::Tc128).is_ok());
    let over = parms(8192, &[60, 60, 59, 40]);
    let e = Context::new(&over, SecurityLevel::Tc128).unwrap_err();
    assert!(
        matches!(&e, CkksError::Insecure { reason } if reason.contains("219")),
        "{e}"
    );
    assert!(e.to_string().contains("SecurityLevel::None"));
    assert!(e.to_string().contains("INSECURE"), "{e}");
    assert!(Context::new(&over, SecurityLevel::None).is_ok());
    // 2^16: OpenFHE's 128-bit ternary bound, 1747 bits, is checked; the 192-bit level has no
    // bound there, so only the explicit (insecure) opt-out builds it.
    let big = parms(65536, &[60, 50, 50, 60]);
    assert!(Context::new(&big, SecurityLevel::Tc128).is_ok());
    assert!(matches!(
        Context::new(&big, SecurityLevel::Tc192),
        Err(CkksError::Insecure { .. })
    ));
    let ctx = Context::new(&big, SecurityLevel::None).unwrap();
    assert_eq!(ctx.security_level(), SecurityLevel::None);
    let mut wide = vec![60; 29];
    wide.push(60);
    let too_wide = parms(65536, &wide); // 1800 bits > 1747
    let e = Context::new(&too_wide, SecurityLevel::Tc128).unwrap_err();
    assert!(e.to_string().contains("1747"), "{e}");
}

/// The largest context there is (N = 2^16, 64 primes, within the 128-bit bound) shares each
/// prime's NTT tables across every level: one table per prime in all, where one per prime and
/// level once cost 63 × 64 tables (4.2 GB). (There are only 22 primes of 26 bits ≡ 1 mod 2^17,
/// so the rest have 27.)
#[test]
fn every_level_shares_each_primes_ntt_tables() {
    let n = 65536;
    let bits: Vec<u32> = [26; 22].into_iter().chain([27; 42]).collect();
    let p = parms(n, &bits);
    let ctx = Context::new(&p, SecurityLevel::Tc128).unwrap();
    let key = ctx.key_context_data();
    assert_eq!(ctx.chain().count(), 64);
    let mut distinct: Vec<&xehe::ntt::NttTables> = Vec::new();
    for level in ctx.chain() {
        for (i, t) in level.ntt_tables().iter().enumerate() {
            assert!(
                std::ptr::eq(t, &key.ntt_tables()[i]),
                "level {} has tables of its own for prime {i}",
                level.chain_index()
            );
            if !distinct.iter().any(|d| std::ptr::eq(*d, t)) {
                distinct.push(t);
            }
        }
    }
    assert_eq!(distinct.len(), 64);
    // The documented cost of the largest context is what its tables hold.
    let held: usize = distinct
        .iter()
        .map(|t| {
            (t.root_powers().len() + t.inv_root_powers().len())
                * std::mem::size_of::<xehe::arith::ShoupOperand>()
        })
        .sum();
    assert_eq!(held, xehe::ckks::ntt_table_bytes(n, 64));
    assert_eq!(held, xehe::ckks::CONTEXT_TABLE_BYTES_MAX);
}
