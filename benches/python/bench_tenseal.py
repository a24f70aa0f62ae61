#!/usr/bin/env python3
"""TenSEAL against xehe.tenseal on one TenSEAL program, and the Python layer's cost over the
Rust API on multiply + relinearize at 2^14.

    python3 benches/python/bench_tenseal.py [--samples 256] [--repeat 3] [--degrees 8192]
        [--backends host,cpu-sim,opencl] [--calls 100] [--batches 20] [--rounds 3]
        [--xehe target/release/xehe] [--out FILE.json]

Part 2 runs first (it is the shorter), then part 1; the JSON is written after each.

1. python/examples/encrypted_lr.py (a TenSEAL program: encrypted logistic-regression
   inference and a small plain layer) run as written (TenSEAL, its C++ on this machine's
   CPU, its default thread count) and unchanged but for its import (``import xehe.tenseal as
   ts``) with XEHE_BACKEND set to each backend, at each of --degrees (its
   --poly-modulus-degree; same primes, same answers). Each run is a process of its own; the
   runs alternate (TenSEAL, then each backend, --repeat times) and each phase's figure is the
   median. Every result of every run (TenSEAL's and xehe's) must be within 1e-2 of the f64
   computation (see BOUND) and every xehe result within 1e-3 of every TenSEAL run's (the
   noise: about 1e-4 at the program's scale 2^30), with as many results of as many values,
   before any time is reported; the largest differences are printed. The speedup is
   TenSEAL's median ``evaluate`` phase (the server's work and the serialization of its
   results, where a device finishes its queue) over xehe's.
2. The Python layer's overhead (device backends only): xehe.Evaluator.multiply +
   relinearize at N = 2^14, primes 60,40x6,60 (one special prime, 128-bit security, scale
   2^40, both operands at the top level: ``xehe bench ckks``'s MulLin), --calls K calls queued
   back to back and one wait, per call, the median of --batches batches, after two warm-up
   calls; and the same with K = 1. With --xehe, ``xehe bench ckks --routines MulLin --reps
   BATCHES --pipelined K`` on the same backend gives the Rust API's figures for the same
   calls timed the same way (its unprofiled opening: ``unprofiled.pipelined_wall_us`` and
   ``unprofiled.wall_us``, no events asked of the driver, as in Python; each result dropped
   as the next is queued, as in Python). Python and Rust alternate (ABBA), each in a process
   of its own, --rounds times; both must name the same device; overhead = median Python /
   median Rust - 1.

Needs only the installed xehe wheel, TenSEAL's wheel and NumPy (no network, no Rust). Exit
status 0, or 1 when a result disagrees or a run fails.
"""
import argparse
import json
import os
import pathlib
import platform
import statistics
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
PROGRAM = HERE.parent.parent / "python" / "examples" / "encrypted_lr.py"
# The program's results (scale 2^30) against the f64 computation: TenSEAL sets a rescaled
# vector's scale back to 2^30 although it was divided by a 30-bit prime, not 2^30, which leaves
# both libraries (same primes) about 9e-4 off the f64 values at N = 8192 and 2e-3 at 16384
# (primes further from 2^30); against each other they differ by the noise alone (3.5e-5 at
# N = 8192, 1.2e-4 at 16384, 4 samples on the 2-core machine).
BOUND = 1e-2
AGREE = 1e-3
MUL_LIN = {"degree": 16384, "bits": [60] + [40] * 6 + [60], "moduli": "60,40x6,60", "scale": 2.0**40}


def log(*args, **kw):
    print(*args, **kw, flush=True)


def run_program(line, env, samples, degree):
    source = PROGRAM.read_text()
    if source.count("import tenseal as ts\n") != 1:
        raise SystemExit(f"{PROGRAM}: expected one 'import tenseal as ts' line")
    source = source.replace("import tenseal as ts\n", line + "\n")
    out = subprocess.run(
        [sys.executable, "-", "--samples", str(samples), "--poly-modulus-degree", str(degree)],
        input=source, capture_output=True, text=True, env={**os.environ, **env},
    )
    if out.returncode != 0:
        raise SystemExit(f"{line} ({env}, N = {degree}): exit {out.returncode}\n{out.stderr}")
    return json.loads(out.stdout)


