#!/usr/bin/env bash
# The project's test command (README): system packages, the committed SPIR-V against its
# sources, formatting, lints, and every test of the workspace (cpu-sim and OpenCL on PoCL).
#
# Under CI=true everything must run: a missing package, OpenCL platform or SEAL is a failure.
# Elsewhere (say, without root to install packages) what cannot run is skipped, each skip is
# printed where it happens, and the list of everything skipped closes the run.
set -euo pipefail
cd "$(dirname "$0")/.."

export XEHE_MISSING_DEPS="$PWD/target/ci-missing-deps.txt"
export XEHE_SKIP_LOG="$PWD/target/ci-skipped.txt"
mkdir -p target
: >"$XEHE_SKIP_LOG"

bash ci/install-deps.sh
missing() { grep -qx "$1" "$XEHE_MISSING_DEPS" 2>/dev/null; }
skip() { echo "SKIPPED $1" | tee -a "$XEHE_SKIP_LOG" >&2; }

if missing clang-15 || missing llvm-15 || missing llvm-spirv-15 || missing spirv-tools; then
  skip "ci/build-kernels.sh --check: the SPIR-V toolchain (clang-15, llvm-spirv-15, spirv-tools) is missing"
else
  bash ci/build-kernels.sh --check
fi
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
# The fuzz targets are a workspace of their own that ci/fuzz.sh builds with nightly; checked
# here on stable so that a change to the loaders cannot break them unnoticed. Their lock starts
# from the project's, as in ci/fuzz.sh.
if missing g++; then
  skip "cargo check of the fuzz targets: no C++ compiler (g++) for libfuzzer-sys"
else
  [[ -f fuzz/Cargo.lock ]] || cp Cargo.lock fuzz/Cargo.lock
  cargo check --manifest-path fuzz/Cargo.toml --bins
fi
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --lib
# Both crates package with their metadata, and the packaged xehe builds on its own (the
# verification build, 45 s on two cores). A plain `cargo package` takes both crates (the
# workspace's default members), so xehe's dependency on level-zero-sys resolves before that is
# published (a publisher publishes level-zero-sys first).
cargo package --offline --allow-dirty --quiet
cargo test --workspace
# The OpenCL tests again on Intel's OpenCL runtime for CPUs, alone on the ICD loader's list:
# the committed SPIR-V executes (PoCL takes the OpenCL C), with Intel sub-groups and two tiles.
if missing intel-opencl-rt; then
  skip "OpenCL tests on Intel's CPU runtime: intel-opencl-rt could not be installed"
else
  intel_venv="${XEHE_INTEL_OCL_VENV:-$HOME/.cache/xehe/intel-ocl-venv}"
  mkdir -p target/no-icd-vendors
  intel_env=(OCL_ICD_FILENAMES="$intel_venv/lib/libintelocl.so"
    OCL_ICD_VENDORS="$PWD/target/no-icd-vendors"
    LD_LIBRARY_PATH="$intel_venv/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}")
  cargo build --release --bin xehe
  # The tests below must run on Intel's device, not on whatever else the loader finds.
  # Captured, not piped into `grep -q`: under pipefail, grep leaving early must not fail the check.
  if ! intel_devices=$(env "${intel_env[@]}" target/release/xehe devices) ||
    ! grep -q "Intel(R) OpenCL" <<<"$intel_devices"; then
    echo "ci/test.sh: Intel's OpenCL runtime in $intel_venv does not load" >&2
    exit 1
  fi
  env "${intel_env[@]}" cargo test --test poly_kernels --test device_runtime --test opencl_build_log --test ntt_device --test ntt_kernels_w32 --test ntt_device_w32 --test ntt_rns \
    --test ckks_device_ops --test ckks_device_offload --test ckks_device_codec --test ckks_device_rotations \
    --test ckks_batch --test ckks_hoisted --test ckks_hybrid --test bootstrap --test soak --test profile_reports \
    --test memory_limits --test kernel_cache --test launch_reach --test key_switch_kernels_w32 \
    --test key_switch_windows --test ckks_device_tier32 \
    --test poly_kernels_w32
  # ---- Device pool across platforms (issue 43): PoCL and Intel's CPU runtime in one process,
  # two root devices of two platforms (the loader takes both libraries, colon-separated); every
  # result checked against the host, by the tests and by the throughput benchmark. ----
  if missing pocl-opencl-icd; then
    skip "the two-platform device pool: PoCL is missing"
  else
    two_platforms=(OCL_ICD_FILENAMES="$(</etc/OpenCL/vendors/pocl.icd):$intel_venv/lib/libintelocl.so"
      OCL_ICD_VENDORS="$PWD/target/no-icd-vendors"
      LD_LIBRARY_PATH="$intel_venv/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}")
    env "${two_platforms[@]}" XEHE_EXPECT_PLATFORMS=2 cargo test --test device_pool
    env "${two_platforms[@]}" target/release/xehe bench ckks --devices all --degree 8192 \
      --moduli 50,40,40,50 --batch 8 --json target/pool-two-platforms.json
    grep -q '"device": "opencl:1"' target/pool-two-platforms.json
  fi
  # ---- end of the two-platform device pool ----
