"""xehe.tenseal on every backend against NumPy: each operation of TenSEAL's CKKSVector, with
TenSEAL's semantics (sizes, broadcasting, chunks, levels), and its errors."""

import numpy as np
import pytest

import xehe
import xehe.tenseal as ts

# N = 8192, 60/40/40/60 at 2^40: fresh noise ~1e-9, a product ~1e-7, a sum of 16 rotations
# ~1e-6. The bound leaves two orders of margin.
BOUND = 1e-4


@pytest.fixture(scope="module")
def contexts():
    return {}


@pytest.fixture
def ctx(backend, contexts):
    if backend not in contexts:
        c = ts.context(
            ts.SCHEME_TYPE.CKKS,
            poly_modulus_degree=8192,
            coeff_mod_bit_sizes=[60, 40, 40, 60],
            backend=backend,
        )
        c.global_scale = 2**40
        c.generate_galois_keys()
        contexts[backend] = c
    return contexts[backend]


def close(v, want, bound=BOUND):
    got = np.array(v.decrypt() if isinstance(v, ts.CKKSVector) else v)
    want = np.atleast_1d(np.asarray(want, dtype=float))
    assert got.shape == want.shape, f"{got.shape} against {want.shape}"
    err = np.max(np.abs(got - want))
    assert err < bound, f"max error {err:.3e} over {bound:g}"


X = np.array([0.5, -1.25, 2.0, 0.75, -0.5, 1.5, 0.25, -2.0])
Y = np.array([1.5, 0.25, -0.5, 1.0, 2.0, -1.0, 0.5, 0.125])


def test_arithmetic_with_vectors_lists_scalars_and_numpy(ctx):
    x, y = ts.ckks_vector(ctx, X), ts.ckks_vector(ctx, list(Y))
    close(x, X)
    close(x + y, X + Y)
    close(x - y, X - Y)
    close(x * y, X * Y)
    close(x + Y, X + Y)
    close(x - list(Y), X - Y)
    close(x * Y, X * Y)
    close(x + 2, X + 2)
    close(3 + x, X + 3)
    close(x - 0.5, X - 0.5)
    close(1 - x, 1 - X)
    close(x * -1.5, X * -1.5)
    close(2 * x, 2 * X)
    close(-x, -X)
    close(x.neg(), -X)
    close(x.square(), X * X)
    close(x.pow(3), X**3, 1e-3)
    close(x**4, X**4, 1e-3)
    close(x.pow(0), np.ones(8))
    close(x * 0, np.zeros(8))
    close(x.dot(y), [X @ Y])
    close(x.dot(Y), [X @ Y])
    close(x.sum(), [X.sum()])
    assert x.size() == 8 and len(x) == 8 and x.shape == [8] and x.scale() == 2**40


def test_inplace_forms(ctx):
    x = ts.ckks_vector(ctx, X)
    x.add_(Y)
    x.sub_(1.0)
    x.mul_(ts.ckks_vector(ctx, Y))
    close(x, (X + Y - 1) * Y)
    x = ts.ckks_vector(ctx, X)
    x += 1
    x *= 2
    x -= ts.ckks_vector(ctx, Y)
    close(x, (X + 1) * 2 - Y)
    x = ts.ckks_vector(ctx, X)
    x.neg_()
    x.square_()
    close(x, X * X)
    x = ts.ckks_vector(ctx, X)
    x.pow_(2)
    x.sum_()
    close(x, [(X * X).sum()], 1e-3)
    x = ts.ckks_vector(ctx, X)
    x.dot_(Y)
    close(x, [X @ Y])
    x = ts.ckks_vector(ctx, X)
    x.polyval_([0.5, 1, 0, -0.25])
    close(x, 0.5 + X - 0.25 * X**3, 1e-3)


