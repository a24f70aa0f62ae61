#!/usr/bin/env python3
"""Counts the instructions of IGC's ISA dumps (benches/intel-isa/run.sh makes them).

  python3 benches/intel-isa/count.py DUMPS OUT

DUMPS holds one folder per module and device (<module>.<device>/: IGC_DumpToCustomDir of one
`ocloc compile`, plus heap/, the kernel heaps `ocloc disasm` takes out of the binary). A kernel's
ISA is OCL_asm*_simd<S>_entry_<k>.asm (an attempt that IGC abandoned under -abortonspill has no
.asm). When IGC compiled a kernel twice (its retry after a spill, OCL_asm*_1_simd...), the one in
the binary is the dump whose encoded size (8 bytes per compacted instruction, 16 per other) is
just below its kernel heap's size; the other is reported too, as in_binary=no. For the kernels in
KERNELS it writes to OUT:

  counts.tsv   one row per module, device, kernel and dump: SIMD width, GRF count, IGC's
               //.instCount, the instructions counted here, multiplies (mul, mach, mad, madw,
               macl, macw), instructions with a 64-bit integer operand (:q/:uq), memory messages
               (send, and pvc's load/store mnemonics), lines that name scratch or spill, IGC's spill and private-memory fields, kernel heap
               and encoded bytes, and the hot loop: the innermost loop (a backward branch,
               jmpi/goto.b/while, to an earlier label) with the most multiplies, or the whole
               kernel when there is no loop; lanes = the sum of the instructions' execution
               sizes (a SIMD16 instruction split into two (8|M0)/(8|M8) halves counts 16)
  opcodes/<module>.<device>.<kernel>[.not-in-binary].txt
               opcode histograms of the kernel and of each loop, and the forward branches
               inside the hot loop with what each can skip (an if body)
  loops/<module>.<device>.<kernel>.<loop>.asm
               for the kernels in EXCERPTS, the hot loop (or whole kernel) from the dump

Everything here is static: instructions in the program text, not instructions executed.
"""
import collections
import glob
import os
import re
import sys

# module stem -> kernels to report (both words share kernel names).
KERNELS = {
    "ntt_forward": ["ntt_fwd_local_radix8", "ntt_fwd_stage"],
    "key_switch": ["ks_mac"],
    "poly_elementwise": ["poly_mul", "poly_mad"],
}
# Kernels whose hot loop (or whole body) is copied to loops/ (default GRF builds only).
EXCERPTS = {"ntt_fwd_local_radix8", "ks_mac", "poly_mul"}
MUL_OPS = {"mul", "mach", "mad", "madw", "macl", "macw", "mullh", "dp4a"}
BRANCH_OPS = {"jmpi", "goto", "while", "brc", "brd", "call", "ret", "join", "endif", "else", "if"}

LABEL = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*):")
PRED = re.compile(r"^\s*\([^)]*\)\s*")


def parse(path):
    """Header fields and the instruction list [(line text, opcode, label-before)] of one .asm."""
    head = {}
    insts = []  # (index in file, text, opcode)
    labels = {}  # label -> index into insts of the next instruction
    with open(path, errors="replace") as f:
        lines = f.read().splitlines()
    for line in lines:
        if line.startswith("//."):
            key, _, val = line[3:].partition(" ")
            if key in ("kernel", "platform", "thread_config", "instCount") or "pill" in key or "private" in key:
                head.setdefault(key, val.strip())
            continue
        if line.startswith("//") or not line.strip():
            continue
        m = LABEL.match(line)
        if m:
            labels[m.group(1)] = len(insts)
            continue
        code = line.split("//")[0]
        body = PRED.sub("", code).strip()
        if not body:
            continue
        op = body.split()[0]
        insts.append((line, op))
    return head, insts, labels


def base_op(op):
    return op.split(".")[0]


def histogram(insts):
    return collections.Counter(base_op(op) for _, op in insts)


def summary(insts):
    h = histogram(insts)
    code = [t.split("//")[0] for t, _ in insts]
    return {
        "insts": len(insts),
        "mul": sum(h[o] for o in MUL_OPS),
        "q64": sum(1 for c in code if re.search(r":u?q\b", c)),
        "send": h["send"] + h["sendc"] + h["sends"] + h["sendsc"] + h["load"] + h["store"],
        "scratch": sum(1 for t, _ in insts if "scratch" in t.lower() or "spill" in t.lower()),
        "lanes": sum(exec_size(t) for t, _ in insts),
        "mul_lanes": sum(exec_size(t) for t, op in insts if base_op(op) in MUL_OPS),
    }


def exec_size(text):
    m = re.search(r"\((\d+)\|M\d+\)", text.split("//")[0])
    return int(m.group(1)) if m else 1


