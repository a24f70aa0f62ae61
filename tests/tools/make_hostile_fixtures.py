#!/usr/bin/env python3
"""Writes tests/data/seal/hostile/: hostile SEAL files, which tests/seal_io_bombs.rs and
tests/seal_io_errors.rs load and ci/fuzz.sh seeds the fuzzers with. Python's standard library
only (the zstd frames are written by hand, so the bytes do not depend on a zstd version):

    python3 tests/tools/make_hostile_fixtures.py

- bomb-zstd.seal: a 128 KiB zstd file that expands to 4 GiB and does not say so (no content
  size in its frame, a 128 KiB window): a raw block with the body of Galois keys for
  tests/data/seal/io's context (its key parms_id, 4096 slots), then RLE blocks of zeros (empty
  slots, then zeros). Without a bound on the expansion it reaches the context's bound for Galois
  keys, 1.6 GB.
- bomb-zstd-sized.seal: the same, its frame naming its 4 GiB.
- bomb-zlib.seal: the same body prefix and zeros up to 256 MiB, zlib (deflate's ratio is at most
  about 1000, so this one is 255 KiB).
- parms-64-primes.seal: uncompressed parameters (1.6 KB) with N = 2^16 and 64 primes, the
  smallest ≡ 1 (mod 2^17) from 2^25 up (22 of 26 bits, 42 of 27: 1670 bits, within the 128-bit
  bound at 2^16), which make a context's tables large.
"""
import json
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "data", "seal", "hostile")
MANIFEST = os.path.join(HERE, "..", "data", "seal", "io", "manifest.json")

ZSTD = 2
ZLIB = 1
NONE = 0
BLOCK = 128 << 10


def seal_header(mode, body_len):
    # magic 0xA15E, header size 16, SEAL 4.3, compression, reserved, total size
    return struct.pack("<HBBBBHQ", 0xA15E, 16, 4, 3, mode, 0, 16 + body_len)


def block(last, kind, size, payload):
    return struct.pack("<I", (size << 3) | (kind << 1) | last)[:3] + payload


def zstd_frame(prefix, total, sized):
    """A raw block of `prefix`, then RLE zeros up to `total` bytes, 128 KiB blocks."""
    out = struct.pack("<I", 0xFD2FB528)
    if sized:
        out += bytes([0xC0, 7 << 3]) + struct.pack("<Q", total)
    else:
        out += bytes([0x00, 7 << 3])
    out += block(0, 0, len(prefix), prefix)
    left = total - len(prefix)
    while left > 0:
        n = min(left, BLOCK)
        left -= n
        out += block(1 if left == 0 else 0, 1, n, b"\0")
    return out


def galois_prefix():
    key_parms_id = json.load(open(MANIFEST))["key_parms_id"]
    return struct.pack("<4QQ", *key_parms_id, 4096)


def zlib_body(prefix, total):
    z = zlib.compressobj(9)
    out = z.compress(prefix)
    zeros = bytes(1 << 20)
    left = total - len(prefix)
    while left > 0:
        n = min(left, len(zeros))
        out += z.compress(zeros[:n])
        left -= n
    return out + z.flush()


def is_prime(n):
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def parms_64_primes():
    n = 1 << 16
    primes = []
    q = (1 << 25) // (2 * n) * (2 * n) + 1
    while len(primes) < 64:
        if q >= 1 << 25 and is_prime(q):
            primes.append(q)
        q += 2 * n

    def nested(v):
        return seal_header(NONE, 8) + struct.pack("<Q", v)

    body = struct.pack("<BQQ", 2, n, len(primes))
    body += b"".join(nested(p) for p in primes) + nested(0)
    return body


def write(name, mode, body):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(seal_header(mode, len(body)) + body)


def main():
    os.makedirs(OUT, exist_ok=True)
    prefix = galois_prefix()
    write("bomb-zstd.seal", ZSTD, zstd_frame(prefix, 4 << 30, sized=False))
    write("bomb-zstd-sized.seal", ZSTD, zstd_frame(prefix, 4 << 30, sized=True))
    write("bomb-zlib.seal", ZLIB, zlib_body(prefix, 256 << 20))
    write("parms-64-primes.seal", NONE, parms_64_primes())


if __name__ == "__main__":
    main()
