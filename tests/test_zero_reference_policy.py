"""Zero play by a chart: the numba evaluator against the Fraction reference given the same policy.

Charts: the published chart (and the same chart read back from a file), a deliberately odd chart
that hits every two-card hand, doubles every three-card hand and splits every pair it may, and a
random mixture of fixed and OPTIMAL cells. Shoes are stripped (counts by rank A..K) so that a
whole round by a fixed chart in fractions takes a second or two.
"""

from fractions import Fraction

import numpy as np
import pytest

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero import reference as ref
from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.hand import HandEvaluator
from cardedge.analysis.zero.policy import OPTIMAL_POLICY, ZeroPolicy
from cardedge.analysis.zero.round import evaluate_round
from cardedge.analysis.zero.rules import preset
from cardedge.strategy.zero.charts import load_chart, published_chart

TOL = 1e-12
RANK_VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0)
KERNEL_ACTION = {ref.STAND: Action.STAND, ref.HIT: Action.HIT, ref.SPLIT: Action.SPLIT}

# Stripped shoes (counts by rank A..K) of 14-15 cards and 7-8 point values. Between them they
# hold every splittable pair of values (A: 1-7 1-8 4-4 4-5 0-8 0-9; B: 2-6 2-7 3-5 3-6 9-9 0-8
# 0-9), Zero Pairs (5-5, K-K; B also T-T), ten-valued pairs of two ranks (T-K; B also T-J)
# and K-K-K trips.
STRIPPED = [
    (1, 0, 0, 2, 2, 0, 2, 2, 1, 1, 0, 0, 3),
    (0, 1, 1, 0, 2, 1, 1, 1, 2, 2, 1, 0, 3),
]


def odd_policy() -> ZeroPolicy:
    """Hit every two-card hand, double every three-card hand, split every pair that may be."""
    return ZeroPolicy(
        "odd",
        np.full((10, 10), Action.HIT, dtype=np.int8),
        np.full((10, 10), Action.DOUBLE, dtype=np.int8),
        np.full((10, 10, 10), Action.SPLIT, dtype=np.int8),
    )


def mixed_policy(seed: int) -> ZeroPolicy:
    """Every cell drawn at random from its fixed actions and OPTIMAL (both code paths at once)."""
    rng = np.random.default_rng(seed)
    split = rng.choice(
        np.array([Action.OPTIMAL, Action.SPLIT, Action.NO_SPLIT], dtype=np.int8), (10, 10, 10)
    )
    # a split cell belongs to the pair, not to the order its cards came in
    upper = np.triu_indices(10, 1)
    split[upper[1], upper[0]] = split[upper[0], upper[1]]
    return ZeroPolicy(
        f"mixed-{seed}",
        rng.choice(np.array([Action.OPTIMAL, Action.STAND, Action.HIT], dtype=np.int8), (10, 10)),
        rng.choice(
            np.array([Action.OPTIMAL, Action.STAND, Action.DOUBLE], dtype=np.int8), (10, 10)
        ),
        split,
    )


def published_policy() -> ZeroPolicy:
    return published_chart().policy()


def value_shoe(counts, *removed: int) -> tuple[int, ...]:
    """Counts by point value of a rank-count shoe, less the given values."""
    values = [0] * 10
    for r, c in enumerate(counts):
        values[RANK_VALUES[r]] += c
    for v in removed:
        values[v] -= 1
    return tuple(values)


def value_deals(counts):
    """Every initial deal by value (v1, v2, up) the shoe can supply."""
    for v1 in range(10):
        for v2 in range(10):
            for up in range(10):
                if min(value_shoe(counts, v1, v2, up)) >= 0:
                    yield v1, v2, up


def assert_round_matches(counts, rules, policy, check_actions=True):
    """Round EV and every deal's EV (and, for fixed cells, action) agree with the reference."""
    fast = evaluate_round(rules, Shoe(counts), policy)
    exact = ref.round_ev(counts, rules, policy=policy)
    assert fast.ev == pytest.approx(float(exact), abs=TOL)
    n = 0
    for v1, v2, up in value_deals(counts):
        shoe = value_shoe(counts, v1, v2, up)
        ev, action = ref.deal_play(shoe, up, v1, v2, rules, policy=policy)
        assert fast.deal_ev[v1, v2, up] == pytest.approx(float(ev), abs=TOL), (v1, v2, up)
        if check_actions:
            assert fast.deal_action[v1, v2, up] == KERNEL_ACTION[action], (v1, v2, up)
        n += 1
    assert n > 100
    return exact


@pytest.mark.parametrize("counts,name", [(STRIPPED[0], "published"), (STRIPPED[1], "stated")])
def test_published_chart_round_matches_reference(counts, name):
    rules = preset(name)
    exact = assert_round_matches(counts, rules, published_policy())
    # a chart can do no better than optimal play on the same shoe
    assert float(exact) < evaluate_round(rules, Shoe(counts)).ev


def test_chart_file_plays_as_the_chart_it_was_saved_from(tmp_path):
    counts, rules = STRIPPED[0], preset("published")
    chart = published_chart()
    path = tmp_path / "mine.csv"
    chart.save(path)
    loaded = load_chart(path, rules).policy()
    exact = assert_round_matches(counts, rules, loaded)
    assert exact == ref.round_ev(counts, rules, policy=chart.policy())


