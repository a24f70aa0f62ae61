#!/usr/bin/env bash
# Installs what building and testing xehe needs on a fresh Debian 12 machine, idempotently:
#  - the Rust components the checks use (rustfmt, clippy);
#  - the OpenCL runtimes the tests run on: PoCL (CPU device, sub-device partitioning) through the
#    ICD loader, and Intel's NEO (intel-opencl-icd, libze1) for the Intel path;
#  - a C++ compiler (g++): libfuzzer-sys compiles libFuzzer when the fuzz targets are checked;
#  - the kernel toolchain: clang-15 + opt-15 (llvm-15) + llvm-spirv-15 (OpenCL C → SPIR-V), spirv-tools (spirv-val),
#    ocloc (in intel-opencl-icd: SPIR-V → native dg2/pvc binaries); libze-dev for the Level Zero
#    headers; clinfo for people;
#  - the real SEAL for the interoperability checks: TenSEAL 0.3.18 (SEAL 4.3 inside) from pip, in
#    a virtual environment (Debian's Python refuses system-wide pip installs), at
#    $XEHE_SEAL_VENV (default ~/.cache/xehe/seal-venv);
#  - the Windows build: rustup's x86_64-pc-windows-gnu target, the MinGW-w64 cross compiler
#    (gcc-mingw-w64-x86-64) and wine64, which runs the Windows build's tests and CLI;
#  - Intel's OpenCL runtime for CPUs (intel-opencl-rt and intel-cmplr-lib-rt 2026.2.0 from pip,
#    no root needed) at $XEHE_INTEL_OCL_VENV (default ~/.cache/xehe/intel-ocl-venv): it runs the
#    committed SPIR-V with Intel sub-groups and two tiles, where PoCL runs the OpenCL C.
# Packages already present are left alone; apt runs only when something is missing.
#
# Without root or password-less sudo (and not under CI=true), missing packages are not fatal:
# each is named with what it enables, the list goes to $XEHE_MISSING_DEPS (default
# target/ci-missing-deps.txt) for ci/test.sh to skip what cannot run, and the script succeeds.
# Under CI=true anything missing that cannot be installed is an error.
set -euo pipefail

missing_file="${XEHE_MISSING_DEPS:-target/ci-missing-deps.txt}"
mkdir -p "$(dirname "$missing_file")"
: >"$missing_file"

# What each package enables, for the message when it cannot be installed.
declare -A enables=(
  [ocl-icd-libopencl1]="the OpenCL ICD loader (every OpenCL test)"
  [ocl-icd-opencl-dev]="the OpenCL ICD loader's development files"
  [opencl-headers]="OpenCL headers"
  [pocl-opencl-icd]="PoCL, the CPU OpenCL device the OpenCL tests run on"
  [clinfo]="clinfo (listing OpenCL devices by hand)"
  [intel-opencl-icd]="Intel's NEO in AUB mode and ocloc (SPIR-V builds for Arc / Data Center GPU Max)"
  [libze1]="the Level Zero loader (the Intel Level Zero tests)"
  [libze-dev]="Level Zero headers"
  [g++]="checking that the fuzz targets build (libfuzzer-sys compiles libFuzzer's C++)"
  [clang-15]="rebuilding the SPIR-V (ci/build-kernels.sh --check)"
  [llvm-15]="rebuilding the SPIR-V (opt-15)"
  [llvm-spirv-15]="rebuilding the SPIR-V (llvm-spirv-15)"
  [spirv-tools]="validating the SPIR-V (spirv-val)"
  [python3]="the interoperability checks with the real SEAL"
  [python3-venv]="the interoperability checks with the real SEAL (TenSEAL in a venv)"
  [gcc-mingw-w64-x86-64]="the Windows build (linker for x86_64-pc-windows-gnu)"
  [wine64]="running the Windows build's tests and CLI"
)

# Records packages that stay missing, or fails under CI=true.
give_up() {
  local why=$1
  shift
  if [[ "${CI:-}" == "true" ]]; then
    echo "ci/install-deps.sh: $why; cannot install: $*" >&2
    exit 1
  fi
  echo "ci/install-deps.sh: $why; these stay missing (the tests that need them are skipped):" >&2
  for p in "$@"; do
    echo "  $p: ${enables[$p]:-}" >&2
    echo "$p" >>"$missing_file"
  done
}

if ! command -v cargo >/dev/null 2>&1; then
  echo "ci/install-deps.sh: cargo not found; install Rust with rustup first (https://rustup.rs)" >&2
  exit 1
fi

if command -v rustup >/dev/null 2>&1; then
  installed=$(rustup component list --installed 2>/dev/null || true)
  for c in rustfmt clippy; do
    if ! grep -q "^$c" <<<"$installed"; then
      rustup component add "$c"
    fi
  done
  if ! rustup target list --installed 2>/dev/null | grep -x x86_64-pc-windows-gnu >/dev/null; then
    if ! rustup target add x86_64-pc-windows-gnu; then
      enables[windows-target]="the Windows build (rustup target x86_64-pc-windows-gnu)"
      give_up "rustup could not add the Windows target" windows-target
    fi
  fi
fi

packages=(
  ocl-icd-libopencl1 ocl-icd-opencl-dev opencl-headers pocl-opencl-icd clinfo
  intel-opencl-icd libze1 libze-dev
  g++ clang-15 llvm-15 llvm-spirv-15 spirv-tools
  python3 python3-venv
  gcc-mingw-w64-x86-64 wine64
)
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep "install ok installed" >/dev/null; then
    missing+=("$p")
  fi
done
if ((${#missing[@]})); then
  sudo=()
  can_install=yes
  if ! command -v apt-get >/dev/null 2>&1; then
    give_up "apt-get not found" "${missing[@]}"
    can_install=no
  elif [[ $(id -u) -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      sudo=(sudo -n)
    else
      give_up "neither root nor password-less sudo" "${missing[@]}"
      can_install=no
    fi
  fi
  if [[ $can_install == yes ]]; then
    echo "ci/install-deps.sh: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null
  fi
fi

seal_venv="${XEHE_SEAL_VENV:-$HOME/.cache/xehe/seal-venv}"
if ! "$seal_venv/bin/python" -c "import tenseal.sealapi" >/dev/null 2>&1; then
  echo "ci/install-deps.sh: installing tenseal==0.3.18 (the real SEAL) into $seal_venv"
  if ! { python3 -m venv "$seal_venv" &&
    "$seal_venv/bin/python" -m pip install --quiet --disable-pip-version-check tenseal==0.3.18 </dev/null; }; then
    enables[tenseal]="the interoperability checks with the real SEAL"
    give_up "tenseal could not be installed into $seal_venv" tenseal
  fi
fi

intel_venv="${XEHE_INTEL_OCL_VENV:-$HOME/.cache/xehe/intel-ocl-venv}"
if [[ ! -e "$intel_venv/lib/libintelocl.so" ]]; then
  echo "ci/install-deps.sh: installing Intel's OpenCL runtime for CPUs into $intel_venv"
  if ! { python3 -m venv "$intel_venv" &&
    "$intel_venv/bin/python" -m pip install --quiet --disable-pip-version-check \
      intel-opencl-rt==2026.2.0 intel-cmplr-lib-rt==2026.2.0 </dev/null &&
    [[ -e "$intel_venv/lib/libintelocl.so" ]]; }; then
    enables[intel-opencl-rt]="the OpenCL tests on Intel's runtime (SPIR-V, sub-groups, two tiles)"
    give_up "Intel's OpenCL runtime could not be installed into $intel_venv" intel-opencl-rt
  fi
fi
