"""Exact house edges (analysis/*/exact.py, ``edge --exact``): equal to the Fraction twins, the
float evaluators within a few units of 1e-16 of the wager, ties decided as the kernels do."""

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardedge.analysis.blackjack import exact as bj_exact
from cardedge.analysis.blackjack import reference as bj_reference
from cardedge.analysis.blackjack.actions import Action
from cardedge.analysis.blackjack.hands import hand_table
from cardedge.analysis.blackjack.round import evaluate_round as bj_round
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.cards import BACCARAT_VALUES
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero import reference as zero_reference
from cardedge.analysis.zero.exact import ZeroExact, exact_edge, exact_ev, exact_payout
from cardedge.analysis.zero.policy import OPTIMAL_POLICY
from cardedge.analysis.zero.round import evaluate_round as zero_round
from cardedge.analysis.zero.rules import ZeroRules, preset
from cardedge.cli import main
from cardedge.strategy.zero.charts import published_chart

FLOAT_TOL = 1e-15
"""How far a float evaluator's EV may lie from the exact one, per unit wagered: its sums
round each term to 1.1e-16 of the wager, a few of those add up (measured: 4e-17 at 6 decks of
either game; relative to a 0.5% edge that is 1e-14, so no relative bound is asserted)."""

# Zero shoes by rank A..K, small enough for a full Fraction round (tests/test_zero_reference.py)
ZERO_STRIPPED = [
    (2, 0, 1, 2, 2, 0, 1, 1, 2, 2, 1, 1, 2),
    (1, 1, 1, 1, 3, 1, 1, 2, 2, 3, 0, 0, 1),
]
ZERO_CASES = [
    (ZERO_STRIPPED[0], preset("published")),
    (ZERO_STRIPPED[1], preset("stated")),
    (ZERO_STRIPPED[1], ZeroRules(dealer_draws=4, das=False, split_totals={7})),
    (ZERO_STRIPPED[0], ZeroRules(zero_pair_pays=1.25, dealer_draws=6, split_totals={2, 9})),
]

# Blackjack shoes by value A, 2..9, ten (tests/test_blackjack_evaluator.py)
SMALL = (2, 1, 1, 1, 1, 1, 1, 1, 1, 5)
"""16 cards: one split and the dealer."""


def bj_shoe(values) -> Shoe:
    return Shoe(tuple(values[:9]) + (values[9], 0, 0, 0))


# -- Zero ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("counts,rules", ZERO_CASES)
def test_zero_exact_edge_is_the_fraction_twin(counts, rules):
    want = zero_reference.round_ev(counts, rules)
    assert exact_ev(rules, Shoe(counts)) == want
    assert exact_edge(rules, Shoe(counts)) == -want


def test_zero_exact_edge_of_a_chart_is_the_fraction_twin():
    rules = preset("published")
    policy = published_chart().policy()
    want = zero_reference.round_ev(ZERO_STRIPPED[0], rules, policy=policy)
    assert exact_ev(rules, Shoe(ZERO_STRIPPED[0]), policy) == want


@settings(max_examples=12, deadline=None)
@given(
    counts=st.lists(st.integers(1, 3), min_size=13, max_size=13),
    dealer_draws=st.integers(3, 7),
    das=st.booleans(),
    split_totals=st.sets(st.integers(0, 9), max_size=3),
    deal=st.tuples(st.integers(0, 9), st.integers(0, 9), st.integers(0, 9)),
)
def test_zero_exact_deal_values_are_the_fraction_twin(
    counts, dealer_draws, das, split_totals, deal
):
    """Any small shoe and rules: one deal's exact value is the twin's (a whole round is slow)."""
    rules = ZeroRules(dealer_draws=dealer_draws, das=das, split_totals=split_totals)
    shoe = Shoe(tuple(counts))
    v1, v2, up = deal
    by_value = [0] * 10
    for rank, c in enumerate(counts):
        by_value[BACCARAT_VALUES[rank]] += c
    left = list(by_value)
    for v in (v1, v2, up):
        left[v] -= 1
    if min(left) < 0:
        return
    values = ZeroExact(rules, shoe, OPTIMAL_POLICY)
    got = Fraction(values.deal(up, v1, v2), values.den(shoe.size - 3))
    assert got == zero_reference.deal_ev(tuple(left), up, v1, v2, rules)


