"""Kernel records as keys: what a memo shared across rule sets is keyed by.

A game's rules reach its numba kernels as one record (a ``collections.namedtuple`` of numbers,
boolean tables and nested records, built from the rules' questions). Whatever is memoized or
shared across rule sets is keyed by the record, or by the nested record its kernels take, so
that a new rule, which must reach the kernels through the record, changes the key by
construction: no key lists rule names by hand.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def frozen(record: Any) -> Any:
    """The record with every array a nested tuple of Python values and every nested record
    frozen alike: the same namedtuple type, now hashable (a cache key, the Fraction twins'
    rules). Scalars become Python ``bool``, ``int`` or ``float``."""
    if isinstance(record, np.ndarray):
        return _frozen_array(record)
    if isinstance(record, tuple) and hasattr(record, "_fields"):
        return type(record)(*(frozen(value) for value in record))
    if isinstance(record, tuple):
        return tuple(frozen(value) for value in record)
    if isinstance(record, np.generic):
        return record.item()
    return record


def _frozen_array(array: np.ndarray):
    if array.ndim == 0:
        return array.item()
    return _tupled(array.tolist())  # the values .item() gives, at C speed


def _tupled(rows: list) -> tuple:
    """``tolist()``'s nested lists as nested tuples (an array's rows are all lists or none)."""
    if rows and isinstance(rows[0], list):
        return tuple(map(_tupled, rows))
    return tuple(rows)


def thawed(record: Any) -> Any:
    """A ``frozen`` record made kernel-ready again: each nested tuple of numbers a numpy array
    (booleans as ``bool_``, integers as ``int64``, floats as ``float64``)."""
    if isinstance(record, tuple) and hasattr(record, "_fields"):
        return type(record)(*(thawed(value) for value in record))
    if isinstance(record, tuple):
        return np.array(record)
    return record


def record_key(record: Any) -> tuple:
    """A hashable key equal for two records exactly when they are of one type and every field
    is equal (arrays element by element, at any depth)."""
    return (type(record).__qualname__, frozen(record))


def without(record: Any, *fields: str) -> tuple:
    """``record_key`` of ``record`` with ``fields`` left out: the key of a computation that
    reads every field but those (a new field joins the key by default)."""
    unknown = sorted(set(fields) - set(record._fields))
    if unknown:
        raise ValueError(f"{type(record).__qualname__} has no field {', '.join(unknown)}")
    kept = zip(record._fields, record, strict=True)
    return (
        type(record).__qualname__,
        tuple((name, frozen(value)) for name, value in kept if name not in fields),
    )
