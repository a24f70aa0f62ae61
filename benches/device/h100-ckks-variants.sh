#!/usr/bin/env bash
# One device call: the CKKS routines under each NTT plan (the automatic plan, then
# XEHE_NTT_VARIANT=four-step / local-radix4 for both directions) at Phantom's 2^14 and 2^16 sets,
# to see which plan key switching and rescale want. Needs device-bin/ (build-bundle.sh).
# Writes $OUT/variants.md.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
status=0
: > "$OUT/variants.md"
for v in auto ${VARIANTS:-four-step local-radix4}; do
  for set in "14 60,40x6,60" "16 60,40x31,60"; do
    read -r logn bits <<< "$set"
    echo "## plan: $v, N = 2^$logn" >> "$OUT/variants.md"
    if [[ $v == auto ]]; then unset XEHE_NTT_VARIANT; else export XEHE_NTT_VARIANT=$v; fi
    ./device-bin/xehe bench ckks --backend opencl --degree $((1 << logn)) --moduli "$bits" \
      --routines MulLin,MulLinRS,Rotate,rescale --no-check --reps 20 >> "$OUT/variants.md" 2>&1 || status=1
  done
done
unset XEHE_NTT_VARIANT
grep -E "^## plan|^\| (MulLin|MulLinRS|Rotate|rescale) " "$OUT/variants.md"
exit $status
