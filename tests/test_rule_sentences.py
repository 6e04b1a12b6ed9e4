"""The rules as plain sentences (``analysis/<game>/sentences.py``, issue 45): each fixed-rule
sentence against concrete rounds dealt by the rules engine from a stacked shoe, each rule
sentence following the rules' questions (a changed rule changes it and adds a difference),
every declared rule stated, a rule declared later stated by its help without further edits."""

from __future__ import annotations

import dataclasses

import pytest

from cardedge.analysis.blackjack import sentences as bj_sentences
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core import sentences as core
from cardedge.analysis.core.rules import Rule, RuleSet, Switch
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero import sentences as zero_sentences
from cardedge.analysis.zero.rules import PlayRules, preset
from cardedge.engine.blackjack.game import BlackjackRound, best_total
from cardedge.engine.core.dealing import ShuffledShoe, parse_card
from cardedge.engine.zero.game import DOUBLE, HIT, SPLIT, STAND, ZeroRound, zero_total

STATED = preset("stated")
PUBLISHED = preset("published")
BJ = BlackjackRules()


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def stacked(text: str, decks: int = 6) -> ShuffledShoe:
    """A shoe dealing these cards first, in order: the player's two, the up card, the hole
    card, then every draw (then random cards)."""
    shoe = ShuffledShoe(decks, 0)
    shoe.stack(cards(text))
    return shoe


def zero(rules, text: str) -> ZeroRound:
    return ZeroRound(rules, stacked(text))


def blackjack(rules, text: str) -> BlackjackRound:
    return BlackjackRound(rules, stacked(text))


def rule(sentences: list[str], number: int) -> str:
    """The numbered sentence ``number`` ('7. Then the dealer ...')."""
    (found,) = [s for s in sentences if s.startswith(f"{number}. ")]
    return found


def differences(sentences: list[str]) -> list[str]:
    return [s for s in sentences if s.startswith("Rule ") or s.startswith("Every rule")]


# ---- Zero: each fixed-rule sentence, dealt --------------------------------------------------


@pytest.fixture(scope="module")
def said():
    return zero_sentences.rule_sentences(STATED, [Shoe.decks(6)])


def test_zero_names_its_rules_page_and_follows_its_numbers(said):
    assert said[0].startswith(
        "The rules as played, numbered; the rules page they follow is the Zero rules page,"
    )
    assert '"Zero — rules, resolved, and the figures to reproduce", English' in said[0]
    assert "(shared/rules/zero.md)" in said[0]
    assert [s.split(".")[0] for s in said[1:9]] == [str(n) for n in range(1, 9)]
    assert rule(said, 1).startswith("1. One player; every round is dealt from a fresh shoe of 6 ")
    assert said[-1] == "Every rule is as the rules page states it (shared/rules/zero.md)."
    # no option flag or true/false among the rules themselves
    assert not any("--" in s or "true" in s or "false" in s for s in said)


def test_zero_rule_2_points_and_totals(said):
    assert "an ace 1, 2 to 9 their face value, 10, J, Q and K 0" in rule(said, 2)
    assert "last digit of the sum" in rule(said, 2)
    rnd = zero(STATED, "9s 8h 4d 6c")
    assert rnd.hands[0].total == 7  # 17: its last digit
    assert zero_total(cards("Ks Qh Jd Tc As")) == 1
    assert zero_total(cards("2s 3h 4d 5c 6s 7h 8d 9c")) == 44 % 10


def test_zero_rule_4_the_deal_order(said):
    assert (
        "two cards face up, then the dealer one card face up (the up card) and one face down"
        in (rule(said, 4))
    )
    rnd = zero(STATED, "2s 3h 4d 6c 7h")
    assert rnd.hands[0].cards == cards("2s 3h")
    assert (rnd.up, rnd.hole) == tuple(cards("4d 6c"))
    assert "hole" not in {f.name for f in dataclasses.fields(rnd.view())}  # unseen
    rnd.act(HIT)
    assert rnd.hands[0].cards == cards("2s 3h 7h")


