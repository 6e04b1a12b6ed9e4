"""A table: several seats sharing one dealer and one shoe, for either game.

``Table`` deals a round to ``seats`` seats in the order of a real table: the first card to each
seat in seat order, the second card to each seat, then the dealer's up card and hole card
(where the games' own rounds deal the dealer's cards: after the player's two). With one seat
that is exactly the order of the game's single-player round (``engine/<game>/game.py``), so a
one-seat table deals and plays every round card for card as that round does. Then the seats
act in seat order, each drawing from the shoe, and the dealer plays once for the whole table:
it draws when some seat still waiting has a hand settled against the dealer's drawn hand (the
game's ``needs_dealer``: not when every hand is already settled, e.g. busted, surrendered, a
Zero Pair or a natural), then every waiting seat settles against the same dealer hand.

Each seat is the game's own round (``new_seat(deal)``) given its cards (``SeatDeal``): the
game's rules, legality and settlement are unchanged. Why the order of the first cards does not
matter to any seat's expectation: the shoe is uniformly shuffled, and every card a seat or the
dealer takes is drawn at a position fixed by what was dealt before it, so by exchangeability
(the predictable sampling theorem for exchangeable sequences) the cards of one seat and of the
dealer have the same joint law as in a round dealt to that seat alone from the same cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardedge.engine.core.dealing import ShuffledShoe
from cardedge.engine.core.game import Outcome, Round, SeatDeal

MAX_SEATS = 7
"""Seats at a table (the usual blackjack table's seven)."""


def check_seats(seats: int, seat: int = 1) -> tuple[int, int]:
    """(seats, seat) if ``seats`` is in 1..``MAX_SEATS`` and ``seat`` in 1..seats, else a
    one-line ValueError."""
    if isinstance(seats, bool) or not isinstance(seats, int) or not 1 <= seats <= MAX_SEATS:
        raise ValueError(f"players must be in 1..{MAX_SEATS}, got {seats!r}")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= seats:
        raise ValueError(f"seat must be in 1..{seats} (the players at the table), got {seat!r}")
    return seats, seat


class Table:
    """One round at a table of ``seats`` seats (module docstring); the seats' rounds are in
    ``self.seats``, seat 1 first. ``new_seat(deal)`` makes the game's round of one seat
    (e.g. ``lambda deal: ZeroRound(rules, shoe, seat=deal)``)."""

    def __init__(
        self,
        shoe: ShuffledShoe,
        seats: int,
        new_seat: Callable[[SeatDeal], Round],
    ) -> None:
        check_seats(seats)
        self.shoe = shoe
        shoe.new_round()
        first = [shoe.draw() for _ in range(seats)]
        second = [shoe.draw() for _ in range(seats)]
        up = shoe.draw()
        hole = shoe.draw()
        self.dealer: list[int] = [up, hole]
        """The dealer's cards, the list every seat's round holds."""
        self.seats: list[Round] = [
            new_seat(SeatDeal((a, b), up, hole, self.dealer))
            for a, b in zip(first, second, strict=True)
        ]
        self.dealer_drew = False
        """Whether the dealer drew for the table (False until ``play_dealer``)."""

    @property
    def finished(self) -> bool:
        """Every seat's round settled."""
        return all(s.finished for s in self.seats)

    def play_dealer(self) -> None:
        """Once every seat is done: the dealer draws for the table when some waiting seat
        needs the dealer's hand, then every waiting seat settles against it."""
        if any(not s.finished and not s.awaiting_dealer for s in self.seats):
            raise ValueError("a seat is still playing: the dealer plays after every seat")
        waiting = [s for s in self.seats if s.awaiting_dealer]
        if any(s.needs_dealer() for s in waiting):
            # every seat holds the same dealer list, shoe and rules: one seat draws for all
            waiting[0].draw_dealer()
            self.dealer_drew = True
        for s in waiting:
            s.settle()


def play_table(table: Table, players: Sequence[Any]) -> tuple[Outcome, ...]:
    """Play ``table``'s round to the end, seat ``i`` by ``players[i].choose(view) -> action``
    in seat order, then the dealer once; every seat's outcome, seat 1 first."""
    if len(players) != len(table.seats):
        raise ValueError(f"{len(players)} players for {len(table.seats)} seats")
    for seat, player in zip(table.seats, players, strict=True):
        while not seat.finished and not seat.awaiting_dealer:
            seat.act(player.choose(seat.view()))
    table.play_dealer()
    return tuple(s.outcome for s in table.seats)