@pytest.mark.parametrize("das", [True, False])
@pytest.mark.parametrize("counts,name", [(STRIPPED[0], "published"), (STRIPPED[1], "stated")])
def test_odd_chart_round_matches_reference(counts, name, das):
    rules = preset(name).with_(das=das)
    assert_round_matches(counts, rules, odd_policy())
    fast = evaluate_round(rules, Shoe(counts), odd_policy())
    for v1, v2, up in value_deals(counts):
        if (v1 + v2) % 10 in rules.split_totals:
            assert fast.deal_action[v1, v2, up] == Action.SPLIT
        else:
            assert fast.deal_action[v1, v2, up] == Action.HIT
            assert fast.deal_p_double[v1, v2, up] == pytest.approx(1.0, abs=TOL)


@pytest.mark.parametrize("seed", [1, 2])
def test_mixed_fixed_and_optimal_cells_match_reference(seed):
    counts, rules = STRIPPED[seed - 1], preset(("published", "stated")[seed - 1])
    # actions are not compared: an OPTIMAL cell may meet an exact tie the kernel breaks by
    # rounding; the EVs do not depend on it
    assert_round_matches(counts, rules, mixed_policy(seed), check_actions=False)


def test_optimal_policy_is_the_default_of_the_reference():
    counts, rules = STRIPPED[1], preset("stated")
    assert ref.round_ev(counts, rules, policy=OPTIMAL_POLICY) == ref.round_ev(counts, rules)


def test_fully_optimal_split_needs_the_optimal_policy():
    with pytest.raises(ValueError, match="optimal policy"):
        ref.deal_ev((4,) * 10, 0, 1, 7, preset("stated"), "optimal", odd_policy())


# One ace, one 7, eight kings: every card after the deal is a king, so play is forced.
FORCED = (1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 8)


def test_odd_chart_split_loses_four_units_on_a_shoe_of_kings():
    """A, 7 vs K: split, each hand draws K, hits K, doubles K (totals 1 and 7, two units each);
    the dealer draws K (total 0, stands): both lose two, net -4 for certain."""
    rules = preset("stated")
    shoe = value_shoe(FORCED, 1, 7, 0)
    ev, action = ref.deal_play(shoe, 0, 1, 7, rules, policy=odd_policy())
    assert (ev, action) == (Fraction(-4), ref.SPLIT)
    fast = HandEvaluator(rules, Shoe(FORCED), odd_policy()).action_evs(0, (1, 7))
    assert fast["split"] == -4.0
    assert fast["hit"] == -2.0  # 8 -> K -> double K: 8 against 0, two units
    # played optimally, standing on 8 loses one unit and splitting still loses
    opt = ref.deal_play(shoe, 0, 1, 7, rules)
    assert opt == (Fraction(-1), ref.STAND)


def test_chart_cells_must_be_actions_of_their_block():
    bad = odd_policy()
    bad.chart3[3, 4] = Action.HIT
    with pytest.raises(ValueError, match="three-card cell"):
        ref.Chart.of(bad)


def reference_action_evs(counts, rules, chart, up, hand, seen=(), split_hand=False):
    """The reference's EV of every legal action on ``hand`` (HandEvaluator.action_evs' meaning)."""
    shoe = value_shoe(counts, up, *hand, *seen)
    thr = ref.asked(rules).dealer
    total = sum(hand) % 10
    can_double = rules.may_double(split_hand, total)
    doubles = tuple(rules.may_double(split_hand, t) for t in range(10))
    out = {"stand": ref.stand(shoe, up, total, thr)}
    if len(hand) == 3:
        if can_double:
            out["double"] = ref.double(shoe, up, total, thr)
        return out
    out["hit"] = sum(
        p * ref.three_card(rest, up, (total + v) % 10, doubles, thr, chart)
        for v, p, rest in ref.draws(shoe)
    )
    if not split_hand and total in rules.split_totals:
        a, b = hand
        out["split"] = ref.split_hand(shoe, up, a, rules, chart) + ref.split_hand(
            shoe, up, b, rules, chart
        )
    return out


@pytest.mark.parametrize("policy", [mixed_policy(3), odd_policy()], ids=["mixed", "odd"])
def test_hand_evaluator_action_evs_match_reference(policy):
    """Every action's EV of two-card, three-card and split hands: stand_ev, double_ev,
    hit_value and split_value called directly, as the trainer and the tables do."""
    counts, rules = STRIPPED[1], preset("stated").with_(das=False)
    fast = HandEvaluator(rules, Shoe(counts), policy)
    chart = ref.Chart.of(policy)
    situations = []
    for v1, v2, up in value_deals(counts):
        situations.append((up, (v1, v2), (), False))
        if min(value_shoe(counts, v1, v2, up, 0)) >= 0:
            situations.append((up, (v1, v2, 0), (), False))
        if (v1 + v2) % 10 in rules.split_totals and min(value_shoe(counts, v1, v2, up, 9)) >= 0:
            situations.append((up, (v1, 9), (v2,), True))
    assert len(situations) > 800
    for up, hand, seen, split_hand in situations:
        got = fast.action_evs(up, hand, seen=seen, split_hand=split_hand)
        want = reference_action_evs(counts, rules, chart, up, hand, seen, split_hand)
        assert got.keys() == want.keys()
        for action, ev in want.items():
            assert got[action] == pytest.approx(float(ev), abs=TOL), (up, hand, seen, action)
