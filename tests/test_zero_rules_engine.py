"""The Zero engine: dealing, every settlement rule, every illegal action, rules as data."""

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardedge.analysis.zero.paytable import load_paytable
from cardedge.analysis.zero.rules import ZeroRules, preset
from cardedge.engine.core.dealing import (
    IllegalAction,
    ShuffledShoe,
    card_label,
    draw,
    fresh_shoe,
    parse_card,
)
from cardedge.engine.zero.game import (
    DOUBLE,
    HIT,
    SPLIT,
    STAND,
    ZeroRound,
    dealer_draws,
    is_trips,
    is_zero_pair,
    settle_hand,
)


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


DECKS = 6
"""Decks of the shoe the scripted rounds are dealt from (the rules carry no decks)."""


def deal(rules: ZeroRules, text: str, side_bet: float = 0.0) -> ZeroRound:
    """A round whose cards come in the order given: P1 P2 up hole, then draws in order."""
    shoe = ShuffledShoe(DECKS, 0)
    shoe.stack(cards(text))
    return ZeroRound(rules, shoe, side_bet)


STATED = preset("stated")
PUBLISHED = preset("published")


# ---- dealing ---------------------------------------------------------------------------------
def test_a_whole_shoe_is_dealt_without_replacement():
    shoe = ShuffledShoe(2, 5)
    dealt = [shoe.draw() for _ in range(shoe.size)]
    assert Counter(dealt) == Counter(fresh_shoe(2).tolist())
    with pytest.raises(RuntimeError, match="empty"):
        shoe.draw()
    shoe.new_round()
    assert shoe.cards_left == 104


def test_the_numba_draw_deals_the_same_cards_as_the_python_shoe():
    py = ShuffledShoe(6, 123)
    arr = fresh_shoe(6)
    rng = np.random.default_rng(123)
    for _ in range(3):  # rounds: both restart at position 0 on the permuted array
        py.new_round()
        want = [py.draw() for _ in range(12)]
        got = [int(draw(rng, arr, i)) for i in range(12)]
        assert got == want


def test_draws_are_uniform_over_the_remaining_cards():
    # first card of a 1-deck shoe: each of the 52 kinds once per 52 on average
    shoe = ShuffledShoe(1, 9)
    counts = Counter()
    for _ in range(20_800):
        shoe.new_round()
        counts[shoe.draw()] += 1
    assert len(counts) == 52
    chi2 = sum((c - 400) ** 2 / 400 for c in counts.values())
    assert chi2 < 110  # 51 degrees of freedom: P(chi2 > 110) < 1e-5


def test_card_labels_round_trip():
    for k in range(52):
        assert parse_card(card_label(k)) == k
        assert parse_card(card_label(k, symbols=False)) == k
    assert card_label(parse_card("10h")) == "10\u2665"
    with pytest.raises(ValueError, match="unknown rank"):
        parse_card("1s")
    with pytest.raises(ValueError, match="unknown suit"):
        parse_card("Kx")


def test_a_stacked_card_must_be_in_the_shoe():
    shoe = ShuffledShoe(1, 0)
    shoe.stack(cards("Ks Ks"))
    shoe.draw()
    with pytest.raises(ValueError, match="not left in the shoe"):
        shoe.draw()


# ---- settlement ------------------------------------------------------------------------------
def test_lower_total_wins_higher_loses_equal_pushes():
    assert settle_hand(3, 7, 1.0) == 1.0
    assert settle_hand(7, 3, 2.0) == -2.0
    assert settle_hand(4, 4, 2.0) == 0.0


def test_dealer_stands_below_five_on_two_cards():
    assert not dealer_draws(4, 2, STATED) and dealer_draws(5, 2, STATED)
    rnd = deal(STATED, "Ts 2h 3c Ad")  # player 2; dealer 3 + A = 4 stands
    rnd.act(STAND)
    assert rnd.outcome.dealer == tuple(cards("3c Ad")) and rnd.outcome.dealer_total == 4
    assert rnd.outcome.net == 1.0 and rnd.outcome.decision == "stand"