@pytest.mark.parametrize("pair", ["5s 5h", "Ts Th", "Js Jh", "Qs Qh", "Ks Kh"])
def test_zero_rule_5_every_zero_pair_the_sentence_names_pays_at_once(said, pair):
    first = pair.split()[0][0].replace("T", "10")
    assert f"{first}-{first}" in rule(said, 5)
    assert "wins at once and pays 3 to 2" in rule(said, 5)
    rnd = zero(STATED, pair + " 4d 6c")
    assert rnd.finished and rnd.outcome.decision == "zero pair" and rnd.outcome.net == 1.5
    paid = preset("stated", {"zero_pair_pays": 2.0})
    assert "wins at once and pays 2 to 1" in rule(zero_sentences.rule_sentences(paid), 5)
    assert zero(paid, pair + " 4d 6c").outcome.net == 2.0


def test_zero_rule_5_what_is_not_a_zero_pair():
    for two in ("Ts Kh", "4s 6h", "9s As"):  # total 0, but not one rank
        assert not zero(STATED, two + " 4d 6c").finished
    # a split hand never: 5-3 split (total 8), the first hand draws a 5 (5-5, total 0)
    rnd = zero(STATED, "5s 3h 4d 6c 5d")
    rnd.act(SPLIT)
    assert rnd.hands[0].cards == cards("5s 5d") and not rnd.finished
    rnd.act(STAND)
    rnd.act(STAND)
    assert rnd.outcome.decision == "split"


def test_zero_rule_5_ten_valued_trips_as_the_preset_says():
    stated, published = (zero_sentences.rule_sentences(r) for r in (STATED, PUBLISHED))
    assert "trips" not in rule(stated, 5)
    assert "(ten-valued trips, K-K with a K) pays 3 to 1 instead" in rule(published, 5)
    assert zero(STATED, "Ks Kh Kd 6c").outcome.net == 1.5
    assert zero(PUBLISHED, "Ks Kh Kd 6c").outcome.net == 3.0
    assert zero(PUBLISHED, "5s 5h 5d 6c").outcome.net == 1.5  # not ten-valued
    assert differences(published) == [
        "Rule 5 differs from the rules page: here ten-valued trips pay 3 to 1; on the rules "
        "page ten-valued trips are paid as any Zero Pair (--trips-pays 3:1)."
    ]


def test_zero_rule_6_stand_hit_once_double_on_three_cards(said):
    six = rule(said, 6)
    assert "stands on the two cards, or hits once" in six
    assert "A three-card hand may double on any total" in six
    rnd = zero(STATED, "2s 3h 4d 6c 7h 8d")
    assert rnd.legal_actions() == (STAND, HIT)  # total 5: no split
    rnd.act(HIT)
    assert rnd.legal_actions() == (STAND, DOUBLE)  # no second hit
    rnd.act(DOUBLE)
    assert rnd.finished and rnd.outcome.hands[0].wager == 2.0
    assert len(rnd.outcome.hands[0].cards) == 4
    for third in range(10):  # every three-card total may double
        card = "T" if third == 0 else "A" if third == 1 else str(third)
        rnd = zero(STATED, f"Ks Th 4d 6c {card}d")
        rnd.act(HIT)
        assert rnd.hands[0].total == third and DOUBLE in rnd.legal_actions()


def test_zero_rule_6_splits_exactly_the_totals_it_names(said):
    six = rule(said, 6)
    assert "Two first cards totalling 8 or 9 may split, a pair or not" in six
    assert "0-8, 1-7, 2-6, 3-5, 4-4, 9-9, 0-9, 1-8, 2-7, 3-6, 4-5" in six
    for a in range(10):
        for b in range(a, 10):
            first = "K" if a == 0 else "A" if a == 1 else str(a)
            second = "Q" if b == 0 else "A" if b == 1 else str(b)
            rnd = zero(STATED, f"{first}s {second}h 4d 6c")
            if rnd.finished:  # a Zero Pair
                continue
            assert (SPLIT in rnd.legal_actions()) == ((a + b) % 10 in (8, 9)), (a, b)
    # once only, each split hand stands or hits once, doubles on three cards (DAS)
    rnd = zero(STATED, "4s 4h 5d 6c 2d 3c")
    rnd.act(SPLIT)
    assert rnd.legal_actions() == (STAND, HIT)
    rnd.act(HIT)
    assert rnd.legal_actions() == (STAND, DOUBLE)
    assert "A split hand's three-card hand may double too, on any total" in six
    no_das = zero_sentences.rule_sentences(STATED.with_(das=False))
    assert "A split hand may not double." in rule(no_das, 6)
    rnd = zero(STATED.with_(das=False), "4s 4h 5d 6c 2d 3c")
    rnd.act(SPLIT)
    rnd.act(HIT)
    assert rnd.legal_actions() == (STAND,)


