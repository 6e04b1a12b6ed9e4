"""The five-card rule ``--five-card`` (five-card charlie, off by default): a hand of five cards
that has not busted wins at once, even money. The evaluator, its Fraction twin, the return
table, the chart derivation, the engine, the simulator and its replay, the trainer and the API,
command line and web all honour it by asking the rules (``wins_at_once``, ``may_hit``, the
kernel record's ``charlie``)."""

import json

import numpy as np
import pytest
from test_blackjack_outcomes import _compare_with_twin
from test_blackjack_rules_engine import deal  # a round dealt card by card, as there

import cardedge.blackjack as blackjack
from cardedge.analysis.blackjack import reference
from cardedge.analysis.blackjack.actions import Action
from cardedge.analysis.blackjack.hands import ACE, TEN, hand_table
from cardedge.analysis.blackjack.outcomes import outcome_distribution
from cardedge.analysis.blackjack.round import ShoeAnalysis, shoe_analysis
from cardedge.analysis.blackjack.rules import (
    DEFAULT_RULES,
    DEFAULT_SHOE,
    PUBLISHED_RULES,
    PUBLISHED_SHOE,
    RULES,
    BlackjackRules,
)
from cardedge.analysis.core.shoe import Shoe
from cardedge.cli import main
from cardedge.cli.blackjack.play import blackjack_outcome
from cardedge.engine.blackjack.game import DOUBLE, HIT, SPLIT, STAND
from cardedge.engine.core.dealing import IllegalAction, parse_card
from cardedge.reports.blackjack.simulation import blackjack_training
from cardedge.reports.blackjack.strategy import VARIANTS, variants_table
from cardedge.strategy.blackjack.charts import basic_strategy, easy_policy, strategy_policy

FIVE = DEFAULT_RULES.with_(five_card=True)
LOW = (2, 3, 3, 1, 0, 0, 0, 0, 1, 8)
"""18 cards by value (A, 2..9, ten-value), most of them small: five-card hands are common, and
aces, twos, threes and tens split."""
TWOS = (1, 5, 0, 1, 1, 0, 0, 0, 2, 13)
"""23 cards with five twos: split twos resplit to 4 hands and draw to five cards."""


def shoe_of(values) -> Shoe:
    """A shoe with the given counts by value (ten-value cards all as tens)."""
    return Shoe(tuple(values[:9]) + (values[9], 0, 0, 0))


def charlie_value(rules: BlackjackRules, values, cards, up: int) -> float:
    """The rule's unconditional value of a five-card hand ``cards`` against ``up`` drawn from
    the shoe ``values``: +1 without peek, 1 - 2 P(natural) under peek."""
    rest = np.array(values)
    for c in (*cards, up):
        rest[c] -= 1
    hole = {ACE: TEN, TEN: ACE}.get(up)
    p_nat = rest[hole] / rest.sum() if rules.peek and hole is not None else 0.0
    return (1 - p_nat) - p_nat


# ---- the rules object --------------------------------------------------------------------------
def test_the_rule_is_declared_last_and_validated_in_one_line():
    # declared after every earlier rule (titles keep their order); only insurance, newer, after it
    assert RULES.names[-2:] == ("five_card", "insurance") and DEFAULT_RULES.five_card is False
    with pytest.raises(ValueError, match=r"^five_card: 'yes' is not True or False$"):
        BlackjackRules(five_card="yes")


def test_titles_name_the_rule_only_when_it_is_on():
    assert DEFAULT_RULES.describe(DEFAULT_SHOE) == (
        "6 decks, S17, no peek (ENHC), DAS, split to 4, no RSA, BJ 3:2"
    )
    assert FIVE.describe(DEFAULT_SHOE) == (
        "6 decks, S17, no peek (ENHC), DAS, split to 4, no RSA, BJ 3:2, five-card charlie"
    )


def test_five_cards_win_at_once_and_draw_no_more():
    for n in range(2, 12):
        assert FIVE.wins_at_once(n) is (n == 5)
        assert FIVE.may_hit(None, n) is (n != 5) and FIVE.may_hit(4, n) is (n != 5)
        assert DEFAULT_RULES.wins_at_once(n) is False and DEFAULT_RULES.may_hit(None, n)
    assert not FIVE.may_hit(1, 2)  # split aces still take one card
    assert FIVE.kernel_record().charlie == 5 and DEFAULT_RULES.kernel_record().charlie == 0


