"""The European doubling rule ``--double any|9-11|10-11``: the evaluator, its Fraction twin, the
chart derivation, the engine, the simulator and the trainer all honour it by asking the rules."""

import json

import numpy as np
import pytest
from test_blackjack_rules_engine import deal  # a round dealt card by card, as there

from cardedge.analysis.blackjack import reference
from cardedge.analysis.blackjack.hands import ACE, TEN, hand_table
from cardedge.analysis.blackjack.round import ShoeAnalysis, shoe_analysis
from cardedge.analysis.blackjack.rules import (
    DEFAULT_RULES,
    DEFAULT_SHOE,
    DOUBLE_RULES,
    PUBLISHED_RULES,
    PUBLISHED_SHOE,
    BlackjackRules,
)
from cardedge.analysis.core.shoe import Shoe
from cardedge.cli import main
from cardedge.engine.blackjack import replay as blackjack_replay
from cardedge.engine.blackjack import simulate as blackjack_sim
from cardedge.engine.blackjack.game import DOUBLE, HIT, SPLIT, STAND
from cardedge.engine.blackjack.tables import policy_tables
from cardedge.engine.core.dealing import IllegalAction, parse_card
from cardedge.reports.blackjack.simulation import blackjack_training
from cardedge.strategy.blackjack.charts import basic_strategy, strategy_policy

SMALL = (2, 1, 1, 1, 1, 1, 1, 1, 1, 5)
"""16 cards by value (A, 2..9, ten-value): two-card hands of hard 9, 10 and 11, soft hands."""
FIVES = (1, 0, 1, 1, 4, 1, 0, 0, 1, 12)
"""22 cards with four fives: split fives make hard 9 (5,4), 11 (5,6), 8, 15 and soft 16."""
RESTRICTED = ("9-11", "10-11")


def shoe_of(values) -> Shoe:
    """A shoe with the given counts by value (ten-value cards all as tens)."""
    return Shoe(tuple(values[:9]) + (values[9], 0, 0, 0))


def two_card_total(a: int, b: int) -> tuple[int, bool]:
    """(best total, soft) of two cards by value index."""
    hard = a + b + 2
    if ACE in (a, b) and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


# ---- the rules object --------------------------------------------------------------------------
def test_the_rule_is_validated_in_one_line():
    with pytest.raises(ValueError, match=r"^double: '8-11' is not one of any, 9-11, 10-11$"):
        BlackjackRules(double="8-11")


def test_titles_name_the_rule_only_off_the_default():
    assert DEFAULT_RULES.describe(DEFAULT_SHOE) == (
        "6 decks, S17, no peek (ENHC), DAS, split to 4, no RSA, BJ 3:2"
    )
    assert DEFAULT_RULES.with_(double="10-11").describe(DEFAULT_SHOE) == (
        "6 decks, S17, no peek (ENHC), DAS, double hard 10-11 only, split to 4, no RSA, BJ 3:2"
    )


@pytest.mark.parametrize(
    "double, totals", [("any", None), ("9-11", {9, 10, 11}), ("10-11", {10, 11})]
)
def test_may_double_only_on_two_cards_of_a_hard_total_in_the_range(double, totals):
    rules = BlackjackRules(double=double)
    for total in range(4, 22):
        for soft in (False, True):
            want = totals is None or (not soft and total in totals)
            assert rules.may_double(2, total, soft) is want
            assert rules.may_double(3, total, soft) is False
            assert rules.may_double(2, total, soft, split_from=5) is want  # DAS obeys it too
            assert rules.may_double(2, total, soft, split_from=1) is False  # one-card aces
    assert rules.with_(das=False).may_double(2, 10, False, split_from=5) is False
    assert rules.with_(hit_split_aces=True).may_double(2, 12, True, split_from=1) is (
        totals is None
    )


def test_the_kernel_record_carries_the_rule():
    record = BlackjackRules(double="10-11", das=False).kernel_record()
    allowed = {(c, t, s) for c, t, s in zip(*np.nonzero(record.double), strict=True)}
    assert allowed == {(0, 10, 0), (0, 11, 0)}
    assert sorted(DOUBLE_RULES) == sorted(("any", "9-11", "10-11"))


# ---- the evaluator against its Fraction twin ----------------------------------------------------
@pytest.fixture(scope="module", params=("any", *RESTRICTED))
def small_game(request):
    rules = BlackjackRules(split_hands=2, double=request.param)
    result = ShoeAnalysis(rules, shoe_of(SMALL)).evaluate()
    return rules, result, reference.Reference(rules, SMALL)


