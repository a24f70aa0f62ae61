#!/usr/bin/env bash
# One device call: where xehe.tenseal's evaluate phase spends its time on the GPU (issue 42).
#   (a) benches/python/op_profile.py on python/examples/encrypted_lr.py, backend opencl, at
#       N = 8192 and 16384: every evaluator, encoder and vector call of each phase with its wall
#       time and the calling thread's CPU time (host work against waiting);
#   (b) the device's own time for the same operations at N = 8192 on the example's primes
#       (50,30,30,30,60): `xehe bench ckks`, profiled, so that (a)'s host time can be set
#       against the GPU's.
# Needs .whl/ (the xehe and TenSEAL wheels, see h100-python.sh) and device-bin/xehe from the
# same commit. Settings: SAMPLES (128), DEGREES (8192,16384). Writes under $OUT:
# profile.md (everything printed), op-profile-N.json, bench-8192.md and its profile.md.
set -euo pipefail
source "$(dirname "$0")/setup.sh"
export PYTHONUNBUFFERED=1 RUST_BACKTRACE=1 XEHE_BACKEND=opencl
SITE=${SITE:-/tmp/site}
DEGREES=${DEGREES:-8192,16384}
LOG="$OUT/profile.md"
: > "$LOG"
fail() { echo "h100-python-profile.sh: FAILED: $*" | tee -a "$LOG" >&2; exit 1; }
say() { echo "$*" | tee -a "$LOG"; }
start=$(date +%s)

say "# issue 42: where xehe.tenseal's evaluate phase spends its time"
say
source "$(dirname "$0")/python-site.sh"
say "CLI: $(./device-bin/xehe --version 2>&1 | head -1)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 | tee -a "$LOG" || true
say "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores"

status=0
# The first process on a fresh machine builds the kernels from OpenCL C (cached on disk after):
# a short run first, so that the runs below time warm processes.
timeout 300 python3 benches/python/op_profile.py -- --samples 2 > /dev/null 2>&1 ||
  fail "op_profile.py's warm-up run failed"
for degree in ${DEGREES//,/ }; do
  say
  say "## encrypted_lr.py, N = $degree, ${SAMPLES:-128} samples"
  timeout 300 python3 benches/python/op_profile.py --json "$OUT/op-profile-$degree.json" -- \
    --samples "${SAMPLES:-128}" --poly-modulus-degree "$degree" 2>&1 | tee -a "$LOG" ||
    { say "op_profile.py failed at N = $degree"; status=1; }
done

say
say "## The device's time for the example's operations, N = 8192, 50,30,30,30,60"
./device-bin/xehe bench ckks --backend opencl --degree 8192 --moduli 50,30,30,30,60 --reps 20 \
  --pipelined 50 --profile "$OUT/profile-8192" > "$OUT/bench-8192.md" 2>&1 ||
  { say "bench ckks failed (bench-8192.md)"; status=1; }
rm -f "$OUT/profile-8192/trace.json" "$OUT/profile-8192/profile.csv" "$OUT/profile-8192/profile.json"
tee -a "$LOG" < "$OUT/bench-8192.md" > /dev/null
sed -n '/^| routine | launches/,/^$/p' "$OUT/bench-8192.md" | tee /dev/stderr > /dev/null
say
say "script wall time: $(( $(date +%s) - start )) s"
exit $status
