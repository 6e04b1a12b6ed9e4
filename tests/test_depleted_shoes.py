"""Both games' exact evaluators on depleted and odd shoes, against the Fraction twins."""

import math

import pytest

from cardedge.analysis.blackjack import reference as bj_ref
from cardedge.analysis.blackjack import shoes as bj_shoes
from cardedge.analysis.blackjack.game import SHOE as BLACKJACK_SHOE
from cardedge.analysis.blackjack.round import ShoeAnalysis, shoe_values
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.shoe import Shoe, game_shoe, parse_shoe
from cardedge.analysis.zero import reference as zero_ref
from cardedge.analysis.zero import shoes as zero_shoes
from cardedge.analysis.zero.game import SHOE as ZERO_SHOE
from cardedge.analysis.zero.round import evaluate_round
from cardedge.analysis.zero.rules import preset

TOL = 1e-13


@pytest.mark.parametrize(
    "spec, name",
    [
        # no 6 and no J; one T
        ("A=2,2=1,3=1,4=1,5=2,6=0,7=1,8=1,9=2,T=1,J=0,Q=1,K=2", "published"),
        # a single ten-valued card (a K)
        ("A=1,2=2,3=1,4=2,5=1,6=2,7=1,8=2,9=1,T=0,J=0,Q=0,K=1", "stated"),
    ],
)
def test_zero_depleted_shoe_matches_reference(spec, name):
    shoe = zero_shoes.check_shoe(parse_shoe(spec, ZERO_SHOE), preset(name))
    rules = preset(name)
    exact = zero_ref.round_ev(shoe.counts, rules)
    assert evaluate_round(rules, shoe).ev == pytest.approx(float(exact), abs=TOL)


@pytest.mark.parametrize(
    "spec, changes",
    [
        # no 3: a rank missing
        ("A=2,2=1,3=0,4=1,5=1,6=1,7=1,8=1,9=1,T=5", {"split_hands": 2}),
        # one ten-valued card, no aces and no 2-4
        ("A=0,2=0,3=0,4=0,5=1,6=2,7=2,8=3,9=3,T=1", {"split_hands": 2, "peek": True}),
        # aces and tens only, but for one 5, 8 and 9; resplits to 3
        ("A=3,2=0,3=0,4=0,5=1,6=0,7=0,8=1,9=1,T=13", {"split_hands": 3}),
    ],
)
def test_blackjack_depleted_shoe_matches_reference(spec, changes):
    rules = BlackjackRules(**changes)
    shoe = bj_shoes.check_shoe(parse_shoe(spec, BLACKJACK_SHOE), rules)
    exact = bj_ref.Reference(rules, tuple(int(x) for x in shoe_values(shoe))).round_ev()
    assert ShoeAnalysis(rules, shoe).evaluate().ev == pytest.approx(float(exact), abs=TOL)


ODD_BLACKJACK = [
    "A=24,2=24,3=24,4=24,5=24,6=24,7=24,8=24,9=24,T=0",  # no tens
    "A=0,2=24,3=24,4=24,5=24,6=24,7=24,8=24,9=24,T=96",  # no aces
    "A=24,2=24,3=0,4=24,5=24,6=24,7=24,8=24,9=24,T=96",  # no threes
    "A=24,2=24,3=24,4=24,5=24,6=24,7=24,8=24,9=24,T=1",  # one ten
    "A=1,2=0,3=0,4=0,5=0,6=0,7=0,8=0,9=0,T=15",  # the smallest shoe allowed
]


@pytest.mark.parametrize("spec", ODD_BLACKJACK)
def test_blackjack_odd_shoes_evaluate(spec):
    rules = BlackjackRules()
    shoe = bj_shoes.check_shoe(parse_shoe(spec, BLACKJACK_SHOE), rules)
    res = ShoeAnalysis(rules, shoe).evaluate()
    assert math.isfinite(res.ev) and -2.0 < res.ev < 2.0
    values = shoe_values(shoe)
    if values[0] == 0 or values[9] == 0:
        assert res.action_probabilities()["natural"] == 0.0


def test_blackjack_all_ten_shoe_is_exact():
    """Ten-valued cards and one ace: every deal is known, so the EV is a hand count."""
    rules = BlackjackRules()
    shoe = parse_shoe("A=1,2=0,3=0,4=0,5=0,6=0,7=0,8=0,9=0,T=15", BLACKJACK_SHOE)
    exact = bj_ref.Reference(rules.with_(split_hands=2), tuple(shoe_values(shoe))).round_ev()
    got = ShoeAnalysis(rules.with_(split_hands=2), shoe).evaluate().ev
    assert got == pytest.approx(float(exact), abs=TOL)


ODD_ZERO = [
    "A=24,2=24,3=24,4=24,5=24,6=24,7=24,8=24,9=24,T=0,J=0,Q=0,K=0",  # no ten-valued cards
    "A=4,2=0,3=0,4=0,5=0,6=0,7=0,8=0,9=0,T=4,J=4,Q=4,K=4",  # aces and tens only
    "A=24,2=24,3=24,4=24,5=24,6=24,7=24,8=24,9=24,T=24,J=0,Q=24,K=24",  # no jacks
]


@pytest.mark.parametrize("spec", ODD_ZERO)
def test_zero_odd_shoes_evaluate(spec):
    rules = preset("published")
    shoe = zero_shoes.check_shoe(parse_shoe(spec, ZERO_SHOE), rules)
    res = evaluate_round(rules, shoe)
    assert math.isfinite(res.ev) and -2.0 < res.ev < 4.0
    assert sum(res.decision_probabilities().values()) == pytest.approx(1.0, abs=1e-12)


def test_zero_tens_only_shoe_is_exact():
    """Aces and ten-valued cards: matches the twin on a 20-card shoe."""
    shoe = parse_shoe("A=4,2=0,3=0,4=0,5=0,6=0,7=0,8=0,9=0,T=4,J=4,Q=4,K=4", ZERO_SHOE)
    rules = preset("stated")
    exact = zero_ref.round_ev(shoe.counts, rules)
    assert evaluate_round(rules, shoe).ev == pytest.approx(float(exact), abs=TOL)


def test_removal_and_equivalent_spec_give_the_same_edges():
    removed = game_shoe(6, remove="5,5,T,A", form=BLACKJACK_SHOE)
    spec = game_shoe(6, spec=removed.spec(pool_tens=True), form=BLACKJACK_SHOE)
    rules = BlackjackRules()
    a = ShoeAnalysis(rules, removed).evaluate().ev
    b = ShoeAnalysis(rules, spec).evaluate().ev
    assert a == pytest.approx(b, abs=1e-12)
    fresh = ShoeAnalysis(rules, Shoe.decks(6)).evaluate().ev
    assert a != fresh
    z = preset("published")
    zr = game_shoe(6, remove="5,5,T,A", form=ZERO_SHOE)
    zs = game_shoe(6, spec=zr.spec(), form=ZERO_SHOE)
    assert evaluate_round(z, zr).ev == pytest.approx(evaluate_round(z, zs).ev, abs=1e-12)


def test_depleted_six_deck_shoe_keeps_the_fresh_shoe_name_and_decks():
    shoe = game_shoe(6, remove="5,5,T,A", form=ZERO_SHOE)
    # Shoe.nominal_decks (the decks a rules object was built with) is gone with the decks on
    # the rules: the depleted shoe still names its fresh shoe's decks where rows name the shoe,
    # and the fresh shoe is one of 6 decks.
    assert shoe.row_keys()["decks"] == 6 and Shoe.decks(6).fresh_decks == 6
