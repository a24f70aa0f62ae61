#!/usr/bin/env bash
# One device call: the PTX that NVIDIA's OpenCL compiler makes of ks_mac for two builds
# (bisect/base/xehe and bisect/cand/xehe, carried in bisect.tar.xz), read from each build's
# kernel cache (XEHE_KERNEL_CACHE: on NVIDIA the cached program binary is PTX text). Writes
# ks_mac-base.ptx and ks_mac-cand.ptx under $OUT and prints the register declarations and the
# opcode counts that differ. Used for benches/results/h100-2026-11-26-w32-mac-loops.
set -uo pipefail
tar xJf bisect.tar.xz && export OCL_ICD_FILENAMES=libnvidia-opencl.so.1
for b in base cand; do
  XEHE_KERNEL_CACHE=/tmp/kc-$b ./bisect/$b/xehe bench ckks --backend opencl --degree 4096 --moduli 30x4,40x2 --special-primes 2 --reps 1 --routines MulLin > /dev/null 2>&1
  ls -la /tmp/kc-$b | head -30
done
for b in base cand; do
  for f in /tmp/kc-$b/*; do
    if grep -aq "ks_mac" "$f"; then
      echo "== $b $f $(stat -c %s $f)"
      # the ks_mac entry's PTX, from its .entry line to the next .entry
      awk '/\.entry ks_mac\(/{p=1} p&&/\.entry/&&!/\.entry ks_mac\(/{p=0} p' "$f" > $OUT/ks_mac-$b.ptx
      wc -l $OUT/ks_mac-$b.ptx
      grep -cE "mul\.(lo|hi)|mad" $OUT/ks_mac-$b.ptx
      grep -E "^\s+\.(local|reg)" $OUT/ks_mac-$b.ptx | head -12
    fi
  done
done
diff <(grep -oE "^\s+[a-z]+(\.[a-z0-9]+)*" $OUT/ks_mac-base.ptx | sort | uniq -c) <(grep -oE "^\s+[a-z]+(\.[a-z0-9]+)*" $OUT/ks_mac-cand.ptx | sort | uniq -c)
