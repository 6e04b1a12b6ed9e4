"""The blackjack shoe game (engine/blackjack/shoe_game.py) and its tallies' figures
(reports/core/shoe_tallies.py): the kernel against the rules engine round for round, seeded runs
on any number of threads, the true-count conventions, the ramp arithmetic against a round-by-round
computation, and the published shoe study as its witness."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from cardedge.analysis.blackjack.round import ShoeAnalysis
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.counts import builtin_system
from cardedge.analysis.core.shoe import Shoe
from cardedge.engine.blackjack import shoe_replay
from cardedge.engine.blackjack.shoe_game import indexed_tables, simulate_shoe_game
from cardedge.engine.core import shoe_game
from cardedge.engine.core.shoe_game import CONVENTIONS, DIVISORS, ShoeGame
from cardedge.engine.core.simulation import STREAM_ROUNDS
from cardedge.reports.blackjack.study import study_chart
from cardedge.reports.core.ramp import Ramp
from cardedge.reports.core.shoe_tallies import BinStats, optimal_ramp, parse_ramp
from cardedge.strategy.blackjack.charts import policy_from_chart
from cardedge.strategy.core.departures import Departure

STUDY = Path(__file__).resolve().parents[1] / "results" / "study" / "blackjack_6d_75"
RULES = BlackjackRules()
HILO = builtin_system("hilo")


@pytest.fixture(scope="module")
def six_decks():
    """The published study's game: its chart, its 115 index plays (as study.json records them)
    and the play tables by true count."""
    shoe = Shoe.decks(6)
    _, chart = study_chart(RULES, shoe, "basic")
    plan = json.loads((STUDY / "study.json").read_text())
    departures = tuple(Departure(**d) for d in plan["game"]["departures"])
    analysis = ShoeAnalysis(RULES, shoe)
    tables = indexed_tables(RULES, analysis, chart, "basic", departures, 10)
    plain = indexed_tables(RULES, analysis, chart, "basic", (), 10)
    return analysis, chart, departures, tables, plain


def stats_of(t) -> BinStats:
    return BinStats(t.true_counts, t.bin_rounds, t.bin_sums, t.bin_squares)


TWIN_CASES = [
    # rules, decks, players, system, convention, divisor, burn
    (RULES, 2, 1, "hilo", "exact", "exact", 1),
    (RULES, 2, 3, "hilo", "round", "half", 0),
    (BlackjackRules(peek=True, h17=True, surrender=True), 2, 2, "ko", "truncate", "whole", 1),
    (RULES, 1, 1, "hiopt2", "floor", "exact", 1),
]


@pytest.mark.parametrize("rules,decks,players,system,convention,divisor,burn", TWIN_CASES)
def test_the_kernel_equals_the_engine_round_for_round(
    six_decks, rules, decks, players, system, convention, divisor, burn
):
    """The same seeded shoes dealt, counted and played through the rules engine's table give
    the kernel's tallies exactly: every card, count, true-count bin, index play and result."""
    _, _, _, tables, _ = six_decks
    count = builtin_system(system)
    game = ShoeGame(decks, 0.75, count, players, burn, convention, divisor)
    if game.limit != 10:  # a level-2 count's bins are twice as wide
        analysis, chart, departures, _, _ = six_decks
        tables = indexed_tables(rules, analysis, chart, "basic", departures, game.limit)
    kernel = simulate_shoe_game(rules, game, tables, 1500, seed=7, threads=1)
    twin = shoe_replay.simulate_shoe_game(rules, game, tables, 1500, seed=7)
    np.testing.assert_array_equal(kernel.outcomes, twin.outcomes)
    np.testing.assert_array_equal(kernel.index_rounds, twin.index_rounds)
    np.testing.assert_array_equal(kernel.index_plays, twin.index_plays)
    assert kernel.index_plays.sum() > 0  # the index plays were exercised
    assert (kernel.bin_rounds > 0).sum() >= 5  # and the count moved


INSURANCE_CASES = [
    # rules, players, convention, divisor, the insurance index
    (BlackjackRules(insurance=True), 2, "exact", "exact", 2),
    (BlackjackRules(insurance=True, peek=True), 1, "floor", "half", -1),
]