def test_levels_follow_tenseal(ctx):
    x, y = ts.ckks_vector(ctx, X), ts.ckks_vector(ctx, Y)
    p = x * y
    assert p.ciphertext()[0].level == 1 and p.scale() == 2**40
    # The fresh operand is switched down to the product's level, as TenSEAL does.
    close(p + y, X * Y + Y)
    assert y.ciphertext()[0].level == 1
    ctx.auto_mod_switch = False
    try:
        with pytest.raises(xehe.OperandError):
            p + ts.ckks_vector(ctx, Y)
    finally:
        ctx.auto_mod_switch = True
    ctx.auto_rescale = False
    try:
        q = ts.ckks_vector(ctx, X) * ts.ckks_vector(ctx, Y)
        assert q.ciphertext()[0].level == 2
    finally:
        ctx.auto_rescale = True


def test_broadcast_of_one_value(ctx):
    x = ts.ckks_vector(ctx, X)
    s = x.sum()
    close(x * s, X * X.sum(), 1e-3)
    close(s + x, X.sum() + X, 1e-3)
    with pytest.raises(xehe.OperandError):
        x + ts.ckks_vector(ctx, [1.0, 2.0])
    with pytest.raises(xehe.OperandError):
        x + [1.0, 2.0]


def test_matmul_polyval_and_packing(ctx):
    rng = np.random.default_rng(3)
    m = rng.uniform(-1, 1, (8, 5))
    x = ts.ckks_vector(ctx, X)
    close(x.mm(m), X @ m, 1e-3)
    close(x.matmul(m.tolist()), X @ m, 1e-3)
    close(x @ m, X @ m, 1e-3)
    y = x.copy()
    y.mm_(m)
    close(y, X @ m, 1e-3)
    close(x.polyval([1, 2, 3]), 1 + 2 * X + 3 * X * X, 1e-3)
    close(x.polyval([0, 0]), np.zeros(8))
    close(x.polyval([2.5]), np.full(8, 2.5))
    packed = ts.CKKSVector.pack_vectors([x, ts.ckks_vector(ctx, Y)])
    close(packed, np.concatenate([X, Y]), 1e-3)


def test_conv2d_im2col_and_enc_matmul(ctx):
    rng = np.random.default_rng(4)
    image = rng.uniform(-1, 1, (6, 6))
    kernel = rng.uniform(-1, 1, (3, 3))
    enc, windows = ts.im2col_encoding(ctx, image, 3, 3, 1)
    assert windows == 16
    want = np.array(
        [(image[i : i + 3, j : j + 3] * kernel).sum() for i in range(4) for j in range(4)]
    )
    close(enc.conv2d_im2col(kernel, windows), want, 1e-3)
    matrix = rng.uniform(-1, 1, (4, 3))
    vec = rng.uniform(-1, 1, 3)
    enc_m = ts.enc_matmul_encoding(ctx, matrix)
    close(enc_m.enc_matmul_plain(vec, 4), matrix @ vec, 1e-3)


def test_chunked_vectors(ctx):
    big = np.random.default_rng(5).uniform(-1, 1, 4096 + 100)
    v = ts.ckks_vector(ctx, big)
    assert len(v.ciphertext()) == 2
    close(v * 2 + big, 3 * big)
    close(v.sum(), [big.sum()], 1e-3)
    with pytest.raises(xehe.OperandError):
        v.mm(np.ones((len(big), 2)))


def test_serialization_round_trip(ctx):
    x = ts.ckks_vector(ctx, X) * 2
    data = x.serialize()
    y = ts.ckks_vector_from(ctx, data)
    close(y, 2 * X)
    assert y.serialize() == data
    lazy = ts.lazy_ckks_vector_from(data)
    lazy.link_context(ctx)
    close(lazy, 2 * X)
    public = ctx.copy()
    public.make_context_public()
    assert public.is_public() and not ctx.is_public()
    server = ts.context_from(public.serialize())
    z = ts.ckks_vector_from(server, data) + 1
    with pytest.raises(xehe.MissingKeyError):
        z.decrypt()
    close(ts.ckks_vector_from(ctx, z.serialize()), 2 * X + 1)
    close(z.decrypt(ctx.secret_key()), 2 * X + 1)


