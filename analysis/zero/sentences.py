"""Zero's rules as numbered plain sentences, numbered like the rules page's (rules 1-8), made
from what the kernels read: the dealer's drawing rule, the totals that may split and the
three-card totals that may double come from ``kernel_record()`` (built from the rules'
questions ``dealer_draws_on``, ``may_split``, ``may_double``), the fourth card's rule from
``dealer_draws_on`` itself, a Zero Pair from ``ZERO_PAIR`` and the payouts from the rules'
``zero_pair_pays`` and ``trips_payout``. ``analysis/core/sentences.py`` adds the page's name,
a sentence for any declared rule these do not state, and the differences from the page.

tests/test_rule_sentences.py deals a round through the engine for each of these sentences.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardedge.analysis.core import sentences as words
from cardedge.analysis.core.cards import BACCARAT_VALUES, RANKS
from cardedge.analysis.core.sentences import Item, RulesPage, Said
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.rules import RULES, ZERO_PAIR, ZeroRules, preset

PAGE = RulesPage(
    "Zero",
    "Zero — rules, resolved, and the figures to reproduce",
    "English",
    "shared/rules/zero.md",
)
"""The page stating Zero's rules (translated from the Portuguese and Finnish seeds)."""
PAGE_SHOE = "a fresh shoe of 6 or 8 standard 52-card decks for every round"
"""The shoes the rules page deals from (rule 1)."""
TOTALS = range(10)
"""A Zero hand's totals."""
DEALER_CARDS = (2, 3, 4)
"""The dealer's hand sizes the drawing rule is asked about (a fourth card is the last)."""


def page_rules() -> ZeroRules:
    """The rules as the rules page states them: rules 1-8, the 'stated' preset."""
    return preset("stated")


def items(rules: ZeroRules, shoes: Sequence[Shoe] = ()) -> list[Item]:
    """Rules 1-8 of these rules, as the rules page numbers them."""
    record = rules.kernel_record()
    return [
        _shoe_item(shoes),
        Item((Said("points", _points()),)),
        Item(
            (
                Said(
                    "wager",
                    "the player makes a Zero wager of 1 unit; every result is per unit of "
                    "that wager",
                ),
            )
        ),
        Item(
            (
                Said(
                    "deal",
                    "the player gets two cards face up, then the dealer one card face up (the "
                    "up card) and one face down (the hole card), unseen until the player's "
                    "hands are done",
                ),
            )
        ),
        Item(_zero_pair(rules)),
        Item(
            (
                Said(
                    "act",
                    "otherwise the player acts: stands on the two cards, or hits once, taking "
                    "one more card for a three-card hand that draws no further",
                ),
                _double(record.double_unsplit),
                *_split(record.split_ok),
                _double_split(record.double_split, record.double_unsplit),
            )
        ),
        Item((_dealer(rules),)),
        Item(
            (
                Said(
                    "settle",
                    "the lower total wins: a player's total lower than the dealer's wins even "
                    "money on every wager of the hand (a double too), a higher one loses them, "
                    "equal totals push; each split hand is settled against the dealer alone",
                ),
            )
        ),
    ]


def _shoe_item(shoes: Sequence[Shoe]) -> Item:
    return Item((Said("shoe", words.shoe_words(shoes, PAGE_SHOE)),))


def _points() -> str:
    """Rule 2 from the point value of each rank (``BACCARAT_VALUES``)."""
    value = dict(zip(RANKS, BACCARAT_VALUES, strict=True))
    face = [r for r in RANKS if r.isdigit() and value[r] == int(r)]
    zero = ["10" if r == "T" else r for r in RANKS if value[r] == 0]
    other = [f"{r} {value[r]}" for r in RANKS if r not in face and value[r] != 0 and r != "A"]
    parts = [f"an ace {value['A']}", f"{face[0]} to {face[-1]} their face value", *other]
    return (
        f"cards count their baccarat points: {', '.join(parts)}, {words.joined(zero)} 0; a "
        "hand's total is the last digit of the sum of its points (0 to 9)"
    )


def _zero_pair(rules: ZeroRules) -> tuple[Said, ...]:
    pays = words.payout_words(rules.zero_pair_pays)
    pair = Said(
        "zero pair",
        f"a Zero Pair pays {pays}",
        f"A Zero Pair ({ZERO_PAIR}) as the player's first two cards wins at once and pays "
        f"{pays}; it counts on the first two cards only, never on a split hand.",
    )
    if rules.trips_payout == rules.zero_pair_pays:
        return pair, Said("trips", "ten-valued trips are paid as any Zero Pair", "")
    return pair, Said(
        "trips",
        f"ten-valued trips pay {words.payout_words(rules.trips_payout)}",
        f"A ten-valued Zero Pair whose rank is the dealer's up card's (ten-valued trips, K-K "
        f"with a K) pays {words.payout_words(rules.trips_payout)} instead.",
    )


