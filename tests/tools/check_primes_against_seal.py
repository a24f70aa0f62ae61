#!/usr/bin/env python3
"""Compares `xehe primes` with the real SEAL (tenseal.sealapi) on random requests that are not in
the committed fixtures: random degrees, random bit-size lists (with repeats), accepted or rejected.

    pip install tenseal && cargo build --release
    python3 tests/tools/check_primes_against_seal.py [COUNT] [SEED]

Exits non-zero on the first disagreement. Not part of CI (it needs Python and tenseal).
"""
import json
import random
import subprocess
import sys

import tenseal.sealapi as seal

BIN = "target/release/xehe"


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    accepted = rejected = 0
    for _ in range(count):
        n = 1 << rng.randint(1, 17)
        k = rng.randint(1, 12)
        pool = [rng.randint(2, 60) for _ in range(rng.randint(1, 4))]
        bits = [rng.choice(pool) for _ in range(k)]
        try:
            want = [m.value() for m in seal.CoeffModulus.Create(n, bits)]
        except Exception:
            want = None
        arg = ",".join(map(str, bits))
        p = subprocess.run([BIN, "primes", "--degree", str(n), "--bits", arg, "--json"],
                           capture_output=True, text=True)
        if want is None:
            if p.returncode != 2:
                sys.exit(f"n={n} bits={arg}: SEAL rejects, xehe exited {p.returncode}: {p.stdout}")
            rejected += 1
        else:
            got = json.loads(p.stdout) if p.returncode == 0 else p.stderr.strip()
            if got != want:
                sys.exit(f"n={n} bits={arg}: SEAL {want}, xehe {got}")
            accepted += 1
    print(f"agree on {accepted} accepted and {rejected} rejected requests")


if __name__ == "__main__":
    main()