def median_phases(runs):
    return {k: statistics.median(r["seconds"][k] for r in runs) for k in runs[0]["seconds"]}


def max_diff(a, b):
    """Largest difference of two lists of result vectors, which must have the same shape."""
    if len(a) != len(b) or any(len(x) != len(y) for x, y in zip(a, b)):
        raise ValueError(f"results of different shapes: {[len(x) for x in a]} against {[len(y) for y in b]}")
    return max(abs(x - y) for ra, rb in zip(a, b) for x, y in zip(ra, rb))


def fmt_phases(p):
    return ", ".join(f"{k} {v:.3f}" for k, v in p.items())


def program_section(a, backends, report):
    """Part 1; returns whether every result agreed."""
    ok = True
    for degree in a.degrees:
        log(f"encrypted_lr.py, N = {degree}, {a.samples} samples, median of {a.repeat} "
            f"alternating runs (seconds per phase)")
        runs = {"tenseal": []} | {b: [] for b in backends}
        for r in range(a.repeat):
            t = time.perf_counter()
            runs["tenseal"].append(run_program("import tenseal as ts", {}, a.samples, degree))
            log(f"  run {r + 1}: tenseal {time.perf_counter() - t:.1f} s", end="")
            for b in backends:
                t = time.perf_counter()
                runs[b].append(run_program("import xehe.tenseal as ts", {"XEHE_BACKEND": b}, a.samples, degree))
                log(f", {b} {time.perf_counter() - t:.1f} s", end="")
            log()
        entry = {}
        theirs = runs["tenseal"]
        expected = theirs[0]["expected"]
        try:
            t_err = max(max_diff(o["results"], expected) for o in theirs)
        except ValueError as e:
            log(f"  tenseal: {e}")
            return False
        entry["tenseal"] = {**median_phases(theirs), "max_diff_from_f64": t_err}
        log(f"  {'tenseal':>20}: {fmt_phases(median_phases(theirs))}; max diff from f64 {t_err:.1e}")
        if t_err > BOUND:
            log(f"  tenseal's own results are {t_err:.3e} from the f64 computation (bound {BOUND})")
            ok = False
        for b in backends:
            ours = runs[b]
            try:
                diff = max(max_diff(o["results"], t["results"]) for o in ours for t in theirs)
                err = max(max_diff(o["results"], expected) for o in ours)
            except ValueError as e:
                log(f"  xehe.tenseal {b}: {e}")
                ok = False
                continue
            if diff > AGREE or err > BOUND:
                log(f"  xehe.tenseal {b}: results differ from TenSEAL's by {diff:.3e} (bound "
                    f"{AGREE}) and from the f64 computation by {err:.3e} (bound {BOUND}): no "
                    f"time reported")
                ok = False
                continue
            phases = median_phases(ours)
            speedup = entry["tenseal"]["evaluate"] / phases["evaluate"]
            entry[b] = {**phases, "evaluate_speedup": speedup, "max_diff_from_tenseal": diff,
                        "max_diff_from_f64": err,
                        "evaluate_runs": [o["seconds"]["evaluate"] for o in ours]}
            log(f"  {'xehe.tenseal ' + b:>20}: {fmt_phases(phases)}; max diff from TenSEAL "
                f"{diff:.1e}, from f64 {err:.1e}")
            log(f"  {'':>20}  evaluate: TenSEAL {entry['tenseal']['evaluate']:.3f} s / xehe "
                f"{phases['evaluate']:.3f} s = {speedup:.1f}x (issue 42's target: >= 50x on the H100)")
        entry["tenseal"]["evaluate_runs"] = [o["seconds"]["evaluate"] for o in theirs]
        report["program"][str(degree)] = entry
    return ok


