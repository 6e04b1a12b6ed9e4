"""Memo keys (analysis.core.memo) against an independent enumeration of multisets."""

from itertools import combinations_with_replacement

import numpy as np
import pytest

from cardedge.analysis.core.memo import binomial_table, multiset_count, multiset_rank


@pytest.mark.parametrize("n_values,max_size", [(10, 5), (10, 8), (3, 16)])
def test_multiset_rank_numbers_every_multiset_densely_and_once(n_values, max_size):
    """Ranks of all multisets of size 0..max_size are exactly 0 .. multiset_count - 1."""
    binom = binomial_table()
    ranks = []
    for size in range(max_size + 1):
        for cards in combinations_with_replacement(range(n_values), size):
            m = np.bincount(np.array(cards, dtype=np.int64), minlength=n_values)
            ranks.append(int(multiset_rank(m.astype(np.int64), binom)))
    assert sorted(ranks) == list(range(multiset_count(n_values, max_size)))
    # smaller multisets come first: the empty one is 0, the single cards 1..n_values
    assert ranks[: n_values + 1] == list(range(n_values + 1))


def test_multiset_count_is_the_stars_and_bars_number():
    assert multiset_count(10, 5) == 3003  # C(15, 5)
    assert multiset_count(10, 8) == 43758  # C(18, 8)
