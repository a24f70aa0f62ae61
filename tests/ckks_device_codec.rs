//! Encryption, decryption, encoding and decoding on the device: the host's words and doubles,
//! bit for bit, on cpu-sim and OpenCL, at every level; symmetric encryption's seed; typed
//! errors; and buffers that held secrets are zero before they are recycled.

mod common;

use common::fixtures::{
    complex_bits, complex_values, decrypt, insecure_context, max_error, values, words, Fixture,
    STEPS,
};
use common::recycled::free_buffers_hold_zeros;
use xehe::ckks::device::DeviceContext;
use xehe::ckks::{
    Ciphertext, CkksEncoder, CkksError, Context, Decryptor, EncryptionParameters, Encryptor,
    Evaluator, KeyGenerator,
};
use xehe::primes::SecurityLevel;

/// Public-key encryption on the device gives the host's words for the same randomness, at the
/// first level (the extra prime is the special prime P, in key-switch order) and below it (the
/// extra prime is the next data prime), on cpu-sim and OpenCL; and decrypts within its bound.
#[test]
fn device_encryption_matches_the_host_word_for_word() {
    let backends = common::sim_and_opencl(false);
    let f = Fixture::new(insecure_context(4096, &[50, 40, 40, 50]), &STEPS);
    let ctx = &f.ctx;
    let enc = CkksEncoder::new(ctx);
    let kg = f.keygen();
    let decryptor = Decryptor::new(ctx, kg.secret_key()).unwrap();
    let host = Encryptor::new(ctx, &f.pk).unwrap();
    let x = values(9, enc.slot_count());
    for b in backends {
        let device = DeviceContext::new(ctx, b, 0).unwrap();
        let on_device = Encryptor::new(ctx, &f.pk)
            .unwrap()
            .on_device(device.clone())
            .unwrap();
        let mut level = ctx.first_context_data();
        for round in 0..3u64 {
            let pt = enc.encode_at_level(&x, 2f64.powi(30), level).unwrap();
            let key = [round, 0x9E37_79B9_7F4A_7C15, !round, 42];
            let h = host.insecure_encrypt_with_key(&pt, key).unwrap();
            let d = on_device.insecure_encrypt_with_key(&pt, key).unwrap();
            assert!(d.is_on_device() && !d.is_on_host());
            assert_eq!(words(&d), words(&h), "level {}", level.chain_index());
            // A plaintext marked for the device: uploaded once, its copy kept and reused.
            let gpt = pt.clone().gpu();
            for _ in 0..2 {
                let d2 = on_device.insecure_encrypt_with_key(&gpt, key).unwrap();
                assert_eq!(words(&d2), words(&h));
            }
            assert!(gpt.is_on_device());
            // Fresh randomness decrypts to the message (encoding and encryption noise only).
            let got = decrypt(&enc, &decryptor, &on_device.encrypt(&pt).unwrap());
            assert!(max_error(&got, &x) < 1e-5, "{}", max_error(&got, &x));
            match ctx.next_context_data(level) {
                Some(next) if next.coeff_modulus().len() > 1 => level = next,
                _ => break,
            }
        }
    }
}