@pytest.mark.parametrize("shoe", [Shoe(ZERO_STRIPPED[0]), Shoe.decks(1)], ids=["stripped", "1d"])
def test_zero_float_edge_is_the_exact_one_rounded_within_a_few_ulps(shoe):
    rules = preset("published")
    exact = exact_ev(rules, shoe)
    assert abs(zero_round(rules, shoe).ev - exact) <= FLOAT_TOL


def test_zero_payouts_are_the_ratios_written():
    assert exact_payout(1.2) == Fraction(6, 5)
    assert exact_payout(1.5) == Fraction(3, 2)
    assert exact_payout(1.4137) == Fraction(14137, 10000)
    shoe = Shoe(ZERO_STRIPPED[0])
    # the EV is affine in the pair's payout: the difference is P(Zero Pair) x (6/5 - 3/2)
    gap = exact_ev(ZeroRules(zero_pair_pays=1.2), shoe) - exact_ev(ZeroRules(), shoe)
    n = shoe.size
    pairs = sum(c * (c - 1) for r, c in enumerate(shoe.counts) if 2 * BACCARAT_VALUES[r] % 10 == 0)
    assert gap == Fraction(pairs, n * (n - 1)) * (Fraction(6, 5) - Fraction(3, 2))


@pytest.mark.parametrize(
    "rules", [preset("published"), ZeroRules(das=False, split_totals={7, 8, 9})]
)
def test_zero_exact_edge_with_the_fully_optimal_split_is_the_fraction_twin(rules):
    counts = (1, 0, 1, 1, 2, 0, 1, 2, 1, 2, 1, 1, 1)
    want = zero_reference.round_ev(counts, rules, split="optimal")
    assert exact_ev(rules, Shoe(counts), split="optimal") == want


def test_zero_exact_edge_with_a_chart_refuses_the_fully_optimal_split():
    with pytest.raises(ValueError, match="needs the optimal policy"):
        exact_ev(preset("published"), Shoe(ZERO_STRIPPED[0]), published_chart().policy(), "optimal")


# -- blackjack -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "changes",
    [{"split_hands": 2}, {"split_hands": 2, "peek": True, "surrender": True, "h17": True}],
    ids=["enhc", "peek-surrender-h17"],
)
def test_blackjack_exact_edge_is_the_fraction_twin(changes):
    rules = BlackjackRules(**changes)
    want = bj_reference.Reference(rules, SMALL).round_ev()
    assert bj_exact.exact_ev(rules, bj_shoe(SMALL)) == want
    assert bj_exact.exact_edge(rules, bj_shoe(SMALL)) == -want


@pytest.mark.parametrize(
    "values, pair, hands, changes",
    [
        ((1, 5, 0, 1, 1, 0, 0, 0, 2, 13), 1, 4, {}),
        ((3, 0, 0, 0, 1, 0, 0, 1, 1, 13), 0, 4, {"peek": True, "rsa": True}),
        ((1, 0, 0, 0, 0, 0, 0, 5, 1, 12), 7, 3, {"peek": True, "five_card": True}),
    ],
)
def test_blackjack_exact_resplits_are_the_literal_play(values, pair, hands, changes):
    """Resplits by the exchangeability formula on Fractions equal the twin playing every
    hand out, exactly."""
    rules = BlackjackRules(split_hands=hands, **changes)
    exact = bj_exact.BlackjackExact(rules, bj_shoe(values))
    for step in exact.steps():
        step()
    ref = bj_reference.Reference(rules, values)
    checked = [u for u in range(10) if (pair, u) in exact.splits]
    assert len(checked) >= 3
    for u in checked:
        assert exact.splits[(pair, u)] == ref.split_value(u, pair)


MID = (2, 2, 1, 2, 1, 2, 1, 2, 1, 14)
"""28 cards by value: enough points for four split hands and the dealer."""
MID_SPEC = "A=2,2=2,3=1,4=2,5=1,6=2,7=1,8=2,9=1,T=14"


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"peek": True, "surrender": True, "double": "9-11", "das": False},
        {"h17": True, "five_card": True, "hit_split_aces": True, "rsa": True, "split_hands": 3},
    ],
    ids=["default", "peek-surrender-9-11", "h17-charlie-hsa"],
)
def test_blackjack_float_edge_is_the_exact_one_within_a_few_ulps(changes):
    rules = BlackjackRules(**changes)
    shoe = bj_shoe(MID)
    exact = bj_exact.exact_ev(rules, shoe)
    assert abs(bj_round(rules, shoe).ev - exact) <= FLOAT_TOL


