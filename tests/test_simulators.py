"""The Monte Carlo simulator: the numba kernels against their Python twin (the engines), the
decision tables against the evaluators, and simulated figures against the exact ones."""

import math

import numpy as np
import pytest

from cardedge.analysis.blackjack.actions import Action as BlackjackAction
from cardedge.analysis.blackjack.hands import ACE, TEN, hand_table
from cardedge.analysis.blackjack.round import shoe_analysis
from cardedge.analysis.blackjack.rules import (
    DEFAULT_RULES,
    DEFAULT_SHOE,
    PUBLISHED_RULES,
    PUBLISHED_SHOE,
    BlackjackRules,
)
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.hand import HandEvaluator
from cardedge.analysis.zero.policy import ZeroPolicy
from cardedge.analysis.zero.round import evaluate_round
from cardedge.analysis.zero.rules import preset
from cardedge.engine.blackjack import replay as blackjack_replay
from cardedge.engine.blackjack import simulate as blackjack_sim
from cardedge.engine.blackjack.players import TablePlayer
from cardedge.engine.blackjack.tables import policy_tables
from cardedge.engine.core import simulation
from cardedge.engine.zero import replay as zero_replay
from cardedge.engine.zero import simulate as zero_sim
from cardedge.engine.zero.tables import ZeroTables, chart_tables, optimal_tables
from cardedge.reports.blackjack.simulation import blackjack_simulation
from cardedge.reports.zero.simulation import zero_simulation
from cardedge.strategy.blackjack.charts import GENERIC_CHART, strategy_policy
from cardedge.strategy.zero.charts import resolve

ROUNDS = 1_000_000
"""Rounds per statistical check: about a second each; standard error ~0.12% of a wager."""
LIMIT = 4.0


def zero_tables(rules, decks, strategy):
    shoe = Shoe.decks(decks)
    label, policy, chart = resolve(strategy, rules, shoe)
    return optimal_tables(rules, shoe) if chart is None else chart_tables(policy, rules)


# ---- the kernels against the engines, round for round -----------------------------------------
@pytest.mark.parametrize(
    "rules, decks, strategy",
    [
        (preset("stated"), 6, "optimal"),
        (preset("published"), 6, "published"),
        (preset("stated").with_(das=False), 1, "optimal"),
        (preset("published").with_(split_totals=frozenset({7, 8, 9})), 8, "optimal"),
    ],
)
def test_zero_kernel_counts_equal_the_engine_round_for_round(rules, decks, strategy):
    tables = zero_tables(rules, decks, strategy)
    fast = zero_sim.simulate_zero(rules, decks, tables, 2500, seed=17, chunk=999)
    slow = zero_replay.simulate_zero(rules, decks, tables, 2500, seed=17)
    assert fast.outcome_counts.tolist() == slow.outcome_counts.tolist()
    assert fast.decision_counts.tolist() == slow.decision_counts.tolist()
    assert fast.side_counts.tolist() == slow.side_counts.tolist()
    assert fast.decision_counts[4] > 0  # splits were played


@pytest.mark.parametrize(
    "rules, decks, strategy",
    [
        (DEFAULT_RULES, 6, "basic"),
        (DEFAULT_RULES, 6, "optimal"),
        (PUBLISHED_RULES, 6, "normal"),
        (BlackjackRules(h17=True, rsa=True), 1, "optimal"),
        (
            BlackjackRules(hit_split_aces=True, das=False, split_hands=3),
            2,
            "easy",
        ),
        (BlackjackRules(hit_split_aces=True, natural="6:5"), 2, "basic"),
        (DEFAULT_RULES.with_(surrender=True), 6, "optimal"),
        (PUBLISHED_RULES.with_(surrender=True, h17=True), 6, "basic"),
        (BlackjackRules(five_card=True), 1, "easy"),
        (BlackjackRules(five_card=True, peek=True, hit_split_aces=True), 1, "optimal"),
    ],
)
def test_blackjack_kernel_counts_equal_the_engine_round_for_round(rules, decks, strategy):
    analysis = shoe_analysis(rules, Shoe.decks(decks))
    tables = policy_tables(analysis, strategy_policy(strategy, analysis))
    fast = blackjack_sim.simulate_blackjack(rules, decks, tables, 2500, seed=23, chunk=777)
    slow = blackjack_replay.simulate_blackjack(rules, decks, tables, 2500, seed=23)
    assert fast.outcome_counts.tolist() == slow.outcome_counts.tolist()
    assert fast.decision_counts.tolist() == slow.decision_counts.tolist()
    if rules.surrender:  # surrendered rounds have their own bin and first decision
        assert fast.outcome_counts[-1] > 0 and fast.decision_counts[-1] > 0
    if rules.five_card:  # five-card hands were won: the same play without the rule differs
        off = blackjack_sim.simulate_blackjack(
            rules.with_(five_card=False), decks, tables, 2500, seed=23
        )
        assert off.outcome_counts.tolist() != fast.outcome_counts.tolist()


