#!/usr/bin/env bash
# Block × group-size sweep of the four-step NTT at key switching's shapes on the H100 (one device
# call): 2^16 with 324 rows (the digits' forward NTT at 60,40x35,60x4, K = 4: 170 MB, past the
# 50 MB L2), 72 rows (ModDown's forward NTT) and 36 rows (the target's inverse NTT), forward and
# inverse. Needs device-bin/ from build-bundle.sh. Writes $OUT/sweep.md.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-device-out}
mkdir -p "$OUT"
export OCL_ICD_FILENAMES=${OCL_ICD_FILENAMES:-libnvidia-opencl.so.1}
for batch in ${BATCHES:-324 72 36}; do
  for dir in "" "--inverse"; do
    for block in ${BLOCKS:-1024 2048 4096}; do
      for group in ${GROUPS_:-64 128 256 512}; do
        echo "## N=2^16 batch $batch ${dir:-forward} block $block group $group"
        ./device-bin/xehe bench ntt --backend opencl --degree 65536 --moduli 60x1 --batch "$batch" \
          --variant "${VARIANT:-four-step}" --local-block $block --group-size $group --reps 20 $dir 2>&1 \
          | grep -E "^\| (four|local|sub)|rror"
      done
    done
  done
done | tee "$OUT/sweep.md"
