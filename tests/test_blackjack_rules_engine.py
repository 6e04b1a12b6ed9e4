"""The blackjack engine: every settlement rule (naturals, peek, busts, doubles, splits to four
hands, split aces) and every illegal action, with rules as data."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.engine.blackjack.game import (
    DOUBLE,
    HIT,
    SPLIT,
    STAND,
    SURRENDER,
    BlackjackRound,
    best_total,
    dealer_draws,
    is_natural,
    settle_hand,
)
from cardedge.engine.core.dealing import IllegalAction, ShuffledShoe, kind_of, parse_card

DEFAULT = BlackjackRules()
PEEK = BlackjackRules(peek=True)


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def deal(rules: BlackjackRules, text: str, decks: int = 6) -> BlackjackRound:
    """A round dealt in the order given: P1 P2 up hole, then every draw in order, from a shoe
    of ``decks`` decks (the rules carry no decks: a game setup is rules plus a shoe)."""
    shoe = ShuffledShoe(decks, 0)
    shoe.stack(cards(text))
    return BlackjackRound(rules, shoe)


# ---- totals and the dealer -------------------------------------------------------------------
def test_totals_count_one_ace_as_eleven_when_it_fits():
    assert best_total(cards("As 6h")) == 17
    assert best_total(cards("As 6h Kd")) == 17
    assert best_total(cards("As Ah 9d")) == 21
    assert best_total(cards("Ks Qh 5d")) == 25
    assert is_natural(cards("As Jh")) and not is_natural(cards("As 5h 5d"))


def test_dealer_stands_on_soft_17_unless_h17():
    assert not dealer_draws(cards("As 6h"), DEFAULT)
    assert dealer_draws(cards("As 6h"), DEFAULT.with_(h17=True))
    assert not dealer_draws(cards("Ts 7h"), DEFAULT.with_(h17=True))
    assert dealer_draws(cards("Ts 6h"), DEFAULT)


def test_settlement_of_a_hand():
    assert settle_hand(20, 1, 19, False, False) == 1
    assert settle_hand(18, 2, 19, False, False) == -2
    assert settle_hand(19, 1, 19, False, False) == 0
    assert settle_hand(12, 1, 22, False, False) == 1
    assert settle_hand(21, 2, 21, True, False) == -2  # a dealer natural beats a 21
    assert settle_hand(25, 1, 22, False, True) == -1  # a bust loses, the dealer's bust later too


# ---- naturals --------------------------------------------------------------------------------
@pytest.mark.parametrize("pays, net", [("3:2", 1.5), ("6:5", 1.2), ("1:1", 1.0)])
def test_a_natural_is_paid_at_once(pays, net):
    rnd = deal(DEFAULT.with_(natural=pays), "As Kh 9c 7d")
    assert rnd.finished and rnd.outcome.net == net and rnd.outcome.first_action == "natural"
    assert rnd.legal_actions() == ()


@pytest.mark.parametrize("rules", [DEFAULT, PEEK])
def test_two_naturals_push(rules):
    rnd = deal(rules, "As Kh Ac Qd")
    assert rnd.outcome.net == 0.0 and rnd.outcome.dealer_natural


def test_no_peek_dealer_natural_takes_doubled_and_split_wagers():
    rnd = deal(DEFAULT, "5s 6h Ac Kd 9c")  # 11 doubles (to 20), dealer natural
    rnd.act(DOUBLE)
    assert rnd.outcome.net == -2.0
    rnd = deal(DEFAULT, "8s 8h Tc Ad 3c 2d")  # split 8s against a hidden natural
    rnd.act(SPLIT)
    rnd.act(STAND)
    rnd.act(STAND)
    assert rnd.outcome.net == -2.0 and len(rnd.outcome.hands) == 2
    assert rnd.outcome.dealer == tuple(cards("Tc Ad"))  # a natural draws no card


def test_peek_dealer_natural_ends_the_round_for_the_initial_wager():
    rnd = deal(PEEK, "5s 6h Ac Kd")
    assert rnd.finished and rnd.outcome.net == -1.0 and rnd.outcome.first_action is None
    with pytest.raises(IllegalAction, match="round is over"):
        rnd.act(DOUBLE)


def test_peek_without_natural_plays_on():
    rnd = deal(PEEK, "5s 6h Ac 9d 9c")  # dealer soft 20
    rnd.act(DOUBLE)
    assert rnd.outcome.net == 0.0 and rnd.outcome.dealer_total == 20


# ---- busts, doubles, hits --------------------------------------------------------------------
def test_a_bust_loses_even_when_the_dealer_busts_later():
    rnd = deal(DEFAULT, "Ts 6h 6c Td Ks")  # player busts at 26; dealer 16 would draw
    rnd.act(HIT)
    assert rnd.finished and rnd.outcome.net == -1.0
    assert rnd.outcome.dealer == tuple(cards("6c Td"))  # every hand busted: no dealer draw


def test_dealer_draws_to_17_and_busts():
    rnd = deal(DEFAULT, "Ts 2h 6c Td 9s")  # player 12 stands; dealer 16 draws 9: bust
    rnd.act(STAND)
    assert rnd.outcome.dealer_total == 25 and rnd.outcome.net == 1.0


def test_soft_17_rule_changes_the_dealer_result():
    text = "Ts 8h Ac 6d 3s"  # player 18; dealer soft 17 stands (S17) or draws 3 -> 20 (H17)
    rnd = deal(DEFAULT, text)
    rnd.act(STAND)
    assert rnd.outcome.dealer_total == 17 and rnd.outcome.net == 1.0
    rnd = deal(DEFAULT.with_(h17=True), text)
    rnd.act(STAND)
    assert rnd.outcome.dealer_total == 20 and rnd.outcome.net == -1.0


def test_double_takes_exactly_one_card_and_doubles_the_result():
    rnd = deal(DEFAULT, "5s 6h 9c 8d Ts")  # 11 doubles to 21 against 17
    assert rnd.legal_actions() == (STAND, HIT, DOUBLE)
    rnd.act(DOUBLE)
    assert rnd.outcome.hands[0].cards == tuple(cards("5s 6h Ts"))
    assert rnd.outcome.net == 2.0


def test_hitting_is_allowed_until_the_hand_passes_21():
    rnd = deal(DEFAULT, "2s 3h 9c 8d 4c 5d 7s")  # 5, 9, 14, 21: still may hit
    for _ in range(3):
        rnd.act(HIT)
    assert best_total(rnd.view().hand) == 21 and rnd.legal_actions() == (STAND, HIT)
    rnd.act(STAND)
    assert rnd.outcome.net == 1.0


# ---- splits ----------------------------------------------------------------------------------
def test_split_to_four_hands_and_no_further():
    # 8,8 against 7: every second card is an 8 until four hands, then 8,8 must be played
    rnd = deal(DEFAULT, "8s 8h 7c Td 8c 8d 8s 3c 3d 3h 2c 8h")
    rnd.act(SPLIT)  # hand 1 draws 8: may resplit
    assert rnd.legal_actions() == (STAND, HIT, DOUBLE, SPLIT)
    rnd.act(SPLIT)  # 3 hands; hand 1 draws 8 again
    rnd.act(SPLIT)  # 4 hands; hand 1 draws the last 8 of the stack: 8,8 and no room left
    assert len(rnd.hands) == 4 and rnd.legal_actions() == (STAND, HIT, DOUBLE)
    with pytest.raises(IllegalAction, match="split"):
        rnd.act(SPLIT)
    rnd.act(STAND)  # hand 1: 16
    for _ in range(3):  # hands 2-4 get their second cards 3, 3, 3 (11 each) and stand
        rnd.act(STAND)
    out = rnd.outcome
    assert [h.total for h in out.hands] == [16, 11, 11, 11] and out.dealer_total == 17
    assert out.net == -4.0


def test_split_limit_is_rules_as_data():
    rnd = deal(DEFAULT.with_(split_hands=2), "8s 8h 7c Td 8c")
    rnd.act(SPLIT)
    assert rnd.legal_actions() == (STAND, HIT, DOUBLE)  # 8,8 again: no resplit


def test_ten_value_cards_split_as_a_pair():
    rnd = deal(DEFAULT, "Ts Kh 7c Td")
    assert SPLIT in rnd.legal_actions()


def test_split_aces_take_one_card_and_21_is_no_natural():
    rnd = deal(DEFAULT, "As Ah 9c 8d Ks 5d")  # A+K = 21 (not a natural), A+5 = 16; dealer 17
    rnd.act(SPLIT)
    assert rnd.finished  # each ace got one card, no decisions
    assert [h.total for h in rnd.outcome.hands] == [21, 16]
    assert [h.net for h in rnd.outcome.hands] == [1.0, -1.0]  # 21 pays even money
    assert rnd.outcome.net == 0.0


def test_split_21_against_dealer_21_pushes():
    rnd = deal(DEFAULT, "As Ah 9c 8d Ks Kd 4c")  # dealer 17? 9+8 = 17 stands
    rnd.act(SPLIT)
    assert rnd.outcome.dealer_total == 17 and rnd.outcome.net == 2.0
    rnd = deal(DEFAULT, "As Ah 9c 2d Ks Kd Tc")  # dealer 11 draws T: 21
    rnd.act(SPLIT)
    assert rnd.outcome.dealer_total == 21 and rnd.outcome.net == 0.0


def test_aces_are_not_resplit_unless_the_rules_allow():
    rnd = deal(DEFAULT, "As Ah 9c 8d Ac 5d")  # hand 1 draws an ace: A,A = soft 12, no resplit
    rnd.act(SPLIT)
    assert rnd.finished and rnd.outcome.hands[0].total == 12
    rnd = deal(DEFAULT.with_(rsa=True), "As Ah 9c 8d Ac 5d 6s 7s")
    rnd.act(SPLIT)
    assert not rnd.finished and rnd.legal_actions() == (STAND, SPLIT)  # no hit, no double
    rnd.act(SPLIT)
    assert rnd.finished and len(rnd.outcome.hands) == 3


def test_hit_split_aces_when_the_rules_allow():
    rnd = deal(DEFAULT.with_(hit_split_aces=True), "As Ah 9c 8d 2s 5d 3c")
    rnd.act(SPLIT)
    assert rnd.legal_actions() == (STAND, HIT, DOUBLE)
    rnd.act(HIT)
    assert rnd.view().hand == tuple(cards("As 2s 5d"))


def test_double_after_split_only_when_allowed():
    rnd = deal(DEFAULT, "8s 8h 7c Td 3c")
    rnd.act(SPLIT)
    assert DOUBLE in rnd.legal_actions()
    rnd = deal(DEFAULT.with_(das=False), "8s 8h 7c Td 3c")
    rnd.act(SPLIT)
    assert rnd.legal_actions() == (STAND, HIT)
    with pytest.raises(IllegalAction, match="double"):
        rnd.act(DOUBLE)


def test_resplit_hands_are_played_in_order_and_settled_separately():
    # 9,9 vs 6 (dealer 16 draws T: bust): hands 9+T = 19, 9+2 doubles +9 = 20
    rnd = deal(DEFAULT, "9s 9h 6c Td Ts 2c 9d Th")
    rnd.act(SPLIT)
    rnd.act(STAND)
    assert rnd.view().hand == tuple(cards("9h 2c")) and rnd.view().hand_index == 1
    rnd.act(DOUBLE)
    out = rnd.outcome
    assert out.dealer_total == 26
    assert [(h.total, h.wager, h.net) for h in out.hands] == [(19, 1, 1), (20, 2, 2)]
    assert out.net == 3.0 and out.first_action == SPLIT


# ---- illegal actions -------------------------------------------------------------------------
def test_illegal_actions_are_rejected():
    rnd = deal(DEFAULT, "5s 6h 9c 8d 2c 3c")
    with pytest.raises(IllegalAction, match="legal: stand, hit, double"):
        rnd.act(SPLIT)  # not a pair
    with pytest.raises(IllegalAction):
        rnd.act("surrender")  # disabled by the rules page
    with pytest.raises(IllegalAction):
        rnd.act("insurance")
    rnd.act(HIT)
    with pytest.raises(IllegalAction, match="double"):
        rnd.act(DOUBLE)  # only on the first two cards
    rnd.act(STAND)
    with pytest.raises(IllegalAction, match="round is over"):
        rnd.act(HIT)
    with pytest.raises(IllegalAction, match="round is over"):
        rnd.view()


def test_a_busted_hand_takes_no_more_actions():
    rnd = deal(DEFAULT, "8s 8h 7c Td Ts 9s 2c")  # split; hand 1: 8,T hits 9 and busts
    rnd.act(SPLIT)
    rnd.act(HIT)
    assert rnd.hands[0].busted and rnd.hands[0].closed
    assert rnd.view().hand_index == 1 and rnd.view().hand == tuple(cards("8h 2c"))


def test_the_decks_are_the_shoes_alone():
    # Changed with the refactor that took decks out of the rules: a round no longer checks the
    # shoe's decks against the rules' (there are none to disagree with). They agree now because
    # the decks live in one place only: the rules refuse a deck count, and a round deals from
    # the shoe it is given, whatever its decks.
    with pytest.raises(TypeError, match="decks"):
        BlackjackRules(decks=2)
    rnd = BlackjackRound(DEFAULT, ShuffledShoe(2, 0))
    assert rnd.shoe.decks == 2 and len(rnd.shoe.cards) == 2 * 52


# ---- surrender -------------------------------------------------------------------------------
SURRENDER_RULES = DEFAULT.with_(surrender=True)
LATE_SURRENDER = PEEK.with_(surrender=True)


@pytest.mark.parametrize("rules", [SURRENDER_RULES, LATE_SURRENDER])
def test_surrender_loses_half_and_the_dealer_draws_nothing(rules):
    rnd = deal(rules, "Ts 6h 9c 6d 5s")  # 16 against 9; the dealer's 15 would draw
    assert rnd.legal_actions() == (STAND, HIT, DOUBLE, SURRENDER)
    rnd.act(SURRENDER)
    out = rnd.outcome
    assert out.net == -0.5 and out.first_action == SURRENDER and out.hands[0].surrendered
    assert out.dealer == tuple(cards("9c 6d"))


def test_no_peek_surrender_loses_half_to_a_dealer_natural_too():
    rnd = deal(SURRENDER_RULES, "Ts 6h Ac Kd")
    rnd.act(SURRENDER)
    assert rnd.outcome.net == -0.5 and rnd.outcome.dealer_natural
    assert rnd.outcome.hands[0].net == -0.5


def test_late_surrender_comes_after_the_peek():
    rnd = deal(LATE_SURRENDER, "Ts 6h Ac Kd")  # the natural wins before the player acts
    assert rnd.finished and rnd.outcome.net == -1.0
    with pytest.raises(IllegalAction, match="round is over"):
        rnd.act(SURRENDER)


def test_surrender_only_on_an_unsplit_hands_first_two_cards():
    rnd = deal(SURRENDER_RULES, "Ts 2h 9c 7d 3c 2s")
    rnd.act(HIT)
    assert SURRENDER not in rnd.legal_actions()
    with pytest.raises(IllegalAction, match="legal: stand, hit"):
        rnd.act(SURRENDER)
    rnd = deal(SURRENDER_RULES, "8s 8h Tc 7d 8c 3c 9s 2d 4d")
    assert SURRENDER in rnd.legal_actions()
    rnd.act(SPLIT)  # the first split hand draws another 8: resplit allowed, surrender not
    assert rnd.legal_actions() == (STAND, HIT, DOUBLE, SPLIT)
    rnd.act(STAND)
    assert SURRENDER not in rnd.legal_actions()


def test_surrender_is_illegal_unless_the_rules_allow_it():
    for rules in (DEFAULT, PEEK):
        rnd = deal(rules, "Ts 6h 9c 6d 5s")
        assert SURRENDER not in rnd.legal_actions()
        with pytest.raises(IllegalAction, match="not allowed"):
            rnd.act(SURRENDER)


# ---- any legal play --------------------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    choices=st.lists(st.integers(0, 3), min_size=40, max_size=40),
    decks=st.sampled_from([2, 6]),
    peek=st.booleans(),
    rsa=st.booleans(),
    hsa=st.booleans(),
    split_hands=st.sampled_from([2, 3, 4]),
    pair=st.one_of(st.none(), st.tuples(*[st.integers(0, 12)] * 3, st.integers(0, 4))),
    surrender=st.booleans(),
)
def test_any_legal_play_settles_consistently(
    seed, choices, decks, peek, rsa, hsa, split_hands, pair, surrender
):
    """Random legal actions: every card dealt is on the table, nets add up, limits hold.
    ``pair`` = (rank, up, hole, more): deal a pair of that rank and ``more`` of it next, so
    that splits and resplits are exercised."""
    rules = BlackjackRules(
        peek=peek,
        rsa=rsa,
        hit_split_aces=hsa,
        split_hands=split_hands,
        surrender=surrender,
    )
    shoe = ShuffledShoe(decks, seed)
    if pair is not None:
        rank, up, hole, more = pair
        ranks = [rank, rank, up, hole] + [rank] * more
        shoe.stack(kind_of(r, i % 4) for i, r in enumerate(ranks))
    rnd = BlackjackRound(rules, shoe)
    steps = iter(choices)
    while not rnd.finished:
        legal = rnd.legal_actions()
        rnd.act(legal[next(steps) % len(legal)])
    out = rnd.outcome
    shown = [c for h in out.hands for c in h.cards] + list(out.dealer)
    assert sorted(shown) == sorted(shoe.cards[: shoe.dealt].tolist())
    assert len(out.hands) <= split_hands
    if out.player_natural or (peek and out.dealer_natural):
        assert len(out.hands) == 1 and len(out.hands[0].cards) == 2
        return
    assert out.net == sum(h.net for h in out.hands)
    if any(h.surrendered for h in out.hands):
        assert surrender and len(out.hands) == 1 and len(out.hands[0].cards) == 2
        assert out.net == -0.5 and len(out.dealer) == 2
        return
    for h in out.hands:
        assert abs(h.net) in (0, h.wager)
        if h.busted or out.dealer_natural:
            assert h.net == -h.wager
    if out.dealer_natural or all(h.busted for h in out.hands):
        assert len(out.dealer) == 2
    else:
        assert out.dealer_total >= 17 and not dealer_draws(list(out.dealer), rules)