# ---- the evaluator against its Fraction twin ----------------------------------------------------
@pytest.fixture(
    scope="module",
    params=[(False, False), (False, True), (True, False), (True, True)],
    ids=["no-peek-off", "no-peek-on", "peek-off", "peek-on"],
)
def low_game(request):
    peek, five_card = request.param
    rules = BlackjackRules(split_hands=2, peek=peek, five_card=five_card)
    result = ShoeAnalysis(rules, shoe_of(LOW)).evaluate()
    ref = reference.Reference(rules, LOW)
    return rules, result, ref, ref.round_ev()


def test_round_ev_matches_the_twin(low_game):
    """Every deal, splits included, played literally by the twin (hole card first)."""
    _, result, _, want = low_game
    assert result.ev == pytest.approx(float(want), abs=1e-14)


def test_split_values_match_the_twin(low_game):
    rules, result, ref, _ = low_game
    for p in (ACE, 1, 2, TEN):
        for u in (ACE, 2, TEN):
            if LOW[p] - 2 - (u == p) < 0:  # the shoe cannot deal the pair and the up card
                assert np.isnan(result.split_ev[p, u])
                continue
            want = float(ref.split_value(u, p))
            assert result.split_ev[p, u] == pytest.approx(want, abs=1e-14), (p, u)


def test_hand_values_up_to_five_cards_match_the_twin(low_game):
    """Stand and hit EVs of every hand of three and four cards against an ace, a three and a
    ten; a five-card hand: the rule's value, played as a stand (hit NaN), or, with the rule
    off, a hand like any other."""
    rules, result, ref, _ = low_game
    h = hand_table()
    u0 = result.unsplit
    checked = {3: 0, 4: 0, 5: 0}
    for i in range(len(h.n_cards)):
        n = int(h.n_cards[i])
        if n not in checked:
            continue
        cards = tuple(v for v in range(10) for _ in range(h.counts[i, v]))
        for u in (ACE, 2, TEN):
            need = np.array(h.counts[i])
            need[u] += 1
            if (need > np.array(LOW)).any():
                continue
            checked[n] += 1
            if n == 5 and rules.five_card:
                value = charlie_value(rules, LOW, cards, u)
                assert u0.stand[i, u] == pytest.approx(value, abs=1e-15)
                assert np.isnan(u0.hit[i, u]) and u0.action[i, u] == Action.STAND
                assert u0.value[i, u] == u0.stand[i, u]
                if n == 5 and checked[5] % 7 == 0:  # the twin agrees (a sample: it is slow)
                    assert float(ref.action_values(u, cards)["stand"]) == pytest.approx(value)
                continue
            want = ref.action_values(u, cards, may_surrender=False)
            assert u0.stand[i, u] == pytest.approx(float(want["stand"]), abs=1e-14)
            assert u0.hit[i, u] == pytest.approx(float(want["hit"]), abs=1e-14)
    assert min(checked.values()) >= 10


def test_the_rule_is_worth_something_on_a_shoe_of_small_cards():
    for peek in (False, True):
        off = BlackjackRules(split_hands=2, peek=peek)
        evs = [
            ShoeAnalysis(r, shoe_of(LOW)).evaluate().ev for r in (off, off.with_(five_card=True))
        ]
        assert evs[1] > evs[0] + 0.02


@pytest.mark.parametrize(
    "hands, peek", [(4, False), (3, True)], ids=["4-hands-no-peek", "3-hands-peek"]
)
def test_resplit_twos_drawing_to_five_cards_match_literal_play(hands, peek):
    rules = BlackjackRules(split_hands=hands, peek=peek, five_card=True)
    result = ShoeAnalysis(rules, shoe_of(TWOS)).evaluate()
    ref = reference.Reference(rules, TWOS)
    off = ShoeAnalysis(rules.with_(five_card=False), shoe_of(TWOS)).evaluate()
    for u in (ACE, TEN):
        assert result.split_ev[1, u] == pytest.approx(float(ref.split_value(u, 1)), abs=1e-14)
    assert result.split_ev[1, TEN] > off.split_ev[1, TEN]  # the rule reaches split hands


