"""Memo keys for shoe states: a shoe is a base shoe minus a small multiset of removed cards.

Every evaluator reaches a few thousand shoe states, each the pre-deal shoe less the player's
cards. Ranking that multiset in the combinatorial number system gives a dense integer key, so
memo tables are plain numpy arrays that numba kernels read and fill without recursion.
"""

from __future__ import annotations

from math import comb

import numpy as np

from cardedge.analysis.core.kernels import inline


def binomial_table(n_max: int = 40, k_max: int = 16) -> np.ndarray:
    """``table[n, k] = C(n, k)`` as int64, for the rank functions below."""
    t = np.zeros((n_max + 1, k_max + 1), dtype=np.int64)
    for n in range(n_max + 1):
        for k in range(min(n, k_max) + 1):
            t[n, k] = comb(n, k)
    return t


def multiset_count(n_values: int, max_size: int) -> int:
    """Number of multisets of size 0..max_size over ``n_values`` values (the key space)."""
    return comb(n_values + max_size, n_values)


@inline
def multiset_rank(m, binom):
    """Dense key of the multiset with counts ``m``: unique among multisets of size <= k_max.

    Multisets of smaller size come first (there are C(n+k-1, n) of size < k); within size k the
    sorted cards a_1 <= ... <= a_k map to the strict combination b_i = a_i + i - 1, ranked as
    sum C(b_i, i).
    """
    n_values = m.shape[0]
    i = 0
    r = 0
    for v in range(n_values):
        for _ in range(m[v]):
            i += 1
            r += binom[v + i - 1, i]
    return binom[n_values + i - 1, n_values] + r
