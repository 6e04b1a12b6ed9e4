"""Analyses of one shoe share what the dealer gives (``dealer_memo``: the outcome rows and the
stand EVs of each context) across the player's rules: the same bits as an analysis that
computes them alone, and a dealer who hits soft 17 never reads a standing dealer's."""

from __future__ import annotations

import numpy as np
import pytest

from cardedge.analysis.blackjack import round as rnd
from cardedge.analysis.blackjack.round import ShoeAnalysis
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.shoe import Shoe

VARIANTS = [
    {},
    {"das": False},
    {"surrender": True},
    {"peek": True, "rsa": True},
    {"hit_split_aces": True, "split_hands": 3},
    {"h17": True},
    {"h17": True, "das": False, "surrender": True},
]


def evaluate(rules: BlackjackRules, shoe: Shoe):
    result = ShoeAnalysis(rules, shoe).evaluate()
    return result.ev, result.deal_ev.copy(), result.split_ev.copy()


@pytest.mark.parametrize("shoe", [Shoe.decks(2), Shoe((5, 8, 8, 6, 8, 8, 8, 7, 8, 8, 8, 8, 8))])
def test_shared_dealer_rows_give_the_bits_of_an_analysis_alone(shoe):
    base = BlackjackRules()
    alone = []
    for changes in VARIANTS:
        rnd._dealer_memo.cache_clear()
        alone.append(evaluate(base.with_(**changes), shoe))
    rnd._dealer_memo.cache_clear()
    shared = [evaluate(base.with_(**changes), shoe) for changes in VARIANTS]
    for (ev, deal, split), (ev2, deal2, split2) in zip(alone, shared, strict=True):
        assert ev == ev2
        np.testing.assert_array_equal(deal, deal2)
        np.testing.assert_array_equal(split, split2)


def test_the_rows_are_shared_per_shoe_and_dealer_rule():
    rnd._dealer_memo.cache_clear()
    stands = ShoeAnalysis(BlackjackRules(), Shoe.decks(2))
    no_das = BlackjackRules(das=False, surrender=True)
    das = ShoeAnalysis(no_das, Shoe.decks(2))
    hits = ShoeAnalysis(BlackjackRules(h17=True), Shoe.decks(2))
    other = ShoeAnalysis(BlackjackRules(), Shoe.decks(3))
    assert stands._dealer is das._dealer
    assert hits._dealer is not stands._dealer
    assert other._dealer is not stands._dealer


def test_outcome_rows_are_found_by_key_after_any_order_of_adds():
    rng = np.random.default_rng(7)
    keys = rng.choice(10**12, size=600, replace=False).astype(np.int64)
    rows = rng.random((600, 10, 7))
    held = rnd.DealerOutcomeRows()
    assert (held.find(keys) == -1).all()
    for part in np.array_split(rng.permutation(600), [1, 50, 51, 400]):
        held.add(keys[part], rows[part])
    assert len(held) == 600
    ask = np.concatenate([keys[::-1], [keys.max() + 1, -5]])
    slots = held.find(ask)
    assert (slots[-2:] == -1).all()
    np.testing.assert_array_equal(held.table[slots[:-2]], rows[::-1])