def test_results_do_not_depend_on_the_chunk_size():
    rules = preset("stated")
    tables = optimal_tables(rules, Shoe.decks(6))
    a = zero_sim.simulate_zero(rules, 6, tables, 10_000, seed=3, chunk=10_000)
    b = zero_sim.simulate_zero(rules, 6, tables, 10_000, seed=3, chunk=333)
    c = zero_sim.simulate_zero(rules, 6, tables, 10_000, seed=4, chunk=333)
    assert a.outcome_counts.tolist() == b.outcome_counts.tolist()
    assert a.outcome_counts.tolist() != c.outcome_counts.tolist()


@pytest.mark.parametrize("game", ["zero", "blackjack"])
def test_streams_give_the_same_counts_on_any_number_of_threads_and_in_the_twin(monkeypatch, game):
    # small streams, so that a run the Python twin can replay spans several of them
    monkeypatch.setattr(simulation, "STREAM_ROUNDS", 700)
    if game == "zero":
        rules = preset("published")
        tables = zero_tables(rules, 6, "optimal")
        fast, slow = zero_sim.simulate_zero, zero_replay.simulate_zero
    else:
        rules = DEFAULT_RULES
        analysis = shoe_analysis(rules, DEFAULT_SHOE)
        tables = policy_tables(analysis, strategy_policy("basic", analysis))
        fast, slow = blackjack_sim.simulate_blackjack, blackjack_replay.simulate_blackjack
    runs = [fast(rules, 6, tables, 2500, seed=31, threads=t, chunk=256) for t in (1, 2, 3)]
    twin = slow(rules, 6, tables, 2500, seed=31)
    for run in runs:
        assert run.outcome_counts.tolist() == twin.outcome_counts.tolist()
        assert run.decision_counts.tolist() == twin.decision_counts.tolist()
    # a longer run extends a shorter one stream by stream; each stream has its own generator
    first = fast(rules, 6, tables, 700, seed=31, threads=1).outcome_counts
    both = fast(rules, 6, tables, 1400, seed=31, threads=2).outcome_counts
    assert (both - first).sum() == 700
    assert (both - first).tolist() != first.tolist()


def test_a_long_run_is_the_same_on_one_and_two_threads():
    rules = preset("published")
    tables = optimal_tables(rules, Shoe.decks(6))
    rounds = 2 * simulation.STREAM_ROUNDS + 12_345
    a = zero_sim.simulate_zero(rules, 6, tables, rounds, seed=5, threads=1)
    b = zero_sim.simulate_zero(rules, 6, tables, rounds, seed=5, threads=2)
    assert a.outcome_counts.tolist() == b.outcome_counts.tolist()
    assert a.side_counts.tolist() == b.side_counts.tolist()
    assert a.outcome_counts.sum() == rounds


def test_rounds_are_bounded():
    rules = preset("stated")
    tables = optimal_tables(rules, Shoe.decks(6))
    with pytest.raises(ValueError, match="rounds must be a whole number in 2"):
        zero_sim.simulate_zero(rules, 6, tables, simulation.MAX_ROUNDS + 1)


def test_statistics_follow_from_the_counts():
    rules = preset("published")
    sim = zero_sim.simulate_zero(rules, 6, optimal_tables(rules, Shoe.decks(6)), 5000, seed=8)
    samples = np.repeat(sim.outcome_net, sim.outcome_counts)
    assert sim.outcome_counts.sum() == sim.rounds == samples.size
    assert sim.mean == pytest.approx(samples.mean(), abs=1e-12)
    assert sim.variance == pytest.approx(samples.var(ddof=1), rel=1e-12)
    assert sim.stderr == pytest.approx(samples.std(ddof=1) / math.sqrt(5000), rel=1e-12)
    assert sum(sim.frequencies().values()) == pytest.approx(1.0)
    assert sim.decision_counts.sum() == sim.side_counts.sum() == 5000


def test_bad_arguments_are_rejected():
    rules = preset("stated")
    tables = optimal_tables(rules, Shoe.decks(6))
    with pytest.raises(ValueError, match="rounds"):
        zero_sim.simulate_zero(rules, 6, tables, 1)
    with pytest.raises(ValueError, match="seed"):
        zero_sim.simulate_zero(rules, 6, tables, 10, seed=-1)
    with pytest.raises(ValueError, match="shape"):
        ZeroTables("x", tables.init[:5], tables.three, tables.split_two, tables.split_three)


