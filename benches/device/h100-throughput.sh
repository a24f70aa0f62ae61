#!/usr/bin/env bash
# One device call for issue 17: `xehe bench ckks --pipelined K` at 2^14 with 60,40x6,60 (SETS, K,
# REPS override), profiled and unprofiled, then `xehe demo` with its wall-time split. Needs
# device-bin/ from benches/device/build-bundle.sh. Writes under $OUT (default device-out):
# throughput.md, pipelined-*.json, demo.txt, all of it also in results.tar.gz.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-device-out}
mkdir -p "$OUT"
export OCL_ICD_FILENAMES=${OCL_ICD_FILENAMES:-libnvidia-opencl.so.1} RUST_BACKTRACE=1
status=0
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
: > "$OUT/throughput.md"
for set in ${SETS:-"14 60,40x6,60"}; do
  read -r logn bits <<< "$set"
  start=$(date +%s%N)
  ./device-bin/xehe bench ckks --backend opencl --degree $((1 << logn)) --moduli "$bits" \
    --reps "${REPS:-20}" --pipelined "${K:-100}" --json "$OUT/pipelined-$logn.json" \
    >> "$OUT/throughput.md" 2>&1 || status=1
  echo "command wall time: $(ms "$start") ms" >> "$OUT/throughput.md"
  echo >> "$OUT/throughput.md"
done
if [ -z "${NO_DEMO:-}" ]; then
  start=$(date +%s%N)
  ./device-bin/xehe demo --backend opencl > "$OUT/demo.txt" 2>&1 || status=1
  echo "command wall time: $(ms "$start") ms" >> "$OUT/demo.txt"
  grep -E "^(Total|Wall|GPU busy|  )" "$OUT/demo.txt" >> "$OUT/throughput.md"
  tail -1 "$OUT/demo.txt" >> "$OUT/throughput.md"
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$OUT/throughput.md" 2>&1
cat "$OUT/throughput.md"
tar czf /tmp/results.tar.gz -C "$OUT" . && mv /tmp/results.tar.gz "$OUT/"
exit $status
