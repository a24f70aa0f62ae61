#!/usr/bin/env bash
# The project's test command (README): formatting, lints, and every test of the workspace.
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/install-deps.sh
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
cargo test --workspace
