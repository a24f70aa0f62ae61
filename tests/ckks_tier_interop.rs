//! Switching ciphertexts between the SEAL tier and the 32-bit tier (issue 41 step 4, host):
//! SEAL → 32 → SEAL under one secret, evaluation on the 32-bit side, SEAL files out, a
//! ciphertext SEAL itself wrote in, and every refusal typed.
//!
//! The bounds are derived, not measured. A switch from modulus Q to Q' makes c'_i = Q'·c_i/Q +
//! ε_i with |ε_i| ≤ 1/2 (exact rounding), so the decrypted coefficients obey
//! p' = (Q'/Q)·p + ε0 + ε1·s: |p'·Q − Q'·p| ≤ Q·(1 + ‖s‖₁)/2 per coefficient, checked exactly
//! with big integers. In the slots that is at most N·(1 + ‖s‖₁)/(2·Δ') per slot, over the
//! source's own error (the source noise scaled by Q'/Q is the same in the slots), plus 2^-30
//! for the decoder's floating point. ‖s‖₁ is read from each key, so the bounds hold for any
//! key. Each polynomial is also checked to round to nearest, |c'·Q − Q'·c| ≤ Q/2 per
//! coefficient: the decryption bound is a worst case that the fast rounding (errors up to 1.5
//! here) also meets, this check is not.

mod common;

use common::fixtures::{
    decrypt, decrypt_complex, insecure_context, max_complex_error, max_error, seal_io_context,
    seal_values, values,
};
use num_bigint::BigInt;
use num_traits::Signed;
use xehe::ckks::reference::{multiply, relinearize, rescale_to_next, rotate_vector};
use xehe::ckks::serialize::ComprMode;
use xehe::ckks::tier_switch::{TierSwitch, MIN_SWITCHED_SCALE};
use xehe::ckks::{
    Ciphertext, CkksEncoder, CkksError, Complex64, Context, ContextData, Decryptor, Encryptor,
    KeyGenerator, SecretKey,
};
use xehe::primes::{FamilyPreset, SecurityLevel};
use xehe::rns::RnsBase;

/// The decoder's floating-point error, far above what doubles lose on 2^12 slots.
const FP: f64 = 1.0 / (1u64 << 30) as f64;

/// N = 4096 with SEAL's primes: data levels of 130, 90 and 50 bits, about the 32-bit
/// family's levels 2, 1 and 0, so that switches between them keep Δ near 2^40.
fn seal() -> Context {
    insecure_context(4096, &[50, 40, 40, 60])
}

fn tier32() -> Context {
    let f = FamilyPreset::InsecureN12W32.family().unwrap();
    Context::from_family(&f, SecurityLevel::None).unwrap()
}

fn level<'c>(ctx: &'c Context, ct: &Ciphertext) -> &'c ContextData {
    ctx.get_context_data(ct.parms_id()).unwrap()
}

fn product(level: &ContextData) -> BigInt {
    level
        .coeff_modulus()
        .iter()
        .fold(BigInt::from(1), |a, m| a * m.value())
}

/// ‖s‖₁: the secret's nonzero coefficients (read modulo the first prime).
fn secret_l1(ctx: &Context, sk: &SecretKey) -> usize {
    let key = ctx.key_context_data();
    let n = key.parms().poly_modulus_degree();
    let mut row = sk.data()[..n].to_vec();
    key.ntt_tables()[0].inverse(&mut row).unwrap();
    row.iter().filter(|&&x| x != 0).count()
}

/// The centred integer coefficients c0 + c1·s of `ct` over its level.
fn decrypted_coeffs(ctx: &Context, dec: &Decryptor, ct: &Ciphertext) -> Vec<BigInt> {
    let pt = dec.decrypt(ct).unwrap();
    let level = ctx.get_context_data(pt.parms_id()).unwrap();
    let n = pt.coeff_count();
    let mut words = pt.data().unwrap().into_owned();
    for (row, t) in words.chunks_mut(n).zip(level.ntt_tables()) {
        t.inverse(row).unwrap();
    }
    let base = RnsBase::new(level.coeff_modulus()).unwrap();
    let r = level.coeff_modulus().len();
    (0..n)
        .map(|i| {
            let residues: Vec<u64> = (0..r).map(|k| words[k * n + i]).collect();
            base.compose_centered(&residues).unwrap()
        })
        .collect()
}

