"""Zero true-count indices: the composition of a true count for any tag set, the indices
against the cell EVs at every true count evaluated, the command."""

import json

import pytest

from cardedge.analysis.core.cards import RANKS
from cardedge.analysis.core.counts import resolve_system
from cardedge.analysis.core.indices import (
    count_composition,
    count_shoe,
    index_rows,
    realised_true_count,
    true_count_grid,
)
from cardedge.analysis.zero.rules import preset
from cardedge.cli import main
from cardedge.reports.blackjack.indices import hilo_shoe
from cardedge.reports.zero.indices import shoe_cells, zero_indices_table

RULES = preset("published")
"""The published rules; the 5 decks left are the tables' ``remaining`` (rules carry no decks)."""


@pytest.fixture(scope="module")
def table():
    return zero_indices_table(RULES, remaining=5)


@pytest.fixture(scope="module")
def cells_by_tc():
    """{realised Hi-Opt II true count: shoe_cells} at every true count evaluated."""
    system = resolve_system("hiopt2")
    out = {}
    for t in true_count_grid(5):
        shoe = count_shoe(system, t, 5)
        out[realised_true_count(system.by_rank(), shoe.counts, 5)] = shoe_cells(RULES, shoe)
    return out


@pytest.mark.parametrize("t", true_count_grid(5))
def test_the_general_composition_is_blackjacks_hilo_shoe_for_hilo(t):
    tags = resolve_system("hilo").by_rank()
    assert count_composition(tags, t, 5) == hilo_shoe(t, 5).counts
    assert realised_true_count(tags, hilo_shoe(t, 5).counts, 5) == pytest.approx(t)


def test_a_hiopt2_true_count_recomputed_by_hand():
    """Hi-Opt II +2 with 5 decks left: c = 2 x 5 / (28 x 20); the +-2 ranks move 20 x 2c = 0.71
    -> 1 card, the +-1 ranks 0.36 -> 0: one 4 and one 5 out, one each of T, J, Q, K in. The
    cards dealt count 2 + 2 + 4 x 2 = 12 over 262 / 52 decks left."""
    counts = count_composition(resolve_system("hiopt2").by_rank(), 2, 5)
    expected = [20] * 13
    for s, d in (("4", -1), ("5", -1), ("T", 1), ("J", 1), ("Q", 1), ("K", 1)):
        expected[RANKS.index(s)] += d
    assert counts == tuple(expected)
    tc = realised_true_count(resolve_system("hiopt2").by_rank(), counts, 5)
    assert tc == pytest.approx(12 / (262 / 52))


def test_index_rows_interpolate_and_label_both_plays():
    by_tc = {-2: {"a": 0.0, "b": -3.0}, 0: {"a": 0.0, "b": -1.0}, 2: {"a": 0.0, "b": 1.0}}
    (row,) = index_rows("h", "2", by_tc)
    assert (row["below"], row["above"], row["index"]) == ("a", "b", 1)
    assert row["crossing"] == pytest.approx(1.0)


def _best(evs):
    return max(evs, key=evs.get)


@pytest.mark.parametrize(
    "hand,up",
    [("split 3-6", "A"), ("split 1-7", "0"), ("three-card 7", "4"), ("three-card 8", "3")],
)
def test_an_index_holds_at_every_count_evaluated(table, cells_by_tc, hand, up):
    """Below the crossing the play at 0 ('below' going up) is best at every evaluated true count
    from 0 to it; at and above, the departure, at every count to +10 and beyond."""
    rows = table.data[(table.data["hand"] == hand) & (table.data["up"] == up)]
    (row,) = rows.to_dict("records")
    assert row["direction"] == "at or above"
    for t, cells in cells_by_tc.items():
        best = _best(cells[(hand, up)])
        if 0 <= t < row["crossing"]:
            assert best == row["below"], (t, cells[(hand, up)])
        elif t >= row["index"]:
            assert best == row["above"], (t, cells[(hand, up)])


def test_zero_indices_numbers(table):
    """A few Hi-Opt II indices, 5 decks left, published rules."""
    got = {(r["hand"], r["up"], r["direction"]): r["index"] for r in table.data.to_dict("records")}
    assert got[("split 3-6", "A", "at or above")] == 4
    assert got[("two-card 3", "2", "at or above")] == 3
    assert got[("three-card 5", "4", "at or above")] == 1
    assert got[("split 2-6", "0", "at or below")] == -2


def test_zero_indices_command(capsys):
    assert main(["zero", "indices", "--format", "json", "--decks-left", "2"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {"hand", "up", "below", "above", "index", "system"} <= rows[0].keys()
    assert {r["system"] for r in rows} == {"Hi-Opt II"}
    assert {r["up"] for r in rows} <= {"0", "A", "2", "3", "4", "5", "6", "7", "8", "9"}
    assert main(["zero", "indices", "--system", "nope"]) == 2


def test_depth_moves_the_indices_as_the_readme_says():
    """Crossings with 2 and 5 decks left (the README's depth table)."""
    deep = zero_indices_table(preset("published"), remaining=2).data
    shallow = zero_indices_table(RULES, remaining=5).data

    def crossing(data, hand, up):
        (row,) = data[(data["hand"] == hand) & (data["up"] == up)].to_dict("records")
        return round(row["crossing"], 2)

    assert crossing(deep, "split 3-6", "A") == 4.34
    assert crossing(shallow, "split 3-6", "A") == 3.20
    assert crossing(deep, "three-card 5", "4") == 2.80
    assert crossing(shallow, "three-card 5", "4") == 0.07


def test_true_count_sd_by_hand():
    """Hi-Lo, 6 decks: var(tag) = 10/13; the first depth deals 0.5/60 x 0.75 x 312 cards."""
    from cardedge.analysis.core.indices import true_count_sds

    sds = true_count_sds(resolve_system("hilo").by_rank(), 6, 0.75)
    n = 0.5 / 60 * 0.75 * 312
    expected = (n * (312 - n) / 311 * 10 / 13) ** 0.5 / ((312 - n) / 52)
    assert sds[0] == pytest.approx(expected)
    assert len(sds) == 60 and all(a < b for a, b in zip(sds, sds[1:], strict=False))


def test_index_gain_of_a_linear_gap_is_the_normal_switching_gain():
    """gap a (t - c), index c, one depth of SD s: a x E[max(0, T - c)] = a x switching_gain."""
    from cardedge.analysis.core.counts import switching_gain
    from cardedge.analysis.core.indices import index_gain

    a, c, s, p = 0.02, 1.5, 3.0, 0.01
    gaps = {-30.0: a * (-30 - c), 0.0: -a * c, 30.0: a * (30 - c)}
    got = index_gain(gaps, c, True, p, [s])
    assert got == pytest.approx(100 * p * a * switching_gain(c, s), rel=1e-4)
    down = index_gain({t: -g for t, g in gaps.items()}, c, False, p, [s])
    assert down == pytest.approx(100 * p * a * switching_gain(-c, s), rel=1e-4)  # going down


def test_zero_gains(table):
    """Gains of playing the Hi-Opt II indices, 75% of 6 decks: the largest few."""
    gain = {(r["hand"], r["up"]): r["gain"] for r in table.data.to_dict("records")}
    assert (table.data["gain"] > 0).all()
    assert round(gain[("three-card 7", "9")], 4) == 0.0030
    assert round(gain[("split 2-7", "0")], 4) == 0.0029
    assert round(gain[("two-card 3", "2")], 4) == 0.0021
    assert max(gain, key=gain.get) == ("three-card 7", "9")
