"""Zero's shoe game (engine/zero/shoe_game.py): the kernel against the rules engine round for
round, seeded runs on any number of threads, and the published Zero shoe study as its witness
(the edge of each true count), with fresh shoes giving the exact edges of ``zero edge`` and of
the Zero Pays side bet."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from cardedge.analysis.core.counts import builtin_system
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.outcomes import outcome_distribution
from cardedge.analysis.zero.rules import preset
from cardedge.analysis.zero.sidebet import evaluate_side_bet
from cardedge.engine.core.shoe_game import ShoeGame
from cardedge.engine.core.simulation import STREAM_ROUNDS
from cardedge.engine.zero import shoe_replay
from cardedge.engine.zero.shoe_game import indexed_tables, simulate_shoe_game
from cardedge.reports.core.shoe_tallies import BinStats
from cardedge.reports.zero.study import study_chart
from cardedge.strategy.core.departures import Departure

STUDY = Path(__file__).resolve().parents[1] / "results" / "study" / "zero_6d_75"
RULES = preset("published")
HIOPT2 = builtin_system("hiopt2")


@pytest.fixture(scope="module")
def study_game():
    """The published Zero study's game: its basic chart and its 33 index plays (as study.json
    records them), with the play tables by true count for Hi-Opt II's bins."""
    _, chart = study_chart(RULES, Shoe.decks(6), "basic")
    plan = json.loads((STUDY / "study.json").read_text())
    assert plan["plan"]["system"] == HIOPT2.name
    departures = tuple(Departure(**d) for d in plan["game"]["departures"])
    assert len(departures) == 33
    limit = ShoeGame(6, 0.75, HIOPT2).limit
    tables = indexed_tables(RULES, chart, "basic", departures, limit)
    return chart, departures, tables


def stats_of(t) -> BinStats:
    return BinStats(t.true_counts, t.bin_rounds, t.bin_sums, t.bin_squares)


TWIN_CASES = [
    # rules, decks, players, system, convention, divisor, burn
    (RULES, 2, 1, "hiopt2", "exact", "exact", 1),
    (RULES, 2, 3, "hilo", "round", "half", 0),
    (RULES, 2, 2, "hiopt2", "truncate", "whole", 1),
    (preset("stated", {"das": False, "dealer_draws": 6, "double_totals": (6, 7, 8, 9)}),
     2, 2, "hilo", "floor", "exact", 2),
]  # fmt: skip


@pytest.mark.parametrize("rules,decks,players,system,convention,divisor,burn", TWIN_CASES)
def test_the_kernel_equals_the_engine_round_for_round(
    study_game, rules, decks, players, system, convention, divisor, burn
):
    """The same seeded shoes dealt, counted and played through the rules engine's table give
    the kernel's tallies exactly: every card, count, true-count bin, index play, result and
    side-bet row."""
    chart, departures, _ = study_game
    game = ShoeGame(decks, 0.75, builtin_system(system), players, burn, convention, divisor)
    # Hi-Lo's span is half Hi-Opt II's: keep the index plays that fit in it
    kept = [d for d in departures if abs(d.index) <= game.limit]
    tables = indexed_tables(rules, chart, "basic", kept, game.limit)
    kernel = simulate_shoe_game(rules, game, tables, 2000, seed=7, threads=1)
    twin = shoe_replay.simulate_shoe_game(rules, game, tables, 2000, seed=7)
    np.testing.assert_array_equal(kernel.outcomes, twin.outcomes)
    np.testing.assert_array_equal(kernel.index_rounds, twin.index_rounds)
    np.testing.assert_array_equal(kernel.index_plays, twin.index_plays)
    np.testing.assert_array_equal(kernel.side, twin.side)
    assert kernel.index_plays.sum() > 0  # the index plays were exercised
    assert (kernel.bin_rounds > 0).sum() >= 5  # and the count moved
    assert kernel.outcomes[:, :2].sum() > 0  # Zero Pairs dealt
    assert kernel.side.sum() == 2000 and kernel.side[:, :-1].sum() > 0


def test_a_seeded_run_is_the_same_on_one_and_two_threads(study_game):
    _, _, tables = study_game
    game = ShoeGame(6, 0.75, HIOPT2, players=2)
    rounds = 2 * STREAM_ROUNDS + 1000
    one = simulate_shoe_game(RULES, game, tables, rounds, seed=3, threads=1)
    two = simulate_shoe_game(RULES, game, tables, rounds, seed=3, threads=2)
    np.testing.assert_array_equal(one.outcomes, two.outcomes)
    np.testing.assert_array_equal(one.index_plays, two.index_plays)
    np.testing.assert_array_equal(one.side, two.side)
    other = simulate_shoe_game(RULES, game, tables, rounds, seed=4, threads=2)
    assert not np.array_equal(one.outcomes, other.outcomes)