@pytest.mark.parametrize("rules,players,convention,divisor,index", INSURANCE_CASES)
def test_insurance_the_kernel_equals_the_engine_round_for_round(
    six_decks, rules, players, convention, divisor, index
):
    """With --insurance and the insurance index play: the counter insures an ace up where the
    index is in force, through the kernel and through the rules engine's ``insure``; every
    tally equal, insurance's (offered, taken, net in half units) too."""
    analysis, chart, departures, _, _ = six_decks
    insure = Departure("insurance", "A", "insurance", index, True)
    game = ShoeGame(2, 0.75, HILO, players, 1, convention, divisor)
    tables = indexed_tables(rules, analysis, chart, "basic", (*departures, insure), game.limit)
    assert tables.insure.any() and not tables.insure.all()
    kernel = simulate_shoe_game(rules, game, tables, 3000, seed=11, threads=1)
    twin = shoe_replay.simulate_shoe_game(rules, game, tables, 3000, seed=11)
    np.testing.assert_array_equal(kernel.outcomes, twin.outcomes)
    np.testing.assert_array_equal(kernel.index_plays, twin.index_plays)
    np.testing.assert_array_equal(kernel.insurance, twin.insurance)
    offered, taken, net = kernel.insurance.T
    assert 0 < taken.sum() < offered.sum()
    assert abs(offered.sum() / 3000 - 1 / 13) < 0.02  # an ace up
    won = (net + taken) / 3  # net = 2 won - lost, taken = won + lost
    assert (won == np.round(won)).all() and 0 < won.sum() < taken.sum()
    below = kernel.true_counts < index
    assert taken[below].sum() == 0  # never below the index (whole counts: none in force)


def test_insurance_is_tallied_only_when_offered_and_taken_only_at_its_index(six_decks):
    _, _, _, tables, plain = six_decks
    game = ShoeGame(6, 0.75, HILO)
    off = simulate_shoe_game(RULES, game, tables, 20_000, seed=2, threads=1)
    assert off.insurance is None
    on = simulate_shoe_game(RULES.with_(insurance=True), game, plain, 20_000, seed=2, threads=1)
    assert on.insurance[:, 0].sum() > 0 and not on.insurance[:, 1:].any()
    plain_off = simulate_shoe_game(RULES, game, plain, 20_000, seed=2, threads=1)
    np.testing.assert_array_equal(on.outcomes, plain_off.outcomes)  # the hands play alike


def test_index_plays_beyond_the_bins_widen_the_play_states(six_decks):
    """An unbalanced count's index plays may lie past the end bins (KO at 2 decks: double 5
    against 5 at +11 and up, which the API refused): the play states widen to hold each index
    strictly inside, the bins stay the count's, and the kernel still equals the rules engine
    round for round, the far index taken where the true count reaches it."""
    from cardedge import blackjack

    analysis, chart, departures, _, _ = six_decks
    far = Departure("hard 16", "T", "stand", -13, False)  # beyond -11: stands at -13 and below
    near = Departure("hard 12", "4", "hit", -12, False)
    game = ShoeGame(2, 0.85, builtin_system("hilo"), 1, 0, "floor", "exact")
    tables = indexed_tables(RULES, analysis, chart, "basic", (*departures, far, near), game.limit)
    assert tables.half_span == 14 and len(tables.set_of_state) == 4 * 14 + 1
    kernel = simulate_shoe_game(RULES, game, tables, 20_000, seed=5, threads=1)
    twin = shoe_replay.simulate_shoe_game(RULES, game, tables, 20_000, seed=5)
    np.testing.assert_array_equal(kernel.outcomes, twin.outcomes)
    np.testing.assert_array_equal(kernel.index_plays, twin.index_plays)
    assert len(kernel.true_counts) == 2 * game.limit + 1  # the bins are the count's

    def in_force_at(tc: float) -> tuple:
        return tables.sets[tables.set_of_state[shoe_game.play_state("floor", tc, 14)]]

    assert far in in_force_at(-13.0) and far in in_force_at(-20.0)
    assert far not in in_force_at(-12.0) and near in in_force_at(-12.0)
    tables = blackjack.simulate(
        decks=2, penetration=0.75, count="ko", indices=True, rounds=20_000, seed=1
    )
    assert "with" in tables[0].title and "index plays" in tables[0].title


def test_a_seeded_run_is_the_same_on_one_and_two_threads(six_decks):
    _, _, _, tables, _ = six_decks
    game = ShoeGame(6, 0.75, HILO, players=2)
    rounds = 2 * STREAM_ROUNDS + 1000
    one = simulate_shoe_game(RULES, game, tables, rounds, seed=3, threads=1)
    two = simulate_shoe_game(RULES, game, tables, rounds, seed=3, threads=2)
    np.testing.assert_array_equal(one.outcomes, two.outcomes)
    np.testing.assert_array_equal(one.index_plays, two.index_plays)
    other = simulate_shoe_game(RULES, game, tables, rounds, seed=4, threads=2)
    assert not np.array_equal(one.outcomes, other.outcomes)


