#!/usr/bin/env python3
"""Where xehe.tenseal's time goes in python/examples/encrypted_lr.py, phase by phase.

Every call the tenseal layer makes on the core evaluator and encoder, and the vector methods
that may wait or copy (serialize, copy, decrypt), is counted with its wall time and the calling
thread's CPU time. A call whose wall time is far above its CPU time waited (for the device's
queue, or a lock); one whose CPU time is close to its wall time is host work that a faster
device does not remove. The example's phases are found from its own timer calls, so the table
of the evaluate phase is the server's work alone.

    XEHE_BACKEND=opencl python3 benches/python/op_profile.py [--json OUT] -- --samples 128

Arguments after `--` go to encrypted_lr.py, which runs with `import xehe.tenseal as ts`. Needs xehe (with xehe.tenseal) importable.
"""
import argparse
import collections
import contextlib
import io
import json
import os
import sys
import time

EXAMPLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python",
                       "examples", "encrypted_lr.py")
PHASES = ["keys", "encrypt", "evaluate", "decrypt"]

stats = collections.defaultdict(lambda: [0, 0.0, 0.0])
phase_clock = {"calls": 0}
_perf_counter = time.perf_counter


def phase():
    # encrypted_lr.py reads the clock twice a phase (start, end): between them is that phase.
    i = phase_clock["calls"]
    return PHASES[i // 2] if i % 2 == 1 and i // 2 < len(PHASES) else "between"


def counting_perf_counter():
    caller = sys._getframe(1).f_code.co_filename
    if os.path.basename(caller) == "encrypted_lr.py":
        phase_clock["calls"] += 1
    return _perf_counter()


def timed(fn, key):
    def wrapper(*args, **kwargs):
        t0, c0 = _perf_counter(), time.thread_time()
        try:
            return fn(*args, **kwargs)
        finally:
            s = stats[(phase(), key)]
            s[0] += 1
            s[1] += _perf_counter() - t0
            s[2] += time.thread_time() - c0
    return wrapper


class Proxy:
    """Times every callable attribute of a core object (evaluator, encoder)."""

    def __init__(self, inner, prefix):
        self._inner, self._prefix = inner, prefix

    def __getattr__(self, name):
        f = getattr(self._inner, name)
        return timed(f, self._prefix + name) if callable(f) else f


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", help="also write the tables here")
    ap.add_argument("example_args", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    rest = a.example_args[1:] if a.example_args[:1] == ["--"] else a.example_args

    import xehe.tenseal  # noqa: F401  (the modules patched below)
    ctx_mod = sys.modules["xehe.tenseal.context"]
    vec_mod = sys.modules["xehe.tenseal.vector"]
    setup = ctx_mod.Context._setup

    def patched_setup(self, *args, **kwargs):
        setup(self, *args, **kwargs)
        self.evaluator = Proxy(self.evaluator, "ev.")
        self.encoder = Proxy(self.encoder, "enc.")

    ctx_mod.Context._setup = patched_setup
    ctx_mod.Context._encrypt = timed(ctx_mod.Context._encrypt, "ctx._encrypt")
    for name in ("serialize", "copy", "decrypt"):
        setattr(vec_mod.CKKSVector, name, timed(getattr(vec_mod.CKKSVector, name), "vec." + name))

    # The evaluate phase ends in serializations, where the device's queue drains: waiting for
    # it once, on its own line, separates the device's backlog from the serialization.
    serialize = vec_mod.CKKSVector.serialize
    drained = set()

    def drain_then_serialize(self):
        if phase() not in drained:
            drained.add(phase())
            timed(self._ctx._core.synchronize, "(device queue drained)")()
        return serialize(self)

    vec_mod.CKKSVector.serialize = drain_then_serialize

    time.perf_counter = counting_perf_counter
    sys.argv = [EXAMPLE] + rest
    out = io.StringIO()
    # The example as a TenSEAL user has it, but for its import line (as the tests run it).
    with open(EXAMPLE) as f:
        source = f.read()
    if source.count("import tenseal as ts\n") != 1:
        sys.exit(f"op_profile.py: {EXAMPLE} no longer has one `import tenseal as ts` line")
    ns = {"__name__": "op_profile"}
    exec(compile(source.replace("import tenseal as ts\n", "import xehe.tenseal as ts\n"),
                 EXAMPLE, "exec"), ns)
    with contextlib.redirect_stdout(out):
        ns["main"]()
    time.perf_counter = _perf_counter
    seconds = json.loads(out.getvalue())["seconds"]

    report = {"backend": os.environ.get("XEHE_BACKEND", "auto"), "args": rest,
              "seconds": seconds, "phases": {}}
    for ph in PHASES:
        rows = sorted(((k, v) for (p, k), v in stats.items() if p == ph), key=lambda kv: -kv[1][1])
        if not rows:
            continue
        wall = sum(v[1] for _, v in rows)
        cpu = sum(v[2] for _, v in rows)
        print(f"== {ph}: phase {seconds.get(ph, float('nan')):.3f} s; in the calls below "
              f"{wall:.3f} s wall, {cpu:.3f} s of the calling thread's CPU")
        for k, (n, w, c) in rows:
            print(f"  {k:28s} n={n:6d} wall {w * 1e3:9.1f} ms ({w / n * 1e6:8.1f} us/call)"
                  f"  thread-cpu {c * 1e3:9.1f} ms ({c / n * 1e6:8.1f} us/call)")
        report["phases"][ph] = {k: {"calls": n, "wall_s": w, "thread_cpu_s": c}
                                for k, (n, w, c) in rows}
    if a.json:
        with open(a.json, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
