//! Encrypted logistic-regression training deeper than the modulus chain: each gradient step
//! takes 7 levels, the insecure N = 2^12 test preset (widened to 8 levels for computation)
//! leaves 8 after a bootstrap, so the weight and bias are bootstrapped after every step. Data,
//! labels, weight and bias are all encrypted; the sigmoid is a degree-3 Chebyshev
//! approximation on [−8, 8]. Every step is checked against the same algorithm in f64 (the same
//! polynomial), and the trained model against the labels.
//!
//! ```sh
//! cargo run --release --example bootstrap_logistic                       # host
//! XEHE_BACKEND=opencl cargo run --release --example bootstrap_logistic   # a device
//! ```

use xehe::ckks::bootstrap::{BootstrapKeys, BootstrapPreset, Bootstrapper, Chebyshev};
use xehe::ckks::device::DeviceContext;
use xehe::ckks::{
    Ciphertext, CkksEncoder, CkksResult, Context, Decryptor, Encryptor, Evaluator, KeyGenerator,
};
use xehe::primes::SecurityLevel;
use xehe::runtime::open_from_env;

const STEPS: usize = 4;
const RATE: f64 = 2.0;

/// x·round(v·s) rescaled, s chosen so that the result's scale is exactly `target`.
fn mul_const_to(
    e: &Evaluator<'_>,
    ctx: &Context,
    x: &Ciphertext,
    v: f64,
    target: f64,
) -> CkksResult<Ciphertext> {
    let q = ctx
        .get_context_data(x.parms_id())
        .unwrap()
        .coeff_modulus()
        .last()
        .unwrap()
        .value() as f64;
    e.rescale_to_next(&e.multiply_const(x, v, target * q / x.scale())?)
}

