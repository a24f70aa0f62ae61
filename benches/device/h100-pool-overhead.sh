#!/usr/bin/env bash
# The device pool against the direct path on one GPU (issue 44: within 3%). Alternating for
# ROUNDS rounds (default 3), by the xehe binary BIN (default device-bin/xehe):
# - multiply + relinearize at N = 2^16, 60,40x35,60x4 with 4 special primes: K calls queued on
#   one evaluator (`bench ckks --pipelined K`: µs per call, the median of REPS batches) against
#   K jobs through the pool of that one device (`bench ckks --devices opencl:0 --batch K`: jobs
#   per second over the batch's wall time, the result of every job checked);
# - bootstrapping, preset n16: REPS_BOOT timed bootstraps (`bench bootstrap`: median ms)
#   against a batch of as many through the pool (`bench bootstrap --devices opencl:0 --batch`).
# The pool's batch times K jobs as one wall-clock interval while the direct rows take the
# median of timed batches, so each pair is compared as calls per second. Writes pool.md and the
# JSON under $OUT.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
BIN=${BIN:-device-bin/xehe}
K=${K:-64}
status=0
: > "$OUT/pool.md"
set_k4=(--degree 65536 --moduli 60,40x35,60x4 --special-primes 4 --routines MulLin)
for round in $(seq 1 "${ROUNDS:-3}"); do
  {
    echo "## round $round: MulLin direct, $K calls queued"
    "$BIN" bench ckks --backend opencl "${set_k4[@]}" --reps "${REPS:-5}" --pipelined "$K" \
      --json "$OUT/mullin-direct-$round.json" 2>&1 || status=1
    echo
    echo "## round $round: MulLin through the pool, $K jobs"
    "$BIN" bench ckks --devices opencl:0 "${set_k4[@]}" --batch "$K" \
      --json "$OUT/mullin-pool-$round.json" 2>&1 || status=1
    echo
  } >> "$OUT/pool.md"
done
for round in $(seq 1 "${ROUNDS_BOOT:-1}"); do
  {
    echo "## round $round: bootstrap direct, ${REPS_BOOT:-8} timed"
    "$BIN" bench bootstrap --backend opencl --degree 65536 --reps "${REPS_BOOT:-8}" \
      --json "$OUT/boot-direct-$round.json" 2>&1 || status=1
    echo
    echo "## round $round: bootstrap through the pool, batch of ${REPS_BOOT:-8}"
    "$BIN" bench bootstrap --devices opencl:0 --degree 65536 --batch "${REPS_BOOT:-8}" \
      --json "$OUT/boot-pool-$round.json" 2>&1 || status=1
    echo
  } >> "$OUT/pool.md"
done
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv >> "$OUT/pool.md" 2>&1
exit $status
