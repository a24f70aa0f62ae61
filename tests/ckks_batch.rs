//! Batched encoding, encryption, decryption and decoding on the device (one launch sequence for
//! many vectors): the words and doubles of the one-at-a-time paths and the host's, bit for bit,
//! across runs of mixed levels and scales and past the batch limits; fresh randomness apart for
//! every ciphertext of a batch; typed errors that name the vector refused.

mod common;

use common::fixtures::{complex_bits, decrypt, insecure_context, max_error, values};
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use xehe::ckks::device::DeviceContext;
use xehe::ckks::{
    CkksEncoder, CkksError, Complex64, Decryptor, Encryptor, KeyGenerator, Plaintext,
};
use xehe::runtime::Backend;

fn backends() -> Vec<Arc<dyn Backend>> {
    // Race hunting on: a batch's items must not overlap in any kernel.
    let mut b = vec![common::sim(1, true)];
    if let Some(cl) = common::opencl(None) {
        b.push(cl);
    }
    b
}

/// 35 vectors (more than one batch of 32) of every length from none to all slots, encoded in
/// batches, give the words of the host encoder; decoding a list that mixes them with
/// plaintexts of another level and scale (several runs) gives the host's doubles.
#[test]
fn batched_encoding_and_decoding_match_the_host_bit_for_bit() {
    let ctx = insecure_context(4096, &[50, 40, 40, 50]);
    let enc = CkksEncoder::new(&ctx);
    let slots = enc.slot_count();
    let mut rng = rand::rngs::StdRng::seed_from_u64(17);
    let vectors: Vec<Vec<f64>> = (0..35)
        .map(|i| {
            let len = match i {
                0 => 0,
                1 => slots,
                2 => 1,
                _ => rng.gen_range(0..=slots),
            };
            (0..len).map(|_| rng.gen_range(-3.0..3.0)).collect()
        })
        .collect();
    let first = ctx.first_context_data();
    let lower = ctx.next_context_data(first).unwrap();
    let scale = 2f64.powi(40);
    let host: Vec<Plaintext> = vectors
        .iter()
        .map(|v| enc.encode_at_level(v, scale, first).unwrap())
        .collect();
    for b in backends() {
        let device = DeviceContext::new(&ctx, b, 0).unwrap();
        let plains = enc
            .encode_many_at_level_on(&device, &vectors, scale, first)
            .unwrap();
        assert_eq!(plains.len(), vectors.len());
        for (i, (d, h)) in plains.iter().zip(&host).enumerate() {
            assert!(d.is_on_device() && !d.is_on_host());
            assert_eq!(d.data().unwrap(), h.data().unwrap(), "vector {i}");
        }
        // Complex values, at the lower level.
        let z: Vec<Vec<Complex64>> = vectors[3..6]
            .iter()
            .map(|v| v.iter().map(|&x| Complex64::new(x, -x / 2.0)).collect())
            .collect();
        let refs: Vec<&[Complex64]> = z.iter().map(Vec::as_slice).collect();
        let low = enc
            .encode_complex_many_at_level_on(&device, &refs, 2f64.powi(35), lower)
            .unwrap();
        for (d, v) in low.iter().zip(&z) {
            let h = enc
                .encode_complex_at_level(v, 2f64.powi(35), lower)
                .unwrap();
            assert_eq!(d.data().unwrap(), h.data().unwrap());
        }
        // Decoding: device plaintexts, host ones (uploaded), two levels and scales, in
        // interleaved runs.
        let mut mixed: Vec<Plaintext> = plains.clone();
        mixed.insert(5, low[0].clone());
        mixed.insert(6, host[7].clone());
        mixed.extend(low[1..].iter().cloned());
        let got = enc.decode_complex_many_on(&device, &mixed).unwrap();
        assert_eq!(got.len(), mixed.len());
        for (i, (g, pt)) in got.iter().zip(&mixed).enumerate() {
            let want = enc.decode_complex(pt).unwrap();
            assert_eq!(complex_bits(g), complex_bits(&want), "plaintext {i}");
        }
        let real = enc.decode_many_on(&device, &plains[..3]).unwrap();
        for (r, pt) in real.iter().zip(&plains) {
            assert_eq!(r, &enc.decode(pt).unwrap());
        }
        // Empty lists, and a refused vector named by its place.
        assert!(enc
            .encode_many_at_level_on(&device, &Vec::<Vec<f64>>::new(), scale, first)
            .unwrap()
            .is_empty());
        assert!(enc.decode_many_on(&device, &[]).unwrap().is_empty());
        let bad = [vec![1.0], vec![2.0], vec![0.5, f64::NAN]];
        match enc.encode_many_at_level_on(&device, &bad, scale, first) {
            Err(CkksError::ValueTooLarge { slot: 1, reason }) => {
                assert!(reason.starts_with("vector 2:"), "{reason}")
            }
            other => panic!("{other:?}"),
        }
        let long = [vec![0.0; slots + 1]];
        assert!(matches!(
            enc.encode_many_at_level_on(&device, &long, scale, first),
            Err(CkksError::TooManyValues { .. })
        ));
    }
}

