# Sourced by every benches/device/h100-*.sh: runs from the repository root, makes $OUT (default
# device-out) and points the OpenCL loader at NVIDIA's driver unless told otherwise.
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
OUT=${OUT:-device-out}
mkdir -p "$OUT"
export OCL_ICD_FILENAMES=${OCL_ICD_FILENAMES:-libnvidia-opencl.so.1}