def encoded_size(insts):
    """Bytes of the encoded program: 8 per compacted instruction, 16 per other."""
    return sum(8 if "Compacted" in t else 16 for t, _ in insts)


def loops(insts, labels):
    """Backward branches: [(start, end)] instruction ranges, end inclusive."""
    out = []
    for i, (text, op) in enumerate(insts):
        if base_op(op) not in ("jmpi", "goto", "while", "brc", "brd"):
            continue
        code = PRED.sub("", text.split("//")[0]).split()
        targets = [t for t in code[1:] if t in labels]
        if not targets:
            continue
        # jmpi/while name one label; goto names two (JIP, UIP), and a backward goto (goto.b)
        # has the loop head as its UIP: a loop is a branch to an earlier label.
        back = [labels[t] for t in targets if labels[t] <= i]
        if back:
            out.append((min(back), i))
    return sorted(set(out))


def report(out, module, word, dev, kernel, cand, heap, in_binary, choice):
    """Writes opcodes/ and loops/ files of one ISA dump; returns its counts.tsv row."""
    enc, (simd, asm, head, insts, labels) = cand
    tag = f"{module}.{dev}.{kernel}" + ("" if in_binary else ".not-in-binary")
    grf = re.search(r"numGRF=(\d+)", head.get("thread_config", ""))
    s = summary(insts)
    ls = loops(insts, labels)
    spill_keys = {k: v for k, v in head.items() if "pill" in k or "private" in k}
    loop_desc = []
    with open(os.path.join(out, "opcodes", tag + ".txt"), "w") as f:
        f.write(f"# {module}.{dev}.{kernel}: {os.path.basename(asm)}\n# {choice}\n")
        f.write(f"# SIMD{simd}, {head.get('thread_config', '')}, "
                f"//.instCount {head.get('instCount')}, spill/private fields: {spill_keys or 'none'}\n")
        f.write("# insts: instructions; mul: mul/mach/mad/madw/macl/macw; q64: with a :q/:uq operand;\n"
                "# lanes: sum of execution sizes; mul_lanes: the same over the multiplies\n")
        f.write(f"kernel: {s}\n  " + " ".join(
            f"{o}={c}" for o, c in histogram(insts).most_common()) + "\n")
        for k, (a, b) in enumerate(ls):
            body = insts[a:b + 1]
            inner = [j for j, (a2, b2) in enumerate(ls) if (a2, b2) != (a, b) and a <= a2 and b2 <= b]
            ls_s = summary(body)
            loop_desc.append(f"L{k}[{a}-{b}]:{ls_s['insts']}i/{ls_s['mul']}m"
                             + (f"/contains L{','.join(map(str, inner))}" if inner else ""))
            f.write(f"L{k} instructions {a}..{b}{' (contains L' + ','.join(map(str, inner)) + ')' if inner else ''}: {ls_s}\n  "
                    + " ".join(f"{o}={c}" for o, c in histogram(body).most_common()) + "\n")
        # The loop body worth keeping: the innermost loop with the most multiplies.
        innermost = [k for k, (a, b) in enumerate(ls)
                     if not any((a2, b2) != (a, b) and a <= a2 and b2 <= b for a2, b2 in ls)]
        if innermost:
            hot = max(innermost, key=lambda k: (summary(insts[ls[k][0]:ls[k][1] + 1])["mul"], -k))
            a, b = ls[hot]
            hs = summary(insts[a:b + 1])
            hot_name = f"L{hot}"
            # The forward branches inside it and what each can skip (an if body, e.g. ks_mac's
            # fold every 16 digits in the 32-bit build).
            for i in range(a, b + 1):
                text, op = insts[i]
                if base_op(op) not in ("goto", "jmpi"):
                    continue
                code = PRED.sub("", text.split("//")[0]).split()
                fwd = [labels[t] for t in code[1:] if t in labels and labels[t] > i]
                # goto's UIP (its later label) is where the skipped lanes rejoin.
                if not fwd or max(fwd) > b + 1:
                    continue
                end = max(fwd)
                f.write(f"L{hot} forward {base_op(op)} at {i} skips {i + 1}..{end - 1}: "
                        f"{summary(insts[i + 1:end])}\n")
        else:
            a, b, hs, hot_name = 0, len(insts) - 1, s, "all"
    excerpt = hot_name
    if hot_name != "all":
        # When the hot loop sits in a nest (pvc's 64-bit NTT, whose butterfly tree IGC left
        # rolled), keep the nest from the loop inside the outermost one (the radix-8 chunk
        # loop inside the while loop over chunks), which the per-butterfly derivation reads.
        outer = sorted([(a2, b2) for a2, b2 in ls if a2 <= a and b <= b2 and (a2, b2) != (a, b)])
        if len(outer) >= 2:
            a, b = outer[1]
            excerpt = f"L{ls.index((a, b))}-nest"
    if in_binary and kernel in EXCERPTS and dev in ("dg2", "pvc"):
        with open(os.path.join(out, "loops", f"{tag}.{excerpt}.asm"), "w") as f:
            what = {"all": "no loop: the whole kernel"}.get(
                excerpt, f"the loop nest around the hot loop {hot_name}" if excerpt.endswith("-nest")
                else "the innermost loop with the most multiplies")
            f.write(f"// {tag}: {excerpt}, instructions {a}..{b} of {os.path.basename(asm)} ({what}): {summary(insts[a:b + 1])}\n")
            # Verbatim but for runs of spaces (IGC pads its columns), squeezed to two.
            f.write("\n".join(re.sub(r"  +", "  ", t.rstrip()) for t, _ in insts[a:b + 1]) + "\n")
    return [module, word, dev, kernel, "yes" if in_binary else "no", simd,
            grf.group(1) if grf else "?", head.get("instCount", "?"), s["insts"], s["mul"],
            s["q64"], s["send"], s["scratch"],
            ";".join(f"{k} {v}" for k, v in spill_keys.items()) or "-", heap or "?", enc,
            hot_name, hs["insts"], hs["mul"], hs["q64"], hs["send"], hs["lanes"], hs["mul_lanes"],
            " ".join(loop_desc) or "-"]


