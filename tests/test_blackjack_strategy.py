"""Blackjack basic strategy, the generic chart and the AI levels, played exactly."""

from pathlib import Path

import pytest

from cardedge.analysis.blackjack import reference
from cardedge.analysis.blackjack.hands import ACE
from cardedge.analysis.blackjack.round import ShoeAnalysis, shoe_analysis
from cardedge.analysis.blackjack.rules import DEFAULT_RULES, PUBLISHED_RULES, BlackjackRules
from cardedge.analysis.core.shoe import Shoe
from cardedge.strategy.blackjack.charts import (
    GENERIC_CHART,
    GENERIC_CHART_TEXT,
    UP_LABELS,
    basic_strategy,
    evaluate_strategy,
    mark_das,
    parse_chart,
    policy_from_chart,
)


@pytest.fixture(scope="module")
def published_chart():
    return basic_strategy(shoe_analysis(PUBLISHED_RULES))


@pytest.fixture(scope="module")
def default_results():
    a = shoe_analysis(DEFAULT_RULES)
    return {s: evaluate_strategy(s, a) for s in ("optimal", "basic", "hard", "normal", "easy")}


def test_generic_chart_is_the_rules_page_table():
    path = Path(__file__).resolve().parents[2] / "shared" / "rules" / "blackjack.md"
    if not path.exists():
        pytest.skip("rules page (shared/, beside the repository) not present")
    page = path.read_text()
    assert GENERIC_CHART_TEXT in page
    assert GENERIC_CHART.cell("hard", 16, 9) == "H"
    assert GENERIC_CHART.cell("pairs", 8, 6) == "S"  # 9,9 against 7
    assert GENERIC_CHART.cell("soft", 18, 2) == "Ds"  # soft 18 against 3


def test_basic_strategy_of_the_published_game_is_the_generic_chart(published_chart):
    """6 decks S17 DAS peek: the computed chart is the rules page's chart, cell for cell."""
    assert published_chart.differences(GENERIC_CHART) == []


def test_no_peek_changes_only_the_plays_a_dealer_natural_punishes():
    """European no-hole-card: no doubling 11 against a ten, no splitting 8s against a ten or
    an ace, no splitting aces against an ace (the bets would be lost to a natural)."""
    chart = basic_strategy(shoe_analysis(DEFAULT_RULES))
    assert set(chart.differences(GENERIC_CHART)) == {
        ("hard 11", "T", "H", "Dh"),
        ("8,8", "T", "H", "P"),
        ("8,8", "A", "H", "P"),
        ("A,A", "A", "H", "P"),
    }


def test_das_marks_are_the_classic_split_if_das_cells(published_chart):
    no_das = basic_strategy(shoe_analysis(PUBLISHED_RULES).variant(double_after_split=False))
    marked = mark_das(published_chart, no_das)
    ph = {
        (label, up)
        for label, row in marked.rows()
        for up, c in zip(UP_LABELS, row, strict=True)
        if c == "Ph"
    }
    assert ph == {
        ("2,2", "2"),
        ("2,2", "3"),
        ("3,3", "2"),
        ("3,3", "3"),
        ("4,4", "5"),
        ("4,4", "6"),
        ("6,6", "2"),
    }


def test_strategy_ordering_for_the_default_rules(default_results):
    ev = {k: r.ev for k, r in default_results.items()}
    assert ev["optimal"] >= ev["basic"] >= ev["normal"] >= ev["easy"]
    assert ev["optimal"] > ev["basic"] > ev["normal"] > ev["easy"]
    assert ev["hard"] == ev["basic"]


def test_generic_chart_and_basic_strategy_coincide_on_the_published_game():
    a = shoe_analysis(PUBLISHED_RULES)
    assert evaluate_strategy("normal", a).ev == evaluate_strategy("basic", a).ev
    assert evaluate_strategy("optimal", a).ev > evaluate_strategy("basic", a).ev


def test_parse_chart_rejects_a_bad_code():
    with pytest.raises(ValueError, match="bad hard row"):
        parse_chart(GENERIC_CHART_TEXT.replace(" 12   H ", " 12   X "), "broken")


# -- a chart played exactly, against the literal twin ------------------------------------------
SMALL = (2, 1, 1, 1, 1, 1, 1, 1, 1, 5)


def _chart_decisions(chart, rules):
    """Decision functions of the chart, written independently of ``policy_from_chart``."""

    def play(up, cards, may_double):
        hard = sum(c + 1 for c in cards)
        soft = ACE in cards and hard + 10 <= 21
        total = hard + 10 if soft else hard
        code = chart.cell("soft" if soft else "hard", total, up)
        if len(cards) == 2 and cards[0] == cards[1]:
            pc = chart.cell("pairs", cards[0], up)
            if pc not in ("P", "Ph"):
                code = pc
        if code in ("Dh", "Ds"):
            if may_double and len(cards) == 2:
                return "double"
            return "hit" if code == "Dh" else "stand"
        return {"H": "hit", "S": "stand", "P": "hit", "Ph": "hit"}[code]

    def split(up, pair):
        pc = chart.cell("pairs", pair, up)
        return pc == "P" or (pc == "Ph" and rules.double_after_split)

    return play, split


@pytest.mark.parametrize("peek", [False, True])
def test_generic_chart_ev_matches_literal_play(peek):
    rules = BlackjackRules(decks=1, peek=peek, split_hands=2)
    shoe = Shoe(tuple(SMALL[:9]) + (SMALL[9], 0, 0, 0))
    got = ShoeAnalysis(rules, shoe).evaluate(policy_from_chart(GENERIC_CHART, rules))
    play, split = _chart_decisions(GENERIC_CHART, rules)
    want = reference.Reference(rules, SMALL, play=play, split=split).round_ev()
    assert got.ev == pytest.approx(float(want), abs=1e-14)
