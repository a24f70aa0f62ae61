//! `xehe primes --degree N --moduli 60,40x2,60 [--json]` (SEAL's prime selection), and
//! `xehe primes --tier 32 --preset NAME | --degree N --scale-bits S --layout L --special-primes K`
//! (a 32-bit-tier family: each level's primes, rescale factor and default scale).

use super::error::UsageError;
use crate::cli::stdout::outln;
use clap::Args;
use xehe::primes::{
    level_family, CoeffModulus, FamilyPreset, LevelFamily, LevelLayout, SecurityLevel,
};

#[derive(Args)]
#[command(allow_negative_numbers = true)]
pub struct PrimesArgs {
    /// Word tier: 64 (SEAL's primes, from --moduli) or 32 (a family of primes below 2^30 with
    /// levels of one or more primes, from --preset or --scale-bits/--layout/--special-primes).
    #[arg(long, default_value_t = 64)]
    tier: u32,
    /// Polynomial modulus degree N (a power of two, 2 … 131072).
    #[arg(long)]
    degree: Option<u64>,
    /// Prime bit sizes, each 2 … 60, with repeats: 60,40x2,60 (`--bits` is the same; tier 64).
    #[arg(long, visible_alias = "bits")]
    moduli: Option<String>,
    /// A 32-bit-tier family xehe defines: n16-w32-s40, n15-w32-s40, insecure-n12-w32-s40.
    #[arg(long, conflicts_with_all = ["degree", "moduli", "scale_bits", "layout", "special_primes"])]
    preset: Option<String>,
    /// Target scale in bits, 30 … 50 (tier 32).
    #[arg(long)]
    scale_bits: Option<u32>,
    /// Level layouts, level 0 first, as main:terminal pairs (0:2,3:0,1:4), or ladder40:TOP for
    /// Cheddar's 40-bit ladder up to level TOP (tier 32).
    #[arg(long)]
    layout: Option<String>,
    /// Special (key-switching) primes (tier 32).
    #[arg(long)]
    special_primes: Option<usize>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &PrimesArgs) -> Result<(), UsageError> {
    match args.tier {
        32 => return run_tier32(args),
        64 => {}
        t => return Err(UsageError(format!("--tier {t}: use 64 or 32"))),
    }
    if args.preset.is_some()
        || args.scale_bits.is_some()
        || args.layout.is_some()
        || args.special_primes.is_some()
    {
        return Err(UsageError(
            "--preset, --scale-bits, --layout and --special-primes need --tier 32".into(),
        ));
    }
    let (Some(degree), Some(moduli)) = (args.degree, &args.moduli) else {
        return Err(UsageError(
            "the 64-bit tier needs --degree and --moduli (e.g. --degree 8192 --moduli 60,40x2,60)"
                .into(),
        ));
    };
    let bits = super::moduli::parse("--moduli", moduli)?;
    let primes = CoeffModulus::create(degree, &bits).map_err(|e| UsageError(e.to_string()))?;
    let values: Vec<u64> = primes.iter().map(|m| m.value()).collect();
    if args.json {
        outln!(
            "{}",
            serde_json::to_string(&values).expect("a list of integers serializes")
        );
    } else {
        for v in values {
            outln!("{v}");
        }
    }
    Ok(())
}

fn run_tier32(args: &PrimesArgs) -> Result<(), UsageError> {
    if args.moduli.is_some() {
        return Err(UsageError(
            "--moduli is for the 64-bit tier; the 32-bit tier takes --preset or --scale-bits, --layout and --special-primes".into(),
        ));
    }
    let family = match &args.preset {
        Some(name) => FamilyPreset::from_name(name)
            .ok_or_else(|| {
                let names: Vec<&str> = FamilyPreset::ALL.iter().map(|p| p.name()).collect();
                UsageError(format!(
                    "--preset {name:?} is unknown; use one of {}",
                    names.join(", ")
                ))
            })?
            .family(),
        None => {
            let (Some(degree), Some(scale), Some(layout), Some(special)) = (
                args.degree,
                args.scale_bits,
                &args.layout,
                args.special_primes,
            ) else {
                return Err(UsageError(
                    "--tier 32 needs --preset, or --degree, --scale-bits, --layout and --special-primes".into(),
                ));
            };
            level_family(degree, scale, &parse_layout(layout)?, special)
        }
    }
    .map_err(|e| UsageError(e.to_string()))?;
    print_family(&family, args.json);
    Ok(())
}

