"""Plain values as TenSEAL's PlainTensor handles them for CKKS vectors: vectors and matrices
from lists or NumPy arrays, replication across slots, matrix diagonals, im2col windows."""

import math
from typing import List

import xehe


def _tolist(obj):
    tolist = getattr(obj, "tolist", None)
    return tolist() if callable(tolist) else obj


def vector(obj, message="can only operate with a vector") -> List[float]:
    """A one-dimensional sequence of numbers as a list of floats."""
    obj = _tolist(obj)
    if isinstance(obj, (str, bytes)) or not hasattr(obj, "__iter__"):
        raise xehe.InvalidTypeError(f"can't operate with object of type {type(obj).__name__}")
    out = []
    for v in obj:
        if isinstance(v, (list, tuple)):
            raise xehe.OperandError(message)
        try:
            out.append(float(v))
        except (TypeError, ValueError):
            raise xehe.InvalidTypeError(
                f"can't operate with object of type {type(v).__name__}"
            ) from None
    return out


def matrix(obj) -> List[List[float]]:
    """A non-empty two-dimensional sequence of numbers, every row of one length."""
    rows = _tolist(obj)
    if isinstance(rows, (str, bytes)) or not hasattr(rows, "__iter__"):
        raise xehe.InvalidTypeError(f"can't operate with object of type {type(rows).__name__}")
    out = []
    for r in rows:
        r = _tolist(r)
        if not hasattr(r, "__iter__") or isinstance(r, (str, bytes)):
            raise xehe.OperandError("can only operate with a matrix")
        out.append(vector(r, "can only operate with a matrix"))
    if not out or not out[0]:
        raise xehe.OperandError("the matrix can't be empty")
    if any(len(r) != len(out[0]) for r in out):
        raise xehe.OperandError("the matrix rows have different lengths")
    return out


def replicate(values: List[float], size: int) -> List[float]:
    """`values` repeated to `size` entries (TenSEAL's replicate_vector)."""
    if not values:
        raise xehe.OperandError("can't replicate an empty vector")
    if len(values) >= size:
        return list(values)
    reps = -(-size // len(values))
    return (list(values) * reps)[:size]


def next_power_of_two(n: int) -> int:
    return 1 << math.ceil(math.log2(n)) if n > 1 else 1


def diagonal(rows: List[List[float]], k: int, max_size: int) -> List[float]:
    """TenSEAL's get_diagonal(−k): entry i is rows[(k + i) mod r][i mod c], for
    min(max_size, r·c) entries."""
    r, c = len(rows), len(rows[0])
    return [rows[(k + i) % r][i % c] for i in range(min(max_size, r * c))]


def vertical_scan(rows: List[List[float]]) -> List[float]:
    """The matrix read column by column."""
    return [rows[i][j] for j in range(len(rows[0])) for i in range(len(rows))]


def im2col(rows: List[List[float]], window_height: int, window_width: int, stride: int):
    """The image's windows as rows, each padded to a power of two (TenSEAL's im2col), and
    their count."""
    in_h, in_w = len(rows), len(rows[0])
    if not (0 < window_height <= in_h and 0 < window_width <= in_w and stride > 0):
        raise xehe.OperandError(
            f"a {window_height}x{window_width} kernel with stride {stride} does not fit a {in_h}x{in_w} image"
        )
    size = next_power_of_two(window_height * window_width)
    windows = []
    for j in range(0, in_h - window_height + 1, stride):
        for i in range(0, in_w - window_width + 1, stride):
            w = [v for k in range(window_height) for v in rows[j + k][i : i + window_width]]
            windows.append(w + [0.0] * (size - len(w)))
    return windows, len(windows)