def test_zero_rule_7_the_dealer_draws_on_5_or_more_and_stands_on_4(said):
    seven = rule(said, 7)
    assert "draws a third card on a two-card total of 5 or more (stands on 4 or less)" in seven
    assert "a fourth card on a three-card total of 5 or more" in seven
    assert "stands on four cards" in seven
    rnd = zero(STATED, "As 2h 2d 2c")  # dealer 4: stands
    rnd.act(STAND)
    assert rnd.outcome.dealer == tuple(cards("2d 2c"))
    rnd = zero(STATED, "As 2h 2d 3c 2s")  # dealer 5: draws, 7 on three: draws again
    rnd.act(STAND)
    assert len(rnd.outcome.dealer) == 4
    rnd = zero(STATED, "As 2h 2d 3c 9s")  # 5 then 4 on three cards: stands
    rnd.act(STAND)
    assert len(rnd.outcome.dealer) == 3
    rnd = zero(STATED, "As 2h 5d 4c 9s 9d")  # 9, 8 on three, 7 on four: no fifth card
    rnd.act(STAND)
    assert len(rnd.outcome.dealer) == 4


def test_zero_rule_8_the_lower_total_wins(said):
    assert rule(said, 8).startswith("8. The lower total wins")
    for player, dealer, net in (("As 2h", "2d 2c", 1.0), ("2s 3h", "As 2c", -1.0)):
        rnd = zero(STATED, f"{player} {dealer}")  # 3 against 4, 5 against 3 (both stand)
        rnd.act(STAND)
        assert rnd.outcome.net == net
    rnd = zero(STATED, "As 2h 2d As")  # 3 against 3
    rnd.act(STAND)
    assert rnd.outcome.net == 0.0
    rnd = zero(STATED, "2s 3h 2d 2c Ah 9d")  # hits to 6, doubles to 5 against 4: loses 2
    rnd.act(HIT)
    rnd.act(DOUBLE)
    assert rnd.outcome.net == -2.0
    rnd = zero(STATED, "As Ah 3d Ac Kd Kc")  # hits to 2, doubles to 2 against 4: wins 2
    rnd.act(HIT)
    rnd.act(DOUBLE)
    assert rnd.outcome.dealer_total == 4 and rnd.outcome.net == 2.0


# ---- Zero: the sentences follow the rules' questions ------------------------------------------


def test_zero_the_dealer_sentence_follows_dealer_draws():
    said = zero_sentences.rule_sentences(STATED.with_(dealer_draws=4))
    assert "a two-card total of 4 or more (stands on 3 or less)" in rule(said, 7)
    assert differences(said) == [
        "Rule 7 differs from the rules page: here the dealer draws a third card on a two-card "
        "total of 4 or more and a fourth on a three-card total of 4 or more; on the rules page "
        "the dealer draws a third card on a two-card total of 5 or more and a fourth on a "
        "three-card total of 5 or more (--dealer-draws 4)."
    ]
    rnd = zero(STATED.with_(dealer_draws=4), "As 2h 2d 2c 9s")  # dealer 4 now draws
    rnd.act(STAND)
    assert len(rnd.outcome.dealer) == 3
    never = zero_sentences.rule_sentences(STATED.with_(dealer_draws=10))
    assert rule(never, 7) == "7. Then the dealer turns the hole card and stands on it."


def test_zero_the_split_sentence_follows_split_totals():
    rules = STATED.with_(split_totals={7, 8, 9})
    said = zero_sentences.rule_sentences(rules)
    assert "Two first cards totalling 7, 8 or 9 may split" in rule(said, 6)
    assert any("(--split-totals 7-9)" in d for d in differences(said))
    assert SPLIT in zero(rules, "3s 4h 5d 6c").legal_actions()
    none = zero_sentences.rule_sentences(STATED.with_(split_totals="none"))
    assert "No hand may split." in rule(none, 6)


