//! 32-bit-tier chains on a device (issue 41 step 7): residues in 32-bit words, levels as
//! windows of the key level's primes, key switching over the key's digits that a window meets.
//! Every device result is compared word for word with the host reference (`Evaluator::new`),
//! on cpu-sim with race hunting and on OpenCL (PoCL's OpenCL C, or Intel's CPU runtime
//! executing the committed SPIR-V where CI puts it first).
//!
//! A family with three special primes puts the windows' starts (0, 2 and 4 terminals in) at
//! every offset within a key digit: lead 0, 2 and 1, the last in the key's second digit.

mod common;

use common::fixtures::{values, words};
use xehe::ckks::device::DeviceContext;
use xehe::ckks::{
    Ciphertext, CkksEncoder, CkksError, Context, Decryptor, Encryptor, Evaluator, KeyGenerator,
};
use xehe::exec::WordSize;
use xehe::primes::{level_family, FamilyPreset, LevelLayout, SecurityLevel};

/// N = 2^12, 40-bit ladder up to level 6, three special primes.
fn three_specials() -> Context {
    let f = level_family(1 << 12, 40, &LevelLayout::ladder40(6), 3).unwrap();
    Context::from_family(&f, SecurityLevel::None).unwrap()
}

/// A ciphertext of `seed`'s values at the level of chain index `i` (scale 2^21, so that every
/// level takes a product).
fn at_level(ctx: &Context, enc: &Encryptor, i: usize, seed: u64) -> Ciphertext {
    at_scale(ctx, enc, i, seed, 2f64.powi(21))
}

/// [`at_level`] at `scale`.
fn at_scale(ctx: &Context, enc: &Encryptor, i: usize, seed: u64, scale: f64) -> Ciphertext {
    let encoder = CkksEncoder::new(ctx);
    let level = ctx.chain().find(|d| d.chain_index() == i).unwrap();
    let pt = encoder
        .encode_at_level(&values(seed, encoder.slot_count()), scale, level)
        .unwrap();
    enc.encrypt(&pt).unwrap()
}

