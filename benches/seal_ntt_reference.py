#!/usr/bin/env python3
"""Times SEAL 4's CPU NTT (tenseal.sealapi) on this machine, as the peer for benches/ntt_cpu.rs.

    pip install tenseal && python3 benches/seal_ntt_reference.py

A CKKS ciphertext of 2 polynomials over k primes is moved out of and back into NTT form; each
direction runs 2k single-prime transforms of N points, so the per-NTT time is the call time / 2k.
k is the ciphertext's own prime count: the coefficient modulus has one more (SEAL keeps its last
prime for key switching), which an earlier version of this script counted too, halving SEAL's
per-NTT times in cpu-2026-11-21.md and cpu-2026-11-23-host/README.md.
Python's call overhead (about a microsecond) is included and negligible at these sizes.
"""
import statistics
import time

import tenseal.sealapi as seal


def main():
    print("| log2 N | primes | SEAL forward µs/NTT | SEAL inverse µs/NTT |")
    print("| --- | --- | --- | --- |")
    for log_n in range(12, 17):
        n = 1 << log_n
        primes = 3
        parms = seal.EncryptionParameters(seal.SCHEME_TYPE.CKKS)
        parms.set_poly_modulus_degree(n)
        parms.set_coeff_modulus(seal.CoeffModulus.Create(n, [60] * primes))
        ctx = seal.SEALContext(parms, True, seal.SEC_LEVEL_TYPE.NONE)
        keygen = seal.KeyGenerator(ctx)
        pk = seal.PublicKey()
        keygen.create_public_key(pk)
        enc = seal.Encryptor(ctx, pk)
        ev = seal.Evaluator(ctx)
        encoder = seal.CKKSEncoder(ctx)
        pt = seal.Plaintext()
        encoder.encode([1.0] * (n // 2), 2.0 ** 30, pt)
        ct = seal.Ciphertext()
        enc.encrypt(pt, ct)
        k = ct.coeff_modulus_size()
        assert k == primes - 1, k
        fwd, inv = [], []
        for _ in range(max(20, 2 ** (18 - log_n))):
            t0 = time.perf_counter()
            ev.transform_from_ntt_inplace(ct)
            t1 = time.perf_counter()
            ev.transform_to_ntt_inplace(ct)
            t2 = time.perf_counter()
            inv.append((t1 - t0) / (2 * k))
            fwd.append((t2 - t1) / (2 * k))
        print(f"| {log_n} | {k} x 60-bit | {statistics.median(fwd) * 1e6:.1f} | {statistics.median(inv) * 1e6:.1f} |")


if __name__ == "__main__":
    main()
