"""Blackjack's rules as numbered plain sentences, in the order of the rules page's seed (the
deal, naturals, the player's actions, the dealer, the scoring), made from what the kernels and
the engine read: ``kernel_record()`` (peek, soft 17, which two-card hands may double in each
context, surrender, one-card split aces, the hand limit, the five-card rule, insurance), the
rules' questions (``may_split``, ``may_hit``, ``may_double`` on three cards) and the natural's
payout; never a rule's field by name. ``analysis/core/sentences.py`` adds the page's name, a
sentence for any declared rule these do not state, and the differences from the page.

The rules page deals the hole card face down at the start; without peek the dealer does not
look at it before the player acts and a dealer natural takes every bet, doubles and splits
included, which is the same game as dealing it after the player acts ("European no hole
card"): rule 3 says so.

tests/test_rule_sentences.py deals a round through the engine for each of these sentences.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardedge.analysis.blackjack.rules import N_PAIRS, RULES, BlackjackRules
from cardedge.analysis.core import sentences as words
from cardedge.analysis.core.cards import POINT_VALUES, RANKS
from cardedge.analysis.core.sentences import Item, RulesPage, Said
from cardedge.analysis.core.shoe import Shoe

PAGE = RulesPage(
    "blackjack",
    "Blackjack — the variant this project analyses",
    "English",
    "shared/rules/blackjack.md",
)
"""The page stating blackjack's rules (translated from the Portuguese seed, its open points
resolved)."""
PAGE_SHOE = "a fresh shoe of 6 standard 52-card decks for every round"
"""The shoe the rules page deals from."""
HARD = range(4, 21)
"""The hard totals of two cards (2-2 .. T-T)."""
SOFT = range(12, 21)
"""The soft totals of two cards (A-A .. A-9)."""
ACES = 1
"""The point value of a pair of aces, as ``may_split`` and ``may_hit`` take it."""
MOST_HANDS = 8
"""More hands than any rule allows: where ``hand_limit`` stops asking."""


def page_rules() -> BlackjackRules:
    """The rules as the rules page states them: the rules' defaults."""
    return BlackjackRules()


def items(rules: BlackjackRules, shoes: Sequence[Shoe] = ()) -> list[Item]:
    """The numbered rules of these rules."""
    record = rules.kernel_record()
    return [
        Item((Said("shoe", words.shoe_words(shoes, PAGE_SHOE)),)),
        Item((Said("points", _points()),)),
        Item(_deal(bool(record.peek), float(record.natural_loss_on_double))),
        Item((_natural(rules),)),
        Item(
            (
                Said(
                    "act",
                    "the player may stand, or hit one card at a time; a hand that passes 21 "
                    "loses at once, even if the dealer passes 21 later",
                ),
                _five_card(int(record.charlie), bool(record.peek)),
            )
        ),
        Item((_double(rules, record.double[0]),)),
        Item(_split(rules, record)),
        Item((_surrender(record),)),
        Item((_dealer(bool(record.dealer.draws[1, 17])),)),
        Item(
            (
                Said(
                    "settle",
                    "each hand is settled against the dealer's on its own: a total closer to "
                    "21 than the dealer's wins even money on its wager (a double too), a total "
                    "farther from 21 loses it, equal totals push, and a dealer who passes 21 "
                    "pays every hand that has not",
                ),
            )
        ),
        Item((_insurance(bool(record.insurance), bool(record.peek)),)),
    ]


def _insurance(offered: bool, peek: bool) -> Said:
    """Insurance from the record's ``insurance`` (``may_insure`` against an ace)."""
    if not offered:
        return Said("insurance", "there is no insurance and no side bet")
    when = (
        "before the dealer checks for a natural"
        if peek
        else "before playing; the dealer's second card decides it"
    )
    clause = (
        "against an ace up the player may take insurance, half the initial wager, paid 2 to 1 "
        "if the dealer has a natural; there is no other side bet"
    )
    return Said(
        "insurance",
        clause,
        f"Against an ace up the player may take insurance ({when}): an extra wager of half "
        "the initial one that the dealer has a natural, paid 2 to 1 if so and lost if not, "
        "whatever the player's hands do; there is no other side bet.",
    )


