#!/usr/bin/env bash
# One device call: `xehe devices`, the device tests, and the mad_mod-vs-copy benchmark on the
# NVIDIA GPU through its OpenCL driver. Needs device-bin/ from benches/device/build-bundle.sh.
# Writes everything under $OUT (default: ./device-out).
set -uo pipefail
source "$(dirname "$0")/setup.sh"
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1
  uname -r; lscpu | grep 'Model name'
} > "$OUT/machine.txt"
export RUST_BACKTRACE=0
{
  echo "## xehe devices"; ./device-bin/xehe devices 2>&1
  echo "## XEHE_TILES=2 xehe devices"; XEHE_TILES=2 ./device-bin/xehe devices 2>&1
  echo "## xehe devices with no OpenCL ICD"; OCL_ICD_FILENAMES= OCL_ICD_VENDORS=/nonexistent ./device-bin/xehe devices 2>&1
} > "$OUT/devices.txt"
./device-bin/xehe devices --json > "$OUT/devices.json" 2>&1
status=0
for t in kernel_registry sim_model poly_kernels device_runtime; do
  echo "## $t"
  # spirv_modules_are_the_committed_files reads the source tree by its build-time path.
  ./device-bin/$t --test-threads=4 --nocapture  2>&1 || status=1
done > "$OUT/tests.txt"
# NVIDIA cannot partition; the host's PoCL (OpenCL device 1 there) runs the 2-tile tests.
{
  echo "## poly_kernels and device_runtime on OpenCL device 1"
  XEHE_DEVICE=1 ./device-bin/poly_kernels --test-threads=4 --nocapture 2>&1 || status=1
  XEHE_DEVICE=1 ./device-bin/device_runtime --test-threads=4 --nocapture 2>&1 || status=1
} >> "$OUT/tests.txt"
grep -E "^## |^test |test result|skipping" "$OUT/tests.txt"
for local in default 128 256 512 1024; do
  flag=(); [[ $local != default ]] && flag=(--local "$local")
  ./device-bin/xehe bench kernels --backend opencl --degree 65536 --moduli 60x32 --polys 2 --reps 100 \
    "${flag[@]}" --json "$OUT/bench-kernels-$local.json" >> "$OUT/bench-kernels.md" 2>&1 || status=1
  echo >> "$OUT/bench-kernels.md"
done
cat "$OUT/devices.txt" "$OUT/bench-kernels.md"
exit $status