/// 20 plaintexts at two levels (runs of 16, 2, 2 after the batch limit of 16) encrypted in
/// device batches with one key give the host's words for the same streams; decrypting them in
/// batches gives the host decryptor's words. Fresh batches draw apart (no two ciphertexts share
/// a mask) and decrypt to their messages; symmetric encryption keeps a seed per ciphertext.
#[test]
fn batched_encryption_and_decryption_match_the_host() {
    let ctx = insecure_context(4096, &[50, 40, 40, 50]);
    let seed = common::key_seeds(1)[0];
    let mut kg = KeyGenerator::insecure_from_seed(&ctx, seed);
    let pk = kg.create_public_key();
    let enc = CkksEncoder::new(&ctx);
    let first = ctx.first_context_data();
    let lower = ctx.next_context_data(first).unwrap();
    let scale = 2f64.powi(30);
    // The same draws, one generator for all 20 messages.
    let messages: Vec<Vec<f64>> = values(5, 20 * enc.slot_count())
        .chunks(enc.slot_count())
        .map(<[f64]>::to_vec)
        .collect();
    let plains: Vec<Plaintext> = messages
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let level = if i < 18 { first } else { lower };
            enc.encode_at_level(m, scale, level).unwrap()
        })
        .collect();
    let key = [3, 0x9E37_79B9_7F4A_7C15, 7, 11];
    let host = Encryptor::new(&ctx, &pk).unwrap();
    let want = host.insecure_encrypt_many_with_key(&plains, key).unwrap();
    let host_decryptor = Decryptor::new(&ctx, kg.secret_key()).unwrap();
    for b in backends() {
        let device = DeviceContext::new(&ctx, b, 0).unwrap();
        let encryptor = Encryptor::new(&ctx, &pk)
            .unwrap()
            .on_device(device.clone())
            .unwrap();
        let got = encryptor
            .insecure_encrypt_many_with_key(&plains, key)
            .unwrap();
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            assert!(g.is_on_device() && !g.is_on_host());
            assert_eq!(g.data().unwrap(), w.data().unwrap(), "ciphertext {i}");
        }
        // Stream i of the key is what a single encryption with that stream draws: item 0
        // equals the one-at-a-time device path with the same key.
        let single = encryptor
            .insecure_encrypt_with_key(&plains[0], key)
            .unwrap();
        assert_eq!(single.data().unwrap(), got[0].data().unwrap());

        let decryptor = Decryptor::new(&ctx, kg.secret_key())
            .unwrap()
            .on_device(device.clone())
            .unwrap();
        let mut mixed = got.clone();
        mixed.insert(3, want[19].clone());
        let pts = decryptor.decrypt_many(&mixed).unwrap();
        for (i, (p, c)) in pts.iter().zip(&mixed).enumerate() {
            assert!(p.is_on_device());
            let h = host_decryptor.decrypt(c).unwrap();
            assert_eq!(p.data().unwrap(), h.data().unwrap(), "ciphertext {i}");
        }

        // Fresh randomness: every ciphertext of a batch has its own mask, and each decrypts
        // to its message (encoding and fresh encryption noise: far below 1e-5 at scale 2^30).
        let same = vec![plains[0].clone(); 17];
        let fresh = encryptor.encrypt_many(&same).unwrap();
        let masks: std::collections::HashSet<Vec<u64>> = fresh
            .iter()
            .map(|c| c.data().unwrap()[c.data().unwrap().len() / 2..].to_vec())
            .collect();
        assert_eq!(masks.len(), fresh.len(), "two ciphertexts share a mask");
        let back = enc
            .decode_many_on(&device, &decryptor.decrypt_many(&fresh).unwrap())
            .unwrap();
        for v in &back {
            let err = max_error(v, &messages[0]);
            assert!(err < 1e-5, "{err}");
        }

        // Symmetric: one seed (so one uniform half) per ciphertext, each decrypting to its
        // message.
        let symmetric = Encryptor::symmetric(&ctx, kg.secret_key())
            .unwrap()
            .on_device(device.clone())
            .unwrap();
        let cts = symmetric.encrypt_many(&plains[..3]).unwrap();
        let uniform: std::collections::HashSet<Vec<u64>> = cts
            .iter()
            .map(|c| c.data().unwrap()[c.data().unwrap().len() / 2..].to_vec())
            .collect();
        assert_eq!(uniform.len(), 3, "two ciphertexts share a seed");
        for (c, m) in cts.iter().zip(&messages) {
            let err = max_error(&decrypt(&enc, &host_decryptor, c), m);
            assert!(err < 1e-5, "{err}");
        }
    }
}
