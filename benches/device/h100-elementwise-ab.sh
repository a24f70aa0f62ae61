#!/usr/bin/env bash
# One device call comparing two builds of xehe in the same session (issue 17's queued add and
# multiply_plain): $BIN/xehe-before (a build of the commit before the change) and $BIN/xehe
# (BIN defaults to device-bin), alternated ROUNDS times (default 5), each round
#   xehe bench ckks --degree 16384 --moduli 60,40x6,60 --reps 20 --pipelined 100
#     --routines add,multiply_plain,rescale
# (every routine checked against the host evaluator first). Writes ab.md under $OUT (default
# device-out): the queued-call table of every run, labelled.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
export RUST_BACKTRACE=1
status=0
: > "$OUT/ab.md"
for round in $(seq "${ROUNDS:-5}"); do
  for build in xehe-before xehe; do
    echo "## round $round, $build" >> "$OUT/ab.md"
    "./${BIN:-device-bin}/$build" bench ckks --backend opencl --degree 16384 --moduli 60,40x6,60 \
      --reps 20 --pipelined 100 --routines add,multiply_plain,rescale > "$OUT/run.md" 2>&1 ||
      status=1
    grep -A6 "^K calls queued" "$OUT/run.md" | grep -E "^\| (routine|add|multiply_plain|rescale) " \
      >> "$OUT/ab.md"
  done
done
rm -f "$OUT/run.md"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$OUT/ab.md" 2>&1
cat "$OUT/ab.md"
exit $status
