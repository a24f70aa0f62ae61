"""TenSEAL's ``Context`` over xehe: the parameters, keys, global scale and auto flags, with
TenSEAL's serialized form (its protobuf message wrapping SEAL's bytes) both ways."""

from array import array
from collections import OrderedDict
from enum import Enum
from typing import List, Optional

import xehe
from xehe._xehe import tenseal_proto

# TenSEAL's auto flags (TenSEALContext::_auto_flags).
AUTO_RELIN, AUTO_RESCALE, AUTO_MOD_SWITCH = 1, 2, 4

# The most bytes of plaintexts a context keeps encoded for its vectors' plain operands.
PLAIN_CACHE_BYTES = 256 << 20

# zstd's level for the ciphertexts and keys xehe.tenseal writes: SEAL (and so TenSEAL) reads
# any level, and on ciphertexts level 1 is 1.5-2.6x faster than SEAL's 3 and within about 1%
# of its size (benches/results/cpu-2026-11-26-zstd-levels).
ZSTD_LEVEL = 1


class PlainCache:
    """Plaintexts the vectors encoded from plain operands (weights, masks, constants, a
    matrix's diagonals), by what was encoded (the values' exact bits), scale and level, least
    recently used first out past ``limit`` bytes. A server applies the same weights to every
    sample: encoding them once, not once a sample, takes the encoder's host work and upload
    out of each operation. The plaintexts are those ``CKKSEncoder.encode`` gives (the same
    words); operations only read them."""

    def __init__(self, limit: int = PLAIN_CACHE_BYTES):
        self.limit = limit
        self._entries = OrderedDict()
        self._bytes = 0
        self.hits = self.misses = 0

    def get(self, key):
        entry = self._entries.get(key)
        if entry is None:
            self.misses += 1
            return None
        self.hits += 1
        self._entries.move_to_end(key)
        return entry[0]

    def put(self, key, value, size: int):
        if size > self.limit:
            return value
        old = self._entries.pop(key, None)
        if old is not None:
            self._bytes -= old[1]
        self._entries[key] = (value, size)
        self._bytes += size
        while self._bytes > self.limit:
            _, (_, freed) = self._entries.popitem(last=False)
            self._bytes -= freed
        return value

    def clear(self):
        self._entries.clear()
        self._bytes = 0

    def __len__(self):
        return len(self._entries)

    @property
    def bytes(self) -> int:
        return self._bytes


def plain_key(values) -> tuple:
    """A cache key for an encoder input: one number (every slot) or a sequence of numbers (the
    first slots), by the exact bits of each float (0.0 and -0.0 apart)."""
    if isinstance(values, float):
        return ("number", array("d", (values,)).tobytes())
    return ("vector", array("d", values).tobytes())


class SCHEME_TYPE(Enum):
    NONE = 0
    BFV = 1
    CKKS = 2


class ENCRYPTION_TYPE(Enum):
    ASYMMETRIC = 0
    SYMMETRIC = 1


class _Wrapped:
    """A key as TenSEAL's Python layer hands it out: the xehe object in ``data``."""

    def __init__(self, data):
        self.data = data

    def __repr__(self):
        return f"{type(self).__name__}({self.data!r})"


class SecretKey(_Wrapped):
    pass


class PublicKey(_Wrapped):
    pass


class RelinKeys(_Wrapped):
    pass


class GaloisKeys(_Wrapped):
    pass


def _unsupported(what):
    return xehe.UnsupportedError(
        f"{what} is TenSEAL's and not in xehe.tenseal, which provides the CKKS API "
        "(CKKSVector); use tenseal for it"
    )