/// Every level of both chains: element-wise operations, products, relinearization, rational
/// rescales, rotations (one, hoisted, keyless steps bridged from keyed ones) and conjugation on
/// the device equal the host's words; the device holds 32-bit words.
#[test]
fn device_operations_equal_the_host_at_every_window() {
    let insecure = Context::from_family(
        &FamilyPreset::InsecureN12W32.family().unwrap(),
        SecurityLevel::None,
    )
    .unwrap();
    for ctx in [three_specials(), insecure] {
        let seed = common::key_seeds(1)[0];
        let mut kg = KeyGenerator::insecure_from_seed(&ctx, seed);
        let pk = kg.create_public_key();
        let rk = kg.create_relin_keys().unwrap();
        let gk = kg.create_galois_keys_for_steps(&[1, 2, -4], true).unwrap();
        let encryptor = Encryptor::new(&ctx, &pk).unwrap();
        let encoder = CkksEncoder::new(&ctx);
        let host = Evaluator::new(&ctx);
        let tops = ctx.first_context_data().chain_index();
        let mut starts = std::collections::BTreeSet::new();
        for backend in common::sim_and_opencl(true) {
            let device = DeviceContext::new(&ctx, backend, 0).unwrap();
            assert_eq!(device.word(), WordSize::W32);
            let dev = Evaluator::with_device(&ctx, device).unwrap();
            for i in 0..=tops {
                let level = ctx.chain().find(|d| d.chain_index() == i).unwrap();
                starts.insert(level.window().start);
                let (a, b) = (
                    at_level(&ctx, &encryptor, i, 3 + i as u64),
                    at_level(&ctx, &encryptor, i, 40 + i as u64),
                );
                let (ga, gb) = (a.clone().gpu(), b.clone().gpu());
                let why = format!("level {i}, window {:?}", level.window());
                let same = |d: Ciphertext, h: Ciphertext, op: &str| {
                    assert!(d.is_on_device(), "{op}, {why}");
                    assert_eq!(words(&d), words(&h), "{op}, {why}");
                };
                same(dev.add(&ga, &gb).unwrap(), host.add(&a, &b).unwrap(), "add");
                same(dev.sub(&ga, &gb).unwrap(), host.sub(&a, &b).unwrap(), "sub");
                same(dev.negate(&ga).unwrap(), host.negate(&a).unwrap(), "negate");
                let pt = encoder
                    .encode_at_level(&values(9, encoder.slot_count()), 2f64.powi(21), level)
                    .unwrap();
                same(
                    dev.multiply_plain(&ga, &pt.clone().gpu()).unwrap(),
                    host.multiply_plain(&a, &pt).unwrap(),
                    "multiply_plain",
                );
                same(
                    dev.add_plain(&ga, &pt.clone().gpu()).unwrap(),
                    host.add_plain(&a, &pt).unwrap(),
                    "add_plain",
                );
                let (dp, hp) = (
                    dev.multiply(&ga, &gb).unwrap(),
                    host.multiply(&a, &b).unwrap(),
                );
                assert_eq!(words(&dp), words(&hp), "multiply, {why}");
                same(
                    dev.relinearize(&dp, &rk).unwrap(),
                    host.relinearize(&hp, &rk).unwrap(),
                    "relinearize",
                );
                same(dev.square(&ga).unwrap(), host.square(&a).unwrap(), "square");
                if i > 0 {
                    // The rational rescale to the level below, of a size-3 product and of a
                    // relinearized one (its next window starts elsewhere at most levels).
                    same(
                        dev.rescale_to_next(&dp).unwrap(),
                        host.rescale_to_next(&hp).unwrap(),
                        "rescale_to_next",
                    );
                    same(
                        dev.relinearize_rescale(&dp, &rk).unwrap(),
                        host.relinearize_rescale(&hp, &rk).unwrap(),
                        "relinearize_rescale",
                    );
                }
                for step in [1i64, -4, 2] {
                    same(
                        dev.rotate_vector(&ga, step, &gk).unwrap(),
                        host.rotate_vector(&a, step, &gk).unwrap(),
                        &format!("rotate_vector({step})"),
                    );
                }
                let steps = [1i64, 2, 3, -4];
                for (d, h) in dev
                    .rotate_many(&ga, &steps, &gk)
                    .unwrap()
                    .into_iter()
                    .zip(host.rotate_many(&a, &steps, &gk).unwrap())
                {
                    same(d, h, "rotate_many");
                }
                same(
                    dev.complex_conjugate(&ga, &gk).unwrap(),
                    host.complex_conjugate(&a, &gk).unwrap(),
                    "complex_conjugate",
                );
            }
        }
        // Both chains reach windows that do not start at the key's first prime.
        assert!(starts.len() >= 2, "window starts {starts:?}");
    }
}

