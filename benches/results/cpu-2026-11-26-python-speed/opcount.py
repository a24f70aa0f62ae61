import time, collections, sys, os, runpy
stats = collections.defaultdict(lambda: [0, 0.0, 0.0])
class Proxy:
    def __init__(self, inner, prefix): self._inner, self._prefix = inner, prefix
    def __getattr__(self, name):
        f = getattr(self._inner, name)
        if not callable(f): return f
        key = self._prefix + name
        def w(*a, **k):
            t0, c0 = time.perf_counter(), time.thread_time()
            try: return f(*a, **k)
            finally:
                s = stats[key]; s[0] += 1; s[1] += time.perf_counter() - t0; s[2] += time.thread_time() - c0
        return w
import xehe.tenseal as ts
C = sys.modules["xehe.tenseal.context"]; V = sys.modules["xehe.tenseal.vector"]
orig_setup = C.Context._setup
def setup(self, *a, **k):
    orig_setup(self, *a, **k)
    self.evaluator = Proxy(self.evaluator, "ev.")
    self.encoder = Proxy(self.encoder, "enc.")
C.Context._setup = setup
def timed(cls, name, key):
    f = getattr(cls, name)
    def w(*a, **k):
        t0, c0 = time.perf_counter(), time.thread_time()
        try: return f(*a, **k)
        finally:
            s = stats[key]; s[0] += 1; s[1] += time.perf_counter() - t0; s[2] += time.thread_time() - c0
    setattr(cls, name, w)
timed(C.Context, "_encrypt", "ctx._encrypt")
timed(V.CKKSVector, "serialize", "vec.serialize")
timed(V.CKKSVector, "copy", "vec.copy")
import xehe
# ciphertext copy/save can't be patched (builtin); serialize covers save
sys.argv = ["lr"] + sys.argv[1:]
import io, contextlib
buf = io.StringIO()
ns = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "lr_xehe.py"), run_name="notmain")
# stats only for evaluate phase: reset before evaluate by wrapping time? simpler: run main and subtract
stats.clear()
orig_pc = None
with contextlib.redirect_stdout(buf):
    ns["main"]()
import json
print(json.loads(buf.getvalue())["seconds"], file=sys.stderr)
tot = sorted(stats.items(), key=lambda kv: -kv[1][1])
for k, (n, wall, cpu) in tot:
    print(f"{k:36s} n={n:6d} wall={wall*1e3:9.1f} ms ({wall/n*1e6:8.1f} us/call) thread-cpu={cpu*1e3:9.1f} ms ({cpu/n*1e6:8.1f} us/call)", file=sys.stderr)