def test_the_convention_moves_rounds_between_bins_and_nothing_else(six_decks):
    """Without index plays the convention only names the bins: the same cards, the same
    results, in other bins."""
    _, _, _, _, plain = six_decks
    runs = {
        c: simulate_shoe_game(
            RULES, ShoeGame(6, 0.75, HILO, convention=c), plain, 50_000, 5, None, 1
        )
        for c in ("exact", "floor", "truncate", "round")
    }
    totals = {c: r.outcomes.sum(axis=0) for c, r in runs.items()}
    for c in runs:
        np.testing.assert_array_equal(totals[c], totals["floor"])
    np.testing.assert_array_equal(runs["exact"].outcomes, runs["floor"].outcomes)
    assert not np.array_equal(runs["floor"].outcomes, runs["round"].outcomes)
    assert not np.array_equal(runs["floor"].outcomes, runs["truncate"].outcomes)
    # truncating puts -0.x in bin 0: bin 0 holds more rounds than flooring gives it
    k = runs["floor"].game.limit
    assert runs["truncate"].bin_rounds[k] > runs["floor"].bin_rounds[k]
    half = simulate_shoe_game(
        RULES, ShoeGame(6, 0.75, HILO, divisor="half"), plain, 50_000, 5, None, 1
    )
    np.testing.assert_array_equal(half.outcomes.sum(axis=0), totals["floor"])
    assert not np.array_equal(half.outcomes, runs["floor"].outcomes)


@pytest.mark.parametrize(
    "convention,tc,whole",
    [
        ("floor", 2.7, 2),
        ("floor", -0.3, -1),
        ("truncate", 2.7, 2),
        ("truncate", -0.3, 0),
        ("round", 2.5, 3),
        ("round", -0.5, -1),
        ("round", 2.49, 2),
        ("exact", -0.3, -1),
    ],
)
def test_whole_counts_by_convention(convention, tc, whole):
    assert shoe_game.whole_count(convention, tc) == whole


def test_exact_play_states_tell_a_whole_count_from_the_interval_above_it():
    assert shoe_game.play_state("exact", 0.0, 11) == 22
    assert shoe_game.play_state("exact", 0.5, 11) == 23
    assert shoe_game.play_state("floor", 0.5, 11) == 22
    assert shoe_game.play_state("exact", -40.0, 11) == 0


@pytest.mark.parametrize("system", ["hilo", "ko"])
def test_the_kernels_count_state_is_its_plain_python_twins(system):
    """``count_state`` (numba, inlined into both games' kernels) against ``true_count``,
    ``whole_count`` and ``play_state`` over running counts, cards left, conventions and
    divisors, the true count landing on whole counts, halves and both sides of them."""
    count = builtin_system(system)
    limit = 10
    for convention, divisor in itertools.product(CONVENTIONS, DIVISORS):
        game = ShoeGame(6, 0.75, count, convention=convention, divisor=divisor)
        pivot = shoe_game.count_inputs(game).count[1]
        for running, left in itertools.product(range(-60, 61, 3), (1, 13, 26, 52, 78, 155, 312)):
            tc = shoe_game.true_count(game, float(running), left)
            whole = shoe_game.whole_count(convention, tc)
            expected = (
                shoe_game.play_state(convention, tc, limit + 1),
                min(max(whole, -limit), limit) + limit,
            )
            codes = (list(CONVENTIONS).index(convention), list(DIVISORS).index(divisor))
            got = shoe_game.count_state(float(running), left, pivot, *codes, limit, limit + 1)
            assert got == expected, (convention, divisor, running, left)