/// The centred integer coefficients of each polynomial of `ct` over its level.
fn poly_coeffs(ctx: &Context, ct: &Ciphertext) -> Vec<Vec<BigInt>> {
    let level = ctx.get_context_data(ct.parms_id()).unwrap();
    let n = ct.coeff_count();
    let r = level.coeff_modulus().len();
    let base = RnsBase::new(level.coeff_modulus()).unwrap();
    let mut words = ct.data().unwrap().into_owned();
    for (row, t) in words.chunks_mut(n).zip(level.ntt_tables().iter().cycle()) {
        t.inverse(row).unwrap();
    }
    words
        .chunks(r * n)
        .map(|poly| {
            (0..n)
                .map(|i| {
                    let residues: Vec<u64> = (0..r).map(|k| poly[k * n + i]).collect();
                    base.compose_centered(&residues).unwrap()
                })
                .collect()
        })
        .collect()
}

/// One side of a switch: its context, secret key, ciphertext.
struct Side<'a> {
    ctx: &'a Context,
    sk: &'a SecretKey,
    ct: &'a Ciphertext,
}

/// Checks a switch `from` → `to` against the derived bounds, and returns the slot bound
/// N·(1 + ‖s‖₁)/(2·Δ') it added.
fn check_switch(from: &Side, to: &Side, what: &str) -> f64 {
    let (lf, lt) = (level(from.ctx, from.ct), level(to.ctx, to.ct));
    let n = from.ct.coeff_count();
    let h = secret_l1(from.ctx, from.sk);
    assert_eq!(h, secret_l1(to.ctx, to.sk), "{what}: one secret");
    // The scale follows Q'/Q.
    let (q, q2) = (product(lf), product(lt));
    let ratio = {
        use num_traits::ToPrimitive;
        // 64 bits of quotient, then the power of two.
        let shift = q.bits() + 64 - q2.bits().min(q.bits());
        let shifted: BigInt = (&q2 << shift) / &q;
        shifted.to_f64().unwrap() * 2f64.powi(-(shift as i32))
    };
    let want_scale = from.ct.scale() * ratio;
    assert!(
        ((to.ct.scale() - want_scale) / want_scale).abs() < 1e-15,
        "{what}: scale {} against {want_scale}",
        to.ct.scale()
    );
    // Each polynomial rounds to nearest: |c'·Q − Q'·c| ≤ Q/2 per coefficient (c' is defined
    // modulo Q', so the difference is taken centred modulo Q·Q').
    let qq = &q * &q2;
    for (p, (c, c2)) in poly_coeffs(from.ctx, from.ct)
        .iter()
        .zip(&poly_coeffs(to.ctx, to.ct))
        .enumerate()
    {
        for (i, (a, b)) in c.iter().zip(c2).enumerate() {
            let mut d: BigInt = (b * &q - a * &q2) % &qq;
            if d.clone() * 2 > qq {
                d -= &qq;
            } else if d.clone() * -2 > qq {
                d += &qq;
            }
            assert!(
                d.abs() * 2 <= q,
                "{what}: polynomial {p}, coefficient {i} is not the nearest integer to Q'·c/Q"
            );
        }
    }
    // Decryptions: |p'·Q − Q'·p| ≤ Q·(1 + ‖s‖₁)/2, exactly.
    let dec_f = Decryptor::new(from.ctx, from.sk).unwrap();
    let dec_t = Decryptor::new(to.ctx, to.sk).unwrap();
    let p = decrypted_coeffs(from.ctx, &dec_f, from.ct);
    let p2 = decrypted_coeffs(to.ctx, &dec_t, to.ct);
    let limit = &q * (1 + h);
    let mut worst = 0f64;
    for (i, (a, b)) in p.iter().zip(&p2).enumerate() {
        let diff: BigInt = (b * &q - a * &q2).abs() * 2;
        assert!(
            diff <= limit,
            "{what}: coefficient {i} moved by more than (1 + ‖s‖₁)/2 = {}",
            (1 + h) as f64 / 2.0
        );
        use num_traits::ToPrimitive;
        worst = worst.max((&diff / &q).to_f64().unwrap() / 2.0);
    }
    // Slots: within N·(1 + ‖s‖₁)/(2·Δ') of the source's slots.
    let slot_bound = n as f64 * (1 + h) as f64 / (2.0 * to.ct.scale());
    let (ef, et) = (CkksEncoder::new(from.ctx), CkksEncoder::new(to.ctx));
    let (vf, vt) = (decrypt(&ef, &dec_f, from.ct), decrypt(&et, &dec_t, to.ct));
    let moved = max_error(&vt, &vf);
    assert!(
        moved <= slot_bound + FP,
        "{what}: slots moved {moved:e} > {slot_bound:e} (largest coefficient change {worst})"
    );
    slot_bound
}