# ---- the decision tables against the evaluators -----------------------------------------------
@pytest.mark.parametrize("rules, decks", [(preset("stated"), 6), (preset("published"), 8)])
def test_optimal_zero_tables_are_the_hand_evaluators_best_actions(rules, decks):
    tb = optimal_tables(rules, Shoe.decks(decks))
    ev = HandEvaluator(rules, Shoe.decks(decks))
    codes = {"stand": 0, "hit": 1, "split": 2}
    for up in range(10):
        for a in range(10):
            for b in range(10):
                best, _ = ev.best_action(up, (a, b))
                assert tb.init[a, b, up] == codes[best], (a, b, up)
                for x in range(10):
                    best, _ = ev.best_action(up, (a, b, x))
                    assert tb.three[a, b, x, up] == (best == "double"), (a, b, x, up)
                if (a + b) % 10 not in rules.split_totals:
                    continue
                for y in range(10):
                    best, _ = ev.best_action(up, (a, y), seen=(b,), split_hand=True)
                    assert tb.split_two[a, b, y, up] == (best == "hit")
                    for x in range(10):
                        best, _ = ev.best_action(up, (a, y, x), seen=(b,), split_hand=True)
                        assert tb.split_three[a, b, y, x, up] == (best == "double")


def test_chart_tables_follow_the_chart_cells():
    rules = preset("published")
    _, policy, chart = resolve("published", rules, Shoe.decks(6))
    tb = chart_tables(policy, rules)
    for up in range(10):
        for a in range(10):
            for b in range(10):
                t = (a + b) % 10
                if t in rules.split_totals and chart.split[a, b, up] == Action.SPLIT:
                    assert tb.init[a, b, up] == 2
                else:
                    assert tb.init[a, b, up] == (chart.two_card[t, up] == Action.HIT)
                for x in range(10):
                    dbl = chart.three_card[(t + x) % 10, up] == Action.DOUBLE
                    assert tb.three[a, b, x, up] == dbl
                    # a split hand a + x ignores the other split card b
                    assert tb.split_two[a, b, x, up] == (
                        chart.two_card[(a + x) % 10, up] == Action.HIT
                    )
    no_das = chart_tables(policy, rules.with_(das=False))
    assert not no_das.split_three.any() and tb.split_three.any()


def test_a_policy_with_optimal_cells_is_no_chart():
    with pytest.raises(ValueError, match="OPTIMAL"):
        chart_tables(ZeroPolicy(), preset("stated"))


def test_blackjack_basic_player_follows_the_chart_cells():
    rules = PUBLISHED_RULES  # the generic chart is this game's basic strategy, cell for cell
    analysis = shoe_analysis(rules, PUBLISHED_SHOE)
    player = TablePlayer(policy_tables(analysis, strategy_policy("normal", analysis)))
    h = hand_table()
    from cardedge.engine.blackjack.game import BlackjackView
    from cardedge.engine.core.dealing import kind_of

    def kind(v):  # a card of value index v
        return kind_of(9 if v == TEN else v, 0)

    want = {"H": "hit", "S": "stand", "Dh": "double", "Ds": "double", "P": "split"}
    for a in range(10):
        for b in range(a, 10):
            if (a, b) == (ACE, TEN):
                continue
            i = h.two_card(a, b)
            for u in range(10):
                view = BlackjackView(kind(u), (kind(a), kind(b)), 0, (), None, ())
                if a == b:
                    cell = GENERIC_CHART.cell("pairs", a, u)
                    if cell != "P":
                        cell = GENERIC_CHART.cell("soft" if h.soft[i] else "hard", h.total[i], u)
                else:
                    cell = GENERIC_CHART.cell("soft" if h.soft[i] else "hard", h.total[i], u)
                assert player.choose(view) == want[cell], (a, b, u)


def test_blackjack_easy_player_hits_below_17_only():
    analysis = shoe_analysis(DEFAULT_RULES, DEFAULT_SHOE)
    tables = policy_tables(analysis, strategy_policy("easy", analysis))
    h = hand_table()
    reach = h.n_cards >= 2
    want = np.where(h.total < 17, BlackjackAction.HIT, BlackjackAction.STAND)
    assert (tables.unsplit[reach] == want[reach][:, None]).all()


# ---- simulated against exact ------------------------------------------------------------------
def assert_frequencies_agree(rows):
    for row in rows:
        if row["exact_probability"] is not None:
            assert abs(row["standard_errors"]) < LIMIT, row


