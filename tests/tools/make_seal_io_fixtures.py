#!/usr/bin/env python3
"""Writes tests/data/seal/io/: objects saved by SEAL 4 (tenseal.sealapi), which tests/seal_io.rs
loads, evaluates on and saves again.

    pip install tenseal zstandard
    python3 tests/tools/make_seal_io_fixtures.py

N = 4096, CoeffModulus.Create(4096, [40, 30, 39]) (the smallest degree xehe supports, so the
committed files stay small), scale 2^30: at 2^20 the key-switching noise of a rotation is as
large as the message, in SEAL as in xehe. Files are SEAL's save() bytes (zstd, SEAL's
default and TenSEAL's); relin.key, galois.key and symmetric.ct are SEAL's seeded
Serializable<T> forms. manifest.json holds the inputs' generator, SEAL's parms_ids and the
expected decryptions (what SEAL's own decryptor gives).
"""
import json
import os

import tenseal.sealapi as seal

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "seal", "io")
N, BITS, LOG_SCALE = 4096, [40, 30, 39], 30


def u(k, salt):
    return ((k * 2654435761 + salt) % 2**32) / 2**32


def path(name):
    return os.path.join(OUT, name)


def main():
    os.makedirs(OUT, exist_ok=True)
    slots = N // 2
    x = [2 * u(k, 11) - 1 for k in range(slots)]
    y = [2 * u(k, 12) - 1 for k in range(slots)]
    parms = seal.EncryptionParameters(seal.SCHEME_TYPE.CKKS)
    parms.set_poly_modulus_degree(N)
    parms.set_coeff_modulus(seal.CoeffModulus.Create(N, BITS))
    parms.save(path("parms.seal"))
    ctx = seal.SEALContext(parms, True, seal.SEC_LEVEL_TYPE.TC128)
    kg = seal.KeyGenerator(ctx)
    kg.secret_key().save(path("secret.key"))
    pk = seal.PublicKey()
    kg.create_public_key(pk)
    pk.save(path("public.key"))
    kg.create_relin_keys().save(path("relin.key"))
    # Rotation by one slot (3) and conjugation (2N - 1).
    kg.create_galois_keys([3, 2 * N - 1]).save(path("galois.key"))
    rk = seal.RelinKeys()
    rk.load(ctx, path("relin.key"))
    gk = seal.GaloisKeys()
    gk.load(ctx, path("galois.key"))

    enc = seal.CKKSEncoder(ctx)
    encryptor = seal.Encryptor(ctx, pk, kg.secret_key())
    decryptor = seal.Decryptor(ctx, kg.secret_key())
    ev = seal.Evaluator(ctx)
    scale = 2.0**LOG_SCALE
    ptx, pty = seal.Plaintext(), seal.Plaintext()
    enc.encode(x, scale, ptx)
    enc.encode(y, scale, pty)
    ptx.save(path("x.pt"))
    ctx_ct, cty = seal.Ciphertext(), seal.Ciphertext()
    encryptor.encrypt(ptx, ctx_ct)
    encryptor.encrypt(pty, cty)
    ctx_ct.save(path("x.ct"))
    cty.save(path("y.ct"))
    encryptor.encrypt_symmetric(ptx).save(path("symmetric.ct"))

    def decode(ct):
        pt = seal.Plaintext()
        decryptor.decrypt(ct, pt)
        return enc.decode_double(pt)

    prod = seal.Ciphertext()
    ev.multiply(ctx_ct, cty, prod)
    ev.relinearize_inplace(prod, rk)
    ev.rescale_to_next_inplace(prod)
    prod.save(path("xy.ct"))
    rot = seal.Ciphertext()
    ev.rotate_vector(ctx_ct, 1, gk, rot)
    rot.save(path("x_rotated.ct"))
    conj = seal.Ciphertext()
    ev.complex_conjugate(ctx_ct, gk, conj)
    conj.save(path("x_conjugated.ct"))

    manifest = {
        "n": N, "bits": BITS, "log2_scale": LOG_SCALE, "x_salt": 11, "y_salt": 12,
        "key_parms_id": list(ctx.key_parms_id()), "first_parms_id": list(ctx.first_parms_id()),
        "seal_decrypts": {
            "x.ct": decode(ctx_ct)[:8], "xy.ct": decode(prod)[:8], "x_rotated.ct": decode(rot)[:8],
        },
    }
    with open(path("manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")
    print("wrote", OUT, sorted(os.listdir(OUT)))


if __name__ == "__main__":
    main()
