"""Published Zero edges and the exact relation between the two presets."""

from fractions import Fraction

import pytest

from cardedge.analysis.zero.rules import PUBLISHED_EDGES


@pytest.mark.parametrize("decks", [6, 8])
def test_published_preset_reproduces_published_optimal_edge(zero_optimal, decks):
    edge = zero_optimal("published", decks).house_edge_percent
    assert round(edge, 4) == PUBLISHED_EDGES[("optimal", decks)]


def _p_ten_trips(decks: int) -> Fraction:
    """P(player's two cards and the up card are one ten-valued rank), counted by hand."""
    per_rank = 4 * decks
    n = 52 * decks
    return Fraction(4 * per_rank * (per_rank - 1) * (per_rank - 2), n * (n - 1) * (n - 2))


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_stated_minus_published_is_one_and_a_half_trips(zero_optimal, decks):
    stated = zero_optimal("stated", decks).ev
    published = zero_optimal("published", decks).ev
    assert published - stated == pytest.approx(1.5 * float(_p_ten_trips(decks)), abs=1e-15)


@pytest.mark.parametrize("decks", [6, 8])
def test_decision_probabilities_sum_to_one(zero_optimal, decks):
    probs = zero_optimal("published", decks).decision_probabilities()
    assert sum(probs.values()) == pytest.approx(1.0, abs=1e-13)
    assert all(p >= 0 for p in probs.values())