def mul_lin_child(backend, calls, batches):
    """Part 2's Python side, in a process of its own: prints one JSON line."""
    import numpy as np

    import xehe

    p = MUL_LIN
    ctx = xehe.Context(xehe.EncryptionParameters(p["degree"], p["bits"]), backend=backend)
    kg = xehe.KeyGenerator(ctx)
    rk = kg.create_relin_keys()
    enc, ev = xehe.CKKSEncoder(ctx), xehe.Evaluator(ctx)
    encryptor = xehe.Encryptor(ctx, kg.create_public_key())
    rng = np.random.default_rng(3)
    ma, mb = rng.uniform(-1, 1, p["degree"] // 2), rng.uniform(-1, 1, p["degree"] // 2)
    a = encryptor.encrypt(enc.encode(ma, p["scale"]))
    b = encryptor.encrypt(enc.encode(mb, p["scale"]))
    ev.upload_keys(rk)

    def batched(k):
        per_call = []
        r = None
        for _ in range(batches):
            ctx.synchronize()
            t = time.perf_counter()
            for _ in range(k):
                r = ev.relinearize(ev.multiply(a, b), rk)
            ctx.synchronize()
            per_call.append((time.perf_counter() - t) / k * 1e6)
        return per_call, r

    # Warm-up as `bench ckks` (2 calls): kernels built, keys and operands on the device.
    for _ in range(2):
        ev.relinearize(ev.multiply(a, b), rk)
    ctx.synchronize()
    one, _ = batched(1)
    many, r = batched(calls)
    got = np.array(enc.decode(xehe.Decryptor(ctx, kg.secret_key()).decrypt(r)))
    err = float(np.max(np.abs(got - ma * mb)))
    if err > 1e-6:
        raise SystemExit(f"multiply + relinearize on {backend}: off by {err:.3e} from a·b")
    print(json.dumps({
        "device": ctx.device_name, "calls": calls, "batches": batches, "max_error": err,
        "pipelined_us": statistics.median(many), "per_call_us": statistics.median(one),
        "pipelined_batches_us": many, "per_call_batches_us": one,
    }))


def python_mul_lin(backend, calls, batches):
    out = subprocess.run(
        [sys.executable, str(pathlib.Path(__file__).resolve()), "--mul-lin-child", backend,
         "--calls", str(calls), "--batches", str(batches)],
        capture_output=True, text=True,
    )
    if out.returncode != 0:
        raise SystemExit(f"Python multiply + relinearize on {backend}: exit {out.returncode}\n{out.stdout}{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def rust_mul_lin(xehe, backend, calls, batches):
    with tempfile.TemporaryDirectory() as d:
        path = pathlib.Path(d) / "bench.json"
        cmd = [xehe, "bench", "ckks", "--backend", backend, "--degree", str(MUL_LIN["degree"]),
               "--moduli", MUL_LIN["moduli"], "--special-primes", "1", "--routines", "MulLin",
               "--reps", str(batches), "--pipelined", str(calls), "--json", str(path)]
        out = subprocess.run(cmd, capture_output=True, text=True)
        if out.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)}: exit {out.returncode}\n{out.stdout}{out.stderr}")
        data = json.loads(path.read_text())
    rows = [r for r in data["rows"] if r["routine"] == "MulLin"]
    if len(rows) != 1 or not rows[0].get("unprofiled") or not rows[0].get("pipelined"):
        raise SystemExit(f"{' '.join(cmd)}: no MulLin row with pipelined and unprofiled figures in its JSON")
    if data["degree"] != MUL_LIN["degree"] or data["bits"] != MUL_LIN["bits"]:
        raise SystemExit(f"{' '.join(cmd)}: ran N = {data['degree']}, primes {data['bits']}")
    row = rows[0]
    return {
        "command": " ".join(cmd), "device": data["device"],
        "pipelined_us": row["unprofiled"]["pipelined_wall_us"],
        "per_call_us": row["unprofiled"]["wall_us"],
        "profiled": {"span_us": row["span_us"], "wall_us": row["wall_us"],
                     "pipelined": row["pipelined"]},
    }