def test_dealer_draws_a_third_card_on_five_or_more():
    rnd = deal(STATED, "9s 9h 5c Kd 6c")  # player 8; dealer 5 draws 6 -> 1, stops
    rnd.act(STAND)
    assert rnd.outcome.dealer == tuple(cards("5c Kd 6c")) and rnd.outcome.dealer_total == 1
    assert rnd.outcome.net == -1.0


def test_dealer_stands_on_four_cards_whatever_the_total():
    assert dealer_draws(9, 3, STATED) and not dealer_draws(9, 4, STATED)
    rnd = deal(STATED, "Ks Qh 5c Kd 2c 2d")  # K-Q is no pair: 0; dealer 5, 7, 9: stops
    assert not rnd.finished
    rnd.act(STAND)
    assert rnd.outcome.dealer == tuple(cards("5c Kd 2c 2d")) and rnd.outcome.dealer_total == 9
    assert rnd.outcome.net == 1.0


def test_equal_totals_push():
    rnd = deal(STATED, "2s Ah 3c Kd")  # 3 against 3
    rnd.act(STAND)
    assert rnd.outcome.net == 0.0


@pytest.mark.parametrize("rules", [STATED, PUBLISHED])
@pytest.mark.parametrize(
    "text, trips",
    [("Ks Kh 7c", False), ("5s 5h 7c", False), ("Ks Kh Kc", True), ("5s 5h 5c", False)],
)
def test_zero_pair_wins_at_once_and_trips_pay_only_in_published(rules, text, trips):
    rnd = deal(rules, text + " 2d")
    assert rnd.finished and rnd.legal_actions() == ()
    out = rnd.outcome
    assert out.decision == "zero pair" and out.trips == trips
    assert out.net == (3.0 if trips and rules is PUBLISHED else 1.5)
    assert out.dealer == tuple(cards(text.split()[2] + " 2d"))


def test_ten_and_king_are_not_a_zero_pair():
    c = cards("Ts Kh Kc")
    assert not is_zero_pair(c[0], c[1]) and not is_trips(c[0], c[1], c[2])
    rnd = deal(PUBLISHED, "Ts Kh Kc Ad")
    assert not rnd.finished and rnd.legal_actions() == (STAND, HIT)


def test_hit_then_stand():
    rnd = deal(STATED, "4s 3h Ac 2d 2s")  # 7, hit 2 -> 9 against 3
    rnd.act(HIT)
    rnd.act(STAND)
    assert rnd.outcome.net == -1.0 and rnd.outcome.decision == "hit, stand"
    assert rnd.outcome.hands[0].cards == tuple(cards("4s 3h 2s"))


def test_hit_then_double_wins_and_loses_two():
    rnd = deal(STATED, "4s 3h 2c Ad 2s Ah")  # dealer 3 stands; 7, hit 2 -> 9, double A -> 0
    rnd.act(HIT)
    assert rnd.legal_actions() == (STAND, DOUBLE)
    rnd.act(DOUBLE)
    out = rnd.outcome
    assert out.hands[0].wager == 2 and out.hands[0].total == 0 and out.dealer_total == 3
    assert out.net == 2.0 and out.decision == "hit, double"
    rnd = deal(STATED, "4s 3h Ac 2d 2s 8h")  # dealer 3; 7, hit 2 -> 9, double 8 -> 7
    rnd.act(HIT)
    rnd.act(DOUBLE)
    assert rnd.outcome.net == -2.0


def test_split_plays_two_hands_each_settled_and_doubled_after_split():
    # 4-4 split against 5: hand 1 gets 6 (0) and stands; hand 2 gets 3 (7), hits 2 (9) and
    # doubles A (0); the dealer's 5 draws 3 (8) and K (8), four cards
    rnd = deal(STATED, "4s 4h 5c Kd 6s 3h 2c Ad 3c Kc")
    assert SPLIT in rnd.legal_actions()
    rnd.act(SPLIT)
    view = rnd.view()
    assert view.hand == tuple(cards("4s 6s")) and view.split_cards == tuple(cards("4s 4h"))
    assert view.hands == (tuple(cards("4s 6s")), tuple(cards("4h")))
    assert rnd.legal_actions() == (STAND, HIT)  # no zero pair, no resplit
    rnd.act(STAND)
    assert rnd.view().hand == tuple(cards("4h 3h"))
    rnd.act(HIT)
    rnd.act(DOUBLE)
    out = rnd.outcome
    assert out.decision == "split" and out.dealer_total == 8
    assert [(h.total, h.wager, h.net) for h in out.hands] == [(0, 1.0, 1.0), (0, 2.0, 2.0)]
    assert out.net == 3.0


