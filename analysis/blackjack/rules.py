"""European blackjack's rules as data: one frozen object every evaluator consults.

Defaults are the rules page (``shared/rules/blackjack.md``): 6 decks, dealer stands on soft 17,
no peek (European no-hole-card: a dealer natural takes doubled and split bets too), double on
any first two cards and after splits, split to 4 hands, aces split once and take one card each,
any two ten-value cards split, natural pays 3 to 2, no surrender, a fresh shoe each round.

Surrender, when allowed, is offered on an unsplit hand's first two cards only and costs half
the initial wager. With peek it is *late* surrender: the dealer checks for a natural first and
a natural beats the player (the whole initial wager) before surrender is possible. Without a
hole card (no peek) the player surrenders before the dealer draws and loses half the wager
even if the dealer then makes a natural.

``double`` restricts doubling to hard totals 9-11 or 10-11 (European casinos), split hands
included.

``five_card`` (off by default, as on the rules page) is the five-card rule, "five-card charlie":
a player hand of five cards that has not busted wins at once, even money (+1 per unit of that
hand's wager). It is settled the moment it has five cards, before the dealer reveals anything,
and never draws again. A doubled hand (three cards) and a split ace that takes one card (two)
cannot reach five; other split hands can. With peek a dealer natural has been settled before
play (the player loses the initial wager to it whatever he holds), so the unconditional value
of a five-card hand is (1 - pnat) * 1 + pnat * (-1), pnat = P(the hole card completes a natural
| the cards seen); without peek it is +1 whatever the dealer holds, a natural included.

``insurance`` (off by default: the rules page disables it) is the insurance side bet: against an
ace up the player may stake half the initial wager that the dealer has a natural, paid 2 to 1
(with peek before the dealer checks; without a hole card the dealer's second card decides it).
It is a bet on the dealer's two cards alone: it changes no play of any hand, and off any fresh
shoe of 1..8 decks it loses for every two-card hand (``analysis/blackjack/insurance.py``), so
the edge, the charts and every kernel that values a hand ignore it; the shoe game's counter
takes it at a true count (``engine/blackjack/shoe_game.py``).

The rules answer what play is legal (``may_hit``, ``may_double``, ``may_split``,
``may_surrender``, ``max_hands``, ``natural_payout``, ``wins_at_once``); the evaluator, the
Fraction twin, the charts, the engine, the simulator and the trainer ask them, and the numba
kernels read the answers from one record, ``kernel_record()``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from cardedge.analysis.core.rules import (
    Choice,
    NamedPayout,
    Rule,
    RuleSet,
    Switch,
    Whole,
    payout_value,
)
from cardedge.analysis.core.shoe import Shoe

NATURAL_PAYOUTS: dict[str, Fraction] = {
    "3:2": Fraction(3, 2),
    "6:5": Fraction(6, 5),
    "1:1": Fraction(1),
}
"""The usual natural payouts (net win per unit wagered), by name: the values ``variants`` and
``grid --vary natural`` try and the web page lists. The rule takes any payout (``7:5``, a
solved ``1.4137``)."""

DOUBLE_RULES: dict[str, tuple[int, int] | None] = {
    "any": None,
    "9-11": (9, 11),
    "10-11": (10, 11),
}
"""Which two-card hands may double, by the rule's name: any two cards, or only hard totals in
the range (European casinos; a soft hand may not double then)."""

FIVE_CARDS = 5
"""Cards of a hand the five-card rule (``five_card``) settles at once."""

SPLIT_CONVENTION = (
    "splits: CDZ- (each post-split hand plays the optimal strategy of an unsplit hand of the same "
    "cards), resplits valued exactly"
)
"""How split hands are played and valued; every output header states it."""

MAX_TOTAL = 21
N_PAIRS = 10
"""Pair point values 1 (aces) .. 10; a kernel context index is 0 (unsplit) or the pair's."""


class DealerRules(NamedTuple):
    """The dealer's drawing rule as the dealer kernels read it (``KernelRules.dealer``): the
    finishing hands (``dealer.dealer_hands``), hence every dealer outcome row and the
    ``round.DealerMemo`` of a shoe, follow from it alone, so the memo is keyed by it: a rule the
    dealer obeys is in it by construction (``BlackjackRules.dealer_draws_on``)."""

    draws: np.ndarray
    """``[soft, total]``: a dealer hand (no natural) of that best total 0..21 draws (bool)."""


