"""The shoe object: SPEC and removal parsing, names, validation, each game's minimum shoe."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardedge.analysis.blackjack import shoes as bj_shoes
from cardedge.analysis.blackjack.game import SHOE as BLACKJACK_SHOE
from cardedge.analysis.blackjack.round import shoe_values
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.cards import RANKS
from cardedge.analysis.core.shoe import (
    MAX_CARDS,
    Shoe,
    format_counts,
    game_shoe,
    parse_shoe,
    remove_cards,
)
from cardedge.analysis.zero import shoes as zero_shoes
from cardedge.analysis.zero.game import SHOE as ZERO_SHOE
from cardedge.analysis.zero.rules import ZeroRules, preset
from cardedge.games import game as game_named

ISSUE_SPEC = "A=20,2=22,3=24,4=19,5=21,6=24,7=23,8=22,9=24,T=80"


def test_fresh_shoe_is_named_by_its_decks():
    assert Shoe.decks(6).describe() == "6 decks"
    assert Shoe.decks(1).describe() == "1 deck"
    assert Shoe.decks(6).is_fresh and Shoe.decks(6).base_decks == 6


def test_removal_names_the_cards_and_takes_them_out():
    shoe = game_shoe(6, remove="5,5,T,A", form=ZERO_SHOE)
    assert shoe.describe() == "6 decks minus 5,5,T,A"
    assert shoe.counts == (23, 24, 24, 24, 22, 24, 24, 24, 24, 23, 24, 24, 24)
    assert shoe.size == 312 - 4 and shoe.base_decks == 6 and not shoe.is_fresh
    assert shoe == Shoe.decks(6).remove(0, 4, 4, 9)  # equal by counts, whatever the order


def test_removals_chain_and_accept_10_and_lower_case():
    shoe = remove_cards(remove_cards(Shoe.decks(2), "10, k", ZERO_SHOE), ["a"], ZERO_SHOE)
    assert shoe.describe() == "2 decks minus T,K,A"
    assert shoe.counts[0] == 7 and shoe.counts[9] == 7 and shoe.counts[12] == 7


def test_blackjack_spec_pools_the_tens_and_keeps_the_name():
    shoe = parse_shoe(ISSUE_SPEC, BLACKJACK_SHOE)
    assert shoe.describe() == ISSUE_SPEC
    assert shoe.counts[9:] == (20, 20, 20, 20)
    assert list(shoe_values(shoe)) == [20, 22, 24, 19, 21, 24, 23, 22, 24, 80]
    # Shoe.nominal_decks (a made-up deck count for the rules) is gone by design: decks left
    # the rules, so a shoe given by counts has no fresh decks and names itself in rows/titles.
    assert shoe.size == 279 and shoe.fresh_decks is None and shoe.base_decks is None
    assert shoe.row_keys() == {"decks": None, "shoe": ISSUE_SPEC}
    assert shoe.title() == f"shoe {ISSUE_SPEC}"


def test_blackjack_tens_given_separately_are_kept():
    spec = "A=4,2=4,3=4,4=4,5=4,6=4,7=4,8=4,9=4,T=1,J=2,Q=3,K=6"
    shoe = parse_shoe(spec, BLACKJACK_SHOE)
    assert shoe.counts[9:] == (1, 2, 3, 6) and shoe.describe() == spec


def test_blackjack_removes_a_ten_valued_card_of_any_rank():
    shoe = parse_shoe("A=4,2=4,3=4,4=4,5=4,6=4,7=4,8=4,9=4,T=0,J=2,Q=0,K=0", BLACKJACK_SHOE)
    # no T in the shoe: a T removes a ten-valued card (the same shoe for blackjack)
    assert remove_cards(shoe, "T,J", BLACKJACK_SHOE).counts[9:] == (0, 0, 0, 0)
    with pytest.raises(ValueError, match="cannot remove 3 ten-valued card"):
        remove_cards(shoe, "T,J,K", BLACKJACK_SHOE)
    with pytest.raises(ValueError, match=r"cannot remove 1 x T: the shoe holds 0"):
        remove_cards(shoe, "T", ZERO_SHOE)


def test_spec_equal_to_removal_is_the_same_shoe():
    removed = game_shoe(6, remove="5,5,T,A", form=ZERO_SHOE)
    spec = game_shoe(6, spec=removed.spec(), form=ZERO_SHOE)
    assert spec == removed and spec.describe() == removed.spec()


@pytest.mark.parametrize(
    "spec, game, message",
    [
        ("A=4,B=4", "zero", "unknown rank 'B'"),
        ("A=-1", "zero", "count of A must not be negative, got -1"),
        ("A=2.5", "zero", "count of A must be a whole number, got '2.5'"),
        ("A=x", "blackjack", "count of A must be a whole number"),
        ("A=1,A=2", "zero", "rank A is given twice"),
        ("A", "zero", "'A' is not rank=count"),
        ("A=1,,2=3", "zero", "empty item"),
        (
            "A=4,2=4,3=4,4=4,5=4,6=4,7=4,8=4,9=4,T=16",
            "zero",
            r"no count for J, Q, K \(Zero counts",
        ),
        ("A=4,2=4,3=4,4=4,5=4,6=4,7=4,8=4,9=4,T=4,J=4", "blackjack", "no count for Q, K"),
        ("A=0,2=0,3=0,4=0,5=0,6=0,7=0,8=0,9=0,T=0", "blackjack", "holds no cards"),
        ("A=500,2=0,3=0,4=0,5=0,6=0,7=0,8=0,9=0,T=0", "blackjack", f"at most {MAX_CARDS}"),
        ("A=1", "poker", "unknown game"),
    ],
)
def test_bad_specs_give_one_line_naming_the_problem(spec, game, message):
    with pytest.raises(ValueError, match=message) as e:
        parse_shoe(spec, game_named(game).shoe)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize(
    "cards, message",
    [
        ("5,5,5,5,5", r"cannot remove 5 x 5: the shoe holds 4"),
        ("5,X", "unknown rank 'X'"),
        (" , ", "no cards to remove"),
    ],
)
def test_bad_removals_give_one_line(cards, message):
    with pytest.raises(ValueError, match=message):
        game_shoe(1, remove=cards, form=ZERO_SHOE)


# -- each game's deepest round ------------------------------------------------------------
def test_zero_minimum_shoe_from_the_rules():
    rules = preset("published")
    assert zero_shoes.deepest_round_cards(rules) == 12  # 2 split hands x 4 cards + 4 dealer
    assert zero_shoes.deepest_round_cards(ZeroRules(split_totals=frozenset())) == 8
    assert zero_shoes.minimum_cards(rules) == 14  # the evaluator's floor
    small = parse_shoe("A=1,2=1,3=1,4=1,5=1,6=1,7=1,8=1,9=1,T=1,J=1,Q=1,K=1", ZERO_SHOE)
    with pytest.raises(ValueError, match="holds 13 cards; at least 14 are needed"):
        zero_shoes.check_shoe(small, rules)
    ok = parse_shoe("A=2,2=1,3=1,4=1,5=1,6=1,7=1,8=1,9=1,T=1,J=1,Q=1,K=1", ZERO_SHOE)
    assert zero_shoes.check_shoe(ok, rules) is ok


def test_blackjack_minimum_shoe_from_the_rules():
    rules = BlackjackRules()
    assert bj_shoes.deepest_round_points(rules) == 26 + 31 * 4 == 150
    assert bj_shoes.minimum_points(rules.with_(split_hands=2)) == 26 + 62 + 1
    tens = "A=0,2=0,3=0,4=0,5=0,6=0,7=0,8=0,9=0,T={}"
    with pytest.raises(ValueError, match="holds 150 points .* at least 151 are needed"):
        bj_shoes.check_shoe(parse_shoe(tens.format(15), BLACKJACK_SHOE), rules)
    shoe = parse_shoe("A=1,2=0,3=0,4=0,5=0,6=0,7=0,8=0,9=0,T=15", BLACKJACK_SHOE)
    assert bj_shoes.check_shoe(shoe, rules) is shoe
    assert bj_shoes.shoe_points(Shoe.decks(1)) == 340


# -- properties ---------------------------------------------------------------------------
counts_13 = st.lists(st.integers(0, 30), min_size=13, max_size=13).filter(lambda c: sum(c) > 0)


@settings(max_examples=200, deadline=None)
@given(counts_13)
def test_zero_spec_round_trips(counts):
    shoe = parse_shoe(format_counts(counts), ZERO_SHOE)
    assert shoe.counts == tuple(counts) and shoe.describe() == format_counts(counts)


@settings(max_examples=200, deadline=None)
@given(counts_13)
def test_blackjack_pooled_spec_keeps_every_value_count(counts):
    shoe = parse_shoe(format_counts(counts, pool_tens=True), BLACKJACK_SHOE)
    assert list(shoe_values(shoe)) == list(shoe_values(Shoe(tuple(counts))))
    assert max(shoe.counts[9:]) - min(shoe.counts[9:]) <= 1


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 8), st.lists(st.sampled_from(RANKS), max_size=30))
def test_removal_equals_the_spec_of_what_is_left(decks, cards):
    full = Shoe.decks(decks)
    have = {r: cards.count(r) for r in RANKS}
    if any(n > 4 * decks for n in have.values()) or not cards:
        return
    removed = remove_cards(full, cards, ZERO_SHOE)
    assert removed.size == full.size - len(cards)
    assert removed == parse_shoe(removed.spec(), ZERO_SHOE)
    assert removed.describe() == f"{full.describe()} minus {','.join(cards)}"
    for r, rank in enumerate(RANKS):
        assert removed.counts[r] == 4 * decks - have[rank]


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 2), st.sampled_from(RANKS), st.integers(1, 12))
def test_removing_too_many_names_the_rank(decks, rank, extra):
    with pytest.raises(ValueError, match=f"the shoe holds {4 * decks}"):
        remove_cards(Shoe.decks(decks), [rank] * (4 * decks + extra), ZERO_SHOE)