def _chosen(flags) -> list[int]:
    return [t for t in TOTALS if flags[t]]


def _double(unsplit) -> Said:
    """May a three-card hand double, by total (``may_double(False, total)``)."""
    totals = _chosen(unsplit)
    if not totals:
        return Said("double", "a three-card hand may not double")
    which = words.totals_words(totals, TOTALS)
    clause = f"a three-card hand may double on {which}"
    return Said(
        "double",
        clause,
        f"A three-card hand may double on {which}: an extra wager equal to the original, and "
        "exactly one more card (four cards, the most a hand holds).",
    )


def _pairs(total: int) -> list[str]:
    """The two-card hands of point values a <= b totalling ``total``: 0-8, 1-7, ..., 9-9."""
    return [f"{a}-{b}" for a in TOTALS for b in TOTALS if a <= b and (a + b) % 10 == total]


def _split(split_ok) -> tuple[Said, ...]:
    """Which two first cards may split (``may_split(total)``)."""
    totals = _chosen(split_ok)
    if not totals:
        return (Said("split", "no hand may split"),)
    which = words.totals_words(totals, TOTALS)
    listed = ""
    if len(totals) <= 2:
        listed = f" ({', '.join(p for t in totals for p in _pairs(t))})"
    clause = f"two first cards totalling {which} may split, a pair or not"
    return (
        Said(
            "split",
            clause,
            f"Two first cards totalling {which} may split, a pair or not{listed}, once only, "
            "for an extra wager equal to the original: each split card gets a second card and "
            "becomes an ordinary hand that may stand or hit once (no Zero Pair, no resplit).",
        ),
    )


def _double_split(split, unsplit) -> Said:
    """May a split hand's three-card hand double, by total (``may_double(True, total)``)."""
    totals = _chosen(split)
    if not totals:
        return Said("double split", "a split hand may not double", "A split hand may not double.")
    which = words.totals_words(totals, TOTALS)
    clause = f"a split hand's three-card hand may double on {which}"
    if totals == _chosen(unsplit):
        return Said(
            "double split",
            clause,
            f"A split hand's three-card hand may double too, on {which} (double after split).",
        )
    return Said("double split", clause)


def _dealer(rules: ZeroRules) -> Said:
    """Rule 7 from ``dealer_draws_on``: the kernels' ``draws[n - 2, total]`` for two and three
    cards, the question itself for four."""
    draws = rules.kernel_record().dealer.draws
    on_two, on_three = _chosen(draws[0]), _chosen(draws[1])
    stands_on_four = not any(rules.dealer_draws_on(4, t) for t in TOTALS)
    if not on_two:
        clause = "the dealer stands on any two cards"
        return Said("dealer", clause, "Then the dealer turns the hole card and stands on it.")
    clause = f"the dealer draws a third card {_on('two', on_two)}"
    text = f"draws a third card {_on('two', on_two, True)}"
    if on_three:
        clause += f" and a fourth {_on('three', on_three)}"
        text += f", a fourth card {_on('three', on_three, True)}"
        text += ", and stands on four cards" if stands_on_four else ""
    else:
        clause += " and stands on any three cards"
        text += ", and stands on any three cards"
    return Said("dealer", clause, f"Then the dealer turns the hole card and {text}.")


def _on(cards: str, drawn: list[int], stood_too: bool = False) -> str:
    """'on a two-card total of 5 or more', with ``stood_too`` '... (stands on 4 or less)';
    'on any two cards'."""
    stood = [t for t in TOTALS if t not in drawn]
    if not stood:
        return f"on any {cards} cards"
    which = f"on a {cards}-card total of {words.totals_words(drawn, TOTALS)}"
    if not stood_too:
        return which
    return f"{which} (stands on {words.totals_words(stood, TOTALS)})"


TEXT = words.RulesText(RULES, items, PAGE, page_rules())
"""The rules text: these numbered rules, the declared rules, the rules page."""


def rule_items(rules: ZeroRules, shoes: Sequence[Shoe] = ()) -> list[Item]:
    """The numbered rules, then a sentence of each declared rule they do not state."""
    return TEXT.all_items(rules, shoes)


def rule_sentences(rules: ZeroRules, shoes: Sequence[Shoe] = ()) -> list[str]:
    """The rules as played in plain sentences: the rules page named, the numbered rules (the
    shoes ``shoes``, if given), each difference from the rules page."""
    return TEXT.sentences(rules, shoes)


def options_line(rules: ZeroRules) -> str:
    """The rules as played as the command-line options that give them."""
    return TEXT.options(rules)