def test_split_hands_lose_separately():
    # 9-9 split against 3 (dealer stands): hands 9+K = 9 and 9+4 = 3: -1 and push
    rnd = deal(STATED, "9s 9h 2c Ad Ks 4h")
    rnd.act(SPLIT)
    rnd.act(STAND)
    rnd.act(STAND)
    assert [h.net for h in rnd.outcome.hands] == [-1.0, 0.0] and rnd.outcome.net == -1.0


def test_a_split_hand_of_five_five_is_no_zero_pair():
    rnd = deal(STATED, "5s 4h 2c Ad 5h")  # split 5-4 (9); hand 1: 5-5 = 0 plays on
    rnd.act(SPLIT)
    assert rnd.view().hand == tuple(cards("5s 5h")) and not rnd.finished
    assert rnd.legal_actions() == (STAND, HIT)


def test_no_double_after_split_when_the_rules_forbid_it():
    rules = STATED.with_(das=False)
    rnd = deal(rules, "4s 4h 5c Kd 6s Ah")
    rnd.act(SPLIT)
    rnd.act(HIT)
    assert rnd.legal_actions() == (STAND,)
    with pytest.raises(IllegalAction, match="double"):
        rnd.act(DOUBLE)


def test_split_totals_are_rules_as_data():
    rnd = deal(STATED.with_(split_totals=frozenset({7})), "4s 3h 5c Kd")
    assert rnd.legal_actions() == (STAND, HIT, SPLIT)
    rnd = deal(STATED.with_(split_totals=frozenset()), "4s 4h 5c Kd")
    assert rnd.legal_actions() == (STAND, HIT)


def test_dealer_threshold_is_rules_as_data():
    rnd = deal(STATED.with_(dealer_draws=8), "Ks 2h 5c 2d")  # dealer 7 stands
    rnd.act(STAND)
    assert rnd.outcome.dealer_total == 7 and len(rnd.outcome.dealer) == 2


def test_zero_pair_payout_is_rules_as_data():
    rnd = deal(STATED.with_(zero_pair_pays=2.0, trips_pays=10.0), "Qs Qh Qc Ad")
    assert rnd.outcome.net == 10.0
    rnd = deal(STATED.with_(zero_pair_pays=2.0), "Qs Qh Jc Ad")
    assert rnd.outcome.net == 2.0


# ---- the side bet ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, row",
    [
        ("Ks Ks Ks", "three identical ten-valued cards"),
        ("Ks Kh Kd", "three ten-valued cards of the same rank"),
        ("5s 5s 9h", "identical two-card zero"),
        ("4s 6h 9h", "other two-card zero"),
        ("4s 3h 3d", "three-card zero"),
        ("4s 3h 2d", None),
    ],
)
def test_zero_pays_side_bet_settles_by_the_pay_table(text, row):
    table = load_paytable()
    rnd = deal(STATED, text + " Ac", side_bet=2.0)
    names = [r.hand for r in table.rows]
    want = names.index(row) if row else len(names)
    assert rnd.side_row == want
    if not rnd.finished:
        rnd.act(STAND)
    pays = float(table.rows[want].pays) if row else -1.0
    assert rnd.outcome.side_net == 2.0 * pays


def test_no_side_bet_no_side_result():
    rnd = deal(STATED, "Ks Ks Ks Ac")
    assert rnd.outcome.side_net == 0.0


# ---- illegal actions -------------------------------------------------------------------------
def test_illegal_actions_are_rejected_with_the_legal_ones_named():
    rnd = deal(STATED, "4s 4h 5c Kd 2s 2h")
    with pytest.raises(IllegalAction, match="legal: stand, hit, split"):
        rnd.act(DOUBLE)  # no double on two cards
    with pytest.raises(IllegalAction):
        rnd.act("surrender")
    rnd.act(HIT)
    with pytest.raises(IllegalAction, match="legal: stand, double"):
        rnd.act(HIT)  # one hit only
    with pytest.raises(IllegalAction):
        rnd.act(SPLIT)  # no split of three cards
    rnd.act(STAND)
    assert rnd.finished
    with pytest.raises(IllegalAction, match="round is over"):
        rnd.act(STAND)
    with pytest.raises(IllegalAction, match="round is over"):
        rnd.view()