def test_errors_and_what_is_not_here(ctx):
    with pytest.raises(NotImplementedError):
        ts.ckks_tensor(ctx, [[1.0]])
    with pytest.raises(xehe.UnsupportedError):
        ts.context(ts.SCHEME_TYPE.BFV, poly_modulus_degree=4096, plain_modulus=1032193)
    with pytest.raises(NotImplementedError):
        ts.bfv_vector(ctx, [1])
    with pytest.raises(TypeError):
        ts.ckks_vector(ctx, "abc")
    with pytest.raises(ValueError):
        ts.ckks_vector(ctx, [])
    with pytest.raises(xehe.LoadError):
        ts.ckks_vector_from(ctx, b"\xff\xff\xff")
    with pytest.raises(xehe.LoadError):
        ts.context_from(b"\x0a\x05abc")
    fresh = ts.context(ts.SCHEME_TYPE.CKKS, poly_modulus_degree=8192, coeff_mod_bit_sizes=[60, 40, 40, 60])
    with pytest.raises(ValueError):
        fresh.global_scale
    fresh.global_scale = 2**40
    with pytest.raises(xehe.MissingKeyError):
        ts.ckks_vector(fresh, X).sum()
    assert "global_scale" in repr(ctx) and "secret" not in repr(ctx).lower().replace("private", "")


def test_plain_operands_encoded_once(ctx):
    """The weights, masks and constants a server applies to every sample are encoded once per
    context (scale, level): the cached plaintexts are the encoder's words, and reuse changes
    no result."""
    from xehe.tenseal.context import PlainCache, plain_key

    rng = np.random.default_rng(5)
    m = rng.uniform(-1, 1, (8, 3))
    w = rng.uniform(-1, 1, 8)
    cache = ctx._plains
    x = ts.ckks_vector(ctx, X)
    first = [x.mm(m), x.dot(w), (x * w) + 0.5, x.polyval([0.25, 1, 0, 2])]
    hits = cache.hits
    again = [x.mm(m), x.dot(w), (x * w) + 0.5, x.polyval([0.25, 1, 0, 2])]
    assert cache.hits > hits, "the second pass encoded its plain operands again"
    for v, want in zip(again, [X @ m, [X @ w], X * w + 0.5, 0.25 + X + 2 * X**3]):
        close(v, want, 1e-3)
    for a, b in zip(first, again):
        close(a, b.decrypt(), 1e-3)
    # A cached plaintext holds the words the encoder gives (device ones read back).
    level = x.ciphertext()[0].level
    for values in ([0.5, -1.25, 3.0], 0.197, [1.0, 0.0, 0.0, 0.0]):
        cached = ctx._encode(values, ctx.global_scale, level)
        assert ctx._encode(values, ctx.global_scale, level) is cached
        assert cached.save("none") == ctx.encoder.encode(values, ctx.global_scale, level).save("none")
    # Keys tell apart what encodes differently: one number (every slot) from a one-value
    # vector (slot 0), 0.0 from -0.0, and other scales and levels.
    assert plain_key(1.0) != plain_key([1.0])
    assert plain_key([0.0]) != plain_key([-0.0])
    assert ctx._encode([2.0], 2.0**20, level) is not ctx._encode([2.0], 2.0**21, level)
    assert ctx._encode([2.0], 2.0**20, level) is not ctx._encode([2.0], 2.0**20, level - 1)
    # Least recently used out past the limit.
    small = PlainCache(limit=3)
    for k in "abcd":
        small.put(k, k.upper(), 1)
        small.get("a")
    assert len(small) == 3 and small.bytes == 3
    assert small.get("a") == "A" and small.get("b") is None and small.get("d") == "D"
    assert small.put("big", "B", 4) == "B" and small.get("big") is None