def test_the_shoe_study_witnesses_the_edge_of_each_true_count(study_game):
    """The published Zero study's game (6 decks, 75%, Hi-Opt II, the basic chart with its 33
    index plays, no burn card, the true count exact, flat bets): each bin with 30 study rounds
    or more has its simulated edge within 4 combined standard errors of the study's exact
    per-round mean (its SE: the bin's SD of exact values over the root of its rounds)."""
    _, _, tables = study_game
    game = ShoeGame(6, 0.75, HIOPT2, burn=0)
    t = simulate_shoe_game(RULES, game, tables, 100_000_000, seed=11)
    stats = stats_of(t)
    exact = pd.read_csv(STUDY / "edge_by_true_count.csv", comment="#")
    z = []
    for row in exact.itertuples():
        if row.rounds < 30:
            continue
        k = int(np.flatnonzero(stats.true_counts == row.true_count)[0])
        simulated = -100 * stats.edges[k]
        se = math.hypot(100 * stats.stderrs[k], row.edge_strategy_sd / math.sqrt(row.rounds))
        z.append((simulated - row.edge_strategy) / se)
    assert len(z) >= 20
    assert max(abs(x) for x in z) < 4, z
    assert t.index_plays.sum() > 0


def test_a_one_card_cut_deals_fresh_shoes_and_gives_the_exact_edges(study_game):
    """A cut card after the first card shuffles before every round: flat bets without index
    plays then give the chart's exact fresh-shoe edge (``zero edge``'s basic strategy) and the
    Zero Pays side bet its exact edge, each within 4 SE."""
    chart, _, _ = study_game
    game = ShoeGame(6, 1 / 312, HIOPT2, burn=0)
    assert game.cut_card == 1
    plain = indexed_tables(RULES, chart, "basic", (), game.limit)
    t = simulate_shoe_game(RULES, game, plain, 10_000_000, seed=13)
    stats = stats_of(t)
    w, var = stats.win_variance(np.ones(len(stats.rounds)))
    exact = outcome_distribution(RULES, Shoe.decks(6), chart.policy()).ev
    assert abs(w - exact) < 4 * math.sqrt(var / t.rounds)
    assert -100 * exact == pytest.approx(2.2683, abs=5e-5)  # `zero edge --strategy basic`
    side = t.side.sum(axis=0)
    mean = side @ t.side_net / t.rounds
    sd = math.sqrt(side @ t.side_net**2 / t.rounds - mean**2)
    side_exact = float(evaluate_side_bet(6).ev)
    assert abs(mean - side_exact) < 4 * sd / math.sqrt(t.rounds)
    assert t.index_plays.sum() == 0


def test_the_api_deals_a_zero_shoe_game_only_with_a_penetration():
    from cardedge.api import zero as api
    from cardedge.core.errors import BadValue

    with pytest.raises(BadValue, match="penetration"):
        api.simulate(rounds=1000, players=2)
    tables = api.simulate(
        decks=2, penetration=0.7, rounds=20_000, seed=1, ramp="1:0,4:2", wong_out=-1, threads=1
    )
    summary, by_count, betting, ramps, side = (t.frame() for t in tables)
    assert summary["rounds"].item() == 20_000 and summary["count"].item() == "Hi-Opt II"
    assert "basic" in tables[0].title  # optimal play has no chart: the shoe game plays basic
    assert by_count["rounds"].sum() == 20_000 and side["rounds"].sum() == 20_000
    assert list(betting["bets"].str.split().str[0]) == ["flat", "ramp", "optimal"]
    low = ramps["true_count"] < -1
    assert (ramps.loc[low, "ramp"] == 0).all() and ramps["ramp"].max() == 4
    assert side["side_edge"].notna().any() and "Zero Pays" in tables[-1].title


def test_an_index_file_plays_the_computed_index_plays(tmp_path):
    """--index-file with the `zero indices` table the shoe game computes itself (Hi-Opt II,
    one deck left of two) gives the tables of --indices exactly."""
    import json

    from cardedge import zero

    table = tmp_path / "indices.json"
    table.write_text(json.dumps(zero.indices(decks_left=1).rows()))
    words = dict(decks=2, penetration=0.75, rounds=20_000, seed=2)
    from_file = zero.simulate(**words, index_file=str(table))
    computed = zero.simulate(**words, indices=True)
    assert "index plays" in computed[0].title
    for a, b in zip(from_file, computed, strict=True):
        pd.testing.assert_frame_equal(a.frame(), b.frame())
