#!/usr/bin/env bash
# One device call for CKKS (issue 5): the fused-NTT and CKKS device tests on the GPU (every
# operation bit for bit against the host evaluator), then `xehe bench ckks` over Phantom's three parameter sets
# (ANCHORS.md), then `xehe demo` when DEMO=1. Needs device-bin/ from
# benches/device/build-bundle.sh. Writes under $OUT (default device-out): tests.txt, ckks.md,
# ckks-*.json, ckks-*-profile.md, demo.txt and the demo's profile files.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
export RUST_BACKTRACE=1
status=0
if [[ -z "${SKIP_TESTS:-}" ]]; then
  for t in ntt_rns ckks_device_ops ckks_device_offload ckks_device_codec ckks_device_rotations; do
    ./device-bin/$t --test-threads=2 >> "$OUT/tests.txt" 2>&1 || status=1
  done
  grep -E "^test |test result|skipping|panicked" "$OUT/tests.txt"
fi
: > "$OUT/ckks.md"
for set in ${SETS:-"14 60,40x6,60" "15 60,40x7,60" "16 60,40x31,60"}; do
  read -r logn bits <<< "$set"
  ./device-bin/xehe bench ckks --backend opencl --degree $((1 << logn)) --moduli "$bits" \
    --reps "${REPS:-30}" ${BENCH_FLAGS:-} --json "$OUT/ckks-$logn.json" \
    --profile "$OUT/ckks-$logn-profile.md" >> "$OUT/ckks.md" 2>&1 || status=1
  echo >> "$OUT/ckks.md"
done
cat "$OUT/ckks.md"
if [[ -n "${DEMO:-}" ]]; then
  ./device-bin/xehe demo --backend opencl --profile "$OUT/demo-profile" > "$OUT/demo.txt" 2>&1 || status=1
  tail -60 "$OUT/demo.txt"
fi
exit $status
