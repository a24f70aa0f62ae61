//! The `--op` words of `xehe eval`, parsed without the parameters: what each op is, which
//! operand it carries, and which `--in` and keys it consumes.

use crate::cli::error::UsageError;
use std::path::PathBuf;

/// The words `--op` accepts, for the message that refuses any other.
pub const GRAMMAR: &str = "use add, sub, multiply, square, relinearize, rescale, mod-switch, \
rotate:K (K an integer), conjugate, negate, sum:K (K a power of two), add-plain:X, sub-plain:X, \
multiply-plain:X (X = [v1,v2,...], @VALUES.json or pt=PLAINTEXT) or dot:V (V = [v1,...] or @VALUES.json)";

/// Where a plaintext operand comes from.
#[derive(Debug, PartialEq)]
pub enum Operand {
    /// Reals, encoded at the ciphertext's level when the op runs.
    Values(Vec<f64>),
    /// A SEAL plaintext file, used as saved.
    Plaintext(PathBuf),
}

/// One `--op`.
#[derive(Debug, PartialEq)]
pub enum Op {
    Add,
    Sub,
    Multiply,
    Square,
    Relinearize,
    Rescale,
    ModSwitch,
    Rotate(i64),
    Conjugate,
    Negate,
    AddPlain(Operand),
    SubPlain(Operand),
    MultiplyPlain(Operand),
    /// Rotate-and-sum over this many slots (a power of two).
    Sum(usize),
    /// Multiply by these values, then sum over their count rounded up to a power of two.
    Dot(Vec<f64>),
}

/// An op with the name its messages give it.
#[derive(Debug)]
pub struct Step {
    pub label: String,
    pub op: Op,
}

/// Longest op text quoted in a message (an inline vector can hold thousands of values).
const QUOTED_MAX: usize = 40;

/// `--op TEXT` for a single op, `--op #I TEXT` (I from 1) in a list of several.
fn label(text: &str, index: usize, count: usize) -> String {
    let quoted: String = match text.char_indices().nth(QUOTED_MAX) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    };
    match count {
        1 => format!("--op {quoted}"),
        _ => format!("--op #{} {quoted}", index + 1),
    }
}

/// Every `--op`, in order, or the first that does not parse.
pub fn parse_all(texts: &[String]) -> Result<Vec<Step>, UsageError> {
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let label = label(t, i, texts.len());
            let op = parse(t).map_err(|why| UsageError(format!("{label}: {why}")))?;
            Ok(Step { label, op })
        })
        .collect()
}

fn parse(text: &str) -> Result<Op, String> {
    let simple = match text {
        "add" => Some(Op::Add),
        "sub" => Some(Op::Sub),
        "multiply" => Some(Op::Multiply),
        "square" => Some(Op::Square),
        "relinearize" => Some(Op::Relinearize),
        "rescale" => Some(Op::Rescale),
        "mod-switch" => Some(Op::ModSwitch),
        "conjugate" => Some(Op::Conjugate),
        "negate" => Some(Op::Negate),
        _ => None,
    };
    if let Some(op) = simple {
        return Ok(op);
    }
    let Some((word, arg)) = text.split_once(':') else {
        return Err(GRAMMAR.into());
    };
    match word {
        "rotate" => arg
            .parse()
            .map(Op::Rotate)
            .map_err(|_| format!("rotate:K takes an integer K, not {arg:?}")),
        "sum" => match arg.parse::<usize>() {
            Ok(k) if k.is_power_of_two() => Ok(Op::Sum(k)),
            _ => Err(format!(
                "sum:K takes a power of two K (the slots summed), not {arg:?}"
            )),
        },
        "add-plain" => operand(word, arg).map(Op::AddPlain),
        "sub-plain" => operand(word, arg).map(Op::SubPlain),
        "multiply-plain" => operand(word, arg).map(Op::MultiplyPlain),
        "dot" => match operand(word, arg)? {
            Operand::Values(v) if v.is_empty() => Err("dot:V needs at least one value".into()),
            Operand::Values(v) => Ok(Op::Dot(v)),
            Operand::Plaintext(_) => Err(
                "dot:V takes values ([v1,...] or @VALUES.json), whose count says how many slots to sum; \
                 for a plaintext file use multiply-plain:pt=FILE then sum:K"
                    .into(),
            ),
        },
        _ => Err(GRAMMAR.into()),
    }
}