/// `0:2,3:0,1:4` or `ladder40:TOP`.
fn parse_layout(s: &str) -> Result<Vec<LevelLayout>, UsageError> {
    let bad = |p: &str| {
        UsageError(format!(
            "--layout: cannot read {p:?}: expected main:terminal pairs (0:2,3:0,1:4) or ladder40:TOP"
        ))
    };
    if let Some(top) = s.trim().strip_prefix("ladder40:") {
        let top: usize = top.trim().parse().map_err(|_| bad(s))?;
        // More rungs than the 32-bit tier's prime cap could hold are refused here, before the
        // ladder is built.
        if top > 3 * xehe::primes::TIER32_COEFF_MOD_COUNT_MAX {
            return Err(UsageError(format!(
                "--layout: ladder40:{top} needs more than {} primes",
                xehe::primes::TIER32_COEFF_MOD_COUNT_MAX
            )));
        }
        return Ok(LevelLayout::ladder40(top));
    }
    s.split(',')
        .map(|part| {
            let (m, t) = part.split_once(':').ok_or_else(|| bad(part))?;
            Ok(LevelLayout {
                main: m.trim().parse().map_err(|_| bad(part))?,
                terminal: t.trim().parse().map_err(|_| bad(part))?,
            })
        })
        .collect()
}

fn print_family(f: &LevelFamily, json: bool) {
    let key = f.key_primes();
    let n = f.degree();
    let bound = CoeffModulus::max_bit_count(n);
    let secure = f.is_secure(SecurityLevel::Tc128);
    if json {
        let levels: Vec<serde_json::Value> = f
            .levels()
            .iter()
            .map(|l| {
                serde_json::json!({
                    "main": l.layout.main,
                    "terminal": l.layout.terminal,
                    "primes": key[l.window.clone()].iter().map(|m| m.value()).collect::<Vec<_>>(),
                    "modulus_log2": l.modulus_log2,
                    "factor_log2": l.ratio_log2,
                    "scale_log2": l.scale_log2,
                })
            })
            .collect();
        let v = serde_json::json!({
            "degree": n,
            "scale_bits": f.scale_bits(),
            "levels": levels,
            "special_primes": f.specials().iter().map(|m| m.value()).collect::<Vec<_>>(),
            "key_primes": key.iter().map(|m| m.value()).collect::<Vec<_>>(),
            "key_bit_count": f.key_bit_count(),
            "tc128_bound": bound,
            "tc128": secure,
        });
        outln!("{v}");
        return;
    }
    for (i, l) in f.levels().iter().enumerate() {
        let factor = l
            .ratio_log2
            .map_or_else(|| "-".to_string(), |r| format!("2^{r:.4}"));
        let primes: Vec<String> = key[l.window.clone()]
            .iter()
            .map(|m| m.value().to_string())
            .collect();
        outln!(
            "level {i} ({}, {}): log2 Q {:.2}, factor {factor}, scale 2^{:.4}: {}",
            l.layout.main,
            l.layout.terminal,
            l.modulus_log2,
            l.scale_log2,
            primes.join(" ")
        );
    }
    let specials: Vec<String> = f.specials().iter().map(|m| m.value().to_string()).collect();
    outln!("special: {}", specials.join(" "));
    outln!(
        "log2 QP {} ({}), max scale off target {:.4} bits, max factor off {:.4} bits",
        f.key_bit_count(),
        match (bound, secure) {
            (Some(b), true) => format!("within tc128's {b} at N = {n}"),
            (Some(b), false) => format!("INSECURE: over tc128's {b} at N = {n}"),
            (None, _) => format!("INSECURE: no tc128 bound at N = {n}"),
        },
        f.max_scale_deviation(),
        f.max_ratio_deviation()
    );
}