def _points() -> str:
    """Card values from ``POINT_VALUES`` (an ace 1, or 11 in a soft total)."""
    value = dict(zip(RANKS, POINT_VALUES, strict=True))
    face = [r for r in RANKS if r.isdigit() and value[r] == int(r)]
    ten = ["10" if r == "T" else r for r in RANKS if value[r] == 10]
    return (
        "an ace counts 11 unless that takes the hand past 21, then 1; "
        f"{face[0]} to {face[-1]} count their face value, {words.joined(ten)} 10. A natural "
        "(blackjack) is an ace and a ten-valued card as the first two cards; 21 made after a "
        "split is not a natural"
    )


def _deal(peek: bool, double_loss: float) -> tuple[Said, ...]:
    """The deal and the hole card, from the record's ``peek`` and what a doubled hand loses to
    a dealer natural (2 initial wagers: every bet)."""
    deal = Said(
        "deal",
        "the player gets two cards face up, the dealer one card face up (the up card) and one "
        "face down (the hole card), dealt at the start",
    )
    if peek:
        return deal, Said(
            "hole card",
            "the dealer peeks: a dealer natural ends the round before the player acts, taking "
            "the initial wager only",
            "The dealer checks the hole card for a natural before the player acts (peek): a "
            "dealer natural ends the round at once, the player losing only the initial wager "
            "(a player natural pushes against it).",
        )
    every = "every wager, doubles and splits included" if double_loss > 1 else "the wager"
    return deal, Said(
        "hole card",
        f"the dealer does not peek: a dealer natural takes {every}",
        "The dealer does not look at the hole card before the player acts (no peek, European "
        "no-hole-card): a dealer natural beats every player hand but a natural and takes "
        f"{every}. This is the same game, with the same figures, as a dealer who takes the "
        "second card only after the player acts and then takes all bets with a natural.",
    )


def _natural(rules: BlackjackRules) -> Said:
    pays = words.payout_words(rules.natural_payout)
    return Said(
        "natural",
        f"a natural pays {pays}",
        f"A player natural wins {pays} at once against a dealer hand that is not a natural, "
        "and pushes against a dealer natural.",
    )


def _five_card(cards: int, peek: bool) -> Said:
    """The five-card rule from the record's ``charlie`` (0: none)."""
    if not cards:
        return Said(
            "five card",
            "no hand wins by its number of cards (no five-card rule)",
            "There is no five-card rule.",
        )
    natural = "" if peek else ", a natural included"
    clause = (
        f"a hand of {words.number_words(cards)} cards that has not passed 21 wins at once, "
        "even money"
    )
    return Said(
        "five card",
        clause,
        f"{words.capitalised(clause)}, whatever the dealer then holds{natural}, and draws no "
        "more (the five-card rule).",
    )


def _double_words(two_cards) -> str:
    """Which two-card hands a context's ``double[total, soft]`` lets double: 'any first two
    cards', 'a hard 9, 10 or 11 only (no soft hand)', '' for none."""
    hard = [t for t in HARD if two_cards[t, 0]]
    soft = [t for t in SOFT if two_cards[t, 1]]
    if hard == list(HARD) and soft == list(SOFT):
        return "any first two cards"
    if not hard and not soft:
        return ""
    parts = []
    if hard:
        parts.append(f"a hard {words.totals_words(hard, HARD)}")
    if soft:
        parts.append(f"a soft {words.totals_words(soft, SOFT)}")
    only = " or ".join(parts) + " only"
    return only if soft else only + " (no soft hand)"


def _double(rules: BlackjackRules, unsplit) -> Said:
    which = _double_words(unsplit)
    if not which:
        return Said("double", "the player may not double")
    later = any(rules.may_double(3, t, s) for t in range(22) for s in (False, True))
    when = "" if later else ", never on more cards"
    clause = f"the player may double on {which}"
    return Said(
        "double",
        clause,
        f"{words.capitalised(clause)}{when}: an extra wager equal to the original, and exactly "
        "one more card.",
    )


def hand_limit(rules: BlackjackRules, value: int) -> int:
    """Most hands a pair of this point value can become (``may_split`` asked with ever more
    hands held): 1 when it may not split."""
    return next(k for k in range(1, MOST_HANDS + 1) if not rules.may_split(value, value, k))


