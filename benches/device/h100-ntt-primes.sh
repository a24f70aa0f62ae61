#!/usr/bin/env bash
# Does a batch's prime count change the NTT's speed on the H100? 2^16 with 324 rows as one prime
# × 324 polynomials, 4 × 81, 36 × 9 (key switching's digits: each row its own prime's twiddle
# tables, 40 MB for 40 primes, against the 50 MB L2), forward and inverse, two plans. One
# device call; needs device-bin/. Writes $OUT/primes.md.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-device-out}
mkdir -p "$OUT"
export OCL_ICD_FILENAMES=${OCL_ICD_FILENAMES:-libnvidia-opencl.so.1}
for shape in "40x1 324" "40x4 81" "40x36 9"; do
  set -- $shape
  for dir in "" "--inverse"; do
    for plan in "4096 256" "512 64"; do
      read -r block group <<< "$plan"
      echo "## 2^16 moduli $1 batch $2 ${dir:-forward} block $block group $group"
      ./device-bin/xehe bench ntt --backend opencl --degree 65536 --moduli "$1" --batch "$2" \
        --variant four-step --local-block $block --group-size $group --reps 20 $dir 2>&1 \
        | grep -E "^\| four|rror"
    done
  done
done | tee "$OUT/primes.md"