def test_illegal_actions_are_errors_a_cli_reports_in_one_line():
    assert issubclass(IllegalAction, ValueError)


def test_no_split_of_other_totals_and_no_resplit():
    rnd = deal(STATED, "4s 2h 5c Kd")
    with pytest.raises(IllegalAction, match="split"):
        rnd.act(SPLIT)
    rnd = deal(STATED, "4s 4h 5c Kd 4d 4c")
    rnd.act(SPLIT)  # hand 1: 4-4 again (total 8): no resplit
    assert rnd.view().hand == tuple(cards("4s 4d"))
    with pytest.raises(IllegalAction, match="split"):
        rnd.act(SPLIT)


def test_no_action_after_a_zero_pair():
    rnd = deal(STATED, "Qs Qh 5c Kd")
    with pytest.raises(IllegalAction, match="round is over"):
        rnd.act(HIT)


def test_a_doubled_hand_takes_no_more_actions():
    rnd = deal(STATED, "4s 4h 5c Kd 6s 3h 2c Ad")
    rnd.act(SPLIT)
    rnd.act(HIT)
    rnd.act(DOUBLE)  # the first hand has four cards and is closed: play moves on
    assert rnd.view().hand_index == 1
    assert rnd.view().hand == tuple(cards("4h Ad"))
    assert rnd.hands[0].closed and len(rnd.hands[0].cards) == 4


def test_the_decks_are_the_shoes_alone():
    # Changed with the rules/shoe split: the rules carry no decks, so a round no longer checks
    # the shoe's decks against them (by design: a setup is rules plus a shoe, and any shoe of
    # whole decks goes with any rules). The decks are checked where they now live, the shoe.
    with pytest.raises(ValueError, match="decks"):
        ShuffledShoe(0, 0)
    with pytest.raises(ValueError, match="decks"):
        ShuffledShoe(9, 0)
    rnd = ZeroRound(STATED, ShuffledShoe(8, 0))  # the same rules go with an 8-deck shoe
    assert rnd.shoe.decks == 8 and rnd.shoe.size == 8 * 52
    with pytest.raises(ValueError, match="side bet"):
        ZeroRound(STATED, ShuffledShoe(6, 0), side_bet=-1)


# ---- any legal play --------------------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    choices=st.lists(st.integers(0, 3), min_size=8, max_size=8),
    decks=st.sampled_from([1, 2, 6, 8]),
    das=st.booleans(),
)
def test_any_legal_play_settles_consistently(seed, choices, decks, das):
    """Random legal actions: every card dealt is on the table, nets add up, limits hold."""
    rules = preset("published").with_(das=das)
    shoe = ShuffledShoe(decks, seed)
    rnd = ZeroRound(rules, shoe)
    steps = iter(choices)
    while not rnd.finished:
        legal = rnd.legal_actions()
        rnd.act(legal[next(steps) % len(legal)])
    out = rnd.outcome
    shown = [c for h in out.hands for c in h.cards] + list(out.dealer)
    assert len(shown) == shoe.dealt
    assert sorted(shown) == sorted(shoe.cards[: shoe.dealt].tolist())
    assert all(len(h.cards) <= 4 for h in out.hands) and len(out.dealer) <= 4
    if out.decision == "zero pair":
        assert out.net in (1.5, 3.0) and out.trips == (out.net == 3.0)
        return
    assert out.net == sum(h.net for h in out.hands)
    assert all(abs(h.net) == h.wager or h.net == 0 for h in out.hands)
    assert all(h.wager == (2.0 if len(h.cards) == 4 else 1.0) for h in out.hands)
    if not das and len(out.hands) == 2:
        assert all(h.wager == 1.0 for h in out.hands)
    d = out.dealer_total
    # the dealer stopped for a reason: below the threshold, or four cards
    assert d < rules.dealer_draws or len(out.dealer) == 4