/// Key switching's slot error at `scale` on `level` of `ctx`, the derivation of
/// `common::rotation_bound` over the digits a window uses (`Context::window_digits`): with
/// probability 1 − e^−25 per slot, for any key.
fn key_switch_bound(ctx: &Context, level: &ContextData, scale: f64) -> f64 {
    let n = level.parms().poly_modulus_degree() as f64;
    let key = ctx.key_context_data().coeff_modulus();
    let k = ctx.special_prime_count();
    let p: f64 = key[key.len() - k..]
        .iter()
        .map(|q| q.value() as f64)
        .product();
    let q = level.coeff_modulus();
    let digits: f64 = ctx
        .window_digits(level.window())
        .into_iter()
        .map(|(_, primes)| {
            let primes = &q[primes];
            let qj: f64 = primes.iter().map(|m| m.value() as f64).product();
            primes.len() as f64 * qj / p
        })
        .sum();
    5.0 * (n / std::f64::consts::PI) * n.sqrt() * 3.24 * digits / scale
        + ctx.special_division_error_bound(scale)
        + FP
}

#[test]
fn seal_to_tier32_decrypts_within_the_switch_bound() {
    let (seal, t32) = (seal(), tier32());
    let switch = TierSwitch::new(&seal, &t32).unwrap();
    let enc = CkksEncoder::new(&seal);
    let x = values(1, 2048);
    for seed in [[11u8; 32], [12; 32], [13; 32]] {
        let mut kg = KeyGenerator::insecure_from_seed(&seal, seed);
        let pk = kg.create_public_key();
        let sk32 = switch.secret_key_to_tier32(kg.secret_key()).unwrap();
        let dec = Decryptor::new(&seal, kg.secret_key()).unwrap();
        let e = Encryptor::new(&seal, &pk).unwrap();
        // (SEAL chain index, 32-bit chain index): about equal moduli (Δ' ≈ 2^40), and 40 bits
        // up (Δ' ≈ 2^80).
        for (from, to) in [(2, 2), (1, 1), (2, 3), (1, 2)] {
            let l = seal.chain().find(|d| d.chain_index() == from).unwrap();
            let ct = e
                .encrypt(&enc.encode_at_level(&x, 2f64.powi(40), l).unwrap())
                .unwrap();
            let source_error = max_error(&decrypt(&enc, &dec, &ct), &x);
            let ct32 = switch.to_tier32(&ct, to).unwrap();
            assert_eq!(
                t32.get_context_data(ct32.parms_id()).unwrap().chain_index(),
                to
            );
            let bound = check_switch(
                &Side {
                    ctx: &seal,
                    sk: kg.secret_key(),
                    ct: &ct,
                },
                &Side {
                    ctx: &t32,
                    sk: &sk32,
                    ct: &ct32,
                },
                &format!("seed {}, SEAL {from} → 32-bit {to}", seed[0]),
            );
            let got = decrypt(
                &CkksEncoder::new(&t32),
                &Decryptor::new(&t32, &sk32).unwrap(),
                &ct32,
            );
            let err = max_error(&got, &x);
            assert!(
                err <= source_error + bound + FP,
                "seed {}, {from} → {to}: {err:e} > {source_error:e} + {bound:e}",
                seed[0]
            );
        }
    }
}

