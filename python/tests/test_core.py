"""The core API (SEAL's vocabulary) on every backend: values within stated noise bounds for
any key, bytes equal where SEAL's format makes them equal, errors typed."""

import threading

import numpy as np
import pytest

import xehe

N, BITS, SCALE = 8192, [60, 40, 40, 60], 2.0**40
# Fresh noise over 2^40 is about 1e-9; after a product, relinearization and rescale 1e-7;
# key switching by a 60-bit special prime adds about as much. Bounds with two orders of margin.
BOUND = 1e-5
SLOTS = N // 2


def values(seed, count=SLOTS):
    return np.random.default_rng(seed).uniform(-1, 1, count)


@pytest.fixture(scope="module")
def keys_by_backend():
    return {}


class Setup:
    def __init__(self, backend):
        self.parms = xehe.EncryptionParameters(N, BITS)
        self.ctx = xehe.Context(self.parms, backend=backend)
        self.kg = xehe.KeyGenerator(self.ctx)
        self.sk = self.kg.secret_key()
        self.pk = self.kg.create_public_key()
        self.rk = self.kg.create_relin_keys()
        self.gk = self.kg.create_galois_keys()
        self.enc = xehe.CKKSEncoder(self.ctx)
        self.encryptor = xehe.Encryptor(self.ctx, self.pk)
        self.decryptor = xehe.Decryptor(self.ctx, self.sk)
        self.ev = xehe.Evaluator(self.ctx)

    def encrypt(self, v, scale=SCALE, level=None):
        return self.encryptor.encrypt(self.enc.encode(v, scale, level))

    def decrypt(self, ct):
        return np.array(self.enc.decode(self.decryptor.decrypt(ct)))


@pytest.fixture
def s(backend, keys_by_backend):
    if backend not in keys_by_backend:
        keys_by_backend[backend] = Setup(backend)
    return keys_by_backend[backend]


def close(got, want, bound=BOUND):
    err = np.max(np.abs(np.asarray(got)[: len(want)] - np.asarray(want)))
    assert err < bound, f"max error {err:.3e} over bound {bound:g}"


def test_context_reports_its_backend(s, backend):
    assert s.ctx.backend == backend
    assert s.ctx.slot_count == SLOTS and s.ctx.max_level == 2
    r = repr(s.ctx)
    assert "poly_modulus_degree=8192" in r and "coeff_mod_bit_sizes=[60, 40, 40, 60]" in r
    assert f'backend="{backend}"' in r


def test_encode_decode_lists_numpy_and_scalars(s):
    x = values(1)
    close(s.enc.decode(s.enc.encode(x, SCALE)), x, 1e-9)
    close(s.enc.decode(s.enc.encode(list(x[:10]), SCALE)), x[:10], 1e-9)
    close(s.enc.decode(s.enc.encode(np.float32(0.5), SCALE)), [0.5] * SLOTS, 1e-9)
    z = [complex(1, 2), complex(-0.5, 0.25)]
    got = s.enc.decode_complex(s.enc.encode(z, SCALE))
    assert abs(got[0] - z[0]) < 1e-9 and abs(got[1] - z[1]) < 1e-9


def test_encrypt_decrypt_public_and_symmetric(s):
    x = values(2)
    close(s.decrypt(s.encrypt(x)), x)
    sym = xehe.Encryptor(s.ctx, secret_key=s.sk)
    close(s.decrypt(sym.encrypt(s.enc.encode(x, SCALE))), x)


def test_arithmetic(s):
    x, y = values(3), values(4)
    a, b = s.encrypt(x), s.encrypt(y)
    ev = s.ev
    close(s.decrypt(ev.add(a, b)), x + y)
    close(s.decrypt(ev.sub(a, b)), x - y)
    close(s.decrypt(ev.negate(a)), -x)
    close(s.decrypt(ev.add_many([a, b, a])), 2 * x + y)
    p = s.enc.encode(y, SCALE)
    close(s.decrypt(ev.add_plain(a, p)), x + y)
    close(s.decrypt(ev.sub_plain(a, p)), x - y)
    prod = ev.rescale_to_next(ev.relinearize(ev.multiply(a, b), s.rk))
    assert prod.level == 1 and prod.size == 2
    close(s.decrypt(prod), x * y)
    sq = ev.multiply(a, a)
    assert sq.size == 3
    close(s.decrypt(ev.rescale_to_next(ev.relinearize(ev.square(a), s.rk))), x * x)
    close(s.decrypt(ev.rescale_to_next(ev.multiply_plain(a, p))), x * y)
    close(s.decrypt(ev.rescale_to_next(ev.multiply_const(a, 0.75, SCALE))), 0.75 * x)
    q = s.enc.encode(x, SCALE)
    close(s.decrypt(ev.rescale_to_next(ev.multiply_plain_sum([(a, p), (b, q)]))), 2 * x * y)
    close(
        s.decrypt(ev.multiply_const_sum([(a, 0.5, SCALE), (b, -0.25, SCALE)], 2)),
        0.5 * x - 0.25 * y,
        1e-4,
    )