class KernelRules(NamedTuple):
    """What the numba kernels need of the rules, as one record (``BlackjackRules.kernel_record``).

    Arrays are indexed by context ``c``: 0 for an unsplit hand, ``v`` (1 aces .. 10) for a hand
    split from a pair of point value v, i.e. the kernels' pair value index plus one.
    """

    dealer: DealerRules
    peek: bool
    double: np.ndarray
    """``[c, total, soft]``: a two-card hand of that best total may double (bool)."""
    surrender: np.ndarray
    """``[c]``: a two-card hand of the context may surrender (bool)."""
    one_card: np.ndarray
    """``[c]``: the context's hands take one card and stop (split aces, bool)."""
    max_hands: np.ndarray
    """``[v]``: most hands a pair of value index v may be split into (int64)."""
    natural_loss_on_double: float
    """What a doubled hand loses to a dealer natural, per initial wager (1 peek, 2 not)."""
    surrender_natural_loss: float
    charlie: int
    """A hand of this many cards that has not busted wins at once, even money, and draws no
    more (the five-card rule, ``wins_at_once``); 0 when no hand does."""
    insurance: bool
    """The player may insure against an ace up (``may_insure``): read by the shoe game's round
    alone, which settles the side bet (``sharing.SIDE_BETS``)."""


