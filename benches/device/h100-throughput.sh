#!/usr/bin/env bash
# One device call for issue 17: `xehe bench ckks --pipelined K` at 2^14 with 60,40x6,60 (SETS, K,
# REPS override), profiled and unprofiled, then `xehe demo` with its wall-time split (and with
# HOST=1 `xehe bench host` on one core and on every core). Needs
# device-bin/ from benches/device/build-bundle.sh. Writes under $OUT (default device-out):
# throughput.md, pipelined-*.json, demo.txt, all of it also in results.tar.gz.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
export RUST_BACKTRACE=1
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
# The same bench waiting through clFinish instead of polling (unprofiled columns differ).
if [ -n "${BOTH_WAITS:-}" ]; then
  start=$(date +%s%N)
  XEHE_OPENCL_WAIT=finish ./device-bin/xehe bench ckks --backend opencl --degree 16384 \
    --moduli 60,40x6,60 --reps "${REPS:-20}" --pipelined "${K:-100}" \
    --routines add,multiply_plain,rescale,MulLin,Rotate --json "$OUT/pipelined-14-finish.json" \
    > "$OUT/pipelined-14-finish.md" 2>&1 || status=1
  echo "XEHE_OPENCL_WAIT=finish:" >> "$OUT/throughput.md"
  grep -A12 "^K calls queued" "$OUT/pipelined-14-finish.md" >> "$OUT/throughput.md"
  echo "command wall time: $(ms "$start") ms" >> "$OUT/throughput.md"
fi
# The element-wise kernels at the size of a ciphertext at 2^14 with 7 data primes.
if [ -n "${KERNELS:-}" ]; then
  for local in "" 128 256 512; do
    ./device-bin/xehe bench kernels --backend opencl --degree 16384 --moduli 60x7 --polys 2 \
      --reps 200 ${local:+--local $local} >> "$OUT/kernels-14.md" 2>&1 || status=1
  done
  grep -E "^\| (copy_u64|poly_add|poly_mul|poly_mad) " "$OUT/kernels-14.md" >> "$OUT/throughput.md"
fi
# The host path on one core and on every core of the device machine (HOST=1).
if [ -n "${HOST:-}" ]; then
  for t in 1 "$(nproc)"; do
    ./device-bin/xehe bench host --degree 16384 --moduli 60,40x6,60 --threads "$t" --reps 10 \
      --json "$OUT/host-14-$t.json" > "$OUT/host-14-$t.md" 2>&1 || status=1
    cat "$OUT/host-14-$t.md" >> "$OUT/throughput.md"
  done
fi
if [ -z "${NO_DEMO:-}" ]; then
  start=$(date +%s%N)
  ./device-bin/xehe demo --backend opencl > "$OUT/demo.txt" 2>&1 || status=1
  echo "command wall time: $(ms "$start") ms" >> "$OUT/demo.txt"
  grep -E "^(Total|Wall|Device busy|Device profile|  )" "$OUT/demo.txt" >> "$OUT/throughput.md"
  tail -1 "$OUT/demo.txt" >> "$OUT/throughput.md"
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$OUT/throughput.md" 2>&1
cat "$OUT/throughput.md"
tar czf /tmp/results.tar.gz -C "$OUT" . && mv /tmp/results.tar.gz "$OUT/"
exit $status
