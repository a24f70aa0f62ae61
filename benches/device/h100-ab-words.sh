#!/usr/bin/env bash
# Same-call A/B of builds on both word sizes at N = 2^16: the 32-bit tier (n16-w32-s40, top
# level, K = 12) and the 64-bit set 60,40x35,60x4 (K = 4). BUILDS lists name=folder pairs, each
# folder holding an xehe (default bisect/base and bisect/cand, carried in bisect.tar.xz);
# ROUNDS alternations (default 2) of a profiled `bench ckks` of ROUTINES (default
# MulLin,Rotate8Hoisted) per build and word. Writes ab-words.md (each run's rows and its
# profile's first kernels) under $OUT.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
status=0
routines=${ROUTINES:-MulLin,Rotate8Hoisted}
: > "$OUT/ab-words.md"
for round in $(seq 1 "${ROUNDS:-2}"); do
  for pair in ${BUILDS:-base=bisect/base cand=bisect/cand}; do
    build=${pair%%=*}
    bin=./${pair#*=}/xehe
    for tier in 32 64; do
      tag="w$tier-$build-$round"
      if [ "$tier" = 32 ]; then
        set -- --word-bits 32 --family n16-w32-s40
      else
        set -- --moduli 60,40x35,60x4 --special-primes 4
      fi
      dir=$(mktemp -d)
      "$bin" bench ckks --backend opencl --degree 65536 "$@" --reps "${REPS:-10}" \
        --routines "$routines" --profile "$dir/profile" > "$dir/bench.md" 2>&1 || status=1
      {
        echo "## $tag"
        sed -n '/^| routine | launches/,/^$/p' "$dir/bench.md" | grep -E "^\| [A-Za-z0-9]+ \| [0-9]"
        sed -n '/^## Kernels/,/^## Operations/p' "$dir/profile/profile.md" | grep -E "^\| [a-z]" | head -8
        echo
      } >> "$OUT/ab-words.md"
      rm -rf "$dir"
    done
  done
done
cat "$OUT/ab-words.md"
exit $status
