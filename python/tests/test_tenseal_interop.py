"""TenSEAL's bytes both ways with the real TenSEAL (pip `tenseal`), and a TenSEAL program run
unchanged but for its import (examples/encrypted_lr.py) with the same results within noise."""

import json
import os
import pathlib
import subprocess
import sys

import numpy as np
import tenseal
from xehe._xehe import tenseal_proto

import xehe.tenseal as xts

X = np.array([0.5, -1.25, 2.0, 0.75, -0.5, 1.5, 0.25, -2.0])
Y = np.array([1.5, 0.25, -0.5, 1.0, 2.0, -1.0, 0.5, 0.125])
BOUND = 1e-4  # N = 8192, 60/40/40/60 at 2^40, a product and a sum: ~1e-6.
PROGRAM = pathlib.Path(__file__).parent.parent / "examples" / "encrypted_lr.py"


def tenseal_context():
    c = tenseal.context(
        tenseal.SCHEME_TYPE.CKKS, poly_modulus_degree=8192, coeff_mod_bit_sizes=[60, 40, 40, 60]
    )
    c.global_scale = 2**40
    c.generate_galois_keys()
    return c


def close(got, want, bound=BOUND):
    err = np.max(np.abs(np.array(got) - np.asarray(want)))
    assert err < bound, f"max error {err:.3e} over {bound:g}"


def test_protobuf_messages_reencode_to_tenseal_bytes():
    c = tenseal_context()
    for data in [
        c.serialize(save_secret_key=True),
        c.serialize(),
        c.serialize(save_public_key=False, save_galois_keys=False),
    ]:
        m = tenseal_proto.parse_context(data)
        p = m["private"]
        private = None if p is None else (p["secret_key"], p["relin_keys_generated"], p["galois_keys_generated"])
        again = tenseal_proto.serialize_context(
            m["encryption_parameters"], m["encryption_type"], m["auto_flags"], m["scale"],
            m["public_key"], m["relin_keys"], m["galois_keys"], private,
        )
        assert again == data
    v = tenseal.ckks_vector(c, list(X) * 700)  # two chunks
    data = v.serialize()
    sizes, cts, scale = tenseal_proto.parse_ckks_vector(data)
    assert sizes == [4096, 1504] and scale == 2**40
    assert tenseal_proto.serialize_ckks_vector(sizes, cts, scale) == data


def test_tenseal_private_context_and_vectors_load_in_xehe(backend):
    c = tenseal_context()
    x = tenseal.ckks_vector(c, X)
    ours = xts.context_from(c.serialize(save_secret_key=True), backend=backend)
    assert ours.is_private() and ours.has_galois_keys() and ours.has_relin_keys()
    assert ours.global_scale == 2**40
    v = xts.ckks_vector_from(ours, x.serialize())
    close(v.decrypt(), X)
    close((v * xts.ckks_vector(ours, Y)).sum().decrypt(), [X @ Y])


def test_xehe_evaluates_for_a_tenseal_client(backend):
    client = tenseal_context()
    secret = client.serialize(save_secret_key=True)
    client.make_context_public()
    server = xts.context_from(client.serialize(), backend=backend)
    assert server.is_public()
    client = tenseal.context_from(secret)
    x = xts.ckks_vector_from(server, tenseal.ckks_vector(client, X).serialize())
    y = xts.ckks_vector_from(server, tenseal.ckks_vector(client, Y).serialize())
    results = [(x * y + 1).serialize(), x.dot(y).serialize(), x.mm(np.eye(8)[:, :3]).serialize()]
    back = [tenseal.ckks_vector_from(client, r).decrypt() for r in results]
    close(back[0], X * Y + 1)
    close(back[1], [X @ Y])
    close(back[2], X[:3], 1e-3)


def test_xehe_contexts_and_vectors_load_in_tenseal(backend):
    ours = xts.context(
        xts.SCHEME_TYPE.CKKS, poly_modulus_degree=8192, coeff_mod_bit_sizes=[60, 40, 40, 60], backend=backend
    )
    ours.global_scale = 2**40
    ours.generate_galois_keys()
    theirs = tenseal.context_from(ours.serialize(save_secret_key=True))
    assert theirs.is_private() and theirs.global_scale == 2**40
    v = (xts.ckks_vector(ours, X) * xts.ckks_vector(ours, Y)).serialize()
    w = tenseal.ckks_vector_from(theirs, v)
    close(w.decrypt(), X * Y)
    close((w + tenseal.ckks_vector(theirs, Y)).sum().decrypt(), [(X * Y + Y).sum()])
    # A public context from xehe: TenSEAL evaluates, xehe decrypts.
    public = ours.copy()
    public.make_context_public()
    pub = tenseal.context_from(public.serialize())
    assert pub.is_public()
    u = tenseal.ckks_vector_from(pub, xts.ckks_vector(ours, X).serialize()).square()
    close(xts.ckks_vector_from(ours, u.serialize()).decrypt(), X * X)


def run_program(module_line, env):
    source = PROGRAM.read_text()
    assert source.count("import tenseal as ts\n") == 1
    source = source.replace("import tenseal as ts\n", module_line + "\n")
    out = subprocess.run(
        [sys.executable, "-", "--samples", "6"], input=source, capture_output=True, text=True,
        env={**os.environ, **env}, check=True,
    )
    return json.loads(out.stdout)


def test_tenseal_program_unchanged_but_its_import(backend):
    theirs = run_program("import tenseal as ts", {})
    ours = run_program("import xehe.tenseal as ts", {"XEHE_BACKEND": backend})
    # Scale 2^30: each result within 1e-2 of the f64 computation on both, and of each other.
    for t, o, e in zip(theirs["results"], ours["results"], theirs["expected"]):
        close(t, e, 1e-2)
        close(o, e, 1e-2)
        close(o, t, 1e-2)
