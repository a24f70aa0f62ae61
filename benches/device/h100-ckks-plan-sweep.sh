#!/usr/bin/env bash
# NTT block × group-size sweep through the whole CKKS evaluator on the H100 (one device call):
# for each PLANS entry "block group" (XEHE_NTT_BLOCK / XEHE_NTT_GROUP; "auto auto" is the
# automatic plan), `xehe bench ckks` on each SETS entry ("logN moduli K"), every routine checked
# word for word against the host evaluator first. Needs device-bin/ from build-bundle.sh.
# Writes $OUT/plan-sweep.md (the per-call tables).
set -uo pipefail
source "$(dirname "$0")/setup.sh"
PLANS=${PLANS:-"auto auto;1024 64;2048 128;1024 128;512 32;512 64;4096 256"}
SETS=${SETS:-"16 60,40x35,60x4 4;14 60,40x6,60 1"}
IFS=';' read -ra plans <<< "$PLANS"
IFS=';' read -ra sets <<< "$SETS"
status=0
for plan in "${plans[@]}"; do
  read -r block group <<< "$plan"
  envs=()
  [ "$block" != auto ] && envs+=("XEHE_NTT_BLOCK=$block")
  [ "$group" != auto ] && envs+=("XEHE_NTT_GROUP=$group")
  for set in "${sets[@]}"; do
    read -r logn bits k <<< "$set"
    echo "## block $block group $group: 2^$logn $bits K=$k"
    env "${envs[@]}" ./device-bin/xehe bench ckks --backend opencl --degree $((1 << logn)) \
      --moduli "$bits" --special-primes "$k" --reps "${REPS:-10}" --pipelined "${K_PIPE:-10}" \
      --routines "${ROUTINES:-MulLin,Rotate,Rotate8Hoisted,add,rescale}" 2>&1 \
      | grep -E "^\| (MulLin|Rotate|add|rescale|Rotate8Hoisted) |rror" | head -12 || status=1
  done
done | tee "$OUT/plan-sweep.md"
exit $status
