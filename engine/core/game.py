"""The round driver both games share: the view, the settled hand and round, and the loop.

A game's round (``engine/<game>/game.py``) subclasses ``Round``: it deals its first cards with
``deal_first``, says which actions are legal, applies an action to a hand (``apply``), deals a
split hand its second card and plays the dealer (``needs_dealer``, ``draw_dealer``,
``settle``). ``Round`` checks each action against the legal ones, builds the player's view and
moves play from hand to hand; ``play_round`` drives a round to its end with any player. Nothing
here knows a game: the games hand down their own views, hands and totals.

A round is one player's, or one seat's at a table of several (``engine/core/table.py``): a seat
is given its first cards and a dealer hand it shares with the other seats (``SeatDeal``), and
when its hands are done it waits (``awaiting_dealer``) for the table to play the dealer once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from cardedge.engine.core.dealing import IllegalAction, ShuffledShoe, card_label


@dataclass(frozen=True, eq=False)
class SeatDeal:
    """What a table deals one seat before play: its two cards, the dealer's up card and hole
    card, and the dealer's hand (one list every seat of the table shares, so the dealer's
    draws are seen by all)."""

    cards: tuple[int, int]
    up: int
    hole: int
    dealer: list[int]


@dataclass(frozen=True)
class View:
    """What the player sees when deciding: own cards, the up card and every hand's cards (all
    face up). A game adds what else it shows (the split cards, the legal actions)."""

    up: int
    hand: tuple[int, ...]
    hand_index: int
    hands: tuple[tuple[int, ...], ...]
    """Every player hand's cards, in play order."""

    card_value: ClassVar[Callable[[int], int]]
    """The game's value of a card kind (set by each game's view as a staticmethod)."""
    hand_total: ClassVar[Callable[[Any], int]]
    """The game's total of a hand's card kinds."""

    @property
    def values(self) -> tuple[int, ...]:
        """This hand's card values, as the game counts them."""
        return tuple(self.card_value(k) for k in self.hand)

    @property
    def up_value(self) -> int:
        return self.card_value(self.up)

    @property
    def total(self) -> int:
        return self.hand_total(self.hand)


@dataclass(frozen=True)
class HandResult:
    """A settled hand: its cards, its total and its wager (2 when doubled); a game adds the net
    result and whatever else settled it."""

    cards: tuple[int, ...]
    total: int
    wager: float


@dataclass(frozen=True)
class Outcome:
    """A settled round: ``net`` per initial wager, each hand's result, the dealer's cards and
    total; a game adds how the round went."""

    net: float
    hands: tuple[HandResult, ...]
    dealer: tuple[int, ...]
    dealer_total: int


@dataclass
class Hand:
    """One player hand: its cards (kinds), its wager (2 once doubled) and whether it is
    finished; a game adds how the hand was split."""

    cards: list[int]
    wager: float = 1.0
    closed: bool = False

    hand_total: ClassVar[Callable[[Any], int]]
    """The game's total of a hand's card kinds (set by each game's hand as a staticmethod)."""
    label_joint: ClassVar[str] = " "
    """What stands between the cards of the hand's label."""

    @property
    def total(self) -> int:
        return self.hand_total(self.cards)

    @property
    def doubled(self) -> bool:
        return self.wager == 2.0

    def label(self) -> str:
        """The hand's cards as shown to a person, e.g. 'K♠ 5♥'."""
        return self.label_joint.join(card_label(c) for c in self.cards)


