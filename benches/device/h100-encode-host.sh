#!/usr/bin/env bash
# Where one device encoding's host time goes (issue 17: queued encode ≤ 100 µs at 2^14): the
# queued encode of each build in BUILDS (name=folder pairs; default base=device-bin-base
# candidate=device-bin), alternated ROUNDS times (default 3), each
#   xehe bench ckks --degree 16384 --moduli 60,40x6,60 --reps 20 --pipelined 200
#     --routines ROUTINES (default encode,encode_many)
# then, where the machine has perf and PERF_BIN names an unstripped xehe, a profile of 2000
# queued encodes with that binary. Writes ab.md (and perf-report.txt) under $OUT.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
status=0
: > "$OUT/ab.md"
for round in $(seq "${ROUNDS:-3}"); do
  for pair in ${BUILDS:-base=device-bin-base candidate=device-bin}; do
    build=${pair%%=*}
    echo "## round $round, $build" >> "$OUT/ab.md"
    "./${pair#*=}/xehe" bench ckks --backend opencl --degree 16384 --moduli 60,40x6,60 \
      --reps 20 --pipelined 200 --routines "${ROUTINES:-encode,encode_many}" > "$OUT/run.md" 2>&1 ||
      status=1
    grep -E "^\| (routine|encode|encode_many) " "$OUT/run.md" >> "$OUT/ab.md"
  done
done
rm -f "$OUT/run.md"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$OUT/ab.md" 2>&1
echo "perf: $(command -v perf || echo none)" >> "$OUT/ab.md"
if command -v perf > /dev/null && [ -n "${PERF_BIN:-}" ]; then
  perf record -F 5000 -g -o "$OUT/perf.data" "$PERF_BIN" bench ckks --backend opencl \
    --degree 16384 --moduli 60,40x6,60 --reps 5 --pipelined 2000 --routines encode --no-check \
    > /dev/null 2>&1 || status=1
  perf report -i "$OUT/perf.data" --stdio --no-children --sort dso,symbol 2>/dev/null \
    | grep -v "^$" | head -150 > "$OUT/perf-report.txt"
  perf report -i "$OUT/perf.data" --stdio --no-children --sort comm,dso 2>/dev/null \
    | grep -v "^#" | grep -v "^$" | head -40 >> "$OUT/perf-report.txt"
  rm -f "$OUT/perf.data"
fi
cat "$OUT/ab.md"
exit $status
