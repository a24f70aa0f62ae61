#!/usr/bin/env python3
"""Encrypted logistic-regression inference, written for TenSEAL (as in TenSEAL's tutorials):
a client encrypts samples and sends them with a public context; a server evaluates
sigmoid(x·w + b) with the sigmoid's degree-3 approximation and a small plain layer; the client
decrypts. Prints the decrypted results and the time of each phase as JSON.

    python3 encrypted_lr.py [--samples 64] [--features 16] [--poly-modulus-degree 8192]

Run as written it uses TenSEAL; xehe's tests and benchmark run this file unchanged but for its
import line (``import xehe.tenseal as ts``).
"""
import argparse
import json
import time

import numpy as np
import xehe.tenseal as ts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=64)
    ap.add_argument("--features", type=int, default=16)
    # 8192 as in TenSEAL's tutorials; the benchmark also runs 16384 (same primes, same answers).
    ap.add_argument("--poly-modulus-degree", type=int, default=8192)
    a = ap.parse_args()
    rng = np.random.default_rng(7)
    x = rng.uniform(-1, 1, (a.samples, a.features))
    w = rng.uniform(-0.5, 0.5, a.features)
    b = 0.1
    w2 = rng.uniform(-1, 1, (a.features, 4))
    seconds = {}

    # Client: keys, encryption, a public context for the server.
    t = time.perf_counter()
    # Three 30-bit levels at a scale of 2^30 (the dot product, then the cubic), a 60-bit
    # special prime that keeps key switching's noise far below the message's.
    ctx = ts.context(
        ts.SCHEME_TYPE.CKKS,
        poly_modulus_degree=a.poly_modulus_degree,
        coeff_mod_bit_sizes=[50, 30, 30, 30, 60],
    )
    ctx.global_scale = 2**30
    ctx.generate_galois_keys()
    secret = ctx.serialize(save_secret_key=True)
    ctx.make_context_public()
    public = ctx.serialize()
    seconds["keys"] = time.perf_counter() - t
    t = time.perf_counter()
    client = ts.context_from(secret)
    sent = [ts.ckks_vector(client, row).serialize() for row in x]
    seconds["encrypt"] = time.perf_counter() - t

    # Server: the public context and the encrypted samples; sigmoid(x·w + b) and x·W2 + x².
    server = ts.context_from(public)
    samples = [ts.ckks_vector_from(server, s) for s in sent]
    import os
    prof=None
    if os.environ.get("PROF"):
        import pyinstrument; prof=pyinstrument.Profiler(interval=0.0005); prof.start()
    t = time.perf_counter()
    scores = [(v.dot(w) + b).polyval([0.5, 0.197, 0, -0.004]) for v in samples]
    layer = [v.mm(w2) + v.square().sum() for v in samples]
    # Serializing the results is part of the server's time: a device finishes its queued work
    # there at the latest.
    back = [r.serialize() for r in scores + layer]
    seconds["evaluate"] = time.perf_counter() - t
    if prof:
        prof.stop(); open(os.environ["PROF"],"w").write(prof.output_text(unicode=True, show_all=False))

    # Client: decryption.
    t = time.perf_counter()
    out = [ts.ckks_vector_from(client, r).decrypt() for r in back]
    seconds["decrypt"] = time.perf_counter() - t
    expect_scores = [0.5 + 0.197 * z - 0.004 * z**3 for z in x @ w + b]
    expect_layer = (x @ w2 + (x * x).sum(axis=1, keepdims=True)).tolist()
    print(json.dumps({
        "results": out,
        "expected": [[s] for s in expect_scores] + expect_layer,
        "seconds": seconds,
    }))


if __name__ == "__main__":
    main()