#[test]
fn round_trip_seal_tier32_seal_stays_within_the_bound() {
    let (seal, t32) = (seal(), tier32());
    let switch = TierSwitch::new(&seal, &t32).unwrap();
    let enc = CkksEncoder::new(&seal);
    let x = values(2, 2048);
    for seed in [[21u8; 32], [22; 32], [23; 32]] {
        let kg = KeyGenerator::insecure_from_seed(&seal, seed);
        let sk = kg.secret_key();
        let sk32 = switch.secret_key_to_tier32(sk).unwrap();
        let ct = Encryptor::symmetric(&seal, sk)
            .unwrap()
            .encrypt(&enc.encode(&x, 2f64.powi(40)).unwrap())
            .unwrap();
        let ct32 = switch.to_tier32(&ct, 2).unwrap();
        let back = switch.to_seal(&ct32, 2).unwrap();
        assert_eq!(back.parms_id(), ct.parms_id());
        let a = check_switch(
            &Side {
                ctx: &seal,
                sk,
                ct: &ct,
            },
            &Side {
                ctx: &t32,
                sk: &sk32,
                ct: &ct32,
            },
            "SEAL → 32",
        );
        let b = check_switch(
            &Side {
                ctx: &t32,
                sk: &sk32,
                ct: &ct32,
            },
            &Side {
                ctx: &seal,
                sk,
                ct: &back,
            },
            "32 → SEAL",
        );
        assert!(((back.scale() - ct.scale()) / ct.scale()).abs() < 1e-15);
        let dec = Decryptor::new(&seal, sk).unwrap();
        let (before, after) = (decrypt(&enc, &dec, &ct), decrypt(&enc, &dec, &back));
        let moved = max_error(&after, &before);
        assert!(
            moved <= a + b + 2.0 * FP,
            "seed {}: {moved:e} > {:e}",
            seed[0],
            a + b
        );
        // A fresh 32-bit-tier encryption reaches the SEAL key too.
        let e32 = Encryptor::symmetric(&t32, &sk32).unwrap();
        let l2 = t32.chain().find(|d| d.chain_index() == 2).unwrap();
        let c32 = e32
            .encrypt(
                &CkksEncoder::new(&t32)
                    .encode_at_level(&x, t32.default_scale(2).unwrap(), l2)
                    .unwrap(),
            )
            .unwrap();
        let to_seal = switch.to_seal(&c32, 2).unwrap();
        check_switch(
            &Side {
                ctx: &t32,
                sk: &sk32,
                ct: &c32,
            },
            &Side {
                ctx: &seal,
                sk,
                ct: &to_seal,
            },
            "fresh 32 → SEAL",
        );
    }
}

