#!/usr/bin/env python3
"""Writes SEAL reference fixtures under tests/data/ using the real SEAL 4 (tenseal.sealapi).

    pip install tenseal
    python3 tests/tools/make_seal_fixtures.py

Outputs (committed; the Rust tests read them and need no Python):
  tests/data/coeff_modulus.json  CoeffModulus.Create results, requests SEAL rejects, MaxBitCount
  tests/data/ntt/manifest.json   one entry per (N, prime) forward-NTT vector
  tests/data/ntt/*.bin           N input words then N output words, little-endian u64

NTT vectors come from Evaluator.transform_to_ntt_inplace on a BFV plaintext over a one-prime
context with plain modulus t = q - 2. SEAL lifts plaintext coefficients c >= (t + 1) / 2 to
c + (q - t) before transforming; the input recorded here is that lifted polynomial, which is
what the NTT itself receives. The inputs are random (fixed seed), so they span [0, q).
"""
import json
import os
import random
import struct

import tenseal.sealapi as seal

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data")

COEFF_MODULUS_SETS = [
    (1024, [27]),
    (2048, [54]),
    (2048, [18, 18, 18]),
    (4096, [36, 36, 37]),
    (4096, [20, 20, 20, 20, 20, 20]),
    (4096, [60, 49]),
    (8192, [60, 40, 40, 60]),
    (8192, [50, 30, 30, 50, 50]),
    (16384, [60, 40, 40, 40, 40, 40, 40, 60]),
    (16384, list(range(20, 61, 2))),
    (32768, [60] + [40] * 7 + [60]),
    (32768, [30] * 10 + [60] * 3 + [45, 25]),
    (65536, [60] + [40] * 31 + [60]),
    (131072, [60] * 20 + [59, 58]),
]

# Requests SEAL rejects (not enough primes, bad degree, bad bit size).
REJECTED_SETS = [
    (8192, [14]),
    (4096, [20] * 20),
    (1000, [40]),
    (4096, [61]),
    (4096, [1]),
    (16384, [17, 18, 19]),
    (262144, [60]),
]

NTT_DEGREES = [4096, 8192, 16384, 32768]
NTT_BITS = [60, 45, 30]


def coeff_modulus_fixture():
    created = []
    for n, bits in COEFF_MODULUS_SETS:
        primes = [m.value() for m in seal.CoeffModulus.Create(n, bits)]
        created.append({"n": n, "bits": bits, "primes": primes})
    rejected = []
    for n, bits in REJECTED_SETS:
        try:
            seal.CoeffModulus.Create(n, bits)
        except Exception as e:  # SEAL raises ValueError / RuntimeError through pybind11
            rejected.append({"n": n, "bits": bits, "seal_error": str(e)})
        else:
            raise SystemExit(f"SEAL accepted {n} {bits}, expected a rejection")
    levels = {
        "tc128": seal.SEC_LEVEL_TYPE.TC128,
        "tc192": seal.SEC_LEVEL_TYPE.TC192,
        "tc256": seal.SEC_LEVEL_TYPE.TC256,
    }
    max_bits = [
        {"n": n, **{k: seal.CoeffModulus.MaxBitCount(n, v) for k, v in levels.items()}}
        for n in [512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072]
    ]
    return {"created": created, "rejected": rejected, "max_bit_count": max_bits}


def forward_ntt(n, q, rng):
    t = q - 2
    parms = seal.EncryptionParameters(seal.SCHEME_TYPE.BFV)
    parms.set_poly_modulus_degree(n)
    parms.set_coeff_modulus([seal.Modulus(q)])
    parms.set_plain_modulus(t)
    context = seal.SEALContext(parms, True, seal.SEC_LEVEL_TYPE.NONE)
    if not context.parameters_set():
        raise SystemExit(f"SEAL rejected n={n} q={q}: {context.parameter_error_message()}")
    coeffs = [rng.randrange(t) for _ in range(n)]
    coeffs[0], coeffs[1] = 0, t - 1  # the extremes of the lift
    terms = [f"{c:X}x^{i}" if i else f"{c:X}" for i, c in enumerate(coeffs) if c]
    plain = seal.Plaintext(" + ".join(reversed(terms)))
    threshold = (t + 1) // 2
    lifted = [c + (q - t) if c >= threshold else c for c in coeffs]
    evaluator = seal.Evaluator(context)
    evaluator.transform_to_ntt_inplace(plain, context.first_parms_id())
    out = [plain.data(i) for i in range(n)]
    assert all(v < q for v in out)
    return lifted, out


def ntt_fixture():
    rng = random.Random(20261121)
    folder = os.path.join(ROOT, "ntt")
    os.makedirs(folder, exist_ok=True)
    manifest = []
    for n in NTT_DEGREES:
        for m in seal.CoeffModulus.Create(n, NTT_BITS):
            q = m.value()
            inp, out = forward_ntt(n, q, rng)
            name = f"forward_n{n}_q{q}.bin"
            with open(os.path.join(folder, name), "wb") as f:
                f.write(struct.pack(f"<{2 * n}Q", *inp, *out))
            manifest.append({"n": n, "q": q, "file": name})
    with open(os.path.join(folder, "manifest.json"), "w") as f:
        json.dump({"source": "SEAL 4 via tenseal.sealapi Evaluator.transform_to_ntt_inplace",
                   "vectors": manifest}, f, indent=1)
        f.write("\n")


def main():
    os.makedirs(ROOT, exist_ok=True)
    with open(os.path.join(ROOT, "coeff_modulus.json"), "w") as f:
        json.dump(coeff_modulus_fixture(), f, indent=1)
        f.write("\n")
    ntt_fixture()


if __name__ == "__main__":
    main()