/// `[v1,...]`, `@VALUES.json` or `pt=PLAINTEXT`.
fn operand(word: &str, arg: &str) -> Result<Operand, String> {
    if let Some(path) = arg.strip_prefix("pt=") {
        if path.is_empty() {
            return Err(format!("{word}:pt=FILE needs a file name"));
        }
        return Ok(Operand::Plaintext(PathBuf::from(path)));
    }
    if arg.starts_with('@') {
        return crate::cli::seal::values(arg)
            .map(Operand::Values)
            .map_err(|e| e.0);
    }
    if arg.starts_with('[') {
        return serde_json::from_str(arg)
            .map(Operand::Values)
            .map_err(|e| format!("not a JSON array of numbers ({e}); e.g. {word}:[1.5,-2,0.25]"));
    }
    Err(format!(
        "{word}:X takes [v1,v2,...], @VALUES.json or pt=PLAINTEXT, not {arg:?}"
    ))
}

impl Op {
    /// Whether the op consumes the next `--in` ciphertext.
    pub fn takes_input(&self) -> bool {
        matches!(self, Op::Add | Op::Sub | Op::Multiply)
    }

    /// Whether the op needs the relinearization keys.
    pub fn relinearizes(&self) -> bool {
        matches!(self, Op::Multiply | Op::Square | Op::Relinearize)
    }

    /// The rotation steps the op applies, in order.
    pub fn rotations(&self) -> Vec<i64> {
        match self {
            Op::Rotate(k) => vec![*k],
            Op::Sum(k) => sum_steps(*k),
            Op::Dot(v) => sum_steps(dot_slots(v.len())),
            _ => Vec::new(),
        }
    }

    /// Whether the op needs Galois keys.
    pub fn rotates(&self) -> bool {
        matches!(self, Op::Conjugate) || !self.rotations().is_empty()
    }
}

/// The slots `dot:V` sums: V's count rounded up to a power of two (the padding multiplies by 0).
pub fn dot_slots(count: usize) -> usize {
    count.next_power_of_two()
}

/// `Evaluator::rotate_and_sum`'s steps over `k` slots: 1, 2, 4, … below k.
fn sum_steps(k: usize) -> Vec<i64> {
    (0..k.trailing_zeros()).map(|i| 1i64 << i).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Result<Op, String> {
        parse_all(&[text.to_string()])
            .map(|mut s| s.remove(0).op)
            .map_err(|e| e.0)
    }

    #[test]
    fn every_op_word_parses_with_its_operand() {
        assert_eq!(one("add"), Ok(Op::Add));
        assert_eq!(one("relinearize"), Ok(Op::Relinearize));
        assert_eq!(one("rotate:-3"), Ok(Op::Rotate(-3)));
        assert_eq!(one("sum:8"), Ok(Op::Sum(8)));
        assert_eq!(
            one("multiply-plain:[1, -2.5]"),
            Ok(Op::MultiplyPlain(Operand::Values(vec![1.0, -2.5])))
        );
        assert_eq!(
            one("add-plain:pt=a:b.pt"),
            Ok(Op::AddPlain(Operand::Plaintext("a:b.pt".into())))
        );
        assert_eq!(one("dot:[1,2,3]"), Ok(Op::Dot(vec![1.0, 2.0, 3.0])));
        assert_eq!(Op::Dot(vec![0.0; 3]).rotations(), vec![1, 2]);
        assert_eq!(Op::Sum(1).rotations(), Vec::<i64>::new());
        assert!(!Op::Sum(1).rotates() && Op::Conjugate.rotates() && Op::Sum(2).rotates());
        assert!(
            Op::Multiply.takes_input() && !Op::MultiplyPlain(Operand::Values(vec![])).takes_input()
        );
    }

    #[test]
    fn bad_words_name_the_op_and_its_place() {
        let e = parse_all(&["negate".into(), "sum:6".into()]).unwrap_err().0;
        assert!(
            e.starts_with("--op #2 sum:6: ") && e.contains("power of two"),
            "{e}"
        );
        let e = one("rotate:x").unwrap_err();
        assert!(
            e.starts_with("--op rotate:x: ") && e.contains("rotate:K"),
            "{e}"
        );
        for bad in [
            "mul",
            "add-plain",
            "add-plain:3",
            "dot:pt=x.pt",
            "dot:[]",
            "sum:0",
            "multiply-plain:[1,",
            "add-plain:pt=",
        ] {
            let e = one(bad).unwrap_err();
            assert!(e.starts_with("--op ") && !e.contains('\n'), "{bad}: {e}");
        }
        let long = format!("add-plain:[{}", "1,".repeat(100));
        let e = one(&long).unwrap_err();
        assert!(e.len() < 300 && e.contains('…'), "{e}");
    }
}