def test_zero_the_double_sentences_follow_the_question_not_the_fields(monkeypatch):
    """A rule restricting doubling reaches the sentences through ``may_double`` alone (the
    lead's ``double_totals`` will): the engine asks the same question."""
    monkeypatch.setattr(PlayRules, "may_double", lambda self, split, total: total <= 6)
    said = zero_sentences.rule_sentences(STATED)
    assert "A three-card hand may double on 6 or less" in rule(said, 6)
    assert "A split hand's three-card hand may double too, on 6 or less" in rule(said, 6)
    for third, may in (("4d", True), ("8d", False)):  # 0 + 0 + third card
        rnd = zero(STATED, f"Ks Th 4h 6c {third}")
        rnd.act(HIT)
        assert (DOUBLE in rnd.legal_actions()) is may


# ---- blackjack: each fixed-rule sentence, dealt ----------------------------------------------


@pytest.fixture(scope="module")
def bj_said():
    return bj_sentences.rule_sentences(BJ, [Shoe.decks(6)])


def test_blackjack_names_its_rules_page(bj_said):
    assert bj_said[0].startswith(
        "The rules as played, numbered; the rules page they follow is the blackjack rules page,"
    )
    assert '"Blackjack — the variant this project analyses", English' in bj_said[0]
    assert "(shared/rules/blackjack.md)" in bj_said[0]
    assert bj_said[-1] == "Every rule is as the rules page states it (shared/rules/blackjack.md)."
    assert not any("--" in s or "true" in s or "false" in s for s in bj_said)


def test_blackjack_rule_2_card_values_and_naturals(bj_said):
    two = rule(bj_said, 2)
    assert "an ace counts 11 unless that takes the hand past 21, then 1" in two.lower()
    assert "10, J, Q and K 10" in two and "21 made after a split is not a natural" in two
    assert best_total(cards("As 6h")) == 17 and best_total(cards("As 6h Kd")) == 17
    # a split ace and a ten: 21, paid even money, not 3 to 2
    rnd = blackjack(BJ, "As Ah 7d 9c Kd Qc Ts")
    rnd.act("split")
    assert rnd.finished and rnd.outcome.net == 2.0


def test_blackjack_rule_3_no_peek_a_dealer_natural_takes_every_bet(bj_said):
    three = rule(bj_said, 3)
    assert "one face down (the hole card), dealt at the start" in three
    assert "(no peek, European no-hole-card)" in three
    assert "takes every wager, doubles and splits included" in three
    assert "same game, with the same figures, as a dealer who takes the second card" in three
    rnd = blackjack(BJ, "5s 6h As Kd 9c")  # 11 against an ace: the player may double
    assert (rnd.up, rnd.hole) == tuple(cards("As Kd"))
    rnd.act("double")
    assert rnd.outcome.dealer_natural and rnd.outcome.net == -2.0
    # the player's choices are the same whatever the hole card (it is not looked at)
    assert (
        blackjack(BJ, "5s 6h As 7d").legal_actions() == blackjack(BJ, "5s 6h As Kd").legal_actions()
    )
    peek = BJ.with_(peek=True)
    said = bj_sentences.rule_sentences(peek)
    assert "(peek): a dealer natural ends the round at once" in rule(said, 3)
    rnd = blackjack(peek, "5s 6h As Kd")
    assert rnd.finished and rnd.outcome.net == -1.0 and rnd.outcome.first_action is None
    assert differences(said)[0].startswith("Rule 3 differs from the rules page: here the dealer")
    assert differences(said)[0].endswith("(--peek).")


def test_blackjack_rule_4_a_natural_pays_3_to_2(bj_said):
    assert "A player natural wins 3 to 2 at once" in rule(bj_said, 4)
    assert blackjack(BJ, "As Kh 9d 7c").outcome.net == 1.5
    assert blackjack(BJ, "As Kh Ad Tc").outcome.net == 0.0  # against a dealer natural
    six_five = BJ.with_(natural="6:5")
    assert "wins 6 to 5" in rule(bj_sentences.rule_sentences(six_five), 4)
    assert blackjack(six_five, "As Kh 9d 7c").outcome.net == 1.2


