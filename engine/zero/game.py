"""Zero as a game: deal, legal actions, and settlement of every wager by the rules object.

One ``ZeroRound`` is one round from a freshly shuffled shoe. Cards are dealt in table order:
the player's two cards, the dealer's up card, the dealer's hole card (face down), then the
player's draws hand by hand, then the dealer's draws. The engine settles every wager itself
(``settle_hand``, ``zero_pair_net``, the dealer's drawing rule); it never consults the exact
evaluator. All results are in units of the initial Zero wager, the side bet in units of its own
stake.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from cardedge.analysis.core.cards import BACCARAT_VALUES, TEN_RANKS
from cardedge.analysis.zero.actions import PLAYER_ACTIONS
from cardedge.analysis.zero.paytable import Deal, PayTable, load_paytable
from cardedge.analysis.zero.rules import ZeroRules
from cardedge.engine.core import game as core
from cardedge.engine.core.dealing import (
    N_KINDS,
    ShuffledShoe,
    rank_of,
    suit_of,
)
from cardedge.engine.core.game import Hand, Round, SeatDeal, View
from cardedge.engine.core.game import play_round as play_round  # the games' callers' name

ACTIONS: tuple[str, ...] = tuple(a.label for a in PLAYER_ACTIONS)
"""The player's actions by name: "stand", "hit", "double", "split" (``analysis.zero.actions``)."""
STAND, HIT, DOUBLE, SPLIT = ACTIONS
DECISIONS: tuple[str, ...] = ("zero pair", "stand", "hit, stand", "hit, double", "split")
"""How a round's initial hand went, as ``analysis.zero.round.DECISIONS`` counts them."""
MAX_HAND_CARDS = 4


def zero_value(kind: int) -> int:
    """Zero point value (0..9) of a card kind."""
    return BACCARAT_VALUES[rank_of(kind)]


def zero_total(kinds) -> int:
    """A Zero hand's total: the last digit of its point values' sum."""
    return sum(zero_value(k) for k in kinds) % 10


def is_zero_pair(c1: int, c2: int) -> bool:
    """True when two first cards are a Zero Pair: the same rank, totalling 0 (5-5, T-T .. K-K)."""
    return rank_of(c1) == rank_of(c2) and zero_total((c1, c2)) == 0


def is_trips(c1: int, c2: int, up: int) -> bool:
    """True for a ten-valued Zero Pair whose rank is the up card's (the 'published' 3 to 1)."""
    return is_zero_pair(c1, c2) and rank_of(c1) in TEN_RANKS and rank_of(up) == rank_of(c1)


def zero_pair_net(rules: ZeroRules, c1: int, c2: int, up: int) -> float:
    """Net win of a Zero Pair, per initial wager: the trips payout when it applies."""
    return rules.trips_payout if is_trips(c1, c2, up) else rules.zero_pair_pays


def dealer_draws(total: int, n_cards: int, rules: ZeroRules) -> bool:
    """True when the dealer takes another card (the rules' ``dealer_draws_on``; never a card
    beyond ``MAX_HAND_CARDS``)."""
    return n_cards < MAX_HAND_CARDS and rules.dealer_draws_on(n_cards, total)


def settle_hand(player_total: int, dealer_total: int, wager: float) -> float:
    """Net result of one hand: lower total wins the wager (doubles included), equal pushes."""
    if player_total < dealer_total:
        return wager
    if player_total > dealer_total:
        return -wager
    return 0.0


def side_bet_row(paytable: PayTable, c1: int, c2: int, up: int) -> int:
    """Row of ``paytable`` paying these first three cards; ``len(rows)`` when the bet loses."""
    deal = Deal(rank_of(c1), suit_of(c1), rank_of(c2), suit_of(c2), rank_of(up), suit_of(up))
    return int(paytable.first_match(deal))