/// SEAL encrypts x and y; the 32-bit tier multiplies, relinearizes, rescales and rotates with
/// keys of the converted secret; the result returns as a SEAL file that the SEAL-tier
/// decryptor reads. Each step is held to its derived bound: the product's error from its
/// inputs' (|x|, |y| ≤ 1), relinearization's and the rotation's key switching
/// ([`key_switch_bound`]), the rational rescale's rounding (its `error_range`, times
/// 1 + ‖s‖₁, N, over the new scale), then the switch back.
#[test]
fn evaluate_on_tier32_and_return_as_a_seal_file() {
    let (seal, t32) = (seal(), tier32());
    let switch = TierSwitch::new(&seal, &t32).unwrap();
    let enc = CkksEncoder::new(&seal);
    let enc32 = CkksEncoder::new(&t32);
    let (x, y) = (values(3, 2048), values(4, 2048));
    for seed in [[31u8; 32], [32; 32], [33; 32]] {
        let mut kg = KeyGenerator::insecure_from_seed(&seal, seed);
        let pk = kg.create_public_key();
        let sk = kg.secret_key();
        let h = secret_l1(&seal, sk) as f64;
        let sk32 = switch.secret_key_to_tier32(sk).unwrap();
        let mut kg32 = KeyGenerator::from_secret_key(&t32, &sk32).unwrap();
        let rk = kg32.create_relin_keys().unwrap();
        let gk = kg32.create_galois_keys_for_steps(&[1], false).unwrap();
        let dec32 = Decryptor::new(&t32, &sk32).unwrap();
        let e = Encryptor::new(&seal, &pk).unwrap();
        let scale = 2f64.powi(40);
        let (cx, cy) = (
            e.encrypt(&enc.encode(&x, scale).unwrap()).unwrap(),
            e.encrypt(&enc.encode(&y, scale).unwrap()).unwrap(),
        );
        let (x32, y32) = (
            switch.to_tier32(&cx, 2).unwrap(),
            switch.to_tier32(&cy, 2).unwrap(),
        );
        // Complex errors: a slot's imaginary part enters the product too.
        let complex =
            |v: &[f64]| -> Vec<Complex64> { v.iter().map(|&a| Complex64::new(a, 0.0)).collect() };
        let ex = max_complex_error(&decrypt_complex(&enc32, &dec32, &x32), &complex(&x));
        let ey = max_complex_error(&decrypt_complex(&enc32, &dec32, &y32), &complex(&y));
        let l2 = level(&t32, &x32);
        let prod = relinearize(&t32, &multiply(&t32, &x32, &y32).unwrap(), &rk).unwrap();
        let rescaled = rescale_to_next(&t32, &prod).unwrap();
        let l1 = level(&t32, &rescaled);
        let rotated = rotate_vector(&t32, &rescaled, 1, &gk).unwrap();
        let want: Vec<f64> = (0..2048)
            .map(|j| x[(j + 1) % 2048] * y[(j + 1) % 2048])
            .collect();
        let (lo, hi) = l2.rational_rescale().unwrap().0.error_range();
        let n = 4096.0;
        let eval_bound = ex
            + ey
            + ex * ey
            + key_switch_bound(&t32, l2, prod.scale())
            + n * lo.abs().max(hi.abs()) * (1.0 + h) / rescaled.scale()
            + key_switch_bound(&t32, l1, rescaled.scale());
        let eval_error = max_error(&decrypt(&enc32, &dec32, &rotated), &want);
        assert!(
            eval_error <= eval_bound,
            "seed {}: 32-bit evaluation {eval_error:e} > {eval_bound:e}",
            seed[0]
        );
        // Back to the SEAL level of 90 bits (the 32-bit level 1 holds about as many), through
        // SEAL's file format.
        let back = switch.to_seal(&rotated, 1).unwrap();
        let mut file = Vec::new();
        back.save(&mut file, ComprMode::Zstd).unwrap();
        let loaded = Ciphertext::load(&seal, &mut &file[..]).unwrap();
        assert_eq!(loaded.data().unwrap(), back.data().unwrap());
        let bound = check_switch(
            &Side {
                ctx: &t32,
                sk: &sk32,
                ct: &rotated,
            },
            &Side {
                ctx: &seal,
                sk,
                ct: &loaded,
            },
            &format!("seed {}: evaluated 32 → SEAL", seed[0]),
        );
        let dec = Decryptor::new(&seal, sk).unwrap();
        let err = max_error(&decrypt(&enc, &dec, &loaded), &want);
        assert!(
            err <= eval_error + bound + FP,
            "seed {}: {err:e} > {eval_error:e} + {bound:e}",
            seed[0]
        );
    }
}

/// The secret key's conversion is exact: the same ternary coefficients over the 32-bit key
/// level, and a key generator of the 32-bit context accepts it.
#[test]
fn secret_key_converts_exactly() {
    let (seal, t32) = (seal(), tier32());
    let switch = TierSwitch::new(&seal, &t32).unwrap();
    for seed in [[41u8; 32], [42; 32], [43; 32]] {
        let kg = KeyGenerator::insecure_from_seed(&seal, seed);
        let sk32 = switch.secret_key_to_tier32(kg.secret_key()).unwrap();
        assert_eq!(sk32.parms_id(), t32.key_context_data().parms_id());
        let signed = |ctx: &Context, sk: &SecretKey| -> Vec<Vec<i64>> {
            let key = ctx.key_context_data();
            let n = key.parms().poly_modulus_degree();
            sk.data()
                .chunks(n)
                .zip(key.ntt_tables())
                .map(|(row, t)| {
                    let mut row = row.to_vec();
                    t.inverse(&mut row).unwrap();
                    let q = t.modulus().value();
                    row.iter()
                        .map(|&v| {
                            if v > q / 2 {
                                v as i64 - q as i64
                            } else {
                                v as i64
                            }
                        })
                        .collect()
                })
                .collect()
        };
        let s = signed(&seal, kg.secret_key());
        assert!(s[0].iter().all(|v| (-1..=1).contains(v)));
        for row in signed(&t32, &sk32) {
            assert_eq!(row, s[0]);
        }
        let again = KeyGenerator::from_secret_key(&t32, &sk32).unwrap();
        assert_eq!(again.secret_key().data(), sk32.data());
    }
}