class Context:
    """TenSEAL's CKKS context: ``Context(SCHEME_TYPE.CKKS, poly_modulus_degree=...,
    coeff_mod_bit_sizes=[...])``. A secret key and relinearization keys are made at once (as
    TenSEAL does); Galois keys with ``generate_galois_keys()``. ``n_threads`` is accepted and
    not used: xehe spreads host work over every core and device work over the device.
    ``backend`` / ``device`` (xehe's, keyword only) choose the device as ``xehe.Context``
    does; by default the ``XEHE_*`` settings decide."""

    def __init__(
        self,
        scheme: SCHEME_TYPE = None,
        poly_modulus_degree: int = None,
        plain_modulus: int = None,
        coeff_mod_bit_sizes: List[int] = [],
        encryption_type: ENCRYPTION_TYPE = ENCRYPTION_TYPE.ASYMMETRIC,
        n_threads: int = None,
        data=None,
        *,
        backend: Optional[str] = None,
        device: Optional[int] = None,
    ):
        if data is not None:
            self.__dict__.update(data.__dict__)
            return
        if scheme == SCHEME_TYPE.BFV:
            raise _unsupported("BFV (SCHEME_TYPE.BFV)")
        if scheme != SCHEME_TYPE.CKKS:
            raise xehe.ParameterError("Invalid scheme type, use SCHEME_TYPE.CKKS")
        if plain_modulus:
            raise xehe.ParameterError("plain_modulus is BFV's: CKKS takes none")
        if not isinstance(encryption_type, ENCRYPTION_TYPE):
            raise xehe.InvalidTypeError("encryption_type must be an ENCRYPTION_TYPE")
        parms = xehe.EncryptionParameters(poly_modulus_degree, coeff_mod_bit_sizes)
        self._setup(parms, encryption_type, backend, device)
        keygen = xehe.KeyGenerator(self._core)
        self._secret_key = keygen.secret_key()
        if encryption_type == ENCRYPTION_TYPE.ASYMMETRIC:
            self._public_key = keygen.create_public_key()
        self._relin_keys = keygen.create_relin_keys()
        self._refresh()

    def _setup(self, parms, encryption_type, backend=None, device=None):
        self._parms = parms
        self._core = xehe.Context(parms, security="tc128", backend=backend, device=device)
        self._encryption_type = encryption_type
        self._public_key = None
        self._secret_key = None
        self._relin_keys = None
        self._galois_keys = None
        self._auto_flags = AUTO_RELIN | AUTO_RESCALE | AUTO_MOD_SWITCH
        self._scale = None
        self.encoder = xehe.CKKSEncoder(self._core)
        self.evaluator = xehe.Evaluator(self._core)
        self._plains = PlainCache()
        self._level_bytes = {}

    def _refresh(self):
        """The encryptor and decryptor for the keys held now."""
        self._encryptor = None
        self._decryptor = None
        if self._encryption_type == ENCRYPTION_TYPE.SYMMETRIC:
            if self._secret_key is not None:
                self._encryptor = xehe.Encryptor(self._core, secret_key=self._secret_key)
        elif self._public_key is not None:
            self._encryptor = xehe.Encryptor(self._core, self._public_key)
        if self._secret_key is not None:
            self._decryptor = xehe.Decryptor(self._core, self._secret_key)

    # Scale and flags

    @property
    def global_scale(self) -> float:
        if self._scale is None:
            raise xehe.OperandError("no global scale")
        return self._scale

    @global_scale.setter
    def global_scale(self, value: float):
        if value < 0:
            raise xehe.OperandError("invalid scale value")
        self._scale = float(value)

    def _flag(self, flag):
        return bool(self._auto_flags & flag)

    def _set_flag(self, flag, status):
        self._auto_flags = (self._auto_flags & ~flag) | (flag if status else 0)

    @property
    def auto_relin(self) -> bool:
        return self._flag(AUTO_RELIN)

    @auto_relin.setter
    def auto_relin(self, status: bool):
        # As TenSEAL: a public context keeps its flag.
        if self.is_private():
            self._set_flag(AUTO_RELIN, status)

    @property
    def auto_rescale(self) -> bool:
        return self._flag(AUTO_RESCALE)

    @auto_rescale.setter
    def auto_rescale(self, status: bool):
        self._set_flag(AUTO_RESCALE, status)

    @property
    def auto_mod_switch(self) -> bool:
        return self._flag(AUTO_MOD_SWITCH)

    @auto_mod_switch.setter
    def auto_mod_switch(self, status: bool):
        self._set_flag(AUTO_MOD_SWITCH, status)

    # Keys

    def _keygen(self, secret_key=None):
        if secret_key is None:
            if self.is_public():
                raise xehe.MissingKeyError("you need to provide a secret_key")
            secret_key = self._secret_key
        elif isinstance(secret_key, SecretKey):
            secret_key = secret_key.data
        else:
            raise xehe.InvalidTypeError(f"incorrect type: {type(secret_key)} != SecretKey")
        return xehe.KeyGenerator(self._core, secret_key)

    def generate_galois_keys(self, secret_key: SecretKey = None):
        self._galois_keys = self._keygen(secret_key).create_galois_keys()

    def generate_relin_keys(self, secret_key: SecretKey = None):
        self._relin_keys = self._keygen(secret_key).create_relin_keys()

    def has_galois_keys(self) -> bool:
        return self._galois_keys is not None

    def has_relin_keys(self) -> bool:
        return self._relin_keys is not None

    def has_secret_key(self) -> bool:
        return self._secret_key is not None

    def has_public_key(self) -> bool:
        if self._encryption_type == ENCRYPTION_TYPE.SYMMETRIC:
            raise xehe.OperandError("has_public_key is not supported for symmetric encryption")
        return self._public_key is not None

    def galois_keys(self) -> GaloisKeys:
        return GaloisKeys(self._galois())

    def relin_keys(self) -> RelinKeys:
        return RelinKeys(self._relin())

    def secret_key(self) -> SecretKey:
        if self.is_public():
            raise xehe.MissingKeyError(
                "the current context is public, it doesn't hold a Secret key"
            )
        return SecretKey(self._secret_key)

    def public_key(self) -> PublicKey:
        if self._encryption_type == ENCRYPTION_TYPE.SYMMETRIC:
            raise xehe.OperandError("public_key is not supported for symmetric encryption")
        return PublicKey(self._public_key)

    def _galois(self):
        if self._galois_keys is None:
            raise xehe.MissingKeyError("the current context doesn't hold a Galois keys")
        return self._galois_keys

    def _relin(self):
        if self._relin_keys is None:
            raise xehe.MissingKeyError("the current context doesn't hold Relinearization keys")
        return self._relin_keys

    def is_private(self) -> bool:
        return self._secret_key is not None

    def is_public(self) -> bool:
        return self._secret_key is None

    def make_context_public(self, generate_galois_keys: bool = False, generate_relin_keys: bool = False):
        """Drops the secret key (generating the keys asked for first), as before sending the
        context to whoever evaluates."""
        if self.is_public():
            return
        if self._encryption_type == ENCRYPTION_TYPE.SYMMETRIC:
            raise xehe.OperandError(
                "make_context_public is not supported for symmetric encryption"
            )
        try:
            if generate_galois_keys and self._galois_keys is None:
                self.generate_galois_keys()
            if generate_relin_keys and self._relin_keys is None:
                self.generate_relin_keys()
        finally:
            self._secret_key = None
            self._refresh()

    # Encryption, for the vectors

    def _encrypt(self, plain):
        if self._encryptor is None:
            raise xehe.MissingKeyError("this context doesn't support encryption")
        return self._encryptor.encrypt(plain)

    def _decrypt(self, ct, secret_key=None):
        if secret_key is not None:
            return xehe.Decryptor(self._core, secret_key).decrypt(ct)
        if self._decryptor is None:
            raise xehe.MissingKeyError("this context doesn't support decryption")
        return self._decryptor.decrypt(ct)

    def _encrypt_zero(self, scale, level=None):
        return self._encrypt(self._encode([0.0], scale, level))

    def _plain_bytes(self, level=None) -> int:
        """The bytes of a plaintext at chain index `level` (None: the first data level)."""
        size = self._level_bytes.get(level)
        if size is None:
            at = self._core.max_level if level is None else level
            size = self._core.poly_modulus_degree * len(self._core.coeff_modulus_at(at)) * 8
            self._level_bytes[level] = size
        return size

    def _encode(self, values, scale, level=None):
        """``encoder.encode(values, scale, level)`` for a plain operand, from the context's
        cache when the same values were encoded at the same scale and level before."""
        key = (plain_key(values), float(scale), level)
        pt = self._plains.get(key)
        if pt is None:
            pt = self.encoder.encode(values, scale, level)
            self._plains.put(key, pt, self._plain_bytes(level))
        return pt

    @property
    def slot_count(self) -> int:
        return self._core.slot_count

    # TenSEAL's bytes

    def serialize(
        self,
        save_public_key: bool = True,
        save_secret_key: bool = False,
        save_galois_keys: bool = True,
        save_relin_keys: bool = True,
    ) -> bytes:
        """TenSEAL's bytes for this context (its protobuf message wrapping SEAL's bytes). With
        the secret key, the relinearization and Galois keys are not written, only flagged
        (TenSEAL makes them again from the secret when it loads)."""
        scale = -1.0 if self._scale is None else self._scale
        symmetric = self._encryption_type == ENCRYPTION_TYPE.SYMMETRIC
        public_key = b""
        if save_public_key and not symmetric:
            public_key = self.public_key().data.save("zstd", ZSTD_LEVEL)
        with_secret = save_secret_key and self.is_private()
        relin = galois = b""
        if not with_secret:
            if save_galois_keys and self._galois_keys is not None:
                galois = self._galois_keys.save("zstd", ZSTD_LEVEL)
            if save_relin_keys and self._relin_keys is not None:
                relin = self._relin_keys.save("zstd", ZSTD_LEVEL)
        private = None
        if save_secret_key:
            if symmetric or self.is_private():
                private = (
                    self.secret_key().data.save(),
                    save_relin_keys and self._relin_keys is not None,
                    save_galois_keys and self._galois_keys is not None,
                )
        return tenseal_proto.serialize_context(
            self._parms.save(),
            self._encryption_type.value,
            self._auto_flags,
            scale,
            public_key,
            relin,
            galois,
            private,
        )

    @classmethod
    def load(cls, data: bytes, n_threads: int = None, *, backend=None, device=None) -> "Context":
        """A context from TenSEAL's bytes (``serialize`` here or in TenSEAL)."""
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise xehe.InvalidTypeError(f"expected bytes, got {type(data).__name__}")
        m = tenseal_proto.parse_context(data)
        if m["encryption_type"] not in (0, 1):
            raise xehe.LoadError("encryption type not support for deserialize")
        ctx = cls.__new__(cls)
        parms = xehe.EncryptionParameters.load(m["encryption_parameters"])
        ctx._setup(parms, ENCRYPTION_TYPE(m["encryption_type"]), backend, device)
        ctx._auto_flags = m["auto_flags"]
        if m["scale"] >= 0:
            ctx._scale = m["scale"]
        core = ctx._core
        symmetric = ctx._encryption_type == ENCRYPTION_TYPE.SYMMETRIC
        if m["public_key"] and not symmetric:
            ctx._public_key = xehe.PublicKey.load(core, m["public_key"])
        private = m["private"]
        if private is not None and private["secret_key"]:
            ctx._secret_key = xehe.SecretKey.load(core, private["secret_key"])
            keygen = xehe.KeyGenerator(core, ctx._secret_key)
            if private["relin_keys_generated"]:
                ctx._relin_keys = keygen.create_relin_keys()
            if private["galois_keys_generated"]:
                ctx._galois_keys = keygen.create_galois_keys()
        elif private is None or symmetric:
            if m["galois_keys"]:
                ctx._galois_keys = xehe.GaloisKeys.load(core, m["galois_keys"])
            if m["relin_keys"]:
                ctx._relin_keys = xehe.RelinKeys.load(core, m["relin_keys"])
        ctx._refresh()
        return ctx

    def copy(self) -> "Context":
        return Context.load(
            self.serialize(True, True, True, True),
            backend=self._core.backend,
        )

    def __copy__(self) -> "Context":
        return self.copy()

    def _same(self, other: "Context") -> bool:
        """TenSEAL's check before two vectors meet: the same parameters and global scale."""
        return self is other or (
            self._parms == other._parms and self._scale == other._scale
        )

    def __repr__(self):
        scale = "unset" if self._scale is None else f"{self._scale:g}"
        return (
            f"Context(CKKS, {self._core!r}, global_scale={scale}, "
            f"private={self.is_private()}, relin_keys={self.has_relin_keys()}, "
            f"galois_keys={self.has_galois_keys()})"
        )
