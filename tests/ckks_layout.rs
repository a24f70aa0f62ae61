//! The host/device rule of `src/ckks`, read from the sources: "device" in a path means the
//! device side (`ckks/device/`: the device context, device copies and kernel sequences), which
//! imports none of the types that dispatch to it; the host reference and the checks shared by
//! both paths reach no device and no dispatcher.

use std::path::{Path, PathBuf};

fn ckks_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ckks")
}

/// Every `.rs` file under `dir`, with its path relative to `src/ckks`.
fn sources(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(ckks_dir()).unwrap();
                let text = std::fs::read_to_string(&path).unwrap();
                out.push((rel.to_string_lossy().replace('\\', "/"), text));
            }
        }
    }
    assert!(!out.is_empty(), "no sources under {}", dir.display());
    out
}

/// The `crate::ckks` modules `text` names in its code (comments left out).
fn ckks_modules_named(text: &str) -> Vec<String> {
    let code: String = text
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = Vec::new();
    for (i, m) in code.match_indices("crate::ckks::") {
        let rest = &code[i + m.len()..];
        match rest.strip_prefix('{') {
            // `crate::ckks::{a::X, b, c::{Y, Z}}`: the first segment of each top-level item.
            Some(group) => {
                let (mut depth, mut item_start) = (0usize, 0usize);
                for (j, c) in group.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => {
                            out.push(ident(&group[item_start..j]));
                            break;
                        }
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            out.push(ident(&group[item_start..j]));
                            item_start = j + 1;
                        }
                        _ => {}
                    }
                }
            }
            None => out.push(ident(rest)),
        }
    }
    out.retain(|m| !m.is_empty());
    out
}

#[test]
fn grouped_imports_name_each_module() {
    let text = "use crate::ckks::{keys::SecretKey, evaluator, device::{a, b}};\nuse crate::ckks::storage::X;";
    assert_eq!(
        ckks_modules_named(text),
        ["keys", "evaluator", "device", "storage"]
    );
}

#[test]
fn only_the_device_side_has_device_in_its_path() {
    for (path, _) in sources(&ckks_dir()) {
        if !path.starts_with("device/") {
            assert!(
                !path.contains("device"),
                "{path}: \"device\" in a file name is for the device side, under ckks/device/"
            );
        }
    }
}

#[test]
fn the_device_side_imports_no_type_that_dispatches_to_it() {
    let above = [
        "bootstrap",
        "ciphertext",
        "decryptor",
        "encoder",
        "encryptor",
        "evaluator",
        "galois",
        "keys",
        "keyswitch",
        "plaintext",
        "reference",
        "serialize",
        "storage",
        "validate",
    ];
    for (path, text) in sources(&ckks_dir().join("device")) {
        for m in ckks_modules_named(&text) {
            assert!(!above.contains(&m.as_str()), "{path} imports ckks::{m}");
        }
        assert!(
            !text.contains("use super::super::"),
            "{path} reaches above ckks/device/ by a relative path"
        );
    }
}

#[test]
fn the_host_reference_and_the_checks_launch_nothing() {
    let mut files = sources(&ckks_dir().join("reference"));
    let validate = std::fs::read_to_string(ckks_dir().join("validate.rs")).unwrap();
    files.push(("validate.rs".into(), validate.clone()));
    let dispatch = ["device", "decryptor", "encryptor", "evaluator"];
    for (path, text) in files {
        for m in ckks_modules_named(&text) {
            assert!(!dispatch.contains(&m.as_str()), "{path} imports ckks::{m}");
        }
        // `crate::kernels` is allowed: its pure helpers (the draws of encryption, the modular
        // arithmetic) are the one body shared by the host and the kernels' mirrors.
        for below in ["crate::runtime", "crate::device_ops"] {
            assert!(!text.contains(below), "{path} reaches the device ({below})");
        }
    }
    assert!(
        !ckks_modules_named(&validate)
            .iter()
            .any(|m| m == "reference"),
        "validate.rs depends on the host reference"
    );
}