def test_any_ramp_is_priced_from_the_tallies_as_round_by_round(six_decks):
    """Win and variance of a ramp with wonging from the tallies equal those of the rounds
    expanded one by one (each round's net times its bin's bet)."""
    _, _, _, tables, _ = six_decks
    t = simulate_shoe_game(RULES, ShoeGame(6, 0.75, HILO), tables, 40_000, seed=2, threads=1)
    stats = stats_of(t)
    ramp = parse_ramp("1:-1,2:1,4:2,8:3")
    assert ramp.counts == (-1, 1, 2, 3) and ramp.units == (1.0, 2.0, 4.0, 8.0)
    bets = stats.bets(ramp, wong_out=-1)
    assert bets[stats.true_counts == -2][0] == 0 and bets[stats.true_counts == 0][0] == 1
    assert bets[stats.true_counts == 2][0] == 4 and bets[stats.true_counts == 9][0] == 8
    nets = np.concatenate(
        [np.repeat(np.tile(t.outcome_net, 1), t.outcomes[k]) * bets[k] for k in range(len(bets))]
    )
    w, var = stats.win_variance(bets)
    assert len(nets) == t.rounds
    assert w == pytest.approx(nets.mean(), rel=1e-12)
    assert var == pytest.approx(nets.var(), rel=1e-12)
    one = stats.edges[stats.true_counts == 0][0]
    rows = t.outcomes[t.game.limit]
    assert one == pytest.approx(rows @ t.outcome_net / rows.sum(), rel=1e-12)


def test_the_optimal_ramp_meets_the_risk_and_wins_more_than_a_ramp_that_does():
    """On tallies made up so the edge rises a half percent a count: the optimal ramp runs at
    most the risk asked for, and wins at least what a stated ramp meeting the risk wins."""
    counts = np.arange(-10, 11)
    rounds = np.round(1e7 * np.exp(-0.5 * (counts / 2.5) ** 2)).astype(np.int64)
    edges = -0.005 + 0.005 * counts
    stats = BinStats(counts, rounds, edges * rounds, 1.3 * rounds)
    best = optimal_ramp(stats, 1, 8, bankroll=2000, risk=0.05)
    assert best.meets and best.risk <= 0.05 + 1e-12
    stated = Ramp("1-8", (0, 1, 2, 3, 4), (1.0, 2.0, 4.0, 6.0, 8.0))
    w, var = stats.win_variance(stats.bets(stated))
    assert math.exp(-2 * w * 2000 / var) <= 0.05
    assert best.win >= w
    assert list(best.bets) == sorted(best.bets)  # more at higher counts
    assert best.bets.min() >= 1 and best.bets.max() <= 8
    tight = optimal_ramp(stats, 1, 8, bankroll=50, risk=0.01)
    assert not tight.meets  # no 1-8 ramp is that safe with 50 units


def test_the_shoe_study_witnesses_the_edge_of_each_true_count(six_decks):
    """The published 6-deck study's game (75%, Hi-Lo, the basic chart with its index plays,
    no burn card, the true count exact): each bin's simulated edge lies within 4 combined
    standard errors of the study's exact per-round mean (its SE: the bin's SD of exact values
    over the root of its rounds)."""
    _, _, _, tables, _ = six_decks
    game = ShoeGame(6, 0.75, HILO, burn=0)
    t = simulate_shoe_game(RULES, game, tables, 40_000_000, seed=11)
    stats = stats_of(t)
    exact = pd.read_csv(STUDY / "edge_by_true_count.csv", comment="#")
    z = []
    for row in exact.itertuples():
        k = int(np.flatnonzero(stats.true_counts == row.true_count)[0])
        if row.rounds < 30:
            continue
        simulated = -100 * stats.edges[k]
        se = math.hypot(100 * stats.stderrs[k], row.edge_strategy_sd / math.sqrt(row.rounds))
        z.append((simulated - row.edge_strategy) / se)
    assert len(z) >= 16
    assert max(abs(x) for x in z) < 4, z


def test_a_one_card_cut_deals_fresh_shoes_and_gives_the_exact_edge(six_decks):
    """A cut card after the first card shuffles before every round: flat bets without index
    plays then give the chart's exact fresh-shoe edge (``edge``'s) within 4 SE."""
    analysis, chart, _, _, plain = six_decks
    game = ShoeGame(6, 1 / 312, HILO, burn=0)
    assert game.cut_card == 1
    t = simulate_shoe_game(RULES, game, plain, 4_000_000, seed=13)
    stats = stats_of(t)
    w, var = stats.win_variance(np.ones(len(stats.rounds)))
    exact = analysis.evaluate(policy_from_chart(chart, RULES, "basic")).ev
    assert abs(w - exact) < 4 * math.sqrt(var / t.rounds)
    assert abs(exact) < 0.01  # the chart's edge, not a zero by accident


