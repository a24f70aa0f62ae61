#!/usr/bin/env python3
"""TenSEAL against xehe.tenseal on one TenSEAL program, and the Python layer's cost over the
Rust API on multiply + relinearize at 2^14.

    python3 benches/python/bench_tenseal.py [--samples 256] [--repeat 3]
        [--backends host,cpu-sim,opencl] [--xehe target/release/xehe] [--out FILE.json]

1. python/examples/encrypted_lr.py (a TenSEAL program: encrypted logistic-regression
   inference and a small plain layer) run as written (TenSEAL, its C++ on this machine's
   CPU) and unchanged but for its import (``import xehe.tenseal as ts``) with XEHE_BACKEND set
   to each backend; each run in its own process, the median of --repeat runs per phase. The
   decrypted results of every xehe run are checked against TenSEAL's (within 1e-2 at the
   program's scale 2^30) before any time is reported.
2. xehe.Evaluator.multiply + relinearize at N = 2^14, primes 60,40x6,60 (``bench ckks``'s
   parameters), on each device backend: K calls queued back to back and one wait, per call;
   with --xehe, ``xehe bench ckks --routines MulLin --pipelined K`` on the same backend runs
   too and its output is printed beside it (the Rust API's figure for the same work).

Needs only the installed xehe wheel, TenSEAL's wheel and NumPy (no network, no Rust). Exit
status 0, or 1 when a result disagrees.
"""
import argparse
import json
import os
import pathlib
import platform
import statistics
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
PROGRAM = HERE.parent.parent / "python" / "examples" / "encrypted_lr.py"


def run_program(line, env, samples):
    source = PROGRAM.read_text().replace("import tenseal as ts\n", line + "\n")
    out = subprocess.run(
        [sys.executable, "-", "--samples", str(samples)],
        input=source, capture_output=True, text=True, env={**os.environ, **env},
    )
    if out.returncode != 0:
        raise SystemExit(f"{line} ({env}): exit {out.returncode}\n{out.stderr}")
    return json.loads(out.stdout)


def median_phases(runs):
    return {k: statistics.median(r["seconds"][k] for r in runs) for k in runs[0]["seconds"]}


def max_diff(a, b):
    return max(abs(x - y) for ra, rb in zip(a, b) for x, y in zip(ra, rb))


def mul_lin(backend, calls):
    import xehe

    ctx = xehe.Context(xehe.EncryptionParameters(16384, [60] + [40] * 6 + [60]), backend=backend)
    kg = xehe.KeyGenerator(ctx)
    rk = kg.create_relin_keys()
    enc, ev = xehe.CKKSEncoder(ctx), xehe.Evaluator(ctx)
    encryptor = xehe.Encryptor(ctx, kg.create_public_key())
    a = encryptor.encrypt(enc.encode([0.5] * 8192, 2.0**40))
    b = encryptor.encrypt(enc.encode([0.25] * 8192, 2.0**40))
    ev.upload_keys(rk)
    for _ in range(3):
        ev.relinearize(ev.multiply(a, b), rk)
    ctx.synchronize()
    t = time.perf_counter()
    for _ in range(calls):
        r = ev.relinearize(ev.multiply(a, b), rk)
    ctx.synchronize()
    per_call = (time.perf_counter() - t) / calls
    got = enc.decode(xehe.Decryptor(ctx, kg.secret_key()).decrypt(r))[0]
    if abs(got - 0.125) > 1e-6:
        raise SystemExit(f"multiply + relinearize on {backend}: {got} instead of 0.125")
    return per_call, ctx.device_name


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=256)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--backends", default="host,cpu-sim,opencl")
    ap.add_argument("--calls", type=int, default=100)
    ap.add_argument("--xehe", help="the xehe program, for bench ckks's figure")
    ap.add_argument("--out", help="also write the results as JSON here")
    a = ap.parse_args()
    backends = [b for b in a.backends.split(",") if b]
    report = {
        "command": " ".join([sys.executable] + sys.argv),
        "machine": {"platform": platform.platform(), "processor": platform.processor(), "cpus": os.cpu_count()},
        "samples": a.samples,
        "program": {},
        "mul_lin": {},
    }
    theirs = [run_program("import tenseal as ts", {}, a.samples) for _ in range(a.repeat)]
    report["program"]["tenseal"] = median_phases(theirs)
    print(f"encrypted_lr.py, {a.samples} samples, median of {a.repeat} (seconds per phase)")
    print(f"  {'tenseal':>22}: {report['program']['tenseal']}")
    bad = False
    for b in backends:
        ours = [run_program("import xehe.tenseal as ts", {"XEHE_BACKEND": b}, a.samples) for _ in range(a.repeat)]
        diff = max(max_diff(o["results"], theirs[0]["results"]) for o in ours)
        if diff > 1e-2:
            print(f"  xehe.tenseal on {b}: results differ from TenSEAL's by {diff:.3e}")
            bad = True
            continue
        phases = median_phases(ours)
        speedup = report["program"]["tenseal"]["evaluate"] / phases["evaluate"]
        report["program"][b] = {**phases, "evaluate_speedup": speedup, "max_diff_from_tenseal": diff}
        print(f"  {'xehe.tenseal ' + b:>22}: {phases}  evaluate {speedup:.2f}x TenSEAL, max diff {diff:.1e}")
    print(f"multiply + relinearize, N = 2^14, 60,40x6,60: {a.calls} calls queued, one wait")
    for b in backends:
        if b == "host":
            continue
        per_call, name = mul_lin(b, a.calls)
        entry = {"device": name, "python_us_per_call": per_call * 1e6}
        print(f"  {b} ({name}): Python {per_call * 1e6:.1f} us per call")
        if a.xehe:
            out = subprocess.run(
                [a.xehe, "bench", "ckks", "--backend", b, "--degree", "16384", "--moduli", "60,40x6,60",
                 "--routines", "MulLin", "--pipelined", str(a.calls)],
                capture_output=True, text=True,
            )
            entry["xehe_bench_ckks"] = out.stdout + out.stderr
            print(out.stdout + out.stderr)
        report["mul_lin"][b] = entry
    if a.out:
        pathlib.Path(a.out).write_text(json.dumps(report, indent=2) + "\n")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
