"""A drop-in for TenSEAL's CKKS API on xehe: ``import xehe.tenseal as ts`` in place of
``import tenseal as ts`` runs a TenSEAL CKKS program on the device ``XEHE_BACKEND`` names
(default: the best available), with TenSEAL's semantics (chunked, replicated vectors;
automatic relinearization, rescale and modulus switching) and TenSEAL's bytes both ways.

What TenSEAL has beyond CKKS vectors (``CKKSTensor``, BFV, ``PlainTensor``) raises
``xehe.UnsupportedError`` (a ``NotImplementedError``) naming it.
"""

import xehe
from xehe.tenseal import plain as _plain
from xehe.tenseal.context import (
    ENCRYPTION_TYPE,
    SCHEME_TYPE,
    Context,
    GaloisKeys,
    PublicKey,
    RelinKeys,
    SecretKey,
    _unsupported,
)
from xehe.tenseal.vector import CKKSVector, ckks_vector, ckks_vector_from, lazy_ckks_vector_from

# The TenSEAL release whose API and bytes this follows.
__version__ = "0.3.18"


def context(*args, **kwargs) -> Context:
    """TenSEAL's ``context(SCHEME_TYPE.CKKS, poly_modulus_degree=..., coeff_mod_bit_sizes=[...])``."""
    return Context(*args, **kwargs)


def context_from(data: bytes, n_threads: int = None, **kwargs) -> Context:
    """A context from TenSEAL's bytes."""
    return Context.load(data, n_threads, **kwargs)


def im2col_encoding(context: Context, tensor, kernel_n_rows: int, kernel_n_cols: int, stride: int):
    """An image (a matrix) encoded for ``conv2d_im2col``: its windows, column by column, in one
    CKKSVector; returns (vector, number of windows)."""
    if not isinstance(context, Context):
        raise _type_error("context must be of type xehe.tenseal.Context")
    rows = _plain.matrix(tensor)
    # TenSEAL's binding passes the kernel's columns as the window's height (equal for the
    # square kernels conv2d uses).
    windows, count = _plain.im2col(rows, kernel_n_cols, kernel_n_rows, stride)
    return CKKSVector(context, _plain.vertical_scan(windows)), count


def enc_matmul_encoding(context: Context, tensor) -> CKKSVector:
    """A matrix encoded for ``enc_matmul_plain``: rows padded to a power of two, read column
    by column."""
    if not isinstance(context, Context):
        raise _type_error("context must be of type xehe.tenseal.Context")
    rows = _plain.matrix(tensor)
    width = _plain.next_power_of_two(len(rows[0]))
    padded = [r + [0.0] * (width - len(r)) for r in rows]
    return CKKSVector(context, _plain.vertical_scan(padded))


def _type_error(message):
    return xehe.InvalidTypeError(message)


def _not_here(name):
    def refuse(*args, **kwargs):
        raise _unsupported(name)

    refuse.__name__ = name
    refuse.__doc__ = f"TenSEAL's {name}: not in xehe.tenseal (raises xehe.UnsupportedError)."
    return refuse


ckks_tensor = _not_here("ckks_tensor (CKKSTensor)")
ckks_tensor_from = _not_here("ckks_tensor_from (CKKSTensor)")
lazy_ckks_tensor_from = _not_here("lazy_ckks_tensor_from (CKKSTensor)")
bfv_vector = _not_here("bfv_vector (BFV)")
bfv_vector_from = _not_here("bfv_vector_from (BFV)")
lazy_bfv_vector_from = _not_here("lazy_bfv_vector_from (BFV)")
bfv_tensor = _not_here("bfv_tensor (BFV)")
bfv_tensor_from = _not_here("bfv_tensor_from (BFV)")
lazy_bfv_tensor_from = _not_here("lazy_bfv_tensor_from (BFV)")
plain_tensor = _not_here("plain_tensor (PlainTensor; pass lists or NumPy arrays)")
plain_tensor_from = _not_here("plain_tensor_from (PlainTensor)")


class _Refused:
    def __init__(self, *args, **kwargs):
        raise _unsupported(type(self).__name__)


class CKKSTensor(_Refused):
    """TenSEAL's CKKSTensor: not in xehe.tenseal."""


class BFVVector(_Refused):
    """TenSEAL's BFVVector: not in xehe.tenseal."""


class BFVTensor(_Refused):
    """TenSEAL's BFVTensor: not in xehe.tenseal."""


class PlainTensor(_Refused):
    """TenSEAL's PlainTensor: not in xehe.tenseal (lists and NumPy arrays go everywhere)."""


__all__ = [
    "BFVTensor",
    "BFVVector",
    "CKKSTensor",
    "CKKSVector",
    "Context",
    "ENCRYPTION_TYPE",
    "GaloisKeys",
    "PlainTensor",
    "PublicKey",
    "RelinKeys",
    "SCHEME_TYPE",
    "SecretKey",
    "bfv_tensor",
    "bfv_tensor_from",
    "bfv_vector",
    "bfv_vector_from",
    "ckks_tensor",
    "ckks_tensor_from",
    "ckks_vector",
    "ckks_vector_from",
    "context",
    "context_from",
    "enc_matmul_encoding",
    "im2col_encoding",
    "lazy_bfv_tensor_from",
    "lazy_bfv_vector_from",
    "lazy_ckks_tensor_from",
    "lazy_ckks_vector_from",
    "plain_tensor",
    "plain_tensor_from",
    "__version__",
]
