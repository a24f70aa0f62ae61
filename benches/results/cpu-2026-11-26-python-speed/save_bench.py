import time, xehe, sys, statistics
import xehe.tenseal as ts
ctx = ts.context(ts.SCHEME_TYPE.CKKS, poly_modulus_degree=8192, coeff_mod_bit_sizes=[50, 30, 30, 30, 60])
ctx.global_scale = 2**30
v = ts.ckks_vector(ctx, [0.1]*16)
for lvl in range(3):
    ct = v.ciphertext()[0]
    for mode in ["none", "zstd"]:
        ts_ = []
        for _ in range(30):
            t = time.perf_counter(); b = ct.save(mode); ts_.append(time.perf_counter() - t)
        print(f"level {ct.level} {mode}: {statistics.median(ts_)*1e6:.0f} us, {len(b)} bytes")
    t = time.perf_counter(); 
    for _ in range(30): s = v.serialize()
    print("  vec.serialize", (time.perf_counter()-t)/30*1e6, "us")
    v = v * 0.5
