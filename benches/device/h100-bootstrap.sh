#!/usr/bin/env bash
# One device call for issue 19: `xehe bench bootstrap` with the n16 preset (N = 2^16, full
# slots; SPARSE lists sparse slot counts at 2^16) and the insecure n12/n13 presets on the GPU through OpenCL, each checked word for word
# against the host's bootstrap first; then the bootstrap tests on the GPU (TESTS=0 skips them).
# Needs device-bin/ from benches/device/build-bundle.sh. Writes bootstrap.md under $OUT
# (default device-out) and results.tar.gz holding it with the JSON of each run and tests.txt.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
WORK=$(mktemp -d)
export RUST_BACKTRACE=1
status=0
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
: > "$OUT/bootstrap.md"
for d in ${DEGREES:-65536 4096 8192}; do
  start=$(date +%s%N)
  flags=""
  [ "$d" != 65536 ] && flags="--insecure"
  ./device-bin/xehe bench bootstrap --backend opencl --degree "$d" $flags --reps "${REPS:-5}" \
    --json "$WORK/bootstrap-$d.json" --profile "$WORK/profile-$d" > "$WORK/bootstrap-$d.md" 2>&1 || status=1
  cat "$WORK/bootstrap-$d.md" >> "$OUT/bootstrap.md"
  echo "command wall time: $(ms "$start") ms" >> "$OUT/bootstrap.md"
  echo >> "$OUT/bootstrap.md"
done
# Sparse packing at N = 2^16 (SPARSE: slot counts; empty skips).
for n in ${SPARSE-4096}; do
  start=$(date +%s%N)
  ./device-bin/xehe bench bootstrap --backend opencl --degree 65536 --slots "$n" --reps "${REPS:-5}" \
    --json "$WORK/bootstrap-65536-$n.json" > "$WORK/bootstrap-65536-$n.md" 2>&1 || status=1
  cat "$WORK/bootstrap-65536-$n.md" >> "$OUT/bootstrap.md"
  echo "command wall time: $(ms "$start") ms" >> "$OUT/bootstrap.md"
  echo >> "$OUT/bootstrap.md"
done
if [ "${TESTS:-1}" != 0 ]; then
  ./device-bin/bootstrap > "$WORK/tests.txt" 2>&1 || status=1
  grep -E "^test |test result" "$WORK/tests.txt" >> "$OUT/bootstrap.md"
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$OUT/bootstrap.md" 2>&1
cat "$OUT/bootstrap.md"
cp "$OUT/bootstrap.md" "$WORK/" && tar czf "$OUT/results.tar.gz" -C "$WORK" .
exit $status
