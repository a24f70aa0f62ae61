#!/usr/bin/env bash
# Same-session A/B of bootstrapping: `xehe bench bootstrap` (n16, N = 2^16, full slots) by each
# build of BUILDS (name=folder pairs, default the control device-bin-base/ and the candidate
# device-bin/), alternating for ROUNDS rounds (default 2), REPS timed bootstraps each (default
# 5); the first round of each build also writes its per-operation profile. Then, unless
# MULLIN=0, multiply + relinearize at the top level of Cheddar's 64-bit bootstrapping set
# (26 primes: 50, 12 x 40, 13 x 55; 7 special primes of 56 bits, so dnum 4) by each build.
# Then the candidate alone at the other special-prime counts of SPECIALS (default 2 3 4 5:
# dnum 13, 9, 7, 6) on the same 26 primes, for the choice of dnum.
# With N15=1, the last build of BUILDS also bootstraps the n15 preset (N = 2^15) once, REPS
# timed. Writes ab.md and results.tar.gz (the JSON and the profiles' tables) under $OUT.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
WORK=$(mktemp -d)
status=0
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
: > "$OUT/ab.md"
for round in $(seq 1 "${ROUNDS:-2}"); do
  for pair in ${BUILDS:-base=device-bin-base candidate=device-bin}; do
    build=${pair%%=*}
    bin=./${pair#*=}/xehe
    tag="$build-$round"
    profile=()
    [ "$round" = 1 ] && profile=(--profile "$WORK/profile-$tag")
    start=$(date +%s%N)
    {
      echo "## bootstrap $tag ($bin)"
      "$bin" bench bootstrap --backend opencl --degree 65536 --reps "${REPS:-5}" \
        --json "$WORK/bootstrap-$tag.json" "${profile[@]}" 2>&1 || status=1
      echo "command wall time: $(ms "$start") ms"
      echo
    } >> "$OUT/ab.md"
    rm -f "$WORK/profile-$tag/trace.json" "$WORK/profile-$tag/profile.csv"
  done
done
if [ "${MULLIN:-1}" != 0 ]; then
  for pair in ${BUILDS:-base=device-bin-base candidate=device-bin}; do
    build=${pair%%=*}
    bin=./${pair#*=}/xehe
    {
      echo "## MulLin at 26 primes, 7 special (dnum 4): $build"
      "$bin" bench ckks --backend opencl --degree 65536 --moduli 50,40x12,55x13,56x7 \
        --special-primes 7 --reps "${REPS:-5}" --pipelined 5 --routines MulLin,Rotate 2>&1 || status=1
      echo
    } >> "$OUT/ab.md"
  done
  cand=${BUILDS:-base=device-bin-base candidate=device-bin}
  cand=./${cand##*=}/xehe
  for k in ${SPECIALS-2 3 4 5}; do
    {
      echo "## MulLin at 26 primes, $k special: candidate"
      "$cand" bench ckks --backend opencl --degree 65536 --moduli "50,40x12,55x13,56x$k" \
        --special-primes "$k" --reps "${REPS:-5}" --pipelined 5 --routines MulLin,Rotate 2>&1 || status=1
      echo
    } >> "$OUT/ab.md"
  done
fi
if [ "${N15:-0}" = 1 ]; then
  last=${BUILDS:-base=device-bin-base candidate=device-bin}
  last=./${last##*=}/xehe
  start=$(date +%s%N)
  {
    echo "## bootstrap n15 ($last)"
    "$last" bench bootstrap --backend opencl --degree 32768 --reps "${REPS:-5}" \
      --json "$WORK/bootstrap-n15.json" --profile "$WORK/profile-n15" 2>&1 || status=1
    echo "command wall time: $(ms "$start") ms"
    echo
  } >> "$OUT/ab.md"
  rm -f "$WORK/profile-n15/trace.json" "$WORK/profile-n15/profile.csv"
fi
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu \
  --format=csv >> "$OUT/ab.md" 2>&1
cat "$OUT/ab.md"
cp "$OUT/ab.md" "$WORK/" && tar czf "$OUT/results.tar.gz" -C "$WORK" .
exit $status
