#!/usr/bin/env bash
# Installs what building and testing xehe needs on a fresh Debian machine, idempotently.
# Today: the Rust components the checks use. System packages (PoCL, Intel's runtime, clang/llvm-spirv,
# spirv-tools) join here when the device runtime lands; nothing is assumed to be present already.
set -euo pipefail

if ! command -v cargo >/dev/null 2>&1; then
  echo "ci/install-deps.sh: cargo not found; install Rust with rustup first (https://rustup.rs)" >&2
  exit 1
fi

if command -v rustup >/dev/null 2>&1; then
  installed=$(rustup component list --installed 2>/dev/null || true)
  for c in rustfmt clippy; do
    if ! grep -q "^$c" <<<"$installed"; then
      rustup component add "$c"
    fi
  done
fi
