#!/usr/bin/env bash
# Runs each fuzz target of fuzz/ (cargo-fuzz, libFuzzer) for a bounded time, seeded with SEAL's
# files (tests/data/seal/io) and the hostile ones (tests/data/seal/hostile: decompression bombs,
# parameters of 64 primes at N = 2^16).
#
#   bash ci/fuzz.sh [--install] [SECONDS_PER_TARGET]      (default 60 seconds)
#
# Needs a nightly toolchain and cargo-fuzz; --install installs what is missing (rustup toolchain
# install nightly --profile minimal; cargo install cargo-fuzz --locked). Each input must load
# within 2 GiB and 30 seconds. Exit status: 0 when every target ran its time clean, 1 when one
# found a failure (the input is under fuzz/artifacts/TARGET/), 2 for bad usage or a missing tool.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "usage: bash ci/fuzz.sh [--install] [SECONDS_PER_TARGET]" >&2
  exit 2
}

install=false
seconds=60
for arg in "$@"; do
  case "$arg" in
  --install) install=true ;;
  -h | --help) usage ;;
  *)
    [[ "$arg" =~ ^[1-9][0-9]*$ ]] || usage
    seconds="$arg"
    ;;
  esac
done

if ! cargo +nightly --version >/dev/null 2>&1; then
  if ! $install; then
    echo "ci/fuzz.sh: no nightly toolchain: rustup toolchain install nightly --profile minimal (or run with --install)" >&2
    exit 2
  fi
  rustup toolchain install nightly --profile minimal
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  if ! $install; then
    echo "ci/fuzz.sh: no cargo-fuzz: cargo install cargo-fuzz --locked (or run with --install)" >&2
    exit 2
  fi
  cargo install cargo-fuzz --locked
fi

# The fuzz crate is a workspace of its own: start its lock from the project's, so that it
# builds the versions the tests run.
[[ -f fuzz/Cargo.lock ]] || cp Cargo.lock fuzz/Cargo.lock

io=tests/data/seal/io
hostile=tests/data/seal/hostile
seeds=target/fuzz-seeds
rm -rf "$seeds"
mkdir -p "$seeds/load_objects" "$seeds/load_parameters"

# SEAL's files compressed as SEAL saved them, and uncompressed (the parsers behind the codec
# are reached sooner) where the zstd program is at hand.
plain() { # FILE -> the same object uncompressed, on stdout
  local size
  size=$(($(tail -c +17 "$1" | zstd -dc | wc -c) + 16))
  head -c 5 "$1"
  printf '\0\0\0'
  python3 -c "import struct,sys; sys.stdout.buffer.write(struct.pack('<Q', $size))"
  tail -c +17 "$1" | zstd -dc
}
have_zstd=false
if command -v zstd >/dev/null && command -v python3 >/dev/null; then
  have_zstd=true
else
  echo "ci/fuzz.sh: no zstd or python3 program: seeding with SEAL's compressed files only" >&2
fi

# load_objects: the first byte picks the loader (0 secret key, 1 public key, 2 relinearization
# keys, 3 Galois keys, 4 plaintext, 5 ciphertext, 6 inspect with the parameters, 7 without).
seed_object() { # FILE PICK...
  local file=$1 name
  name=$(basename "$file")
  shift
  for pick in "$@"; do
    { printf "\\x$(printf %02x "$pick")"; cat "$file"; } >"$seeds/load_objects/$pick-$name"
    if $have_zstd && [[ $file == "$io"/* && $name != manifest.json ]]; then
      { printf "\\x$(printf %02x "$pick")"; plain "$file"; } >"$seeds/load_objects/$pick-plain-$name"
    fi
  done
}
seed_object "$io/secret.key" 0 6 7
seed_object "$io/public.key" 1 6 7
seed_object "$io/relin.key" 2 6 7
seed_object "$io/galois.key" 3 6 7
seed_object "$io/x.pt" 4 6 7
for ct in "$io"/*.ct; do
  seed_object "$ct" 5 6 7
done
seed_object "$io/parms.seal" 6 7
for bomb in "$hostile"/bomb-*.seal; do
  seed_object "$bomb" 3 5 6 7
done
seed_object "$hostile/parms-64-primes.seal" 6 7

# load_parameters: parameters, and the bombs (refused at the size of parameters).
cp "$io/parms.seal" "$hostile"/*.seal "$seeds/load_parameters/"
if $have_zstd; then
  plain "$io/parms.seal" >"$seeds/load_parameters/plain-parms.seal"
fi

status=0
for target in load_objects load_parameters; do
  echo "ci/fuzz.sh: $target for ${seconds}s from $(find "$seeds/$target" -type f | wc -l) seeds" >&2
  if ! cargo +nightly fuzz run "$target" "$seeds/$target" -- \
    -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=30 -print_final_stats=1; then
    echo "ci/fuzz.sh: $target failed: its input is under fuzz/artifacts/$target/" >&2
    status=1
  fi
done
exit $status