/// Symmetric encryption on the device gives the host's words for the same randomness at every
/// level, on cpu-sim (race hunting on) and OpenCL, keeps its seed (saved in SEAL's seeded form,
/// loaded back to the same words) and decrypts within its bound. Two of the primes lie just
/// above 2^59, where SEAL's sampler redraws about one word in 32 (some 128 per row here, so
/// the chance that the in-order redraw goes untested is e^-128); the host follows SEAL's
/// sample_poly_uniform, so equal words mean the device redrew in SEAL's order.
#[test]
fn device_symmetric_encryption_matches_the_host_and_keeps_its_seed() {
    use xehe::arith::Modulus;
    use xehe::ckks::serialize::ComprMode;
    let n = 4096usize;
    let mut rejecting = Vec::new();
    let mut q = (1u64 << 59) + 1;
    while rejecting.len() < 2 {
        if xehe::arith::is_prime(q) {
            rejecting.push(Modulus::new(q).unwrap());
        }
        q += 2 * n as u64;
    }
    let forty = xehe::primes::CoeffModulus::create(n as u64, &[40, 40]).unwrap();
    let moduli = vec![rejecting[0], forty[0], forty[1], rejecting[1]];
    let ctx = Context::new(&EncryptionParameters::new(n, moduli), SecurityLevel::None).unwrap();
    let seed = common::key_seeds(1)[0];
    let kg = KeyGenerator::insecure_from_seed(&ctx, seed);
    let enc = CkksEncoder::new(&ctx);
    let decryptor = Decryptor::new(&ctx, kg.secret_key()).unwrap();
    let host = Encryptor::symmetric(&ctx, kg.secret_key()).unwrap();
    let x = values(11, enc.slot_count());
    let backends = common::sim_and_opencl(true);
    for b in backends {
        let device = DeviceContext::new(&ctx, b, 0).unwrap();
        let on_device = Encryptor::symmetric(&ctx, kg.secret_key())
            .unwrap()
            .on_device(device.clone())
            .unwrap();
        let mut level = ctx.first_context_data();
        for round in 0u64.. {
            let pt = enc.encode_at_level(&x, 2f64.powi(30), level).unwrap();
            let key = [round, 0x9E37_79B9_7F4A_7C15, !round, 7];
            let h = host.insecure_encrypt_with_key(&pt, key).unwrap();
            let d = on_device.insecure_encrypt_with_key(&pt, key).unwrap();
            assert!(d.is_on_device() && !d.is_on_host());
            assert_eq!(words(&d), words(&h), "level {}", level.chain_index());
            // Seeded: about half the bytes of the full form, and the seed gives back `a`.
            let mut seeded = Vec::new();
            d.save(&mut seeded, ComprMode::None).unwrap();
            let full = 2 * level.coeff_modulus().len() * n * 8;
            assert!(seeded.len() < full / 2 + 200, "{} {full}", seeded.len());
            let back = Ciphertext::load(&ctx, &mut &seeded[..]).unwrap();
            assert_eq!(words(&back), words(&h));
            let got = decrypt(&enc, &decryptor, &on_device.encrypt(&pt).unwrap());
            assert!(max_error(&got, &x) < 1e-5, "{}", max_error(&got, &x));
            match ctx.next_context_data(level) {
                Some(next) => level = next,
                None => break,
            }
        }
    }
}

/// What held secrets on the device is zero before the memory cache hands it out again: the
/// values and the transform of a device encoding, the plaintext, the randomness and the zero
/// encryption of a device encryption.
#[test]
fn device_encryption_leaves_only_zeros_in_recycled_buffers() {
    let f = Fixture::new(insecure_context(4096, &[50, 40, 40, 50]), &STEPS);
    let ctx = &f.ctx;
    let b = common::sim(1, false);
    let device = DeviceContext::new(ctx, b.clone(), 0).unwrap();
    let enc = CkksEncoder::new(ctx);
    let encryptor = Encryptor::new(ctx, &f.pk)
        .unwrap()
        .on_device(device.clone())
        .unwrap();
    let pt = enc
        .encode_on(&device, &values(3, enc.slot_count()), 2f64.powi(30))
        .unwrap();
    // The encoding's values and transform: zero once it is enqueued.
    assert_eq!(free_buffers_hold_zeros(b.as_ref(), &[4096]), 2);
    // Two encryptions, their ciphertexts kept (a ciphertext is not secret and not wiped): the
    // free pool then holds only what the encryptions used and dropped.
    let cts = [
        encryptor.encrypt(&pt).unwrap(),
        encryptor.encrypt(&pt).unwrap(),
    ];
    drop(pt);
    assert!(free_buffers_hold_zeros(b.as_ref(), &[4096]) >= 4);
    drop(cts);
    // Symmetric encryption: its noise, its uniform draw and the draw's block counts, and (once
    // the encryptor drops) the secret key's device copy.
    let kg = f.keygen();
    let symmetric = Encryptor::symmetric(ctx, kg.secret_key())
        .unwrap()
        .on_device(device.clone())
        .unwrap();
    let pt = enc
        .encode(&values(4, enc.slot_count()), 2f64.powi(30))
        .unwrap()
        .gpu();
    let cts = [
        symmetric.encrypt(&pt).unwrap(),
        symmetric.encrypt(&pt).unwrap(),
    ];
    drop((symmetric, pt));
    assert!(free_buffers_hold_zeros(b.as_ref(), &[4096]) >= 4);
    drop(cts);
}

