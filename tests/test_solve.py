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
from cardedge.reports.core.solve import LADDER

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
    # each ladder payout's edge is its own edge call's, on its side of the target
    for side in ("ladder: house side", "ladder: player side"):
        rung = rows[side]
        edge = blackjack.edge(decks=1, h17=True, natural=rung["pays"], strategy=strategy)
        assert abs(edge.rows()[0]["house_edge_percent"] - rung["house_edge_percent"]) < 1e-12
        assert rung["pays"] in LADDER
    assert rows["ladder: house side"]["house_edge_percent"] >= 1.0
    assert rows["ladder: player side"]["house_edge_percent"] < 1.0


def test_the_published_natural_is_found_again():
    # the edge of the rules at 3:2, asked for, gives back 3:2
    edge = blackjack.edge(decks=1).rows()[0]["house_edge_percent"]
    rows = _rows(blackjack.solve(target=edge, decks=1))
    assert rows["solved"]["pays_decimal"] == pytest.approx(1.5, abs=1e-12)
    # 3:2 reaches the target (to rounding): the house's side; the next rung is the player's
    assert rows["ladder: house side"]["pays"] == "3:2"
    assert rows["ladder: player side"]["pays"] == "8:5"


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
    assert rows["ladder: house side"]["house_edge_percent"] >= 2.0
    assert rows["ladder: player side"]["house_edge_percent"] < 2.0


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
        (lambda: blackjack.solve(target=1.0, ladder="6:5,x"), "'x' is not a payout"),
        (lambda: blackjack.solve(target=1.0, ladder=[]), "no payout"),
        (lambda: zero.solve(2.0, ladder="3:2,-1"), "is not a payout"),
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


# ---- the ladder: the payouts a casino prints ----------------------------------------------------
def _brute_force_sides(edges: dict[str, float], target: float):
    """The ladder's house and player sides by trying every rung: the smallest edge at least
    the target (to 1e-9) and the largest below it, as (pays, edge)."""
    house = [(e, p) for p, e in edges.items() if e >= target - 1e-9]
    player = [(e, p) for p, e in edges.items() if e < target - 1e-9]
    return (min(house)[::-1] if house else None), (max(player)[::-1] if player else None)


def _sides(table):
    rows = _rows(table)
    return tuple(
        (rows[k]["pays"], rows[k]["house_edge_percent"]) if k in rows else None
        for k in ("ladder: house side", "ladder: player side")
    )


@pytest.mark.parametrize(
    "ladder, target",
    [
        (None, 1.0),  # the casino ladder: 6:5 and 7:5 around 1.3928
        ("1:1,6:5,7:5,3:2,8:5,2:1", 0.2),
        (["2:1", "1:1", "3 to 2", 1.25], -0.5),  # any order, any spelling
        ("6:5,7:5", -3.0),  # every rung on the house's side
    ],
)
def test_the_natural_ladder_is_the_brute_force_search_over_it(ladder, target):
    """Each rung's edge from its own ``edge`` call; the sides the search finds are the table's."""
    given = {"decks": 1, "h17": True, "peek": True}
    rungs = LADDER if ladder is None else ladder
    rungs = rungs.split(",") if isinstance(rungs, str) else rungs
    # the rungs the natural takes (a rule's payout is at most 1000 to 1)
    rungs = [r for r in rungs if isinstance(r, float) or int(r.split(":")[0].split()[0]) <= 1000]
    edges = {}
    for rung in rungs:
        pays = str(rung).replace(" to ", ":") if not isinstance(rung, float) else "5:4"
        row = blackjack.edge(**given, natural=rung).rows()[0]
        edges[pays] = row["house_edge_percent"]
    table = blackjack.solve(target=target, ladder=ladder, **given)
    want = _brute_force_sides(edges, target)
    got = _sides(table)
    for w, g in zip(want, got, strict=True):
        assert (w is None) == (g is None)
        if w is not None:
            assert w[0] == g[0] and abs(w[1] - g[1]) < 1e-12


def test_the_zero_pair_ladder_is_the_brute_force_search_over_it():
    ladder = "1:1,6:5,7:5,3:2,8:5,2:1,5:2,3:1"
    edges = {
        p: zero.edge(decks=1, rules="published", zero_pair_pays=p).rows()[0]["house_edge_percent"]
        for p in ladder.split(",")
    }
    got = _sides(zero.solve(2.0, decks=1, ladder=ladder))
    want = _brute_force_sides(edges, 2.0)
    assert [g[0] for g in got] == [w[0] for w in want]
    assert all(abs(g[1] - w[1]) < 1e-12 for g, w in zip(got, want, strict=True))


def test_a_side_bet_ladder_is_priced_exactly():
    """A Zero Pays row's rungs priced by the side bet's exact evaluation, one by one."""
    table = load_paytable(None)
    got = _sides(zero.solve("5.5", pay="zero_pays:2", decks=1))
    edges = {}
    for pays in ("100:1", "138:1", "150:1"):
        paid = list(table.rows)
        paid[1] = replace(paid[1], pays=Fraction(pays.replace(":", "/")))
        result = evaluate_side_bet(SuitedShoe.decks(1), replace(table, rows=tuple(paid)))
        edges[pays] = float(100 * result.house_edge)
    # 138:1 is on no casino's ladder: the sides are 100:1 and 150:1
    assert got == (("100:1", edges["100:1"]), ("150:1", edges["150:1"]))


def test_a_ladder_past_the_payouts_says_so_and_the_reach_is_signed():
    table = blackjack.solve(target=1.0, decks=1, ladder="1:1,6:5")
    rows = _rows(table)
    assert "ladder: player side" not in rows and "ladder: house side" in rows
    notes = " ".join(table.notes)
    assert "no ladder payout gives an edge below the target" in notes
    assert "(house) paying 0" in notes and "a player's edge of" in notes


def test_the_command_line_takes_a_ladder(capsys):
    code = main(["blackjack", "solve", "--decks", "1", "--target", "1", "--ladder", "6:5,3:2"])
    out = capsys.readouterr().out
    assert code == 0
    assert "ladder: house side   6:5" in out and "ladder: player side  3:2" in out