def test_levels_and_mod_switching(s):
    x = values(5)
    a = s.encrypt(x)
    down = s.ev.mod_switch_to_next(a)
    assert down.level == 1
    close(s.decrypt(down), x)
    assert s.ev.mod_switch_to(a, 0).level == 0
    p = s.ev.mod_switch_plain_to_next(s.enc.encode(x, SCALE))
    assert p.level == 1
    close(s.decrypt(s.ev.add_plain(down, p)), 2 * x)
    with pytest.raises(xehe.OperandError):
        s.ev.add(a, down)
    with pytest.raises(xehe.OperandError):
        s.ev.rescale_to_next(s.ev.mod_switch_to(a, 0))


def test_rotations_hoisted_and_sums(s):
    x = values(6)
    a = s.encrypt(x)
    close(s.decrypt(s.ev.rotate_vector(a, 3, s.gk)), np.roll(x, -3))
    close(s.decrypt(s.ev.rotate_vector(a, -5, s.gk)), np.roll(x, 5))
    many = s.ev.rotate_many(a, [1, 2, 7], s.gk)
    for step, ct in zip([1, 2, 7], many):
        close(s.decrypt(ct), np.roll(x, -step))
    summed = s.decrypt(s.ev.rotate_and_sum(a, 8, s.gk))
    assert abs(summed[0] - x[:8].sum()) < 1e-4
    close(s.decrypt(s.ev.complex_conjugate(a, s.gk)), x)
    g = [e for e in s.gk.elements() if e != 2 * N - 1][:2]
    outs = s.ev.apply_galois_many(a, g, s.gk)
    for e, ct in zip(g, outs):
        close(s.decrypt(ct), s.decrypt(s.ev.apply_galois(a, e, s.gk)), 1e-4)
    total = s.decrypt(s.ev.apply_galois_sum([(a, g[0]), (a, g[1])], s.gk))
    close(total, s.decrypt(outs[0]) + s.decrypt(outs[1]), 1e-4)


def test_inplace_forms_and_aliasing(s):
    x, y = values(7), values(8)
    a, b = s.encrypt(x), s.encrypt(y)
    ev = s.ev
    ev.add_inplace(a, b)
    close(s.decrypt(a), x + y)
    ev.sub_inplace(a, b)
    ev.multiply_inplace(a, a)
    ev.relinearize_inplace(a, s.rk)
    ev.rescale_to_next_inplace(a)
    close(s.decrypt(a), x * x, 1e-4)
    c = s.encrypt(x)
    ev.negate_inplace(c)
    ev.square_inplace(c)
    ev.relinearize_inplace(c, s.rk)
    ev.rescale_to_next_inplace(c)
    ev.rotate_vector_inplace(c, 1, s.gk)
    close(s.decrypt(c), np.roll(x * x, -1), 1e-4)
    d = s.encrypt(x)
    ev.multiply_plain_inplace(d, s.enc.encode(y, SCALE))
    ev.rescale_to_next_inplace(d)
    ev.add_plain_inplace(d, s.enc.encode(y, d.scale, 1))
    ev.mod_switch_to_next_inplace(d)
    close(s.decrypt(d), x * y + y, 1e-4)
    e = s.encrypt(x)
    ev.multiply_const_inplace(e, 2.0, SCALE)
    ev.rescale_to_next_inplace(e)
    ev.mod_switch_to_inplace(e, 0)
    close(s.decrypt(e), 2 * x, 1e-4)
    p = s.enc.encode(x, SCALE)
    ev.mod_switch_plain_to_next_inplace(p)
    assert p.level == 1


def test_save_load_every_object_as_seal_bytes(s):
    ctx = s.ctx
    pb = s.parms.save()
    assert xehe.EncryptionParameters.load(pb).save() == pb
    for obj, cls in [
        (s.sk, xehe.SecretKey),
        (s.pk, xehe.PublicKey),
        (s.rk, xehe.RelinKeys),
        (s.gk, xehe.GaloisKeys),
    ]:
        for mode in ["none", "zlib", "zstd"]:
            b = obj.save(mode)
            assert cls.load(ctx, b).save(mode) == b
    x = values(9)
    ct = s.encrypt(x)
    b = ct.save("none")
    back = xehe.Ciphertext.load(ctx, b)
    assert back.save("none") == b
    close(s.decrypt(back), x)
    pt = s.enc.encode(x, SCALE)
    assert xehe.Plaintext.load(ctx, pt.save()).save() == pt.save()
    # A loaded secret key decrypts, and a generator from it makes working keys.
    kg2 = xehe.KeyGenerator(ctx, xehe.SecretKey.load(ctx, s.sk.save()))
    rk2 = kg2.create_relin_keys()
    sq = s.ev.rescale_to_next(s.ev.relinearize(s.ev.square(ct), rk2))
    close(s.decrypt(sq), x * x, 1e-4)


