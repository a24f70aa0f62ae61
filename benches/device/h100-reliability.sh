#!/usr/bin/env bash
# One device call for issue 14 on the NVIDIA GPU through its OpenCL driver (needs device-bin/
# from benches/device/build-bundle.sh):
#  1. a long soak: `xehe soak`, 8 threads, 20000 mixed operations on the GPU's one tile, each
#     checked against the host evaluator, the memory cache back at its baseline;
#  2. the demo with its profile, and a check that every per-operation total of profile.json
#     fits in the run's wall time (the report once summed 643 s into a 5 s run);
#  3. a benchmark larger than the GPU's memory: refused with the numbers (exit 2), no abort.
# Writes everything under $OUT (default: ./device-out).
set -uo pipefail
source "$(dirname "$0")/setup.sh"
export RUST_BACKTRACE=0
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1
  uname -r; lscpu | grep 'Model name'
} > "$OUT/machine.txt"

{
  echo "## xehe soak --backend opencl --threads 8 --ops 20000 (N = 8192, 60,40x4,60)"
  /usr/bin/time -v ./device-bin/xehe soak --backend opencl --threads 8 --ops 20000 \
    --degree 8192 --moduli 60,40x4,60 --json "$OUT/soak.json" 2>&1
  echo "exit status: $?"
} > "$OUT/soak.txt" 2>&1

{
  echo "## xehe demo --backend opencl --profile $OUT/demo-profile"
  start=$(date +%s.%N)
  ./device-bin/xehe demo --backend opencl --profile "$OUT/demo-profile" 2>&1
  echo "exit status: $?"
  end=$(date +%s.%N)
  echo "process wall: $(python3 -c "print(f'{$end - $start:.3f}')") s"
  python3 - "$OUT/demo-profile/profile.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
wall = p["window"]["wall_ns"]
print(f"profiled wall {wall/1e3:.1f} µs, device window {p['window']['device_window_ns']/1e3:.1f} µs")
worst = 0
for op in p["operations"]:
    for k in ("device_span_ns", "kernel_ns", "queue_wait_ns"):
        worst = max(worst, op[k])
        assert op[k] <= wall, (op["operation"], k, op[k], wall)
    print(f"{op['operation']}: {op['invocations']} invocations, device span {op['device_span_ns']/1e3:.1f} µs, "
          f"kernels {op['kernel_ns']/1e3:.1f} µs, queue wait {op['queue_wait_ns']/1e3:.1f} µs, "
          f"mean span {op['mean_device_span_ns']/1e3:.1f} µs")
print(f"largest operation total {worst/1e3:.1f} µs <= wall {wall/1e3:.1f} µs: ok")
PY
} > "$OUT/demo-profile.txt" 2>&1

{
  echo "## xehe bench kernels --degree 65536 --moduli 60x32 --polys 1300 (four device arrays of 20 GiB: 81 GiB, more than the GPU has; the five host arrays fit)"
  ./device-bin/xehe bench kernels --backend opencl --degree 65536 --moduli 60x32 --polys 1300 2>&1
  echo "exit status: $?"
  echo "## xehe bench ntt --degree 131072 --batch 100000000"
  ./device-bin/xehe bench ntt --backend opencl --degree 131072 --batch 100000000 2>&1
  echo "exit status: $?"
} > "$OUT/oom.txt" 2>&1
tail -n 30 "$OUT"/*.txt
