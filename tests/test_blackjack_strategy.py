"""Blackjack basic strategy, the generic chart and the AI levels, played exactly."""

from pathlib import Path

import pytest

from cardedge.analysis.blackjack import reference
from cardedge.analysis.blackjack.hands import ACE
from cardedge.analysis.blackjack.round import ShoeAnalysis, shoe_analysis
from cardedge.analysis.blackjack.rules import (
    DEFAULT_RULES,
    DEFAULT_SHOE,
    PUBLISHED_RULES,
    PUBLISHED_SHOE,
    BlackjackRules,
)
from cardedge.analysis.core.shoe import Shoe
from cardedge.strategy.blackjack.charts import (
    GENERIC_CHART,
    GENERIC_CHART_TEXT,
    UP_LABELS,
    UP_ORDER,
    Chart,
    basic_strategy,
    evaluate_strategy,
    mark_das,
    parse_chart,
    policy_from_chart,
)


@pytest.fixture(scope="module")
def published_chart():
    return basic_strategy(shoe_analysis(PUBLISHED_RULES, PUBLISHED_SHOE))


@pytest.fixture(scope="module")
def default_results():
    a = shoe_analysis(DEFAULT_RULES, DEFAULT_SHOE)
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
    chart = basic_strategy(shoe_analysis(DEFAULT_RULES, DEFAULT_SHOE))
    assert set(chart.differences(GENERIC_CHART)) == {
        ("hard 11", "T", "H", "Dh"),
        ("8,8", "T", "H", "P"),
        ("8,8", "A", "H", "P"),
        ("A,A", "A", "H", "P"),
    }


def test_das_marks_are_the_classic_split_if_das_cells(published_chart):
    no_das = basic_strategy(shoe_analysis(PUBLISHED_RULES, PUBLISHED_SHOE).variant(das=False))
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
    a = shoe_analysis(PUBLISHED_RULES, PUBLISHED_SHOE)
    assert evaluate_strategy("normal", a).ev == evaluate_strategy("basic", a).ev
    assert evaluate_strategy("optimal", a).ev > evaluate_strategy("basic", a).ev


def test_parse_chart_rejects_a_bad_code():
    with pytest.raises(ValueError, match="bad hard row"):
        parse_chart(GENERIC_CHART_TEXT.replace(" 12   H ", " 12   X "), "broken")


# -- a chart played exactly, against the literal twin ------------------------------------------
SMALL = (2, 1, 1, 1, 1, 1, 1, 1, 1, 5)


def _chart_decisions(chart, rules):
    """Decision functions of the chart, written independently of ``policy_from_chart``."""

    def play(up, cards, may_double, may_surrender=False):
        hard = sum(c + 1 for c in cards)
        soft = ACE in cards and hard + 10 <= 21
        total = hard + 10 if soft else hard
        code = chart.cell("soft" if soft else "hard", total, up)
        if len(cards) == 2 and cards[0] == cards[1]:
            pc = chart.cell("pairs", cards[0], up)
            if pc == "Rp" and may_surrender:
                return "surrender"
            if pc not in ("P", "Ph", "Rp"):
                code = pc
        if code in ("Rh", "Rs"):
            if may_surrender:
                return "surrender"
            return "hit" if code == "Rh" else "stand"
        if code in ("Dh", "Ds"):
            if may_double and len(cards) == 2:
                return "double"
            return "hit" if code == "Dh" else "stand"
        return {"H": "hit", "S": "stand", "P": "hit", "Ph": "hit"}[code]

    def split(up, pair):
        pc = chart.cell("pairs", pair, up)
        if pc == "Rp":
            return not rules.surrender
        return pc == "P" or (pc == "Ph" and rules.das)

    return play, split


@pytest.mark.parametrize("peek", [False, True])
def test_generic_chart_ev_matches_literal_play(peek):
    rules = BlackjackRules(peek=peek, split_hands=2)
    shoe = Shoe(tuple(SMALL[:9]) + (SMALL[9], 0, 0, 0))
    got = ShoeAnalysis(rules, shoe).evaluate(policy_from_chart(GENERIC_CHART, rules))
    play, split = _chart_decisions(GENERIC_CHART, rules)
    want = reference.Reference(rules, SMALL, play=play, split=split).round_ev()
    assert got.ev == pytest.approx(float(want), abs=1e-14)


# -- surrender --------------------------------------------------------------------------------
def _r_cells(chart):
    return {
        (label, up, c)
        for label, row in chart.rows()
        for up, c in zip(UP_LABELS, row, strict=True)
        if c.startswith("R")
    }


