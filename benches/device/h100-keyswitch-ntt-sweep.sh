#!/usr/bin/env bash
# Block × group-size sweep of the four-step NTT at key switching's shapes on the H100 (one device
# call). SHAPES: "moduli batch" pairs, default 2^16 rows of one prime × 324 (the digits' forward
# NTT at 60,40x35,60x4, K = 4: 170 MB, past the 50 MB L2), × 72 (ModDown's forward NTT) and × 36
# (the target's inverse NTT); PLANS: "block group" pairs, default 1024/2048/4096 × 64…512; NAME:
# the output's name. Forward and inverse. Needs device-bin/ from build-bundle.sh. Writes
# $OUT/$NAME.md.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
default_plans=$(for b in 1024 2048 4096; do for g in 64 128 256 512; do printf '%s %s;' $b $g; done; done)
IFS=';' read -ra shapes <<< "${SHAPES:-60x1 324;60x1 72;60x1 36}"
IFS=';' read -ra plans <<< "${PLANS:-$default_plans}"
for shape in "${shapes[@]}"; do
  read -r moduli batch <<< "$shape"
  for dir in "" "--inverse"; do
    for plan in "${plans[@]}"; do
      read -r block group <<< "$plan"
      echo "## N=2^16 moduli $moduli batch $batch ${dir:-forward} block $block group $group"
      ./device-bin/xehe bench ntt --backend opencl --degree 65536 --moduli "$moduli" --batch "$batch" \
        --variant "${VARIANT:-four-step}" --local-block "$block" --group-size "$group" --reps 20 $dir 2>&1 \
        | grep -E "^\| (four|local|sub)|rror"
    done
  done
done | tee "$OUT/${NAME:-sweep}.md"
