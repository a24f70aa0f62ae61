#!/usr/bin/env bash
# One device call for issue 42's benchmark (docs/python.md), on a machine with Python >= 3.9,
# NumPy and pip but no network and no Rust:
#   (a) python/examples/encrypted_lr.py (a TenSEAL program) with TenSEAL on the CPU and with
#       xehe.tenseal on the GPU (backend opencl), at N = 8192 (the program as written) and
#       16384 (its --poly-modulus-degree, same primes): the answers checked against each other
#       and against the f64 computation, the evaluate phase's speedup printed;
#   (b) the Python layer's overhead: multiply + relinearize at 2^14 (60,40x6,60), K calls
#       queued and one wait, through Python against `xehe bench ckks --routines MulLin
#       --pipelined K` (its unprofiled figure), alternating.
# Both are benches/python/bench_tenseal.py; see its docstring for what is timed and checked.
#
# Needs at the repository root:
#   .whl/        the xehe wheel (`maturin build --release` in python/, abi3) and TenSEAL's wheel
#                for this Python (tenseal 0.3.18 cp312 manylinux_2_28); installed with --no-deps
#                into $SITE (default /tmp/site), nothing fetched;
#   device-bin/xehe  the CLI, built from the same commit as the wheel (the overhead compares the
#                same library).
# Settings: BACKENDS (opencl; "opencl,host" adds xehe on the CPU's cores), DEGREES (8192,16384),
# SAMPLES (128), REPEAT (3), K (100), BATCHES (20), ROUNDS (3),
# LIMIT_S (500: the benchmark is stopped, loudly, past it, so that what it printed comes back).
# Writes under $OUT (default device-out): python.md (everything printed), bench.json, all of
# it also in results.tar.gz. Exit status: the benchmark's (non-zero on any disagreement).
set -euo pipefail
source "$(dirname "$0")/setup.sh"
export PYTHONUNBUFFERED=1 RUST_BACKTRACE=1
SITE=${SITE:-/tmp/site}
LOG="$OUT/python.md"
: > "$LOG"
fail() { echo "h100-python.sh: FAILED: $*" | tee -a "$LOG" >&2; exit 1; }
say() { echo "$*" | tee -a "$LOG"; }
start=$(date +%s)

# ---- What must be here, checked before anything runs; the wheels installed ----
say "# issue 42: TenSEAL against xehe.tenseal, and the Python layer's overhead"
say
source "$(dirname "$0")/python-site.sh"
say "CLI: $(./device-bin/xehe --version 2>&1 | head -1)"
./device-bin/xehe devices 2>&1 | tee -a "$LOG" || fail "device-bin/xehe devices failed"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 | tee -a "$LOG" || true
say "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores"
say

# ---- The benchmark, under a time limit so that its output comes back ----
status=0
timeout --signal=TERM --kill-after=10 "${LIMIT_S:-500}" \
  python3 benches/python/bench_tenseal.py --backends "${BACKENDS:-opencl}" \
    --degrees "${DEGREES:-8192,16384}" --samples "${SAMPLES:-128}" --repeat "${REPEAT:-3}" \
    --calls "${K:-100}" --batches "${BATCHES:-20}" --rounds "${ROUNDS:-3}" \
    --xehe ./device-bin/xehe --out "$OUT/bench.json" 2>&1 | tee -a "$LOG" || status=${PIPESTATUS[0]}
if (( status == 124 || status == 137 )); then
  say "h100-python.sh: FAILED: the benchmark ran past LIMIT_S=${LIMIT_S:-500} s and was stopped"
elif (( status != 0 )); then
  say "h100-python.sh: FAILED: the benchmark exited $status"
fi
say
say "script wall time: $(( $(date +%s) - start )) s"
tar czf /tmp/results.tar.gz -C "$OUT" . && mv /tmp/results.tar.gz "$OUT/"
exit $status