/// Encoding on the device gives the host encoder's words (and so SEAL's): complex and real
/// values, fewer values than slots, none at all, coefficients past 2^64 (scale 2^100), degrees
/// whose transform fits in one block of local memory (4096) and ones with global stages too
/// (16384), at every level, on cpu-sim and OpenCL; values past the bound are typed errors.
#[test]
fn device_encoding_matches_the_host_word_for_word() {
    let backends = common::sim_and_opencl(false);
    for (n, bits) in [
        (4096usize, &[50u32, 40, 40, 50][..]),
        (16384, &[60, 50, 50, 60][..]),
    ] {
        let f = Fixture::new(insecure_context(n, bits), &STEPS);
        let ctx = &f.ctx;
        let enc = CkksEncoder::new(ctx);
        let slots = enc.slot_count();
        let complex = complex_values(n as u64, slots, -2.0..2.0);
        for b in &backends {
            let device = DeviceContext::new(ctx, b.clone(), 0).unwrap();
            let mut level = ctx.first_context_data();
            loop {
                // The largest scale: coefficients past 2^64 where the level has the bits.
                let top = 2f64.powi(level.total_coeff_modulus_bit_count() as i32 - 30);
                for (count, scale) in [(slots, 2f64.powi(40).min(top)), (slots / 3, top), (0, top)]
                {
                    let z = &complex[..count];
                    let h = enc.encode_complex_at_level(z, scale, level).unwrap();
                    let d = enc
                        .encode_complex_at_level_on(&device, z, scale, level)
                        .unwrap();
                    assert!(d.is_on_device() && !d.is_on_host());
                    assert_eq!(
                        d.data().unwrap(),
                        h.data().unwrap(),
                        "n {n}, level {}, {count} values, scale {scale:e}",
                        level.chain_index()
                    );
                }
                let x: Vec<f64> = complex.iter().map(|z| z.re).collect();
                let d = enc
                    .encode_at_level_on(&device, &x, 2f64.powi(40), level)
                    .unwrap();
                let h = enc.encode_at_level(&x, 2f64.powi(40), level).unwrap();
                assert_eq!(d.data().unwrap(), h.data().unwrap());
                match ctx.next_context_data(level) {
                    Some(next) => level = next,
                    None => break,
                }
            }
            // Past the bound, and not finite: refused before any launch.
            let level = ctx.last_context_data();
            let big = [1e30];
            assert!(matches!(
                enc.encode_at_level_on(&device, &big, 2f64.powi(40), level),
                Err(CkksError::ValueTooLarge { .. })
            ));
            assert!(matches!(
                enc.encode_at_level_on(&device, &[f64::NAN], 2f64.powi(40), level),
                Err(CkksError::ValueTooLarge { .. })
            ));
            assert!(matches!(
                enc.encode_at_level_on(&device, &vec![0.0; slots + 1], 2f64.powi(40), level),
                Err(CkksError::TooManyValues { .. })
            ));
        }
    }
}