fi
# Intel's driver emulating an Arc GPU (the default run above emulates a Data Center GPU Max).
XEHE_NEO_PRODUCT=dg2 cargo test --test intel_neo_opencl
XEHE_NEO_PRODUCT=dg2 cargo test --test intel_neo_level_zero
# Interoperability with the real SEAL both ways (examples/seal_roundtrip.py): SEAL's files
# evaluated by the xehe CLI on cpu-sim and OpenCL (PoCL) and decrypted by SEAL; xehe's keys and
# ciphertexts used by SEAL.
cargo build --release --bin xehe
backends=cpu-sim,opencl
if missing pocl-opencl-icd || missing ocl-icd-libopencl1; then
  skip "examples/seal_roundtrip.py on OpenCL: PoCL or the ICD loader is missing (cpu-sim only)"
  backends=cpu-sim
fi
if missing tenseal || missing python3-venv; then
  skip "examples/seal_roundtrip.py: the real SEAL (tenseal) could not be installed"
else
  "${XEHE_SEAL_VENV:-$HOME/.cache/xehe/seal-venv}/bin/python" examples/seal_roundtrip.py \
    --xehe target/release/xehe --backends "$backends"
fi

# The runnable examples, each checking its own result, on cpu-sim and on OpenCL (PoCL).
for backend in ${backends//,/ }; do
  for example in basic_ckks device_offload matrix_product seal_files bootstrap_logistic; do
    XEHE_BACKEND=$backend cargo run --release --quiet --example "$example" -- "target/examples/$example"
  done
done
# ---- The Python package (python/, its own workspace) -------------------------------------
# Its Rust code formatted and linted; the wheel built by `maturin build --release` and
# installed into a fresh venv with pytest, NumPy and TenSEAL 0.3.18 (the real TenSEAL for the
# interoperability tests); pytest over the core API and xehe.tenseal on the host, cpu-sim and
# PoCL. It shares target/ with the builds above (its Cargo.lock starts from the project's).
if missing python3-venv; then
  skip "the Python package: python3-venv is missing"
else
  export CARGO_TARGET_DIR="$PWD/target"
  cargo fmt --manifest-path python/Cargo.toml -- --check
  cargo clippy --manifest-path python/Cargo.toml --all-targets -- -D warnings
  py_venv="$PWD/target/python-venv"
  rm -rf "$py_venv" target/wheels
  python3 -m venv "$py_venv"
  "$py_venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    maturin pytest numpy tenseal==0.3.18 </dev/null
  (cd python && "$py_venv/bin/maturin" build --release --quiet --out ../target/wheels)
  "$py_venv/bin/python" -m pip install --quiet --disable-pip-version-check target/wheels/xehe-*.whl </dev/null
  # From python/tests, so that `import xehe` finds the installed wheel, not python/xehe.
  (cd python/tests && XEHE_TEST_BACKENDS="host,$backends" "$py_venv/bin/python" -m pytest -q .)
  unset CARGO_TARGET_DIR
fi
# ------------------------------------------------------------------------------------------

# The Windows build: cross-built and linted, then its host and cpu-sim tests and the CLI run
# under wine (ci/windows.sh).
if missing windows-target || missing gcc-mingw-w64-x86-64; then
  skip "the Windows build: the x86_64-pc-windows-gnu target or MinGW-w64 is missing"
elif missing wine64; then
  skip "running the Windows build: wine64 is missing (built and linted only)"
  WINDOWS_RUN=no bash ci/windows.sh
else
  bash ci/windows.sh
fi

if [[ -s "$XEHE_SKIP_LOG" ]]; then
  echo
  echo "Skipped in this run ($(wc -l <"$XEHE_SKIP_LOG") item(s); under CI=true none may be):"
  sort -u "$XEHE_SKIP_LOG" | sed 's/^/  /'
else
  echo "Nothing was skipped."
fi
