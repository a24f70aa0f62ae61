"""TenSEAL's ``CKKSVector`` over xehe, with TenSEAL's semantics: a vector in chunks of at most
``slot_count`` values, each chunk's values repeated across its ciphertext's slots, and after
every product TenSEAL's automatic relinearization, rescale (the scale then set back to the
vector's own, as TenSEAL does) and modulus switching of the operand at the higher level."""

import math
from array import array
from typing import List

import xehe
from xehe._xehe import tenseal_proto
from xehe.tenseal import plain
from xehe.tenseal.context import ZSTD_LEVEL, Context, SecretKey

# Rotations hoisted together in a plain-matrix product (each held until its products are
# summed): bounds the memory of the batch.
_HOIST_BATCH = 16


class CKKSVector:
    """A vector of real numbers encrypted with CKKS (TenSEAL's ``CKKSVector``)."""

    def __init__(self, context: Context = None, vector=None, scale: float = None, data=None):
        if data is not None:
            self._ctx, self._cts, self._sizes, self._scale, self._lazy = data
            return
        if not isinstance(context, Context):
            raise xehe.InvalidTypeError("context must be a xehe.tenseal.Context")
        values = plain.vector(vector)
        if not values:
            raise xehe.OperandError("Attempting to encrypt an empty vector")
        self._ctx = context
        self._scale = context.global_scale if scale is None else float(scale)
        self._lazy = None
        slots = context.slot_count
        self._cts, self._sizes = [], []
        for start in range(0, len(values), slots):
            chunk = values[start : start + slots]
            self._cts.append(self._encrypt(plain.replicate(chunk, slots)))
            self._sizes.append(len(chunk))

    def _encrypt(self, values, level=None):
        ctx = self._ctx
        return ctx._encrypt(ctx.encoder.encode(values, self._scale, level))

    @classmethod
    def _make(cls, ctx, cts, sizes, scale):
        return cls(data=(ctx, cts, sizes, scale, None))

    def _state(self):
        return self._ctx, [ct.copy() for ct in self._cts], list(self._sizes), self._scale

    def _assign(self, other):
        self._ctx, self._cts, self._sizes, self._scale = other._state()
        return self

    # Accessors

    def context(self) -> Context:
        self._need_context()
        return self._ctx

    def link_context(self, ctx: Context):
        """Links a context to a vector loaded without one (``lazy_ckks_vector_from``)."""
        self._ctx = ctx
        if self._lazy is not None:
            self._load(self._lazy)
            self._lazy = None

    def _need_context(self):
        if self._ctx is None:
            raise xehe.OperandError("missing context")

    def size(self) -> int:
        return sum(self._sizes)

    def __len__(self) -> int:
        return self.size()

    @property
    def shape(self) -> List[int]:
        return [self.size()]

    def scale(self) -> float:
        return self._scale

    def ciphertext(self) -> List[xehe.Ciphertext]:
        """The ciphertexts, one per chunk (xehe's)."""
        return list(self._cts)

    def copy(self) -> "CKKSVector":
        if self._lazy is not None:
            return CKKSVector(data=(None, [], [], 0.0, self._lazy))
        return CKKSVector._make(*self._state())

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def __repr__(self):
        if self._ctx is None:
            return "CKKSVector(<not linked to a context>)"
        levels = sorted({ct.level for ct in self._cts})
        return (
            f"CKKSVector(size={self.size()}, chunks={len(self._cts)}, level={levels[0] if len(levels) == 1 else levels}, "
            f"scale={self._scale:g}, backend={self._ctx._core.backend!r})"
        )

    # Decryption and bytes

    def decrypt(self, secret_key: SecretKey = None) -> List[float]:
        self._need_context()
        if secret_key is not None and not isinstance(secret_key, SecretKey):
            raise xehe.InvalidTypeError(f"incorrect type: {type(secret_key)} != SecretKey")
        if secret_key is None and self._ctx.is_public():
            raise xehe.MissingKeyError(
                "the current context of the tensor doesn't hold a secret_key, please provide one as argument"
            )
        key = None if secret_key is None else secret_key.data
        out = []
        for ct, size in zip(self._cts, self._sizes):
            values = self._ctx.encoder.decode(self._ctx._decrypt(ct, key))
            out.extend(values[:size])
        return out

    def serialize(self) -> bytes:
        """TenSEAL's bytes (its CKKSVectorProto wrapping SEAL's ciphertexts)."""
        if self._lazy is not None:
            return bytes(self._lazy)
        return tenseal_proto.serialize_ckks_vector(
            self._sizes, [ct.save("zstd", ZSTD_LEVEL) for ct in self._cts], self._scale
        )

    def _load(self, data):
        sizes, cts, scale = tenseal_proto.parse_ckks_vector(data)
        if len(sizes) != len(cts):
            raise xehe.LoadError(
                f"a CKKS vector of {len(cts)} ciphertexts with {len(sizes)} sizes"
            )
        slots = self._ctx.slot_count
        if any(s > slots for s in sizes):
            raise xehe.LoadError(f"a chunk larger than the {slots} slots")
        self._cts = [xehe.Ciphertext.load(self._ctx._core, c) for c in cts]
        self._sizes = list(sizes)
        self._scale = scale

    @classmethod
    def load(cls, context: Context, data: bytes) -> "CKKSVector":
        if not isinstance(context, Context) or not isinstance(data, (bytes, bytearray)):
            raise xehe.InvalidTypeError(
                f"Invalid input types context: {type(context)} and vector: {type(data)}"
            )
        v = cls(data=(context, [], [], 0.0, None))
        v._load(data)
        return v

    @classmethod
    def lazy_load(cls, data: bytes) -> "CKKSVector":
        if not isinstance(data, (bytes, bytearray)):
            raise xehe.InvalidTypeError(f"Invalid input types vector: {type(data)}")
        return cls(data=(None, [], [], 0.0, bytes(data)))

    # TenSEAL's automatic steps

    def _auto_relin(self, ct):
        if self._ctx.auto_relin:
            self._ctx.evaluator.relinearize_inplace(ct, self._ctx._relin())

    def _auto_rescale(self, ct):
        if self._ctx.auto_rescale:
            self._ctx.evaluator.rescale_to_next_inplace(ct)
            ct.scale = self._scale

    def _same_mod(self, other, ct):
        """Switches whichever of the two ciphertexts is higher down to the other's level."""
        if not self._ctx.auto_mod_switch or ct.level == other.level:
            return
        if ct.level > other.level:
            self._ctx.evaluator.mod_switch_to_inplace(ct, other.level)
        else:
            self._ctx.evaluator.mod_switch_to_inplace(other, ct.level)

    def _plain_level(self, ct):
        """The level a plaintext for `ct` is encoded at: `ct`'s with automatic modulus
        switching (TenSEAL's switch of the plaintext down), else the first."""
        return ct.level if self._ctx.auto_mod_switch else None

    def _check_context(self, other, op):
        if not self._ctx._same(other._ctx):
            raise xehe.OperandError(f"can't {op} vectors that have different contexts")

    # Replication of a one-value vector

    def _replicate_first_slot_(self, n):
        slots = self._ctx.slot_count
        mask = [0.0] * min(slots, n)
        mask[0] = 1.0
        masked = self._cts[0]
        self._mul_plain_ct(masked, mask)
        ev, keys = self._ctx.evaluator, self._ctx._galois()

        def replicator(ct, count):
            ct = ct.copy()
            tmp = ct.copy()
            for i in range(math.ceil(math.log2(count))):
                ev.rotate_vector_inplace(tmp, -(2**i), keys)
                ev.add_inplace(ct, tmp)
                tmp = ct.copy()
            return ct

        full, remain = divmod(n, slots)
        cts, sizes = [], []
        if full:
            rep = replicator(masked, slots)
            cts += [rep.copy() for _ in range(full)]
            sizes += [slots] * full
        if remain:
            cts.append(replicator(masked, remain))
            sizes.append(remain)
        self._cts, self._sizes = cts, sizes
        return self

    def _broadcast(self, other: "CKKSVector") -> "CKKSVector":
        if self.size() == other.size():
            return other
        if self.size() == 1:
            self._replicate_first_slot_(other.size())
            return other
        if other.size() == 1:
            return other.copy()._replicate_first_slot_(self.size())
        raise xehe.OperandError("can't compute on vectors of different sizes")

    # Vector ⊕ vector

    def _add_vec_(self, other, op):
        self._check_context(other, op)
        other = self._broadcast(other)
        ev = self._ctx.evaluator
        for ct, oc in zip(self._cts, other._cts):
            self._same_mod(oc, ct)
            if op == "add":
                ev.add_inplace(ct, oc)
            else:
                ev.sub_inplace(ct, oc)
        return self

    def _mul_vec_(self, other):
        self._check_context(other, "multiply")
        other = self._broadcast(other)
        ev = self._ctx.evaluator
        for ct, oc in zip(self._cts, other._cts):
            self._same_mod(oc, ct)
            ev.multiply_inplace(ct, oc)
            self._auto_relin(ct)
            self._auto_rescale(ct)
        return self

    # Vector ⊕ plain

    def _plain_chunks(self, values, op):
        if self.size() != len(values):
            raise xehe.OperandError(f"can't {op} vectors of different sizes")
        slots = self._ctx.slot_count
        return [values[i : i + slots] for i in range(0, len(values), slots)]

    def _add_plain_ct(self, ct, values, subtract):
        p = self._ctx._encode(values, self._scale, self._plain_level(ct))
        if subtract:
            self._ctx.evaluator.sub_plain_inplace(ct, p)
        else:
            self._ctx.evaluator.add_plain_inplace(ct, p)

    def _mul_plain_ct(self, ct, values):
        zero = all(v == 0 for v in values) if isinstance(values, list) else values == 0
        if zero:
            # SEAL refuses a transparent product; TenSEAL puts an encryption of zero there.
            self._replace_ct(ct, self._ctx._encrypt_zero(self._scale))
            return
        p = self._ctx._encode(values, self._scale, self._plain_level(ct))
        self._ctx.evaluator.multiply_plain_inplace(ct, p)
        self._auto_rescale(ct)

    def _replace_ct(self, ct, new):
        for i, c in enumerate(self._cts):
            if c is ct:
                self._cts[i] = new
                return

    def _plain_op_(self, other, op):
        if isinstance(other, (int, float)):
            for ct in list(self._cts):
                if op == "mul":
                    self._mul_plain_ct(ct, float(other))
                else:
                    self._add_plain_ct(ct, float(other), op == "sub")
            return self
        chunks = self._plain_chunks(other, {"add": "add", "sub": "sub", "mul": "multiply"}[op])
        for ct, chunk in zip(list(self._cts), chunks):
            if op == "mul":
                self._mul_plain_ct(ct, chunk)
            else:
                self._add_plain_ct(ct, chunk, op == "sub")
        return self

    # Dispatch (TenSEAL's _get_operand)

    def _operand(self, other):
        if isinstance(other, bool):
            return float(other)
        if isinstance(other, (int, float)):
            return other
        if isinstance(other, CKKSVector):
            return other
        return plain.vector(other, "can only operate with a vector")

    def _apply_(self, other, op):
        self._need_context()
        other = self._operand(other)
        if isinstance(other, CKKSVector):
            if op == "mul":
                return self._mul_vec_(other)
            return self._add_vec_(other, op)
        return self._plain_op_(other, op)

    def add(self, other) -> "CKKSVector":
        return self.copy()._apply_(other, "add")

    def add_(self, other) -> "CKKSVector":
        return self._apply_(other, "add")

    def sub(self, other) -> "CKKSVector":
        return self.copy()._apply_(other, "sub")

    def sub_(self, other) -> "CKKSVector":
        return self._apply_(other, "sub")

    def mul(self, other) -> "CKKSVector":
        return self.copy()._apply_(other, "mul")

    def mul_(self, other) -> "CKKSVector":
        return self._apply_(other, "mul")

    def add_plain(self, other) -> "CKKSVector":
        return self.copy()._plain_op_(self._plain_operand(other), "add")

    def add_plain_(self, other) -> "CKKSVector":
        return self._plain_op_(self._plain_operand(other), "add")

    def sub_plain(self, other) -> "CKKSVector":
        return self.copy()._plain_op_(self._plain_operand(other), "sub")

    def sub_plain_(self, other) -> "CKKSVector":
        return self._plain_op_(self._plain_operand(other), "sub")

    def mul_plain(self, other) -> "CKKSVector":
        return self.copy()._plain_op_(self._plain_operand(other), "mul")

    def mul_plain_(self, other) -> "CKKSVector":
        return self._plain_op_(self._plain_operand(other), "mul")

    def _plain_operand(self, other):
        other = self._operand(other)
        if isinstance(other, CKKSVector):
            raise xehe.InvalidTypeError("expected a plain vector or number, got a CKKSVector")
        return other

    __add__ = add
    __radd__ = add
    __iadd__ = add_
    __mul__ = mul
    __rmul__ = mul
    __imul__ = mul_
    __sub__ = sub
    __isub__ = sub_

    def __rsub__(self, other) -> "CKKSVector":
        out = self.copy()
        out.neg_()
        out.add_(other)
        return out

    # Unary

    def neg_(self) -> "CKKSVector":
        self._need_context()
        for ct in self._cts:
            self._ctx.evaluator.negate_inplace(ct)
        return self

    def neg(self) -> "CKKSVector":
        return self.copy().neg_()

    __neg__ = neg

    def square_(self) -> "CKKSVector":
        self._need_context()
        for ct in self._cts:
            self._ctx.evaluator.square_inplace(ct)
            self._auto_relin(ct)
            self._auto_rescale(ct)
        return self

    def square(self) -> "CKKSVector":
        return self.copy().square_()

    def pow_(self, power: int) -> "CKKSVector":
        self._need_context()
        if not isinstance(power, int) or isinstance(power, bool) or power < 0:
            raise xehe.InvalidTypeError("power must be a non-negative integer")
        if power == 0:
            return self._assign(CKKSVector(self._ctx, [1.0] * self.size(), self._scale))
        if power == 1:
            return self
        if power == 2:
            return self.square_()
        closest = 1 << int(math.floor(math.log2(power)))
        rest = power - closest
        if rest == 0:
            return self.pow_(closest // 2).square_()
        pow2 = self.pow(closest)
        return self.pow_(rest).mul_(pow2)

    def pow(self, power: int) -> "CKKSVector":
        return self.copy().pow_(power)

    def __pow__(self, power):
        return self.pow(power)

    def __ipow__(self, power):
        return self.pow_(power)

    # Sums and products

    def _sum_ct(self, ct, size):
        """TenSEAL's sum_vector: slot 0 gets the sum of the first `size` slots."""
        if size == 1:
            return ct
        ev, keys = self._ctx.evaluator, self._ctx._galois()
        bp2 = 1 << (size.bit_length() - 1)
        rest = None
        if bp2 != size:
            rest = self._sum_ct(ev.rotate_vector(ct, bp2, keys), size - bp2)
        i = bp2 // 2
        while i > 0:
            ct = ev.add(ct, ev.rotate_vector(ct, i, keys))
            i //= 2
        if rest is not None:
            ct = ev.add(ct, rest)
        return ct

    def sum_(self, axis: int = 0) -> "CKKSVector":
        self._need_context()
        parts = [self._sum_ct(ct, size) for ct, size in zip(self._cts, self._sizes)]
        total = parts[0] if len(parts) == 1 else self._ctx.evaluator.add_many(parts)
        self._cts, self._sizes = [total], [1]
        return self

    def sum(self, axis: int = 0) -> "CKKSVector":
        return self.copy().sum_(axis)

    def dot_(self, other) -> "CKKSVector":
        other = self._operand(other)
        if isinstance(other, (int, float)):
            raise xehe.InvalidTypeError("dot takes a vector, encrypted or plain")
        self._apply_(other, "mul")
        return self.sum_()

    def dot(self, other) -> "CKKSVector":
        return self.copy().dot_(other)

    def _single(self, op):
        if len(self._cts) != 1:
            raise xehe.OperandError(f"can't execute {op} on chunked vectors")

    def mm_(self, matrix) -> "CKKSVector":
        """Vector × plain matrix (TenSEAL's diagonal method of Halevi and Shoup); the rotations
        of the vector are hoisted, a batch at a time, and each batch's plaintext products are
        summed in one pass."""
        self._need_context()
        rows = plain.matrix(matrix)
        self._single("matmul_plain")
        n_rows, n_cols = len(rows), len(rows[0])
        if self.size() != n_rows:
            raise xehe.OperandError("matrix shape doesn't match with vector size")
        ctx, ev = self._ctx, self._ctx.evaluator
        ct = self._cts[0]
        scale = ctx.global_scale
        # Σ_i rot_i(ct)·diag_i: TenSEAL multiplies by diag_i rotated right by i and rotates
        # the product left by i, the same sum; here the rotations come first, hoisted.
        level = ct.level
        steps, plains = self._diagonals(rows, scale, level)
        result = None
        keys = ctx._galois() if any(steps) else None
        for start in range(0, len(steps), _HOIST_BATCH):
            batch = steps[start : start + _HOIST_BATCH]
            rotated = [s for s in batch if s]
            turned = dict(zip(rotated, ev.rotate_many(ct, rotated, keys))) if rotated else {}
            terms = [
                (turned.get(s, ct), p)
                for s, p in zip(batch, plains[start : start + _HOIST_BATCH])
            ]
            part = ev.multiply_plain_sum(terms)
            result = part if result is None else ev.add(result, part)
        if result is None:
            # Every diagonal zero: TenSEAL's sum starts from an encryption of zero.
            result = ctx._encrypt_zero(ct.scale * scale, level)
        self._cts, self._sizes = [result], [n_cols]
        self._auto_rescale(result)
        return self

    def _diagonals(self, rows, scale, level):
        """The steps of the matrix's non-zero diagonals and their plaintexts (each replicated
        across the slots, encoded at `scale` and `level`), from the context's cache when the
        same matrix was used at that scale and level before."""
        ctx = self._ctx
        slots = ctx.slot_count
        key = (
            "diagonals",
            len(rows),
            len(rows[0]),
            array("d", [v for r in rows for v in r]).tobytes(),
            float(scale),
            level,
        )
        found = ctx._plains.get(key)
        if found is not None:
            return found
        steps, plains = [], []
        for i in range(len(rows)):
            diag = plain.diagonal(rows, i, slots)
            if any(v != 0 for v in diag):
                steps.append(i)
                plains.append(ctx.encoder.encode(plain.replicate(diag, slots), scale, level))
        return ctx._plains.put(key, (steps, plains), len(plains) * ctx._plain_bytes(level))

    def mm(self, matrix) -> "CKKSVector":
        return self.copy().mm_(matrix)

    matmul = mm
    matmul_ = mm_
    __matmul__ = mm
    __imatmul__ = mm_

    def polyval_(self, coefficients) -> "CKKSVector":
        """coefficients[0] + coefficients[1]·x + … (TenSEAL's evaluation by powers of two)."""
        self._need_context()
        coeffs = plain.vector(coefficients, "coefficients must be a vector of numbers")
        if not coeffs:
            raise xehe.OperandError("the coefficients vector need to have at least one element")
        degree = len(coeffs) - 1
        while degree >= 0 and coeffs[degree] == 0.0:
            degree -= 1
        if degree == -1:
            self._cts = [self._ctx._encrypt_zero(self._scale) for _ in self._cts]
            return self
        result = self._constant(coeffs[0])
        x = self.copy()
        squares = [x.copy()]
        for _ in range(1, int(math.floor(math.log2(degree))) + 1 if degree > 0 else 1):
            x.square_()
            squares.append(x.copy())
        for i in range(1, degree + 1):
            if coeffs[i] == 0.0:
                continue
            result.add_(self._term(i, coeffs[i], squares))
        self._cts = result._cts
        return self

    def _constant(self, value):
        """``CKKSVector(ctx, [value] * size, scale)`` for this vector's size and scale (every
        slot of each chunk `value`), its plaintext encoded once per context (the same words:
        one number encodes to every slot)."""
        ctx, slots, size = self._ctx, self._ctx.slot_count, self.size()
        sizes = [min(slots, size - start) for start in range(0, size, slots)]
        pt = ctx._encode(float(value), self._scale)
        return CKKSVector._make(ctx, [ctx._encrypt(pt) for _ in sizes], sizes, self._scale)

    def _term(self, degree, coeff, squares):
        power = int(math.floor(math.log2(degree)))
        rest = degree - (1 << power)
        x = squares[power].copy()
        if rest == 0 and coeff != 1.0:
            x.mul_(coeff)
        elif rest != 0:
            x.mul_(self._term(rest, coeff, squares))
        return x

    def polyval(self, coefficients) -> "CKKSVector":
        return self.copy().polyval_(coefficients)

    def enc_matmul_plain_(self, plain_vec, row_size: int) -> "CKKSVector":
        """Encrypted matrix (``enc_matmul_encoding``) × plain vector."""
        self._need_context()
        values = plain.vector(plain_vec, "can only operate with a vector")
        if not values:
            raise xehe.OperandError("Plain vector can't be empty")
        self._single("enc_matmul_plain")
        rows_nb = int(row_size)
        if rows_nb <= 0:
            raise xehe.OperandError("row_size must be positive")
        padded = values + [0.0] * (plain.next_power_of_two(len(values)) - len(values))
        chunks_nb = len(padded)
        if self.size() // rows_nb != chunks_nb:
            raise xehe.OperandError("Matrix shape doesn't match with vector size")
        expanded = [v for v in padded for _ in range(rows_nb)]
        slots = self._ctx.slot_count
        expanded = plain.replicate(expanded, slots)
        self._sizes = [slots]
        self.mul_(expanded)
        keys = self._ctx._galois()
        ev = self._ctx.evaluator
        while chunks_nb > 1:
            chunks_nb = 1 << (math.ceil(math.log2(chunks_nb)) - 1)
            tmp = ev.rotate_vector(self._cts[0], rows_nb * chunks_nb, keys)
            ev.add_inplace(self._cts[0], tmp)
        self._sizes = [rows_nb]
        return self

    def enc_matmul_plain(self, plain_vec, row_size: int) -> "CKKSVector":
        return self.copy().enc_matmul_plain_(plain_vec, row_size)

    def conv2d_im2col_(self, kernel, windows_nb: int) -> "CKKSVector":
        """2D convolution of an image encoded by ``im2col_encoding`` with a plain kernel."""
        self._need_context()
        rows = plain.matrix(kernel)
        self._single("conv2d_im2col")
        if windows_nb == 0:
            raise xehe.OperandError("Windows number can't be zero")
        flat = [v for row in rows for v in row]
        return self.enc_matmul_plain_(flat, windows_nb)

    def conv2d_im2col(self, kernel, windows_nb: int) -> "CKKSVector":
        return self.copy().conv2d_im2col_(kernel, windows_nb)

    @classmethod
    def pack_vectors(cls, vectors: List["CKKSVector"]) -> "CKKSVector":
        """The vectors side by side in one ciphertext (each of one chunk, all of one size)."""
        if not vectors:
            raise xehe.OperandError("empty input vector")
        for v in vectors:
            if not isinstance(v, cls):
                raise xehe.InvalidTypeError("vectors to pack must be of type CKKSVector")
        size = vectors[0].size()
        slots = vectors[0]._ctx.slot_count
        total = len(vectors) * size
        if total > slots:
            raise xehe.OperandError("output size is bigger than slot count")
        if any(v.size() != size for v in vectors):
            raise xehe.OperandError("vectors sizes are different")
        mask = [1.0] * size + [0.0] * (total - size)
        packed = vectors[0].copy()
        packed._sizes = [slots]
        packed.mul_(plain.replicate(mask, slots))
        shift = total - size
        for v in vectors[1:]:
            mask = mask[shift:] + mask[:shift]
            part = v.copy()
            part._sizes = [slots]
            part.mul_(plain.replicate(mask, slots))
            packed.add_(part)
        packed._sizes = [total]
        return packed


def ckks_vector(*args, **kwargs) -> CKKSVector:
    return CKKSVector(*args, **kwargs)


def ckks_vector_from(context: Context, data: bytes) -> CKKSVector:
    """A vector from TenSEAL's bytes, for `context`."""
    return CKKSVector.load(context, data)


def lazy_ckks_vector_from(data: bytes) -> CKKSVector:
    """A vector from TenSEAL's bytes, linked to a context later (``link_context``)."""
    return CKKSVector.lazy_load(data)

