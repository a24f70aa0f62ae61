#!/usr/bin/env bash
# Key-switching kernels on the H100 in one call: a same-session A/B of BUILDS (name=folder pairs,
# default the control device-bin-base/ against the candidate device-bin/) on the 2^16,
# 60,40x35,60x4, K = 4 set (h100-ab.sh, ROUNDS alternations, 0 for none, ROUTINES); then each
# build of PLAN_BUILDS under each block/group of PLANS (XEHE_NTT_BLOCK / XEHE_NTT_GROUP, which
# apply to every NTT, so a control build under the same plan separates one kernel's change),
# profiled, PLAN_ROUTINES; then the GPU tests named in TESTS with NVIDIA's OpenCL.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
status=0
mkdir -p "$OUT/ab" "$OUT/plans"
if [ "${ROUNDS:-2}" -gt 0 ]; then
  OUT="$OUT/ab" ROUNDS="${ROUNDS:-2}" ROUTINES="${ROUTINES:-MulLin,Rotate,Rotate8Hoisted}" \
    bash benches/device/h100-ab.sh > /dev/null 2>&1 || status=1
  cat "$OUT/ab/ab.md"
fi
# Each build of PLAN_BUILDS under each plan, profiled (a plan applies to every NTT, so the
# control build under the same plan separates one kernel's change from the other transforms).
for plan in ${PLANS-1024/128 2048/256 1024/64}; do
  set -- ${plan/\// }
  for pair in ${PLAN_BUILDS:-candidate=device-bin}; do
    tag="${pair%%=*}-block$1-group$2"
    echo "## $tag"
    XEHE_NTT_BLOCK=$1 XEHE_NTT_GROUP=$2 profiled_k4 "./${pair#*=}/xehe" "$OUT/plans" "$tag" \
      "${PLAN_ROUTINES:-MulLin,Rotate}" || status=1
  done
done
for t in ${TESTS-ntt_rns ckks_hybrid ckks_device_ops ckks_device_offload ckks_device_codec ckks_device_rotations}; do
  ./device-bin/$t --test-threads 1 > "$OUT/test-$t.txt" 2>&1 || status=1
  echo "$t: $(grep -E '^test result' "$OUT/test-$t.txt")"
done
exit $status