@dataclass(frozen=True)
class BlackjackRules:
    """The rules of one blackjack game; payouts are net wins per unit of the hand's wager.

    The shoe is not a rule: a game setup is rules plus a ``Shoe``, and every evaluator takes
    both."""

    h17: bool = False
    """True: the dealer hits soft 17 (H17); False: stands on every 17 (S17)."""
    peek: bool = False
    """True: the dealer checks for a natural first, so the player loses only the initial wager
    to it; False (European no-hole-card): a dealer natural takes doubled and split bets too."""
    das: bool = True
    """Doubling is allowed on a split hand's first two cards (never on one-card split aces)."""
    split_hands: int = 4
    """Most hands a player may hold after splitting and resplitting (2: one split, no resplit)."""
    rsa: bool = False
    hit_split_aces: bool = False
    """True: split aces are played like any split hand; False: one card each, no more."""
    natural: str = "3:2"
    """A natural's payout as written (``3:2``, ``6:5``, any payout: ``payout_text``)."""
    surrender: bool = False
    """An unsplit hand's first two cards may be surrendered for half the initial wager: late
    surrender with peek (a dealer natural wins the whole wager first); without peek half is
    lost even to a dealer natural."""
    double: str = "any"
    """Which two-card hands may double, a key of ``DOUBLE_RULES``: any, or only hard 9-11 or
    10-11 (split hands too, with DAS)."""
    five_card: bool = False
    """The five-card rule: a hand of five cards that has not busted wins at once, even money,
    before the dealer reveals anything (``wins_at_once``; the module docstring)."""
    insurance: bool = False
    """Against an ace up the player may stake half the initial wager on a dealer natural,
    paid 2 to 1 (``may_insure``; the module docstring)."""

    def __post_init__(self) -> None:
        RULES.check(self)

    @property
    def surrender_natural_loss(self) -> float:
        """What a player who would surrender loses to a dealer natural, per initial wager: the
        whole wager under peek (the natural is settled before surrender), half without."""
        return 1.0 if self.peek else 0.5

    @property
    def natural_payout(self) -> float:
        """Net win of a natural against a dealer non-natural, per unit wagered."""
        return float(self.natural_fraction)

    @property
    def natural_fraction(self) -> Fraction:
        """The natural's payout exactly (``3:2`` is 3/2; the Fraction reference reads it)."""
        return payout_value(self.natural)

    def max_hands(self, pair_value: int) -> int:
        """Most hands a pair of this point value (1 for aces .. 10) can be split into."""
        if pair_value == 1 and not self.rsa:
            return 2
        return self.split_hands

    # ---- what play is legal: every evaluator, the engine and the charts ask these ----------
    def may_hit(self, split_from: int | None = None, n_cards: int = 2) -> bool:
        """May a hand of ``n_cards`` cards draw? Not a split ace when split aces take one card
        each, nor a hand the five-card rule has settled (``wins_at_once``). ``split_from``:
        point value (1 aces .. 10) of the pair the hand was split from."""
        if self.wins_at_once(n_cards):
            return False
        return not (split_from == 1 and not self.hit_split_aces)

    def wins_at_once(self, n_cards: int) -> bool:
        """Does a hand of ``n_cards`` cards that has not busted win at once, even money (+1 per
        unit of its wager), whatever the dealer then holds? Under the five-card rule, at five
        cards; it then draws no more. (A peeked dealer natural has ended the round before.)"""
        return self.five_card and n_cards == FIVE_CARDS

    def doubles_on(self, total: int, soft: bool) -> bool:
        """Does the doubling rule allow a two-card hand of this best total (``soft``: an ace
        counts 11)? Any under ``double="any"``, else only hard totals in the rule's range."""
        bounds = DOUBLE_RULES[self.double]
        if bounds is None:
            return True
        return not soft and bounds[0] <= total <= bounds[1]

    def may_double(
        self, n_cards: int, total: int, soft: bool, split_from: int | None = None
    ) -> bool:
        """May a hand of ``n_cards`` cards and best ``total`` double? Only on two cards; a
        split hand (``split_from``: its pair's point value) only with DAS and when it may hit."""
        if n_cards != 2:
            return False
        if split_from is not None and not (self.das and self.may_hit(split_from)):
            return False
        return self.doubles_on(total, soft)

    def dealer_draws_on(self, total: int, soft: bool) -> bool:
        """Does the dealer draw to a hand (not a natural) of this best total (``soft``: an ace
        counts 11)? Below 17, and on soft 17 when the dealer hits it (``h17``)."""
        return total < 17 or (self.h17 and soft and total == 17)

    def may_split(self, first: int, second: int, hands: int) -> bool:
        """May a two-card hand of point values ``first``, ``second`` split when the player holds
        ``hands`` hands? Equal values (any two ten-values), below the hand limit."""
        return first == second and hands < self.max_hands(first)

    def may_surrender(self, n_cards: int, split_from: int | None = None) -> bool:
        """May the hand surrender? When the rules allow it, on an unsplit hand's first two
        cards."""
        return self.surrender and n_cards == 2 and split_from is None

    def may_insure(self, up_value: int) -> bool:
        """May the player take insurance against an up card of this point value (1 an ace ..
        10)? Against an ace, when the rules allow insurance."""
        return self.insurance and up_value == 1

    def kernel_record(self) -> KernelRules:
        """The rules as the numba kernels read them (``KernelRules``), built from the questions
        above so that the kernels decide nothing on their own."""
        return _kernel_record(self)

    def with_(self, **changes) -> BlackjackRules:
        """A copy with some rules changed (validated again)."""
        return replace(self, **changes)

    def as_dict(self) -> dict:
        """The rules as plain JSON-ready data."""
        return asdict(self)

    def describe(self, shoe: Shoe) -> str:
        """One line naming a game setup, for table titles: the shoe (``Shoe.title``), then each
        rule's words."""
        return ", ".join([shoe.title(), *RULES.titles(self)])

    def words(self) -> str:
        """The rules' words alone, as ``describe`` names them after the shoe."""
        return ", ".join(RULES.titles(self))


def _context_pair(c: int) -> int | None:
    """The ``split_from`` of kernel context ``c`` (0 unsplit, else the pair's point value)."""
    return None if c == 0 else c


def _kernel_record(rules: BlackjackRules) -> KernelRules:
    contexts = range(N_PAIRS + 1)
    double = np.zeros((N_PAIRS + 1, MAX_TOTAL + 1, 2), dtype=np.bool_)
    for c in contexts:
        for total in range(MAX_TOTAL + 1):
            for soft in (False, True):
                double[c, total, int(soft)] = rules.may_double(2, total, soft, _context_pair(c))
    surrender = np.array([rules.may_surrender(2, _context_pair(c)) for c in contexts])
    one_card = np.array([not rules.may_hit(_context_pair(c)) for c in contexts])
    max_hands = np.array([rules.max_hands(v) for v in range(1, N_PAIRS + 1)], dtype=np.int64)
    draws = [
        [rules.dealer_draws_on(t, soft) for t in range(MAX_TOTAL + 1)] for soft in (False, True)
    ]
    return KernelRules(
        DealerRules(np.array(draws, dtype=np.bool_)),
        bool(rules.peek),
        double,
        surrender.astype(np.bool_),
        one_card.astype(np.bool_),
        max_hands,
        1.0 if rules.peek else 2.0,
        float(rules.surrender_natural_loss),
        next((n for n in range(2, MAX_TOTAL + 1) if rules.wins_at_once(n)), 0),
        rules.may_insure(1),
    )