@pytest.mark.parametrize("peek", [False, True], ids=["no-peek", "peek"])
def test_the_return_table_matches_the_literal_game(peek):
    """Unsplit deals bin for bin, split deals in mass and mean (test_blackjack_outcomes)."""
    rules = BlackjackRules(split_hands=2, peek=peek, five_card=True)
    analysis = ShoeAnalysis(rules, shoe_of(LOW))
    out = outcome_distribution(analysis)
    unsplit, split = reference.OutcomeReference(rules, LOW).outcome_distribution()
    assert out.ev == pytest.approx(analysis.evaluate().ev, abs=1e-14)
    _compare_with_twin(out, unsplit, split)


# ---- exact edges and the chart ----------------------------------------------------------------
def test_the_rule_lowers_the_house_edge():
    """Off: the published figure, bit for bit; on: lower, by the docs' figures."""
    for rules, shoe, off_edge, on_edge in (
        (DEFAULT_RULES, DEFAULT_SHOE, 0.5140564552902155, -1.4101453813779585),
        (PUBLISHED_RULES, PUBLISHED_SHOE, 0.40287023611541156, -1.114141798804813),
        (BlackjackRules(), Shoe.decks(1), -0.07420185195713136, -1.5710098318240397),
    ):
        a = shoe_analysis(rules, shoe)
        assert a.evaluate().house_edge_percent == off_edge
        on = a.variant(five_card=True).evaluate().house_edge_percent
        assert on == pytest.approx(on_edge, abs=1e-12)
        on_alone = shoe_analysis(rules.with_(five_card=True), shoe).evaluate()
        assert on == on_alone.house_edge_percent


def test_the_variants_table_lists_the_rule_only_when_the_base_rules_have_it():
    """The default table (results/) stays as it was; under the rule, the row without it has the
    exact edge of the game without it, bit for bit (the shared dealer work changes nothing)."""
    table = variants_table(BlackjackRules(five_card=True), Shoe.decks(1))
    rows = {r["variant"]: r for r in table.rows()}
    assert "five-card charlie" not in rows  # the base rules themselves
    assert rows["no five-card rule"]["optimal_percent"] == -0.07420185195713136
    assert rows["base rules"]["optimal_percent"] == pytest.approx(-1.5710098318240397, abs=1e-12)
    assert not any("five" in label for label, _ in VARIANTS)


def test_every_strategy_stands_on_five_cards():
    """The easy AI hits below 17, but a five-card hand stands: the rule overrides any code."""
    analysis = ShoeAnalysis(BlackjackRules(five_card=True), Shoe.decks(1))
    u0 = analysis.evaluate(easy_policy()).unsplit
    off = analysis.variant(five_card=False).evaluate(easy_policy()).unsplit
    h = hand_table()
    five = (h.n_cards == 5) & (h.total < 17)
    assert (u0.action[five] == Action.STAND).all()
    assert (off.action[five][off.stand[five] != 0] == Action.HIT).any()


def test_the_six_deck_chart_hits_more_under_the_rule():
    """The derived chart's changes (docs/blackjack.md): soft doubles, small pairs and aces
    against a 9 or a ten become hits."""
    off = basic_strategy(shoe_analysis(DEFAULT_RULES, DEFAULT_SHOE))
    on = basic_strategy(shoe_analysis(FIVE, DEFAULT_SHOE))
    assert off.differences(on) == [
        ("soft 13", "5", "Dh", "H"),
        ("soft 13", "6", "Dh", "H"),
        ("soft 15", "4", "Dh", "H"),
        ("2,2", "2", "P", "H"),
        ("3,3", "2", "P", "H"),
        ("A,A", "9", "P", "H"),
        ("A,A", "T", "P", "H"),
    ]


# ---- the engine, the simulator and the trainer -------------------------------------------------
def test_a_five_card_hand_wins_at_once_and_takes_no_more_actions():
    rnd = deal(FIVE, "2s 3h Td 9c 2c 2d 3s")
    for _ in range(3):
        assert HIT in rnd.legal_actions()
        rnd.act(HIT)
    assert rnd.finished and rnd.outcome.net == 1.0
    (hand,) = rnd.outcome.hands
    assert hand.five_card and hand.net == 1.0 and hand.total == 12
    assert len(rnd.outcome.dealer) == 2  # the dealer drew nothing: no hand left to settle
    assert blackjack_outcome(rnd, 10.0)[-1].endswith("= 12: five cards, wins at once")
    with pytest.raises(IllegalAction, match="round is over"):
        rnd.act(HIT)
    off = deal(DEFAULT_RULES, "2s 3h Td 9c 2c 2d 3s")
    for _ in range(3):
        off.act(HIT)
    assert not off.finished and HIT in off.legal_actions()  # without the rule: play on