def test_zstd_levels_change_bytes_not_objects(s):
    ct = s.encrypt(values(10))
    plain = ct.save("none")
    for level in (-3, 1, 19):
        b = ct.save("zstd", level)
        assert xehe.Ciphertext.load(s.ctx, b).save("none") == plain
    assert ct.save("zstd", 1) != ct.save("zstd"), "level 1 is not SEAL's level 3"
    assert xehe.GaloisKeys.load(s.ctx, s.gk.save("zstd", 1)).save() == s.gk.save()
    for bad in (0, 23, -8):
        with pytest.raises(xehe.OperandError, match="zstd level"):
            ct.save("zstd", bad)
    with pytest.raises(xehe.OperandError, match="takes none"):
        ct.save("none", 1)


def test_errors_are_typed(s):
    with pytest.raises(xehe.ParameterError) as e:
        xehe.EncryptionParameters(1000, [40, 40])
    assert isinstance(e.value, ValueError) and isinstance(e.value, xehe.Error)
    with pytest.raises(xehe.ParameterError):
        xehe.Context(xehe.EncryptionParameters(1024, [60, 60, 60]))
    with pytest.raises(xehe.ParameterError):
        xehe.Context(s.parms, backend="no-such-backend")
    with pytest.raises(xehe.InvalidTypeError) as e:
        s.enc.encode("not numbers", SCALE)
    assert isinstance(e.value, TypeError)
    with pytest.raises(xehe.LoadError):
        xehe.Ciphertext.load(s.ctx, b"\x00" * 64)
    with pytest.raises(xehe.OperandError):
        s.enc.encode(values(1, SLOTS + 1), SCALE)
    with pytest.raises(xehe.OperandError):
        s.enc.encode([1.0], float("nan"))
    few = s.kg.create_galois_keys(steps=[1])
    with pytest.raises(xehe.MissingKeyError):
        s.ev.apply_galois(s.encrypt([1.0]), 3**5 % (2 * N), few)
    with pytest.raises(xehe.OperandError):
        s.ev.mod_switch_to(s.encrypt([1.0]), 7)
    with pytest.raises(xehe.MissingKeyError):
        xehe.Encryptor(s.ctx)


def test_reprs_show_parameters_level_scale_and_no_secret(s):
    ct = s.encrypt([1.0])
    assert repr(ct).startswith("Ciphertext(level=2, scale=2^40, size=2")
    assert "<secret>" in repr(s.sk) and "<secret>" in repr(s.kg) and "<secret>" in repr(s.decryptor)
    assert repr(s.enc.encode([1.0], SCALE)) == "Plaintext(level=2, scale=2^40)"


def test_threads_share_one_evaluator(s):
    x = values(10)
    a = s.encrypt(x)
    results, errors = {}, []

    def work(i):
        try:
            r = s.ev.rescale_to_next(s.ev.relinearize(s.ev.multiply_const(s.ev.square(a), 1.0, 1.0), s.rk))
            results[i] = s.decrypt(r)
        except Exception as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for r in results.values():
        close(r, x * x, 1e-4)


# On the host and cpu-sim only: the library's own tests (tests/bootstrap.rs) bootstrap on PoCL,
# where one bootstrap takes minutes on two cores.
@pytest.mark.parametrize("boot_backend", ["host", "cpu-sim"])
def test_bootstrapping_test_preset(boot_backend):
    backend = boot_backend
    preset = xehe.BootstrapPreset("insecure-n12")
    with pytest.raises(xehe.ParameterError):
        xehe.Context(preset.encryption_parameters())
    ctx = xehe.Context(preset.encryption_parameters(), security="none", backend=backend)
    kg = xehe.KeyGenerator(ctx)
    keys = xehe.BootstrapKeys(kg, preset)
    boot = xehe.Bootstrapper(ctx, keys, preset)
    enc = xehe.CKKSEncoder(ctx)
    x = (np.arange(enc.slot_count) % 17 - 8) / 10
    pt = enc.encode(x, 2.0**preset.compute_bits, 0)
    ct = xehe.Encryptor(ctx, kg.create_public_key()).encrypt(pt)
    fresh = boot.bootstrap(ct)
    assert fresh.level == preset.compute_levels
    back = np.array(enc.decode(xehe.Decryptor(ctx, kg.secret_key()).decrypt(fresh)))
    # The preset's stated precision at its scale is about 2^-10 at 2^12: bound 1e-2.
    close(back, x, 1e-2)