def _surrender_title(rules: BlackjackRules) -> str | None:
    if not rules.surrender:
        return None
    return "late surrender" if rules.peek else "surrender"


RULES = RuleSet(
    (
        Rule(
            "h17",
            Switch(),
            "Dealer hits / stands on soft 17.",
            lambda r: "H17" if r.h17 else "S17",
            off="s17",
        ),
        Rule(
            "peek",
            Switch(),
            "Dealer peeks for a natural (US) / European no-hole-card (default).",
            lambda r: "peek" if r.peek else "no peek (ENHC)",
        ),
        Rule(
            "das",
            Switch(),
            "Double after split allowed.",
            lambda r: "DAS" if r.das else "no DAS",
        ),
        Rule(
            "double",
            Choice(tuple(DOUBLE_RULES)),
            "Hands that may double: any two cards, or only hard 9-11 or 10-11 (European; no "
            "soft doubles; split hands too, with --das).",
            lambda r: f"double hard {r.double} only" if r.double != "any" else None,
        ),
        Rule(
            "split_hands",
            Whole(2, 4),
            "Most hands after splitting and resplitting.",
            lambda r: f"split to {r.split_hands}",
        ),
        Rule(
            "rsa",
            Switch(),
            "Aces may be resplit.",
            lambda r: "RSA" if r.rsa else "no RSA",
        ),
        Rule(
            "hit_split_aces",
            Switch(),
            "Split aces play on (default: one card each).",
            lambda r: "hit split aces" if r.hit_split_aces else None,
        ),
        Rule(
            "surrender",
            Switch(),
            "Surrender an unsplit hand's first two cards for half the wager (default: no). "
            "With --peek it is late surrender (a dealer natural wins first); without a hole card "
            "half is lost even to a dealer natural.",
            _surrender_title,
        ),
        Rule(
            "natural",
            NamedPayout(usual=tuple(NATURAL_PAYOUTS)),
            "Natural payout: 3:2, 6:5, 1:1 or any payout (7:5, 1.4).",
            lambda r: f"BJ {r.natural}",
        ),
        Rule(
            "five_card",
            Switch(),
            "Five-card rule (five-card charlie): a hand of five cards that has not busted wins "
            "at once, even money, before the dealer reveals anything; without a hole card even "
            "against a dealer natural (default: no).",
            lambda r: "five-card charlie" if r.five_card else None,
        ),
        Rule(
            "insurance",
            Switch(),
            "Insurance against an ace up: half the initial wager on a dealer natural, paid 2:1 "
            "(without a hole card the dealer's second card decides it; default: no).",
            lambda r: "insurance" if r.insurance else None,
            quiet_off=True,
        ),
    )
)
"""Blackjack's rules, declared once, in the order titles name them."""


DEFAULT_RULES = BlackjackRules()
"""The variant this project analyses (rules page defaults)."""
DEFAULT_SHOE = Shoe.decks(6)
"""The shoe of the variant this project analyses: 6 decks (rules page)."""

PUBLISHED_RULES = BlackjackRules(peek=True)
"""S17 DAS peek split to 4 no RSA on ``PUBLISHED_SHOE``: the game whose CDZ- optimal edge is
published."""
PUBLISHED_SHOE = Shoe.decks(6)
"""The shoe of the published game: 6 decks."""

PUBLISHED_OPTIMAL_EDGE_PERCENT = 0.4029
"""House edge (%) of ``PUBLISHED_RULES`` under CDZ- optimal play, as published analysers agree
(E. Farmer's strategy engine, bjstrat.net's, the Wizard of Odds house edge calculator)."""