/// x.ct, written by SEAL 4 (tests/data/seal/io: N = 4096, primes 40, 30 | 39, scale 2^30),
/// with SEAL's secret key: to the 32-bit level 1 (about 90 bits, so Δ' ≈ 2^50), decrypted
/// there, and back to SEAL's first level as a SEAL file.
#[test]
fn a_ciphertext_seal_wrote_switches_and_returns() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/seal/io/");
    let read = |name: &str| std::fs::read(format!("{dir}{name}")).unwrap();
    let seal = seal_io_context();
    let t32 = tier32();
    let switch = TierSwitch::new(&seal, &t32).unwrap();
    let sk = SecretKey::load(&seal, &mut &read("secret.key")[..]).unwrap();
    let ct = Ciphertext::load(&seal, &mut &read("x.ct")[..]).unwrap();
    let x = seal_values(11, 2048);
    let sk32 = switch.secret_key_to_tier32(&sk).unwrap();
    let ct32 = switch.to_tier32(&ct, 1).unwrap();
    let dec = Decryptor::new(&seal, &sk).unwrap();
    let source_error = max_error(&decrypt(&CkksEncoder::new(&seal), &dec, &ct), &x);
    let a = check_switch(
        &Side {
            ctx: &seal,
            sk: &sk,
            ct: &ct,
        },
        &Side {
            ctx: &t32,
            sk: &sk32,
            ct: &ct32,
        },
        "SEAL's x.ct → 32",
    );
    let dec32 = Decryptor::new(&t32, &sk32).unwrap();
    let err32 = max_error(&decrypt(&CkksEncoder::new(&t32), &dec32, &ct32), &x);
    assert!(err32 <= source_error + a + FP, "{err32:e}");
    let back = switch
        .to_seal(&ct32, seal.first_context_data().chain_index())
        .unwrap();
    let mut file = Vec::new();
    back.save(&mut file, ComprMode::Zstd).unwrap();
    let loaded = Ciphertext::load(&seal, &mut &file[..]).unwrap();
    let b = check_switch(
        &Side {
            ctx: &t32,
            sk: &sk32,
            ct: &ct32,
        },
        &Side {
            ctx: &seal,
            sk: &sk,
            ct: &loaded,
        },
        "back to SEAL",
    );
    let err = max_error(&decrypt(&CkksEncoder::new(&seal), &dec, &loaded), &x);
    assert!(err <= err32 + b + FP, "{err:e}");
}