/// `x` brought down to `like`'s level and scale exactly (one level of its own).
fn align(
    e: &Evaluator<'_>,
    ctx: &Context,
    x: &Ciphertext,
    like: &Ciphertext,
) -> CkksResult<Ciphertext> {
    let above = ctx.get_context_data(like.parms_id()).unwrap();
    let above = ctx.prev_context_data(above).unwrap().parms_id();
    mul_const_to(e, ctx, &e.mod_switch_to(x, above)?, 1.0, like.scale())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // On a device when one is named (as CI runs the examples), else on the host.
    let on_device = std::env::var_os("XEHE_BACKEND").is_some();
    let preset = BootstrapPreset {
        name: "insecure-n12-deep",
        compute_levels: 8,
        ..BootstrapPreset::insecure_n12()
    };
    let ctx = preset.context(SecurityLevel::None)?;
    let slots = preset.degree() / 2;
    let sums: Vec<i64> = (0..slots.trailing_zeros()).map(|k| 1i64 << k).collect();
    let mut kg = KeyGenerator::new(&ctx);
    let keys = BootstrapKeys::generate_with(&mut kg, &preset, &sums)?;
    let pk = kg.create_public_key();
    let enc = CkksEncoder::new(&ctx);
    let encryptor = Encryptor::new(&ctx, &pk)?;
    let dec = Decryptor::new(&ctx, kg.secret_key())?;
    let eval = if on_device {
        let backend = open_from_env()?;
        println!("device: {}", backend.device_name());
        Evaluator::with_device(&ctx, DeviceContext::new(&ctx, backend, 0)?)?
    } else {
        Evaluator::new(&ctx)
    };
    let boot = Bootstrapper::new(&eval, &keys, &preset)?;
    let place = |c: Ciphertext| if on_device { c.gpu() } else { c };

    // One feature per sample, one sample per slot: label 1 when x > 0.2 (with some overlap).
    let x: Vec<f64> = (0..slots)
        .map(|i| ((i * 7919) % slots) as f64 / slots as f64 * 2.0 - 1.0)
        .collect();
    let y: Vec<f64> = x
        .iter()
        .enumerate()
        .map(|(i, &v)| f64::from(u8::from(v + 0.1 * ((i % 7) as f64 / 3.0 - 1.0) > 0.2)))
        .collect();
    let scale = 2f64.powi(preset.compute_bits as i32);
    let ex = place(encryptor.encrypt(&enc.encode(&x, scale)?)?);
    let ey = place(encryptor.encrypt(&enc.encode(&y, scale)?)?);
    let start = ctx.get_context_data(boot.output_parms_id()).unwrap();
    let mut w =
        place(encryptor.encrypt(&enc.encode_at_level(&vec![0.0; slots], scale, start)?)?);
    let mut b =
        place(encryptor.encrypt(&enc.encode_at_level(&vec![0.0; slots], scale, start)?)?);
    let sigmoid = Chebyshev::fit(|t| 1.0 / (1.0 + (-t).exp()), 3, -8.0, 8.0);
    let (mut w64, mut b64) = (0.0f64, 0.0f64);
    let decode = |c: &Ciphertext| -> CkksResult<Vec<f64>> { enc.decode(&dec.decrypt(c)?) };
    let m = slots as f64;
    for step in 0..STEPS {
        // z = w·x + b; p = σ(z); e = p − y.
        let xs = eval.mod_switch_to(&ex, w.parms_id())?;
        let wx = eval.rescale_to_next(&eval.relinearize(&eval.multiply(&w, &xs)?, &keys.relin)?)?;
        let z = eval.add(&wx, &align(&eval, &ctx, &b, &wx)?)?;
        let p = sigmoid.evaluate_encrypted(&eval, &keys.relin, &z, scale)?;
        let err = eval.sub(&p, &align(&eval, &ctx, &ey, &p)?)?;
        // Gradients: mean(e·x) and mean(e), summed over every slot.
        let ex_l = eval.mod_switch_to(&ex, err.parms_id())?;
        let gx =
            eval.rescale_to_next(&eval.relinearize(&eval.multiply(&err, &ex_l)?, &keys.relin)?)?;
        let gw = eval.rotate_and_sum(&gx, slots, &keys.galois)?;
        let gb = eval.rotate_and_sum(&err, slots, &keys.galois)?;
        let dw = mul_const_to(&eval, &ctx, &gw, -RATE / m, w.scale())?;
        let db = mul_const_to(&eval, &ctx, &gb, -RATE / m, b.scale())?;
        let w_new = eval.add(&eval.mod_switch_to(&w, dw.parms_id())?, &dw)?;
        let b_new = eval.add(&eval.mod_switch_to(&b, db.parms_id())?, &db)?;
        // Deeper than the chain: bootstrap both back to the computation levels.
        w = boot.bootstrap(&w_new)?;
        b = boot.bootstrap(&b_new)?;
        // The same step in f64 with the same polynomial.
        let (mut sw, mut sb) = (0.0, 0.0);
        for (&xi, &yi) in x.iter().zip(&y) {
            let e = sigmoid.evaluate(w64 * xi + b64) - yi;
            sw += e * xi;
            sb += e;
        }
        w64 -= RATE * sw / m;
        b64 -= RATE * sb / m;
        let (wd, bd) = (decode(&w)?, decode(&b)?);
        let werr = wd.iter().map(|v| (v - w64).abs()).fold(0.0, f64::max);
        let berr = bd.iter().map(|v| (v - b64).abs()).fold(0.0, f64::max);
        println!("step {step}: w {:.6} (f64 {w64:.6}), b {:.6} (f64 {b64:.6}); largest slot error {werr:.1e} / {berr:.1e}", wd[0], bd[0]);
        // Each step's error stays below 1e-3: bootstrapping keeps about 20 bits, the step
        // itself about 30 at scale 2^40.
        assert!(werr < 1e-3 && berr < 1e-3, "step {step}: {werr} {berr}");
    }
    let correct = x
        .iter()
        .zip(&y)
        .filter(|(&xi, &yi)| (w64 * xi + b64 > 0.0) == (yi > 0.5))
        .count();
    println!("trained model classifies {correct} of {slots} samples correctly");
    assert!(correct as f64 > 0.8 * m);
    Ok(())
}
