#!/usr/bin/env bash
# Local block × group size sweep of the local-memory NTT variants on the H100 (one device call).
set -uo pipefail
source "$(dirname "$0")/setup.sh"
for shape in "12 256" "14 256" "16 64"; do
  set -- $shape
  for dir in "" "--inverse"; do
    for block in 2048 4096; do
      for group in 256 512 1024; do
        echo "## N=2^$1 batch $2 $dir block $block group $group"
        ./device-bin/xehe bench ntt --backend opencl --degree $((1 << $1)) --moduli 60x1 --batch "$2" \
          --variant "${VARIANTS:-all}" --local-block $block --group-size $group --reps 20 $dir 2>&1 | grep -E "^\| local"
      done
    done
  done
done | tee "$OUT/sweep.md"
