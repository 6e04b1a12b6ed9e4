"""Sums of products that give the same bits on every machine (docs/exactness.md).

numpy hands a float ``a @ b``, ``np.dot`` and ``np.convolve`` to the BLAS library it was built
with, and OpenBLAS picks its kernel by the CPU it runs on (Haswell, SkylakeX, Zen, ...): each
kernel adds the products in its own order, so the last bit of a betting correlation or of a
return-table probability depended on the processor (issue 42). The three functions here add in
an order fixed by the data alone, one IEEE-754 operation at a time (each correctly rounded,
so the same everywhere), and no figure of cardedge's goes through BLAS.

Integer arrays need none of this (their ``@`` is exact in any order), and the numba kernels need
none either: without ``fastmath`` LLVM neither reorders a floating-point sum nor fuses a
multiply and an add, so a kernel compiled for any CPU gives the same bits.
"""

from __future__ import annotations

import math

import numpy as np


def dot(a, b) -> float:
    """``sum(a[i] * b[i])`` for two vectors: each product rounded, then their exact sum rounded
    once (``math.fsum``), so the result does not depend on the order of the terms either."""
    products = np.multiply(a, b, dtype=float)
    return math.fsum(products.ravel().tolist())


def rows_dot(m, v) -> np.ndarray:
    """``m @ v`` for a matrix ``m`` (rows) and a vector ``v``: each row's products added left to
    right, column by column (vectorised over the rows; each step one rounded IEEE operation)."""
    m = np.asarray(m)
    v = np.asarray(v, dtype=float)
    if m.shape[-1] != len(v):
        raise ValueError(f"rows of {m.shape[-1]} against a vector of {len(v)}")
    out = np.zeros(m.shape[:-1])
    for j in range(len(v)):
        out += m[..., j] * v[j]
    return out


def convolve(a, b) -> np.ndarray:
    """The full discrete convolution of two vectors (``np.convolve(a, b)``), each output term
    summed in the order of the shorter vector's index (``a``'s when they are as long): one
    vectorised step per entry of the shorter."""
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    short, long = (b, a) if len(b) < len(a) else (a, b)
    out = np.zeros(len(a) + len(b) - 1)
    for i, x in enumerate(short):
        out[i : i + len(long)] += x * long
    return out