/// A device product decrypts to the product of the inputs (the words above are the host's;
/// this ties them to the values): decrypted on the host after the words come back.
#[test]
fn device_products_decrypt_to_the_product() {
    let ctx = three_specials();
    let mut kg = KeyGenerator::insecure_from_seed(&ctx, common::key_seeds(2)[1]);
    let pk = kg.create_public_key();
    let rk = kg.create_relin_keys().unwrap();
    let encryptor = Encryptor::new(&ctx, &pk).unwrap();
    let encoder = CkksEncoder::new(&ctx);
    let decryptor = Decryptor::new(&ctx, kg.secret_key()).unwrap();
    let top = ctx.first_context_data().chain_index();
    let scale = ctx.default_scale(top).unwrap();
    let (a, b) = (
        at_scale(&ctx, &encryptor, top, 1, scale),
        at_scale(&ctx, &encryptor, top, 2, scale),
    );
    let dev = Evaluator::with_device(
        &ctx,
        DeviceContext::new(&ctx, common::sim(1, false), 0).unwrap(),
    )
    .unwrap();
    let prod = dev
        .relinearize_rescale(&dev.multiply(&a.gpu(), &b.gpu()).unwrap(), &rk)
        .unwrap();
    let got = encoder.decode(&decryptor.decrypt(&prod).unwrap()).unwrap();
    let n = encoder.slot_count();
    let (x, y) = (values(1, n), values(2, n));
    // Inputs at the top level's default scale (about 2^40), rescaled to the next level's: the
    // rescale's rounding (about 2^12 per slot at N = 2^12, tests/ckks_tier32.rs derives it)
    // dominates, 2^-28 against the scale; 2^-20 holds for any key.
    let worst = got
        .iter()
        .zip(x.iter().zip(&y))
        .map(|(g, (x, y))| (g - x * y).abs())
        .fold(0.0, f64::max);
    assert!(worst < 2f64.powi(-20), "error {worst}");
}

/// Encoding, decoding, decryption and symmetric encryption on the device at every level of
/// both chains equal the host's words (and the decoded doubles, bit for bit); the device holds
/// 32-bit words. A device-encrypted ciphertext decrypts and decodes on the device to its values.
#[test]
fn device_codec_and_encryption_equal_the_host_at_every_window() {
    let insecure = Context::from_family(
        &FamilyPreset::InsecureN12W32.family().unwrap(),
        SecurityLevel::None,
    )
    .unwrap();
    for ctx in [three_specials(), insecure] {
        let seed = common::key_seeds(1)[0];
        let mut kg = KeyGenerator::insecure_from_seed(&ctx, seed);
        let pk = kg.create_public_key();
        let encryptor = Encryptor::new(&ctx, &pk).unwrap();
        let host_sym = Encryptor::symmetric(&ctx, kg.secret_key()).unwrap();
        let decryptor = Decryptor::new(&ctx, kg.secret_key()).unwrap();
        let encoder = CkksEncoder::new(&ctx);
        let slots = encoder.slot_count();
        let scale = 2f64.powi(21);
        let tops = ctx.first_context_data().chain_index();
        let mut starts = std::collections::BTreeSet::new();
        for backend in common::sim_and_opencl(true) {
            let device = DeviceContext::new(&ctx, backend, 0).unwrap();
            let dev_sym = Encryptor::symmetric(&ctx, kg.secret_key())
                .unwrap()
                .on_device(device.clone())
                .unwrap();
            let dev_dec = Decryptor::new(&ctx, kg.secret_key())
                .unwrap()
                .on_device(device.clone())
                .unwrap();
            let mut plains = Vec::new();
            for i in 0..=tops {
                let level = ctx.chain().find(|d| d.chain_index() == i).unwrap();
                starts.insert(level.window().start);
                let why = format!("level {i}, window {:?}", level.window());
                let x = values(60 + i as u64, slots);
                let host_pt = encoder.encode_at_level(&x, scale, level).unwrap();
                let dev_pt = encoder
                    .encode_at_level_on(&device, &x, scale, level)
                    .unwrap();
                assert!(dev_pt.is_on_device() && !dev_pt.is_on_host(), "{why}");
                assert_eq!(
                    dev_pt.data().unwrap(),
                    host_pt.data().unwrap(),
                    "encode_on, {why}"
                );
                // A batch of vectors of different lengths (zero slots past each one's end).
                let vectors = [values(70 + i as u64, slots), values(80, 5), vec![]];
                let many = encoder
                    .encode_many_at_level_on(&device, &vectors, scale, level)
                    .unwrap();
                for (v, pt) in vectors.iter().zip(&many) {
                    let want = encoder.encode_at_level(v, scale, level).unwrap();
                    assert_eq!(
                        pt.data().unwrap(),
                        want.data().unwrap(),
                        "encode_many_on, {why}"
                    );
                }
                assert_eq!(
                    common::fixtures::complex_bits(
                        &encoder.decode_complex_on(&device, &host_pt).unwrap()
                    ),
                    common::fixtures::complex_bits(&encoder.decode_complex(&host_pt).unwrap()),
                    "decode_on, {why}"
                );
                plains.push(host_pt.clone());
                let ct = encryptor.encrypt(&host_pt).unwrap();
                let (d, h) = (
                    dev_dec.decrypt(&ct).unwrap(),
                    decryptor.decrypt(&ct).unwrap(),
                );
                assert!(d.is_on_device(), "{why}");
                assert_eq!(d.data().unwrap(), h.data().unwrap(), "decrypt, {why}");
                let key = [i as u64, 0x9E37_79B9_7F4A_7C15, !(i as u64), 7];
                let (d, h) = (
                    dev_sym.insecure_encrypt_with_key(&host_pt, key).unwrap(),
                    host_sym.insecure_encrypt_with_key(&host_pt, key).unwrap(),
                );
                assert!(d.is_on_device() && !d.is_on_host(), "{why}");
                assert_eq!(words(&d), words(&h), "symmetric encryption, {why}");
                // Encrypted, decrypted and decoded on the device. The fresh noise is centred
                // binomial over 21 + 21 bits (|e_i| ≤ 21), so a slot's error is at most
                // 21·N / scale plus the encoding's rounding (N/2 / scale): below 2^-4 here.
                let got = encoder
                    .decode_on(&device, &dev_dec.decrypt(&d).unwrap())
                    .unwrap();
                let bound = (21.5 * encoder.slot_count() as f64 * 2.0) / scale;
                let worst = common::fixtures::max_error(&got, &x);
                assert!(worst < bound, "error {worst} against {bound}, {why}");
            }
            // One decode batch over every level: batches split where the level changes.
            let got = encoder.decode_complex_many_on(&device, &plains).unwrap();
            for (pt, g) in plains.iter().zip(&got) {
                assert_eq!(
                    common::fixtures::complex_bits(g),
                    common::fixtures::complex_bits(&encoder.decode_complex(pt).unwrap()),
                    "decode_many_on"
                );
            }
        }
        assert!(starts.len() >= 2, "window starts {starts:?}");
    }
}

