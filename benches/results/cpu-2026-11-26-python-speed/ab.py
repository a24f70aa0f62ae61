#!/usr/bin/env python3
"""Before/after of xehe.tenseal on python/examples/encrypted_lr.py: two installs of the xehe
wheel (--base, --new: directories for PYTHONPATH, e.g. ``pip install --target``), runs
alternating ABBA per backend, each a process of its own. Besides the evaluate phase's wall
time it records the main thread's CPU time in that phase (time.thread_time: the host work
done on the caller's thread, which a GPU does not take over; a PoCL or cpu-sim device's own
threads are not in it) and the process's CPU time. Every xehe result must be within 1e-3 of
TenSEAL's (one TenSEAL run, same samples) and within 1e-2 of the f64 computation.

    python3 ab.py --base DIR --new DIR [--backends opencl,host] [--samples 32] [--rounds 3]
"""
import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import time

PROGRAM = pathlib.Path(__file__).resolve().parents[3] / "python/examples/encrypted_lr.py"


def run(path, backend, samples, degree):
    src = PROGRAM.read_text()
    if path is None:
        line = "import tenseal as ts"
    else:
        line = "import xehe.tenseal as ts"
    src = src.replace("import tenseal as ts\n", line + "\n")
    src = src.replace("    t = time.perf_counter()\n    scores =",
                      "    t = time.perf_counter()\n    tc, pc = time.thread_time(), time.process_time()\n    scores =")
    src = src.replace('    seconds["evaluate"] = time.perf_counter() - t\n',
                      '    seconds["evaluate"] = time.perf_counter() - t\n'
                      '    seconds["evaluate_thread_cpu"] = time.thread_time() - tc\n'
                      '    seconds["evaluate_process_cpu"] = time.process_time() - pc\n')
    assert "evaluate_thread_cpu" in src
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = path
        env["XEHE_BACKEND"] = backend
    out = subprocess.run([sys.executable, "-", "--samples", str(samples), "--poly-modulus-degree", str(degree)],
                         input=src, capture_output=True, text=True, env=env)
    if out.returncode:
        raise SystemExit(f"{path} {backend}: exit {out.returncode}\n{out.stderr}")
    return json.loads(out.stdout)


def max_diff(a, b):
    assert len(a) == len(b) and all(len(x) == len(y) for x, y in zip(a, b))
    return max(abs(x - y) for ra, rb in zip(a, b) for x, y in zip(ra, rb))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", required=True)
    ap.add_argument("--new", required=True)
    ap.add_argument("--backends", default="opencl,host")
    ap.add_argument("--samples", type=int, default=32)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--degree", type=int, default=8192)
    a = ap.parse_args()
    print(f"encrypted_lr.py, N = {a.degree}, {a.samples} samples; base {a.base}, new {a.new}", flush=True)
    ref = run(None, None, a.samples, a.degree)
    print(f"  tenseal: evaluate {ref['seconds']['evaluate']:.3f} s (thread cpu "
          f"{ref['seconds']['evaluate_thread_cpu']:.3f}, process cpu {ref['seconds']['evaluate_process_cpu']:.3f})", flush=True)
    ok = True
    for b in a.backends.split(","):
        runs = {"base": [], "new": []}
        for r in range(a.rounds):
            order = ["base", "new"] if r % 2 == 0 else ["new", "base"]
            for which in order:
                o = run(getattr(a, which), b, a.samples, a.degree)
                d_t, d_f = max_diff(o["results"], ref["results"]), max_diff(o["results"], o["expected"])
                s = o["seconds"]
                print(f"  {b} round {r + 1} {which}: evaluate {s['evaluate']:.3f} s, thread cpu "
                      f"{s['evaluate_thread_cpu']:.3f} s, process cpu {s['evaluate_process_cpu']:.3f} s; "
                      f"max diff from TenSEAL {d_t:.1e}, from f64 {d_f:.1e}", flush=True)
                if d_t > 1e-3 or d_f > 1e-2:
                    print("    RESULTS DISAGREE", flush=True)
                    ok = False
                runs[which].append(s)
        med = {w: {k: statistics.median(x[k] for x in v) for k in v[0]} for w, v in runs.items()}
        for k in ("evaluate", "evaluate_thread_cpu", "evaluate_process_cpu"):
            print(f"  {b} median {k}: base {med['base'][k]:.3f} s, new {med['new'][k]:.3f} s "
                  f"({med['base'][k] / med['new'][k]:.2f}x); per sample {med['base'][k] / a.samples * 1e3:.2f} -> "
                  f"{med['new'][k] / a.samples * 1e3:.2f} ms", flush=True)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
