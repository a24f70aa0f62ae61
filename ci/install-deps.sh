#!/usr/bin/env bash
# Installs what building and testing xehe needs on a fresh Debian 12 machine, idempotently:
#  - the Rust components the checks use (rustfmt, clippy);
#  - the OpenCL runtimes the tests run on: PoCL (CPU device, sub-device partitioning) through the
#    ICD loader, and Intel's NEO (intel-opencl-icd, libze1) for the Intel path;
#  - the kernel toolchain: clang-15 + opt-15 (llvm-15) + llvm-spirv-15 (OpenCL C → SPIR-V), spirv-tools (spirv-val),
#    ocloc (in intel-opencl-icd: SPIR-V → native dg2/pvc binaries); libze-dev for the Level Zero
#    headers; clinfo for people;
#  - the real SEAL for the interoperability checks: TenSEAL 0.3.18 (SEAL 4.3 inside) from pip, in
#    a virtual environment (Debian's Python refuses system-wide pip installs), at
#    $XEHE_SEAL_VENV (default ~/.cache/xehe/seal-venv).
# Packages already present are left alone; apt runs only when something is missing.
set -euo pipefail

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
fi

packages=(
  ocl-icd-libopencl1 ocl-icd-opencl-dev opencl-headers pocl-opencl-icd clinfo
  intel-opencl-icd libze1 libze-dev
  clang-15 llvm-15 llvm-spirv-15 spirv-tools
  python3 python3-venv
)
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if ((${#missing[@]})); then
  echo "ci/install-deps.sh: installing ${missing[*]}"
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "ci/install-deps.sh: apt-get not found; install these packages by hand: ${missing[*]}" >&2
    exit 1
  fi
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null 2>&1 || { echo "ci/install-deps.sh: need root or sudo to install ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null
fi

seal_venv="${XEHE_SEAL_VENV:-$HOME/.cache/xehe/seal-venv}"
if ! "$seal_venv/bin/python" -c "import tenseal.sealapi" >/dev/null 2>&1; then
  echo "ci/install-deps.sh: installing tenseal==0.3.18 (the real SEAL) into $seal_venv"
  python3 -m venv "$seal_venv"
  "$seal_venv/bin/python" -m pip install --quiet --disable-pip-version-check tenseal==0.3.18 </dev/null
fi
