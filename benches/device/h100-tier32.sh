#!/usr/bin/env bash
# Issue 41 step 7 on the H100: the 32-bit tier on the device. First the device = host tests on
# NVIDIA's OpenCL (every operation at every level of two families, word for word), then
# `bench ckks --word-bits 32` at N = 2^16 with n16-w32-s40 (44 primes, 1248 bits of q, at the top
# level; 12 special primes, dnum 4), every routine checked against the host, beside the 64-bit
# set of about the same q (60,40x35,60x4, K = 4: 1520 bits) for the same routines. Then, when
# device-bin-base/ is there, the 64-bit control against this build (h100-ab.sh's routines).
# Writes tier32.md, tier32.json, w64.md, w64.json, tests.txt and ab.md under $OUT.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
status=0
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > "$OUT/machine.txt" 2>&1
for t in ckks_device_tier32 key_switch_windows; do
  echo "## $t" >> "$OUT/tests.txt"
  CI=true "./device-bin/$t" >> "$OUT/tests.txt" 2>&1 || status=1
done
grep -E "^test |test result" "$OUT/tests.txt"
routines=${ROUTINES:-MulLin,MulLinRS,Rotate,Rotate8Hoisted,add,multiply_plain,rescale}
./device-bin/xehe bench ckks --backend opencl --degree 65536 --word-bits 32 \
  --family n16-w32-s40 --routines "$routines" --reps "${REPS:-20}" --pipelined 10 \
  --json "$OUT/tier32.json" > "$OUT/tier32.md" 2>&1 || status=1
cat "$OUT/tier32.md"
./device-bin/xehe bench ckks --backend opencl --degree 65536 --moduli 60,40x35,60x4 \
  --special-primes 4 --routines "$routines" --reps "${REPS:-20}" --pipelined 10 \
  --json "$OUT/w64.json" > "$OUT/w64.md" 2>&1 || status=1
cat "$OUT/w64.md"
if [ -x device-bin-base/xehe ] && [ "${AB:-1}" = 1 ]; then
  ROUNDS=${ROUNDS:-2} ROUTINES=MulLin,Rotate8Hoisted bash "$(dirname "$0")/h100-ab.sh" > /dev/null || status=1
fi
exit $status
