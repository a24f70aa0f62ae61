#!/usr/bin/env bash
# The project's test command (README): system packages, the committed SPIR-V against its
# sources, formatting, lints, and every test of the workspace (cpu-sim and OpenCL on PoCL; under
# CI=true a missing OpenCL platform fails the OpenCL tests instead of skipping them).
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/install-deps.sh
bash ci/build-kernels.sh --check
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
cargo test --workspace
# Intel's driver emulating an Arc GPU (the default run above emulates a Data Center GPU Max).
XEHE_NEO_PRODUCT=dg2 cargo test --test intel_neo_opencl
XEHE_NEO_PRODUCT=dg2 cargo test --test intel_neo_level_zero
# Interoperability with the real SEAL both ways (examples/seal_roundtrip.py): SEAL's files
# evaluated by the xehe CLI on cpu-sim and OpenCL (PoCL) and decrypted by SEAL; xehe's keys and
# ciphertexts used by SEAL.
cargo build --release --bin xehe
"${XEHE_SEAL_VENV:-$HOME/.cache/xehe/seal-venv}/bin/python" examples/seal_roundtrip.py \
  --xehe target/release/xehe --backends cpu-sim,opencl