def test_late_surrender_charts_are_the_classic_ones():
    """6 decks DAS peek late surrender: S17 surrenders 15 against a ten and 16 against 9, T,
    A; H17 adds 15 and 17 (else stand) against an ace and 8,8 against an ace (else split), as
    in the classic charts. Every other cell is the chart without surrender."""
    s17 = basic_strategy(shoe_analysis(PUBLISHED_RULES.with_(surrender=True), PUBLISHED_SHOE))
    assert _r_cells(s17) == {
        ("hard 15", "T", "Rh"),
        ("hard 16", "9", "Rh"),
        ("hard 16", "T", "Rh"),
        ("hard 16", "A", "Rh"),
    }
    assert {(r, u) for r, u, _, _ in s17.differences(GENERIC_CHART)} == {
        (r, u) for r, u, _ in _r_cells(s17)
    }
    h17 = basic_strategy(
        shoe_analysis(PUBLISHED_RULES.with_(h17=True, surrender=True), PUBLISHED_SHOE)
    )
    assert _r_cells(h17) == _r_cells(s17) | {
        ("hard 15", "A", "Rh"),
        ("hard 17", "A", "Rs"),
        ("8,8", "A", "Rp"),
    }


def test_no_hole_card_surrender_chart():
    """Without a hole card surrender costs half even against a natural, so it pays against an
    ace and a ten far more often (early surrender in effect)."""
    chart = basic_strategy(shoe_analysis(DEFAULT_RULES.with_(surrender=True), DEFAULT_SHOE))
    want = {(f"hard {t}", "A", "Rh") for t in (5, 6, 7, 12, 13, 14, 15, 16)}
    want |= {("hard 17", "A", "Rs")}
    want |= {(f"hard {t}", "T", "Rh") for t in (14, 15, 16)} | {("hard 16", "9", "Rh")}
    want |= {(f"{p},{p}", "A", "Rh") for p in (3, 6, 7, 8)}
    want |= {(f"{p},{p}", "T", "Rh") for p in (7, 8)}
    assert _r_cells(chart) == want


def test_surrender_off_leaves_charts_and_the_normal_level_alone():
    """The generic chart holds no R cell, so the normal AI never surrenders; charts of rules
    without surrender hold none either."""
    assert not _r_cells(GENERIC_CHART)
    assert not _r_cells(basic_strategy(shoe_analysis(PUBLISHED_RULES, PUBLISHED_SHOE)))
    a = shoe_analysis(PUBLISHED_RULES, PUBLISHED_SHOE)
    s = a.variant(surrender=True)
    assert evaluate_strategy("normal", s).ev == evaluate_strategy("normal", a).ev
    assert evaluate_strategy("basic", s).ev > evaluate_strategy("basic", a).ev


def _with_cells(chart, name, cells):
    """``chart`` with some cells replaced: (kind, row key, up value index, code)."""
    rows = {"hard": dict(chart.hard), "soft": dict(chart.soft), "pairs": dict(chart.pairs)}
    for kind, key, up, code in cells:
        row = list(rows[kind][key])
        row[UP_ORDER.index(up)] = code
        rows[kind][key] = tuple(row)
    return Chart(name, rows["hard"], rows["soft"], rows["pairs"])


TEN = 9
SURRENDER_CHART = _with_cells(
    GENERIC_CHART,
    "surrender",
    [
        ("hard", 15, TEN, "Rh"),
        ("hard", 16, 8, "Rh"),
        ("hard", 16, TEN, "Rh"),
        ("hard", 16, ACE, "Rh"),
        ("hard", 17, ACE, "Rs"),
        ("pairs", 7, ACE, "Rp"),
        # the small shoe below holds only pairs of aces and tens: odd plays, every fallback
        ("pairs", ACE, 5, "Rp"),
        ("pairs", TEN, TEN, "Rs"),
    ],
)
"""The generic chart with Rh, Rs and Rp cells, to play every fallback."""


@pytest.mark.parametrize("surrender", [False, True])
@pytest.mark.parametrize("peek", [False, True])
def test_surrender_chart_ev_matches_literal_play(peek, surrender):
    """R cells surrender only on an unsplit hand's first two cards, else play their second
    letter (and Rp splits when surrender is not allowed)."""
    rules = BlackjackRules(peek=peek, split_hands=2, surrender=surrender)
    shoe = Shoe(tuple(SMALL[:9]) + (SMALL[9], 0, 0, 0))
    got = ShoeAnalysis(rules, shoe).evaluate(policy_from_chart(SURRENDER_CHART, rules))
    play, split = _chart_decisions(SURRENDER_CHART, rules)
    want = reference.Reference(rules, SMALL, play=play, split=split).round_ev()
    assert got.ev == pytest.approx(float(want), abs=1e-14)
