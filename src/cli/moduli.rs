//! The one grammar for coefficient-modulus bit sizes on the command line: a comma-separated
//! list whose items may repeat, `60,40x6,60` = 60, six 40s, 60. Every command that takes bit
//! sizes (`primes`, `bench kernels|ntt|ckks`) reads `--moduli` this way.

use super::error::UsageError;

/// Parses `60,40x6,60` into bit sizes (at most 64 primes, each 1 … 60 bits as the prime search
/// checks).
pub fn parse(flag: &str, s: &str) -> Result<Vec<u32>, UsageError> {
    let bad = |p: &str| {
        UsageError(format!(
            "{flag}: cannot read {p:?}: expected bit sizes with repeats, e.g. 60,40x6,60"
        ))
    };
    let mut v: Vec<u32> = Vec::new();
    for part in s.split(',') {
        let (bits, times) = match part.split_once('x') {
            Some((b, t)) => (b, t.trim().parse::<usize>().map_err(|_| bad(part))?),
            None => (part, 1),
        };
        let bits: u32 = bits.trim().parse().map_err(|_| bad(part))?;
        if times == 0 || v.len() + times > 64 {
            return Err(UsageError(format!(
                "{flag}: {s:?} gives {} primes; use 1 to 64",
                v.len() + times
            )));
        }
        v.extend(std::iter::repeat_n(bits, times));
    }
    Ok(v)
}

/// [`parse`] for the device benchmarks, which used to take a count: a lone number is refused
/// rather than silently read as one prime of that many bits.
pub fn parse_list(flag: &str, s: &str) -> Result<Vec<u32>, UsageError> {
    if !s.contains([',', 'x']) {
        return Err(UsageError(format!(
            "{flag} {s:?}: give bit sizes with repeats, e.g. 60x{s} for {s} primes of 60 bits or {s}x1 for one {s}-bit prime"
        )));
    }
    parse(flag, s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_expand_and_bad_lists_are_refused() {
        assert_eq!(
            parse("--moduli", "60,40x3,60").ok(),
            Some(vec![60, 40, 40, 40, 60])
        );
        assert_eq!(parse("--moduli", " 60 , 40 ").ok(), Some(vec![60, 40]));
        for bad in ["", "60,", "40x", "x3", "40x0", "60x65", "-8", "60;40"] {
            assert!(parse("--moduli", bad).is_err(), "{bad:?}");
        }
        assert!(parse_list("--moduli", "32").is_err());
        assert_eq!(parse_list("--moduli", "60x2").ok(), Some(vec![60, 60]));
    }
}
