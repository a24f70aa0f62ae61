#!/usr/bin/env bash
# Issue 18's "the one-special-prime figures stay where they are", as a same-session A/B: the
# builds of BUILDS (name=folder pairs; default the control device-bin-base/, built from the
# commit before hybrid key switching, against device-bin/) alternate ROUNDS times (default 3)
# on SEAL's layout, one special prime: 2^14, 60,40x6,60 and 2^16, 60,40x31,60 (SETS: "logN
# moduli" pairs). Each run is a `bench ckks` with every routine checked word for word against
# the host evaluator first, of the routines in ROUTINES. Writes one-special.md
# (each run's one-call table and queued table) and results.tar.gz under $OUT.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
WORK=$(mktemp -d)
status=0
: > "$OUT/one-special.md"
SETS=${SETS:-"14 60,40x6,60;16 60,40x31,60"}
IFS=';' read -ra sets <<< "$SETS"
for round in $(seq 1 "${ROUNDS:-3}"); do
  for pair in ${BUILDS:-base=device-bin-base candidate=device-bin}; do
    build=${pair%%=*}
    bin=./${pair#*=}/xehe
    for set in "${sets[@]}"; do
      read -r logn bits <<< "$set"
      tag="$build-$logn-$round"
      start=$(date +%s%N)
      "$bin" bench ckks --backend opencl --degree $((1 << logn)) --moduli "$bits" \
        --reps "${REPS:-10}" --pipelined "${K_PIPE:-10}" \
        --routines "${ROUTINES:-MulLin,Rotate,rescale,add}" \
        > "$WORK/bench-$tag.md" 2>&1 || status=1
      {
        echo "## $tag ($bin, 2^$logn, $bits): $(( ($(date +%s%N) - start) / 1000000 )) ms"
        grep -E "^\| (routine|MulLin|Rotate|rescale|add) \|" "$WORK/bench-$tag.md"
        echo
      } >> "$OUT/one-special.md"
    done
  done
done
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv \
  >> "$OUT/one-special.md" 2>&1
cat "$OUT/one-special.md"
tar czf "$OUT/results.tar.gz" -C "$WORK" .
exit $status
