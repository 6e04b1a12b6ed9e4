"""Blackjack insurance (``--insurance``): its exact value, why the edge and the charts ignore it,
its words, its index row and the index card."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations_with_replacement

import pytest

from cardedge.analysis.blackjack import sentences
from cardedge.analysis.blackjack.hands import ACE, N_VALUES, TEN
from cardedge.analysis.blackjack.insurance import cell_insurance, hand_insurance
from cardedge.analysis.blackjack.round import VALUE_INDEX, ShoeAnalysis
from cardedge.analysis.blackjack.rules import RULES, BlackjackRules
from cardedge.analysis.core.shoe import MAX_DECKS, Shoe
from cardedge.reports.blackjack.indices import index_card, indices_table
from cardedge.reports.core.document import rules_table
from cardedge.strategy.blackjack.charts import basic_strategy
from cardedge.strategy.blackjack.indices import INSURANCE, chart_with, insures
from cardedge.strategy.core.departures import Departure, departures_from_rows

INSURED = BlackjackRules(insurance=True)
TWO_CARDS = list(combinations_with_replacement(range(N_VALUES), 2))


def values(shoe: Shoe) -> list[int]:
    return [int(c) for c in shoe.by_value(VALUE_INDEX, N_VALUES)]


# ---- its value, exactly ----------------------------------------------------------------------
@pytest.mark.parametrize("decks", range(1, MAX_DECKS + 1))
def test_insurance_loses_for_every_two_card_hand_off_a_fresh_shoe(decks):
    """Exactly, with Fractions: the best case (no ten in the player's hand) is worth
    (3 - 4 d) / (2 (52 d - 3)) initial wagers, negative for every deck count allowed."""
    counts = values(Shoe.decks(decks))
    evs = {hand: hand_insurance(counts, *hand) for hand in TWO_CARDS}
    assert all(isinstance(ev, Fraction) and ev < 0 for ev in evs.values())
    assert max(evs.values()) == Fraction(3 - 4 * decks, 2 * (52 * decks - 3))
    assert evs[(TEN, TEN)] == Fraction(
        3 * (16 * decks - 2) - (52 * decks - 3), 2 * (52 * decks - 3)
    )


def test_the_cell_value_is_the_deal_weighted_mean_of_the_hands():
    """The insurance cell (the player's cards averaged over the deal against an ace up) is
    tens / (cards - 1), exactly the deal-weighted mean of every hand's own value."""
    counts = [3, 1, 0, 2, 4, 1, 1, 0, 2, 9]  # a depleted shoe, by value index
    n = sum(counts)
    left = counts.copy()
    left[ACE] -= 1  # the up card
    total, weight = Fraction(0), Fraction(0)
    for x, y in TWO_CARDS:
        p = Fraction(left[x], n - 1)
        rest = left.copy()
        rest[x] -= 1
        p *= Fraction(rest[y], n - 2)
        if x != y:
            p *= 2
        total += p * hand_insurance(counts, x, y)
        weight += p
    assert weight == 1
    assert cell_insurance(counts) == total == Fraction(1, 2) * (3 * Fraction(9, n - 1) - 1)


def test_a_shoe_rich_in_tens_makes_insurance_pay():
    counts = values(Shoe.decks(1))
    counts[2] -= 4  # four 3s out: 16 tens of 48 cards, one ace up
    assert cell_insurance(counts) == Fraction(1, 2) * (3 * Fraction(16, 47) - 1) > 0


def test_the_rule_is_declared_last_and_validated_in_one_line():
    assert RULES.names[-1] == "insurance" and BlackjackRules().insurance is False
    with pytest.raises(ValueError, match=r"^insurance: 'yes' is not True or False$"):
        BlackjackRules(insurance="yes")


def test_the_rule_reaches_the_record_and_may_insure_only_against_an_ace():
    assert not BlackjackRules().kernel_record().insurance
    assert INSURED.kernel_record().insurance
    assert INSURED.may_insure(1) and not any(INSURED.may_insure(v) for v in range(2, 11))
    assert not BlackjackRules().may_insure(1)


def test_the_edge_and_the_chart_do_not_change_with_insurance():
    """Insurance loses off a fresh shoe (above), so the optimal player never takes it: the
    exact edge and the basic chart are the game's without it, bit for bit."""
    shoe = Shoe.decks(1)
    off = ShoeAnalysis(BlackjackRules(), shoe)
    on = ShoeAnalysis(INSURED, shoe)
    assert on.evaluate().ev == off.evaluate().ev
    assert basic_strategy(on) == basic_strategy(off)


# ---- its words -------------------------------------------------------------------------------
def test_the_rules_say_insurance_only_when_offered():
    off = sentences.rule_sentences(BlackjackRules())
    on = sentences.rule_sentences(INSURED.with_(peek=True))
    assert "11. There is no insurance and no side bet." in off
    (eleven,) = [s for s in on if s.startswith("11. ")]
    assert "Against an ace up the player may take insurance (before the dealer checks" in eleven
    assert "paid 2 to 1" in eleven
    assert any("Rule 11 differs" in s and "--insurance" in s for s in on)
    assert "insurance" not in sentences.options_line(BlackjackRules())
    assert sentences.options_line(INSURED).endswith("--no-five-card --insurance.")
    assert "dealer's second card decides it" in " ".join(sentences.rule_sentences(INSURED))
    assert BlackjackRules().words() == INSURED.words().replace(", insurance", "")


def rules_section_table(rules: BlackjackRules):
    return rules_table(RULES, rules, BlackjackRules(), "rules page", "Blackjack rules as played")


def test_the_rules_table_lists_insurance_only_when_played():
    off = rules_section_table(BlackjackRules())
    on = rules_section_table(INSURED)
    assert "--insurance" not in list(off.data["rule"])
    row = on.data[on.data["rule"] == "--insurance"].iloc[0]
    assert (row["as played"], row["differs"]) == ("true", "yes")


# ---- the index row ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def insured_table():
    return indices_table(INSURED, Shoe.decks(6))


def test_the_insurance_index_row(insured_table):
    """Hi-Lo, 6 decks: insurance pays from a true count of about 3 (the published +3, the
    classic convention), where 1/3 of the unseen cards are tens."""
    rows = insured_table.data[insured_table.data["hand"] == INSURANCE]
    assert len(rows) == 1
    row = rows.iloc[0]
    assert (row["up"], row["at_0"], row["departure"]) == ("A", "no insurance", INSURANCE)
    assert row["direction"] == "at or above" and row["above"] == INSURANCE
    assert 3 < row["crossing"] < 3.5 and row["index"] == 4 and row["classic_index"] == 3
    assert row["gain"] == insured_table.data["gain"].max()  # the first play of any card


def test_no_insurance_row_without_the_rule():
    table = indices_table(BlackjackRules(), Shoe.decks(2), 1)
    assert INSURANCE not in set(table.data["hand"])


def test_the_insurance_departure_leaves_the_chart_as_it_is(insured_table):
    departures = departures_from_rows(insured_table.rows())
    (insure,) = [d for d in departures if d.hand == INSURANCE]
    assert insure == Departure(INSURANCE, "A", INSURANCE, 4, True)
    assert insures([insure]) and not insures([d for d in departures if d != insure])
    chart = basic_strategy(ShoeAnalysis(INSURED, Shoe.decks(6)))
    assert chart_with(chart, [insure]) == chart


def test_indices_command_with_insurance(capsys):
    from cardedge.cli import main

    assert main(["blackjack", "indices", "--insurance", "--decks", "2", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["hand"] for r in rows].count(INSURANCE) == 1


# ---- the index card --------------------------------------------------------------------------
@pytest.mark.parametrize("top", [1, 5, 18])
def test_the_index_card_is_the_top_gains_of_the_full_table(insured_table, top):
    card = index_card(insured_table, top, 6)
    gains = sorted(insured_table.data["gain"], reverse=True)
    assert list(card.data["gain"]) == gains[:top]
    assert list(card.data["rank"]) == list(range(1, top + 1))
    full = insured_table.data.set_index(["hand", "up", "direction"])
    for row in card.rows():
        (match,) = [
            r
            for r in insured_table.rows()
            if (r["hand"], r["up"]) == (row["hand"], row["up"]) and r["gain"] == row["gain"]
        ]
        assert row["index"] == match["classic_index"]  # the one convention: classic
        assert (row["above"], row["below"]) == (match["above"], match["below"])
    assert len(full) == len(insured_table.data)
    assert "classic index: floored true count of the cards seen" in card.title
    assert "6 decks" in card.title and "Hi-Lo" in card.title and "insurance" in card.title


def test_insurance_is_on_the_card_only_with_the_rule(capsys):
    from cardedge.cli import main

    for flag, expected in (("--insurance", 1), ("--no-insurance", 0)):
        assert main(["blackjack", "indices", "--top", "3", flag, "--format", "json"]) == 0
        rows = json.loads(capsys.readouterr().out)
        assert len(rows) == 3
        assert [r["hand"] for r in rows].count(INSURANCE) == expected


@pytest.mark.parametrize("fmt", ["table", "csv", "json", "markdown"])
def test_the_index_card_in_every_format(capsys, fmt):
    from cardedge.cli import main

    assert main(["blackjack", "indices", "--top", "2", "--insurance", "--format", fmt]) == 0
    out = capsys.readouterr().out
    assert "insurance" in out and ("index card" in out or fmt in ("csv", "json"))


def test_an_empty_card_is_refused(capsys):
    from cardedge.cli import main

    assert main(["blackjack", "indices", "--top", "0"]) == 2
    assert "--top" in capsys.readouterr().err


# ---- the shoe game's tables ------------------------------------------------------------------
def test_the_shoe_game_tables_show_insurance_only_when_offered():
    from cardedge.api import blackjack

    def tables(**rules):
        made = blackjack.simulate(
            decks=2, penetration=0.75, indices=True, rounds=40_000, seed=5, **rules
        )
        return {t.title.rsplit(": ", 1)[-1]: t for t in made}

    on = tables(insurance=True)
    off = tables()
    by_tc = next(t for name, t in on.items() if name == "edge by true count").data
    plain = next(t for name, t in off.items() if name == "edge by true count").data
    assert "insurance_taken" in by_tc and "insurance_taken" not in plain
    assert (by_tc["insurance_taken"] <= by_tc["insurance_offered"]).all()
    assert by_tc["insurance_taken"].sum() > 0
    # taken only from the insurance index of the 2-deck table up (exact convention)
    index = int(
        blackjack.indices(decks=2, insurance=True)
        .data.query("hand == 'insurance'")["index"]
        .iloc[0]
    )
    assert (by_tc.loc[by_tc["true_count"] < index, "insurance_taken"] == 0).all()
    assert (by_tc.loc[by_tc["true_count"] >= index, "insurance_taken"] > 0).any()
    won = (2 * by_tc["insurance_net"] + by_tc["insurance_taken"]) / 3
    assert (won == won.round()).all()
    summary = next(iter(on.values())).data.iloc[0]
    assert summary["insurance_gain"] == pytest.approx(
        100 * by_tc["insurance_net"].sum() / summary["rounds"]
    )


# ---- the rules engine ------------------------------------------------------------------------
def deal(rules: BlackjackRules, text: str):
    from cardedge.engine.blackjack.game import BlackjackRound
    from cardedge.engine.core.dealing import ShuffledShoe, parse_card

    shoe = ShuffledShoe(6, 0)
    shoe.stack([parse_card(c) for c in text.split()])
    return BlackjackRound(rules, shoe)


@pytest.mark.parametrize("peek", [False, True])
def test_the_engine_settles_insurance_apart_from_the_hands(peek):
    from cardedge.engine.core.dealing import IllegalAction

    rules = INSURED.with_(peek=peek)
    won = deal(rules, "9s 8h As Kd")  # dealer natural: the hand loses, insurance pays 2:1
    won.insure()
    if not peek:
        won.act("stand")
    assert won.outcome.insurance == 1.0 and won.outcome.net == -1.0
    lost = deal(rules, "Ts 9h As 7d")  # 19 against a soft 18 that stands
    lost.insure()
    lost.act("stand")
    assert lost.outcome.insurance == -0.5 and lost.outcome.net == 1.0
    even = deal(rules, "As Kh Ad Tc")  # a natural insured against a natural: even money
    assert even.finished
    even.insure()
    assert (even.outcome.net, even.outcome.insurance) == (0.0, 1.0)
    with pytest.raises(IllegalAction):
        even.insure()  # once


def test_insurance_is_offered_only_against_an_ace_before_acting_under_the_rule():
    from cardedge.engine.core.dealing import IllegalAction

    assert not deal(BlackjackRules(), "9s 8h As 7d").insurance_offered
    assert not deal(INSURED, "9s 8h Ks 7d").insurance_offered
    late = deal(INSURED, "5s 4h As 7d 2c")
    assert late.insurance_offered
    late.act("hit")
    assert not late.insurance_offered
    with pytest.raises(IllegalAction, match="insurance is not offered"):
        late.insure()
    late.act("stand")
    assert late.outcome.insurance == 0.0


def test_a_shoe_without_an_ace_offers_no_insurance_cell():
    from cardedge.analysis.core.cards import RANKS
    from cardedge.reports.blackjack.indices import insurance_evs

    counts = list(Shoe.decks(1).counts)
    counts[RANKS.index("A")] = 0
    assert insurance_evs(Shoe(tuple(counts), "no aces")) == {}
    assert insurance_evs(Shoe.decks(1))["no insurance"] == 0.0
    with pytest.raises(ValueError, match="no ace"):
        cell_insurance(values(Shoe(tuple(counts), "no aces")))