def _split(rules: BlackjackRules, record) -> tuple[Said, ...]:
    """Which pairs split and how often (``may_split``), split aces (``may_hit`` of a split ace,
    the record's ``one_card``) and doubling after a split (the record's ``double`` by pair)."""
    limits = {v: hand_limit(rules, v) for v in range(1, N_PAIRS + 1)}
    others = {limits[v] for v in range(2, N_PAIRS + 1)}
    unequal = any(rules.may_split(a, b, 1) for a in range(1, 11) for b in range(1, 11) if a != b)
    if max(limits.values()) == 1 and not unequal:
        split = Said("split", "no hand may split")
    else:
        most = max(others)
        again = "once only (no resplit)" if most == 2 else f"again up to {most} hands in all"
        aces = limits[ACES]
        ace_words = (
            "aces too"
            if aces == most
            else "aces once only"
            if aces == 2
            else "aces never"
            if aces == 1
            else f"aces up to {aces} hands"
        )
        pair = "two cards of the same value" + (" or not" if unequal else "")
        clause = f"{pair} may split, {again}, {ace_words}"
        split = Said(
            "split",
            clause,
            f"{words.capitalised(pair)} may split, any two ten-valued cards (10-K) included, "
            f"for an extra wager equal to the original, and split {again}; {ace_words}. Each "
            "split hand gets its second card when its turn comes.",
        )
    one_card = bool(record.one_card[ACES]) or not rules.may_hit(ACES)
    aces = Said(
        "split aces",
        "split aces take one card each" if one_card else "split aces play on like any split hand",
        "Split aces take one card each and draw no more."
        if one_card
        else "Split aces play on like any split hand.",
    )
    return split, aces, _double_split(record, one_card)


def _double_split(record, aces_take_one: bool) -> Said:
    """Doubling on a split hand's first two cards: the record's ``double[pair]`` against an
    unsplit hand's ``double[0]``."""
    pairs = range(2 if aces_take_one else 1, N_PAIRS + 1)
    unsplit = _double_words(record.double[0])
    split = {_double_words(record.double[v]) for v in pairs}
    aside = ", split aces excepted (they take one card)" if aces_take_one else ""
    if split == {""}:
        return Said(
            "double split",
            "a split hand may not double",
            "A split hand may not double (no double after split).",
        )
    if split == {unsplit}:
        clause = f"a split hand may double on its first two cards as an unsplit one may{aside}"
        return Said(
            "double split",
            clause,
            "A split hand may double on its first two cards as an unsplit one may (double "
            f"after split){aside}.",
        )
    listed = "; ".join(sorted(s for s in split if s)) or "none"
    return Said("double split", f"a split hand may double on {listed}{aside}")


def _surrender(record) -> Said:
    """Surrender from the record's ``surrender`` by context and what a player who would
    surrender loses to a dealer natural (1: late surrender; 0.5: half even to a natural)."""
    if not record.surrender.any():
        return Said("surrender", "the player may not surrender")
    which = "an unsplit hand's" if not record.surrender[1:].any() else "any hand's"
    if record.surrender_natural_loss >= 1:
        clause = f"the player may surrender {which} first two cards for half the initial wager"
        return Said(
            "surrender",
            clause,
            f"{words.capitalised(clause)}, once the dealer has checked for a natural (late "
            "surrender).",
        )
    clause = (
        f"the player may surrender {which} first two cards for half the initial wager, "
        "losing that half even to a dealer natural"
    )
    return Said("surrender", clause)


def _dealer(h17: bool) -> Said:
    """The dealer's drawing rule from the record's ``dealer`` (``h17``: its soft 17 draws)."""
    if h17:
        return Said(
            "dealer",
            "the dealer hits soft 17",
            "After the player, the dealer reveals the hole card and draws to 17 or more, "
            "hitting a soft 17 (an ace counted 11) and standing on hard 17 and above (H17).",
        )
    return Said(
        "dealer",
        "the dealer stands on every 17, soft 17 included",
        "After the player, the dealer reveals the hole card and draws to 17 or more, standing "
        "on every 17, soft 17 included (S17).",
    )


TEXT = words.RulesText(RULES, items, PAGE, page_rules())
"""The rules text: these numbered rules, the declared rules, the rules page."""


def rule_items(rules: BlackjackRules, shoes: Sequence[Shoe] = ()) -> list[Item]:
    """The numbered rules, then a sentence of each declared rule they do not state."""
    return TEXT.all_items(rules, shoes)


def rule_sentences(rules: BlackjackRules, shoes: Sequence[Shoe] = ()) -> list[str]:
    """The rules as played in plain sentences: the rules page named, the numbered rules (the
    shoes ``shoes``, if given), each difference from the rules page."""
    return TEXT.sentences(rules, shoes)


def options_line(rules: BlackjackRules) -> str:
    """The rules as played as the command-line options that give them."""
    return TEXT.options(rules)
