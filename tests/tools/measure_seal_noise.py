#!/usr/bin/env python3
"""Measures SEAL 4's CKKS error (tenseal.sealapi) for public-key encryption, and writes
tests/data/seal/noise.json, the figures tests/ckks_noise.rs holds xehe to (within 2x).

    pip install tenseal
    python3 tests/tools/measure_seal_noise.py

N = 8192, CoeffModulus.Create(8192, [60, 40, 40, 60]), scale 2^40, 40 trials, each with fresh
keys. x_k and y_k are 2 u - 1 for u = ((k * 2654435761 + salt) mod 2^32) / 2^32 (salts 1 and 2),
over all 4096 slots. Recorded: the largest |decode(decrypt(.)) - expected| over all slots and
trials for a fresh encryption of x, and for x * y after multiply, relinearize and rescale.
"""
import json
import os

import tenseal.sealapi as seal

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "seal", "noise.json")
TRIALS = 40
N, BITS, LOG_SCALE = 8192, [60, 40, 40, 60], 40


def u(k, salt):
    return ((k * 2654435761 + salt) % 2**32) / 2**32


def main():
    slots = N // 2
    x = [2 * u(k, 1) - 1 for k in range(slots)]
    y = [2 * u(k, 2) - 1 for k in range(slots)]
    parms = seal.EncryptionParameters(seal.SCHEME_TYPE.CKKS)
    parms.set_poly_modulus_degree(N)
    parms.set_coeff_modulus(seal.CoeffModulus.Create(N, BITS))
    ctx = seal.SEALContext(parms, True, seal.SEC_LEVEL_TYPE.TC128)
    enc = seal.CKKSEncoder(ctx)
    ev = seal.Evaluator(ctx)
    scale = 2.0**LOG_SCALE
    fresh = product = 0.0
    for _ in range(TRIALS):
        kg = seal.KeyGenerator(ctx)
        pk = seal.PublicKey()
        kg.create_public_key(pk)
        rk = seal.RelinKeys()
        kg.create_relin_keys(rk)
        encryptor = seal.Encryptor(ctx, pk)
        decryptor = seal.Decryptor(ctx, kg.secret_key())
        cts = []
        for v in (x, y):
            pt = seal.Plaintext()
            enc.encode(v, scale, pt)
            ct = seal.Ciphertext()
            encryptor.encrypt(pt, ct)
            cts.append(ct)

        def decode(ct):
            pt = seal.Plaintext()
            decryptor.decrypt(ct, pt)
            return enc.decode_double(pt)

        fresh = max(fresh, max(abs(a - b) for a, b in zip(decode(cts[0]), x)))
        prod = seal.Ciphertext()
        ev.multiply(cts[0], cts[1], prod)
        ev.relinearize_inplace(prod, rk)
        ev.rescale_to_next_inplace(prod)
        product = max(product, max(abs(a - b * c) for a, b, c in zip(decode(prod), x, y)))
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        json.dump({"n": N, "bits": BITS, "log2_scale": LOG_SCALE, "trials": TRIALS,
                   "fresh_max_error": fresh, "mul_relin_rescale_max_error": product}, f, indent=1)
        f.write("\n")
    print("SEAL over", TRIALS, "trials: fresh", fresh, "after multiply+relinearize+rescale", product)


if __name__ == "__main__":
    main()
