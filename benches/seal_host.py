#!/usr/bin/env python3
"""Times SEAL 4 (tenseal.sealapi, one thread) on the rows `xehe bench host` prints, for the same
degree and primes, so that both run on the same machine in the same minute:

    python3 benches/seal_host.py --degree 16384 --moduli 60,40x6,60 [--reps 10] [--json F]

Medians of wall times after one warm-up call. The encoder's rows include pybind11's conversion
of the Python list of slots to and from a C++ vector (tens of µs at these sizes, stated in the
output); every other row calls C++ on objects already made.
"""
import argparse
import json
import random
import statistics
import time

import tenseal.sealapi as seal


def bits_of(spec):
    out = []
    for part in spec.split(","):
        if "x" in part:
            b, k = part.split("x")
            out += [int(b)] * int(k)
        else:
            out.append(int(part))
    return out


def timed(reps, f):
    f()
    walls = []
    for _ in range(reps):
        t = time.perf_counter()
        f()
        walls.append((time.perf_counter() - t) * 1e6)
    return statistics.median(walls)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--degree", type=int, default=16384)
    ap.add_argument("--moduli", default="60,40x6,60")
    ap.add_argument("--reps", type=int, default=10)
    ap.add_argument("--json")
    a = ap.parse_args()
    n, bits = a.degree, bits_of(a.moduli)
    parms = seal.EncryptionParameters(seal.SCHEME_TYPE.CKKS)
    parms.set_poly_modulus_degree(n)
    parms.set_coeff_modulus(seal.CoeffModulus.Create(n, bits))
    ctx = seal.SEALContext(parms, True, seal.SEC_LEVEL_TYPE.NONE)
    kg = seal.KeyGenerator(ctx)
    pk = seal.PublicKey()
    kg.create_public_key(pk)
    rk, gk = seal.RelinKeys(), seal.GaloisKeys()
    rows = []
    rows.append(("create_relin_keys", timed(a.reps, lambda: kg.create_relin_keys(seal.RelinKeys()))))
    rows.append(("create_galois_keys (1 step)",
                 timed(a.reps, lambda: kg.create_galois_keys([3], seal.GaloisKeys()))))
    kg.create_relin_keys(rk)
    # The binding takes Galois elements: 3 is the element of a rotation by one step.
    kg.create_galois_keys([3], gk)
    enc = seal.CKKSEncoder(ctx)
    encryptor = seal.Encryptor(ctx, pk)
    decryptor = seal.Decryptor(ctx, kg.secret_key())
    ev = seal.Evaluator(ctx)
    rng = random.Random(3)
    ma = [rng.uniform(-1, 1) for _ in range(n // 2)]
    mb = [rng.uniform(-1, 1) for _ in range(n // 2)]
    scale = 2.0 ** min(bits[-2], (sum(bits[:-1]) - 2) // 2)
    pa, pb = seal.Plaintext(), seal.Plaintext()
    rows.append(("encode", timed(a.reps, lambda: enc.encode(ma, scale, seal.Plaintext()))))
    enc.encode(ma, scale, pa)
    enc.encode(mb, scale, pb)
    ca, cb = seal.Ciphertext(), seal.Ciphertext()
    rows.append(("encrypt", timed(a.reps, lambda: encryptor.encrypt(pa, seal.Ciphertext()))))
    encryptor.encrypt(pa, ca)
    encryptor.encrypt(pb, cb)
    rows.append(("decrypt", timed(a.reps, lambda: decryptor.decrypt(ca, seal.Plaintext()))))
    da = seal.Plaintext()
    decryptor.decrypt(ca, da)
    rows.append(("decode", timed(a.reps, lambda: enc.decode_double(da))))
    out = seal.Ciphertext()
    rows.append(("add", timed(a.reps, lambda: ev.add(ca, cb, out))))
    rows.append(("multiply_plain", timed(a.reps, lambda: ev.multiply_plain(ca, pb, out))))
    rows.append(("multiply", timed(a.reps, lambda: ev.multiply(ca, cb, out))))
    prod = seal.Ciphertext()
    ev.multiply(ca, cb, prod)
    rows.append(("relinearize", timed(a.reps, lambda: ev.relinearize(prod, rk, out))))

    def mul_relin():
        p = seal.Ciphertext()
        ev.multiply(ca, cb, p)
        ev.relinearize_inplace(p, rk)

    rows.append(("multiply + relinearize", timed(a.reps, mul_relin)))
    rows.append(("rescale", timed(a.reps, lambda: ev.rescale_to_next(ca, out))))
    rows.append(("rotate 1", timed(a.reps, lambda: ev.rotate_vector(ca, 1, gk, out))))
    print(f"# SEAL 4 (tenseal.sealapi), N = {n}, primes {bits}, one thread, "
          f"median of {a.reps} calls (µs); encode and decode include Python's list conversion")
    print()
    print("| routine | µs |")
    print("| --- | --- |")
    for name, us in rows:
        print(f"| {name} | {us:.1f} |")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"degree": n, "bits": bits, "reps": a.reps,
                       "rows": [{"routine": r, "us": u} for r, u in rows]}, f, indent=1)


if __name__ == "__main__":
    main()