def test_two_card_values_and_legal_doubles_match_the_twin(small_game):
    """Every two-card deal: the twin offers a double exactly where the rules allow one, and the
    evaluator's double EV is the twin's there and NaN elsewhere."""
    rules, result, ref = small_game
    h = hand_table()
    u0 = result.unsplit
    refused = 0
    for a in range(10):
        for b in range(a, 10):
            for u in range(10):
                s = list(SMALL)
                for c in (a, b, u):
                    s[c] -= 1
                if min(s) < 0 or {a, b} == {ACE, TEN}:
                    continue
                want = ref.action_values(u, (a, b))
                i = h.two_card(a, b)
                legal = rules.may_double(2, *two_card_total(a, b))
                assert ("double" in want) is legal
                assert u0.stand[i, u] == pytest.approx(float(want["stand"]), abs=1e-14)
                assert u0.hit[i, u] == pytest.approx(float(want["hit"]), abs=1e-14)
                if legal:
                    assert u0.double[i, u] == pytest.approx(float(want["double"]), abs=1e-14)
                else:
                    assert np.isnan(u0.double[i, u])
                    refused += 1
    assert (refused > 0) is (rules.double != "any")


def test_round_ev_matches_the_twin(small_game):
    _, result, ref = small_game
    assert result.ev == pytest.approx(float(ref.round_ev()), abs=1e-14)


@pytest.mark.parametrize("das", [True, False], ids=["DAS", "no-DAS"])
@pytest.mark.parametrize("double", ["any", *RESTRICTED])
def test_split_fives_match_the_twin(double, das):
    """A split five doubles 5,4 (9), 5,6 (11) only where the rule and DAS allow it."""
    rules = BlackjackRules(split_hands=2, double=double, das=das)
    result = ShoeAnalysis(rules, shoe_of(FIVES)).evaluate()
    ref = reference.Reference(rules, FIVES)
    for u in (2, 5, 8, 9):
        want = float(ref.split_value(u, 4))
        assert result.split_ev[4, u] == pytest.approx(want, abs=1e-13)


def test_split_values_see_the_rule():
    """The rule changes split fives' values (their hard 9 and 11 double), else the twin test
    above could not tell the rules apart."""
    values = {
        d: ShoeAnalysis(BlackjackRules(split_hands=2, double=d), shoe_of(FIVES))
        .evaluate()
        .split_ev[4, 5]
        for d in ("any", *RESTRICTED)
    }
    assert values["any"] > values["9-11"] > values["10-11"]


def test_six_decks_restricted_doubling_costs_the_player():
    """6D S17 DAS peek: every restriction raises the house edge, 10-11 more than 9-11."""
    a = shoe_analysis(PUBLISHED_RULES, PUBLISHED_SHOE)
    edge = {d: a.variant(double=d).evaluate().house_edge_percent for d in ("any", *RESTRICTED)}
    assert edge["any"] == pytest.approx(0.40287023611541156, abs=1e-15)
    assert edge["any"] < edge["9-11"] < edge["10-11"]
    assert 0.05 < edge["10-11"] - edge["any"] < 0.4  # published tables: about +0.2
    # the README's figures (regression; the twin tests above are the independent check)
    assert edge["9-11"] == pytest.approx(0.4989545725219688, abs=1e-12)
    assert edge["10-11"] == pytest.approx(0.5949058580225777, abs=1e-12)


# ---- the chart derivation ----------------------------------------------------------------------
@pytest.mark.parametrize("double", RESTRICTED)
def test_the_derived_chart_doubles_only_where_the_rules_allow(double):
    rules = DEFAULT_RULES.with_(double=double)
    chart = basic_strategy(shoe_analysis(rules, DEFAULT_SHOE))
    lo = 9 if double == "9-11" else 10
    for total, row in chart.hard.items():
        doubles = any(code.startswith("D") for code in row)
        assert doubles is (lo <= total <= 11), (total, row)
    for total, row in chart.soft.items():
        assert not any(code.startswith("D") for code in row), (total, row)
    for p, row in chart.pairs.items():
        if p != 4:  # 5,5 is hard 10
            assert not any(code.startswith("D") for code in row), (p, row)
    assert chart.pairs[4].count("Dh") >= 7
    default = basic_strategy(shoe_analysis(DEFAULT_RULES, DEFAULT_SHOE))
    assert any(code.startswith("D") for code in default.soft[18] + default.hard[8])


