#!/usr/bin/env bash
# One device call for issue 18: `xehe bench ckks --special-primes K` on Phantom's parameter sets
# (SETS: "logN moduli K" triples; REPS, K_PIPE override), each routine checked word for word
# against the host evaluator first: multiply + relinearize, one rotation, 8 hoisted rotations
# against 8 separate ones, and the single operations around them. Then a profiled run at 2^16
# with 4 special primes (PROFILE=0 skips it: which kernels a key switch spends its time in) and
# the key-switching tests on the GPU (TESTS=0 skips them). Needs device-bin/ from
# benches/device/build-bundle.sh. Writes hybrid.md under $OUT (default device-out), and with it
# results.tar.gz holding hybrid.md, hybrid-<logN>-<K>.json and .md for each set, the profile
# and tests.txt (few files: the device tool returns only so many).
set -uo pipefail
source "$(dirname "$0")/setup.sh"
WORK=$(mktemp -d)
export RUST_BACKTRACE=1
status=0
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
: > "$OUT/hybrid.md"
SETS=${SETS:-"16 60,40x35,60x4 4;16 60,40x31,60 1;15 60,40x17,60x2 2;15 60,40x14,60x3 3;14 60,40x6,60 1"}
IFS=';' read -ra sets <<< "$SETS"
for set in "${sets[@]}"; do
  read -r logn bits k <<< "$set"
  start=$(date +%s%N)
  ./device-bin/xehe bench ckks --backend opencl --degree $((1 << logn)) --moduli "$bits" \
    --special-primes "$k" --reps "${REPS:-10}" --pipelined "${K_PIPE:-10}" \
    --routines "${ROUTINES:-MulLin,Rotate,Rotate8Hoisted,Rotate8,add,rescale,encrypt}" \
    --json "$WORK/hybrid-$logn-$k.json" > "$WORK/hybrid-$logn-$k.md" 2>&1 || status=1
  sed '/^Fusion/,$d' "$WORK/hybrid-$logn-$k.md" >> "$OUT/hybrid.md"
  echo "command wall time: $(ms "$start") ms" >> "$OUT/hybrid.md"
  echo >> "$OUT/hybrid.md"
done
if [ "${PROFILE:-1}" != 0 ]; then
  start=$(date +%s%N)
  ./device-bin/xehe bench ckks --backend opencl --degree 65536 --moduli 60,40x35,60x4 \
    --special-primes 4 --reps 5 --pipelined 5 --routines MulLin,Rotate,Rotate8Hoisted \
    --profile "$WORK/profile-16-4" > "$WORK/profile-16-4.md" 2>&1 || status=1
  echo "profiled run (2^16, 4 special primes): $(ms "$start") ms" >> "$OUT/hybrid.md"
  rm -f "$WORK/profile-16-4/trace.json" "$WORK/profile-16-4/profile.csv"
fi
if [ "${TESTS:-1}" != 0 ]; then
  : > "$WORK/tests.txt"
  for t in ckks_hybrid ckks_hoisted ckks_device_ops ckks_device_offload ckks_device_codec ckks_device_rotations ntt_rns; do
    ./device-bin/$t >> "$WORK/tests.txt" 2>&1 || status=1
  done
  grep -E "^test |test result" "$WORK/tests.txt" >> "$OUT/hybrid.md"
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$OUT/hybrid.md" 2>&1
cat "$OUT/hybrid.md"
cp "$OUT/hybrid.md" "$WORK/" && tar czf "$OUT/results.tar.gz" -C "$WORK" .
exit $status
