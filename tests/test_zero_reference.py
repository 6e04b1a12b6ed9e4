"""The numba evaluator against the exact Fraction reference (analysis.zero.reference)."""

import numpy as np
import pytest

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
    rules = preset(name, 1)
    exact = ref.round_ev(counts, rules)
    fast = evaluate_round(rules, shoe=Shoe(counts)).ev
    assert fast == pytest.approx(float(exact), abs=TOL)


def test_fully_optimal_split_on_stripped_shoe_matches_reference():
    counts = (1, 0, 1, 1, 2, 0, 1, 2, 1, 2, 1, 1, 1)
    rules = preset("published", 1)
    exact = ref.round_ev(counts, rules, split="optimal")
    fast = evaluate_round(rules, shoe=Shoe(counts), split="optimal").ev
    assert fast == pytest.approx(float(exact), abs=TOL)


def test_rule_variants_on_stripped_shoe_match_reference():
    counts = STRIPPED[1]
    rules = ZeroRules(decks=1, dealer_draw_threshold=4, double_after_split=False, split_totals={7})
    exact = ref.round_ev(counts, rules)
    assert evaluate_round(rules, shoe=Shoe(counts)).ev == pytest.approx(float(exact), abs=TOL)


# Initial deals by value (v1, v2, up): two split totals (8, 9), hit/double totals, a natural 1.
SAMPLE_DEALS = [(1, 7, 0), (4, 5, 6), (6, 7, 3), (5, 9, 8), (0, 1, 0)]


@pytest.mark.parametrize("decks", [1, 6])
def test_sampled_deals_match_reference(decks):
    rules = preset("published", decks)
    shoe = Shoe.decks(decks)
    fast = evaluate_round(rules)
    for v1, v2, up in SAMPLE_DEALS:
        exact = ref.deal_ev(_value_shoe(shoe, v1, v2, up), up, v1, v2, rules)
        assert fast.deal_ev[v1, v2, up] == pytest.approx(float(exact), abs=TOL), (v1, v2, up)


def test_dealer_distribution_matches_reference_one_deck():
    shoe = Shoe.decks(1)
    table = dealer_table(shoe.by_value((1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0), 10))
    for up in range(10):
        exact = ref.dealer_final(_value_shoe(shoe, up), up, 1, 5)
        np.testing.assert_allclose(table[up], [float(p) for p in exact], rtol=0, atol=1e-15)


def test_reference_dealer_hand_of_known_probability():
    shoe = (2, 0, 0, 0, 0, 1, 0, 0, 0, 0)
    dist = ref.dealer_final(shoe, 5, 1, 5)
    # hole 5 (1/3): total 0. hole 0 (2/3): total 5, draws from {0, 5}: 5 (1/2) -> 0;
    # 0 (1/2) -> 5, draws the last card 5 -> 0. So the dealer always ends on 0.
    assert dist[0] == 1
    assert sum(dist) == 1


def test_split_conventions_are_ordered():
    counts = (1, 0, 1, 1, 2, 0, 1, 2, 1, 2, 1, 1, 1)
    rules = preset("published", 1)
    standard = evaluate_round(rules, shoe=Shoe(counts)).ev
    optimal = evaluate_round(rules, shoe=Shoe(counts), split="optimal").ev
    own = evaluate_round(rules, shoe=Shoe(counts), split="optimal-own").ev
    assert standard <= own + TOL
    assert own <= optimal + TOL