# -- ties: decided on exact values, as the kernels decide -----------------------------------
def test_ties_go_as_the_kernels_break_them():
    choose = bj_exact._choose
    assert choose(0, 0, 0, 0, True, True) == Action.STAND
    assert choose(0, 1, 1, 1, True, True) == Action.HIT
    assert choose(0, 1, 2, 2, True, True) == Action.DOUBLE
    assert choose(0, 1, 2, 3, False, True) == Action.SURRENDER
    assert choose(0, 1, 2, 3, False, False) == Action.HIT


def test_an_exact_tie_is_a_tie_and_stands():
    """On the 16-card shoe, A,3,4,8 against a 7 ties exactly: standing and hitting are worth
    the same (the twin says so too, in Fractions); the exact evaluator stands, and its value
    is the twin's."""
    rules = BlackjackRules(split_hands=2)
    exact = bj_exact.BlackjackExact(rules, bj_shoe(SMALL))
    for step in exact.steps():
        step()
    i, seven = hand_table().find((0, 2, 3, 7)), 6
    stand, hit, _, _ = (row[seven] for row in exact.reference[i])
    assert stand == hit != 0
    want = bj_reference.Reference(rules, SMALL).action_values(seven, (0, 2, 3, 7))
    assert want["stand"] == want["hit"]
    assert exact.value(-1, 0, i, seven) == want["stand"]


# -- the command line -------------------------------------------------------------------------
def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _check_exact_row(row):
    edge = Fraction(row["house_edge_fraction"])
    assert row["house_edge_percent"] == float(100 * edge)
    return edge


ZERO_SPEC = "A=2,2=0,3=1,4=2,5=2,6=0,7=1,8=1,9=2,T=2,J=1,Q=1,K=2"
"""``ZERO_STRIPPED[0]`` as the command line writes it."""


def test_zero_edge_exact_prints_each_edge_as_a_fraction(capsys):
    code, out, _ = run(capsys, "zero", "edge", "--shoe", ZERO_SPEC, "--exact", "--format", "json")
    assert code == 0
    rows = json.loads(out)
    edges = {r["rules"]: _check_exact_row(r) for r in rows}
    shoe = Shoe(ZERO_STRIPPED[0])
    assert edges["stated"] == exact_edge(preset("stated"), shoe)
    assert edges["published"] == exact_edge(preset("published"), shoe)
    code, out, _ = run(capsys, "zero", "edge", "--shoe", ZERO_SPEC, "--exact", "--rules", "stated")
    assert code == 0
    assert "house_edge_fraction" in out
    f = edges["stated"]
    assert f"{f.numerator}/{f.denominator}" in out


def test_zero_edge_exact_takes_the_fully_optimal_split(capsys):
    args = ("--shoe", ZERO_SPEC, "--rules", "published", "--split", "optimal")
    code, out, _ = run(capsys, "zero", "edge", *args, "--exact", "--format", "json")
    assert code == 0
    (row,) = json.loads(out)
    want = exact_edge(preset("published"), Shoe(ZERO_STRIPPED[0]), split="optimal")
    assert _check_exact_row(row) == want


def test_blackjack_edge_exact_prints_the_fraction(capsys):
    code, out, _ = run(
        capsys, "blackjack", "edge", "--shoe", MID_SPEC, "--exact", "--format", "json"
    )
    assert code == 0
    (row,) = json.loads(out)
    edge = _check_exact_row(row)
    assert row["player_ev"] == float(-edge)
    assert edge == bj_exact.exact_edge(BlackjackRules(), bj_shoe(MID))


def test_blackjack_exact_edge_reports_its_progress():
    """The exact edge's steps (dealer batches, split contexts, the splits) advance a bar of
    their own, to its end."""
    from contextlib import contextmanager

    from cardedge.blackjack import edge

    bars = []

    @contextmanager
    def progress(label, total):
        done = []
        bars.append((label, total, done))
        yield done.append

    edge(shoe=MID_SPEC, exact=True, progress=progress)
    exact = [(total, sum(done)) for label, total, done in bars if label == "Blackjack exact edge"]
    steps = len(bj_exact.BlackjackExact(BlackjackRules(), bj_shoe(MID)).steps())
    assert exact == [(steps, steps)]
    assert steps > 2