def test_blackjack_rule_5_a_bust_loses_at_once_and_the_five_card_rule(bj_said):
    five = rule(bj_said, 5)
    assert "a hand that passes 21 loses at once" in five
    assert "There is no five-card rule." in five
    rnd = blackjack(BJ, "Ts 6h 6d Tc Kc")
    rnd.act("hit")
    assert rnd.outcome.net == -1.0 and len(rnd.outcome.dealer) == 2  # the dealer never drew
    rnd = blackjack(BJ, "2s 3h Td 9c 2c 2d 3s")
    for _ in range(3):
        rnd.act("hit")
    assert not rnd.finished and "hit" in rnd.legal_actions()  # five cards, 12: plays on
    charlie = BJ.with_(five_card=True)
    said = rule(bj_sentences.rule_sentences(charlie), 5)
    assert "A hand of five cards that has not passed 21 wins at once, even money" in said
    assert "a natural included" in said
    rnd = blackjack(charlie, "2s 3h Td Ac 2c 2d 3s")  # against a dealer natural
    for _ in range(3):
        rnd.act("hit")
    assert rnd.finished and rnd.outcome.net == 1.0


def test_blackjack_rule_6_double_any_first_two_cards_only(bj_said):
    assert "The player may double on any first two cards, never on more cards" in rule(bj_said, 6)
    for two in ("As 7h", "Ts 8h", "2s 3h"):  # soft 18, hard 18, hard 5
        assert "double" in blackjack(BJ, f"{two} 6d 9c").legal_actions()
    rnd = blackjack(BJ, "2s 3h 6d 9c 4c")
    rnd.act("hit")
    assert "double" not in rnd.legal_actions()
    nine = BJ.with_(double="9-11")
    assert "double on a hard 9, 10 or 11 only (no soft hand)" in rule(
        bj_sentences.rule_sentences(nine), 6
    )
    for two, may in (("5s 4h", True), ("6s 5h", True), ("Ts 2h", False), ("As 8h", False)):
        assert ("double" in blackjack(nine, f"{two} 6d 9c").legal_actions()) is may


def test_blackjack_rule_7_splits(bj_said):
    seven = rule(bj_said, 7)
    assert "Two cards of the same value may split, any two ten-valued cards (10-K) included" in (
        seven
    )
    assert "split again up to 4 hands in all; aces once only" in seven
    assert "Split aces take one card each" in seven
    assert "A split hand may double on its first two cards as an unsplit one may" in seven
    assert "split" in blackjack(BJ, "Ts Kh 6d 9c").legal_actions()
    assert "split" not in blackjack(BJ, "9s Th 6d 9c").legal_actions()
    rnd = blackjack(BJ, "8s 8h 6d 9c 8d 8c 8h")  # each split hand's second card an 8
    rnd.act("split")
    rnd.act("split")
    rnd.act("split")  # 4 hands: the first, 8-8 again, may not split, and may double (DAS)
    assert len(rnd.hands) == 4 and rnd.hands[0].cards == cards("8s 8h")
    assert rnd.legal_actions() == ("stand", "hit", "double")
    rnd = blackjack(BJ, "As Ah 6d 9c Ad 5c Ts")  # aces: once (A-A again stays), one card each
    rnd.act("split")
    assert rnd.finished and [h.cards for h in rnd.outcome.hands] == [
        tuple(cards("As Ad")),
        tuple(cards("Ah 5c")),
    ]
    no_das = BJ.with_(das=False)
    assert "A split hand may not double" in rule(bj_sentences.rule_sentences(no_das), 7)
    rnd = blackjack(no_das, "8s 8h 6d 9c 3s")
    rnd.act("split")
    assert rnd.legal_actions() == ("stand", "hit")


def test_blackjack_rule_8_surrender(bj_said):
    assert rule(bj_said, 8) == "8. The player may not surrender."
    assert "surrender" not in blackjack(BJ, "Ts 6h Td 9c").legal_actions()
    early = BJ.with_(surrender=True)
    said = rule(bj_sentences.rule_sentences(early), 8)
    assert "for half the initial wager, losing that half even to a dealer natural" in said
    rnd = blackjack(early, "Ts 6h Ad Kc")
    rnd.act("surrender")
    assert rnd.outcome.net == -0.5
    late = BJ.with_(surrender=True, peek=True)
    assert "(late surrender)" in rule(bj_sentences.rule_sentences(late), 8)
    assert blackjack(late, "Ts 6h Ad Kc").outcome.net == -1.0


