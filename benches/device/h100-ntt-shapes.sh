#!/usr/bin/env bash
# Block × group sweep of the four-step NTT at the shapes one 2^16, 60,40x35,60x4 (K = 4) key
# switch transforms (one device call): the target's inverse (36 rows), the special rows'
# inverse (8 rows; 64 for 8 hoisted steps), ModDown's forward (72 rows; 576 for 8 steps) and
# the digits' forward (360 rows, of which the switch transforms 324). Small batches leave the
# H100's SMs partly idle in a launch's last wave, so the best plan may differ per shape.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
BIN=${BIN:-./device-bin/xehe}
for shape in "inverse 60,40x35 1" "inverse 60x4 2" "inverse 60x4 16" "forward 60,40x35 2" \
             "forward 60,40x35 16" "forward 60,40x35,60x4 9"; do
  set -- $shape
  dir=""; [ "$1" = inverse ] && dir="--inverse"
  for block in 4096 2048 1024 512; do
    for group in 64 128 256 512; do
      [ $group -gt $((block / 2)) ] && continue
      row=$("$BIN" bench ntt --backend opencl --degree 65536 --moduli "$2" --batch "$3" \
        --variant four-step --local-block $block --group-size $group --reps 20 $dir 2>&1 \
        | grep -E "^\| four-step" || echo "| four-step | failed |")
      echo "| $1 | $2 x $3 | $block | $group $row"
    done
  done
done | tee "$OUT/ntt-shapes.md"
