"""The shoe study's parts, one at a time: departures, ramps, the plan, the records' numbers."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from cardedge.analysis.blackjack.round import ShoeAnalysis
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.counts import resolve_system
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.actions import Action as ZeroAction
from cardedge.analysis.zero.round import evaluate_round as zero_round
from cardedge.analysis.zero.rules import preset
from cardedge.engine.core.dealing import DealtShoe
from cardedge.reports.core.betting import break_even_count
from cardedge.reports.core.ramp import load_ramp, resolve_ramp, stated_ramp
from cardedge.reports.core.study_stats import shoe_mean, tc_limit, true_count_bins
from cardedge.strategy.blackjack.charts import basic_strategy, policy_from_chart
from cardedge.strategy.blackjack.indices import chart_with as blackjack_chart_with
from cardedge.strategy.core.departures import Departure, departures_from_rows, in_force
from cardedge.strategy.zero.charts import resolve
from cardedge.strategy.zero.indices import chart_with as zero_chart_with
from cardedge.study.blackjack.game import BlackjackStudy
from cardedge.study.core.plan import StudyPlan
from cardedge.study.core.rounds import LEFT_COLUMNS, deal_batch, fresh_counts
from cardedge.study.zero.game import ZeroStudy

HILO = resolve_system("hilo")
HIOPT2 = resolve_system("hiopt2")


# -- departures ----------------------------------------------------------------------------
def test_departures_apply_at_and_beyond_their_index():
    up = Departure("hard 16", "T", "stand", 0, True)
    down = Departure("hard 13", "2", "hit", -1, False)
    assert [up.applies(t) for t in (-0.01, 0, 3.5)] == [False, True, True]
    assert [down.applies(t) for t in (-1.5, -1, -0.99)] == [True, True, False]
    assert in_force((up, down), -2) == (down,)
    rows = [
        {
            "hand": "hard 16",
            "up": "T",
            "below": "hit",
            "above": "stand",
            "index": 0,
            "direction": "at or above",
        },
        {
            "hand": "hard 13",
            "up": "2",
            "below": "hit",
            "above": "stand",
            "index": -1,
            "direction": "at or below",
        },
    ]
    assert departures_from_rows(rows) == (up, down)


@pytest.fixture(scope="module")
def bj_basic():
    rules = BlackjackRules()
    return rules, basic_strategy(ShoeAnalysis(rules, Shoe.decks(6)))


def test_blackjack_departures_rewrite_only_their_cells(bj_basic):
    rules, chart = bj_basic
    deps = (
        Departure("hard 16", "T", "stand", 0, True),
        Departure("hard 11", "A", "double", 1, True),
        Departure("T,T", "6", "split", 5, True),
        Departure("9,9", "8", "no split", 3, True),
        Departure("soft 19", "6", "double", 1, True),
    )
    new = blackjack_chart_with(chart, deps)
    assert chart.cell("hard", 16, 9) == "H" and new.cell("hard", 16, 9) == "S"
    assert new.cell("pairs", 9, 5) == "P"
    assert chart.cell("pairs", 8, 7) == "P"
    assert new.cell("pairs", 8, 7) == new.cell("hard", 18, 7) == "S"
    assert new.cell("soft", 19, 5) == "Ds"  # a cell that stood doubles, else stands
    changed = [
        (k, t, u)
        for k, rows in (("hard", chart.hard), ("soft", chart.soft), ("pairs", chart.pairs))
        for t in rows
        for u in range(10)
        if chart.cell(k, t, u) != new.cell(k, t, u)
    ]
    # one cell per departure, and the unsplit 8,8 follows hard 16 (its pair cell is H)
    assert len(changed) == len(deps) + 1
    assert chart.cell("pairs", 7, 9) == "H" and new.cell("pairs", 7, 9) == "S"
    # the policy of the new chart stands on every hard 16 against a ten, multi-card too
    policy = policy_from_chart(new, rules)
    from cardedge.analysis.blackjack.hands import hand_table

    h = hand_table()
    sixteens = [i for i in range(len(h.n_cards)) if not h.soft[i] and h.total[i] == 16]
    assert {int(policy.codes[i, 9]) for i in sixteens if h.n_cards[i] >= 2} == {0}


def test_zero_departures_rewrite_only_their_cells():
    _, _, chart = resolve("basic", preset("published"), Shoe.decks(6))
    deps = (
        Departure("split 2-7", "A", "no split", 1, True),
        Departure("three-card 7", "4", "stand", 3, True),
        Departure("two-card 3", "2", "hit", 3, True),
    )
    new = zero_chart_with(chart, deps)
    assert chart.split[2, 7, 1] == ZeroAction.SPLIT  # up card A is point value 1
    assert new.split[2, 7, 1] == new.split[7, 2, 1] == ZeroAction.NO_SPLIT
    assert chart.three_card[7, 4] == ZeroAction.DOUBLE
    assert new.three_card[7, 4] == ZeroAction.STAND
    assert chart.two_card[3, 2] == ZeroAction.STAND
    assert new.two_card[3, 2] == ZeroAction.HIT
    diff = (chart.two_card != new.two_card).sum() + (chart.three_card != new.three_card).sum()
    assert diff + (chart.split != new.split).sum() == 4  # the split cell both ways
    with pytest.raises(ValueError, match="not a Zero chart cell"):
        zero_chart_with(chart, (Departure("hard 16", "0", "stand", 1, True),))


# -- ramps ---------------------------------------------------------------------------------
def test_stated_ramp_raises_one_unit_per_true_count_from_its_start():
    ramp = stated_ramp(1, 8, 1)
    tcs = [-4, 0.99, 1.0, 1.7, 2, 5.5, 6.99, 7, 30]
    assert ramp.bets(tcs).tolist() == [1, 1, 2, 2, 3, 6, 7, 8, 8]
    assert ramp.spread == "1-8"
    assert stated_ramp(2, 5, 3).bets([2.9, 3, 4, 5, 9]).tolist() == [2, 3, 4, 5, 5]


@pytest.mark.parametrize(
    "text, message",
    [
        ("8-1", "not increasing"),
        ("1-1", "not increasing"),
        ("0-4", "positive"),
        ("1-100000", "limited"),
        ("1:8", "neither LOW-HIGH"),
    ],
)
def test_bad_spreads_are_refused(text, message):
    with pytest.raises(ValueError, match=message):
        resolve_ramp(text, 1)


def test_ramp_file(tmp_path):
    path = tmp_path / "ramp.csv"
    path.write_text("true_count,units\n-1,1\n2,2\n3,4\n5,10\n")
    ramp = load_ramp(path)
    assert ramp.bets([-5, 1.9, 2, 4.5, 5, 12]).tolist() == [1, 1, 2, 4, 10, 10]
    assert resolve_ramp(str(path), 99) == ramp
    for body, message in (
        ("tc,units\n1,1\n", "header"),
        ("true_count,units\n", "no rows"),
        ("true_count,units\n2,1\n1,2\n", "line 3: true counts must increase"),
        ("true_count,units\n1,4\n2,2\n", "line 3: units must not decrease"),
        ("true_count,units\n1,nan\n", "line 2: units"),
        ("true_count,units\n1.5,2\n", "line 2: a whole true count"),
    ):
        path.write_text(body)
        with pytest.raises(ValueError, match=message):
            load_ramp(path)


# -- the plan ------------------------------------------------------------------------------
def test_plan_batches_cover_every_shoe_once():
    plan = StudyPlan(6, 0.75, 23, 1, HILO, 5)
    shoes = [s for b in range(plan.batches) for s in plan.batch_range(b)]
    assert plan.batches == 5 and shoes == list(range(23))
    assert plan.cut_card == 234


def test_plan_refuses_bad_settings():
    for kw, message in (
        ({"penetration": 0.0}, "penetration"),
        ({"penetration": 1.0}, "penetration"),
        ({"penetration": float("nan")}, "penetration"),
        ({"shoes": 0}, "shoes"),
    ):
        args = {"decks": 6, "penetration": 0.75, "shoes": 2, "seed": 1, "system": HILO}
        with pytest.raises(ValueError, match=message):
            StudyPlan(**(args | kw))


def test_plan_keeps_an_unbalanced_count_and_says_how():
    """KO is kept (as `indices` keeps it), its IRC and convention in the plan's words."""
    plan = StudyPlan(6, 0.75, 2, 1, resolve_system("ko"))
    assert "KO count (unbalanced, IRC -20, its balanced twin's true count)" in plan.describe()


