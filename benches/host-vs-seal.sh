#!/usr/bin/env bash
# The host path against SEAL 4 on this machine, in one run (same minute, same load): xehe's
# `bench host` on one thread and on every core, then SEAL through tenseal.sealapi (one thread),
# for each parameter set. The machine is shared and virtualized: compare rows of one run only.
#
#   bash benches/host-vs-seal.sh OUT_DIR [PYTHON]
#
# PYTHON is an interpreter with tenseal (default: python3). Writes OUT_DIR/<set>-xehe-1.md,
# -xehe-N.md, -seal.md and their .json files.
set -euo pipefail
out=${1:?usage: host-vs-seal.sh OUT_DIR [PYTHON]}
py=${2:-python3}
mkdir -p "$out"
cd "$(dirname "$0")/.."
cargo build --release --quiet
cores=$(nproc)
for set in "8192 60,40,40,60" "16384 60,40x6,60"; do
  read -r degree moduli <<<"$set"
  name="n$degree"
  for t in 1 "$cores"; do
    ./target/release/xehe bench host --degree "$degree" --moduli "$moduli" --threads "$t" \
      --reps 10 --json "$out/$name-xehe-$t.json" | tee "$out/$name-xehe-$t.md"
  done
  "$py" benches/seal_host.py --degree "$degree" --moduli "$moduli" --reps 10 \
    --json "$out/$name-seal.json" | tee "$out/$name-seal.md"
done
