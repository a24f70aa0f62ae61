#!/usr/bin/env bash
# Same-session A/B of builds on the 2^16, 60,40x35,60x4, K = 4 set: the NTT (compute-bound) ran
# several percent apart between sessions while ks_mac (bandwidth-bound) did not move, so a kernel
# change is judged only against a control run on the same machine in the same call. BUILDS
# lists name=folder pairs, each folder holding an xehe built from one commit (default: the
# control device-bin-base/, built from the base commit, and the candidate device-bin/ from
# benches/device/build-bundle.sh). ROUNDS alternations (default 2), each a profiled
# `bench ckks` of ROUTINES per build. Writes ab.md and results.tar.gz under $OUT.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
WORK=$(mktemp -d)
status=0
: > "$OUT/ab.md"
for round in $(seq 1 "${ROUNDS:-2}"); do
  for pair in ${BUILDS:-base=device-bin-base candidate=device-bin}; do
    build=${pair%%=*}
    bin=./${pair#*=}/xehe
    tag="$build-$round"
    {
      echo "## $tag ($bin)"
      profiled_k4 "$bin" "$WORK" "$tag" "${ROUTINES:-MulLin,Rotate,Rotate8Hoisted,rescale}" || status=1
      echo
    } >> "$OUT/ab.md"
  done
done
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu \
  --format=csv >> "$OUT/ab.md" 2>&1
cat "$OUT/ab.md"
tar czf "$OUT/results.tar.gz" -C "$WORK" .
exit $status
