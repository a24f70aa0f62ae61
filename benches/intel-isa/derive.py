#!/usr/bin/env python3
"""Per-butterfly, per-MAC and per-product figures from count.py's output (run.sh runs it).

  python3 benches/intel-isa/derive.py OUT      reads OUT/opcodes/*.txt, writes OUT/derived.tsv

The unit is lanes per work-item: the sum of the execution sizes of the instructions (count.py's
`lanes`) divided by the kernel's SIMD width, i.e. the instructions one work-item's share costs
if every instruction is one lane-op (no per-opcode rates). Only the dumps that are in ocloc's
binary are used. Method per kernel:

- ntt_fwd_local_radix8 / ntt_fwd_stage: one iteration of the radix-8 chunk loop is one
  work-item's 8 words: 8 loads from local memory, 7 twiddle pairs, 12 butterflies (3 rounds of
  4), 8 stores. When IGC unrolled the butterfly tree the hot loop is that chunk loop and a
  butterfly is its lanes / SIMD / 12. When it did not (pvc 64-bit: IGC's retry keeps
  xehe_fwd_tree's loops over s, b and e, with x[] in private memory) the hot loop is the e loop
  inside the b loop inside the s loop inside the chunk loop; their bodies run 1, 3, 7 and 12
  times per chunk (s < 3; 2^s blocks; h = 4, 2, 1 butterflies per block), so a butterfly is
  (chunk - s) + 3 (s - b) + 7 (b - e) + 12 e lanes (each loop less the loop it contains),
  / SIMD / 12.
- ks_mac: one iteration of the digit loop is one digit j: the x word (from ct when j is the
  row's own digit, otherwise from ext: an if/else), two key words, two MACs (acc0, acc1) and,
  in the 32-bit build, the fold after every 16th digit (an if). A steady digit (not own, no
  fold) is the loop less the first forward-branch region (the own-digit side) and, for 32-bit
  words, less the largest region (the fold); a MAC is half of that. The fold is given on its own.
- poly_mul / poly_mad: no loop; one work-item is one coefficient: the whole kernel / SIMD.
"""
import ast
import glob
import os
import re
import sys

BUTTERFLIES = 12


def load(path):
    text = open(path).read()
    simd = int(re.search(r"^# SIMD(\d+)", text, re.M).group(1))
    kernel = ast.literal_eval(re.search(r"^kernel: (\{.*\})", text, re.M).group(1))
    loops = {}
    for m in re.finditer(r"^L(\d+) instructions (\d+)\.\.(\d+)(?: \(contains L([\d,]+)\))?: (\{.*\})", text, re.M):
        loops[int(m.group(1))] = {"a": int(m.group(2)), "b": int(m.group(3)),
                                  "inner": [int(x) for x in m.group(4).split(",")] if m.group(4) else [],
                                  **ast.literal_eval(m.group(5))}
    regions = [ast.literal_eval(m.group(2)) | {"at": int(m.group(1))}
               for m in re.finditer(r"^L\d+ forward \w+ at (\d+) skips \S+: (\{.*\})", text, re.M)]
    return simd, kernel, loops, regions


def hot_loop(loops):
    innermost = [k for k, l in loops.items() if not l["inner"]]
    return max(innermost, key=lambda k: (loops[k]["mul"], -k)) if innermost else None


def main():
    out = sys.argv[1]
    rows = []
    for path in sorted(glob.glob(os.path.join(out, "opcodes", "*.txt"))):
        name = os.path.basename(path)[:-4]
        if name.endswith(".not-in-binary"):
            continue
        module, dev, kernel = name.split(".")
        word = 32 if module.endswith("_w32") else 64
        simd, k, loops, regions = load(path)
        if kernel in ("ntt_fwd_local_radix8", "ntt_fwd_stage"):
            hot = hot_loop(loops)
            # The loops that contain the hot loop, outermost first; the outermost is the
            # while loop over chunks, the next the chunk loop.
            chain = sorted([j for j, l in loops.items() if hot in l["inner"]],
                           key=lambda j: loops[j]["a"]) + [hot]
            chain = chain[1:]
            weights = {1: [1], 4: [1, 3, 7, 12]}.get(len(chain))
            if weights is None:
                sys.exit(f"derive.py: {name}: unexpected loop nest {chain}")
            lanes = mul = 0
            for i, (j, w) in enumerate(zip(chain, weights)):
                inner = loops[chain[i + 1]] if i + 1 < len(chain) else {"lanes": 0, "mul_lanes": 0}
                lanes += w * (loops[j]["lanes"] - inner["lanes"])
                mul += w * (loops[j]["mul_lanes"] - inner["mul_lanes"])
            how = ("L%d / SIMD / 12" % hot if len(chain) == 1 else
                   "(L%d-L%d + 3(L%d-L%d) + 7(L%d-L%d) + 12 L%d) / SIMD / 12" %
                   (chain[0], chain[1], chain[1], chain[2], chain[2], chain[3], chain[3]))
            rows.append([kernel, "butterfly", dev, word, simd, lanes / simd / BUTTERFLIES,
                         mul / simd / BUTTERFLIES, "", how])
        elif kernel == "ks_mac":
            hot = hot_loop(loops)
            l = loops[hot]
            own = regions[0]
            fold = max(regions[1:], key=lambda r: r["lanes"]) if word == 32 else None
            lanes = l["lanes"] - own["lanes"] - (fold["lanes"] if fold else 0)
            mul = l["mul_lanes"] - own["mul_lanes"] - (fold["mul_lanes"] if fold else 0)
            how = (f"(L{hot} - own side after {own['at']}"
                   + (f" - fold after {fold['at']}" if fold else "") + ") / SIMD / 2")
            rows.append([kernel, "MAC", dev, word, simd, lanes / simd / 2, mul / simd / 2,
                         f"{fold['lanes'] / simd:.1f} lanes, {fold['mul_lanes'] / simd:.1f} mul lanes per fold (2 accumulators)" if fold else "no fold", how])
        else:
            rows.append([kernel, "coefficient", dev, word, simd, k["lanes"] / simd,
                         k["mul_lanes"] / simd, "", "whole kernel / SIMD"])
    rows.sort(key=lambda r: (r[0], r[2], r[3]))
    with open(os.path.join(out, "derived.tsv"), "w") as f:
        f.write("kernel\tunit\tdevice\tword\tsimd\tlanes_per_unit\tmul_lanes_per_unit\textra\tmethod\n")
        for r in rows:
            f.write("\t".join(f"{x:.2f}" if isinstance(x, float) else str(x) for x in r) + "\n")
    print(open(os.path.join(out, "derived.tsv")).read(), end="")


if __name__ == "__main__":
    main()