def main():
    dumps, out = sys.argv[1], sys.argv[2]
    os.makedirs(os.path.join(out, "opcodes"), exist_ok=True)
    os.makedirs(os.path.join(out, "loops"), exist_ok=True)
    rows = []
    for d in sorted(glob.glob(os.path.join(dumps, "*.*"))):
        if not os.path.isdir(d):
            continue
        module, dev = os.path.basename(d).rsplit(".", 1)
        stem = module[:-4] if module.endswith("_w32") else module
        word = 32 if module.endswith("_w32") else 64
        wanted = KERNELS.get(stem)
        if not wanted:
            continue
        found = collections.defaultdict(list)
        for asm in glob.glob(os.path.join(d, "*.asm")):
            m = re.search(r"_simd(\d+)_entry_\d+\.asm$", asm)
            if not m:
                continue
            head, insts, labels = parse(asm)
            if head.get("kernel") in wanted:
                found[head["kernel"]].append((int(m.group(1)), asm, head, insts, labels))
        for kernel in wanted:
            if not found[kernel]:
                sys.exit(f"count.py: no ISA for {kernel} in {d}")
            heap_path = os.path.join(d, "heap", kernel + "_KernelHeap.dat")
            heap = os.path.getsize(heap_path) if os.path.exists(heap_path) else None
            cands = [(encoded_size(c[3]), c) for c in found[kernel]]
            if len(cands) > 1:
                # IGC compiled the kernel more than once (its retry after a spill); the binary
                # ocloc wrote holds the one whose encoded size matches its kernel heap (which
                # adds a padding of 100-200 bytes).
                if heap is None:
                    sys.exit(f"count.py: {len(cands)} ISA dumps for {kernel} in {d} and no kernel heap to choose")
                cands.sort(key=lambda c: abs(heap - c[0]))
            if heap is not None and not 0 <= heap - cands[0][0] <= 512:
                sys.exit(f"count.py: {kernel} in {d}: no dump matches the kernel heap ({heap} bytes; "
                         + ", ".join(str(c[0]) for c in cands) + ")")
            for i, cand in enumerate(cands):
                choice = (f"kernel heap in ocloc's binary: {heap} bytes; this ISA encodes to {cand[0]} bytes"
                          + ("" if i == 0 else " (another compile of the kernel; not the one in the binary)"))
                rows.append(report(out, module, word, dev, kernel, cand, heap, i == 0, choice))
    cols = ["module", "word", "device", "kernel", "in_binary", "simd", "grf", "igc_instCount",
            "insts", "mul_ops", "q64_insts", "sends", "scratch_or_spill_lines", "spill_private_fields",
            "heap_bytes", "enc_bytes", "hot", "hot_insts", "hot_mul_ops", "hot_q64_insts",
            "hot_sends", "hot_lanes", "hot_mul_lanes", "loops(insts/muls)"]
    rows.sort(key=lambda r: (r[3], r[2], r[1], r[4] != "yes"))
    with open(os.path.join(out, "counts.tsv"), "w") as f:
        f.write("\t".join(cols) + "\n")
        for r in rows:
            f.write("\t".join(map(str, r)) + "\n")
    print(open(os.path.join(out, "counts.tsv")).read(), end="")


if __name__ == "__main__":
    main()