#[test]
fn refusals_are_typed() {
    let (seal, t32) = (seal(), tier32());
    let bad_pair = |r: Result<TierSwitch, CkksError>| {
        assert!(
            matches!(r, Err(CkksError::InvalidTierSwitch { .. })),
            "{r:?}"
        )
    };
    // Contexts: the wrong way round, one tier twice, two degrees.
    bad_pair(TierSwitch::new(&t32, &seal));
    bad_pair(TierSwitch::new(&seal, &seal));
    bad_pair(TierSwitch::new(&t32, &t32));
    bad_pair(TierSwitch::new(
        &insecure_context(8192, &[50, 40, 60]),
        &t32,
    ));
    let switch = TierSwitch::new(&seal, &t32).unwrap();

    let kg = KeyGenerator::insecure_from_seed(&seal, [51; 32]);
    let enc = CkksEncoder::new(&seal);
    let e = Encryptor::symmetric(&seal, kg.secret_key()).unwrap();
    let ct = e
        .encrypt(&enc.encode(&[0.5], 2f64.powi(40)).unwrap())
        .unwrap();
    // Foreign parms_ids: a 32-bit ciphertext to to_tier32, a SEAL one to to_seal, one of
    // another SEAL context.
    let ct32 = switch.to_tier32(&ct, 2).unwrap();
    assert!(matches!(
        switch.to_tier32(&ct32, 2),
        Err(CkksError::ForeignParameters { .. })
    ));
    assert!(matches!(
        switch.to_seal(&ct, 2),
        Err(CkksError::ForeignParameters { .. })
    ));
    let other = insecure_context(4096, &[40, 40, 60]);
    let okg = KeyGenerator::insecure_from_seed(&other, [52; 32]);
    let oct = Encryptor::symmetric(&other, okg.secret_key())
        .unwrap()
        .encrypt(
            &CkksEncoder::new(&other)
                .encode(&[0.5], 2f64.powi(30))
                .unwrap(),
        )
        .unwrap();
    assert!(matches!(
        switch.to_tier32(&oct, 1),
        Err(CkksError::ForeignParameters { .. })
    ));
    // Size 3.
    let square = multiply(&seal, &ct, &ct).unwrap();
    assert!(matches!(
        switch.to_tier32(&square, 3),
        Err(CkksError::WrongCiphertextSize {
            expected: 2,
            given: 3,
            ..
        })
    ));
    // A word not below its prime.
    let mut bad = ct.clone();
    let q0 = seal.first_context_data().coeff_modulus()[0].value();
    bad.data_mut().unwrap()[5] = q0;
    assert!(matches!(
        switch.to_tier32(&bad, 2),
        Err(CkksError::NotReduced { value, .. }) if value == q0
    ));
    // Target levels: past the chain, the key level.
    for index in [7, 99] {
        assert!(matches!(
            switch.to_tier32(&ct, index),
            Err(CkksError::InvalidTierSwitch { .. })
        ));
    }
    assert!(matches!(
        switch.to_seal(&ct32, 3),
        Err(CkksError::InvalidTierSwitch { .. })
    ));
    // Scales: 2^40 from 130 bits to 50 is below 2^20.
    assert!(matches!(
        switch.to_tier32(&ct, 0),
        Err(CkksError::InvalidScale { scale, .. }) if scale < MIN_SWITCHED_SCALE
    ));
    // A switch keeps Δ/Q, so only a scale at the top of its level's bound can pass the
    // target's: from a 32-bit level whose log2 Q has a smaller fractional part than the SEAL
    // level's, with ⌊log2 Δ⌋ + 1 one below the source's modulus bits.
    let frac = |l: &ContextData| {
        let b = l
            .coeff_modulus()
            .iter()
            .map(|m| (m.value() as f64).log2())
            .sum::<f64>();
        b - b.floor()
    };
    let (from, to) = t32
        .chain()
        .skip(1)
        .flat_map(|a| seal.chain().skip(1).map(move |b| (a, b)))
        .find(|(a, b)| frac(a) + 1e-6 < frac(b))
        .expect("a 32-bit level with a smaller fractional part than a SEAL level");
    let bits = from.total_coeff_modulus_bit_count() as i32;
    let top_scale = 2f64.powi(bits - 2) * (2.0 - 2f64.powi(-30));
    let sk32 = switch.secret_key_to_tier32(kg.secret_key()).unwrap();
    let at_top = Encryptor::symmetric(&t32, &sk32)
        .unwrap()
        .encrypt(
            &CkksEncoder::new(&t32)
                .encode_at_level(&[0.0], top_scale, from)
                .unwrap(),
        )
        .unwrap();
    assert!(matches!(
        switch.to_seal(&at_top, to.chain_index()),
        Err(CkksError::InvalidScale { scale, .. }) if scale > MIN_SWITCHED_SCALE
    ));
    // Secret keys: the 32-bit one, another context's, one damaged in its file.
    assert!(matches!(
        switch.secret_key_to_tier32(&sk32),
        Err(CkksError::ForeignParameters { .. })
    ));
    assert!(matches!(
        switch.secret_key_to_tier32(okg.secret_key()),
        Err(CkksError::ForeignParameters { .. })
    ));
    let mut bytes = Vec::new();
    kg.secret_key().save(&mut bytes, ComprMode::None).unwrap();
    let last = *kg.secret_key().data().last().unwrap();
    let tail = bytes.len() - 8;
    assert_eq!(
        bytes[tail..],
        last.to_le_bytes(),
        "the key's last word ends the file"
    );
    bytes[tail..].copy_from_slice(&((last + 1) % 3).to_le_bytes());
    // The loader already refuses a key that is not one ternary polynomial; the switch's own
    // check (InvalidTierSwitch) is tested in the module, where such a key can be made.
    assert!(matches!(
        SecretKey::load(&seal, &mut &bytes[..]),
        Err(CkksError::Load(_))
    ));
}