/// Decryption and decoding on the device give the host's words and the host's doubles, bit for
/// bit: ciphertexts of size 2 and 3 (a product before relinearization), at every level, for
/// degrees whose transform fits one block of local memory (4096) and ones with global stages
/// (16384), on cpu-sim and OpenCL; values past 2^64 once scaled (scale 2^100) and negative ones;
/// plaintexts the host holds (uploaded) and ones a device decryption left on the device. Then
/// what held the message or the key on the device is zero before it is recycled, and foreign
/// operands are typed errors.
#[test]
fn device_decryption_and_decoding_match_the_host_bit_for_bit() {
    let backends = common::sim_and_opencl(false);
    for (n, bits) in [
        (4096usize, &[50u32, 40, 40, 50][..]),
        (16384, &[60, 50, 50, 60][..]),
    ] {
        let f = Fixture::new(insecure_context(n, bits), &STEPS);
        let ctx = &f.ctx;
        let enc = CkksEncoder::new(ctx);
        let kg = f.keygen();
        let host_dec = Decryptor::new(ctx, kg.secret_key()).unwrap();
        let host = Evaluator::new(ctx);
        let slots = enc.slot_count();
        let z = complex_values(n as u64 + 1, slots, -2.0..2.0);
        for b in &backends {
            let device = DeviceContext::new(ctx, b.clone(), 0).unwrap();
            let dev_dec = Decryptor::new(ctx, kg.secret_key())
                .unwrap()
                .on_device(device.clone())
                .unwrap();
            let mut level = ctx.first_context_data();
            loop {
                let top = 2f64.powi(level.total_coeff_modulus_bit_count() as i32 - 30);
                for scale in [2f64.powi(30).min(top), top] {
                    // A host plaintext, uploaded by the decoder.
                    let pt = enc.encode_complex_at_level(&z, scale, level).unwrap();
                    assert_eq!(
                        complex_bits(&enc.decode_complex_on(&device, &pt).unwrap()),
                        complex_bits(&enc.decode_complex(&pt).unwrap()),
                        "n {n}, level {}, scale {scale:e}",
                        level.chain_index()
                    );
                }
                let pt = enc
                    .encode_complex_at_level(&z, 2f64.powi(25), level)
                    .unwrap();
                let ct = Encryptor::new(ctx, &f.pk).unwrap().encrypt(&pt).unwrap();
                let mut cts = vec![ct.clone()];
                if level.coeff_modulus().len() > 1 {
                    cts.push(host.multiply(&ct, &ct).unwrap());
                }
                for c in cts {
                    // From the host's words and from words only the device holds.
                    for c in [c.clone(), c.gpu()] {
                        let d = dev_dec.decrypt(&c).unwrap();
                        let h = host_dec.decrypt(&c).unwrap();
                        assert!(d.is_on_device() && !d.is_on_host());
                        assert_eq!(d.data().unwrap(), h.data().unwrap(), "size {}", c.size());
                        let d = dev_dec.decrypt(&c).unwrap();
                        assert_eq!(
                            complex_bits(&enc.decode_complex_on(&device, &d).unwrap()),
                            complex_bits(&enc.decode_complex(&h).unwrap())
                        );
                        assert!(!d.is_on_host(), "decoding on the device reads only slots");
                        let re = enc.decode_on(&device, &d).unwrap();
                        assert_eq!(re, enc.decode(&h).unwrap());
                    }
                }
                match ctx.next_context_data(level) {
                    Some(next) => level = next,
                    None => break,
                }
            }
            // Foreign operands: a device context of other parameters, a plaintext of another
            // context.
            let other = Fixture::new(insecure_context(n, &bits[..3]), &STEPS);
            let pt = enc.encode(&[1.0], 2f64.powi(30)).unwrap();
            let foreign = DeviceContext::new(&other.ctx, b.clone(), 0).unwrap();
            assert!(matches!(
                enc.decode_on(&foreign, &pt),
                Err(CkksError::ForeignParameters { .. })
            ));
            // Encoding there would use the other context's primes.
            assert!(matches!(
                enc.encode_on(&foreign, &[1.0], 2f64.powi(30)),
                Err(CkksError::ForeignParameters { .. })
            ));
            assert!(matches!(
                Decryptor::new(ctx, kg.secret_key())
                    .unwrap()
                    .on_device(foreign.clone()),
                Err(CkksError::ForeignParameters { .. })
            ));
            let other_pt = CkksEncoder::new(&other.ctx)
                .encode(&[1.0], 2f64.powi(30))
                .unwrap();
            assert!(enc.decode_on(&device, &other_pt).is_err());
            // This encoder with another context (its device and plaintext): refused, not
            // decoded with this context's constants.
            let other_device = DeviceContext::new(&other.ctx, b.clone(), 0).unwrap();
            assert!(matches!(
                enc.decode_on(&other_device, &other_pt),
                Err(CkksError::ForeignParameters { .. })
            ));
        }
    }
    // Recycled buffers: the decryption, the decoding's temporaries and the key copy are zero.
    let f = Fixture::new(insecure_context(4096, &[50, 40, 40, 50]), &STEPS);
    let ctx = &f.ctx;
    let b = common::sim(1, false);
    let device = DeviceContext::new(ctx, b.clone(), 0).unwrap();
    let enc = CkksEncoder::new(ctx);
    let kg = f.keygen();
    let ct = f.encrypt(&values(5, enc.slot_count()), 2f64.powi(30)).gpu();
    let _ = ct.data().unwrap();
    {
        let dec = Decryptor::new(ctx, kg.secret_key())
            .unwrap()
            .on_device(device.clone())
            .unwrap();
        let pt = dec.decrypt(&ct).unwrap();
        let got = enc.decode_on(&device, &pt).unwrap();
        assert!(max_error(&got, &values(5, enc.slot_count())) < 1e-5);
    }
    // The key (4 primes), the plaintext (3), the inverse NTT's words (3), the composition (4),
    // the transform (2) and the slots (1): each read whole.
    assert!(free_buffers_hold_zeros(b.as_ref(), &[4, 3, 2, 1].map(|r| r * 4096)) >= 6);
}

/// The recycled-buffer check above can fail: a free buffer that still holds a word, and one too
/// small for the size asked (so it would go unread), are both caught.
#[test]
fn the_recycled_buffer_check_finds_words_and_unread_buffers() {
    let caught = |b: &dyn xehe::runtime::Backend, sizes: &[usize]| {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            free_buffers_hold_zeros(b, sizes)
        }))
        .is_err()
    };
    let b = common::sim(1, false);
    let buf = b.alloc(0, 4096).unwrap();
    b.write(&buf, 0, &[7; 4096]).unwrap();
    b.free(buf).unwrap();
    assert!(caught(b.as_ref(), &[4096]), "a word left in a free buffer");
    let small = || {
        let b = common::sim(1, false);
        b.free(b.alloc(0, 1024).unwrap()).unwrap();
        b
    };
    assert!(
        caught(small().as_ref(), &[4096]),
        "a free buffer left unread"
    );
    // Asked for at its own size too, the small buffer is read, and zero.
    assert_eq!(free_buffers_hold_zeros(small().as_ref(), &[4096, 1024]), 1);
}
