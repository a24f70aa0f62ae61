#!/usr/bin/env bash
# Issue 44 on `nvidia-h200-x2` (two H200s of one host): the device pool's throughput on both
# GPUs against one, in one run. `--batch K` times K jobs on every tile of the pool and the same
# K on its first tile alone, checks every result against the host's words, and reports the
# scaling; each line below also runs the same batch with `--devices opencl:0` (one GPU through
# the pool) for the record. ROUNDS (default 2) alternations; writes pool2.md and the JSON under
# $OUT. Use `all-gpu`, not `all`: PoCL on that machine would join the pool as a third device.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
BIN=${BIN:-device-bin/xehe}
status=0
: > "$OUT/pool2.md"
nvidia-smi --query-gpu=index,name,driver_version,clocks.sm,clocks.max.sm --format=csv >> "$OUT/pool2.md" 2>&1
"$BIN" devices --json > "$OUT/devices.json" 2>&1 || status=1
set_k4=(--degree 65536 --moduli 60,40x35,60x4 --special-primes 4 --routines MulLin)
for round in $(seq 1 "${ROUNDS:-2}"); do
  for devices in all-gpu opencl:0; do
    tag="${devices//[:,]/-}-$round"
    {
      echo "## round $round: multiply + relinearize, --devices $devices, ${K_CKKS:-64} jobs"
      "$BIN" bench ckks --devices "$devices" "${set_k4[@]}" --batch "${K_CKKS:-64}" \
        --json "$OUT/ckks-$tag.json" 2>&1 || status=1
      echo
      echo "## round $round: bootstrap n16, --devices $devices, ${K_BOOT:-16} jobs"
      "$BIN" bench bootstrap --devices "$devices" --degree 65536 --batch "${K_BOOT:-16}" \
        --json "$OUT/bootstrap-$tag.json" 2>&1 || status=1
      echo
    } >> "$OUT/pool2.md"
  done
done
exit $status
