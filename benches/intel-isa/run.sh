#!/usr/bin/env bash
# Intel ISA of the 32-bit and 64-bit kernels, without Intel hardware (issue 41, step 4 of
# docs/design/word32.md): builds the committed SPIR-V (spirv-kernels/) with the ocloc that
# ci/build-kernels.sh uses, for dg2 (Arc) and pvc (Data Center GPU Max, default and large register
# file), with IGC's shader dumps on, and counts the instructions of the kernels named in
# benches/intel-isa/count.py. Results and method: benches/results/intel-isa-word32/README.md.
#
#   bash benches/intel-isa/run.sh [OUT]     (OUT defaults to benches/results/intel-isa-word32)
#   XEHE_ISA_DUMPS=DIR                      keep IGC's full dumps in DIR (several MB per module
#                                           and device); otherwise they go to a temporary
#                                           folder that is removed at the end
#
# OUT gets counts.tsv, opcodes/ and loops/ (count.py), derived.tsv (derive.py) and versions.txt.
# ocloc runs one at a time. Nothing runs on a GPU: the counts are of the program text IGC
# generates. Fails when ocloc is missing, a build fails, or IGC writes no dump.
set -euo pipefail
cd "$(dirname "$0")/../.."

command -v ocloc >/dev/null || { echo "intel-isa: ocloc not found; run ci/install-deps.sh (intel-opencl-icd)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "intel-isa: python3 not found" >&2; exit 1; }

out=${1:-benches/results/intel-isa-word32}
mkdir -p "$out"
out=$(cd "$out" && pwd)
if [[ -n "${XEHE_ISA_DUMPS:-}" ]]; then
  dumps=$XEHE_ISA_DUMPS
  mkdir -p "$dumps"
else
  dumps=$(mktemp -d)
  trap 'rm -rf "$dumps"' EXIT
fi
dumps=$(cd "$dumps" && pwd)

modules="ntt_forward ntt_forward_w32 key_switch key_switch_w32 poly_elementwise poly_elementwise_w32"
# pvc-large-grf: pvc with the large register file (256 GRF, half the threads per core), as
# XEHE_ZE_LARGE_GRF=1 asks Level Zero for (-ze-opt-large-register-file).
for cfg in dg2 pvc pvc-large-grf; do
  dev=${cfg%%-*}
  opts=()
  [[ "$cfg" == *-large-grf ]] && opts=(-options -ze-opt-large-register-file)
  for mod in $modules; do
    spv=spirv-kernels/$mod.spv
    [[ -f "$spv" ]] || { echo "intel-isa: $spv missing" >&2; exit 1; }
    dir="$dumps/$mod.$cfg"
    rm -rf "$dir"
    mkdir -p "$dir"
    if ! IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir="$dir" \
         ocloc compile -spirv_input -file "$spv" -device "$dev" "${opts[@]}" -output "$mod" -out_dir "$dumps/bin-$cfg" \
         >"$dumps/ocloc-$mod-$cfg.log" 2>&1; then
      echo "intel-isa: ocloc failed for $mod on $cfg:" >&2
      cat "$dumps/ocloc-$mod-$cfg.log" >&2
      exit 1
    fi
    # The kernel heaps of the binary ocloc wrote: count.py picks, among several dumps of one
    # kernel (IGC's retry after a spill), the one that is in the binary.
    bin=$(ls "$dumps/bin-$cfg/${mod}_XE_"*"_CORE$dev.bin")
    ocloc disasm -file "$bin" -device "$dev" -dump "$dir/heap" >"$dumps/disasm-$mod-$cfg.log" 2>&1 \
      || { echo "intel-isa: ocloc disasm failed for $bin" >&2; cat "$dumps/disasm-$mod-$cfg.log" >&2; exit 1; }
    ls "$dir"/*.asm >/dev/null 2>&1 || { echo "intel-isa: ocloc wrote no ISA dump for $mod on $cfg (IGC_ShaderDumpEnable ignored?)" >&2; exit 1; }
    echo "intel-isa: $mod on $cfg: $(ls "$dir"/*.asm | wc -l) kernels dumped" >&2
  done
done

rm -rf "$out/opcodes" "$out/loops"
python3 benches/intel-isa/count.py "$dumps" "$out" >/dev/null
python3 benches/intel-isa/derive.py "$out" >/dev/null
{
  (cd "$dumps" && ocloc query OCL_DRIVER_VERSION >/dev/null 2>&1 && echo "ocloc query OCL_DRIVER_VERSION: $(tr -d '\0' <OCL_DRIVER_VERSION)") || true
  dpkg-query -W -f='${Package} ${Version}\n' intel-opencl-icd libigc1 libigdfcl1 2>/dev/null || true
  for mod in $modules; do echo "$mod.spv sha256 $(sha256sum "spirv-kernels/$mod.spv" | cut -d' ' -f1)"; done
} >"$out/versions.txt"
echo "intel-isa: wrote $out/counts.tsv" >&2