@lru_cache(maxsize=8)
def side_bet_index(paytable: PayTable) -> np.ndarray:
    """``[c1, c2, up]`` over card kinds: the paying row (``len(rows)``: loses), int64."""
    k = np.arange(N_KINDS)
    a, b, u = np.meshgrid(k, k, k, indexing="ij")
    deal = Deal(a // 4, a % 4, b // 4, b % 4, u // 4, u % 4)
    return np.ascontiguousarray(paytable.first_match(deal), dtype=np.int64)


@dataclass
class ZeroHand(Hand):
    """One player hand: its cards (kinds), its wager and whether it is finished."""

    split_cards: tuple[int, int] | None = None
    """For a split hand: (its own split card, the other hand's split card)."""

    hand_total = staticmethod(zero_total)
    label_joint = ", "

    @property
    def is_split(self) -> bool:
        return self.split_cards is not None


@dataclass(frozen=True)
class ZeroView(View):
    """What the player sees when deciding: own cards, the up card, public cards, legal actions."""

    split_cards: tuple[int, int] | None
    """(this hand's split card, the other hand's split card) for a split hand, else None."""
    legal: tuple[str, ...]

    card_value = staticmethod(zero_value)
    hand_total = staticmethod(zero_total)


@dataclass(frozen=True)
class HandResult(core.HandResult):
    """A settled hand: cards, total, wager (2 when doubled) and net result."""

    net: float


@dataclass(frozen=True)
class ZeroOutcome(core.Outcome):
    """A settled round. ``net`` is per initial Zero wager; ``side_net`` per unit side stake.
    ``dealer`` holds just the up card and hole card after a Zero Pair."""

    decision: str
    """One of ``DECISIONS``: how the initial hand was played."""
    trips: bool
    """A ten-valued Zero Pair matching the up card's rank (paid 3 to 1 only in 'published')."""
    side_row: int
    """Zero Pays row that paid (``len(rows)``: lost)."""
    side_net: float
    """Net result of the side bet in initial Zero wagers: its pay (or -1) times the stake."""


@dataclass
class ZeroRound(Round):
    """One round of Zero from a freshly shuffled shoe; drive it with ``act`` until finished.

    ``side_bet`` is the Zero Pays stake in initial Zero wagers (0: none), settled by
    ``paytable`` (default: the shipped table) on the first three cards.
    """

    rules: ZeroRules
    shoe: ShuffledShoe
    side_bet: float = 0.0
    paytable: PayTable | None = None
    seat: SeatDeal | None = None
    """At a table (``engine/core/table.py``): the cards the table dealt this seat."""
    hands: list[ZeroHand] = field(init=False)
    up: int = field(init=False)
    hole: int = field(init=False)
    dealer: list[int] = field(init=False)
    first_cards: tuple[int, int] = field(init=False)
    side_row: int = field(init=False)
    current: int = field(init=False, default=0)
    outcome: ZeroOutcome | None = field(init=False, default=None)

    view_type = ZeroView

    def __post_init__(self) -> None:
        if self.side_bet < 0:
            raise ValueError(f"side bet must be >= 0, got {self.side_bet!r}")
        self.paytable = load_paytable(self.paytable)
        c1, c2 = self.deal_first()
        self.first_cards = (c1, c2)
        self.hands = [ZeroHand([c1, c2])]
        self.side_row = side_bet_row(self.paytable, c1, c2, self.up)
        if is_zero_pair(c1, c2):
            self.hands[0].closed = True
            self._finish(zero_pair_net(self.rules, c1, c2, self.up), "zero pair")

    # ---- what the player may see and do ------------------------------------------------------
    def legal_actions(self) -> tuple[str, ...]:
        """The actions the rules allow now, in ``ACTIONS`` order; () once the round is over."""
        if self.finished:
            return ()
        hand = self.hands[self.current]
        if len(hand.cards) == 2:
            out = [STAND, HIT]
            if len(self.hands) == 1 and not hand.is_split and self.rules.may_split(hand.total):
                out.append(SPLIT)
            return tuple(out)
        if len(hand.cards) == 3 and self.rules.may_double(hand.is_split, hand.total):
            return (STAND, DOUBLE)
        return (STAND,)

    def split_seen(self, hand: ZeroHand) -> dict[str, Any]:
        return {"split_cards": hand.split_cards}

    def apply(self, action: str, hand: ZeroHand) -> None:
        if action == STAND:
            hand.closed = True
        elif action == HIT:
            hand.cards.append(self.shoe.draw())
        elif action == DOUBLE:
            hand.wager = 2.0
            hand.cards.append(self.shoe.draw())
            hand.closed = True
        else:
            a, b = hand.cards
            self.hands = [ZeroHand([a], split_cards=(a, b)), ZeroHand([b], split_cards=(b, a))]
            self.hands[0].cards.append(self.shoe.draw())

    # ---- the house's side ---------------------------------------------------------------------
    def deal_second(self, hand: ZeroHand) -> None:
        hand.cards.append(self.shoe.draw())

    def needs_dealer(self) -> bool:
        # a round that reaches the dealer is not a Zero Pair: every hand meets the dealer
        return True

    def draw_dealer(self) -> None:
        while dealer_draws(zero_total(self.dealer), len(self.dealer), self.rules):
            self.dealer.append(self.shoe.draw())

    def settle(self) -> None:
        d = zero_total(self.dealer)
        net = sum(settle_hand(h.total, d, h.wager) for h in self.hands)
        self._finish(net, self._decision())

    def _decision(self) -> str:
        if len(self.hands) == 2:
            return "split"
        n = len(self.hands[0].cards)
        return {2: "stand", 3: "hit, stand", 4: "hit, double"}[n]

    def _finish(self, net: float, decision: str) -> None:
        d = zero_total(self.dealer)
        results = []
        for h in self.hands:
            hand_net = net if decision == "zero pair" else settle_hand(h.total, d, h.wager)
            results.append(HandResult(tuple(h.cards), h.total, h.wager, net=hand_net))
        table = self.paytable
        side_net = float(table.net(self.side_row)) * self.side_bet if self.side_bet else 0.0
        c1, c2 = self.first_cards
        self.outcome = ZeroOutcome(
            net=float(net),
            hands=tuple(results),
            dealer=tuple(self.dealer),
            dealer_total=d,
            decision=decision,
            trips=is_trips(c1, c2, self.up),
            side_row=self.side_row,
            side_net=side_net,
        )
