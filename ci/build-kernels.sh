#!/usr/bin/env bash
# Compiles kernels-cl/*.cl to SPIR-V in spirv-kernels/ (clang-15 -target spir64, llvm-spirv-15),
# validates each module with spirv-val, and checks that ocloc builds it for Intel dg2 (Arc) and
# pvc (Data Center GPU Max). The .spv files are committed; the crate embeds them.
#
#   bash ci/build-kernels.sh          rebuild spirv-kernels/*.spv
#   bash ci/build-kernels.sh --check  rebuild into a temporary folder and fail when a committed
#                                     .spv differs from what its source gives (CI runs this)
#   bash ci/build-kernels.sh --native DIR
#                                     also keep ocloc's native binaries in DIR
#                                     (<module>_<core><target>.bin), for XEHE_ZE_NATIVE_DIR
#   XEHE_SKIP_OCLOC=1                 skip the ocloc step (it takes ~10 s per module and target)
#
# The native binaries are not shipped: up to 130 KB per module and target (2.1 MB for the 13
# modules on dg2 and pvc) against 216 KB of SPIR-V for all of them, and each is tied to the IGC
# version that built it, while the SPIR-V builds on any driver. CI builds them all (the check
# below) and throws them away.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=build
native=""
case "${1:-}" in
  --check) mode=check ;;
  --native)
    native=${2:?--native needs a folder}
    mkdir -p "$native"
    native=$(cd "$native" && pwd)
    ;;
esac

for tool in clang-15 opt-15 llvm-spirv-15 spirv-val; do
  command -v "$tool" >/dev/null || { echo "build-kernels: $tool not found; run ci/install-deps.sh" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
# Extensions the kernels may use (sub-group shuffles join with the NTT variants).
exts="+cl_khr_subgroups,+cl_khr_subgroup_shuffle,+cl_intel_subgroups"

# A source may be built more than once: a line "// xehe-build: NAME=FLAGS NAME=FLAGS ..." names
# each module and its extra clang flags (ntt_subgroup.cl: one module per sub-group size), and
# "// xehe-ocloc-skip: NAME:DEVICE ..." names the targets that cannot run one (pvc has no SIMD8).
builds() {
  local src=$1 line
  line=$(grep -m1 '^// xehe-build:' "$src" || true)
  if [[ -z "$line" ]]; then
    echo "$(basename "$src" .cl)="
  else
    for spec in ${line#// xehe-build:}; do echo "$spec"; done
  fi
}

expected=()
for src in kernels-cl/*.cl; do
  skips=$(grep -m1 '^// xehe-ocloc-skip:' "$src" | sed 's|^// xehe-ocloc-skip:||' || true)
  while IFS= read -r spec; do
  name=${spec%%=*}
  flags=${spec#*=}
  flags=${flags//,/ }
  expected+=("$name")
  ll="$work/$name.ll"
  bc="$work/$name.bc"
  spv="$work/$name.spv"
  # Not clang -O2: its loop rotation lays a loop's latch block before its header, which
  # llvm-spirv-15 copies into SPIR-V that spirv-val (and Intel's driver) reject, and at -O1+ big
  # inline helpers can stay external calls that NEO cannot link. So: unoptimised IR with the O0
  # noinline marks removed, then our own pass list (inline, SROA, full unrolling of the
  # constant-trip register loops, cleanup, and function-attrs so read-only buffers carry NoWrite)
  # without loop rotation. Drivers optimise further. The inline threshold is lifted so that
  # every helper taking a radix (`const uint log_r`) is inlined into each kernel: left as a call,
  # the radix is a run-time value, the register array x[16] is indexed dynamically, and Intel's
  # compiler puts it in memory (2–4 KiB of private memory per thread on dg2, which also made NEO
  # abort creating those kernels; scratch spills on pvc). benches/results/intel-spills/ has the
  # driver's figures before and after.
  # shellcheck disable=SC2086
  clang-15 -cl-std=CL2.0 -target spir64 -O0 -Xclang -disable-O0-optnone -emit-llvm -S \
    -Xclang -finclude-default-header -Xclang "-cl-ext=$exts" $flags \
    -include kernels-cl/common/word.h -include kernels-cl/common/mod_arith.h \
    -include kernels-cl/common/ntt_core.h \
    -include kernels-cl/common/steps.h "$src" -o "$ll"
  sed -i -E 's/\bnoinline\b//g' "$ll"
  opt-15 -inline-threshold=100000 -passes='inline,sroa,early-cse,instcombine,simplifycfg,loop-unroll<full-unroll-max=16>,sroa,instcombine,simplifycfg,gvn,instcombine,cgscc(function-attrs)' \
    "$ll" -o "$bc"
  llvm-spirv-15 --spirv-ext=+all "$bc" -o "$spv"
  spirv-val "$spv"
  if [[ "$mode" == check ]]; then
    if ! cmp -s "$spv" "spirv-kernels/$name.spv"; then
      echo "build-kernels: spirv-kernels/$name.spv is stale: rebuild with bash ci/build-kernels.sh and commit it" >&2
      status=1
    fi
  else
    cp "$spv" "spirv-kernels/$name.spv"
  fi
  if [[ "${XEHE_SKIP_OCLOC:-0}" != 1 ]]; then
    command -v ocloc >/dev/null || { echo "build-kernels: ocloc not found; run ci/install-deps.sh" >&2; exit 1; }
    for dev in dg2 pvc; do
      [[ " $skips " == *" $name:$dev "* ]] && continue
      if ! ocloc compile -spirv_input -file "$spv" -device "$dev" -output "$name" -out_dir "$work/ocloc" \
           >"$work/ocloc-$name-$dev.log" 2>&1; then
        echo "build-kernels: ocloc failed for $name on $dev:" >&2
        cat "$work/ocloc-$name-$dev.log" >&2
        status=1
      fi
    done
    if [[ -n "$native" ]]; then
      cp "$work/ocloc/${name}"_*.bin "$native/"
    fi
  fi
  echo "build-kernels: $name ok ($(stat -c %s "$spv") bytes of SPIR-V)"
  done < <(builds "$src")
done

# A committed .spv with no source left behind is stale too.
for spv in spirv-kernels/*.spv; do
  [[ -e "$spv" ]] || continue
  name=$(basename "$spv" .spv)
  if [[ " ${expected[*]} " != *" $name "* ]]; then
    echo "build-kernels: spirv-kernels/$name.spv has no source in kernels-cl/" >&2
    status=1
  fi
done
exit $status
