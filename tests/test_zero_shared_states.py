"""Evaluations of one Zero shoe share its memo of shoe states (``round.shoe_states``: the
stand and double EVs of every state, which depend on the shoe and the dealer's draw rule
only): the same bits as an evaluation that fills the memo alone, whatever policy, split and
double rules filled it first, and a dealer drawing on other totals never reads it."""

from __future__ import annotations

import numpy as np
import pytest

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero import round as rnd
from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.outcomes import outcome_distribution
from cardedge.analysis.zero.policy import OPTIMAL_POLICY, ZeroPolicy
from cardedge.analysis.zero.round import evaluate_round, shoe_states
from cardedge.analysis.zero.rules import ZeroRules, preset

ODD = ZeroPolicy(
    "odd",
    np.full((10, 10), Action.HIT, dtype=np.int8),
    np.full((10, 10), Action.DOUBLE, dtype=np.int8),
    np.full((10, 10, 10), Action.SPLIT, dtype=np.int8),
)
"""Hits every two-card hand and doubles every three-card one: it visits states optimal play
never asks for, so a later optimal evaluation reads rows another policy filled."""

# (rules, policy, split): run in this order, each reading what the ones before filled
EVALUATIONS = [
    (preset("published"), ODD, "standard"),
    (preset("published"), OPTIMAL_POLICY, "standard"),
    (ZeroRules(das=False, split_totals={7}), OPTIMAL_POLICY, "standard"),
    (preset("stated"), ODD, "standard"),
    (ZeroRules(dealer_draws=4), OPTIMAL_POLICY, "standard"),
]


def evaluate(rules, policy, split, shoe):
    r = evaluate_round(rules, shoe, policy, split)
    return r.ev, r.deal_ev.copy(), r.deal_action.copy(), r.deal_p_double.copy()


@pytest.mark.parametrize("shoe", [Shoe.decks(1), Shoe((3, 4, 2, 4, 4, 3, 4, 4, 1, 4, 4, 4, 3))])
def test_shared_states_give_the_bits_of_an_evaluation_alone(shoe):
    alone = []
    for rules, policy, split in EVALUATIONS:
        rnd._shoe_states.cache_clear()
        alone.append(evaluate(rules, policy, split, shoe))
    rnd._shoe_states.cache_clear()
    shared = [evaluate(rules, policy, split, shoe) for rules, policy, split in EVALUATIONS]
    for first, again in zip(alone, shared, strict=True):
        assert first[0] == again[0]
        for a, b in zip(first[1:], again[1:], strict=True):
            np.testing.assert_array_equal(a, b)


def test_the_outcome_distribution_reads_the_states_the_round_filled():
    shoe = Shoe((2, 2, 1, 2, 2, 1, 2, 2, 1, 2, 2, 2, 2))
    rules = preset("published")
    rnd._shoe_states.cache_clear()
    alone = outcome_distribution(rules, shoe)
    rnd._shoe_states.cache_clear()
    evaluate_round(rules, shoe, split="optimal")  # fills the 8-card states first
    shared = outcome_distribution(rules, shoe)
    np.testing.assert_array_equal(alone.probability, shared.probability)
    assert alone.expected_wager == shared.expected_wager


def test_the_states_are_shared_per_shoe_dealer_rule_and_depth():
    rnd._shoe_states.cache_clear()
    two = Shoe.decks(2)
    states = shoe_states(two, ZeroRules(dealer_draws=5))
    assert shoe_states(Shoe.decks(2), ZeroRules(dealer_draws=5)) is states
    assert shoe_states(two, ZeroRules(dealer_draws=4)) is not states
    # rules the dealer does not obey share them
    assert shoe_states(two, ZeroRules(das=False, split_totals=frozenset())) is states
    assert shoe_states(two, ZeroRules(dealer_draws=5), 8) is not states
    assert shoe_states(Shoe.decks(3), ZeroRules(dealer_draws=5)) is not states
    # a filled memo is the one a second evaluation of the shoe reads
    rnd._shoe_states.cache_clear()
    evaluate_round(preset("published"), two)
    filled = int(shoe_states(two, ZeroRules(dealer_draws=5)).record.flags.sum())
    assert filled > 0
    evaluate_round(preset("stated"), two)
    assert int(shoe_states(two, ZeroRules(dealer_draws=5)).record.flags.sum()) == filled
