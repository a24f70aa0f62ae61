#!/usr/bin/env bash
# Builds what a device run needs (no Rust toolchain there) into device-bin/ (ignored; named in
# the device tool's `carry`): the release xehe binary and the device test binaries (not
# kernel_registry: it checks the spirv-kernels/ of the checkout it was built in, a path the device
# machine lacks, and runs nothing on a device).
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release --bin xehe
rm -rf device-bin && mkdir -p device-bin
cp target/release/xehe device-bin/
for t in poly_kernels device_runtime sim_model ntt_device ntt_rns ckks_device_ops ckks_device_offload ckks_device_codec ckks_device_rotations ckks_batch ckks_hybrid ckks_hoisted bootstrap ntt_kernels_w32 ckks_device_tier32 key_switch_windows ckks_tier32; do
  exe=$(cargo test --release --test "$t" --no-run --message-format=json 2>/dev/null \
    | T="$t" python3 -c 'import json,os,sys
for l in sys.stdin:
    m=json.loads(l)
    if m.get("reason")=="compiler-artifact" and m.get("executable") and m["target"]["name"]==os.environ["T"]: print(m["executable"])')
  cp "$exe" "device-bin/$t"
done
# Symbols are not needed there, and the device tool carries at most 64 MiB with the tree.
strip device-bin/*
ls -la device-bin
