#!/usr/bin/env python3
"""Writes tests/data/seal/encoder.json: SEAL 4's CKKSEncoder output (tenseal.sealapi) for inputs
that the Rust test regenerates exactly.

    pip install tenseal zstandard
    python3 tests/tools/make_seal_encoder_fixtures.py

Input k of a case is magnitude * (2 * u_k - 1) (real) or that plus i times the same of u_{k+count}
(complex), u_k = ((k * 2654435761 + salt) mod 2^32) / 2^32: every step is exact or one IEEE
rounding, so Python and Rust compute the same doubles. Each case records the BLAKE2b-256 of the
plaintext's words (little-endian u64, [rns][coeff], NTT form) and its first and last 4 words.
"""
import hashlib
import json
import os
import struct

import tenseal.sealapi as seal
import zstandard

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "seal", "encoder.json")

# (name, N, bit sizes, log2 scale, magnitude, count, complex?, salt)
CASES = [
    ("n4096 2^20 |x|<=1", 4096, [40, 20, 40], 20, 1.0, 2048, False, 1),
    ("n4096 partial 10 values", 4096, [40, 20, 40], 20, 3.0, 10, False, 2),
    ("n8192 2^40 |x|<=1", 8192, [60, 40, 40, 60], 40, 1.0, 4096, False, 3),
    ("n8192 2^40 complex |x|<=1", 8192, [60, 40, 40, 60], 40, 1.0, 4096, True, 4),
    ("n8192 2^60 |x|<=1000 (65-128-bit coefficients)", 8192, [60, 40, 40, 60], 60, 1000.0, 4096, False, 5),
    ("n16384 2^50 |x|<=1", 16384, [60] + [40] * 6 + [60], 50, 1.0, 8192, False, 6),
    ("n16384 2^50 |x|<=1000", 16384, [60] + [40] * 6 + [60], 50, 1000.0, 8192, False, 7),
    ("n16384 2^100 |x|<=2^35 (more than 128-bit coefficients)", 16384, [60] + [40] * 6 + [60], 100, 2.0**35, 8192, False, 8),
    ("n32768 2^40 |x|<=1000", 32768, [60] + [40] * 7 + [60], 40, 1000.0, 16384, False, 9),
]

# (name, N, bit sizes, log2 scale, value): SEAL's encode(double) constant plaintexts.
CONSTANTS = [
    ("n8192 constant -1.25 at 2^40", 8192, [60, 40, 40, 60], 40, -1.25),
    ("n8192 constant 3e5 at 2^60 (65-128 bits)", 8192, [60, 40, 40, 60], 60, 3.0e5),
    ("n16384 constant -7e12 at 2^100 (more than 128 bits)", 16384, [60] + [40] * 6 + [60], 100, -7.0e12),
]


def u(k, salt):
    return ((k * 2654435761 + salt) % 2**32) / 2**32


def inputs(magnitude, count, is_complex, salt):
    re = [magnitude * (2 * u(k, salt) - 1) for k in range(count)]
    if not is_complex:
        return re
    im = [magnitude * (2 * u(k + count, salt) - 1) for k in range(count)]
    return [complex(a, b) for a, b in zip(re, im)]


def plaintext_words(pt):
    path = "/tmp/xehe_encoder_fixture.pt"
    pt.save(path)
    raw = open(path, "rb").read()
    os.remove(path)
    body = raw[16:]
    if raw[5] == 2:
        body = zstandard.ZstdDecompressor().decompressobj().decompress(body)
    elif raw[5] == 1:
        import zlib
        body = zlib.decompress(body)
    count = struct.unpack_from("<Q", body, 32 + 8 + 8 + 16)[0]
    return struct.unpack_from("<%dQ" % count, body, 32 + 8 + 8 + 16 + 8)


def context(n, bits):
    parms = seal.EncryptionParameters(seal.SCHEME_TYPE.CKKS)
    parms.set_poly_modulus_degree(n)
    parms.set_coeff_modulus(seal.CoeffModulus.Create(n, bits))
    return seal.SEALContext(parms, True, seal.SEC_LEVEL_TYPE.TC128)


def record(name, n, bits, log_scale, words, **extra):
    data = struct.pack("<%dQ" % len(words), *words)
    return dict(name=name, n=n, bits=bits, log2_scale=log_scale, words=len(words),
                blake2b=hashlib.blake2b(data, digest_size=32).hexdigest(),
                head=list(words[:4]), tail=list(words[-4:]), **extra)


def main():
    out = {"vectors": [], "constants": []}
    for name, n, bits, log_scale, magnitude, count, is_complex, salt in CASES:
        ctx = context(n, bits)
        pt = seal.Plaintext()
        seal.CKKSEncoder(ctx).encode(inputs(magnitude, count, is_complex, salt), 2.0**log_scale, pt)
        out["vectors"].append(record(name, n, bits, log_scale, plaintext_words(pt), magnitude=magnitude,
                                     count=count, complex=is_complex, salt=salt))
    for name, n, bits, log_scale, value in CONSTANTS:
        ctx = context(n, bits)
        pt = seal.Plaintext()
        seal.CKKSEncoder(ctx).encode(value, 2.0**log_scale, pt)
        out["constants"].append(record(name, n, bits, log_scale, plaintext_words(pt), value=value))
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
