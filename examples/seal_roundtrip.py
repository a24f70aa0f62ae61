#!/usr/bin/env python3
"""A SEAL client (Python, SEAL 4 through tenseal.sealapi) and xehe as its server (the xehe CLI),
both ways, every result checked.

    pip install tenseal==0.3.18
    cargo build --release
    python3 examples/seal_roundtrip.py [--xehe target/release/xehe] [--backends cpu-sim,opencl]

1. The client makes parameters and keys with SEAL, encrypts two vectors (public key and
   symmetric, seeded) and saves everything with SEAL's save() (zstd, relin/Galois keys seeded).
2. The server (xehe) evaluates on those files: multiply + relinearize, rescale, rotate, add,
   conjugate, on each backend; xehe also decrypts SEAL's ciphertexts.
3. The client loads xehe's results with SEAL and decrypts them.
4. xehe makes keys and ciphertexts (zstd, zlib and uncompressed); SEAL loads them, evaluates
   with xehe's relinearization and Galois keys, and decrypts with xehe's secret key.

Bounds (N = 8192, primes 60,40,40,60, scale 2^40): 1e-6 for every result, 1e-5 after a
rotation or conjugation (key switching without a rescale; seen up to 7e-7).
Exit status 0 when every check holds, 1 otherwise.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

import tenseal.sealapi as seal

N, BITS, SCALE = 8192, [60, 40, 40, 60], 2.0**40
BOUND = 1e-6
KS_BOUND = 1e-5
failures = []


def check(label, got, want, bound=BOUND):
    err = max(abs(a - b) for a, b in zip(got, want))
    ok = err < bound and len(got) == len(want)
    print(f"  {'ok ' if ok else 'FAIL'} {label}: max error {err:.3e} (bound {bound:g})")
    if not ok:
        failures.append(label)


def xehe(binary, *args):
    out = subprocess.run([binary, *args], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"xehe {' '.join(args)} failed ({out.returncode}): {out.stderr.strip()}")
    return out.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--xehe", default="target/release/xehe")
    ap.add_argument("--backends", default="cpu-sim,opencl")
    a = ap.parse_args()
    d = tempfile.mkdtemp(prefix="xehe-seal-")
    p = lambda name: os.path.join(d, name)
    slots = N // 2
    x = [((k * 37) % 101) / 101 - 0.5 for k in range(slots)]
    y = [((k * 53) % 97) / 97 - 0.5 for k in range(slots)]

    # 1. Client: SEAL makes parameters and keys and encrypts.
    parms = seal.EncryptionParameters(seal.SCHEME_TYPE.CKKS)
    parms.set_poly_modulus_degree(N)
    parms.set_coeff_modulus(seal.CoeffModulus.Create(N, BITS))
    parms.save(p("parms.seal"))
    ctx = seal.SEALContext(parms, True, seal.SEC_LEVEL_TYPE.TC128)
    kg = seal.KeyGenerator(ctx)
    kg.secret_key().save(p("secret.key"))
    pk = seal.PublicKey()
    kg.create_public_key(pk)
    pk.save(p("public.key"))
    kg.create_relin_keys().save(p("relin.key"))
    kg.create_galois_keys().save(p("galois.key"))
    enc, ev = seal.CKKSEncoder(ctx), seal.Evaluator(ctx)
    encryptor = seal.Encryptor(ctx, pk, kg.secret_key())
    decryptor = seal.Decryptor(ctx, kg.secret_key())

    def encrypt(v, name, symmetric=False):
        pt = seal.Plaintext()
        enc.encode(v, SCALE, pt)
        if symmetric:
            encryptor.encrypt_symmetric(pt).save(p(name))
        else:
            ct = seal.Ciphertext()
            encryptor.encrypt(pt, ct)
            ct.save(p(name))

    def seal_decrypt(name, context=ctx, dec=decryptor, encoder=enc):
        ct = seal.Ciphertext()
        ct.load(context, p(name))
        pt = seal.Plaintext()
        dec.decrypt(ct, pt)
        return encoder.decode_double(pt)

    encrypt(x, "x.ct")
    encrypt(y, "y.ct", symmetric=True)
    print(f"client (SEAL): parameters, keys, x.ct (public key), y.ct (symmetric, seeded) in {d}")
    print(xehe(a.xehe, "inspect", p("relin.key"), "--params", p("parms.seal")).strip().replace("\n", "; "))

    # 2. Server: xehe evaluates on SEAL's files, on each backend.
    common = ["--params", p("parms.seal")]
    for backend in [b for b in a.backends.split(",") if b]:
        print(f"server (xehe, --backend {backend}):")
        # --force: each backend's results replace the previous backend's.
        ev_args = common + ["--backend", backend, "--relin-keys", p("relin.key"), "--galois-keys", p("galois.key"),
                            "--force"]
        xehe(a.xehe, "eval", *ev_args, "--op", "multiply", "--in", p("x.ct"), "--in", p("y.ct"), "--out", p("xy.ct"))
        xehe(a.xehe, "eval", *ev_args, "--op", "rescale", "--in", p("xy.ct"), "--out", p("xy_rs.ct"))
        xehe(a.xehe, "eval", *ev_args, "--op", "rotate:4", "--in", p("x.ct"), "--out", p("x_rot.ct"))
        xehe(a.xehe, "eval", *ev_args, "--op", "rotate:-8", "--in", p("y.ct"), "--out", p("y_rot.ct"))
        xehe(a.xehe, "eval", *ev_args, "--op", "add", "--in", p("x.ct"), "--in", p("y.ct"), "--out", p("sum.ct"),
             "--compression", "zlib")
        xehe(a.xehe, "eval", *ev_args, "--op", "conjugate", "--in", p("x.ct"), "--out", p("x_conj.ct"),
             "--compression", "none")
        # 3. Client: SEAL decrypts xehe's results.
        check("SEAL decrypts xehe's multiply+relinearize+rescale", seal_decrypt("xy_rs.ct"), [u * v for u, v in zip(x, y)])
        check("SEAL decrypts xehe's rotate by 4", seal_decrypt("x_rot.ct"), x[4:] + x[:4], KS_BOUND)
        check("SEAL decrypts xehe's rotate by -8 (seeded input)", seal_decrypt("y_rot.ct"), y[-8:] + y[:-8], KS_BOUND)
        check("SEAL decrypts xehe's add (zlib)", seal_decrypt("sum.ct"), [u + v for u, v in zip(x, y)])
        check("SEAL decrypts xehe's conjugate (uncompressed)", seal_decrypt("x_conj.ct"), x, KS_BOUND)
    # xehe decrypts SEAL's ciphertexts to the same doubles as SEAL's decoder.
    for name in ["x.ct", "y.ct"]:
        got = json.loads(xehe(a.xehe, "decrypt", *common, "--secret-key", p("secret.key"), "--ciphertext", p(name)))
        same = got == seal_decrypt(name)
        print(f"  {'ok ' if same else 'FAIL'} xehe decrypts SEAL's {name} to SEAL's own doubles")
        if not same:
            failures.append(f"xehe decrypt {name}")

    # 4. xehe's keys and ciphertexts in SEAL.
    print("keys and ciphertexts made by xehe, used by SEAL:")
    kd = os.path.join(d, "xehe-keys")
    xehe(a.xehe, "keygen", *common, "--out-dir", kd)
    xehe(a.xehe, "encrypt", *common, "--public-key", os.path.join(kd, "public.key"),
         "--values", json.dumps(x), "--scale", "2^40", "--out", p("xx.ct"), "--compression", "zlib")
    vals = p("y.json")
    with open(vals, "w") as f:
        json.dump(y, f)
    xehe(a.xehe, "encrypt", *common, "--public-key", os.path.join(kd, "public.key"),
         "--values", "@" + vals, "--scale", "2^40", "--out", p("xy_in.ct"), "--compression", "none")
    xehe(a.xehe, "encode", *common, "--values", "@" + vals, "--scale", "2^40", "--out", p("y.pt"))
    sk = seal.SecretKey()
    sk.load(ctx, os.path.join(kd, "secret.key"))
    xpk = seal.PublicKey()
    xpk.load(ctx, os.path.join(kd, "public.key"))
    rk = seal.RelinKeys()
    rk.load(ctx, os.path.join(kd, "relin.key"))
    gk = seal.GaloisKeys()
    gk.load(ctx, os.path.join(kd, "galois.key"))
    dec2 = seal.Decryptor(ctx, sk)
    check("SEAL decrypts xehe's encryption (zlib) with xehe's secret key", seal_decrypt("xx.ct", dec=dec2), x)
    a_ct, b_ct = seal.Ciphertext(), seal.Ciphertext()
    a_ct.load(ctx, p("xx.ct"))
    b_ct.load(ctx, p("xy_in.ct"))
    prod = seal.Ciphertext()
    ev.multiply(a_ct, b_ct, prod)
    ev.relinearize_inplace(prod, rk)
    ev.rescale_to_next_inplace(prod)
    rot = seal.Ciphertext()
    ev.rotate_vector(a_ct, 7, gk, rot)  # SEAL composes 7 from the power-of-two keys
    pt_y = seal.Plaintext()
    pt_y.load(ctx, p("y.pt"))
    mp = seal.Ciphertext()
    ev.multiply_plain(a_ct, pt_y, mp)
    ev.rescale_to_next_inplace(mp)

    def dec_ct(ct):
        pt = seal.Plaintext()
        dec2.decrypt(ct, pt)
        return enc.decode_double(pt)

    check("SEAL multiplies and relinearizes with xehe's relin key", dec_ct(prod), [u * v for u, v in zip(x, y)])
    check("SEAL rotates with xehe's Galois keys", dec_ct(rot), x[7:] + x[:7], KS_BOUND)
    check("SEAL multiplies by xehe's plaintext", dec_ct(mp), [u * v for u, v in zip(x, y)])
    seal_enc = seal.Encryptor(ctx, xpk)
    pt = seal.Plaintext()
    enc.encode(y, SCALE, pt)
    ct = seal.Ciphertext()
    seal_enc.encrypt(pt, ct)
    ct.save(p("seal_with_xehe_pk.ct"))
    got = json.loads(xehe(a.xehe, "decrypt", *common, "--secret-key", os.path.join(kd, "secret.key"),
                          "--ciphertext", p("seal_with_xehe_pk.ct")))
    check("xehe decrypts SEAL's encryption under xehe's public key", got, y)

    if failures:
        print(f"{len(failures)} check(s) failed: {failures}")
        return 1
    print("every check holds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
