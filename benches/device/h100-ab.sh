#!/usr/bin/env bash
# Same-session A/B of two builds on the 2^16, 60,40x35,60x4, K = 4 set: the H100's clock differs
# between sessions by several percent for the NTT (compute-bound) while ks_mac (bandwidth-bound)
# does not move, so a kernel change is judged only against a control run on the same machine in
# the same call. device-bin-base/xehe is the control (build it from the base commit), device-bin/
# the candidate (benches/device/build-bundle.sh). ROUNDS alternations (default 2), each a
# profiled `bench ckks` of ROUTINES per build. Writes ab.md and results.tar.gz under $OUT.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
WORK=$(mktemp -d)
status=0
: > "$OUT/ab.md"
for round in $(seq 1 "${ROUNDS:-2}"); do
  for build in base candidate; do
    bin=./device-bin/xehe
    [ "$build" = base ] && bin=./device-bin-base/xehe
    tag="$build-$round"
    "$bin" bench ckks --backend opencl --degree 65536 --moduli 60,40x35,60x4 \
      --special-primes 4 --reps "${REPS:-5}" --pipelined 5 \
      --routines "${ROUTINES:-MulLin,Rotate,Rotate8Hoisted,rescale}" \
      --profile "$WORK/profile-$tag" > "$WORK/bench-$tag.md" 2>&1 || status=1
    rm -f "$WORK/profile-$tag/trace.json" "$WORK/profile-$tag/profile.csv"
    {
      echo "## $tag ($bin)"
      grep -E "^\| (MulLin|Rotate|Rotate8Hoisted|rescale) \| [0-9]+ \|" "$WORK/bench-$tag.md" | head -4
      sed -n '/^## Kernels/,/^## Operations/p' "$WORK/profile-$tag/profile.md" | grep -E "^\| [a-z]"
      echo
    } >> "$OUT/ab.md"
  done
done
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu \
  --format=csv >> "$OUT/ab.md" 2>&1
cat "$OUT/ab.md"
tar czf "$OUT/results.tar.gz" -C "$WORK" .
exit $status