def test_the_api_deals_a_shoe_game_only_with_a_penetration():
    from cardedge.api import blackjack as api
    from cardedge.core.errors import BadValue

    with pytest.raises(BadValue, match="penetration"):
        api.simulate(rounds=1000, count="ko")
    tables = api.simulate(
        decks=2, penetration=0.7, rounds=20_000, seed=1, ramp="1:0,4:2", wong_out=-1, threads=1
    )
    summary, by_count, betting, ramps = (t.frame() for t in tables)
    assert summary["rounds"].item() == 20_000 and summary["count"].item() == "Hi-Lo"
    assert {"edge_simulated", "edge_simulated_se"} <= set(by_count.columns)
    assert by_count["rounds"].sum() == 20_000
    assert list(betting["bets"].str.split().str[0]) == ["flat", "ramp", "optimal"]
    low = ramps["true_count"] < -1
    assert (ramps.loc[low, "ramp"] == 0).all() and ramps["ramp"].max() == 4


def test_an_index_card_file_is_played_as_the_counter_carries_it(tmp_path):
    """--index-file: the index card (`indices --top 18`) read as departures row by row in its
    classic convention (the play above from the index up, the play below under it), played
    alike from its CSV and its JSON; the full `indices` table's file plays exactly the
    computed index plays (--indices); a file that is no index table, a cell the chart lacks
    and --indices with it are one line naming index_file."""
    from cardedge import blackjack
    from cardedge.core.errors import BadValue
    from cardedge.strategy.core.departures import departures_from_table

    card = blackjack.indices(decks=2, top=18)
    path = tmp_path / "card.csv"
    path.write_text(card.frame().to_csv(index=False))
    departures = departures_from_table(card.rows())
    assert len(departures) == 18
    for row, d in zip(card.rows(), departures, strict=True):
        up = row["departure"] == row["above"]
        assert d.up_going is up and d.index == row["index"] - (0 if up else 1)
    words = dict(decks=2, penetration=0.75, rounds=30_000, seed=2, tc_convention="floor")
    played = blackjack.simulate(**words, index_file=str(path))
    assert "with 18 index plays" in played[0].title
    card_json = tmp_path / "card.json"
    card_json.write_text(json.dumps(card.rows()))
    for a, b in zip(played, blackjack.simulate(**words, index_file=str(card_json)), strict=True):
        pd.testing.assert_frame_equal(a.frame(), b.frame())
    full = blackjack.indices(decks=2)
    as_json = tmp_path / "full.json"
    as_json.write_text(json.dumps(full.rows()))
    everything = blackjack.simulate(**words, index_file=str(as_json))
    computed = blackjack.simulate(**words, indices=True)
    for a, b in zip(everything, computed, strict=True):
        pd.testing.assert_frame_equal(a.frame(), b.frame())
    bad = tmp_path / "bad.csv"
    bad.write_text("hand,up\nhard 16,T\n")
    with pytest.raises(BadValue, match="index_file: .*not an index table"):
        blackjack.simulate(**words, index_file=str(bad))
    bad.write_text("hand,up,below,above,index,departure\nhard 40,T,hit,stand,0,stand\n")
    with pytest.raises(BadValue, match="index_file: "):
        blackjack.simulate(**words, index_file=str(bad))
    with pytest.raises(BadValue, match="index_file: give --indices .* not both"):
        blackjack.simulate(**words, indices=True, index_file=str(path))


def test_a_trips_risk_of_ruin_is_its_diffusion_and_grows_to_the_lifetime_risk():
    """--trip-hours H (x --rounds-per-hour R): each bankroll's risk of losing it within the
    trip, from the row's own win and SD per round; below the lifetime risk, and reaching it as
    the trip grows long; without --trip-hours no such column."""
    from cardedge import blackjack
    from cardedge.reports.core.shoe_tallies import trip_risk

    words = dict(decks=2, penetration=0.75, rounds=60_000, seed=4, bankroll=[300])
    assert "trip_risk_B300" not in blackjack.simulate(**words)[2].rows()[1]
    short = blackjack.simulate(**words, trip_hours=5, rounds_per_hour=80)[2].rows()[1]
    w, sd = short["win_per_100"] / 100, short["sd_per_100"] / 10
    assert short["trip_risk_B300"] == pytest.approx(trip_risk(w, sd, 300, 400), rel=1e-12)
    assert 0 < short["trip_risk_B300"] < short["risk_of_ruin_B300"]
    long = blackjack.simulate(**words, trip_hours=1e6)[2].rows()[1]
    assert long["trip_risk_B300"] == pytest.approx(long["risk_of_ruin_B300"], rel=1e-6)
