# Sourced by every benches/device/h100-*.sh: runs from the repository root, makes $OUT (default
# device-out) and points the OpenCL loader at NVIDIA's driver unless told otherwise.
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
OUT=${OUT:-device-out}
mkdir -p "$OUT"
export OCL_ICD_FILENAMES=${OCL_ICD_FILENAMES:-libnvidia-opencl.so.1}

# profiled_k4 BIN DIR TAG ROUTINES: one profiled `bench ckks` of the 2^16, 60,40x35,60x4, K = 4
# set (REPS calls, default 5) by the xehe binary BIN into DIR/bench-TAG.md and DIR/profile-TAG/
# (its trace and CSV dropped, they are large); prints the routines' rows of one call and the
# profile's kernel table. Returns the bench's exit status.
profiled_k4() {
  local bin=$1 dir=$2 tag=$3 routines=$4 status=0
  "$bin" bench ckks --backend opencl --degree 65536 --moduli 60,40x35,60x4 \
    --special-primes 4 --reps "${REPS:-5}" --pipelined 5 --routines "$routines" \
    --profile "$dir/profile-$tag" > "$dir/bench-$tag.md" 2>&1 || status=1
  rm -f "$dir/profile-$tag/trace.json" "$dir/profile-$tag/profile.csv"
  sed -n '/^| routine | launches/,/^$/p' "$dir/bench-$tag.md" | grep -E "^\| [A-Za-z0-9_]+ \| [0-9]+ \|"
  sed -n '/^## Kernels/,/^## Operations/p' "$dir/profile-$tag/profile.md" 2>/dev/null | grep -E "^\| [a-z]"
  return $status
}