@pytest.mark.parametrize(
    "preset_name, decks, strategy, outcomes",
    [
        ("stated", 6, "optimal", True),
        ("published", 6, "optimal", False),
        ("stated", 6, "basic", False),
        ("published", 6, "basic", False),
        ("published", 8, "published", True),
    ],
)
def test_zero_simulated_edge_and_frequencies_agree_with_exact(
    preset_name, decks, strategy, outcomes
):
    """Edge, first decisions, Zero Pairs and trips always; every net result's frequency
    against the exact return table where ``outcomes`` (a few seconds of exact work)."""
    rules = preset(preset_name)
    report = zero_simulation(
        rules,
        Shoe.decks(decks),
        preset_name,
        strategy,
        ROUNDS,
        seed=2026 + decks,
        exact_outcomes=outcomes,
    )
    assert abs(report.standard_errors) < LIMIT, report.summary()
    assert report.sim.stderr_percent < 0.13
    rows = report.outcome_rows()
    assert_frequencies_agree(rows)
    assert [r["exact_probability"] is not None for r in rows].count(True) == (11 if outcomes else 2)
    if outcomes:
        assert sum(r["exact_probability"] for r in rows) == pytest.approx(1.0)
    assert_frequencies_agree(report.decision_rows())
    side = report.side_summary()
    assert abs(side["standard_errors"]) < LIMIT
    assert_frequencies_agree(side["outcomes"])


def test_simulation_reports_carry_the_published_figures():
    report = zero_simulation(
        preset("published"),
        Shoe.decks(8),
        "published",
        "published",
        10_000,
        seed=1,
        exact_outcomes=False,
    )
    assert round(report.exact_house_edge_percent, 4) == 2.2463
    report = zero_simulation(
        preset("published"),
        Shoe.decks(6),
        "published",
        "optimal",
        10_000,
        seed=1,
        exact_outcomes=False,
    )
    assert round(report.exact_house_edge_percent, 4) == 2.2637


@pytest.mark.parametrize(
    "rules, shoe, strategy",
    [
        (DEFAULT_RULES, DEFAULT_SHOE, "basic"),
        (DEFAULT_RULES, DEFAULT_SHOE, "optimal"),
        (PUBLISHED_RULES, PUBLISHED_SHOE, "basic"),
        (DEFAULT_RULES.with_(surrender=True), DEFAULT_SHOE, "basic"),
        (PUBLISHED_RULES.with_(surrender=True), PUBLISHED_SHOE, "optimal"),
    ],
)
def test_blackjack_simulated_edge_and_frequencies_agree_with_exact(rules, shoe, strategy):
    """Edge, first decisions, and every outcome bin (the return table's distribution: the
    simulator is its frequency witness) within 4 standard errors."""
    report = blackjack_simulation(rules, shoe, "default", strategy, ROUNDS, seed=21)
    assert abs(report.standard_errors) < LIMIT, report.summary()
    rows = report.outcome_rows()
    assert all(r["exact_probability"] is not None for r in rows)
    assert sum(r["exact_probability"] for r in rows) == pytest.approx(1.0, abs=1e-12)
    assert len(rows) == 19 + rules.surrender
    assert_frequencies_agree(rows)
    assert_frequencies_agree(report.decision_rows())


def test_the_comparison_catches_a_wrong_strategy():
    # always standing is a legal but poor strategy: its simulation must sit far from the
    # optimal edge, and close to its own exact edge
    rules, shoe = preset("published"), Shoe.decks(6)
    stand = ZeroPolicy(
        "stand",
        np.full((10, 10), Action.STAND, dtype=np.int8),
        np.full((10, 10), Action.STAND, dtype=np.int8),
        np.full((10, 10, 10), Action.NO_SPLIT, dtype=np.int8),
    )
    sim = zero_sim.simulate_zero(rules, 6, chart_tables(stand, rules), ROUNDS // 4, seed=5)
    optimal = evaluate_round(rules, shoe).ev
    own = evaluate_round(rules, shoe, stand).ev
    assert abs(sim.mean - optimal) / sim.stderr > 10
    assert abs(sim.mean - own) / sim.stderr < LIMIT
    assert sim.decision_counts[1] + sim.decision_counts[0] == sim.rounds


def test_trips_alone_separate_the_presets_on_the_same_cards():
    # decisions never depend on the trips payout, so one seed deals and plays the same rounds
    # under both presets: the means differ by exactly 1.5 per ten-valued trips dealt
    stated, published, shoe = preset("stated"), preset("published"), Shoe.decks(6)
    a = zero_sim.simulate_zero(stated, 6, optimal_tables(stated, shoe), 200_000, seed=9)
    b = zero_sim.simulate_zero(published, 6, optimal_tables(published, shoe), 200_000, seed=9)
    assert a.outcome_counts.tolist() == b.outcome_counts.tolist()
    trips = int(a.outcome_counts[zero_sim.ZERO_TRIPS])
    assert trips > 0
    assert b.mean - a.mean == pytest.approx(1.5 * trips / 200_000, abs=1e-15)