def test_each_shoe_has_its_own_seeded_stream():
    plan = StudyPlan(1, 0.5, 3, 7, HILO)
    first = [plan.shoe_rng(i).random() for i in range(3)]
    assert len(set(first)) == 3
    assert first == [plan.shoe_rng(i).random() for i in range(3)]
    assert first != [StudyPlan(1, 0.5, 3, 8, HILO).shoe_rng(i).random() for i in range(3)]


def test_dealt_shoe_keeps_dealt_cards_out():
    shoe = DealtShoe(1, np.random.default_rng(3))
    seen = [shoe.draw() for _ in range(10)]
    shoe.new_round()
    assert shoe.dealt == 10 and shoe.counts_left().sum() == 42
    more = [shoe.draw() for _ in range(42)]
    assert sorted(seen + more) == list(range(52))


# -- statistics ----------------------------------------------------------------------------
def test_shoe_mean_treats_each_shoe_as_one_draw():
    values = np.array([1.0, 3.0, 2.0, 0.0, 0.0, 6.0])
    shoes = np.array([0, 0, 1, 1, 1, 2])
    mean, se = shoe_mean(values, shoes)
    assert mean == pytest.approx(12 / 6)
    # shoe sums 4, 2, 6 over 2, 3, 1 rounds: residuals 0, -4, 4
    assert se == pytest.approx(np.sqrt(3 / 2 * 32) / 6)


