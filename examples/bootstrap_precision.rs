//! Bootstrapping precision of a chain given on the command line, on the host, with the slots
//! that come out worst: a probe for choosing presets and for chasing structured errors (errors
//! that fall on the same slots whatever the key). INSECURE sizes are allowed (security off).
//!
//! ```sh
//! # base, levels left × bits, SlotToCoeff levels × bits, EvalMod bits, CoeffToSlot levels × bits,
//! # special primes × bits, log2 N: n16's chain at N = 2^14
//! cargo run --release --example bootstrap_precision -- 50 2 40 3 45 60 4 48 7 60 14
//! # options: DEGREE=38 (even cosine degree), RATIO=7 (message ratio), ZERO=1 (a zero message)
//! ```
//!
//! Prints the primes' bits, the time, the twelve worst slots (bits, index) and the precision:
//! −log2 of the largest slot error and the mean of −log2 |error| over the slots.

use xehe::ckks::bootstrap::{BootstrapKeys, BootstrapPreset, Bootstrapper};
use xehe::ckks::{CkksEncoder, Complex64, Decryptor, Encryptor, Evaluator, KeyGenerator};
use xehe::primes::SecurityLevel;

fn env_number(name: &str) -> Result<Option<u32>, Box<dyn std::error::Error>> {
    match std::env::var(name) {
        Ok(v) => Ok(Some(v.parse().map_err(|e| format!("{name}={v}: {e}"))?)),
        Err(_) => Ok(None),
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<u32>().map_err(|e| format!("{a}: {e}")))
        .collect::<Result<Vec<u32>, _>>()?;
    let [base, left, left_bits, s2c, s2c_bits, eval_mod, c2s, c2s_bits, specials, special_bits, log_n] =
        args[..]
    else {
        return Err("give 11 numbers: base, levels left, their bits, SlotToCoeff levels, their bits, EvalMod bits, CoeffToSlot levels, their bits, special primes, their bits, log2 N".into());
    };
    let mut preset = BootstrapPreset {
        name: "probe",
        log_degree: log_n,
        slots: 1usize << log_n.saturating_sub(1),
        base_bits: base,
        compute_levels: left as usize,
        compute_bits: left_bits,
        slot_to_coeff_levels: s2c as usize,
        slot_to_coeff_bits: s2c_bits,
        eval_mod_bits: eval_mod,
        coeff_to_slot_levels: c2s as usize,
        coeff_to_slot_bits: c2s_bits,
        special_primes: specials as usize,
        special_bits,
        security: SecurityLevel::None,
        ..BootstrapPreset::n16()
    };
    if let Some(d) = env_number("DEGREE")? {
        preset.cosine_degree = d as usize;
    }
    if let Some(r) = env_number("RATIO")? {
        preset = preset.with_message_ratio(r);
    }
    println!(
        "bits {:?} (log2 QP {})",
        preset.bit_sizes()?,
        preset.total_bits()?
    );
    let ctx = preset.context(SecurityLevel::None)?;
    let mut kg = KeyGenerator::new(&ctx);
    let keys = BootstrapKeys::generate(&mut kg, &preset)?;
    let enc = CkksEncoder::new(&ctx);
    let zero = std::env::var_os("ZERO").is_some();
    let x: Vec<Complex64> = (0..enc.slot_count())
        .map(|i| match zero {
            true => Complex64::new(0.0, 0.0),
            false => Complex64::from_polar(((i * 7919) % 1000) as f64 / 1000.0, i as f64),
        })
        .collect();
    let pt = enc.encode_complex_at_level(
        &x,
        2f64.powi(preset.compute_bits as i32),
        ctx.last_context_data(),
    )?;
    let ct = Encryptor::new(&ctx, &kg.create_public_key())?.encrypt(&pt)?;
    let eval = Evaluator::new(&ctx);
    let start = std::time::Instant::now();
    let out = Bootstrapper::new(&eval, &keys, &preset)?.bootstrap(&ct)?;
    println!("bootstrap {:.2?} on the host", start.elapsed());
    let back = enc.decode_complex(&Decryptor::new(&ctx, kg.secret_key())?.decrypt(&out)?)?;
    let mut bits: Vec<(f64, usize)> = back
        .iter()
        .zip(&x)
        .enumerate()
        .map(|(i, (g, w))| (-(g - w).norm().max(1e-300).log2(), i))
        .collect();
    let mean = bits.iter().map(|b| b.0).sum::<f64>() / bits.len() as f64;
    bits.sort_by(|a, b| a.0.total_cmp(&b.0));
    let worst: Vec<String> = bits[..12.min(bits.len())]
        .iter()
        .map(|(b, i)| format!("{b:.1}@{i}"))
        .collect();
    println!("worst slots (bits@slot): {}", worst.join(" "));
    println!("precision min {:.1} mean {mean:.1}", bits[0].0);
    Ok(())
}
