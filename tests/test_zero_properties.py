"""Invariants of the Zero evaluator on random small shoes (hypothesis)."""

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardedge.analysis.core.cards import BACCARAT_VALUES, TEN_RANKS
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero import player
from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.dealer import dealer_distribution
from cardedge.analysis.zero.policy import ZeroPolicy
from cardedge.analysis.zero.records import Charts
from cardedge.analysis.zero.round import ShoeStates, deal_probabilities, evaluate_round
from cardedge.analysis.zero.rules import ZeroRules, preset

value_shoes = st.lists(st.integers(0, 6), min_size=10, max_size=10).filter(lambda c: sum(c) >= 4)
rank_shoes = st.lists(st.integers(0, 4), min_size=13, max_size=13).filter(lambda c: sum(c) >= 20)


@given(shoe=value_shoes, up=st.integers(0, 9), threshold=st.integers(0, 10))
@settings(max_examples=200, deadline=None)
def test_dealer_distribution_sums_to_one(shoe, up, threshold):
    out = np.empty(10)
    arr = np.array(shoe, dtype=np.int64)
    dealer = ZeroRules(dealer_draws=threshold).kernel_record().dealer
    dealer_distribution(arr, up, dealer, out)
    assert out.sum() == pytest.approx(1.0, abs=1e-12)
    assert (out >= 0).all()
    assert list(arr) == shoe  # the kernel restores the shoe it borrows


@given(counts=rank_shoes, v1=st.integers(0, 9), v2=st.integers(0, 9), up=st.integers(0, 9))
@settings(max_examples=60, deadline=None)
def test_optimal_action_beats_every_fixed_action(counts, v1, v2, up):
    shoe = Shoe(tuple(counts))
    record = ZeroRules().kernel_record()
    states = ShoeStates(shoe, record.dealer)
    base = states.base
    if base[v1] < 1 + (v2 == v1) + (up == v1) or base[v2] < 1 + (v1 == v2) + (up == v2):
        return
    if base[up] < 1 + (v1 == up) + (v2 == up):
        return
    m = np.zeros(10, dtype=np.int64)
    m[v1] += 1
    m[v2] += 1
    p2 = (v1 + v2) % 10
    opt = np.full((10, 10), Action.OPTIMAL, dtype=np.int8)
    splits = np.full((10, 10, 10), Action.OPTIMAL, dtype=np.int8)
    memo = states.record

    def play(chart2, chart3):
        ch = Charts(chart2, chart3, splits)
        return player.two_card_value_entry(memo, ch, up, m, p2, record.double_unsplit)[0]

    best = play(opt, opt)
    stand = player.stand_ev(memo, up, m, p2)
    hit_chart = np.full((10, 10), Action.HIT, dtype=np.int8)
    always_hit = play(hit_chart, opt)
    dbl_chart = np.full((10, 10), Action.DOUBLE, dtype=np.int8)
    hit_double = play(hit_chart, dbl_chart)
    stand3 = np.full((10, 10), Action.STAND, dtype=np.int8)
    hit_stand = play(hit_chart, stand3)
    for other in (stand, always_hit, hit_double, hit_stand):
        assert best >= other - 1e-12
    # Optimal play is the better of standing and hitting (then choosing per third card), and
    # choosing per third card beats either fixed three-card action.
    assert best == pytest.approx(max(stand, always_hit), abs=1e-12)
    assert always_hit >= max(hit_double, hit_stand) - 1e-12


def _independent_round_ev(counts, rules, deal_ev):
    """Sum over every ordered deal of three cards by rank, in exact fractions of the weights."""
    n = sum(counts)
    c = list(counts)
    total = 0.0
    for r1 in range(13):
        for r2 in range(13):
            for ru in range(13):
                k1 = c[r1]
                k2 = c[r2] - (r1 == r2)
                ku = c[ru] - (ru == r1) - (ru == r2)
                if k1 <= 0 or k2 <= 0 or ku <= 0:
                    continue
                w = Fraction(k1 * k2 * ku, n * (n - 1) * (n - 2))
                v1, v2, up = BACCARAT_VALUES[r1], BACCARAT_VALUES[r2], BACCARAT_VALUES[ru]
                if r1 == r2 and (v1 + v2) % 10 == 0:
                    trips = r1 in TEN_RANKS and ru == r1
                    total += float(w) * (rules.trips_payout if trips else rules.zero_pair_pays)
                else:
                    total += float(w) * deal_ev[v1, v2, up]
    return total


@given(counts=rank_shoes, trips=st.sampled_from([None, 3.0, 10.0]))
@settings(max_examples=25, deadline=None)
def test_round_ev_is_the_weighted_sum_over_every_rank_deal(counts, trips):
    rules = ZeroRules(trips_pays=trips)
    res = evaluate_round(rules, Shoe(tuple(counts)))
    assert res.ev == pytest.approx(_independent_round_ev(counts, rules, res.deal_ev), abs=1e-12)


@given(counts=rank_shoes)
@settings(max_examples=50, deadline=None)
def test_deal_probabilities_sum_to_one(counts):
    p = deal_probabilities(Shoe(tuple(counts)))
    assert p.by_value.sum() == pytest.approx(1.0, abs=1e-12)
    assert 0 <= p.trips <= p.zero_pair <= 1


def test_optimal_play_beats_a_fixed_policy_on_the_full_shoe():
    stand_all = ZeroPolicy(
        "stand on everything",
        chart2=np.full((10, 10), Action.STAND, dtype=np.int8),
        chart_split=np.full((10, 10, 10), Action.NO_SPLIT, dtype=np.int8),
    )
    rules, shoe = preset("published"), Shoe.decks(6)
    assert evaluate_round(rules, shoe).ev > evaluate_round(rules, shoe, stand_all).ev


def test_a_policy_whose_split_cells_depend_on_card_order_is_refused():
    split = np.full((10, 10, 10), Action.NO_SPLIT, dtype=np.int8)
    split[3, 5, 2] = Action.SPLIT  # 3-5 split against a 2, but 5-3 not
    with pytest.raises(ValueError, match="must not depend on card order"):
        ZeroPolicy("asymmetric", chart_split=split)