def test_true_count_bins_floor_and_pool_the_tails():
    assert tc_limit(1) == 10 and tc_limit(2) == 20
    assert true_count_bins([-30, 19.5, 20.1], 20).tolist() == [-20, 19, 20]
    assert true_count_bins([-30, -9.5, -0.5, 0, 0.99, 9.99, 10, 44]).tolist() == [
        -10,
        -10,
        -1,
        0,
        0,
        9,
        10,
        10,
    ]


def test_break_even_count_is_where_every_bin_up_has_an_advantage():
    tc = np.repeat(np.arange(-3, 6), 40).astype(float)
    ev = np.where(tc >= 2, 0.01, -0.01)
    ev[tc == 4] = -0.001  # a losing bin above: the break-even count is above it
    frame = pd.DataFrame({"true_count": tc, "ev_strategy": ev})
    assert break_even_count(frame) == 5
    frame["ev_strategy"] = -0.01
    assert break_even_count(frame) is None


# -- the records are exact values of the cards left ------------------------------------------
@pytest.fixture(scope="module")
def zero_records():
    rules, shoe = preset("published"), Shoe.decks(1)
    _, _, chart = resolve("basic", rules, shoe)
    game = ZeroStudy(rules, shoe, chart, "basic")
    plan = StudyPlan(1, 0.7, 3, 11, HIOPT2, 3)
    return game, plan, deal_batch(game, plan, 0)


def test_zero_records_follow_the_cards(zero_records):
    game, plan, rec = zero_records
    tags = HIOPT2.by_rank()
    for _shoe, part in rec.groupby("shoe"):
        left = part[list(LEFT_COLUMNS)].to_numpy()
        assert part["round"].tolist() == list(range(len(part)))
        assert (left.sum(axis=1) == 52 - part["cards_dealt"]).all()
        assert part["cards_dealt"].iloc[0] == 0 and (np.diff(left.sum(axis=1)) < 0).all()
        assert part["cards_dealt"].iloc[-1] < plan.cut_card
        running = (fresh_counts(1) - left) @ tags
        assert np.array_equal(part["running_count"].to_numpy(), running)
        assert np.allclose(part["true_count"], running / (left.sum(axis=1) / 52), rtol=0, atol=0)
    # the first round of every shoe is a fresh shoe's round
    fresh = zero_round(game.rules, game.shoe).ev
    assert np.array_equal(rec.loc[rec["round"] == 0, "ev_optimal"].to_numpy(), [fresh] * 3)


def test_zero_records_are_the_exact_values_of_their_cards(zero_records):
    game, _, rec = zero_records
    chart_policy = game.chart.policy()
    for _, row in rec.iloc[::7].iterrows():
        shoe = Shoe(tuple(int(row[c]) for c in LEFT_COLUMNS))
        assert row["ev_optimal"] == zero_round(game.rules, shoe).ev
        assert row["ev_strategy"] == zero_round(game.rules, shoe, chart_policy).ev
    assert set(rec["net"]) <= {-4, -3.5, -3, -2, -1.5, -1, 0, 1, 1.5, 2, 3, 3.5, 4}


def test_blackjack_records_are_the_exact_values_of_their_cards(bj_basic):
    rules, chart = bj_basic
    two = Shoe.decks(2)
    chart = basic_strategy(ShoeAnalysis(rules, two))
    deps = (Departure("hard 16", "T", "stand", 0, True),)
    game = BlackjackStudy(rules, two, chart, "basic", deps)
    plan = StudyPlan(2, 0.5, 1, 5, HILO)
    rec = deal_batch(game, plan, 0)
    assert len(rec) > 5
    for _, row in rec.iloc[::3].iterrows():
        shoe = Shoe(tuple(int(row[c]) for c in LEFT_COLUMNS))
        analysis = ShoeAnalysis(rules, shoe)
        active = in_force(deps, row["true_count"])
        assert row["departures"] == len(active)
        policy = policy_from_chart(blackjack_chart_with(chart, active), rules)
        assert row["ev_optimal"] == analysis.evaluate().ev
        assert row["ev_strategy"] == analysis.evaluate(policy).ev
