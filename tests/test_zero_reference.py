"""The numba evaluator against the exact Fraction reference (analysis.zero.reference)."""

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero import reference as ref
from cardedge.analysis.zero.dealer import dealer_table
from cardedge.analysis.zero.round import evaluate_round
from cardedge.analysis.zero.rules import ZeroRules, preset

TOL = 1e-12


def _value_shoe(shoe: Shoe, *removed: int) -> tuple[int, ...]:
    values = shoe.by_value((1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0), 10)
    for v in removed:
        values[v] -= 1
    return tuple(int(x) for x in values)


# Stripped shoes (counts by rank A..K), small enough for a full Fraction round.
STRIPPED = [
    (2, 0, 1, 2, 2, 0, 1, 1, 2, 2, 1, 1, 2),
    (1, 1, 1, 1, 3, 1, 1, 2, 2, 3, 0, 0, 1),
]


@pytest.mark.parametrize("counts,name", [(STRIPPED[0], "published"), (STRIPPED[1], "stated")])
def test_full_round_on_stripped_shoe_matches_reference(counts, name):
    rules = preset(name)
    exact = ref.round_ev(counts, rules)
    fast = evaluate_round(rules, Shoe(counts)).ev
    assert fast == pytest.approx(float(exact), abs=TOL)


def test_fully_optimal_split_on_stripped_shoe_matches_reference():
    counts = (1, 0, 1, 1, 2, 0, 1, 2, 1, 2, 1, 1, 1)
    rules = preset("published")
    exact = ref.round_ev(counts, rules, split="optimal")
    fast = evaluate_round(rules, Shoe(counts), split="optimal").ev
    assert fast == pytest.approx(float(exact), abs=TOL)


def test_rule_variants_on_stripped_shoe_match_reference():
    counts = STRIPPED[1]
    rules = ZeroRules(dealer_draws=4, das=False, split_totals={7})
    exact = ref.round_ev(counts, rules)
    assert evaluate_round(rules, Shoe(counts)).ev == pytest.approx(float(exact), abs=TOL)


# Initial deals by value (v1, v2, up): two split totals (8, 9), hit/double totals, a natural 1.
SAMPLE_DEALS = [(1, 7, 0), (4, 5, 6), (6, 7, 3), (5, 9, 8), (0, 1, 0)]


@pytest.mark.parametrize("decks", [1, 6])
def test_sampled_deals_match_reference(decks):
    rules = preset("published")
    shoe = Shoe.decks(decks)
    fast = evaluate_round(rules, shoe)
    for v1, v2, up in SAMPLE_DEALS:
        exact = ref.deal_ev(_value_shoe(shoe, v1, v2, up), up, v1, v2, rules)
        assert fast.deal_ev[v1, v2, up] == pytest.approx(float(exact), abs=TOL), (v1, v2, up)


def test_dealer_distribution_matches_reference_one_deck():
    shoe = Shoe.decks(1)
    table = dealer_table(shoe.by_value((1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0), 10))
    for up in range(10):
        exact = ref.dealer_final(_value_shoe(shoe, up), up, 1, dealer_of(5))
        np.testing.assert_allclose(table[up], [float(p) for p in exact], rtol=0, atol=1e-15)


def test_reference_dealer_hand_of_known_probability():
    shoe = (2, 0, 0, 0, 0, 1, 0, 0, 0, 0)
    dist = ref.dealer_final(shoe, 5, 1, dealer_of(5))
    # hole 5 (1/3): total 0. hole 0 (2/3): total 5, draws from {0, 5}: 5 (1/2) -> 0;
    # 0 (1/2) -> 5, draws the last card 5 -> 0. So the dealer always ends on 0.
    assert dist[0] == 1
    assert sum(dist) == 1


def test_split_conventions_are_ordered():
    counts = (1, 0, 1, 1, 2, 0, 1, 2, 1, 2, 1, 1, 1)
    rules = preset("published")
    standard = evaluate_round(rules, Shoe(counts)).ev
    optimal = evaluate_round(rules, Shoe(counts), split="optimal").ev
    own = evaluate_round(rules, Shoe(counts), split="optimal-own").ev
    assert standard <= own + TOL
    assert own <= optimal + TOL


def dealer_of(threshold):
    """The twins' dealer record of a dealer drawing on ``threshold``+ (``asked``: the kernels'
    record as tuples)."""
    return ref.asked(ZeroRules(dealer_draws=threshold)).dealer


def _dealer_by_recursion(shoe, total, n_cards, threshold):
    """The dealer's final totals drawn card by card in fractions (what ``dealer_final`` counts
    in integers over one denominator)."""
    if not (n_cards == 1 or (n_cards in (2, 3) and total >= threshold)):
        return [Fraction(int(t == total)) for t in range(10)]
    out = [Fraction(0)] * 10
    n = sum(shoe)
    for v, c in enumerate(shoe):
        if c:
            rest = list(shoe)
            rest[v] -= 1
            for t, q in enumerate(
                _dealer_by_recursion(tuple(rest), (total + v) % 10, n_cards + 1, threshold)
            ):
                out[t] += Fraction(c, n) * q
    return out


@settings(max_examples=60, deadline=None)
@given(
    shoe=st.lists(st.integers(0, 3), min_size=10, max_size=10).map(tuple),
    up=st.integers(0, 9),
    n_cards=st.integers(1, 4),
    threshold=st.integers(3, 7),
)
def test_dealer_ways_are_the_card_by_card_probabilities(shoe, up, n_cards, threshold):
    assert list(ref.dealer_final(shoe, up, n_cards, dealer_of(threshold))) == _dealer_by_recursion(
        shoe, up, n_cards, threshold
    )


def test_a_dealer_who_cannot_draw_ends_nowhere():
    # one card left: the hole card makes 5, the dealer must draw on 5 and the shoe is empty
    assert ref.dealer_final((1,) + (0,) * 9, 5, 1, dealer_of(5)) == (Fraction(0),) * 10
    # drawing only from 6 on, the dealer stands on 5
    assert ref.dealer_final((1,) + (0,) * 9, 5, 1, dealer_of(6))[5] == 1
