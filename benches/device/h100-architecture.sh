#!/usr/bin/env bash
# One device call for issue 15 (architecture): the same benchmarks from the binary built before
# the restructuring (device-before/xehe, commit in device-before/commit) and after it
# (device-bin/xehe), interleaved round by round on one GPU so that drift hits both alike; then
# the NTT and CKKS device tests of the new build (every operation word for word against the
# host). Needs device-before/ and device-bin/ (benches/device/build-bundle.sh). Writes under
# $OUT: ckks-{before,after}-R-LOGN.json, ntt-{before,after}-R.json, runs.txt, tests.txt.
set -uo pipefail
source "$(dirname "$0")/setup.sh"
export RUST_BACKTRACE=1
status=0
: > "$OUT/runs.txt"
for round in ${ROUNDS:-1 2 3}; do
  for side in before after; do
    bin=./device-bin/xehe
    [[ $side == before ]] && bin=./device-before/xehe
    IFS=';' read -ra sets <<< "${SETS:-14 60,40x6,60;15 60,40x7,60;16 60,40x31,60}"
    for set in "${sets[@]}"; do
      read -r logn bits <<< "$set"
      echo "== round $round $side ckks 2^$logn $bits" >> "$OUT/runs.txt"
      $bin bench ckks --backend opencl --degree $((1 << logn)) --moduli "$bits" --reps "${REPS:-30}" \
        --json "$OUT/ckks-$side-$round-$logn.json" >> "$OUT/runs.txt" 2>&1 || status=1
    done
    echo "== round $round $side ntt 2^16 x 64 forward" >> "$OUT/runs.txt"
    $bin bench ntt --backend opencl --degree "${NTT_DEGREE:-65536}" --moduli 60x1 --batch 64 --variant local-radix8 \
      --reps 30 --json "$OUT/ntt-$side-$round.json" >> "$OUT/runs.txt" 2>&1 || status=1
  done
done
for t in ${TESTS-ntt_device ntt_rns ckks_device_ops ckks_device_offload ckks_device_codec ckks_device_rotations poly_kernels device_runtime kernel_registry sim_model}; do
  ./device-bin/$t --test-threads=2 >> "$OUT/tests.txt" 2>&1 || status=1
done
grep -E "^test result|FAILED|panicked" "$OUT/tests.txt"
python3 - "$OUT" <<'PY'
import glob, json, os, statistics, sys
out = sys.argv[1]
rows = {}
for f in sorted(glob.glob(f"{out}/ckks-*.json")):
    side, rnd, logn = os.path.basename(f)[5:-5].split("-")
    r = json.load(open(f))
    for row in r.get("rows", []):
        key = (int(logn), row.get("routine") or row.get("name"))
        rows.setdefault(key, {}).setdefault(side, []).append((row.get("span_us"), row.get("wall_us")))
print("| N | routine | before span µs | after span µs | before wall µs | after wall µs |")
print("| --- | --- | ---: | ---: | ---: | ---: |")
for (logn, name), sides in sorted(rows.items()):
    def med(side, i):
        v = [x[i] for x in sides.get(side, []) if x[i] is not None]
        return f"{statistics.median(v):.1f}" if v else "-"
    print(f"| 2^{logn} | {name} | {med('before',0)} | {med('after',0)} | {med('before',1)} | {med('after',1)} |")
ntt = {}
for f in sorted(glob.glob(f"{out}/ntt-*.json")):
    side = os.path.basename(f).split("-")[1]
    for row in json.load(open(f)).get("rows", []):
        ntt.setdefault(side, []).append(row["median_us"])
print()
print("| NTT 2^16 × 64, local-radix8, forward | before µs | after µs |")
print("| --- | ---: | ---: |")
m = lambda s: f"{statistics.median(ntt[s]):.1f}" if ntt.get(s) else "-"
print(f"| median of the rounds' medians | {m('before')} | {m('after')} |")
PY
exit $status