def test_blackjack_rule_9_the_dealer_stands_on_soft_17(bj_said):
    assert "standing on every 17, soft 17 included (S17)" in rule(bj_said, 9)
    rnd = blackjack(BJ, "Ts 8h As 6c 5d")
    rnd.act("stand")
    assert rnd.outcome.dealer == tuple(cards("As 6c")) and rnd.outcome.net == 1.0
    h17 = BJ.with_(h17=True)
    said = bj_sentences.rule_sentences(h17)
    assert "hitting a soft 17" in rule(said, 9)
    assert any(d.endswith("(--h17).") for d in differences(said))
    rnd = blackjack(h17, "Ts 8h As 6c 3d")
    rnd.act("stand")
    assert rnd.outcome.dealer == tuple(cards("As 6c 3d")) and rnd.outcome.net == -1.0


def test_blackjack_rule_10_settling(bj_said):
    assert "a total closer to 21 than the dealer's wins even money" in rule(bj_said, 10)
    for player, dealer, net in (
        ("Ts 9h", "Td 8c", 1.0),
        ("Ts 7h", "Td 8c", -1.0),
        ("Ts 8h", "Td 8c", 0.0),
        ("Ts 2h", "Td 6c 9s", 1.0),  # the dealer passes 21
    ):
        rnd = blackjack(BJ, f"{player} {dealer}")
        rnd.act("stand")
        assert rnd.outcome.net == net, (player, dealer)


def test_blackjack_rule_11_no_insurance(bj_said):
    assert rule(bj_said, 11) == "11. There is no insurance and no side bet."
    assert "insurance" not in blackjack(BJ, "Ts 6h Ad 9c").legal_actions()


# ---- every declared rule is stated -------------------------------------------------------------


@pytest.mark.parametrize("text", [zero_sentences.TEXT, bj_sentences.TEXT], ids=["zero", "bj"])
def test_every_declared_rule_changes_some_sentence(text):
    assert text.stated(text.page_rules) == set(text.rule_set.names)


@dataclasses.dataclass(frozen=True)
class Later(BlackjackRules):
    """Blackjack's rules with a rule declared later, its help its only words."""

    even_money: bool = False


def test_a_rule_declared_later_is_stated_by_its_help(monkeypatch):
    extra = Rule("even_money", Switch(), "The player may take even money on a natural.", str)
    rule_set = RuleSet((*bj_sentences.RULES.rules, extra))
    text = core.RulesText(rule_set, bj_sentences.items, bj_sentences.PAGE, Later())
    monkeypatch.setattr(bj_sentences, "TEXT", text)
    said = bj_sentences.rule_sentences(Later())
    assert (
        rule(said, 12) == "12. The player may take even money on a natural: no (--no-even-money)."
    )
    said = bj_sentences.rule_sentences(Later(even_money=True))
    assert differences(said) == [
        "Rule 12 differs from the rules page: here the player may take even money on a natural: "
        "yes; on the rules page the player may take even money on a natural: no "
        "(--even-money)."
    ]


def test_the_option_line_gives_every_rule_as_the_command_line_takes_it():
    assert zero_sentences.options_line(PUBLISHED) == (
        "As command-line options: --zero-pair-pays 3:2 --trips-pays 3:1 --dealer-draws 5 "
        "--split-totals 8-9 --double-totals 0-9 --das."
    )
    assert bj_sentences.options_line(BJ.with_(h17=True)) == (
        "As command-line options: --h17 --no-peek --das --double any --split-hands 4 --no-rsa "
        "--no-hit-split-aces --no-surrender --natural 3:2 --no-five-card."
    )


def test_totals_in_words():
    every = range(10)
    assert core.totals_words(range(5, 10), every) == "5 or more"
    assert core.totals_words([8, 9], every) == "8 or 9"
    assert core.totals_words([7, 8, 9], every) == "7, 8 or 9"
    assert core.totals_words(range(0, 7), every) == "6 or less"
    assert core.totals_words([1, 3, 4, 5, 6, 9], every) == "1, 3 to 6 or 9"
    assert core.totals_words(every, every) == "any total"
    assert core.totals_words([], every) == ""