class Round:
    """One round from a freshly shuffled shoe, driven by ``act`` until ``finished``.

    A game's round (a dataclass) holds ``rules``, ``shoe``, ``hands``, ``up``, ``hole``,
    ``dealer``, ``current`` (the hand in play), ``outcome`` (None until settled) and ``seat``
    (None for a player alone; a ``SeatDeal`` at a table), and names its ``view_type`` and
    implements ``legal_actions``, ``split_seen``, ``apply``, ``deal_second``,
    ``needs_dealer``, ``draw_dealer`` and ``settle``.
    """

    rules: Any
    shoe: ShuffledShoe
    hands: list[Hand]
    up: int
    hole: int
    dealer: list[int]
    current: int
    outcome: Outcome | None
    seat: SeatDeal | None

    def deal_first(self) -> tuple[int, int]:
        """Start the round in table order: the player's two cards, the dealer's up card and
        hole card. Returns the player's two cards. A seat at a table takes the cards the table
        dealt it (``seat``) and draws nothing here."""
        if self.seat is not None:
            self.up, self.hole, self.dealer = self.seat.up, self.seat.hole, self.seat.dealer
            return self.seat.cards
        self.shoe.new_round()
        c1, c2 = self.shoe.draw(), self.shoe.draw()
        self.up = self.shoe.draw()
        self.hole = self.shoe.draw()
        self.dealer = [self.up, self.hole]
        return c1, c2

    # ---- what the player may see and do ------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @property
    def awaiting_dealer(self) -> bool:
        """True for a seat at a table whose hands are all done and whose round is not settled:
        it waits for the table to play the dealer (a player alone never waits)."""
        return self.seat is not None and not self.finished and all(h.closed for h in self.hands)

    def legal_actions(self) -> tuple[str, ...]:
        raise NotImplementedError

    view_type: type[View]
    """The game's view (a ``View`` with the split it shows and ``legal``)."""

    def split_seen(self, hand) -> dict[str, Any]:
        """What the player sees of ``hand``'s split: the game's view's split field by name."""
        raise NotImplementedError

    def view(self) -> View:
        """What the player sees now (raises IllegalAction once the round is over)."""
        if self.finished:
            raise IllegalAction("the round is over: no decision to make")
        if self.awaiting_dealer:
            raise IllegalAction("this seat's hands are done: the dealer plays next")
        hand = self.hands[self.current]
        return self.view_type(
            up=self.up,
            hand=tuple(hand.cards),
            hand_index=self.current,
            hands=tuple(tuple(h.cards) for h in self.hands),
            legal=self.legal_actions(),
            **self.split_seen(hand),
        )

    def act(self, action: str) -> None:
        """Apply the player's action to the current hand; IllegalAction if not allowed now."""
        legal = () if self.awaiting_dealer else self.legal_actions()
        if action not in legal:
            if self.awaiting_dealer:
                raise IllegalAction(f"this seat's hands are done: {action!r} is not possible")
            if self.finished:
                raise IllegalAction(f"the round is over: {action!r} is not possible")
            hand = self.hands[self.current]
            raise IllegalAction(
                f"{action!r} is not allowed on {hand.label()} (total {hand.total}); "
                f"legal: {', '.join(legal)}"
            )
        hand = self.hands[self.current]
        self.apply(action, hand)
        if hand.closed:
            self.next_hand()

    def apply(self, action: str, hand) -> None:
        """Play the legal ``action`` on ``hand`` (closing it when it is done)."""
        raise NotImplementedError

    # ---- the house's side ---------------------------------------------------------------------
    def deal_second(self, hand) -> None:
        """Deal a split hand its second card as it comes into play (it may close the hand)."""
        raise NotImplementedError

    def next_hand(self) -> None:
        """Move play to the first open hand (dealing a split hand its second card), or, when
        every hand is closed, to the dealer (a seat at a table waits for the table's dealer)."""
        for i, h in enumerate(self.hands):
            if not h.closed:
                self.current = i
                if len(h.cards) == 1:
                    self.deal_second(h)
                    if h.closed:
                        continue
                return
        if self.seat is None:
            self.play_dealer()

    def play_dealer(self) -> None:
        """Draw the dealer's cards (when this round's hands need them) and settle the round."""
        if self.needs_dealer():
            self.draw_dealer()
        self.settle()

    def needs_dealer(self) -> bool:
        """True when some hand of this round is settled against the dealer's drawn hand."""
        raise NotImplementedError

    def draw_dealer(self) -> None:
        """Draw the dealer's cards by the rules into ``dealer`` (at a table, the hand all the
        seats share)."""
        raise NotImplementedError

    def settle(self) -> None:
        """Settle every hand against the dealer's hand as it stands (``outcome``)."""
        raise NotImplementedError


def play_round(rnd: Round, player) -> Outcome:
    """Play a round to the end with ``player.choose(view) -> action``; its outcome."""
    while not rnd.finished:
        rnd.act(player.choose(rnd.view()))
    return rnd.outcome
