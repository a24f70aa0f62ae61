#!/usr/bin/env bash
# One device call for issue 17's pipelined figures: `xehe bench ckks --pipelined K` (K calls of
# each routine queued back to back, one wait) next to the per-call figures, at 2^14 with
# 60,40x6,60 (SETS, K, REPS override). Needs device-bin/ from benches/device/build-bundle.sh.
# Writes under $OUT (default device-out): pipelined.md, pipelined-*.json, all of it also in
# results.tar.gz (the device tool brings back only a few files).
set -uo pipefail
source "$(dirname "$0")/setup.sh"
export RUST_BACKTRACE=1
status=0
: > "$OUT/pipelined.md"
for set in ${SETS:-"14 60,40x6,60"}; do
  read -r logn bits <<< "$set"
  start=$(date +%s%N)
  ./device-bin/xehe bench ckks --backend opencl --degree $((1 << logn)) --moduli "$bits" \
    --reps "${REPS:-20}" --pipelined "${K:-100}" --json "$OUT/pipelined-$logn.json" \
    >> "$OUT/pipelined.md" 2>&1 || status=1
  echo "command wall time: $(( ($(date +%s%N) - start) / 1000000 )) ms" >> "$OUT/pipelined.md"
  echo >> "$OUT/pipelined.md"
done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$OUT/pipelined.md" 2>&1
cat "$OUT/pipelined.md"
tar czf /tmp/results.tar.gz -C "$OUT" . && mv /tmp/results.tar.gz "$OUT/"
exit $status
