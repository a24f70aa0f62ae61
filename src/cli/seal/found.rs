//! What a file that failed to load holds instead, in words: SEAL's files carry no type tag, so
//! a ciphertext given as parameters fails deep in the parameter reader with a message about
//! sizes. `inspect` reads the file's structure; when it shows another kind of object, or an
//! object of other parameters, that is what the user needs to hear.

use std::path::Path;
use xehe::ckks::serialize::{inspect, FileInfo, LoadLimits};
use xehe::ckks::Context;

/// Files larger than this are not inspected for the message: inspect reads the whole object
/// (holding none of its words), which a message is not worth past this size.
const DESCRIBE_MAX: u64 = 256 << 20;

/// The kinds `inspect` names; a type loaded under another name is not described.
const KINDS: [&str; 7] = [
    "EncryptionParameters",
    "Plaintext",
    "SecretKey",
    "Ciphertext",
    "PublicKey",
    "RelinKeys",
    "GaloisKeys",
];

/// The name `inspect` gives the objects of type `T` (`xehe::ckks::Ciphertext` → "Ciphertext").
pub fn kind_of<T>() -> &'static str {
    let name = std::any::type_name::<T>();
    name.rsplit("::").next().unwrap_or(name)
}

/// Why `path` did not load as an `expected` object, when its structure says: "this is a
/// Ciphertext (N = 4096, 2 primes, scale 2^30.0), expected EncryptionParameters", or "RelinKeys
/// of other parameters (…); --params has N = 4096, 3 primes". None when the file is what was
/// expected (then the loader's own error is the explanation) or cannot be described.
pub fn describe(path: &Path, expected: &str, ctx: Option<&Context>) -> Option<String> {
    if !KINDS.contains(&expected) {
        return None;
    }
    let mut file = std::fs::File::open(path).ok()?;
    if file.metadata().ok()?.len() > DESCRIBE_MAX {
        return None;
    }
    let limits = LoadLimits {
        max_bytes: DESCRIBE_MAX,
        ..LoadLimits::default()
    };
    let info = inspect(&mut file, &limits, ctx).ok()?;
    explain(&info, expected, ctx)
}

fn explain(info: &FileInfo, expected: &str, ctx: Option<&Context>) -> Option<String> {
    let key_id = ctx.map(|c| c.key_context_data().parms_id().to_string());
    // inspect resolves the level of data objects with the parameters; keys live at the key
    // level. An object at none of their levels is of other parameters, and then its level
    // cannot tell a plaintext from a secret key, nor a ciphertext from a public key.
    let foreign = match (&key_id, &info.parms_id) {
        (Some(key), Some(id)) => info.chain_index.is_none() && key != id,
        _ => false,
    };
    let (kind, could_be) = match info.kind.as_str() {
        "CiphertextOrPublicKey" => ("Ciphertext or PublicKey", ["Ciphertext", "PublicKey"]),
        "PlaintextOrSecretKey" => ("Plaintext or SecretKey", ["Plaintext", "SecretKey"]),
        "Ciphertext" | "PublicKey" if foreign => {
            ("Ciphertext or PublicKey", ["Ciphertext", "PublicKey"])
        }
        "Plaintext" | "SecretKey" if foreign => {
            ("Plaintext or SecretKey", ["Plaintext", "SecretKey"])
        }
        k => (k, [k, k]),
    };
    let other = if foreign { " of other parameters" } else { "" };
    if !could_be.contains(&expected) {
        let article = if kind.starts_with(['A', 'E', 'I', 'O', 'U']) {
            "an"
        } else {
            "a"
        };
        return Some(format!(
            "this is {article} {kind}{other} ({}), expected {expected}",
            details(info)
        ));
    }
    let key = ctx?.key_context_data();
    let id = info.parms_id.as_deref()?;
    foreign.then(|| {
        format!(
            "{kind}{other} ({}, parms_id {}…); --params has N = {}, {} primes",
            details(info),
            &id[..id.len().min(16)],
            key.parms().poly_modulus_degree(),
            key.coeff_modulus().len()
        )
    })
}

/// "N = 4096, 2 primes, level 1, scale 2^30.0, 22 Galois elements", as far as known.
fn details(info: &FileInfo) -> String {
    let mut parts = Vec::new();
    if let Some(n) = info.poly_modulus_degree {
        parts.push(format!("N = {n}"));
    }
    if let Some(k) = info.primes {
        parts.push(format!("{k} primes"));
    }
    if let Some(c) = info.chain_index {
        parts.push(format!("level {c}"));
    }
    // Keys carry scale 1, which says nothing.
    if let Some(s) = info.scale.filter(|&s| s != 1.0) {
        parts.push(format!("scale 2^{:.1}", s.log2()));
    }
    if let Some(g) = &info.galois_elements {
        parts.push(format!("{} Galois elements", g.len()));
    }
    if parts.is_empty() {
        parts.push(format!("{} bytes", info.file_bytes));
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_names_become_kinds() {
        assert_eq!(kind_of::<xehe::ckks::Ciphertext>(), "Ciphertext");
        assert_eq!(
            kind_of::<xehe::ckks::EncryptionParameters>(),
            "EncryptionParameters"
        );
    }
}