def test_without_peek_five_cards_beat_a_dealer_natural():
    rnd = deal(FIVE, "2s 3h Ad Tc 2c 2d 3s")
    for _ in range(3):
        rnd.act(HIT)
    assert rnd.outcome.dealer_natural and rnd.outcome.net == 1.0
    peek = deal(FIVE.with_(peek=True), "2s 3h Ad Tc 2c 2d 3s")
    assert peek.finished and peek.outcome.net == -1.0  # the peeked natural came first


def test_a_split_hand_of_five_cards_wins_and_play_moves_on():
    rnd = deal(FIVE, "2s 2h Td 9c 3c 2d 3d 4s 9h")
    rnd.act(SPLIT)
    for _ in range(3):
        rnd.act(HIT)  # 2,3 + 2,3,4: five cards, 14
    assert rnd.current == 1 and rnd.hands[1].cards[-1] == parse_card("9h")
    assert DOUBLE in rnd.legal_actions()  # 2,9: the next hand plays as usual
    rnd.act(STAND)
    first, second = rnd.outcome.hands
    assert first.five_card and first.net == 1.0 and not second.five_card
    assert second.net == -1.0 and rnd.outcome.net == 0.0  # 11 against the dealer's 19


def test_the_monte_carlo_edge_agrees_with_the_exact_edge(capsys):
    """400,000 rounds of 1 deck, basic strategy: within 4 SE of the exact edge under the rule,
    and more than 4 SE from the exact edge without it (so the check can tell them apart)."""
    args = ["blackjack", "simulate", "--five-card", "--decks", "1", "--seed", "29"]
    assert main([*args, "--rounds", "400000", "--format", "json"]) == 0
    (rec,) = json.loads(capsys.readouterr().out)["tables"][0]["rows"]
    analysis = shoe_analysis(BlackjackRules(five_card=True), Shoe.decks(1))
    exact = analysis.evaluate(strategy_policy("basic", analysis)).house_edge_percent
    assert rec["exact_house_edge_percent"] == exact
    assert abs(rec["standard_errors"]) < 4
    off = shoe_analysis(BlackjackRules(), Shoe.decks(1))
    off_edge = off.evaluate(strategy_policy("basic", off)).house_edge_percent
    assert (off_edge - rec["house_edge_percent"]) / rec["stderr_percent"] > 4


def stacked(session, text):
    session.shoe.stack(parse_card(c) for c in text.split())
    return session.new_round()


@pytest.mark.parametrize("peek", [False, True], ids=["no-peek", "peek"])
def test_the_trainer_values_a_hit_into_five_cards(peek):
    session = blackjack_training(BlackjackRules(peek=peek, five_card=True), Shoe.decks(1), seed=1)
    stacked(session, "2s 3h Td 9c 2c 2d 3s")
    session.act("hit")
    session.act("hit")
    j = session.act("hit")  # 2,3,2,2 (9): every card makes five cards, which win
    assert j.evs["hit"] == pytest.approx(1.0, abs=1e-14) and j.optimal == "hit"
    assert session.round.finished and session.settle() == 10.0  # the bet, won
    with pytest.raises(IllegalAction):
        session.act("hit")


# ---- the API, the command line and the web ------------------------------------------------------
def test_api_command_line_and_web_agree_to_the_bit(capsys):
    pytest.importorskip("starlette")
    pytest.importorskip("httpx2")
    from starlette.testclient import TestClient

    from cardedge.web.app import create_app

    api = blackjack.edge(five_card=True).rows()[0]
    assert main(["blackjack", "edge", "--five-card", "--format", "json"]) == 0
    (cli,) = json.loads(capsys.readouterr().out)
    with TestClient(create_app()) as client:
        response = client.get("/api/blackjack/edge?five_card=true")
    assert response.status_code == 200, response.text
    (web,) = response.json()
    edge = shoe_analysis(FIVE, DEFAULT_SHOE).evaluate().house_edge_percent
    assert api["house_edge_percent"] == cli["house_edge_percent"] == web["house_edge_percent"]
    assert api["house_edge_percent"] == edge
    assert cli["rules"]["five_card"] is True and web["rules"]["five_card"] is True
    assert main(["blackjack", "edge", "--five-card"]) == 0
    assert "five-card charlie" in capsys.readouterr().out
