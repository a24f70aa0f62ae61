#!/usr/bin/env bash
# Issue 17's figures on this machine's CPU OpenCL runtimes (no targets there): `xehe bench ckks
# --pipelined K` at 2^14 with 60,40x6,60 on PoCL and on Intel's OpenCL runtime for CPUs (the pip
# venv ci/install-deps.sh makes). OUT (default benches/results/cpu-opencl-<date>), REPS, K.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-benches/results/cpu-opencl-$(date +%F)}
mkdir -p "$OUT"
cargo build --release --bin xehe
status=0
args=(bench ckks --backend opencl --degree 16384 --moduli 60,40x6,60 --reps "${REPS:-3}"
  --pipelined "${K:-10}")
intel_venv="${XEHE_INTEL_OCL_VENV:-$HOME/.cache/xehe/intel-ocl-venv}"
mkdir -p target/no-icd-vendors
{ nproc; grep -m1 "model name" /proc/cpuinfo; } > "$OUT/machine.txt"
target/release/xehe "${args[@]}" --json "$OUT/pocl.json" > "$OUT/pocl.md" 2>&1 || status=1
env OCL_ICD_FILENAMES="$intel_venv/lib/libintelocl.so" OCL_ICD_VENDORS="$PWD/target/no-icd-vendors" \
  LD_LIBRARY_PATH="$intel_venv/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  target/release/xehe "${args[@]}" --json "$OUT/intel-cpu.json" > "$OUT/intel-cpu.md" 2>&1 || status=1
exit $status
