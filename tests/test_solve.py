"""Solving a payout for a target house edge (issue 30): the solved payout fed back into
``edge`` gives the target to 1e-9; a side bet's row is solved exactly."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from cardedge import blackjack, zero
from cardedge.analysis.zero.paytable import load_paytable
from cardedge.analysis.zero.sidebet import SuitedShoe, evaluate_side_bet
from cardedge.cli import main
from cardedge.core.errors import BadValue

FED_BACK = 1e-9
"""A solved payout given back to ``edge`` gives the target to this (percent)."""


def _rows(table) -> dict[str, dict]:
    return {r["payout"]: r for r in table.rows()}


@pytest.mark.parametrize("strategy", ["optimal", "basic"])
def test_the_natural_solved_for_a_target_gives_it_back(strategy):
    rows = _rows(blackjack.solve(target=1.0, decks=1, h17=True, strategy=strategy))
    solved = rows["solved"]
    assert abs(solved["house_edge_percent"] - 1.0) < FED_BACK
    back = blackjack.edge(decks=1, h17=True, natural=solved["pays"], strategy=strategy)
    assert abs(back.rows()[0]["house_edge_percent"] - 1.0) < FED_BACK
    # the nearest simple ratio's edge is its own edge call's
    ratio = rows["nearest simple ratio"]
    edge = blackjack.edge(decks=1, h17=True, natural=ratio["pays"], strategy=strategy)
    assert abs(edge.rows()[0]["house_edge_percent"] - ratio["house_edge_percent"]) < 1e-12
    assert Fraction(ratio["pays"].replace(":", "/")).denominator <= 10


def test_the_published_natural_is_found_again():
    # the edge of the rules at 3:2, asked for, gives back 3:2
    edge = blackjack.edge(decks=1).rows()[0]["house_edge_percent"]
    rows = _rows(blackjack.solve(target=edge, decks=1))
    assert rows["solved"]["pays_decimal"] == pytest.approx(1.5, abs=1e-12)
    assert rows["nearest simple ratio"]["pays"] == "3:2"


@pytest.mark.parametrize(
    "pay, strategy, given",
    [
        ("zero_pair_pays", "optimal", {"rules": "published"}),
        ("zero-pair-pays", "basic", {"rules": "stated"}),
        ("trips_pays", "optimal", {"rules": "published", "das": False}),
    ],
)
def test_zero_payouts_solved_for_a_target_give_it_back(pay, strategy, given):
    rows = _rows(zero.solve(2.0, pay=pay, decks=1, strategy=strategy, **given))
    solved = rows["solved"]
    keyword = pay.replace("-", "_")
    back = zero.edge(decks=1, strategy=strategy, **{keyword: solved["pays"]}, **given)
    assert abs(back.rows()[0]["house_edge_percent"] - 2.0) < FED_BACK
    assert rows["nearest keeping the target"]["house_edge_percent"] >= 2.0


def test_a_side_bet_row_is_solved_exactly():
    table = load_paytable(None)
    rows = _rows(zero.solve("5.5", pay="zero_pays:2", decks=1))
    exact = Fraction(rows["solved"]["exact"])
    paid = list(table.rows)
    paid[1] = replace(paid[1], pays=exact)
    result = evaluate_side_bet(SuitedShoe.decks(1), replace(table, rows=tuple(paid)))
    assert result.house_edge == Fraction(55, 1000)
    # the row named by its hand is the same row
    by_hand = _rows(zero.solve("5.5", pay=f"zero_pays:{table.rows[1].hand}", decks=1))
    assert by_hand["solved"]["exact"] == rows["solved"]["exact"]


@pytest.mark.parametrize(
    "call, needle",
    [
        (lambda: blackjack.solve(target=50.0, decks=1), "the reachable edges are"),
        (lambda: zero.solve(9.0, decks=1), "no payout from 0 to 1000"),
        (lambda: zero.solve(2.0, pay="natural", decks=1), "is not a payout solve finds"),
        (lambda: zero.solve(2.0, pay="zero_pays:99", decks=1), "no such row"),
        (lambda: zero.solve("x", decks=1), "'x' is not a number"),
        (lambda: blackjack.solve(target=float("nan"), decks=1), "not a house edge"),
        (lambda: blackjack.solve(target=1.0, pay="trips_pays"), "one of natural"),
    ],
)
def test_bad_solves_are_refused_in_one_line(call, needle):
    with pytest.raises(BadValue) as caught:
        call()
    assert needle in str(caught.value) and "\n" not in str(caught.value)


def test_the_command_line_refuses_an_unreachable_target(capsys):
    code = main(["zero", "solve", "--decks", "1", "--target", "50"])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "reachable edges are" in err
