#!/usr/bin/env bash
# Hybrid key switching's ModUp fused into the digits' forward NTT (each converted word reads
# its digit's words again) against its own pass (`ks_mod_up`: a work-item reads its digit's
# words once and writes every row), XEHE_MOD_UP=fused|separate in one binary, ROUNDS
# alternations of profiled `bench ckks` runs: the 32-bit tier (n16-w32-s40, K = 12) and the
# 64-bit set 60,40x35,60x4 (K = 4). Writes mod-up.md and the profiles under $OUT.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
status=0
routines=${ROUTINES:-MulLin,Rotate8Hoisted}
for round in $(seq 1 "${ROUNDS:-2}"); do
  for mode in fused separate; do
    for tier in 32 64; do
      tag="w$tier-$mode-$round"
      if [ "$tier" = 32 ]; then
        set -- --word-bits 32 --family n16-w32-s40
      else
        set -- --moduli 60,40x35,60x4 --special-primes 4
      fi
      XEHE_MOD_UP=$mode ./device-bin/xehe bench ckks --backend opencl --degree 65536 "$@" \
        --reps "${REPS:-10}" --routines "$routines" --profile "$OUT/profile-$tag" \
        > "$OUT/bench-$tag.md" 2>&1 || status=1
      rm -f "$OUT/profile-$tag/trace.json" "$OUT/profile-$tag/profile.csv"
      {
        echo "## $tag"
        sed -n '/^| routine | launches/,/^$/p' "$OUT/bench-$tag.md"
        sed -n '/^## Kernels/,/^## Operations/p' "$OUT/profile-$tag/profile.md" | grep -E "^\| [a-z]" | head -8
        echo
      } >> "$OUT/mod-up.md"
    done
  done
done
cat "$OUT/mod-up.md"
exit $status