def overhead_section(a, backends, report):
    devices = [b for b in backends if b != "host"]
    if not devices:
        return
    log(f"multiply + relinearize, N = {MUL_LIN['degree']}, {MUL_LIN['moduli']}: {a.calls} calls "
        f"queued and one wait (and 1 call and its wait), per call, median of {a.batches} batches")
    for b in devices:
        py, rs = [], []
        for r in range(a.rounds):
            # Rust first in odd rounds, Python first in even ones (ABBA): drift cancels.
            if a.xehe and r % 2 == 0:
                rs.append(rust_mul_lin(a.xehe, b, a.calls, a.batches))
            py.append(python_mul_lin(b, a.calls, a.batches))
            if a.xehe and r % 2 == 1:
                rs.append(rust_mul_lin(a.xehe, b, a.calls, a.batches))
            line = f"  {b} round {r + 1}: Python {py[-1]['pipelined_us']:.1f} µs queued, {py[-1]['per_call_us']:.1f} µs one call"
            if a.xehe:
                line += f"; Rust {rs[-1]['pipelined_us']:.1f} µs queued, {rs[-1]['per_call_us']:.1f} µs one call"
            log(line)
        names = {x["device"] for x in py} | {x["device"] for x in rs}
        if len(names) != 1:
            raise SystemExit(f"multiply + relinearize on {b}: Python and Rust ran on different devices: {sorted(names)}")
        entry = {"device": py[0]["device"], "python": py}
        pq = statistics.median(x["pipelined_us"] for x in py)
        p1 = statistics.median(x["per_call_us"] for x in py)
        line = f"  {b} ({py[0]['device']}): Python {pq:.1f} µs per call queued, {p1:.1f} µs one call"
        if a.xehe:
            rq = statistics.median(x["pipelined_us"] for x in rs)
            r1 = statistics.median(x["per_call_us"] for x in rs)
            entry |= {"rust": rs, "python_pipelined_us": pq, "rust_pipelined_us": rq,
                      "overhead_pipelined": pq / rq - 1, "python_per_call_us": p1,
                      "rust_per_call_us": r1, "overhead_per_call": p1 / r1 - 1}
            line += (f"; Rust (xehe bench ckks, unprofiled) {rq:.1f} / {r1:.1f} µs\n"
                     f"  Python layer's overhead, {a.calls} queued: {100 * (pq / rq - 1):+.1f}% "
                     f"(issue 42's target: <= 5% on the H100); one call and its wait: "
                     f"{100 * (p1 / r1 - 1):+.1f}%")
        log(line)
        report["mul_lin"][b] = entry


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=256)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--degrees", default="8192", help="the program's poly_modulus_degree(s)")
    ap.add_argument("--backends", default="host,cpu-sim,opencl")
    ap.add_argument("--calls", type=int, default=100, help="K, the calls queued per batch")
    ap.add_argument("--batches", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=3, help="Python / Rust alternations")
    ap.add_argument("--xehe", help="the xehe program, for bench ckks's figure")
    ap.add_argument("--skip-program", action="store_true", help="part 2 only")
    ap.add_argument("--out", help="also write the results as JSON here")
    ap.add_argument("--mul-lin-child", metavar="BACKEND", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.mul_lin_child:
        mul_lin_child(a.mul_lin_child, a.calls, a.batches)
        return 0
    a.degrees = [int(d) for d in a.degrees.split(",") if d]
    backends = [b for b in a.backends.split(",") if b]
    if a.xehe and not os.access(a.xehe, os.X_OK):
        raise SystemExit(f"--xehe {a.xehe}: not an executable file")
    report = {
        "command": " ".join([sys.executable] + sys.argv),
        "machine": {"platform": platform.platform(), "processor": platform.processor(),
                    "cpus": os.cpu_count(), "python": platform.python_version()},
        "samples": a.samples,
        "program": {},
        "mul_lin": {},
    }
    def save():
        if a.out:
            pathlib.Path(a.out).write_text(json.dumps(report, indent=2) + "\n")

    # The overhead first: the shorter part, whose figures are kept if the program's runs are
    # stopped by a time limit; the JSON is written after each part.
    overhead_section(a, backends, report)
    save()
    ok = True
    if not a.skip_program:
        ok = program_section(a, backends, report)
        save()
    if not ok:
        log("FAILED: a result disagreed (see above)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