/// What the device does not run for a 32-bit-tier chain yet is a typed error naming it, never
/// a wrong word or a silent trip to the host: public-key encryption and mod_switch_to_next.
#[test]
fn operations_not_built_for_32_bit_words_are_typed_errors() {
    let ctx = three_specials();
    let mut kg = KeyGenerator::insecure_from_seed(&ctx, common::key_seeds(1)[0]);
    let pk = kg.create_public_key();
    let encryptor = Encryptor::new(&ctx, &pk).unwrap();
    let top = ctx.first_context_data().chain_index();
    let a = at_level(&ctx, &encryptor, top, 1).gpu();
    let device = DeviceContext::new(&ctx, common::sim(1, false), 0).unwrap();
    let dev = Evaluator::with_device(&ctx, device.clone()).unwrap();
    let unsupported = |r: Result<Ciphertext, CkksError>| {
        assert!(matches!(r, Err(CkksError::Unsupported { .. })), "{r:?}");
    };
    unsupported(dev.mod_switch_to_next(&a));
    assert!(matches!(
        Encryptor::new(&ctx, &pk).unwrap().on_device(device.clone()),
        Err(CkksError::Unsupported { .. })
    ));
    // What runs there now is not refused.
    assert!(Encryptor::symmetric(&ctx, kg.secret_key())
        .unwrap()
        .on_device(device.clone())
        .is_ok());
    assert!(CkksEncoder::new(&ctx)
        .encode_on(&device, &[0.5], 2f64.powi(21))
        .is_ok());
}
