#!/usr/bin/env bash
# One device call for the NTT (issue 4): the NTT device tests, then `xehe bench ntt` over
# GPU-NTT's shapes (ANCHORS.md: one modulus, batches), forward and inverse, every variant.
# Needs device-bin/ from benches/device/build-bundle.sh. Writes under $OUT (default device-out):
# tests.txt, ntt.md (all tables), ntt.jsonl (one JSON report per line).
set -uo pipefail
source "$(dirname "$0")/setup.sh"
export RUST_BACKTRACE=0
status=0
./device-bin/ntt_device --test-threads=2 --nocapture > "$OUT/tests.txt" 2>&1 || status=1
grep -E "^test |test result|skipping" "$OUT/tests.txt"
: > "$OUT/ntt.md"; : > "$OUT/ntt.jsonl"
for shape in "12 256" "14 64" "14 256" "15 64" "16 1" "16 32" "16 64" "17 64" ${EXTRA_SHAPES:-}; do
  set -- $shape
  for dir in "" "--inverse" ${MODES:-"--multiply"}; do
    ./device-bin/xehe bench ntt --backend opencl --degree $((1 << $1)) --moduli 60x1 --batch "$2" \
      --variant "${VARIANT:-all}" --reps 30 $dir ${BENCH_FLAGS:-} --json "$OUT/one.json" >> "$OUT/ntt.md" 2>&1 || status=1
    echo >> "$OUT/ntt.md"
    [[ -f "$OUT/one.json" ]] && { tr -d '\n' < "$OUT/one.json"; echo; } >> "$OUT/ntt.jsonl" && rm -f "$OUT/one.json"
  done
done
cat "$OUT/ntt.md"
exit $status
