"""Blackjack Hi-Lo true-count indices: the composition of a true count, the indices against
direct evaluation, the classic indices, the command."""

import json

import pytest

from cardedge.analysis.blackjack.hands import VALUE_LABELS
from cardedge.analysis.blackjack.round import ShoeAnalysis
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.cards import RANKS
from cardedge.analysis.core.counts import resolve_system
from cardedge.cli import main
from cardedge.reports.blackjack.indices import (
    cell_evs,
    cells,
    hilo_shoe,
    indices_table,
    true_counts,
)


@pytest.fixture(scope="module")
def table():
    return indices_table(BlackjackRules())


def index_of(table, hand, up):
    rows = table.data[(table.data["hand"] == hand) & (table.data["up"] == up)]
    return {r["direction"]: r for r in rows.to_dict("records")}


@pytest.mark.parametrize("t", true_counts(5))
def test_a_true_count_is_a_shoe_of_that_running_count(t):
    shoe = hilo_shoe(t, 5)
    assert shoe.size == 5 * 52
    tags = resolve_system("hilo").by_rank()
    running = sum(tags[r] * c for r, c in enumerate(shoe.counts))
    assert running == pytest.approx(-t * 5)
    for s in "789":
        assert shoe.counts[RANKS.index(s)] == 20


def test_a_true_count_moving_part_of_a_card_is_refused():
    with pytest.raises(ValueError, match="fraction of a card"):
        hilo_shoe(3, 5)
    assert true_counts(4)[1] - true_counts(4)[0] == 2.5


def test_an_index_is_where_the_cell_evs_cross(table):
    """16 vs T: hit at 0, stand from the index on, by direct evaluation of the compositions."""
    row = index_of(table, "hard 16", "T")["at or above"]
    assert (row["at_0"], row["departure"]) == ("hit", "stand")
    rules = BlackjackRules(decks=5)

    (hands,) = [h for label, h, _ in cells(rules) if label == "hard 16"]
    u = VALUE_LABELS.index("T")
    below = [t for t in true_counts(5) if t < row["crossing"]][-1]
    above = [t for t in true_counts(5) if t > row["crossing"]][0]
    for t, stand_better in ((below, False), (above, True)):
        res = ShoeAnalysis(rules, hilo_shoe(t, 5)).evaluate()
        evs = cell_evs(res, rules, hands, u, False)
        assert (evs["stand"] >= evs["hit"]) == stand_better


@pytest.mark.parametrize(
    "hand,up,index",
    [
        ("hard 16", "T", 0),
        ("hard 15", "T", 4),
        ("hard 12", "3", 2),
        ("hard 12", "2", 3),
        ("hard 9", "2", 1),
        ("hard 9", "7", 3),
        ("hard 16", "9", 5),
        ("hard 13", "2", -1),
        ("hard 12", "4", 0),
        ("hard 12", "5", -2),
        ("hard 12", "6", -1),
        ("hard 13", "3", -2),
    ],
)
def test_the_classic_hilo_indices_within_one(table, hand, up, index):
    """The Illustrious 18 entries that do not hinge on the hole card, to within one true count
    (those are for US rules and rounded; this is ENHC, CDZ-, 5 decks left)."""
    rows = index_of(table, hand, up)
    got = [r["index"] for r in rows.values()]
    assert any(abs(g - index) <= 1 for g in got), (hand, up, rows)


def test_indices_command(capsys):
    assert main(["blackjack", "indices", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {"hand", "up", "at_0", "departure", "index", "crossing", "system"} <= rows[0].keys()
    assert main(["blackjack", "indices", "--decks", "6"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "--decks-left" in err


def test_depth_moves_16_vs_ten_as_the_readme_says(table):
    """16 vs T: hit -> stand from +1.96 with 2 decks left, +0.79 with 5; 15 vs T barely moves."""
    deep = indices_table(BlackjackRules(), 2)
    for t, hand, crossing in ((deep, "hard 16", 1.96), (table, "hard 16", 0.79)):
        assert round(index_of(t, hand, "T")["at or above"]["crossing"], 2) == crossing
    assert round(index_of(deep, "hard 15", "T")["at or above"]["crossing"], 2) == 4.13


def test_gains_pick_out_the_indices_that_matter(table):
    """Hi-Lo at 75% of 6 decks: 12 vs 4 and 16 vs T gain most, each about 0.007% a round."""
    rows = table.data.sort_values("gain", ascending=False).to_dict("records")
    assert {(r["hand"], r["up"]) for r in rows[:2]} == {("hard 12", "4"), ("hard 16", "T")}
    assert round(index_of(table, "hard 16", "T")["at or above"]["gain"], 4) == 0.0066
    assert all(r["gain"] > 0 for r in rows)