# ---- the engine, the simulator and the trainer -------------------------------------------------
def test_the_engine_offers_a_double_only_where_the_rules_allow():
    ten_eleven = DEFAULT_RULES.with_(double="10-11")
    assert deal(ten_eleven, "5s 4h 6c Td").legal_actions() == (STAND, HIT)
    assert deal(ten_eleven, "As 9h 6c Td").legal_actions() == (STAND, HIT)  # soft 20, hard 10
    assert DOUBLE in deal(ten_eleven, "6s 4h 6c Td").legal_actions()
    # split fives: 5,4 (9) may double under 9-11 only, and only with DAS
    for rules, may in (
        (DEFAULT_RULES.with_(double="9-11"), True),
        (ten_eleven, False),
        (DEFAULT_RULES.with_(double="9-11", das=False), False),
    ):
        rnd = deal(rules, "5s 5h 6c Td 4c")
        rnd.act(SPLIT)
        assert (DOUBLE in rnd.legal_actions()) is may
        if not may:
            with pytest.raises(IllegalAction, match="double"):
                rnd.act(DOUBLE)


@pytest.mark.parametrize(
    "rules, shoe, strategy",
    [
        (DEFAULT_RULES.with_(double="9-11"), DEFAULT_SHOE, "optimal"),
        (DEFAULT_RULES.with_(double="10-11"), DEFAULT_SHOE, "basic"),
        (PUBLISHED_RULES.with_(double="10-11", das=False), PUBLISHED_SHOE, "optimal"),
        (
            BlackjackRules(double="9-11", hit_split_aces=True, surrender=True),
            Shoe.decks(2),
            "basic",
        ),
    ],
)
def test_kernel_counts_equal_the_engine_round_for_round(rules, shoe, strategy):
    analysis = shoe_analysis(rules, shoe)
    tables = policy_tables(analysis, strategy_policy(strategy, analysis))
    decks = shoe.fresh_decks
    fast = blackjack_sim.simulate_blackjack(rules, decks, tables, 2500, seed=29, chunk=777)
    slow = blackjack_replay.simulate_blackjack(rules, decks, tables, 2500, seed=29)
    assert fast.outcome_counts.tolist() == slow.outcome_counts.tolist()
    assert fast.decision_counts.tolist() == slow.decision_counts.tolist()
    assert fast.decision_counts[1 + DOUBLE_CODE] > 0  # doubles were played


DOUBLE_CODE = 2
"""``Action.DOUBLE``: first decisions are counted after the natural."""


def test_both_simulators_refuse_tables_that_double_where_the_rules_forbid():
    analysis = shoe_analysis(DEFAULT_RULES, DEFAULT_SHOE)
    tables = policy_tables(analysis, strategy_policy("basic", analysis))
    rules = DEFAULT_RULES.with_(double="10-11")
    decks = DEFAULT_SHOE.fresh_decks
    with pytest.raises(ValueError, match="doubles where the rules forbid it"):
        blackjack_sim.simulate_blackjack(rules, decks, tables, 2500, seed=29, threads=1)
    with pytest.raises(IllegalAction, match="double"):
        blackjack_replay.simulate_blackjack(rules, decks, tables, 2500, seed=29)


def stacked(session, text):
    session.shoe.stack(parse_card(c) for c in text.split())
    return session.new_round()


def test_the_trainer_refuses_an_illegal_double_and_values_only_legal_ones():
    session = blackjack_training(DEFAULT_RULES.with_(double="10-11"), DEFAULT_SHOE, "basic", seed=1)
    stacked(session, "5s 4h 6c 7d 9s")  # hard 9 against a 6: basic (any) would double
    with pytest.raises(IllegalAction, match="double"):
        session.act("double")
    assert session.stats.decisions == 0
    j = session.act("hit")
    assert "double" not in j.evs and j.optimal != "double" and j.basic != "double"
    session.act("stand")  # 18: the round ends
    stacked(session, "6s 4h 6c 7d 9s")  # hard 10 against a 6: doubling is legal and best
    j = session.act("double")
    assert j.optimal == "double" and j.basic == "double" and j.cost == 0


# ---- the command line --------------------------------------------------------------------------
def test_the_option_reaches_the_rules_and_the_title(capsys):
    assert main(["blackjack", "edge", "--decks", "1", "--double", "9-11", "--format", "json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["rules"]["double"] == "9-11"
    want = shoe_analysis(BlackjackRules(double="9-11"), Shoe.decks(1)).evaluate().house_edge_percent
    assert row["house_edge_percent"] == want
    assert main(["blackjack", "edge", "--decks", "1", "--double", "9-11"]) == 0
    assert "double hard 9-11 only" in capsys.readouterr().out
    assert main(["blackjack", "edge", "--double", "8-11"]) == 2
    assert "'--double': '8-11' is not one of any, 9-11, 10-11" in capsys.readouterr().err
