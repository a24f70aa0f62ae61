#!/usr/bin/env bash
# The hardening and restructuring session's checks on the H100, in one call:
# 1. the device test binaries in device-bin/ (benches/device/build-bundle.sh) on NVIDIA's OpenCL;
# 2. the kernel program cache on NVIDIA: `demo --quick` three times, cold (ours and the driver's
#    caches empty), warm with ours, and with ours off (the driver's own cache warm), wall times;
# 3. the same-session A/B of the control (device-bin-base/, the commit before the session) and
#    this build on the 2^16, 60,40x35,60x4, K = 4 set (benches/device/h100-ab.sh), so that the
#    unsafe launches' checks and the moves are seen to cost nothing.
# PARTS (default "tests cache ab") picks the parts. Writes tests.md, cache.md, ab.md, and the
# logs as tests.tar.gz and demo.tar.gz, under $OUT.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
status=0
PARTS=${PARTS:-tests cache ab}
LOGS=$(mktemp -d)
# Not CI=true: NVIDIA's OpenCL cannot split a device into tiles, so the two-tile tests say
# SKIPPED here (they run on PoCL and Intel's runtime in CI) instead of failing.
[[ " $PARTS " == *" tests "* ]] && {
  echo "# Device tests on NVIDIA's OpenCL"
  for t in device-bin/*; do
    name=$(basename "$t")
    case "$name" in xehe) continue ;; esac
    start=$(date +%s.%N)
    if "$t" --test-threads=1 > "$LOGS/test-$name.log" 2>&1; then result=ok; else result=FAILED; status=1; fi
    end=$(date +%s.%N)
    printf -- "- %s: %s (%s), %.1f s\n" "$name" "$result" \
      "$(grep -E '^test result' "$LOGS/test-$name.log" | tail -1)" "$(awk -v a="$start" -v b="$end" 'BEGIN{print b-a}')"
    grep -ho 'SKIPPED .*' "$LOGS/test-$name.log" | sed 's/^/  - /'
  done
} > "$OUT/tests.md" && cat "$OUT/tests.md"
[[ " $PARTS " == *" tests "* ]] && tar czf "$OUT/tests.tar.gz" -C "$LOGS" .

WORK=$(mktemp -d)
export HOME=$WORK/home XDG_CACHE_HOME=$WORK/cache
mkdir -p "$HOME" "$XDG_CACHE_HOME"
demo() { # TAG [ENV...]
  local tag=$1; shift
  local start end
  start=$(date +%s.%N)
  env "$@" ./device-bin/xehe demo --quick --backend opencl --no-profile > "$LOGS/demo-$tag.out" 2> "$LOGS/demo-$tag.err" || status=1
  end=$(date +%s.%N)
  printf -- "- %s: %.2f s wall; stderr says building: %s\n" "$tag" "$(awk -v a="$start" -v b="$end" 'BEGIN{print b-a}')" \
    "$(grep -c 'building kernels' "$LOGS/demo-$tag.err")"
}
[[ " $PARTS " == *" cache "* ]] && {
  echo "# Kernel cache on NVIDIA's OpenCL (demo --quick --no-profile, process wall time)"
  demo cold
  demo warm
  demo ours-off XEHE_KERNEL_CACHE=off
  echo "- cache entries: $(ls "$XDG_CACHE_HOME/xehe/kernels" 2>/dev/null | wc -l)"
} > "$OUT/cache.md" && cat "$OUT/cache.md"
unset HOME XDG_CACHE_HOME
[[ " $PARTS " == *" cache "* ]] && tar czf "$OUT/demo.tar.gz" -C "$LOGS" --wildcards 'demo-*'

if [[ " $PARTS " == *" ab "* ]]; then
  ROUNDS=${ROUNDS:-2} ROUTINES=${ROUTINES:-MulLin,Rotate,Rotate8Hoisted,rescale} \
    bash "$(dirname "$0")/h100-ab.sh" || status=1
fi
nvidia-smi --query-gpu=name,driver_version --format=csv >> "$OUT/tests.md" 2>&1
exit $status
